//! `alfil puzzles mine --variant V --count N [--out FILE] [--seed S]
//! [--easy-share P]`, `alfil puzzles stats` and `alfil puzzles rerate FILE...`.

use alfil::puzzles::data::{self, Puzzle, HEADER};
use alfil::puzzles::mine::{
    board_key, is_easy, mine, MineConfig, Progress, DECIDED_CP, EASY_SHARE,
};
use alfil::puzzles::rate::rerate;
use engine::search::Level;
use engine::Variant;
use std::collections::{BTreeMap, HashSet};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Sub,
}

#[derive(clap::Subcommand)]
enum Sub {
    /// Play engine games and keep positions with a single winning line.
    Mine {
        #[arg(long)]
        variant: Variant,
        #[arg(long, default_value_t = 100)]
        count: usize,
        /// Append to this CSV file (skipping positions already in it);
        /// stdout if not given.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The most that finds taking a loose piece in one move may make
        /// of the run, per cent.
        #[arg(long, default_value_t = EASY_SHARE)]
        easy_share: usize,
        /// The weak player's lowest level (it plays this or the two above).
        #[arg(long, default_value = "novice")]
        weak: Level,
        /// The strong player's lowest level (this or the two above).
        #[arg(long, default_value = "casual")]
        strong: Level,
        /// Stop a game once the side to move is this many centipawns
        /// ahead or behind; 0 plays games out.
        #[arg(long, default_value_t = DECIDED_CP)]
        decided: i32,
    },
    /// Count the shipped puzzles per variant and theme, with their ratings.
    Stats,
    /// Recompute the starting ratings of puzzle files in place (after the
    /// rating formula changed).
    Rerate {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

pub fn run(args: Args) -> Result<(), String> {
    match args.command {
        Sub::Mine {
            variant,
            count,
            out,
            seed,
            easy_share,
            weak,
            strong,
            decided,
        } => {
            let config = MineConfig {
                easy_share,
                weak,
                strong,
                decided_cp: decided,
                ..MineConfig::new(variant, count, seed)
            };
            run_mine(&config, out)
        }
        Sub::Stats => {
            print!("{}", stats(&data::shipped()));
            Ok(())
        }
        Sub::Rerate { files } => files.iter().map(PathBuf::as_path).try_for_each(run_rerate),
    }
}

fn run_rerate(path: &std::path::Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = format!("{HEADER}\n");
    for mut p in data::parse_file(&text)? {
        p.rating = rerate(&p).map_err(|e| format!("{}: {e}", p.id))?;
        out.push_str(&format!("{p}\n"));
    }
    std::fs::write(path, out).map_err(|e| format!("{}: {e}", path.display()))
}

fn run_mine(config: &MineConfig, out: Option<PathBuf>) -> Result<(), String> {
    let mut known = HashSet::new();
    let mut sink: Box<dyn Write> = match &out {
        Some(path) => {
            let existing = std::fs::read_to_string(path).unwrap_or_default();
            for p in data::parse_file(&existing)? {
                known.insert(board_key(&p.fen));
            }
            let mut file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            if existing.is_empty() {
                writeln!(file, "{HEADER}").map_err(|e| e.to_string())?;
            }
            Box::new(file)
        }
        None => {
            println!("{HEADER}");
            Box::new(std::io::stdout())
        }
    };
    let mut bar = Bar::new(config.count);
    let mut write_error = None;
    mine(config, &mut known, |progress, puzzle| {
        if let Some(p) = puzzle {
            if let Err(e) = writeln!(sink, "{p}").and_then(|_| sink.flush()) {
                write_error.get_or_insert(e.to_string());
            }
        }
        bar.show(progress, puzzle.is_some());
    });
    bar.finish();
    match write_error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// The progress bar on stderr: redrawn in place on a terminal, a plain
/// line per find (and every minute) otherwise, so logs stay readable.
struct Bar {
    count: usize,
    started: Instant,
    drawn: Option<Instant>,
    terminal: bool,
}

impl Bar {
    fn new(count: usize) -> Bar {
        Bar {
            count,
            started: Instant::now(),
            drawn: None,
            terminal: std::io::stderr().is_terminal(),
        }
    }

    fn show(&mut self, progress: &Progress, found: bool) {
        let every = if self.terminal {
            Duration::from_millis(200)
        } else {
            Duration::from_secs(60)
        };
        if !found && self.drawn.is_some_and(|t| t.elapsed() < every) {
            return;
        }
        self.drawn = Some(Instant::now());
        let line = self.line(progress);
        if self.terminal {
            eprint!("\r{line}\x1b[K");
        } else {
            eprintln!("{line}");
        }
    }

    fn line(&self, progress: &Progress) -> String {
        let done = progress.found.min(self.count);
        let width = 30;
        let filled = done * width / self.count.max(1);
        let secs = self.started.elapsed().as_secs_f64();
        let per_hour = progress.found as f64 * 3600.0 / secs.max(1.0);
        format!(
            "[{}{}] {done}/{} puzzles ({} easy), {} games, {} positions, {:.0}s, {per_hour:.0}/h",
            "#".repeat(filled),
            "-".repeat(width - filled),
            self.count,
            progress.easy,
            progress.games,
            progress.positions,
            secs,
        )
    }

    fn finish(&self) {
        if self.terminal {
            eprintln!();
        }
    }
}

/// Counts per variant and per theme, the share of easy finds and the
/// rating spread, as a small table.
pub fn stats(puzzles: &[Puzzle]) -> String {
    let mut out = String::new();
    for v in Variant::ALL {
        let of: Vec<&Puzzle> = puzzles.iter().filter(|p| p.variant == v).collect();
        let mut themes: BTreeMap<String, usize> = BTreeMap::new();
        for p in &of {
            for t in &p.themes {
                *themes.entry(t.to_string()).or_default() += 1;
            }
        }
        let list: Vec<String> = themes.iter().map(|(t, n)| format!("{t} {n}")).collect();
        out.push_str(&format!(
            "{:<10} {:>5}  {}\n",
            v.name(),
            of.len(),
            list.join(", ")
        ));
        out.push_str(&format!("{:<16} {}\n", "", summary(&of)));
    }
    let all: Vec<&Puzzle> = puzzles.iter().collect();
    out.push_str(&format!(
        "{:<10} {:>5}  {}\n",
        "total",
        puzzles.len(),
        summary(&all)
    ));
    out
}

/// The share of one-move grabs ([`is_easy`]) and the ratings' quartiles.
fn summary(puzzles: &[&Puzzle]) -> String {
    let mut ratings: Vec<i32> = puzzles.iter().map(|p| p.rating).collect();
    ratings.sort_unstable();
    let Some(max) = ratings.last() else {
        return String::new();
    };
    let at = |q: usize| ratings[(ratings.len() - 1) * q / 4];
    let easy = puzzles.iter().filter(|p| is_easy(p)).count();
    format!(
        "one-move grabs {}%; rating min {} q1 {} median {} q3 {} max {max}",
        easy * 100 / puzzles.len(),
        ratings[0],
        at(1),
        at(2),
        at(3),
    )
}

//! `alfil puzzles mine --variant V --count N [--out FILE] [--seed S]
//! [--easy-share P] [--theme stalemate]`, `alfil puzzles stats`,
//! `alfil puzzles rerate FILE...` and `alfil puzzles swap --finds F --into F`.

use alfil::puzzles::data::{self, Puzzle, HEADER};
use alfil::puzzles::mine::{
    board_key, is_easy, mine, MineConfig, Progress, DECIDED_CP, EASY_SHARE,
};
use alfil::puzzles::rate::rerate;
use alfil::puzzles::stalemate::{mine_stalemates, stalemate_wins};
use alfil::puzzles::Theme;
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
        /// Mine only this theme. Only `stalemate` has its own miner: games
        /// played out, their endings and variations of them.
        #[arg(long)]
        theme: Option<Theme>,
    },
    /// Count the shipped puzzles per variant and theme, with their ratings.
    Stats,
    /// Recompute the starting ratings of puzzle files in place (after the
    /// rating formula changed).
    Rerate {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Put the puzzles of one file into a shipped file in place of its
    /// one-move grabs (the last ones first), so its size stays the same.
    Swap {
        /// The new puzzles (a CSV file as `mine --out` writes).
        #[arg(long)]
        finds: PathBuf,
        /// The shipped file to change in place.
        #[arg(long)]
        into: PathBuf,
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
            theme,
        } => {
            let config = MineConfig {
                easy_share,
                weak,
                strong,
                decided_cp: decided,
                ..MineConfig::new(variant, count, seed)
            };
            match theme {
                None => run_mine(&config, out, false),
                Some(Theme::Stalemate) => run_mine(&config, out, true),
                Some(t) => Err(format!("no miner for theme {t}: only stalemate has one")),
            }
        }
        Sub::Stats => {
            print!("{}", stats(&data::shipped()));
            Ok(())
        }
        Sub::Rerate { files } => files.iter().map(PathBuf::as_path).try_for_each(run_rerate),
        Sub::Swap { finds, into } => run_swap(&finds, &into),
    }
}

fn read_puzzles(path: &std::path::Path) -> Result<Vec<Puzzle>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    data::parse_file(&text).map_err(|e| format!("{}: {e}", path.display()))
}

fn write_puzzles(path: &std::path::Path, puzzles: &[Puzzle]) -> Result<(), String> {
    let mut out = format!("{HEADER}\n");
    for p in puzzles {
        out.push_str(&format!("{p}\n"));
    }
    std::fs::write(path, out).map_err(|e| format!("{}: {e}", path.display()))
}

/// Each find not yet in `into` takes the place of its last one-move grab;
/// finds left over when the grabs run out are reported, not added.
fn run_swap(finds: &std::path::Path, into: &std::path::Path) -> Result<(), String> {
    let mut shipped = read_puzzles(into)?;
    let mut known: HashSet<String> = shipped.iter().map(|p| board_key(&p.fen)).collect();
    let (mut swapped, mut skipped) = (0, 0);
    for find in read_puzzles(finds)? {
        if !known.insert(board_key(&find.fen)) {
            continue;
        }
        match shipped.iter().rposition(is_easy) {
            Some(i) => {
                shipped[i] = find;
                swapped += 1;
            }
            None => skipped += 1,
        }
    }
    write_puzzles(into, &shipped)?;
    eprintln!(
        "{}: {swapped} grabs replaced, {skipped} finds left out",
        into.display()
    );
    Ok(())
}

fn run_rerate(path: &std::path::Path) -> Result<(), String> {
    let mut puzzles = read_puzzles(path)?;
    for p in &mut puzzles {
        p.rating = rerate(p).map_err(|e| format!("{}: {e}", p.id))?;
    }
    write_puzzles(path, &puzzles)
}

fn run_mine(config: &MineConfig, out: Option<PathBuf>, stalemates: bool) -> Result<(), String> {
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
    let on_progress = |progress: &Progress, puzzle: Option<&Puzzle>| {
        if let Some(p) = puzzle {
            if let Err(e) = writeln!(sink, "{p}").and_then(|_| sink.flush()) {
                write_error.get_or_insert(e.to_string());
            }
        }
        bar.show(progress, puzzle.is_some());
    };
    if stalemates {
        if !stalemate_wins(&engine::Position::new(config.variant)) {
            return Err(format!("{}: stalemate does not win there", config.variant));
        }
        mine_stalemates(config, &mut known, on_progress);
    } else {
        mine(config, &mut known, on_progress);
    }
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

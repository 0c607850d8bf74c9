//! `alfil puzzles mine --variant V --count N [--out FILE] [--seed S]` and
//! `alfil puzzles stats`.

use alfil::puzzles::data::{self, Puzzle, HEADER};
use alfil::puzzles::mine::{board_key, mine, MineConfig};
use engine::Variant;
use std::collections::{BTreeMap, HashSet};
use std::io::Write;
use std::time::Instant;

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
    },
    /// Count the shipped puzzles per variant and theme.
    Stats,
}

pub fn run(args: Args) -> Result<(), String> {
    match args.command {
        Sub::Mine {
            variant,
            count,
            out,
            seed,
        } => run_mine(variant, count, out, seed),
        Sub::Stats => {
            print!("{}", stats(&data::shipped()));
            Ok(())
        }
    }
}

fn run_mine(
    variant: Variant,
    count: usize,
    out: Option<std::path::PathBuf>,
    seed: u64,
) -> Result<(), String> {
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
    let started = Instant::now();
    let config = MineConfig::new(variant, count, seed);
    let mut write_error = None;
    mine(&config, &mut known, |progress, puzzle| {
        if let Some(p) = puzzle {
            if let Err(e) = writeln!(sink, "{p}").and_then(|_| sink.flush()) {
                write_error.get_or_insert(e.to_string());
            }
        }
        let done = progress.found.min(count);
        let width = 30;
        let filled = done * width / count.max(1);
        eprint!(
            "\r[{}{}] {done}/{count} puzzles, {} games, {} positions, {:.0}s ",
            "#".repeat(filled),
            "-".repeat(width - filled),
            progress.games,
            progress.positions,
            started.elapsed().as_secs_f64()
        );
    });
    eprintln!();
    match write_error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Counts per variant and per theme, as a small table.
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
    }
    out.push_str(&format!("{:<10} {:>5}\n", "total", puzzles.len()));
    out
}

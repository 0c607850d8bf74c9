//! `alfil perft <variant> <depth> [--fen FEN] [--moves m1 m2 ...] [--divide]`

use engine::{Position, Variant};
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// shatranj, medieval, courier or byzantine
    variant: Variant,
    /// Plies to count
    depth: u32,
    /// Start from this position instead of the start position
    #[arg(long)]
    fen: Option<String>,
    /// Moves to play first, in coordinate notation (e2e3)
    #[arg(long, num_args = 1..)]
    moves: Vec<String>,
    /// One line per legal move with its count
    #[arg(long)]
    divide: bool,
}

pub fn run(args: Args) -> Result<(), String> {
    let mut pos = match &args.fen {
        Some(fen) => Position::from_fen(args.variant, fen).map_err(|e| e.to_string())?,
        None => Position::new(args.variant),
    };
    for text in &args.moves {
        let m = pos
            .parse_move(text)
            .map_err(|e| format!("move '{text}': {e}"))?;
        pos = pos.play(&m);
    }
    let started = Instant::now();
    let total = if args.divide {
        let split = engine::divide(&pos, args.depth);
        for (m, n) in &split {
            println!("{}: {n}", m.uci());
        }
        split.iter().map(|(_, n)| n).sum()
    } else {
        engine::perft(&pos, args.depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "{:.3} s, {:.0} nodes/s",
        seconds,
        total as f64 / seconds.max(1e-9)
    );
    println!("total: {total}");
    Ok(())
}

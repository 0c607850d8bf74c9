//! Master's static evaluation of positions, one FEN a line on stdin, one
//! score a line out (centipawns for the side to move; `x` and the reason
//! for a FEN that does not parse). `scripts/eval_gap.py` compares them with
//! Fairy-Stockfish's.
//!
//! ```text
//! cargo run --release -p alfil-engine --example eval_fens -- courier mobility.fsf=0 < fens.txt
//! ```
//!
//! The first argument is the variant; each further `knob=value` changes
//! one of Master's tuned weights (names as in `search::KNOBS`), to see
//! what a term does before refitting anything.

use engine::search::{evaluate_with, Weights, KNOBS};
use engine::{Position, Variant};
use std::io::BufRead;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(variant) = args.first().and_then(|v| v.parse::<Variant>().ok()) else {
        eprintln!("usage: eval_fens <variant> [knob=value ...] < fens");
        std::process::exit(2);
    };
    let mut weights = *Weights::tuned(variant);
    for change in &args[1..] {
        let knob = change
            .split_once('=')
            .and_then(|(name, value)| Some((KNOBS.iter().find(|k| k.name == name)?, value)))
            .and_then(|(knob, value)| Some((knob, value.parse::<i32>().ok()?)));
        let Some((knob, value)) = knob else {
            eprintln!("not a knob=value change: {change}");
            std::process::exit(2);
        };
        *(knob.field)(&mut weights) = value;
    }
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("stdin");
        match Position::from_fen(variant, line.trim()) {
            Ok(pos) => println!("{}", evaluate_with(&pos, &weights)),
            Err(e) => println!("x {e}"),
        }
    }
}

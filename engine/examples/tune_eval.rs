//! Fits the evaluation's weights to a reference engine's judgement, by
//! Texel's method: find the weights whose scores, through a logistic
//! curve, best predict the expected result of many quiet positions.
//!
//! ```text
//! scripts/tune_data.py courier 400 --out /tmp/courier.tsv
//! cargo run --release -p alfil-engine --example tune_eval -- courier /tmp/courier.tsv
//! ```
//!
//! Each line of the data is one game: White's result (1, 0.5 or 0), the
//! moves from the start, and the reference engine's score in centipawns
//! for the side to move before each move (`x` where it has none). The
//! expected result of a position is 0.7 of the reference score's and 0.3
//! of the game's. Positions in check, or where the move played captures or
//! promotes, are left out: the static evaluation cannot judge a position
//! in mid-exchange.
//!
//! The data may be several files, separated by commas.
//!
//! Options: `--sweeps N` (default 20), `--hold a,b` to keep weights fixed
//! (default: the four conversion terms; the endings where rim and king
//! distance decide are rare in such games, and "lives" and trade-down
//! fit best below zero, which would stop Master baring a king),
//! `--only a,b` to fit only these weights (new terms on fresh data),
//! `--from steady|tuned` (default steady), `--result-share F` (default 0.3:
//! how much of the expected result is the game's rather than the score's),
//! `--check FILES` to check the fit on other games instead of on every
//! tenth position (positions of one game are alike, so a check set drawn
//! from the same games flatters the fit).

use engine::search::{evaluate_with, Weights, KNOBS};
use engine::{Color, Position, Variant};

struct Sample {
    pos: Position,
    /// The expected result for the side to move, 0 to 1.
    expected: f64,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [variant, data, ..] = args.as_slice() else {
        eprintln!(
            "usage: tune_eval <variant> <data> [--sweeps N] [--hold a,b] [--from steady|tuned]"
        );
        std::process::exit(2);
    };
    let variant: Variant = variant.parse().expect("a variant");
    let option = |name: &str| {
        let at = args.iter().position(|a| a == name)?;
        args.get(at + 1).cloned()
    };
    let sweeps: usize = option("--sweeps").map_or(20, |s| s.parse().expect("--sweeps N"));
    let hold = option("--hold").unwrap_or(
        "conversion.lives,conversion.trade_down,conversion.rim,conversion.king_near".into(),
    );
    let hold: Vec<&str> = hold.split(',').collect();
    let start = match option("--from").as_deref() {
        Some("tuned") => Weights::tuned(variant),
        _ => Weights::steady(variant),
    };

    let share: f64 = option("--result-share").map_or(0.3, |s| s.parse().expect("--result-share F"));
    let samples = read(variant, data, share);
    let (train, check) = match option("--check") {
        Some(files) => (samples, read(variant, &files, share)),
        None => {
            let (train, check): (Vec<_>, Vec<_>) = samples
                .into_iter()
                .enumerate()
                .partition(|(i, _)| i % 10 != 0);
            let unnumber = |v: Vec<(usize, Sample)>| v.into_iter().map(|(_, s)| s).collect();
            (unnumber(train), unnumber(check))
        }
    };
    println!("{} positions to fit, {} to check", train.len(), check.len());

    // The curve's steepness is fitted once, to the starting weights, so
    // the fit cannot shrink every weight at once to hedge.
    let k = (4..=80)
        .map(|i| f64::from(i) * 0.025)
        .min_by(|&a, &b| error(&train, start, a).total_cmp(&error(&train, start, b)))
        .expect("some steepness");
    let mut weights = *start;
    let mut best = error(&train, &weights, k);
    println!(
        "steepness {k:.3}: error {best:.6}, on the check set {:.6}",
        error(&check, &weights, k)
    );

    let only = option("--only");
    let only: Option<Vec<&str>> = only.as_deref().map(|o| o.split(',').collect());
    let knobs: Vec<_> = KNOBS
        .iter()
        .filter(|k| !hold.contains(&k.name))
        .filter(|k| only.as_ref().is_none_or(|o| o.contains(&k.name)))
        .collect();
    let mut steps: Vec<i32> = knobs
        .iter()
        .map(|k| ((k.field)(&mut weights).abs() / 8).max(4))
        .collect();
    for sweep in 1..=sweeps {
        let mut moved = 0;
        for (knob, step) in knobs.iter().zip(&steps) {
            for delta in [*step, -*step] {
                // A step that helps is taken again while it still helps:
                // a weight far from its best (a new term starts at 0)
                // gets there in one sweep.
                let mut took = 0;
                loop {
                    *(knob.field)(&mut weights) += delta;
                    let e = error(&train, &weights, k);
                    if e >= best {
                        *(knob.field)(&mut weights) -= delta;
                        break;
                    }
                    best = e;
                    took += 1;
                }
                if took > 0 {
                    moved += 1;
                    break;
                }
            }
        }
        for step in &mut steps {
            *step = (*step * 2 / 3).max(1);
        }
        println!(
            "sweep {sweep}: error {best:.6}, on the check set {:.6} ({moved} moved)",
            error(&check, &weights, k)
        );
    }
    let mut from = *start;
    for knob in KNOBS {
        let (old, new) = (*(knob.field)(&mut from), *(knob.field)(&mut weights));
        if old != new {
            println!("{}: {old} -> {new}", knob.name);
        }
    }
    // Debug output is also a Rust literal: ready for `weights.rs`.
    println!("{weights:?}");
}

/// The samples of data files separated by commas.
fn read(variant: Variant, files: &str, result_share: f64) -> Vec<Sample> {
    files
        .split(',')
        .flat_map(|file| {
            let text = std::fs::read_to_string(file).expect("a data file");
            load(variant, &text, result_share)
        })
        .collect()
}

fn load(variant: Variant, text: &str, result_share: f64) -> Vec<Sample> {
    let mut samples = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [result, moves, scores] = fields[..] else {
            continue;
        };
        let white_result: f64 = result.parse().expect("a result");
        let scores: Vec<&str> = scores.split_whitespace().collect();
        let mut pos = Position::new(variant);
        for (i, text) in moves.split_whitespace().enumerate() {
            // Other programs add a promotion letter alfil's moves lack.
            let Some(m) = pos
                .legal_moves()
                .iter()
                .find(|m| text.starts_with(&m.uci()))
                .copied()
            else {
                eprintln!("an illegal move {text} at ply {i}: the rest of that game is skipped");
                break;
            };
            let quiet = !pos.is_check() && !m.is_capture() && !m.promotion && pos.halfmoves() < 60;
            if let (true, Some(Ok(cp))) = (quiet, scores.get(i).map(|s| s.parse::<f64>())) {
                let result = if pos.turn() == Color::White {
                    white_result
                } else {
                    1.0 - white_result
                };
                let expected = (1.0 - result_share) * logistic(cp, 1.0) + result_share * result;
                samples.push(Sample { pos, expected });
            }
            pos = pos.play(&m);
        }
    }
    samples
}

/// The expected result of a score in centipawns, on the curve of steepness `k`.
fn logistic(cp: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * cp / 400.0))
}

/// The mean squared error of the weights' predictions, shared out among
/// the machine's cores.
fn error(samples: &[Sample], weights: &Weights, k: f64) -> f64 {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = samples.len().div_ceil(cores).max(1);
    let sum: f64 = std::thread::scope(|scope| {
        let parts: Vec<_> = samples
            .chunks(chunk)
            .map(|part| scope.spawn(move || squared_errors(part, weights, k)))
            .collect();
        parts.into_iter().map(|p| p.join().expect("a worker")).sum()
    });
    sum / samples.len().max(1) as f64
}

fn squared_errors(samples: &[Sample], weights: &Weights, k: f64) -> f64 {
    samples
        .iter()
        .map(|s| (logistic(f64::from(evaluate_with(&s.pos, weights)), k) - s.expected).powi(2))
        .sum()
}

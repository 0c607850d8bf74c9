//! A live differential test: fresh random games from Fairy-Stockfish
//! (scripts/fsf_check.py, pyffish) with a new seed each run, compared
//! position by position with our move generator. `scripts/test` installs
//! pyffish; set ALFIL_FSF_SEED to replay a run.

use engine::{Position, Variant};
use std::process::Command;

fn seed() -> u64 {
    std::env::var("ALFIL_FSF_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_secs())
                .unwrap_or(1)
        })
}

fn compare(variant: Variant, games: u32) {
    let seed = seed();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/fsf_check.py");
    let output = Command::new("python3")
        .args([
            script,
            variant.name(),
            &games.to_string(),
            &seed.to_string(),
        ])
        .output()
        .expect("python3 runs (scripts/test installs pyffish)");
    assert!(
        output.status.success(),
        "fsf_check.py failed (is pyffish installed? pip install pyffish): {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).expect("utf-8");
    let mut positions = 0;
    for line in text.lines() {
        let (fen, moves) = line.split_once('\t').expect("FEN<TAB>moves");
        let pos = Position::from_fen(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut theirs: Vec<String> = moves
            .split_whitespace()
            .map(|m| m[..4].to_string())
            .collect();
        theirs.sort();
        let mut ours: Vec<String> = pos.legal_moves().iter().map(|m| m.uci()).collect();
        ours.sort();
        if theirs.is_empty() {
            // Fairy-Stockfish lists nothing once the game is over; we keep
            // the pieces' moves but call the game over by the bare king.
            assert!(
                ours.is_empty() || pos.bare_king().is_some(),
                "seed {seed}: {fen}"
            );
        } else {
            assert_eq!(ours, theirs, "seed {seed}: legal moves in {fen}");
        }
        positions += 1;
    }
    println!("{variant}: {positions} positions agree (seed {seed})");
    assert!(positions > games as usize * 10);
}

#[test]
fn shatranj_agrees_with_fairy_stockfish_on_fresh_games() {
    compare(Variant::Shatranj, 10);
}

#[test]
fn courier_agrees_with_fairy_stockfish_on_fresh_games() {
    compare(Variant::Courier, 10);
}

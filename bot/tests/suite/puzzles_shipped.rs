//! CI's re-check of every shipped puzzle: the position is legal, the line
//! is legal and ends as its first theme says; and, for a sample, a search
//! at the miner's verify depth finds no second winning first move.

use alfil::puzzles::check::{check, check_unique};
use alfil::puzzles::data::shipped;
use alfil::puzzles::VERIFY_DEPTH;
use engine::Variant;
use std::collections::HashSet;
use std::process::Command;

#[test]
fn there_are_enough_puzzles_in_every_variant() {
    let puzzles = shipped();
    for v in Variant::ALL {
        let n = puzzles.iter().filter(|p| p.variant == v).count();
        assert!(n >= 300, "{v}: only {n} puzzles");
    }
    let ids: HashSet<&str> = puzzles.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids.len(), puzzles.len(), "puzzle ids repeat");
}

#[test]
fn every_shipped_line_is_legal_and_ends_as_its_theme_says() {
    let failures: Vec<String> = shipped()
        .iter()
        .filter_map(|p| check(p).err().map(|e| format!("{}: {e}", p.id)))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_sample_has_no_second_winning_first_move() {
    // Every 15th puzzle: about 80, a few seconds with the engine optimised.
    let failures: Vec<String> = shipped()
        .iter()
        .step_by(15)
        .filter_map(|p| {
            check_unique(p, VERIFY_DEPTH)
                .err()
                .map(|e| format!("{}: {e}", p.id))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn stats_counts_every_variant() {
    let out = Command::new(env!("CARGO_BIN_EXE_alfil"))
        .args(["puzzles", "stats"])
        .output()
        .expect("run alfil puzzles stats");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for v in Variant::ALL {
        assert!(text.contains(v.name()), "{text}");
    }
    assert!(text.contains("total"), "{text}");
    assert!(text.contains("median"), "{text}");
}

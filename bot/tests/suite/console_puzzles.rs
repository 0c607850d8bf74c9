//! The real `alfil console` driving `puzzle` on stdin: a puzzle, a hint,
//! giving up, and solving the next one with its own moves.

use crate::common;

use alfil::puzzles::data::shipped;
use engine::Variant;

/// The console over `dir`'s database and boards folder.
fn console(dir: &std::path::Path, script: &str) -> String {
    common::console::console(&dir.join("alfil.db"), &dir.join("boards"), script)
}

#[test]
fn puzzle_hint_giveup_and_a_solve_on_stdin() {
    let dir = tempfile::tempdir().unwrap();
    // A new player (1500) gets the Shatranj puzzle rated nearest 1500.
    let mut mine: Vec<_> = shipped()
        .into_iter()
        .filter(|p| p.variant == Variant::Shatranj)
        .collect();
    mine.sort_by(|a, b| ((a.rating - 1500).abs(), &a.id).cmp(&((b.rating - 1500).abs(), &b.id)));
    let first = &mine[0];
    let out = console(
        dir.path(),
        "alice: puzzle shatranj\nalice: hint\nalice: puzzle giveup\n",
    );
    assert!(out.contains(&format!("Puzzle {}", first.id)), "{out}");
    assert!(out.contains("Hint: move the piece on"), "{out}");
    assert!(out.contains("The solution:"), "{out}");
    assert!(out.contains("board: "), "{out}");

    // Bob solves the same puzzle move by move, on a fresh database: here
    // Alice's give-up has raised its rating, and another puzzle may now
    // be nearer 1500.
    let fresh = tempfile::tempdir().unwrap();
    let mut script = String::from("bob: puzzle shatranj\n");
    for m in first.moves.iter().step_by(2) {
        script.push_str(&format!("bob: {m}\n"));
    }
    let out = console(fresh.path(), &script);
    assert!(out.contains(&format!("Puzzle {}", first.id)), "{out}");
    assert!(out.contains("solved!"), "{out}");
}

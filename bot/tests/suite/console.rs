//! The real `alfil console`, driven on stdin with scripts: whole games,
//! refusals, pictures written as PNG files that decode, and a second run
//! over the same database that carries on the game.

use crate::common;

use common::console::console;
use common::lines::{ENDINGS, REPETITION, SHATRANJ_FROM_START};

/// Every board the output names exists and decodes as an image.
fn check_pictures(output: &str) -> usize {
    let mut n = 0;
    for line in output.lines() {
        if let Some(path) = line.trim().strip_prefix("board: ") {
            let img = image::open(path).unwrap_or_else(|e| panic!("{path}: {e}"));
            assert!(img.width() >= 200 && img.height() >= 200, "{path}");
            n += 1;
        }
        if let Some(path) = line.trim().strip_prefix("game: ") {
            let bytes = std::fs::read(path).unwrap();
            assert!(bytes.starts_with(b"GIF8"), "{path}");
        }
    }
    n
}

/// A script of moves by two players, alternating from White.
fn moves_script(white: &str, black: &str, line: &str) -> String {
    line.split_whitespace()
        .enumerate()
        .map(|(i, m)| format!("{}: {m}\n", if i % 2 == 0 { white } else { black }))
        .collect()
}

#[test]
fn a_whole_game_to_mate_with_refusals_along_the_way() {
    let dir = tempfile::tempdir().unwrap();
    let (db, out) = (dir.path().join("a.db"), dir.path().join("boards"));
    let mut script = String::from(
        "# a comment, then a game\n\
         alice: challenge @bob color:white\n\
         bob: accept\n\
         alice: e7e6\n\
         carol: e2e3\n\
         bob: e2e3\n\
         alice: fly to the moon please\n\
         alice: moves g1\n",
    );
    script.push_str(&moves_script("alice", "bob", SHATRANJ_FROM_START));
    script.push_str("alice: pgn\nbob: rematch\nalice: accept\nalice: history\n");
    let output = console(&db, &out, &script);
    assert!(
        output.contains("alfil: alice accepts the challenge. Game on!")
            || output.contains("bob accepts the challenge"),
        "{output}"
    );
    assert!(
        output.contains("alfil (to you): It is not your turn"),
        "{output}"
    );
    assert!(
        output.contains("alfil (to you): You are not playing in this game"),
        "{output}"
    );
    assert!(output.contains("not a command I know"), "{output}");
    assert!(output.contains("can go: "), "{output}");
    assert!(
        output.contains("1-0 (White wins by checkmate)") || output.contains("checkmate"),
        "{output}"
    );
    assert!(output.contains("[Variant \""), "{output}");
    assert!(output.contains("bob challenges alice"), "{output}");
    assert!(
        output.contains("rematch") || output.contains("Game #2"),
        "{output}"
    );
    let boards = check_pictures(&output);
    assert!(boards >= 14, "{boards} boards");
    assert!(out.join("game-1-ply-11.png").exists());
    assert!(out.join("game-1-ply-11.gif").exists());
}

#[test]
fn a_second_run_over_the_same_database_carries_on() {
    let dir = tempfile::tempdir().unwrap();
    let (db, out) = (dir.path().join("b.db"), dir.path().join("boards"));
    let moves: Vec<&str> = SHATRANJ_FROM_START.split_whitespace().collect();
    let mut first =
        String::from("alice: challenge @bob color:white variant:shatranj\nbob: accept\n");
    first.push_str(&moves_script("alice", "bob", &moves[..6].join(" ")));
    let output = console(&db, &out, &first);
    assert!(output.contains("alice (white) to move"), "{output}");
    // The second run: Alice is to move, Bob cannot.
    let mut second = String::from("bob: board\nbob: a7a6\n");
    second.push_str(&moves_script("alice", "bob", &moves[6..].join(" ")));
    let output = console(&db, &out, &second);
    assert!(
        output.contains("alfil (to you): It is not your turn"),
        "{output}"
    );
    assert!(output.contains("checkmate"), "{output}");
    assert!(
        output.contains("game-1-ply-6.png"),
        "the board as it was left: {output}"
    );
    check_pictures(&output);
}

#[test]
fn every_ending_and_the_cpu_through_the_console() {
    let dir = tempfile::tempdir().unwrap();
    let (db, out) = (dir.path().join("c.db"), dir.path().join("boards"));
    let mut script = String::new();
    for e in ENDINGS {
        script.push_str(&format!(
            "ann: play opponent:self variant:{} fen:{}\nann: {}\n",
            e.variant.name(),
            e.fen.replace(' ', "_"),
            e.last
        ));
    }
    script.push_str("ann: play opponent:self variant:courier\n");
    script.push_str(&moves_script("ann", "ann", REPETITION));
    script
        .push_str("ann: play level:novice variant:byzantine color:white\nann: a2a3\nann: resign\n");
    script.push_str("ann: settings idle:off\nann: settings\n");
    let output = console(&db, &out, &script);
    // Each ending's game number is announced with its result.
    for (i, e) in ENDINGS.iter().enumerate() {
        let game = format!("Game #{}", i + 1);
        let line = output
            .lines()
            .skip_while(|l| !l.contains(&format!("{game} ")))
            .find(|l| l.contains(e.result))
            .unwrap_or_else(|| panic!("{game} {}: {output}", e.reason));
        assert!(line.contains(e.reason), "{game}: {line}");
    }
    assert!(output.matches("checkmate").count() >= 4, "{output}");
    assert!(output.matches("stalemate").count() >= 4, "{output}");
    assert!(output.contains("repetition"), "{output}");
    assert!(output.contains("CPU (Novice) played"), "{output}");
    assert!(output.contains("ann resigns"), "{output}");
    assert!(output.contains("idle: off"), "{output}");
    check_pictures(&output);
}

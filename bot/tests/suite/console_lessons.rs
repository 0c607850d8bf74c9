//! The course in the real `alfil console` on stdin: a lesson begun, a
//! wrong try explained, a hint drawn, a task solved, and a second run over
//! the same database that resumes where the player left.

use crate::common;

use common::console::console;

#[test]
fn a_lesson_on_the_console_resumes_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let (db, out) = (dir.path().join("alfil.db"), dir.path().join("boards"));
    let first = console(
        &db,
        &out,
        "alice: learn shatranj\nd1d3\nhint\nd1d2\nmove d2d3\nalice: learn\n",
    );
    assert!(first.contains("Shatranj · lesson 1/"), "{first}");
    assert!(
        first.contains("Not quite. Illegal move: the king steps one square in any direction"),
        "{first}"
    );
    assert!(first.contains("can go to c1, e1, c2, d2, e2"), "{first}");
    assert!(first.contains("[Hint] `learn hint`"), "{first}");
    assert!(first.contains("well done"), "{first}");
    assert!(first.contains("lesson 2/"), "{first}");
    let boards = first
        .lines()
        .filter_map(|l| l.trim().strip_prefix("board: "))
        .collect::<Vec<_>>();
    assert!(boards.len() >= 4, "{first}");
    for path in boards {
        let img = image::open(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert!(img.width() >= 200, "{path}");
    }

    let second = console(&db, &out, "alice: learn\nhint\na1a6\na6f6\n");
    assert!(second.contains("lesson 2/"), "{second}");
    assert!(second.contains("rook on a1 can go to"), "{second}");
    assert!(second.contains("lesson 3/"), "{second}");
}

#[test]
fn rules_and_help_point_to_the_course() {
    let dir = tempfile::tempdir().unwrap();
    let (db, out) = (dir.path().join("alfil.db"), dir.path().join("boards"));
    let text = console(
        &db,
        &out,
        "admin: settings stalemate:draw\nadmin: rules byzantine\nadmin: help\n",
    );
    assert!(text.contains("Old names"), "{text}");
    assert!(text.contains("stalemate is a draw"), "{text}");
    assert!(text.contains("learn byzantine"), "{text}");
    assert!(
        text.contains("learn [shatranj|medieval|courier|byzantine]"),
        "{text}"
    );
}

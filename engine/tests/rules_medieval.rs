//! RULES.md, "Medieval chess (seed 000)": one test per sentence.

mod common;
use common::*;
use engine::{Color, EndReason, Game, MoveKind, Piece, Position, Role, Variant};

const V: Variant = Variant::Medieval;

/// "Shatranj's pieces, set up as chess today: White from a1: R N A F K A N R
/// (ferz d1, king e1), pawns rank 2; Black mirrored (ferz d8, king e8)."
#[test]
fn shatranj_pieces_set_up_as_chess_today() {
    let pos = Position::new(V);
    let back = [
        Role::Rook,
        Role::Knight,
        Role::Alfil,
        Role::Ferz,
        Role::King,
        Role::Alfil,
        Role::Knight,
        Role::Rook,
    ];
    for (file, role) in "abcdefgh".chars().zip(back) {
        let at = |rank: u8| pos.piece_at(sq(&format!("{file}{rank}")));
        assert_eq!(at(1), Some(Piece::new(Color::White, role)));
        assert_eq!(at(8), Some(Piece::new(Color::Black, role)));
        assert_eq!(at(2), Some(Piece::new(Color::White, Role::Pawn)));
        assert_eq!(at(7), Some(Piece::new(Color::Black, Role::Pawn)));
    }
    // Every king and ferz may still leap, and no capture has been made.
    assert_eq!(
        pos.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Pd1e1d8e8 - 0 1"
    );
}

/// "Ferz leap: a ferz that has not moved yet may, as its move, leap two
/// squares straight or diagonally, over any piece, onto an empty square."
#[test]
fn ferz_leap_an_unmoved_ferz_leaps_two_squares_straight_or_diagonally_over_any_piece_onto_an_empty_square(
) {
    // From the start it leaps over the pawns on c2, d2 and e2.
    let pos = Position::new(V);
    assert_eq!(targets(&pos, "d1"), names(&["b3", "d3", "f3"]));
    assert!(pos
        .legal_moves()
        .iter()
        .filter(|m| m.from == sq("d1"))
        .all(|m| m.kind == MoveKind::FerzLeap));
    // In the open: four steps and eight leaps, less its own pawn's square
    // f4 and the black pawn's square d6.
    let pos = board(V, "Fd4 Pf4 Ke1 ke8 pd6").leap_rights("d4").pos();
    assert_eq!(
        targets(&pos, "d4"),
        names(&["b2", "b4", "b6", "c3", "c5", "d2", "e3", "e5", "f2", "f6"])
    );
    assert_eq!(why(&pos, "d4d7"), "the ferz steps one square diagonally");
    // A ferz that has moved has lost its leap.
    let moved = play(&pos, &["Fe3", "Kf8", "Fd4", "Ke8"]);
    assert_eq!(targets(&moved, "d4"), names(&["c3", "c5", "e3", "e5"]));
    assert_eq!(
        why(&moved, "d4b4"),
        "the ferz may leap only on its first move"
    );
    // So has a ferz that has leapt.
    let leapt = play(&pos, &["Fb4", "Kf8"]);
    assert_eq!(
        why(&leapt, "b4d4"),
        "the ferz may leap only on its first move"
    );
}

/// "A ferz new from promotion has not moved yet."
#[test]
fn a_ferz_new_from_promotion_has_not_moved_yet() {
    let pos = board(V, "Pb7 Kh1 kh8 ph5").pos();
    let after = play(&pos, &["b8", "h4"]);
    assert_eq!(after.leap_rights().count(), 1);
    assert!(after.fen().contains(" b8 "), "{}", after.fen());
    assert_eq!(
        targets(&after, "b8"),
        names(&["a7", "b6", "c7", "d6", "d8"])
    );
    let leap = mv(&after, "b8d6");
    assert_eq!(leap.kind, MoveKind::FerzLeap);
    // Black's promoted ferz too.
    let pos = board(V, "Kh8 Ph4 kh1 pg2").black_to_move().pos();
    let after = play(&pos, &["g1", "h5"]);
    assert!(is_legal(&after, "g1e3"));
    assert!(is_legal(&after, "g1g3"));
}

/// "A leap never captures." (the ferz)
#[test]
fn a_ferz_leap_never_captures() {
    let pos = board(V, "Fd4 Ke1 ke8 pd6 nf6").leap_rights("d4").pos();
    assert!(!is_legal(&pos, "d4d6"));
    assert!(!is_legal(&pos, "d4f6"));
    assert_eq!(why(&pos, "d4d6"), "a leap never captures");
    assert_eq!(why(&pos, "d4f6"), "a leap never captures");
}

/// "King leap: once in the game, as the king's first move, the king may
/// leap to an empty square two away: from e1 to c1, c2, c3, d3, e3, f3, g3,
/// g2, g1 (and the same shape from wherever it stands, if it never moved)."
#[test]
fn king_leap_once_as_the_first_move_to_an_empty_square_two_away() {
    let pos = board(V, "Ke1 Pa2 ke8 ph7").leap_rights("e1").pos();
    let leaps: Vec<String> = {
        let mut v: Vec<String> = pos
            .legal_moves()
            .iter()
            .filter(|m| m.kind == MoveKind::KingLeap)
            .map(|m| m.to.to_string())
            .collect();
        v.sort();
        v
    };
    assert_eq!(
        leaps,
        names(&["c1", "c2", "c3", "d3", "e3", "f3", "g1", "g2", "g3"])
    );
    assert_eq!(
        targets(&pos, "e1"),
        names(&[
            "c1", "c2", "c3", "d1", "d2", "d3", "e2", "e3", "f1", "f2", "f3", "g1", "g2", "g3"
        ])
    );
    // From d4, if it never moved: all sixteen squares two away.
    let pos = board(V, "Kd4 Pa2 kh8 ph7").leap_rights("d4").pos();
    let two_away = [
        "b2", "b3", "b4", "b5", "b6", "c2", "c6", "d2", "d6", "e2", "e6", "f2", "f3", "f4", "f5",
        "f6",
    ];
    let steps = ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"];
    let all: Vec<&str> = two_away.iter().chain(steps.iter()).copied().collect();
    assert_eq!(targets(&pos, "d4"), names(&all));
    // Only once, and only as the first move: after a step, no leap...
    let pos = board(V, "Ke1 Pa2 ke8 ph7").leap_rights("e1").pos();
    let stepped = play(&pos, &["Kf1", "Kf8", "Ke1", "Ke8"]);
    assert_eq!(
        why(&stepped, "e1e3"),
        "the king may leap only once, as its first move of the game"
    );
    // ... and after a leap, no second one.
    let leapt = play(&pos, &["Ke3", "Kf8"]);
    assert_eq!(
        why(&leapt, "e3e5"),
        "the king may leap only once, as its first move of the game"
    );
    // A leap to c1 or g1 is no castling: the rooks stay where they are.
    let pos = board(V, "Ra1 Ke1 Rh1 ke8 pa7").leap_rights("e1").pos();
    let after = play(&pos, &["Kg1"]);
    assert_eq!(after.piece_at(sq("g1")).unwrap().role, Role::King);
    assert_eq!(after.piece_at(sq("h1")).unwrap().role, Role::Rook);
    assert_eq!(after.piece_at(sq("f1")), None);
}

/// "Not while in check, ..."
#[test]
fn king_leap_not_while_in_check() {
    let pos = board(V, "Ke1 Pa2 ka8 re8").leap_rights("e1").pos();
    assert!(pos.is_check());
    assert_eq!(targets(&pos, "e1"), names(&["d1", "d2", "f1", "f2"]));
    assert_eq!(why(&pos, "e1c1"), "the king may not leap while in check");
    assert_eq!(why(&pos, "e1g2"), "the king may not leap while in check");
}

/// "... not into check, ..."
#[test]
fn king_leap_not_into_check() {
    // The rook on c8 guards the c-file.
    let pos = board(V, "Ke1 Pa2 ka8 rc8").leap_rights("e1").pos();
    for to in ["c1", "c2", "c3"] {
        assert!(!is_legal(&pos, &format!("e1{to}")), "{to}");
        assert_eq!(
            why(&pos, &format!("e1{to}")),
            format!("your king would be in check on {to}")
        );
    }
    assert!(is_legal(&pos, "e1d3"));
}

/// "... and not across a square the opponent attacks: the square in
/// between for c1, c3, e3, g3, g1; the knight-shaped leaps (c2, d3, f3,
/// g2) cross none."
#[test]
fn king_leap_not_across_an_attacked_square_knight_shaped_leaps_cross_none() {
    // One black alfil at a time, each attacking exactly one crossed square.
    for (target, crossed, alfil) in [
        ("c1", "d1", "b3"),
        ("c3", "d2", "b4"),
        ("e3", "e2", "c4"),
        ("g3", "f2", "h4"),
        ("g1", "f1", "h3"),
    ] {
        let pos = board(V, &format!("Ke1 Pa2 ka8 a{alfil}"))
            .leap_rights("e1")
            .pos();
        assert!(!is_legal(&pos, &format!("e1{target}")), "{target}");
        assert_eq!(
            why(&pos, &format!("e1{target}")),
            format!("the king may not leap across {crossed}, which your opponent attacks")
        );
        // The knight-shaped leaps are untouched.
        for knightly in ["c2", "d3", "f3", "g2"] {
            assert!(
                is_legal(&pos, &format!("e1{knightly}")),
                "{alfil}: {knightly}"
            );
        }
    }
    // A rook on d8 covers d1, d2 and d3: c1, c3 and d3 are out, but the
    // knight-shaped c2 crosses nothing and stays legal.
    let pos = board(V, "Ke1 Pa2 ka8 rd8").leap_rights("e1").pos();
    assert_eq!(
        targets(&pos, "e1"),
        names(&["c2", "e2", "e3", "f1", "f2", "f3", "g1", "g2", "g3"])
    );
}

/// "A leap never captures." (the king)
#[test]
fn a_king_leap_never_captures() {
    let pos = board(V, "Ke1 Pa2 ka8 ne3 pg3").leap_rights("e1").pos();
    assert!(!is_legal(&pos, "e1e3"));
    assert!(!is_legal(&pos, "e1g3"));
    assert_eq!(why(&pos, "e1e3"), "a leap never captures");
}

/// "Leaps attack nothing: a square reachable only by a leap is not
/// attacked, so a leap can never give check or be used to answer whether a
/// square is attacked."
#[test]
fn leaps_attack_nothing() {
    // A ferz that may leap to d3 does not give check to a king there, and
    // the king may step next to it on d2.
    let pos = board(V, "Fd1 Kh1 kd3 pa7")
        .leap_rights("d1")
        .black_to_move()
        .pos();
    assert!(!pos.is_check());
    assert!(is_legal(&pos, "d3d2"));
    // A king that may leap does not guard the squares two away.
    let pos = board(V, "Ke1 Pa2 ke4 ph7")
        .leap_rights("e1")
        .black_to_move()
        .pos();
    assert_eq!(
        targets(&pos, "e4"),
        names(&["d3", "d4", "d5", "e3", "e5", "f3", "f4", "f5"])
    );
    // A new ferz two squares from the king gives no check.
    let pos = board(V, "Pb7 Kh1 kb6 ph5").pos();
    let promote = mv(&pos, "b7b8");
    assert_eq!(pos.san(&promote), "b8=F");
    assert!(!pos.play(&promote).is_check());
    // The king may leap across d1 and step to d1, which Black's unmoved
    // ferz could only reach by a leap.
    let pos = board(V, "Ke1 Pa2 kh8 fd3 ph7").leap_rights("e1 d3").pos();
    assert!(is_legal(&pos, "e1c1"));
    assert!(is_legal(&pos, "e1d1"));
    assert!(!is_legal(&pos, "e1e3"), "e2 is attacked by the ferz's step");
}

/// "Pawns: from its starting square a pawn may step two squares (both
/// empty) until the first capture of the game by either side; after that,
/// never."
#[test]
fn pawns_double_step_from_the_start_square_until_the_first_capture() {
    let pos = Position::new(V);
    assert_eq!(targets(&pos, "e2"), names(&["e3", "e4"]));
    assert_eq!(mv(&pos, "e2e4").kind, MoveKind::DoubleStep);
    let black = play(&pos, &["e4"]);
    assert_eq!(targets(&black, "d7"), names(&["d5", "d6"]));
    // Both squares must be empty.
    let pos = board(V, "Ke1 Pe2 Pc2 ke8 ne3 nc4").no_capture_yet().pos();
    assert_eq!(targets(&pos, "e2"), Vec::<String>::new());
    assert_eq!(targets(&pos, "c2"), names(&["c3"]));
    assert_eq!(
        why(&pos, "c2c4"),
        "the pawn is blocked: c4 is taken, and a pawn never captures straight ahead"
    );
    // Only from the starting square.
    let later = play(&Position::new(V), &["e3", "a6"]);
    assert_eq!(targets(&later, "e3"), names(&["e4"]));
    assert_eq!(
        why(&later, "e3e5"),
        "only a pawn on its starting square may step two squares"
    );
    // After the first capture, by White ...
    let after = play(&Position::new(V), &["e4", "d5", "exd5"]);
    assert!(after.captured());
    assert_eq!(targets(&after, "c7"), names(&["c6"]));
    assert_eq!(
        why(&after, "c7c5"),
        "pawns may step two squares only until the first capture of the game"
    );
    // ... or by Black, never again for either side.
    let after = play(&Position::new(V), &["e4", "d5", "a3", "dxe4"]);
    assert_eq!(targets(&after, "b2"), names(&["b3"]));
    assert_eq!(
        why(&after, "h2h4"),
        "pawns may step two squares only until the first capture of the game"
    );
}

/// "No en passant."
#[test]
fn no_en_passant() {
    let pos = board(V, "Ke1 Pe2 ke8 pd4").no_capture_yet().pos();
    let after = play(&pos, &["e4"]);
    assert_eq!(targets(&after, "d4"), names(&["d3"]));
    assert_eq!(
        why(&after, "d4e3"),
        "a pawn moves diagonally only to capture, and e3 is empty"
    );
}

/// "Stalemate: draw."
#[test]
fn stalemate_draw() {
    let pos = board(V, "Ka1 Pa2 ka3 ad3 fc3").pos();
    assert!(pos.legal_moves().is_empty() && !pos.is_check());
    assert_eq!(pos.outcome(), draw(EndReason::Stalemate));
}

/// "Move-count rule: 70 moves each."
#[test]
fn move_count_rule_70_moves_each() {
    assert_eq!(V.default_rules().move_rule, 70);
    let pos = board(V, "Ke1 Rh1 ke8 ra8").halfmoves(139).pos();
    assert_eq!(game(&pos, &["Kf1"]).outcome(), draw(EndReason::MoveRule));
    let pos = board(V, "Ke1 Rh1 ke8 ra8").halfmoves(138).pos();
    assert_eq!(game(&pos, &["Kf1"]).outcome(), None);
}

/// Plays `cycle` (four plies that bring the pieces back) `times` times and
/// returns the game.
fn cycle(start: &Position, moves: [&str; 4], times: usize) -> Game {
    let mut game = Game::from_position(*start);
    for _ in 0..times {
        for m in moves {
            game.play_text(m).unwrap();
        }
    }
    game
}

/// "The position for repetition includes: which ferzes may still leap,
/// ..."
#[test]
fn repetition_includes_which_ferzes_may_still_leap() {
    // The ferz steps out and back: the pieces stand as at the start, but
    // the ferz can no longer leap, so the start is not repeated.
    let start = board(V, "Fd1 Ke1 Pa2 kh8 ph7").leap_rights("d1").pos();
    let moves = ["Fc2", "Kg8", "Fd1", "Kh8"];
    let mut game = cycle(&start, moves, 2);
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.outcome(), None, "would be a third time without rights");
    // The position after Fc2 (no right left) comes a third time at ply 9.
    game.play_text(moves[0]).unwrap();
    assert_eq!(game.outcome(), draw(EndReason::Repetition));
}

/// "... whether each king may still leap, ..."
#[test]
fn repetition_includes_whether_each_king_may_still_leap() {
    let start = board(V, "Ke1 Pa2 ke8 ph7").leap_rights("e1 e8").pos();
    // White's king steps out and back; Black's king does the same.
    let moves = ["Kf1", "Kf8", "Ke1", "Ke8"];
    let mut game = cycle(&start, moves, 2);
    assert_eq!(game.outcome(), None, "would be a third time without rights");
    // Once both kings have stepped, the position after Kf8 (no rights
    // left) comes a third time at ply 10.
    game.play_text("Kf1").unwrap();
    game.play_text("Kf8").unwrap();
    assert_eq!(game.outcome(), draw(EndReason::Repetition));
    // Only Black's king loses its right: still a different position.
    let start = board(V, "Ke1 Pa2 ke8 ph7").leap_rights("e8").pos();
    let moves = ["Kf1", "Kf8", "Ke1", "Ke8"];
    assert_eq!(cycle(&start, moves, 2).outcome(), None);
}

/// "... and whether a capture has happened yet."
#[test]
fn repetition_includes_whether_a_capture_has_happened_yet() {
    let before = board(V, "Ke1 Pe2 ke8 pd7").no_capture_yet().pos();
    let after = board(V, "Ke1 Pe2 ke8 pd7").pos();
    assert_ne!(before.hash(), after.hash());
    assert_ne!(before, after);
    assert_ne!(legal(&before), legal(&after));
}

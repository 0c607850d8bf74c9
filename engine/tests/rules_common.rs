//! RULES.md, "Common to every variant unless it says otherwise": one test
//! per sentence, on the three square boards (the round board's own shapes
//! are in rules_byzantine.rs).

mod common;
use common::*;
use engine::{Color, EndReason, Game, Illegal, MoveError, Position, Role, Variant};

/// "White moves first."
#[test]
fn white_moves_first() {
    for v in Variant::ALL {
        let pos = Position::new(v);
        assert_eq!(pos.turn(), Color::White, "{v}");
        assert!(pos
            .legal_moves()
            .iter()
            .all(|m| { pos.piece_at(m.from).unwrap().color == Color::White }));
        // Black's pawn on e7 may not start the game.
        assert_eq!(
            pos.parse_move("e7e6"),
            Err(MoveError::Illegal(Illegal::NotYourPiece(
                sq("e7"),
                pos.piece_at(sq("e7")).unwrap()
            ))),
            "{v}"
        );
        assert_eq!(why(&pos, "e7e6"), "the black pawn on e7 is not yours");
    }
}

/// "A move may never leave the mover's own king attacked."
#[test]
fn a_move_may_never_leave_the_movers_own_king_attacked() {
    for v in SQUARE_VARIANTS {
        // The knight on e2 is pinned by the rook on e8; d1 and d2 are
        // covered by the rook on d8.
        let pos = board(v, "Ke1 Ne2 ka8 rd8 re8").pos();
        assert_eq!(legal(&pos), names(&["e1f1", "e1f2"]), "{v}");
        assert_eq!(why(&pos, "e2c3"), "that leaves your king in check");
        assert_eq!(why(&pos, "e1d2"), "your king would be in check on d2");
        // In check, only an answer to the check is legal.
        let pos = board(v, "Ke1 Nc3 Rh2 ka8 re8").pos();
        assert!(pos.is_check());
        assert_eq!(
            legal(&pos),
            names(&["c3e2", "c3e4", "e1d1", "e1d2", "e1f1", "e1f2", "h2e2"])
        );
        assert_eq!(
            why(&pos, "h2h7"),
            "your king is in check, and that move does not answer it"
        );
    }
}

/// "king (K) steps one square any direction"
#[test]
fn king_steps_one_square_any_direction() {
    for v in SQUARE_VARIANTS {
        let pos = board(v, "Ke4 Ph2 ka8 pb7").pos();
        assert_eq!(
            targets(&pos, "e4"),
            names(&["d3", "d4", "d5", "e3", "e5", "f3", "f4", "f5"]),
            "{v}"
        );
        // In a corner, three squares; never two squares away outside Medieval's leap.
        let pos = board(v, "Ka1 Ph2 kh8 pb7").pos();
        assert_eq!(targets(&pos, "a1"), names(&["a2", "b1", "b2"]), "{v}");
        let expected = if v == Variant::Medieval {
            // Medieval chess knows a king leap, but only as a first move.
            "the king may leap only once, as its first move of the game"
        } else {
            "the king steps one square in any direction"
        };
        assert_eq!(why(&pos, "a1a3"), expected, "{v}");
    }
}

/// "rook (R) slides orthogonally, blocked by pieces"
#[test]
fn rook_slides_orthogonally_blocked_by_pieces() {
    for v in SQUARE_VARIANTS {
        // Own pawn on d6 stops it before d6; the black pawn on f4 can be
        // taken but not passed.
        let pos = board(v, "Rd4 Pd6 Kh1 ka8 pf4").pos();
        assert_eq!(
            targets(&pos, "d4"),
            names(&["a4", "b4", "c4", "d1", "d2", "d3", "d5", "e4", "f4"]),
            "{v}"
        );
        assert_eq!(
            why(&pos, "d4g4"),
            "the rook cannot jump over pieces, and f4 is in the way"
        );
        assert_eq!(
            why(&pos, "d4d7"),
            "the rook cannot jump over pieces, and d6 is in the way"
        );
    }
}

/// "knight (N) leaps (1,2)"
#[test]
fn knight_leaps_one_two() {
    for v in SQUARE_VARIANTS {
        // Walled in by its own pawns, the knight still leaps out; it takes
        // the black knight on g5 but not its own pawn on c3.
        let pos = board(v, "Ne4 Pd3 Pd4 Pd5 Pe3 Pe5 Pf3 Pf4 Pf5 Pc3 Kh1 ka8 ng5").pos();
        assert_eq!(
            targets(&pos, "e4"),
            names(&["c5", "d2", "d6", "f2", "f6", "g3", "g5"]),
            "{v}"
        );
        let pos = board(v, "Na1 Kh1 ka8 pg7").pos();
        assert_eq!(targets(&pos, "a1"), names(&["b3", "c2"]));
    }
}

/// "ferz (F, also "fers", the medieval queen) steps one square diagonally"
#[test]
fn ferz_steps_one_square_diagonally() {
    for v in SQUARE_VARIANTS {
        let pos = board(v, "Fe4 Pf5 Kh1 ka8 pd5").pos();
        assert_eq!(targets(&pos, "e4"), names(&["d3", "d5", "f3"]), "{v}");
        assert_eq!(why(&pos, "e4e5"), "the ferz steps one square diagonally");
    }
}

/// "alfil (A, "elephant") leaps exactly (2,2) diagonally over whatever
/// stands between."
#[test]
fn alfil_leaps_exactly_two_two_diagonally_over_whatever_stands_between() {
    for v in SQUARE_VARIANTS {
        // It leaps over its own pawn on d5 and the black pawn on f3, takes
        // the knight on c6, and may not land on its own pawn on g2.
        let pos = board(v, "Ae4 Pd5 Pg2 Kh1 ka8 pf3 nc6").pos();
        assert_eq!(targets(&pos, "e4"), names(&["c2", "c6", "g6"]), "{v}");
        assert_eq!(
            why(&pos, "e4f5"),
            "the alfil jumps exactly two squares diagonally"
        );
        assert_eq!(
            why(&pos, "e4h7"),
            "the alfil jumps exactly two squares diagonally"
        );
        let pos = board(v, "Aa1 Kh1 ka8 pg7").pos();
        assert_eq!(targets(&pos, "a1"), names(&["c3"]));
    }
}

/// "No castling, no en passant."
#[test]
fn no_castling_no_en_passant() {
    // Castling: a king beside unmoved rooks still only steps.
    for v in [Variant::Shatranj, Variant::Courier] {
        let pos = board(v, "Ra1 Kd1 Rh1 kd8 pa7").pos();
        assert_eq!(
            targets(&pos, "d1"),
            names(&["c1", "c2", "d2", "e1", "e2"]),
            "{v}"
        );
    }
    // En passant: only Medieval chess has a two-square step to pass by.
    let pos = board(Variant::Medieval, "Ke1 Pe5 ke8 pd7")
        .no_capture_yet()
        .black_to_move()
        .pos();
    let after = play(&pos, &["d7d5"]);
    assert_eq!(targets(&after, "e5"), names(&["e6"]));
    assert_eq!(
        why(&after, "e5d6"),
        "a pawn moves diagonally only to capture, and d6 is empty"
    );
}

/// "Pawns step one forward onto an empty square and capture one square
/// diagonally forward."
#[test]
fn pawns_step_one_forward_onto_an_empty_square_and_capture_diagonally_forward() {
    for v in SQUARE_VARIANTS {
        // e3: step to e4, take on d4 and f4; b3 is blocked by the pawn on b4
        // and has nothing to take.
        let pos = board(v, "Pe3 Pb3 Kh1 ka8 nd4 nf4 pb4").pos();
        assert_eq!(targets(&pos, "e3"), names(&["d4", "e4", "f4"]), "{v}");
        assert_eq!(targets(&pos, "b3"), Vec::<String>::new(), "{v}");
        assert_eq!(
            why(&pos, "b3b4"),
            "the pawn is blocked: b4 is taken, and a pawn never captures straight ahead"
        );
        assert_eq!(
            why(&pos, "b3c4"),
            "a pawn moves diagonally only to capture, and c4 is empty"
        );
        assert_eq!(
            why(&pos, "e3e2"),
            "a pawn steps one square forward and captures one square diagonally forward"
        );
        // Black's pawns go the other way.
        let pos = board(v, "Kh1 Nc4 Ne4 ka8 pd5").black_to_move().pos();
        assert_eq!(targets(&pos, "d5"), names(&["c4", "d4", "e4"]), "{v}");
    }
}

/// "A pawn reaching the last rank becomes a ferz, always, automatically."
#[test]
fn a_pawn_reaching_the_last_rank_becomes_a_ferz_always_automatically() {
    for v in SQUARE_VARIANTS {
        let pos = board(v, "Pb7 Kh1 kh8 rc8").pos();
        // One move to b8 and one to c8: no choice of piece.
        let moves: Vec<_> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| m.from == sq("b7"))
            .collect();
        assert_eq!(moves.len(), 2, "{v}");
        assert!(moves.iter().all(|m| m.promotion));
        for text in ["b7b8", "b7c8", "b8", "bxc8", "b7b8=F", "b8=Q", "b7c8n"] {
            let after = play(&pos, &[text]);
            let to = if text.contains('c') { "c8" } else { "b8" };
            assert_eq!(
                after.piece_at(sq(to)).unwrap().role,
                Role::Ferz,
                "{v} {text}"
            );
            assert_eq!(after.piece_at(sq(to)).unwrap().color, Color::White);
            assert!(after.piece_at(sq("b7")).is_none());
        }
        // Black promotes on the first rank.
        let pos = board(v, "Kh8 Rh1 ka8 pg2").black_to_move().pos();
        let after = play(&pos, &["g2h1"]);
        assert_eq!(after.piece_at(sq("h1")).unwrap().role, Role::Ferz, "{v}");
        assert_eq!(after.piece_at(sq("h1")).unwrap().color, Color::Black);
    }
    // On the wide board the last rank runs to l8.
    let pos = board(Variant::Courier, "Pl7 Ka1 ka8 pb7").pos();
    let after = play(&pos, &["l8"]);
    assert_eq!(after.piece_at(sq("l8")).unwrap().role, Role::Ferz);
}

/// "A player may resign at any time; two players may agree a draw."
#[test]
fn a_player_may_resign_at_any_time_two_players_may_agree_a_draw() {
    for v in Variant::ALL {
        let mut game = Game::new(v);
        game.resign(Color::White);
        assert_eq!(game.outcome(), black_wins(EndReason::Resignation), "{v}");
        // After the game is over nothing more is played.
        assert!(game.play_text("e2e3").is_err());

        let mut game = Game::new(v);
        game.play_text("e2e3").unwrap();
        game.resign(Color::Black);
        assert_eq!(game.outcome(), white_wins(EndReason::Resignation), "{v}");

        let mut game = Game::new(v);
        game.play_text("e2e3").unwrap();
        game.agree_draw();
        assert_eq!(game.outcome(), draw(EndReason::Agreement), "{v}");
    }
}

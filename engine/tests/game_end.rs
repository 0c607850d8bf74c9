//! RULES.md, "Game end, checked after every move in this order", and the
//! three points where we differ from Fairy-Stockfish on purpose.

mod common;
use common::*;
use engine::{EndReason, Game, Illegal, MoveError, Variant};

/// The position before White mates with Rh1-h8: Black's pawn can move, but
/// not out of check.
fn before_mate(v: Variant) -> common::Board {
    board(v, "Kb6 Rh1 ka8 pc5")
}

/// Black to move with no legal move and not in check: a7 is blocked, b7 and
/// b8 are covered by the pawn on a6 and the ferz on c7.
fn stalemated_black(v: Variant) -> common::Board {
    board(v, "Pa6 Fc7 Ke1 ka8 pa7").black_to_move()
}

/// "1. checkmate: the side to move is in check and has no legal move: it
/// loses."
#[test]
fn checkmate_the_side_to_move_is_in_check_and_has_no_legal_move_it_loses() {
    for v in SQUARE_VARIANTS {
        let game = game(&before_mate(v).pos(), &["Rh8"]);
        let pos = game.position();
        assert!(pos.is_check());
        assert!(pos.legal_moves().is_empty());
        assert_eq!(game.outcome(), white_wins(EndReason::Checkmate), "{v}");
        assert_eq!(game.san_moves(), vec!["Rh8#"]);
    }
    // Black mates too.
    let pos = board(Variant::Shatranj, "Ka1 Pg4 kb3 rh8")
        .black_to_move()
        .pos();
    let game = game(&pos, &["Rh1"]);
    assert_eq!(game.outcome(), black_wins(EndReason::Checkmate));
}

/// Order: checkmate comes before the bare king. The mating move takes
/// Black's last piece; the result is checkmate, not bare king.
#[test]
fn checkmate_comes_before_bare_king() {
    for v in SQUARE_VARIANTS {
        let game = game(&board(v, "Kb6 Rh1 ka8 nh8").pos(), &["Rxh8"]);
        assert_eq!(game.outcome(), white_wins(EndReason::Checkmate), "{v}");
    }
}

/// "2. bare king: one side has only its king left and the other side has
/// more. The bare side loses, ..."
#[test]
fn bare_king_one_side_has_only_its_king_left_the_bare_side_loses() {
    for v in SQUARE_VARIANTS {
        // Rxa5 takes Black's last piece; Black's king is far away.
        let game = game(&board(v, "Ke1 Ra1 ke8 na5").pos(), &["Rxa5"]);
        assert_eq!(game.outcome(), white_wins(EndReason::BareKing), "{v}");
        // The bare side loses even when it is not its turn.
        let pos = board(v, "Ke1 Ra1 kb6").pos();
        assert_eq!(pos.outcome(), white_wins(EndReason::BareKing));
        let pos = board(v, "Kb6 ke1 ra1 pa2").pos();
        assert_eq!(pos.outcome(), black_wins(EndReason::BareKing));
    }
}

/// "... except: if it is the bare side's turn and it can capture the
/// opponent's last non-king piece with this move, it gets that one reply;
/// capturing it leaves two bare kings, a draw; ..."
#[test]
fn counter_the_bare_side_may_capture_the_last_piece_for_a_draw() {
    for v in SQUARE_VARIANTS {
        let mut game = game(&board(v, "Ke1 Ra1 kb6 na5").pos(), &["Rxa5"]);
        assert_eq!(game.outcome(), None, "{v}: Black gets one reply");
        assert!(is_legal(game.position(), "b6a5"));
        game.play_text("Kxa5").unwrap();
        assert_eq!(game.outcome(), draw(EndReason::BareKings), "{v}");
    }
}

/// "... any other reply loses."
#[test]
fn counter_any_other_reply_loses() {
    for v in SQUARE_VARIANTS {
        let mut game = game(&board(v, "Ke1 Ra1 kb6 na5").pos(), &["Rxa5"]);
        game.play_text("Kc6").unwrap();
        assert_eq!(game.outcome(), white_wins(EndReason::BareKing), "{v}");
        assert_eq!(
            game.play_text("Ra6"),
            Err(MoveError::Illegal(Illegal::GameOver))
        );
    }
}

/// The counter is only for the opponent's LAST non-king piece: with two
/// left the bare side loses at once, even if it could take one of them.
#[test]
fn counter_only_against_the_last_piece() {
    for v in SQUARE_VARIANTS {
        let game = game(&board(v, "Ke1 Ra1 Nh1 kb6 na5").pos(), &["Rxa5"]);
        assert_eq!(game.outcome(), white_wins(EndReason::BareKing), "{v}");
    }
}

/// The counter needs a legal capture: a protected last piece cannot be
/// taken, so the bare side loses at once.
#[test]
fn counter_needs_a_legal_capture() {
    for v in SQUARE_VARIANTS {
        let game = game(&board(v, "Kb4 Ra1 kb6 na5").pos(), &["Rxa5"]);
        assert_eq!(game.outcome(), white_wins(EndReason::BareKing), "{v}");
    }
}

/// "(... a house rule can switch it off: then baring wins at once.)"
#[test]
fn counter_switched_off_baring_wins_at_once() {
    for v in SQUARE_VARIANTS {
        let mut house = v.default_rules();
        house.counter = false;
        let pos = board(v, "Ke1 Ra1 kb6 na5").rules(house).pos();
        let game = game(&pos, &["Rxa5"]);
        assert_eq!(game.outcome(), white_wins(EndReason::BareKing), "{v}");
    }
}

/// "Two bare kings: draw."
#[test]
fn two_bare_kings_draw() {
    for v in Variant::ALL {
        let pos = board(v, "Ke1 kc6").pos();
        assert_eq!(pos.outcome(), draw(EndReason::BareKings), "{v}");
        assert_eq!(
            Game::from_position(pos).outcome(),
            draw(EndReason::BareKings)
        );
    }
}

/// "3. stalemate: the side to move is not in check and has no legal move:
/// per variant, it loses (Shatranj, Courier, Byzantine) or draws
/// (Medieval)." (Byzantine: rules_byzantine.rs.)
#[test]
fn stalemate_loses_in_shatranj_and_courier_draws_in_medieval() {
    for v in SQUARE_VARIANTS {
        let pos = stalemated_black(v).pos();
        assert!(!pos.is_check());
        assert!(pos.legal_moves().is_empty());
        let expected = if v == Variant::Medieval {
            draw(EndReason::Stalemate)
        } else {
            white_wins(EndReason::Stalemate)
        };
        assert_eq!(pos.outcome(), expected, "{v}");
        // Reached by a move in a game.
        let before = board(v, "Pa6 Fd6 Ke1 ka8 pa7").pos();
        assert_eq!(game(&before, &["Fc7"]).outcome(), expected, "{v}");
    }
}

/// Order: the bare king comes before stalemate (see also the fine points).
#[test]
fn bare_king_comes_before_stalemate() {
    for v in SQUARE_VARIANTS {
        let pos = board(v, "Kc7 Fb6 ka8").black_to_move().pos();
        assert!(pos.legal_moves().is_empty() && !pos.is_check());
        assert_eq!(pos.outcome(), white_wins(EndReason::BareKing), "{v}");
    }
}

/// "4. the same position (pieces, side to move, and every right that
/// changes the legal moves) for the third time: draw."
#[test]
fn the_same_position_for_the_third_time_draw() {
    for v in Variant::ALL {
        let shuffle: [&str; 4] = if v == Variant::Courier {
            ["k1j3", "k8j6", "j3k1", "j6k8"]
        } else {
            ["g1f3", "g8f6", "f3g1", "f6g8"]
        };
        let mut game = Game::new(v);
        for (i, m) in shuffle.iter().chain(shuffle.iter()).enumerate() {
            assert_eq!(game.outcome(), None, "{v} before ply {i}");
            game.play_text(m).unwrap();
        }
        // The start position stood there three times: at the start
        // (which counts), after 4 plies and after 8.
        assert_eq!(game.repetitions(), 3);
        assert_eq!(game.outcome(), draw(EndReason::Repetition), "{v}");
        // Taking the last move back reopens the game.
        game.undo();
        assert_eq!(game.outcome(), None);
    }
}

/// "Side to move" is part of the position.
#[test]
fn repetition_the_side_to_move_is_part_of_the_position() {
    let white = fen(Variant::Shatranj, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let black = fen(Variant::Shatranj, "4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
    assert_ne!(white.hash(), black.hash());
    // A rook cycle of three moves (a1-a2-a3-a1) against a king shuffle of
    // two (e8-d8-e8): the pieces stand as at the start after 5 plies but
    // with Black to move, and after 12 plies with White to move. Counting
    // pieces only, the 12th ply would make a third occurrence.
    let start = board(Variant::Shatranj, "Ke1 Ra1 ke8 ph7").pos();
    let mut game = Game::from_position(start);
    let plies = [
        "a1a2", "e8d8", "a2a3", "d8e8", "a3a1", "e8d8", "a1a2", "d8e8", "a2a3", "e8d8", "a3a1",
        "d8e8",
    ];
    for (i, m) in plies.iter().enumerate() {
        game.play_text(m).unwrap();
        assert_eq!(game.outcome(), None, "ply {i}");
    }
    assert_eq!(game.repetitions(), 2);
}

/// "5. the move-count rule: N moves by each side (2N plies) without a
/// capture or a pawn move: draw."
#[test]
fn move_count_rule_n_moves_by_each_side_without_a_capture_or_pawn_move_draw() {
    for v in SQUARE_VARIANTS {
        let n = v.default_rules().move_rule;
        let quiet = |h: u32| {
            board(v, "Ke1 Ra1 Nc3 Pa2 ke8 rh8 nb5 ph7")
                .halfmoves(h)
                .pos()
        };
        let one_short = game(&quiet(2 * n - 2), &["Kf1"]);
        assert_eq!(one_short.position().halfmoves(), 2 * n - 1);
        assert_eq!(one_short.outcome(), None, "{v}");
        let last = game(&quiet(2 * n - 1), &["Kf1"]);
        assert_eq!(last.outcome(), draw(EndReason::MoveRule), "{v}");
        // A capture or a pawn move on the last ply resets the count.
        let capture = game(&quiet(2 * n - 1), &["Nxb5"]);
        assert_eq!(capture.position().halfmoves(), 0);
        assert_eq!(capture.outcome(), None, "{v}");
        let pawn = game(&quiet(2 * n - 1), &["a3"]);
        assert_eq!(pawn.position().halfmoves(), 0);
        assert_eq!(pawn.outcome(), None, "{v}");
    }
}

/// "Checkmate on the last move takes precedence."
#[test]
fn move_count_rule_checkmate_on_the_last_move_takes_precedence() {
    for v in SQUARE_VARIANTS {
        let n = v.default_rules().move_rule;
        let pos = before_mate(v).halfmoves(2 * n - 1).pos();
        let game = game(&pos, &["Rh8"]);
        assert_eq!(game.position().halfmoves(), 2 * n);
        assert_eq!(game.outcome(), white_wins(EndReason::Checkmate), "{v}");
    }
}

/// Order: stalemate (3) before the move-count rule (5), and repetition (4)
/// before it too.
#[test]
fn stalemate_and_repetition_come_before_the_move_count_rule() {
    let pos = board(Variant::Shatranj, "Pa6 Fd6 Ke1 ka8 pa7")
        .halfmoves(139)
        .pos();
    assert_eq!(
        game(&pos, &["Fc7"]).outcome(),
        white_wins(EndReason::Stalemate)
    );

    let pos = fen(
        Variant::Shatranj,
        "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 132 1",
    );
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"];
    let game = game(&pos, &shuffle);
    assert_eq!(game.position().halfmoves(), 140);
    assert_eq!(game.outcome(), draw(EndReason::Repetition));
}

/// Where we differ from Fairy-Stockfish on purpose (1): "when the bared side
/// cannot capture the last piece, the game ends at once; only a possible
/// counter-capture gets the reply." Fairy-Stockfish would let Black move.
#[test]
fn fairy_stockfish_difference_bare_king_without_counter_ends_at_once() {
    let game = game(
        &board(Variant::Shatranj, "Ke1 Ra1 ke8 na5").pos(),
        &["Rxa5"],
    );
    assert!(!game.position().legal_moves().is_empty());
    assert_eq!(game.outcome(), white_wins(EndReason::BareKing));
}

/// Where we differ from Fairy-Stockfish on purpose (2): "Two bare kings:
/// Fairy-Stockfish plays on; we end the game as a draw."
#[test]
fn fairy_stockfish_difference_two_bare_kings_is_a_draw() {
    let pos = board(Variant::Courier, "Ke1 Ra1 kb2").black_to_move().pos();
    let game = game(&pos, &["Kxa1"]);
    assert_eq!(game.outcome(), draw(EndReason::BareKings));
}

/// Where we differ from Fairy-Stockfish on purpose (3): "Threefold
/// repetition and the move-count rule: Fairy-Stockfish treats them as
/// claims; we end the game automatically."
#[test]
fn fairy_stockfish_difference_repetition_and_move_rule_end_automatically() {
    let mut game = Game::new(Variant::Shatranj);
    for m in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
        game.play_text(m).unwrap();
    }
    assert_eq!(game.outcome(), draw(EndReason::Repetition));
    assert!(
        game.play_text("Nf3").is_err(),
        "no claim needed: the game is over"
    );

    let pos = board(Variant::Shatranj, "Ke1 Ra1 ke8 ra8")
        .halfmoves(139)
        .pos();
    let mut game = Game::from_position(pos);
    game.play_text("Kf1").unwrap();
    assert_eq!(game.outcome(), draw(EndReason::MoveRule));
    assert!(game.play_text("Kf8").is_err());
}

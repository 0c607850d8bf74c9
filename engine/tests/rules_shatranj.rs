//! RULES.md, "Shatranj (seeds 001 and 002)": one test per sentence,
//! including the house rules a table may change.

mod common;
use common::*;
use engine::{
    BoardKind, Color, EndReason, Game, Geometry, Piece, Position, Role, StalemateRule, Variant,
};

const V: Variant = Variant::Shatranj;

/// "Board 8x8. White from a1: R N A K F A N R (king d1, ferz e1), pawns on
/// rank 2; Black mirrored across the middle rank: king d8, ferz e8."
#[test]
fn board_8x8_white_from_a1_rnakfanr_black_mirrored_across_the_middle_rank() {
    let geo = Geometry::of(V.board());
    assert_eq!(geo.kind, BoardKind::Square8);
    assert_eq!(geo.cells.count(), 64);
    assert!(!geo.cells.contains(sq("i1")));
    let pos = Position::new(V);
    let back = [
        Role::Rook,
        Role::Knight,
        Role::Alfil,
        Role::King,
        Role::Ferz,
        Role::Alfil,
        Role::Knight,
        Role::Rook,
    ];
    for (file, role) in "abcdefgh".chars().zip(back) {
        let white = pos.piece_at(sq(&format!("{file}1")));
        let black = pos.piece_at(sq(&format!("{file}8")));
        assert_eq!(white, Some(Piece::new(Color::White, role)), "{file}1");
        assert_eq!(black, Some(Piece::new(Color::Black, role)), "{file}8");
        assert_eq!(
            pos.piece_at(sq(&format!("{file}2"))),
            Some(Piece::new(Color::White, Role::Pawn))
        );
        assert_eq!(
            pos.piece_at(sq(&format!("{file}7"))),
            Some(Piece::new(Color::Black, Role::Pawn))
        );
    }
    assert_eq!(pos.king(Color::White), sq("d1"));
    assert_eq!(pos.king(Color::Black), sq("d8"));
    assert_eq!(
        pos.pieces_of(Color::Black, Role::Ferz).first(),
        Some(sq("e8"))
    );
    assert_eq!(pos.occupied().count(), 32);
}

/// "FEN `rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1` as
/// Fairy-Stockfish writes it (it spells alfil `b` and ferz `q`)."
#[test]
fn start_fen_as_fairy_stockfish_writes_it() {
    let text = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1";
    assert_eq!(Position::new(V).fen(), text);
    assert_eq!(fen(V, text), Position::new(V));
    let pos = fen(V, "4k3/8/8/8/8/8/8/1B1KQ3 w - - 0 1");
    assert_eq!(pos.piece_at(sq("b1")).unwrap().role, Role::Alfil);
    assert_eq!(pos.piece_at(sq("e1")).unwrap().role, Role::Ferz);
}

/// "Pawns: single step only, also from the start square."
#[test]
fn pawns_single_step_only_also_from_the_start_square() {
    let pos = Position::new(V);
    for file in "abcdefgh".chars() {
        assert_eq!(
            targets(&pos, &format!("{file}2")),
            names(&[&format!("{file}3")])
        );
    }
    assert_eq!(
        why(&pos, "e2e4"),
        "in Shatranj a pawn steps one square at a time, also from its starting square"
    );
    // 8 pawn steps, 4 knight moves, 4 alfil leaps.
    assert_eq!(pos.legal_moves().len(), 16);
    let black = play(&pos, &["e3"]);
    assert_eq!(targets(&black, "d7"), names(&["d6"]));
}

/// "Stalemate: the stalemated side loses."
#[test]
fn stalemate_the_stalemated_side_loses() {
    // White to move, not in check: the pawn on a2 is blocked by Black's
    // king, b2 is covered by that king and the ferz, b1 by the alfil.
    let pos = board(V, "Ka1 Pa2 ka3 ad3 fc3").pos();
    assert!(!pos.is_check());
    assert_eq!(legal(&pos), Vec::<String>::new());
    assert_eq!(pos.outcome(), black_wins(EndReason::Stalemate));
}

/// "Move-count rule: 70 moves each."
#[test]
fn move_count_rule_70_moves_each() {
    assert_eq!(V.default_rules().move_rule, 70);
    let pos = board(V, "Ke1 Rh1 ke8 ra8").halfmoves(138).pos();
    let mut game = Game::from_position(pos);
    game.play_text("Kf1").unwrap();
    assert_eq!(game.outcome(), None);
    game.play_text("Kf8").unwrap();
    assert_eq!(game.position().halfmoves(), 140);
    assert_eq!(game.outcome(), draw(EndReason::MoveRule));
}

/// "House rules a table may change (seed 001): stalemate is a draw
/// instead;"
#[test]
fn house_rule_stalemate_is_a_draw_instead() {
    let house = rules(StalemateRule::Draw, true, 70);
    let pos = board(V, "Ka1 Pa2 ka3 ad3 fc3").rules(house).pos();
    assert_eq!(pos.outcome(), draw(EndReason::Stalemate));
    // The same through FEN.
    let pos = Position::from_fen_with_rules(V, &pos.fen(), house).unwrap();
    assert_eq!(pos.outcome(), draw(EndReason::Stalemate));
}

/// "the counter is off (baring the king wins at once);"
#[test]
fn house_rule_the_counter_is_off_baring_the_king_wins_at_once() {
    let on = board(V, "Ke1 Ra1 kb6 na5").pos();
    let off = board(V, "Ke1 Ra1 kb6 na5")
        .rules(rules(StalemateRule::Loss, false, 70))
        .pos();
    assert_eq!(game(&on, &["Rxa5"]).outcome(), None);
    assert_eq!(
        game(&off, &["Rxa5"]).outcome(),
        white_wins(EndReason::BareKing)
    );
}

/// "the move-count rule is 50 instead of 70."
#[test]
fn house_rule_the_move_count_rule_is_50_instead_of_70() {
    let house = rules(StalemateRule::Loss, true, 50);
    let pos = board(V, "Ke1 Rh1 ke8 ra8").halfmoves(99).rules(house).pos();
    assert_eq!(game(&pos, &["Kf1"]).outcome(), draw(EndReason::MoveRule));
    let standard = board(V, "Ke1 Rh1 ke8 ra8").halfmoves(99).pos();
    assert_eq!(game(&standard, &["Kf1"]).outcome(), None);
}

/// "The defaults are the standard rules above."
#[test]
fn the_defaults_are_the_standard_rules() {
    assert_eq!(V.default_rules(), rules(StalemateRule::Loss, true, 70));
    assert_eq!(Position::new(V).rules(), V.default_rules());
    assert_eq!(Game::new(V).position().rules(), V.default_rules());
    assert_eq!(fen(V, &Position::new(V).fen()).rules(), V.default_rules());
}

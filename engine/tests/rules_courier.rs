//! RULES.md, "Courier chess (seed 003)": one test per sentence.

mod common;
use common::*;
use engine::{BoardKind, Color, EndReason, Game, Geometry, Position, Role, Square, Variant};

const V: Variant = Variant::Courier;

/// "Board 12 files (a to l) x 8 ranks."
#[test]
fn board_12_files_a_to_l_by_8_ranks() {
    let geo = Geometry::of(V.board());
    assert_eq!(geo.kind, BoardKind::Wide12);
    assert_eq!(geo.cells.count(), 96);
    assert!(geo.cells.contains(sq("l8")) && geo.cells.contains(sq("a1")));
    assert_eq!(Square::parse("m1"), None);
    assert_eq!(Square::parse("a9"), None);
    // A rook on a1 runs the whole first rank to l1.
    let pos = board(V, "Ra1 Kl2 kl8 pc7").pos();
    assert_eq!(
        targets(&pos, "a1"),
        names(&[
            "a2", "a3", "a4", "a5", "a6", "a7", "a8", "b1", "c1", "d1", "e1", "f1", "g1", "h1",
            "i1", "j1", "k1", "l1"
        ])
    );
}

/// "courier (C, a bishop: slides diagonally)"
#[test]
fn courier_slides_diagonally() {
    let pos = board(V, "Ce4 Pg6 Kl1 kl8 nc2").pos();
    assert_eq!(
        targets(&pos, "e4"),
        names(&["a8", "b7", "c2", "c6", "d3", "d5", "f3", "f5", "g2", "h1"])
    );
    assert_eq!(
        why(&pos, "e4h7"),
        "the courier cannot jump over pieces, and g6 is in the way"
    );
    assert_eq!(
        why(&pos, "e4e6"),
        "the courier moves any distance diagonally"
    );
}

/// "man (M, steps one square any direction, not royal)"
#[test]
fn man_steps_one_square_any_direction_not_royal() {
    let pos = board(V, "Me4 Kl1 kl8 pa7").pos();
    assert_eq!(
        targets(&pos, "e4"),
        names(&["d3", "d4", "d5", "e3", "e5", "f3", "f4", "f5"])
    );
    assert_eq!(
        why(&pos, "e4e6"),
        "the man steps one square in any direction"
    );
    // Not royal: attacked by the rook on e8, the man is not "in check"; it
    // may step onto e5, which the rook also attacks, and White may ignore
    // the threat altogether.
    let pos = board(V, "Me4 Kl1 kl8 re8 pa7").pos();
    assert!(!pos.is_check());
    assert!(is_legal(&pos, "e4e5"));
    assert!(is_legal(&pos, "l1k1"));
    let after = play(&pos, &["Kk1"]);
    assert!(is_legal(&after, "e8e4"));
    // Left alone with a man, Black's king is bare: the man is a piece.
    let pos = board(V, "Kl1 Me4 kl8").pos();
    assert_eq!(pos.outcome(), white_wins(EndReason::BareKing));
    // A man surrounded and attacked is no checkmate: the game goes on.
    let pos = board(V, "Ma1 Pa2 Pb2 Nb1 Kl1 kl8 ra8")
        .black_to_move()
        .pos();
    let after = play(&pos, &["Rxa2"]);
    assert_eq!(after.outcome(), None);
}

/// "schleich (S, "wazir": steps one square orthogonally)"
#[test]
fn schleich_steps_one_square_orthogonally() {
    let pos = board(V, "Se4 Pe5 Kl1 kl8 pd4").pos();
    assert_eq!(targets(&pos, "e4"), names(&["d4", "e3", "f4"]));
    assert_eq!(why(&pos, "e4f5"), "the schleich steps one square straight");
}

/// "The game starts after the fixed opening, White to move.
/// Fairy-Stockfish's FEN: `rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1`
/// (there e = alfil, b = courier, m = man, f = fers, w = schleich)."
#[test]
fn the_game_starts_after_the_fixed_opening_white_to_move() {
    let text = "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1";
    let pos = Position::new(V);
    assert_eq!(pos.fen(), text);
    assert_eq!(fen(V, text), pos);
    assert_eq!(pos.turn(), Color::White);
    let role = |name: &str| pos.piece_at(sq(name)).map(|p| p.role);
    assert_eq!(role("c1"), Some(Role::Alfil));
    assert_eq!(role("d1"), Some(Role::Courier));
    assert_eq!(role("e1"), Some(Role::Man));
    assert_eq!(role("f1"), Some(Role::King));
    assert_eq!(role("g1"), None);
    assert_eq!(role("h1"), Some(Role::Schleich));
    assert_eq!(role("i1"), Some(Role::Courier));
    assert_eq!(role("g3"), Some(Role::Ferz));
    assert_eq!(role("g6"), Some(Role::Ferz));
    for (name, role_there) in [("a4", Role::Pawn), ("g4", Role::Pawn), ("l4", Role::Pawn)] {
        assert_eq!(role(name), Some(role_there));
    }
    // The opening moves are already played: the move number is 1 and
    // nothing has been repeated.
    assert_eq!(pos.fullmoves(), 1);
    assert_eq!(Game::new(V).repetitions(), 1);
}

/// "Pawns: single step only."
#[test]
fn pawns_single_step_only() {
    let pos = Position::new(V);
    assert_eq!(targets(&pos, "b2"), names(&["b3"]));
    assert_eq!(
        why(&pos, "b2b4"),
        "in Courier chess a pawn steps one square at a time, also from its starting square"
    );
}

/// "Promotion: fers."
#[test]
fn promotion_fers() {
    let pos = board(V, "Pk7 Ka1 ka8 pb7").pos();
    let after = play(&pos, &["k8"]);
    assert_eq!(after.piece_at(sq("k8")).unwrap().role, Role::Ferz);
    assert_eq!(after.fen(), "k9F1/1p10/12/12/12/12/12/K11 b - - 0 1");
}

/// "Stalemate: the stalemated side loses."
#[test]
fn stalemate_the_stalemated_side_loses() {
    let pos = board(V, "Pl6 Fj7 Ka1 kl8 pl7").black_to_move().pos();
    assert!(!pos.is_check());
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.outcome(), white_wins(EndReason::Stalemate));
}

/// "Move-count rule: 50 moves each."
#[test]
fn move_count_rule_50_moves_each() {
    assert_eq!(V.default_rules().move_rule, 50);
    let pos = board(V, "Ke1 Rh1 ke8 ra8").halfmoves(98).pos();
    let mut game = Game::from_position(pos);
    game.play_text("Kf1").unwrap();
    assert_eq!(game.outcome(), None);
    game.play_text("Kf8").unwrap();
    assert_eq!(game.position().halfmoves(), 100);
    assert_eq!(game.outcome(), draw(EndReason::MoveRule));
}

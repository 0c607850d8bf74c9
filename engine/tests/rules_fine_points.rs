//! RULES.md, "Fine points": one test per sentence.

mod common;
use common::*;
use engine::{Color, EndReason, Game, MoveKind, Position, Variant};

/// "The king's leap jumps over whatever stands between (e1 to e3 over a
/// pawn on e2); ..."
#[test]
fn the_kings_leap_jumps_over_whatever_stands_between() {
    let pos = Position::new(Variant::Medieval);
    let leap = mv(&pos, "e1e3");
    assert_eq!(leap.kind, MoveKind::KingLeap);
    let after = pos.play(&leap);
    assert_eq!(after.king(Color::White), sq("e3"));
    assert_eq!(after.piece_at(sq("e2")).unwrap().role, engine::Role::Pawn);
    // Over an enemy piece too.
    let pos = board(Variant::Medieval, "Ke1 Pa2 kh8 ne2 ph7")
        .leap_rights("e1")
        .pos();
    assert!(is_legal(&pos, "e1e3"));
}

/// "... the crossed square must not be attacked, whoever stands on it."
#[test]
fn the_crossed_square_must_not_be_attacked_whoever_stands_on_it() {
    // White's own ferz on d1, attacked by the rook on d8.
    let pos = board(Variant::Medieval, "Ke1 Fd1 Pa2 kh8 rd8")
        .leap_rights("e1")
        .pos();
    assert!(!is_legal(&pos, "e1c1"));
    assert_eq!(
        why(&pos, "e1c1"),
        "the king may not leap across d1, which your opponent attacks"
    );
    // A black knight on d1, guarded by the rook on d8.
    let pos = board(Variant::Medieval, "Ke1 Pa2 kh8 rd8 nd1")
        .leap_rights("e1")
        .pos();
    assert!(!is_legal(&pos, "e1c1"));
    // Nobody attacking d1: the leap is fine whoever stands there.
    let pos = board(Variant::Medieval, "Ke1 Fd1 Pa2 kh8 rh7")
        .leap_rights("e1")
        .pos();
    assert!(is_legal(&pos, "e1c1"));
}

/// "The right to leap is lost only when the king moves; being checked
/// earlier does not remove it."
#[test]
fn the_right_to_leap_is_lost_only_when_the_king_moves_not_by_a_check() {
    let pos = board(Variant::Medieval, "Ke1 Ra2 Ph2 kh8 rb8 ph7")
        .leap_rights("e1")
        .black_to_move()
        .pos();
    let checked = play(&pos, &["Re8"]);
    assert!(checked.is_check());
    assert!(checked.leap_rights().contains(sq("e1")));
    assert_eq!(
        why(&checked, "e1c1"),
        "the king may not leap while in check"
    );
    let later = play(&checked, &["Re2", "Rb8"]);
    assert!(later.leap_rights().contains(sq("e1")));
    assert_eq!(mv(&later, "e1c1").kind, MoveKind::KingLeap);
    assert!(later.fen().contains(" e1 "), "{}", later.fen());
    // Other pieces moving do not take it either; the king's own step does.
    let stepped = play(&later, &["Kf1"]);
    assert!(!stepped.leap_rights().contains(sq("f1")));
    assert!(stepped.leap_rights().is_empty());
}

/// "Byzantine meeting removes only the mover's pawns."
#[test]
fn byzantine_meeting_removes_only_the_movers_pawns() {
    // White's pawns meet next to Black's pawn on a7: Black's pawn stays.
    let pos = board(Variant::Byzantine, "Kc5 Nd2 Pa4 Pa6 kf4 pa7")
        .anticlockwise("a6")
        .pos();
    let after = play(&pos, &["a4a5"]);
    assert_eq!(after.piece_at(sq("a5")), None);
    assert_eq!(after.piece_at(sq("a6")), None);
    assert_eq!(after.pieces_of(Color::Black, engine::Role::Pawn).count(), 1);
    // White's pawn facing Black's pawn: no meeting, both stay.
    let pos = board(Variant::Byzantine, "Kc5 Nd2 Pa4 kf4 pa6").pos();
    assert_eq!(pos.pawn_dir(sq("a6")), Some(engine::PawnDir::Anticlockwise));
    let after = play(&pos, &["a5"]);
    assert_eq!(after.piece_at(sq("a5")).unwrap().color, Color::White);
    assert_eq!(after.piece_at(sq("a6")).unwrap().color, Color::Black);
    assert_eq!(after.halfmoves(), 1);
}

/// "If it leaves the mover with a bare king against more, the mover loses
/// by the bare-king rule."
#[test]
fn a_meeting_that_bares_the_movers_king_loses() {
    let pos = board(Variant::Byzantine, "Kc5 Pa4 Pa6 kf4 nf6")
        .anticlockwise("a6")
        .pos();
    let g = game(&pos, &["a4a5"]);
    assert_eq!(g.outcome(), black_wins(EndReason::BareKing));
    // If the meeting move also took Black's last piece, both kings are
    // bare: a draw.
    let pos = board(Variant::Byzantine, "Kc5 Pb4 Pa6 kf4 na5")
        .anticlockwise("a6")
        .pos();
    let g = game(&pos, &["b4a5"]);
    assert_eq!(g.outcome(), draw(EndReason::BareKings));
}

/// "The bare-king rule comes before stalemate: a bare king with no move
/// loses, in Medieval chess too."
#[test]
fn the_bare_king_rule_comes_before_stalemate_in_medieval_chess_too() {
    for v in [Variant::Medieval, Variant::Shatranj, Variant::Courier] {
        let pos = board(v, "Kc7 Fb6 ka8").black_to_move().pos();
        assert!(pos.legal_moves().is_empty());
        assert_eq!(pos.outcome(), white_wins(EndReason::BareKing), "{v}");
    }
    // Reached in a game of Medieval chess, where stalemate would be a draw.
    let pos = board(Variant::Medieval, "Kc7 Ac2 Fb6 ka8 pa4").pos();
    let g = game(&pos, &["Axa4"]);
    assert!(g.position().legal_moves().is_empty());
    assert_eq!(g.outcome(), white_wins(EndReason::BareKing));
    // Byzantine: a bare king with no move loses too.
    let pos = board(Variant::Byzantine, "Ka3 Rg4 Nf2 ka1")
        .black_to_move()
        .pos();
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.outcome(), white_wins(EndReason::BareKing));
}

/// "Repetition counts over the whole game, the starting position
/// included; ..."
#[test]
fn repetition_counts_over_the_whole_game_the_starting_position_included() {
    // A game started from a set-up position counts that position.
    let start = board(Variant::Shatranj, "Ke1 Ra1 ke8 ra8").pos();
    let mut game = Game::from_position(start);
    assert_eq!(game.repetitions(), 1);
    for m in ["Kf1", "Kf8", "Ke1", "Ke8"] {
        game.play_text(m).unwrap();
    }
    assert_eq!(game.repetitions(), 2);
    // Far-apart occurrences count: wander off with the rooks and come back.
    for m in ["Ra2", "Ra7", "Ra1", "Ra8"] {
        game.play_text(m).unwrap();
    }
    assert_eq!(game.outcome(), draw(EndReason::Repetition));
    assert_eq!(game.repetitions(), 3);
}

/// "... on the round board a position can repeat after pawn moves, since
/// pawns walk round the ring."
#[test]
fn on_the_round_board_a_position_repeats_after_pawn_moves() {
    // A white pawn walks the outer ring while Black's knight shuffles; every
    // 16 White moves the pawn is home and the position repeats.
    let start = board(Variant::Byzantine, "Pa3 Kc1 kd5 ne4").pos();
    let mut game = Game::from_position(start);
    let knight = ["e4f6", "f6e4"];
    for k in 0..32 {
        let step = format!("{}{}", cell(3, 2 + k), cell(3, 3 + k));
        assert_eq!(game.outcome(), None, "before white move {k}");
        game.play_text(&step).unwrap();
        game.play_text(knight[(k % 2) as usize]).unwrap();
        if k == 15 {
            assert_eq!(game.repetitions(), 2);
            assert_eq!(*game.position(), {
                let mut s = start.to_setup();
                s.halfmoves = 32;
                s.fullmoves = 17;
                Position::from_setup(s, start.rules()).unwrap()
            });
        }
    }
    assert_eq!(game.moves().len(), 64);
    assert_eq!(game.position().halfmoves(), 64);
    assert_eq!(game.outcome(), draw(EndReason::Repetition));
}

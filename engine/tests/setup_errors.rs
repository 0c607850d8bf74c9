//! Positions the rules refuse, each with a message a player can act on.

mod common;
use common::*;
use engine::{Color, PawnDir, Piece, Position, Role, Setup, SetupError, Variant};

fn message(e: SetupError) -> String {
    e.to_string()
}

#[test]
fn no_king() {
    for v in Variant::ALL {
        let err = board(v, "Ra1 ke8").err();
        assert_eq!(err, SetupError::MissingKing(Color::White), "{v}");
        assert_eq!(message(err), "White has no king");
        assert_eq!(
            board(v, "Ke1 ra8").err(),
            SetupError::MissingKing(Color::Black)
        );
    }
    let empty = Position::from_setup(
        Setup::empty(Variant::Shatranj),
        Variant::Shatranj.default_rules(),
    );
    assert_eq!(empty.unwrap_err(), SetupError::MissingKing(Color::White));
}

#[test]
fn two_kings() {
    for v in Variant::ALL {
        let err = board(v, "Ke1 Kh1 ke8").err();
        assert_eq!(err, SetupError::TooManyKings(Color::White), "{v}");
        assert_eq!(message(err), "White has more than one king");
        assert_eq!(
            board(v, "Ke1 ke8 kh8").err(),
            SetupError::TooManyKings(Color::Black)
        );
    }
}

#[test]
fn pawn_on_back_rank() {
    for v in SQUARE_VARIANTS {
        for pawn in ["Pa1", "Pb8", "pc1", "pd8"] {
            let err = board(v, &format!("Ke1 ke8 {pawn}")).err();
            assert_eq!(
                err,
                SetupError::PawnOnBackRank(sq(&pawn[1..])),
                "{v} {pawn}"
            );
        }
        assert_eq!(
            message(board(v, "Ke1 ke8 Pa8").err()),
            "a pawn cannot stand on a8: pawns never stand on the first or last rank"
        );
    }
    // The round board has no back rank: rank 1 and 8 are cells of the rings.
    board(Variant::Byzantine, "Ke1 ke8 Pa1 pb8").pos();
}

#[test]
fn round_board_pawn_without_a_direction() {
    let mut b = board(Variant::Byzantine, "Kd1 ke8 Pc4");
    b.setup.pawn_dirs[sq("c4").index()] = None;
    let err = b.err();
    assert_eq!(err, SetupError::PawnWithoutDirection(sq("c4")));
    assert_eq!(
        message(err),
        "the pawn on c4 has no walking direction (the round board needs one for every pawn)"
    );
    // Square boards need none: the colour says which way.
    let mut b = board(Variant::Shatranj, "Kd1 ke8 Pc4");
    b.setup.pawn_dirs[sq("c4").index()] = None;
    b.pos();
}

#[test]
fn side_not_to_move_in_check() {
    for v in Variant::ALL {
        let err = board(v, "Ke1 Ra8 kh8").err();
        assert_eq!(err, SetupError::OppositeCheck(Color::Black), "{v}");
        assert_eq!(message(err), "the side not to move (Black) is in check");
        // The side to move may be in check.
        assert!(board(v, "Ke1 Ra8 kh8").black_to_move().pos().is_check());
    }
}

#[test]
fn facing_pawns_of_one_colour() {
    let err = board(Variant::Byzantine, "Kd1 ke8 Pa4 Pa5")
        .anticlockwise("a5")
        .err();
    assert!(
        matches!(err, SetupError::PawnsFacing(a, b) if [a, b] == [sq("a4"), sq("a5")] || [a, b] == [sq("a5"), sq("a4")]),
        "{err:?}"
    );
    assert!(
        message(err.clone())
            == "the pawns on a4 and a5 face each other: they would have met and left the board"
            || message(err)
                == "the pawns on a5 and a4 face each other: they would have met and left the board"
    );
    // Across the seam too: h8 walking clockwise faces a8... no: a8 walking
    // clockwise steps to h8, so a8 (clockwise) and h8 (anticlockwise) face.
    let err = board(Variant::Byzantine, "Kd1 ke8 pa8 ph8")
        .clockwise("a8")
        .anticlockwise("h8")
        .err();
    assert!(matches!(err, SetupError::PawnsFacing(..)), "{err:?}");
    // Pawns of different colours may face each other: they block.
    board(Variant::Byzantine, "Kd1 ke8 Pa4 pa5").pos();
    // Back to back, or one behind the other, is fine too.
    board(Variant::Byzantine, "Kd1 ke8 Pa4 Pa5")
        .anticlockwise("a4")
        .clockwise("a5")
        .pos();
    board(Variant::Byzantine, "Kd1 ke8 Pa4 Pa5").pos();
}

#[test]
fn bad_leap_rights() {
    let v = Variant::Medieval;
    for (pieces, square) in [
        ("Ke1 ke8", "e4"),
        ("Ke1 Nb1 ke8", "b1"),
        ("Ke1 Pe2 ke8", "e2"),
        ("Ke1 Ra1 ke8", "a1"),
    ] {
        let err = board(v, pieces).leap_rights(square).err();
        assert_eq!(
            err,
            SetupError::BadLeapRight(sq(square)),
            "{pieces} {square}"
        );
    }
    assert_eq!(
        message(board(v, "Ke1 ke8").leap_rights("e4").err()),
        "e4 has no unmoved king or ferz that could have a leap right"
    );
    // Any king or ferz may hold one, wherever it stands and of either colour.
    board(v, "Kd4 Fh5 ke8 fa3").leap_rights("d4 h5 e8 a3").pos();
}

#[test]
fn piece_off_the_board_or_not_in_the_variant() {
    let mut b = board(Variant::Shatranj, "Ke1 ke8");
    b.setup.board[sq("i1").index()] = Some(Piece::new(Color::White, Role::Rook));
    let err = b.err();
    assert_eq!(err, SetupError::OffBoard(sq("i1")));
    assert_eq!(message(err), "i1 is not a square of this board");
    for role in [Role::Courier, Role::Man, Role::Schleich] {
        for v in [Variant::Shatranj, Variant::Medieval, Variant::Byzantine] {
            let mut b = board(v, "Ke1 ke8");
            b.setup.board[sq("c4").index()] = Some(Piece::new(Color::White, role));
            assert_eq!(b.err(), SetupError::RoleNotInVariant(role, v.title()));
        }
    }
    let mut b = board(Variant::Shatranj, "Ke1 ke8");
    b.setup.board[sq("c4").index()] = Some(Piece::new(Color::White, Role::Courier));
    assert_eq!(message(b.err()), "there is no courier in Shatranj");
}

#[test]
fn a_sound_setup_is_accepted_and_round_trips() {
    for v in Variant::ALL {
        let pos = Position::new(v);
        let again = Position::from_setup(pos.to_setup(), pos.rules()).unwrap();
        assert_eq!(again, pos);
        assert_eq!(again.hash(), pos.hash());
    }
    let pos = board(Variant::Byzantine, "Kd1 ke8 Pa4 pa5").pos();
    assert_eq!(pos.pawn_dir(sq("a4")), Some(PawnDir::Clockwise));
    assert_eq!(pos.pawn_dir(sq("a5")), Some(PawnDir::Anticlockwise));
}

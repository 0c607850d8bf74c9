//! RULES.md: "FEN: for Shatranj and Courier, exactly Fairy-Stockfish's; for
//! Medieval and Byzantine, the same scheme with documented extra fields for
//! the rights and the pawns' directions." And errors for broken FEN.

mod common;
use common::*;
use engine::{fen::MAX_FEN_LEN, FenError, PawnDir, Position, SetupError, Variant};

/// The FEN after playing `moves` from the start.
fn fen_after(v: Variant, moves: &[&str]) -> String {
    play(&Position::new(v), moves).fen()
}

/// Shatranj and Courier write exactly what Fairy-Stockfish writes. The
/// expected strings come from pyffish 0.0.90 (`pyffish.get_fen`) for the
/// same moves.
#[test]
fn shatranj_and_courier_fen_is_exactly_fairy_stockfishs() {
    let s = Variant::Shatranj;
    assert_eq!(
        fen_after(s, &["g1f3", "g8f6", "f3g1", "f6g8"]),
        "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 4 3"
    );
    assert_eq!(
        fen_after(s, &["e2e3", "d7d6", "e3e4", "d6d5", "e4d5", "c8e6", "d5e6"]),
        "rn1kqbnr/ppp1pppp/4P3/8/8/8/PPPP1PPP/RNBKQBNR b - - 0 4"
    );
    let pos = fen(s, "4k3/1P5p/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        play(&pos, &["b7b8"]).fen(),
        "1Q2k3/7p/8/8/8/8/8/4K3 b - - 0 1"
    );

    let c = Variant::Courier;
    assert_eq!(
        fen_after(c, &["e2e3", "e7e6", "d1f3", "h7h6", "f3c6", "d7c6"]),
        "rnebmk1wbenr/1pp2p2ppp1/2p1p1fp4/p5p4p/P5P4P/4P1F5/1PPP1P1PPPP1/RNE1MK1WBENR w - - 0 4"
    );
    assert_eq!(
        fen_after(c, &["b2b3", "b7b6", "c1a3", "c8a6", "h1g1", "h8g8"]),
        "rn1bmkw1benr/2pppp1pppp1/ep4f5/p5p4p/P5P4P/EP4F5/2PPPP1PPPP1/RN1BMKW1BENR w - - 4 4"
    );
    let pos = fen(c, "4k7/1P9p/12/12/12/12/12/4K7 w - - 0 1");
    assert_eq!(
        play(&pos, &["b7b8"]).fen(),
        "1F2k7/11p/12/12/12/12/12/4K7 b - - 0 1"
    );
    // Fairy-Stockfish marks promoted pieces with '~'; reading ignores it.
    let pos = fen(s, "1Q~2k3/7p/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(pos.fen(), "1Q2k3/7p/8/8/8/8/8/4K3 b - - 0 1");
}

/// Medieval chess: the third field holds `P` while pawns may double step,
/// then the squares of the kings and ferzes that may still leap.
#[test]
fn medieval_fen_carries_the_rights_in_the_third_field() {
    let v = Variant::Medieval;
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Pd1e1d8e8 - 0 1";
    assert_eq!(Position::new(v).fen(), start);
    assert_eq!(fen(v, start), Position::new(v));
    // The king leaps: its right is gone.
    assert_eq!(
        fen_after(v, &["Kc3"]),
        "rnbqkbnr/pppppppp/8/8/8/2K5/PPPPPPPP/RNBQ1BNR b Pd1d8e8 - 1 1"
    );
    // The first capture: no more double steps.
    assert_eq!(
        fen_after(v, &["e4", "d5", "exd5"]),
        "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b d1e1d8e8 - 0 2"
    );
    // Nothing left: '-'.
    let pos = board(v, "Ke1 ke8 pa7").pos();
    assert_eq!(pos.fen(), "4k3/p7/8/8/8/8/8/4K3 w - - 0 1");
    // Left out, the rights are read from the board: kings and ferzes on
    // their start squares, double steps while all 32 pieces stand.
    let pos = fen(v, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w");
    assert_eq!(pos, Position::new(v));
    let pos = fen(v, "rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w");
    assert!(pos.captured());
    assert_eq!(pos.leap_rights().count(), 4);
    // A promoted ferz's right is written with its square.
    let pos = board(v, "Pb7 Kh1 kh8 ph5").pos();
    assert_eq!(play(&pos, &["b8"]).fen(), "1Q5k/8/8/7p/8/8/8/7K b b8 - 0 1");
}

/// Byzantine chess: a seventh field lists the clockwise pawns, a slash,
/// the anticlockwise ones.
#[test]
fn byzantine_fen_carries_the_pawn_directions_in_a_seventh_field() {
    let v = Variant::Byzantine;
    let start =
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1 a2b2c2d2e7f7g7h7/e2f2g2h2a7b7c7d7";
    assert_eq!(Position::new(v).fen(), start);
    assert_eq!(fen(v, start), Position::new(v));
    // Left out, every pawn walks as at the start.
    assert_eq!(
        fen(v, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1"),
        Position::new(v)
    );
    // A pawn that walked round keeps its listed direction.
    let text = "3k4/8/8/8/8/8/8/3K3P w - - 0 1 h1/-";
    let pos = fen(v, text);
    assert_eq!(pos.pawn_dir(sq("h1")), Some(PawnDir::Clockwise));
    assert_eq!(targets(&pos, "h1"), names(&["a1"]));
    assert_eq!(pos.fen(), text);
    // The same board without the field: the pawn walks as White's right
    // wing does, up the right half.
    let default = fen(v, "3k4/8/8/8/8/8/8/3K3P w - - 0 1");
    assert_eq!(targets(&default, "h1"), names(&["h2"]));
    assert_eq!(default.fen(), "3k4/8/8/8/8/8/8/3K3P w - - 0 1 -/h1");
    // No pawns: "-/-".
    assert!(board(v, "Kd1 ke8").pos().fen().ends_with(" -/-"));
}

/// A position reached by a promotion is the same as that position read
/// from its FEN (the new ferz keeps nothing of the pawn).
#[test]
fn a_promotion_reads_back_from_fen() {
    for v in [Variant::Shatranj, Variant::Medieval, Variant::Courier] {
        let white = board(v, "Pb7 Kh1 kh8 pa7").pos();
        let black = board(v, "Kh1 Pa2 kh8 pb2").black_to_move().pos();
        for after in [play(&white, &["b8"]), play(&black, &["b1"])] {
            let back = fen(v, &after.fen());
            assert_eq!(back, after, "{v}");
            assert_eq!(back.hash(), after.hash(), "{v}");
        }
    }
}

/// Every start position reads back from its own FEN.
#[test]
fn start_positions_round_trip() {
    for v in Variant::ALL {
        let pos = Position::new(v);
        let again = fen(v, &pos.fen());
        assert_eq!(again, pos, "{v}");
        assert_eq!(again.hash(), pos.hash(), "{v}");
        assert_eq!(again.fen(), pos.fen());
    }
}

fn err(v: Variant, text: &str) -> FenError {
    Position::from_fen(v, text).expect_err(text)
}

#[test]
fn broken_fen_empty_or_too_long() {
    assert_eq!(err(Variant::Shatranj, ""), FenError::Empty);
    assert_eq!(err(Variant::Shatranj, "   "), FenError::Empty);
    assert_eq!(FenError::Empty.to_string(), "the FEN is empty");
    let long = format!("{} w - - 0 1", "8/".repeat(120));
    assert!(long.len() > MAX_FEN_LEN);
    assert_eq!(err(Variant::Shatranj, &long), FenError::TooLong);
    assert_eq!(
        FenError::TooLong.to_string(),
        "the FEN is too long (at most 200 characters)"
    );
}

#[test]
fn broken_fen_wrong_rank_count() {
    let e = err(Variant::Shatranj, "8/8/8 w - - 0 1");
    assert_eq!(
        e.to_string(),
        "the board part of the FEN: expected 8 ranks separated by '/', found 3"
    );
    let e = err(
        Variant::Shatranj,
        "rnbkqbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1",
    );
    assert_eq!(
        e.to_string(),
        "the board part of the FEN: expected 8 ranks separated by '/', found 9"
    );
}

#[test]
fn broken_fen_bad_letters() {
    let e = err(
        Variant::Shatranj,
        "rnbkqbnx/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1",
    );
    assert_eq!(
        e.to_string(),
        "the board part of the FEN: 'x' is not a piece letter in Shatranj"
    );
    // Courier's pieces are not Shatranj's.
    for letter in ['m', 'w', 'e', 'c', 's'] {
        let text = format!("3k4/8/8/8/8/8/8/2{letter}K4 w - - 0 1");
        assert!(
            matches!(err(Variant::Shatranj, &text), FenError::Board(_)),
            "{letter}"
        );
    }
    let e = err(Variant::Courier, "k11/12/12/12/12/12/12/K10z w - - 0 1");
    assert_eq!(
        e.to_string(),
        "the board part of the FEN: 'z' is not a piece letter in Courier chess"
    );
}

#[test]
fn broken_fen_bad_numbers() {
    for (board, rank, found) in [
        ("9/8/8/8/8/8/8/3K3k", 8, 9),
        ("7/8/8/8/8/8/8/3K3k", 8, 7),
        ("44/8/8/8/8/8/8/3K3k", 8, 44),
        ("8/8/8/8/8/8/8/3K4k", 1, 9),
        ("8/8/8/8/8/8/8/3K2k", 1, 7),
    ] {
        let e = err(Variant::Shatranj, &format!("{board} w - - 0 1"));
        assert_eq!(
            e.to_string(),
            format!(
                "the board part of the FEN: rank {rank} has {found} squares, the board has 8 files"
            ),
            "{board}"
        );
    }
    // Courier needs 12 files; "12" and "11" are numbers, not 1 and 2.
    assert!(Position::from_fen(Variant::Courier, "k11/12/12/12/12/12/12/11K w - - 0 1").is_ok());
    let e = err(Variant::Courier, "k11/12/12/12/12/12/12/8K w - - 0 1");
    assert!(
        e.to_string()
            .contains("rank 1 has 9 squares, the board has 12 files"),
        "{e}"
    );
    // A zero is no count of empty squares.
    assert_eq!(
        err(Variant::Shatranj, "08/8/8/8/8/8/8/3K3k w - - 0 1").to_string(),
        "the board part of the FEN: rank 8 has a count of 0 empty squares: counts run from 1"
    );
    for board in [
        "08/8/8/8/8/8/8/3K3k",
        "8/8/8/8/8/8/8/3K3k0",
        "80/8/8/8/8/8/8/3K3k",
    ] {
        assert!(
            matches!(
                err(Variant::Shatranj, &format!("{board} w - - 0 1")),
                FenError::Board(_)
            ),
            "{board}"
        );
    }
}

#[test]
fn broken_fen_other_fields() {
    let board = "3k4/8/8/8/8/8/8/3K3R";
    let s = Variant::Shatranj;
    assert_eq!(
        err(s, &format!("{board} x - - 0 1")).to_string(),
        "the side to move must be 'w' or 'b', not 'x'"
    );
    assert_eq!(
        err(s, &format!("{board} w KQkq - 0 1")).to_string(),
        "the rights field 'KQkq' is not valid here"
    );
    assert_eq!(
        err(s, &format!("{board} w - e3 0 1")),
        FenError::Rights("e3".into())
    );
    assert_eq!(
        err(s, &format!("{board} w - - x 1")).to_string(),
        "the halfmove clock must be a whole number, not 'x'"
    );
    assert_eq!(
        err(s, &format!("{board} w - - -1 1")).to_string(),
        "the halfmove clock must be a whole number, not '-1'"
    );
    assert_eq!(
        err(s, &format!("{board} w - - 0 one")).to_string(),
        "the move number must be a whole number, not 'one'"
    );
    assert_eq!(
        err(s, &format!("{board} w - - 0 1 extra")).to_string(),
        "too many fields in the FEN"
    );
    // Medieval rights that name no square, or a square without a king or ferz.
    let m = Variant::Medieval;
    assert_eq!(
        err(m, &format!("{board} w Pz9 - 0 1")),
        FenError::Rights("Pz9".into())
    );
    assert_eq!(
        err(m, &format!("{board} w Pd - 0 1")),
        FenError::Rights("Pd".into())
    );
    assert_eq!(
        err(m, &format!("{board} w e4 - 0 1")).to_string(),
        "impossible position: e4 has no unmoved king or ferz that could have a leap right"
    );
    // Byzantine pawn directions.
    let b = Variant::Byzantine;
    let pawns = "3k4/8/8/8/8/8/P7/3K4 w - - 0 1";
    assert_eq!(
        err(b, &format!("{pawns} a2")).to_string(),
        "the pawn directions 'a2' are not valid: expected clockwise squares, '/', anticlockwise squares"
    );
    assert_eq!(
        err(b, &format!("{pawns} a2e4/-")).to_string(),
        "the pawn directions 'a2e4/-' are not valid: there is no pawn on e4"
    );
    assert_eq!(
        err(b, &format!("{pawns} a2/a2")).to_string(),
        "the pawn directions 'a2/a2' are not valid: a2 is listed twice"
    );
    assert_eq!(
        err(b, &format!("{pawns} a2b/-")).to_string(),
        "the pawn directions 'a2b/-' are not valid: squares are two characters each"
    );
    assert_eq!(
        err(b, &format!("{pawns} -/-")),
        FenError::Setup(SetupError::PawnWithoutDirection(sq("a2")))
    );
}

#[test]
fn broken_fen_impossible_positions() {
    assert_eq!(
        err(Variant::Shatranj, "8/8/8/8/8/8/8/3K4 w - - 0 1").to_string(),
        "impossible position: Black has no king"
    );
    assert_eq!(
        err(Variant::Shatranj, "3k4/8/8/8/8/8/8/3R1K2 w - - 0 1").to_string(),
        "impossible position: the side not to move (Black) is in check"
    );
    assert_eq!(
        err(Variant::Courier, "k11/12/12/12/12/12/12/K10P w - - 0 1").to_string(),
        "impossible position: a pawn cannot stand on l1: pawns never stand on the first or last rank"
    );
}

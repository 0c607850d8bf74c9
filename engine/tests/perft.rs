//! Perft: the number of move sequences of each length from the start.
//! Shatranj and Courier counts are Fairy-Stockfish's; Medieval's were given
//! with the engine; Byzantine's are counted by hand for depths 1 and 2 and
//! by the naive second implementation in `naive/` beyond.

mod common;
mod naive;
use common::*;
use engine::{divide, perft, Position, Variant};
use naive::Naive;

fn counts(v: Variant, depths: u32) -> Vec<u64> {
    let pos = Position::new(v);
    (1..=depths).map(|d| perft(&pos, d)).collect()
}

#[test]
fn shatranj_start() {
    assert_eq!(
        counts(Variant::Shatranj, 5),
        [16, 256, 4176, 68122, 1164248]
    );
}

#[test]
fn courier_start() {
    assert_eq!(counts(Variant::Courier, 4), [26, 678, 18406, 500337]);
}

#[test]
fn medieval_start() {
    assert_eq!(counts(Variant::Medieval, 4), [32, 1024, 31568, 969506]);
}

/// Byzantine, by hand. White's pieces hold positions 14, 15, 0, 1 of each
/// ring and Black's 6..9; the cells in between are empty.
/// - Pawns: each of the 8 steps one cell towards the middle: 8.
/// - Knights: b1 (ring 2, position 0) reaches a3 (3, 2) and c3 (1, 2); its
///   other targets (3, 14), (1, 14), (0, 1), (0, 15) hold White's own
///   pieces. g1 likewise reaches h3 and f3: 4.
/// - Alfils: c1 (1, 0) reaches a3 (3, 2), not h2 (own pawn); f1 reaches
///   h3: 2.
/// - Rooks, king and ferz are walled in by their own pieces: 0.
///
/// So 14; Black, the same position turned half a turn, has 14 answers to
/// each, and no White first move reaches a cell Black's first moves use
/// (positions 4, 5, 10, 11) or gives check: 14 x 14 = 196.
#[test]
fn byzantine_start_by_hand() {
    assert_eq!(counts(Variant::Byzantine, 2), [14, 196]);
    let pos = Position::new(Variant::Byzantine);
    assert_eq!(
        legal(&pos),
        names(&[
            "a2a3", "b1a3", "b1c3", "b2b3", "c1a3", "c2c3", "d2d3", "e2e3", "f1h3", "f2f3", "g1f3",
            "g1h3", "g2g3", "h2h3"
        ])
    );
}

#[test]
fn byzantine_start_against_the_naive_implementation() {
    let pos = Position::new(Variant::Byzantine);
    let naive = Naive::from_position(&pos);
    for depth in 1..=3 {
        assert_eq!(perft(&pos, depth), naive.perft(depth), "depth {depth}");
    }
    assert_eq!(perft(&pos, 3), 2912);
    assert_eq!(perft(&pos, 4), 43267);
    assert_eq!(perft(&pos, 5), 679749);
}

/// Small-depth perft against the naive implementation from the start of
/// the square variants too, and from positions rich in special moves.
#[test]
fn perft_against_the_naive_implementation() {
    let positions = [
        Position::new(Variant::Shatranj),
        Position::new(Variant::Medieval),
        Position::new(Variant::Courier),
        // Medieval: leaps near attacked squares, double steps, promotion.
        board(
            Variant::Medieval,
            "Ke1 Fd1 Pb7 Pe2 Pd2 Rh1 ke8 fd8 rd6 pc7 pf4 nb4",
        )
        .leap_rights("e1 d1 e8 d8")
        .no_capture_yet()
        .pos(),
        // Byzantine: pawns about to meet, rooks round the rings.
        board(
            Variant::Byzantine,
            "Kd1 Ra1 Pa4 Pa6 Pb5 Nc3 ke8 rh8 pe5 pf5 ng4",
        )
        .anticlockwise("a6 b5")
        .pos(),
        // Courier: couriers, men and schleichs in the open.
        board(Variant::Courier, "Kf1 Cd4 Mg4 Sh3 Pk7 kf8 ce6 ma5 sl5 pb2").pos(),
    ];
    for pos in positions {
        let naive = Naive::from_position(&pos);
        for depth in 1..=3 {
            assert_eq!(
                perft(&pos, depth),
                naive.perft(depth),
                "{pos:?} depth {depth}"
            );
        }
    }
}

/// `divide` splits perft by first move.
#[test]
fn divide_sums_to_perft() {
    for v in Variant::ALL {
        let pos = Position::new(v);
        let split = divide(&pos, 3);
        assert_eq!(split.len(), pos.legal_moves().len());
        assert_eq!(
            split.iter().map(|(_, n)| n).sum::<u64>(),
            perft(&pos, 3),
            "{v}"
        );
    }
}

/// A finished game has no moves to count.
#[test]
fn perft_of_a_finished_game_is_zero() {
    let bare = board(Variant::Shatranj, "Ke1 Ra1 ke8").pos();
    assert_eq!(perft(&bare, 1), 0);
    let mate = play(&board(Variant::Shatranj, "Kb6 Rh1 ka8 pc5").pos(), &["Rh8"]);
    assert_eq!(perft(&mate, 1), 0);
    // The bare side's counter reply keeps the game going.
    let counter = board(Variant::Shatranj, "Ke1 Ra5 kb6")
        .black_to_move()
        .pos();
    assert_eq!(perft(&counter, 1), counter.legal_moves().len() as u64);
}

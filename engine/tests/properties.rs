//! Properties over random games in all four variants: FEN and SAN round
//! trips, legal moves equal to the naive second implementation's (and the
//! captures-only list equal to their captures and promotions), no legal
//! move leaving the mover's king attacked, and colour symmetry of perft.
//!
//! The symmetries used:
//! - Square boards: mirror the ranks (rank r to 9 - r), swap the colours of
//!   all pieces and the side to move; Medieval leap rights move with their
//!   pieces, and the first-capture flag stays. White's pawns walk up and
//!   Black's down, so mirrored pawns still walk forward.
//! - Round board, half a turn: cell (ring, p) to (ring, p + 8), colours and
//!   side to move swapped. A turn is a shift along every ring, so it keeps
//!   each pawn's sense of walking: clockwise stays clockwise (this is how
//!   Black's start is made from White's).
//! - Round board, a reflection: cell (ring, p) to (ring, 15 - p) (the
//!   square board's a-h mirror), colours kept. A reflection reverses the
//!   sense of walking, so every pawn's direction is reversed.

mod common;
mod naive;
use engine::{
    perft, BoardKind, Color, Move, PawnDir, Piece, Position, Setup, Square, Variant, SQUARES,
};
use naive::Naive;
use proptest::prelude::*;

/// Plays a random game: each choice picks a move, preferring captures and
/// pawn moves when its low bits say so (to reach promotions, meetings and
/// bare kings). Stops when the position's game is over.
fn playout(variant: Variant, choices: &[u16]) -> Vec<Position> {
    let mut pos = Position::new(variant);
    let mut seen = vec![pos];
    for &c in choices {
        if pos.outcome().is_some() {
            break;
        }
        let moves = pos.legal_moves();
        let eager: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| m.is_capture() || m.role == engine::Role::Pawn)
            .collect();
        let pool: &[Move] = if c % 4 != 0 && !eager.is_empty() {
            &eager
        } else {
            &moves
        };
        let m = pool[(c as usize / 4) % pool.len()];
        pos = pos.play(&m);
        seen.push(pos);
    }
    seen
}

fn variant_of(i: usize) -> Variant {
    Variant::ALL[i % 4]
}

/// Everything about one position that must hold.
fn check_position(pos: &Position) -> Result<(), TestCaseError> {
    let v = pos.variant();
    // FEN round trip.
    let text = pos.fen();
    let back =
        Position::from_fen(v, &text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
    prop_assert_eq!(&back, pos, "FEN {}", text);
    prop_assert_eq!(back.hash(), pos.hash(), "hash after FEN {}", text);
    prop_assert_eq!(&back.fen(), &text);

    // The same legal moves as the naive implementation.
    let naive = Naive::from_position(pos);
    let mut ours: Vec<String> = pos.legal_moves().iter().map(|m| m.uci()).collect();
    ours.sort();
    prop_assert_eq!(&ours, &naive.legal(), "legal moves in {}", text);
    prop_assert_eq!(pos.is_check(), naive.in_check(), "check in {}", text);
    prop_assert_eq!(
        pos.bare_king().is_some(),
        naive.bare_over(pos.rules().counter),
        "bare king in {}",
        text
    );
    prop_assert_eq!(
        pos.has_legal_moves(),
        !ours.is_empty(),
        "any move in {}",
        text
    );
    if pos.legal_moves().is_empty() {
        prop_assert!(pos.outcome().is_some(), "no move but no end in {}", text);
    }
    // The quiescence search's captures-only list is exactly the legal
    // captures and promotions.
    let tactical: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.is_capture() || m.promotion)
        .collect();
    prop_assert_eq!(
        pos.tactical_moves().to_vec(),
        tactical,
        "tactical moves in {}",
        text
    );

    let us = pos.turn();
    for m in pos.legal_moves() {
        // No legal move leaves the mover's own king attacked.
        let after = pos.play(&m);
        prop_assert_eq!(
            pos.gives_check(&m),
            after.is_check(),
            "whether {} checks in {}",
            m,
            text
        );
        let attackers = after.attackers(after.king(us), us.other(), after.occupied());
        prop_assert!(
            attackers.is_empty(),
            "{} leaves the king attacked in {}",
            m,
            text
        );
        // SAN and coordinates read back as the same move.
        let san = pos.san(&m);
        prop_assert_eq!(pos.parse_move(&san), Ok(m), "SAN {} in {}", san, text);
        prop_assert_eq!(pos.parse_move(&m.uci()), Ok(m), "uci {} in {}", m, text);
        prop_assert_eq!(pos.why_illegal(m.from, m.to), None);
    }
    Ok(())
}

/// The colour mirror of a position (`Setup::mirrored`).
fn mirror(pos: &Position) -> Position {
    Position::from_setup(pos.to_setup().mirrored(), pos.rules())
        .expect("the mirror of a legal position is legal")
}

/// A round-board symmetry: `cell` maps (ring, p) to (ring, p'), `swap`
/// swaps colours and the side to move, `reverse` reverses every pawn.
fn transform_round(
    pos: &Position,
    cell: impl Fn(i32) -> i32,
    swap: bool,
    reverse: bool,
) -> Position {
    let s = pos.to_setup();
    let mut m = Setup::empty(s.variant);
    let round = BoardKind::Round;
    for i in 0..SQUARES {
        let sq = Square::from_index(i).unwrap();
        let Some(p) = s.board[i] else { continue };
        let (ring, at) = round.coords(sq);
        let to = round.at(ring, cell(at)).unwrap();
        let color = if swap { p.color.other() } else { p.color };
        m.board[to.index()] = Some(Piece::new(color, p.role));
        m.pawn_dirs[to.index()] = s.pawn_dirs[i].map(|d| if reverse { d.reverse() } else { d });
    }
    m.turn = if swap { s.turn.other() } else { s.turn };
    m.halfmoves = s.halfmoves;
    m.fullmoves = s.fullmoves;
    Position::from_setup(m, pos.rules()).expect("a symmetric image of a legal position is legal")
}

fn half_turn(pos: &Position) -> Position {
    transform_round(pos, |p| p + 8, true, false)
}

fn reflection(pos: &Position) -> Position {
    transform_round(pos, |p| 15 - p, false, true)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_property(v in 0usize..4, choices in prop::collection::vec(any::<u16>(), 0..200)) {
        for pos in playout(variant_of(v), &choices) {
            check_position(&pos)?;
        }
    }

    #[test]
    fn colour_mirror_has_equal_perft(v in 0usize..4, choices in prop::collection::vec(any::<u16>(), 0..80)) {
        let variant = variant_of(v);
        let games = playout(variant, &choices);
        let pos = *games.last().unwrap();
        let depth = 2;
        if variant == Variant::Byzantine {
            let turned = half_turn(&pos);
            prop_assert_eq!(mirror(&pos), turned);
            prop_assert_eq!(perft(&turned, depth), perft(&pos, depth), "{:?} / {:?}", pos, turned);
            let mirrored = reflection(&pos);
            prop_assert_eq!(perft(&mirrored, depth), perft(&pos, depth), "{:?} / {:?}", pos, mirrored);
        } else {
            let mirrored = mirror(&pos);
            prop_assert_eq!(perft(&mirrored, depth), perft(&pos, depth), "{:?} / {:?}", pos, mirrored);
            prop_assert_eq!(mirror(&mirrored), pos);
        }
    }
}

/// The start positions are their own colour mirrors (square boards) and
/// their own half turns (the round board), move for move.
#[test]
fn start_positions_are_colour_symmetric() {
    for v in [Variant::Shatranj, Variant::Medieval, Variant::Courier] {
        let start = Position::new(v);
        let mut mirrored = mirror(&start);
        // The mirror has Black to move; compare after one move each way.
        assert_eq!(mirrored.turn(), Color::Black);
        assert_eq!(perft(&mirrored, 3), perft(&start, 3), "{v}");
        mirrored = mirror(&mirrored);
        assert_eq!(mirrored, start);
    }
    let start = Position::new(Variant::Byzantine);
    let turned = half_turn(&start);
    // Turning the start half a turn gives the start with colours swapped:
    // the same board, Black to move.
    assert_eq!(turned.to_setup().board, start.to_setup().board);
    assert_eq!(turned.to_setup().pawn_dirs, start.to_setup().pawn_dirs);
    assert_eq!(turned.turn(), Color::Black);
    assert_eq!(perft(&turned, 3), perft(&start, 3));
    assert_eq!(perft(&reflection(&start), 3), perft(&start, 3));
    // The directions survive a half turn unchanged and a reflection reversed.
    assert_eq!(
        turned.pawn_dir(Square::parse("h7").unwrap()),
        Some(PawnDir::Clockwise)
    );
    let (a2, h2) = (Square::parse("a2").unwrap(), Square::parse("h2").unwrap());
    assert_eq!(
        reflection(&start).pawn_dir(h2),
        start.pawn_dir(a2).map(PawnDir::reverse)
    );
}

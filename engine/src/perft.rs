//! Perft: counting the leaves of the move tree, the standard check of a
//! move generator.

use crate::position::Position;

/// The number of move sequences of `depth` plies. A finished game
/// (checkmate, stalemate, bare king) has no moves; repetition and the
/// move-count rule are ignored, as Fairy-Stockfish's perft does.
///
/// ```
/// use engine::{perft, Position, Variant};
/// assert_eq!(perft(&Position::new(Variant::Shatranj), 2), 256);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.bare_king().is_some() {
        return 0;
    }
    if depth == 1 {
        return pos.count_legal_moves() as u64;
    }
    pos.legal_moves()
        .iter()
        .map(|m| perft(&pos.play(m), depth - 1))
        .sum()
}

/// Perft split by first move, in the order the moves are generated.
pub fn divide(pos: &Position, depth: u32) -> Vec<(crate::Move, u64)> {
    if depth == 0 || pos.bare_king().is_some() {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|m| (*m, perft(&pos.play(m), depth - 1)))
        .collect()
}

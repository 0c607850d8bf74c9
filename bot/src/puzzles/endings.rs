//! Endings to look for stalemates in: the positions of engine games once
//! few pieces are left, and small variations of them. A stalemate that
//! wins needs a side that can hardly move, which real endings give only
//! now and then; the variations multiply those moments while staying
//! positions a game could reach:
//!
//! - the opponent's other moves: from the position before its move, every
//!   legal reply it could have played instead (legal by construction);
//! - one piece of either side gone (not a side's last one: a bare king
//!   loses by the bare-king rule before any stalemate), as if it had been
//!   traded earlier. Taking one of the solver's pieces matters most: a
//!   stalemate is a puzzle only when nothing else wins, that is when the
//!   solver is not simply a piece up. The setup is re-checked, so pawns
//!   stay off the back ranks and the side not to move is never in check.

use engine::{Position, Role};

/// A position is an ending when both sides together have at most this
/// many pieces besides the kings.
pub const ENDING_PIECES: usize = 10;

/// Pieces besides the kings, both sides together.
pub fn pieces(pos: &Position) -> usize {
    pos.occupied().count().saturating_sub(2)
}

pub fn is_ending(pos: &Position) -> bool {
    pieces(pos) <= ENDING_PIECES
}

/// Positions with the other side to move reached from `before`: each
/// legal move of the side to move, and each of those with one piece of
/// either side removed.
pub fn variations(before: &Position) -> Vec<Position> {
    let mut out = Vec::new();
    if before.outcome().is_some() {
        return out;
    }
    for m in before.legal_moves().iter() {
        let after = before.play(m);
        if after.outcome().is_some() {
            continue;
        }
        out.push(after);
        for color in engine::Color::ALL {
            out.extend(without_one_piece(&after, color));
        }
    }
    out
}

/// `pos` with one piece of `color` (not its king, not its last piece)
/// taken off, for every such piece that leaves a legal position.
fn without_one_piece(pos: &Position, color: engine::Color) -> Vec<Position> {
    let own = pos.pieces(color);
    if own.count() <= 2 {
        return Vec::new();
    }
    own.into_iter()
        .filter(|sq| pos.piece_at(*sq).is_some_and(|p| p.role != Role::King))
        .filter_map(|sq| {
            let mut setup = pos.to_setup();
            setup.board[sq.index()] = None;
            setup.pawn_dirs[sq.index()] = None;
            // A removed piece is a capture that happened before: the
            // move-count rule starts again.
            setup.halfmoves = 0;
            Position::from_setup(setup, pos.rules()).ok()
        })
        .filter(|p| p.outcome().is_none())
        .collect()
}

//! Correction history: how far the static evaluation has been from what
//! the search then found, remembered per side to move and pawn structure,
//! and per side to move and each colour's pieces. The evaluation misjudges
//! some structures consistently (a pawn chain that is weaker or stronger
//! than its terms say, pieces placed better or worse than it rates); the
//! search learns that within a game and corrects the next evaluation of
//! the same structure, which sharpens every cut that leans on the static
//! eval.
//! The pieces' tables came with session 46, for Courier chess only
//! (self-play, +26 Elo over 200 games at 40 ms; see the README), after
//! Stockfish's non-pawn correction history.

use crate::position::Position;
use crate::types::{Color, Role};
use crate::variant::Variant;

const SIZE: usize = 16_384;
/// The largest entry.
const LIMIT: i32 = 1024;
/// The correction of a full pawn entry, in centipawns; smaller entries
/// correct by the square of their share, so a few surprises move little.
/// A full pieces entry corrects half as much.
const MAX_CORRECTION: i32 = 64;

pub(crate) struct Correction {
    /// By side to move and both sides' pawns.
    pawns: Vec<i32>,
    /// By side to move and one colour's pieces (king included, pawns
    /// not), one table per colour.
    pieces: [Vec<i32>; 2],
}

impl Correction {
    pub(crate) fn new() -> Correction {
        Correction {
            pawns: vec![0; 2 * SIZE],
            pieces: [vec![0; 2 * SIZE], vec![0; 2 * SIZE]],
        }
    }

    pub(crate) fn clear(&mut self) {
        self.pawns.fill(0);
        self.pieces.iter_mut().for_each(|t| t.fill(0));
    }

    fn pawn_index(pos: &Position) -> usize {
        let pawns = pos.by_role[Role::Pawn.index()];
        let white = (pawns & pos.by_color[Color::White.index()]).0;
        let black = (pawns & pos.by_color[Color::Black.index()]).0;
        let key = fold(white)
            ^ fold(black)
                .rotate_left(29)
                .wrapping_mul(0x9e37_79b9_7f4a_7c15);
        slot(pos, key)
    }

    fn piece_index(pos: &Position, color: Color) -> usize {
        let own = pos.by_color[color.index()] & !pos.by_role[Role::Pawn.index()];
        let mut key = color.index() as u64;
        for role in Role::ALL.into_iter().filter(|&r| r != Role::Pawn) {
            key = key.rotate_left(7) ^ fold((own & pos.by_role[role.index()]).0);
            key = key.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
        slot(pos, key)
    }

    /// The evaluation `eval` of `pos`, corrected by what searches of the
    /// same structures found.
    pub(crate) fn corrected(&self, pos: &Position, eval: i32) -> i32 {
        let mut eval = eval + size(self.pawns[Correction::pawn_index(pos)]);
        if by_pieces(pos.variant) {
            for color in Color::ALL {
                eval += size(self.pieces[color.index()][Correction::piece_index(pos, color)]) / 2;
            }
        }
        eval
    }

    /// A search `depth` plies deep found `pos` worth `diff` more than its
    /// (corrected) static evaluation.
    pub(crate) fn learn(&mut self, pos: &Position, diff: i32, depth: i32) {
        let bonus = (diff * depth / 8).clamp(-LIMIT / 4, LIMIT / 4);
        let pull = |e: &mut i32| *e += bonus - *e * bonus.abs() / LIMIT;
        pull(&mut self.pawns[Correction::pawn_index(pos)]);
        if by_pieces(pos.variant) {
            for color in Color::ALL {
                pull(&mut self.pieces[color.index()][Correction::piece_index(pos, color)]);
            }
        }
    }
}

/// Whether the pieces' tables correct `variant`'s evaluation: only where
/// they were measured to help. Shatranj keeps the tree whose match against
/// Fairy-Stockfish met its target; Medieval and Byzantine chess wait for
/// games of their own.
fn by_pieces(variant: Variant) -> bool {
    variant == Variant::Courier
}

/// A table's slot for `key`, by side to move.
fn slot(pos: &Position, key: u64) -> usize {
    pos.turn.index() * SIZE + (super::tree::mix(key) as usize % SIZE)
}

/// The centipawns an entry corrects by: the square of its share of
/// [`LIMIT`], up to [`MAX_CORRECTION`].
fn size(entry: i32) -> i32 {
    entry * entry.abs() / (LIMIT * LIMIT / MAX_CORRECTION)
}

fn fold(bits: u128) -> u64 {
    (bits as u64) ^ ((bits >> 64) as u64).wrapping_mul(0xff51_afd7_ed55_8ccd)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    fn pos(fen: &str) -> Position {
        Position::from_fen(Variant::Shatranj, fen).unwrap()
    }

    fn courier(fen: &str) -> Position {
        Position::from_fen(Variant::Courier, fen).unwrap()
    }

    /// `c` after 200 searches found `p` 400 cp better than its evaluation.
    fn learnt(p: &Position) -> Correction {
        let mut c = Correction::new();
        assert_eq!(c.corrected(p, 10), 10);
        for _ in 0..200 {
            c.learn(p, 400, 12);
        }
        c
    }

    #[test]
    fn a_structure_found_better_than_its_evaluation_is_corrected_up_and_no_further_than_the_limit()
    {
        let p = pos("4k3/pp3ppp/8/8/8/8/PPP2PPP/4K3 w - - 0 1");
        let c = learnt(&p);
        let up = c.corrected(&p, 10);
        assert!(up > 40 && up <= 10 + 64, "{up}");
        // The same pawns with pieces moved: the same correction (Shatranj
        // corrects by the pawns alone).
        let moved = pos("3k4/pp3ppp/8/8/8/8/PPP2PPP/3K4 w - - 0 1");
        assert_eq!(c.corrected(&moved, 10), up);
        // The other side to move, or other pawns, learnt nothing.
        let black = pos("4k3/pp3ppp/8/8/8/8/PPP2PPP/4K3 b - - 0 1");
        assert_eq!(c.corrected(&black, 10), 10);
        let other = pos("4k3/pp3ppp/8/8/8/P7/1PP2PPP/4K3 w - - 0 1");
        assert_eq!(c.corrected(&other, 10), 10);
    }

    #[test]
    fn in_courier_chess_the_same_pawns_or_the_same_pieces_carry_their_share() {
        let p = courier("5k6/pp3ppp4/12/12/12/12/PPP2PPP4/5K6 w - - 0 1");
        let c = learnt(&p);
        let full = c.corrected(&p, 10);
        // 64 by the pawns, 32 by each side's pieces at most.
        assert!(full > 80 && full <= 10 + 128, "{full}");
        // The same pawns with both kings moved: the pawns' share only.
        let kings_moved = courier("4k7/pp3ppp4/12/12/12/12/PPP2PPP4/4K7 w - - 0 1");
        let by_pawns = c.corrected(&kings_moved, 10);
        assert!(by_pawns > 40 && by_pawns <= 10 + 64, "{by_pawns}");
        // The same pieces with a pawn moved: the pieces' share only.
        let pawn_moved = courier("5k6/pp3ppp4/12/12/12/P11/1PP2PPP4/5K6 w - - 0 1");
        let by_pieces = c.corrected(&pawn_moved, 10);
        assert!(by_pieces > 30 && by_pieces <= 10 + 64, "{by_pieces}");
        assert_eq!(full - 10, (by_pawns - 10) + (by_pieces - 10));
        // Only Black's king moved: White's pieces and the pawns still tell.
        let one_king = courier("4k7/pp3ppp4/12/12/12/12/PPP2PPP4/5K6 w - - 0 1");
        let most = c.corrected(&one_king, 10);
        assert!(by_pawns < most && most < full, "{most}");
        // The other side to move learnt nothing.
        let black = courier("5k6/pp3ppp4/12/12/12/12/PPP2PPP4/5K6 b - - 0 1");
        assert_eq!(c.corrected(&black, 10), 10);
    }

    #[test]
    fn a_search_that_agrees_with_the_evaluation_wears_the_correction_down() {
        let p = pos("4k3/pp3ppp/8/8/8/8/PPP2PPP/4K3 w - - 0 1");
        let mut c = Correction::new();
        for _ in 0..50 {
            c.learn(&p, -300, 10);
        }
        let down = c.corrected(&p, 0);
        assert!(down < -20, "{down}");
        // Searches now find the structure a little better than corrected.
        for _ in 0..50 {
            c.learn(&p, 10, 10);
        }
        assert!(c.corrected(&p, 0) > down);
    }
}

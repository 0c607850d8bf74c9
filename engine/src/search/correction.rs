//! Correction history: how far the static evaluation has been from what
//! the search then found, remembered per side and pawn structure. The
//! hand-set evaluation misjudges some structures consistently (a pawn
//! chain that is weaker or stronger than its terms say); the search learns
//! that within a game and corrects the next evaluation of the same
//! structure, which sharpens every cut that leans on the static eval.

use crate::position::Position;
use crate::types::{Color, Role};

const SIZE: usize = 16_384;
/// The largest entry.
const LIMIT: i32 = 1024;
/// The correction of a full entry, in centipawns; smaller entries correct
/// by the square of their share, so a few surprises move little.
const MAX_CORRECTION: i32 = 64;

pub(crate) struct Correction {
    table: Vec<i32>,
}

impl Correction {
    pub(crate) fn new() -> Correction {
        Correction {
            table: vec![0; 2 * SIZE],
        }
    }

    pub(crate) fn clear(&mut self) {
        self.table.fill(0);
    }

    fn index(pos: &Position) -> usize {
        let pawns = pos.by_role[Role::Pawn.index()];
        let white = (pawns & pos.by_color[Color::White.index()]).0;
        let black = (pawns & pos.by_color[Color::Black.index()]).0;
        let key = fold(white)
            ^ fold(black)
                .rotate_left(29)
                .wrapping_mul(0x9e37_79b9_7f4a_7c15);
        pos.turn.index() * SIZE + (super::tree::mix(key) as usize % SIZE)
    }

    /// The evaluation `eval` of `pos`, corrected by what searches of the
    /// same structure found.
    pub(crate) fn corrected(&self, pos: &Position, eval: i32) -> i32 {
        let c = self.table[Correction::index(pos)];
        eval + c * c.abs() / (LIMIT * LIMIT / MAX_CORRECTION)
    }

    /// A search `depth` plies deep found `pos` worth `diff` more than its
    /// (corrected) static evaluation.
    pub(crate) fn learn(&mut self, pos: &Position, diff: i32, depth: i32) {
        let bonus = (diff * depth / 8).clamp(-LIMIT / 4, LIMIT / 4);
        let e = &mut self.table[Correction::index(pos)];
        *e += bonus - *e * bonus.abs() / LIMIT;
    }
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

    #[test]
    fn a_structure_found_better_than_its_evaluation_is_corrected_up_and_no_further_than_the_limit()
    {
        let p = pos("4k3/pp3ppp/8/8/8/8/PPP2PPP/4K3 w - - 0 1");
        let mut c = Correction::new();
        assert_eq!(c.corrected(&p, 10), 10);
        for _ in 0..200 {
            c.learn(&p, 400, 12);
        }
        let up = c.corrected(&p, 10);
        assert!(up > 40 && up <= 10 + 64, "{up}");
        // The same pawns with pieces moved: the same correction.
        let moved = pos("3k4/pp3ppp/8/8/8/8/PPP2PPP/3K4 w - - 0 1");
        assert_eq!(c.corrected(&moved, 10), up);
        // The other side to move, or other pawns, learnt nothing.
        let black = pos("4k3/pp3ppp/8/8/8/8/PPP2PPP/4K3 b - - 0 1");
        assert_eq!(c.corrected(&black, 10), 10);
        let other = pos("4k3/pp3ppp/8/8/8/P7/1PP2PPP/4K3 w - - 0 1");
        assert_eq!(c.corrected(&other, 10), 10);
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

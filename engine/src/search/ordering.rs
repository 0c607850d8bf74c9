//! Move ordering: the better the first move tried, the more of the tree
//! alpha-beta cuts away. Order: the transposition table's move, captures
//! by most valuable victim and least valuable attacker, promotions, the
//! killer moves of this ply, then quiet moves by their history; captures
//! that lose material by exchange come last when the search asks.

use super::eval::piece_value;
use super::see::see_ge;
use super::MAX_PLY;
use crate::movegen::MoveList;
use crate::position::Position;
use crate::types::{Color, Move, Square, SQUARES};
use crate::variant::Variant;
use arrayvec::ArrayVec;

const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 26;
const KILLER: i32 = 1 << 24;
const HISTORY_MAX: i32 = 1 << 20;
/// Below every quiet move's history.
const LOSING_CAPTURE: i32 = -(1 << 22);

/// What the search learns about quiet moves as it goes.
pub(crate) struct Heuristics {
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    /// By side, from-square and to-square: how often the move cut off.
    history: Vec<i32>,
}

impl Heuristics {
    pub(crate) fn new() -> Heuristics {
        Heuristics {
            killers: [[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * SQUARES * SQUARES],
        }
    }

    pub(crate) fn clear(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 1];
        // Keep a little of the old history: the next move's tree is alike.
        self.history.iter_mut().for_each(|h| *h /= 8);
    }

    fn index(color: Color, m: &Move) -> usize {
        (color.index() * SQUARES + m.from.index()) * SQUARES + m.to.index()
    }

    /// How well a quiet move has done so far: above 0 it cut off more
    /// often than it failed.
    pub(crate) fn history(&self, color: Color, m: &Move) -> i32 {
        self.history[Heuristics::index(color, m)]
    }

    /// A quiet move caused a cut-off: remember it, and mark down the quiet
    /// moves tried before it.
    pub(crate) fn reward(
        &mut self,
        color: Color,
        ply: usize,
        m: &Move,
        depth: i32,
        tried: &[Move],
    ) {
        let k = &mut self.killers[ply];
        if k[0] != Some(*m) {
            k[1] = k[0];
            k[0] = Some(*m);
        }
        let bonus = (depth * depth).min(400);
        let i = Heuristics::index(color, m);
        self.history[i] = (self.history[i] + bonus).min(HISTORY_MAX);
        for q in tried
            .iter()
            .filter(|q| !q.is_capture() && !q.promotion && *q != m)
        {
            let j = Heuristics::index(color, q);
            self.history[j] = (self.history[j] - bonus).max(-HISTORY_MAX);
        }
    }
}

/// Moves with their ordering scores, handed out best first.
pub(crate) struct Picker {
    moves: ArrayVec<(Move, i32), 256>,
}

impl Picker {
    /// `exchanges`: put captures that lose material by exchange last.
    // Inlined, the picker is built where the caller keeps it; called, its
    // 3 KB came back by copy at every node.
    #[inline]
    pub(crate) fn new(
        pos: &Position,
        moves: &MoveList,
        tt_move: Option<(Square, Square)>,
        ply: usize,
        h: &Heuristics,
        exchanges: bool,
    ) -> Picker {
        let (variant, color) = (pos.variant, pos.turn);
        let killers = h.killers[ply.min(MAX_PLY)];
        let scored = moves
            .iter()
            .map(|m| {
                let s = if tt_move == Some((m.from, m.to)) {
                    TT_MOVE
                } else if m.is_capture() || m.promotion {
                    let losing = exchanges && m.is_capture() && !see_ge(pos, m, 0);
                    let base = if losing { LOSING_CAPTURE } else { CAPTURE };
                    base + capture_score(variant, m)
                } else if killers[0] == Some(*m) {
                    KILLER + 1
                } else if killers[1] == Some(*m) {
                    KILLER
                } else {
                    h.history[Heuristics::index(color, m)]
                };
                (*m, s)
            })
            .collect();
        Picker { moves: scored }
    }
}

impl Iterator for Picker {
    type Item = (Move, i32);

    /// Selection rather than a full sort: a cut-off usually comes after
    /// the first move or two.
    fn next(&mut self) -> Option<(Move, i32)> {
        let (best, _) = self.moves.iter().enumerate().max_by_key(|(_, (_, s))| *s)?;
        Some(self.moves.swap_remove(best))
    }
}

/// Whether a move the picker handed out with `order` is a capture it put
/// last for losing material by exchange.
pub(crate) fn is_losing_capture(order: i32) -> bool {
    order < LOSING_CAPTURE / 2
}

/// Most valuable victim first; among equal victims, the cheapest attacker.
fn capture_score(variant: Variant, m: &Move) -> i32 {
    let victim = m.capture.map_or(0, |r| piece_value(variant, r));
    let promo = if m.promotion {
        piece_value(variant, crate::Role::Ferz)
    } else {
        0
    };
    (victim + promo) * 16 - piece_value(variant, m.role) / 8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Position, Variant};

    #[test]
    fn captures_come_before_quiet_moves() {
        let pos =
            Position::from_fen(Variant::Shatranj, "3k4/8/8/3r4/4P3/8/8/3K4 w - - 0 1").unwrap();
        let h = Heuristics::new();
        let mut picker = Picker::new(&pos, &pos.legal_moves(), None, 0, &h, true);
        assert_eq!(picker.next().unwrap().0.uci(), "e4d5");
    }

    #[test]
    fn a_losing_capture_comes_after_quiet_moves() {
        // Rxd5 loses the rook to cxd5.
        let pos =
            Position::from_fen(Variant::Shatranj, "3k4/8/2p5/3p4/8/8/8/3RK3 w - - 0 1").unwrap();
        let h = Heuristics::new();
        let order: Vec<String> = Picker::new(&pos, &pos.legal_moves(), None, 0, &h, true)
            .map(|(m, _)| m.uci())
            .collect();
        assert_eq!(order.last().map(String::as_str), Some("d1d5"));
        let steady: Vec<String> = Picker::new(&pos, &pos.legal_moves(), None, 0, &h, false)
            .map(|(m, _)| m.uci())
            .collect();
        assert_eq!(steady[0], "d1d5");
    }
}

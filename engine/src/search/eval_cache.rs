//! Evaluations already computed, by position: the same position is
//! evaluated again and again (by the next iteration, by transpositions, by
//! quiescence below sibling moves), and the evaluation is most of a
//! search's time.

use crate::position::Position;

/// A direct-mapped table of evaluations. The key mixes in what the
/// evaluation reads beyond the hash (the move-count clock and rule,
/// the variant), so an entry is only ever reused for the same evaluation.
pub(crate) struct EvalCache {
    slots: Vec<(u64, i32)>,
}

const SLOTS: usize = 1 << 16;

impl EvalCache {
    pub(crate) fn new() -> EvalCache {
        EvalCache {
            slots: vec![(0, 0); SLOTS],
        }
    }

    pub(crate) fn clear(&mut self) {
        self.slots.fill((0, 0));
    }

    /// The evaluation remembered under `key` (see [`key`]), if any.
    pub(crate) fn get(&self, key: u64) -> Option<i32> {
        let slot = self.slots[key as usize & (SLOTS - 1)];
        (slot.0 == key).then_some(slot.1)
    }

    pub(crate) fn put(&mut self, key: u64, value: i32) {
        self.slots[key as usize & (SLOTS - 1)] = (key, value);
    }
}

/// The cache key of `pos`.
pub(crate) fn key(pos: &Position) -> u64 {
    let extra =
        (pos.rules.move_rule as u64) << 40 | (pos.halfmoves as u64) << 8 | pos.variant as u64;
    // Never 0, the empty slot's key.
    (pos.hash ^ super::tree::mix(extra.wrapping_add(1))) | 1
}

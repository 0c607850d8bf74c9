//! Evaluations already computed, by position: the same position is
//! evaluated again and again (by the next iteration, by transpositions, by
//! quiescence below sibling moves, by the search of the next move), and
//! the evaluation is most of a search's time.

use crate::position::Position;

/// An evaluation in its two parts: the base term, before the move-count
/// rule scales it, and the rest (positional terms, a weak level's noise).
pub(crate) type Parts = (i32, i32);

/// A direct-mapped table of evaluations. Nothing cached depends on the
/// move-count clock, so the key is the hash and the variant alone.
pub(crate) struct EvalCache {
    slots: Vec<(u64, Parts)>,
}

const SLOTS: usize = 1 << 16;

impl EvalCache {
    pub(crate) fn new() -> EvalCache {
        EvalCache {
            slots: vec![(0, (0, 0)); SLOTS],
        }
    }

    pub(crate) fn clear(&mut self) {
        self.slots.fill((0, (0, 0)));
    }

    /// The evaluation remembered under `key` (see [`key`]), if any.
    pub(crate) fn get(&self, key: u64) -> Option<Parts> {
        let slot = self.slots[key as usize & (SLOTS - 1)];
        (slot.0 == key).then_some(slot.1)
    }

    pub(crate) fn put(&mut self, key: u64, parts: Parts) {
        self.slots[key as usize & (SLOTS - 1)] = (key, parts);
    }
}

/// The cache key of `pos`.
pub(crate) fn key(pos: &Position) -> u64 {
    // Never 0, the empty slot's key.
    (pos.hash ^ super::tree::mix(pos.variant as u64 + 1)) | 1
}

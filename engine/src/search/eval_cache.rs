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
    /// A power of two of them, so that a mask finds a key's slot.
    slots: Vec<(u64, Parts)>,
}

/// The fewest slots: 1 MB, what the service's CPU players (1 MB tables)
/// have always had.
const MIN_SLOTS: usize = 1 << 16;
/// The most: 4 MB. The cache sits beside the table that `Hash` sizes, so
/// it stays small whatever table a GUI asks for.
const MAX_SLOTS: usize = 1 << 18;

impl EvalCache {
    /// A cache a quarter the size of a `table_megabytes` transposition
    /// table, from [`MIN_SLOTS`] to [`MAX_SLOTS`]. At `alfil uci`'s 16 MB
    /// that is 2^18 slots, where 2^16 slots forgot evaluations the next
    /// iteration asked for again: 4.5% more instructions for the same
    /// search.
    pub(crate) fn new(table_megabytes: usize) -> EvalCache {
        let bytes = table_megabytes * 1024 * 1024 / 4;
        let wanted = bytes / std::mem::size_of::<(u64, Parts)>();
        let count = (1usize << wanted.max(1).ilog2()).clamp(MIN_SLOTS, MAX_SLOTS);
        EvalCache {
            slots: vec![(0, (0, 0)); count],
        }
    }

    pub(crate) fn clear(&mut self) {
        self.slots.fill((0, (0, 0)));
    }

    /// The evaluation remembered under `key` (see [`key`]), if any.
    pub(crate) fn get(&self, key: u64) -> Option<Parts> {
        let slot = self.slots[self.index(key)];
        (slot.0 == key).then_some(slot.1)
    }

    fn index(&self, key: u64) -> usize {
        key as usize & (self.slots.len() - 1)
    }

    pub(crate) fn put(&mut self, key: u64, parts: Parts) {
        let i = self.index(key);
        self.slots[i] = (key, parts);
    }
}

/// The cache key of `pos`.
pub(crate) fn key(pos: &Position) -> u64 {
    // Never 0, the empty slot's key.
    (pos.hash ^ super::tree::mix(pos.variant as u64 + 1)) | 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_grows_with_the_table_from_one_megabyte_to_four() {
        assert_eq!(EvalCache::new(1).slots.len(), 1 << 16);
        assert_eq!(EvalCache::new(4).slots.len(), 1 << 16);
        assert_eq!(EvalCache::new(8).slots.len(), 1 << 17);
        assert_eq!(EvalCache::new(12).slots.len(), 1 << 17);
        assert_eq!(EvalCache::new(16).slots.len(), 1 << 18);
        assert_eq!(EvalCache::new(4096).slots.len(), 1 << 18);
    }
}

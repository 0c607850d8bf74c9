//! The transposition table: what earlier visits learnt about a position
//! (best move, score, how deep), so transpositions and the next iteration
//! of deepening start from it.

use super::{MATE, MATE_BOUND};
use crate::types::{Move, Square};

/// Whether a stored score is exact or only a bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The true score is at least this (a beta cut-off).
    Lower,
    /// The true score is at most this (no move raised alpha).
    Upper,
}

impl Bound {
    /// What a search with the window `alpha..beta` that found `score`
    /// knows of the true score.
    pub(crate) fn of(score: i32, alpha: i32, beta: i32) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Whether `score`, with this bound, says more than the estimate
    /// `guess`: a floor above it, a ceiling below it, or exact.
    pub(crate) fn tells_more(self, score: i32, guess: i32) -> bool {
        match self {
            Bound::Lower => score > guess,
            Bound::Upper => score < guess,
            Bound::Exact => true,
        }
    }
}

#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    key: u64,
    /// From and to square indices; 0 means none (a1a1 is no move).
    mv: u16,
    score: i16,
    depth: i8,
    bound: u8,
    age: u8,
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub mv: Option<(Square, Square)>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

impl Hit {
    /// Whether this score answers a search with the window `alpha..beta`.
    pub(crate) fn settles(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
}

/// Two slots: one kept for depth, one always replaced. Aligned so that a
/// bucket never straddles two cache lines: a probe is one memory load,
/// and that load is most of its cost.
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(32))]
struct Bucket([Slot; 2]);

/// A fixed-size table of buckets indexed by the position hash.
pub(crate) struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
    age: u8,
}

impl Table {
    /// The most buckets, a power of two of them so that a mask finds a
    /// key's bucket, that fit in `megabytes`.
    pub(crate) fn new(megabytes: usize) -> Table {
        let bytes = megabytes.max(1) * 1024 * 1024;
        let fit = bytes / std::mem::size_of::<Bucket>();
        let count = 1usize << fit.max(1).ilog2();
        Table {
            buckets: vec![Bucket::default(); count],
            mask: count - 1,
            age: 0,
        }
    }

    pub(crate) fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
        self.age = 0;
    }

    /// A new search: older entries become the first to be replaced.
    pub(crate) fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    pub(crate) fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let slot = self.buckets[key as usize & self.mask]
            .0
            .iter()
            .find(|s| s.key == key && s.bound != 0)?;
        Some(Hit {
            mv: decode(slot.mv),
            score: from_tt(slot.score as i32, ply),
            depth: slot.depth as i32,
            bound: match slot.bound {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
        })
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn store(
        &mut self,
        key: u64,
        ply: usize,
        mv: Option<&Move>,
        score: i32,
        depth: i32,
        bound: Bound,
    ) {
        let bucket = &mut self.buckets[key as usize & self.mask].0;
        let deep = bucket[0];
        // The first slot keeps the deepest recent result; everything else
        // goes to the second.
        let i = if deep.key == key
            || deep.bound == 0
            || deep.age != self.age
            || depth as i8 >= deep.depth
        {
            0
        } else {
            1
        };
        let old = bucket[i];
        let mv = match mv {
            Some(m) => encode(m),
            // Keep the move an earlier visit found rather than forget it.
            None if old.key == key => old.mv,
            None => 0,
        };
        bucket[i] = Slot {
            key,
            mv,
            score: to_tt(score, ply) as i16,
            depth: depth.clamp(-1, 127) as i8,
            bound: match bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            },
            age: self.age,
        };
    }

    /// Permille of the first slots used in this search (UCI `hashfull`).
    pub(crate) fn hashfull(&self) -> u32 {
        let sample = &self.buckets[..self.buckets.len().min(1000)];
        let slots = sample.iter().flat_map(|b| &b.0);
        let used = slots.filter(|s| s.bound != 0 && s.age == self.age).count();
        (used * 1000 / (2 * sample.len()).max(1)) as u32
    }
}

fn encode(m: &Move) -> u16 {
    (m.from.index() as u16) << 7 | m.to.index() as u16
}

fn decode(v: u16) -> Option<(Square, Square)> {
    if v == 0 {
        return None;
    }
    Some((
        Square::from_index((v >> 7) as usize)?,
        Square::from_index((v & 127) as usize)?,
    ))
}

/// Mate scores count plies from the root; the table stores them counted
/// from the position itself so they stay true wherever it is met again.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        (score - ply as i32).min(MATE)
    } else if score <= -MATE_BOUND {
        (score + ply as i32).max(-MATE)
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Position, Variant};

    #[test]
    fn a_table_fills_the_megabytes_asked_for_and_no_more() {
        // `Hash 16` in a GUI is 16 MB of table, not 8.
        let bytes = |mb| Table::new(mb).buckets.len() * std::mem::size_of::<Bucket>();
        assert_eq!(bytes(1), 1 << 20);
        assert_eq!(bytes(16), 16 << 20);
        assert_eq!(bytes(24), 16 << 20);
    }

    #[test]
    fn stores_and_finds_a_move_and_mate_distance() {
        let mut t = Table::new(1);
        let pos = Position::new(Variant::Shatranj);
        let m = pos.legal_moves()[3];
        t.store(42, 3, Some(&m), MATE - 5, 4, Bound::Exact);
        let hit = t.probe(42, 1).unwrap();
        assert_eq!(hit.mv, Some((m.from, m.to)));
        assert_eq!(hit.score, MATE - 3);
        assert_eq!(hit.bound, Bound::Exact);
        assert!(t.probe(43, 1).is_none());
    }
}

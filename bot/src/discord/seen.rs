//! Events Discord delivered twice. The gateway may send an event again (a
//! resumed session replays what it thinks was missed), and a move typed
//! once must be played once: each message and interaction id is handled
//! only the first time it is seen.

use std::collections::{HashSet, VecDeque};
use std::sync::Mutex;

/// Enough to cover any replay window; old ids fall out first.
const REMEMBERED: usize = 20_000;

#[derive(Default)]
pub struct Seen {
    ids: Mutex<(HashSet<u64>, VecDeque<u64>)>,
}

impl Seen {
    /// True the first time `id` is offered, false for every repeat.
    pub fn first_time(&self, id: u64) -> bool {
        let mut guard = self.ids.lock().unwrap_or_else(|e| e.into_inner());
        let (set, order) = &mut *guard;
        if !set.insert(id) {
            return false;
        }
        order.push_back(id);
        if order.len() > REMEMBERED {
            if let Some(old) = order.pop_front() {
                set.remove(&old);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeat_is_refused_and_old_ids_are_forgotten() {
        let seen = Seen::default();
        assert!(seen.first_time(7));
        assert!(!seen.first_time(7));
        for id in 0..REMEMBERED as u64 {
            seen.first_time(1_000 + id);
        }
        assert!(seen.first_time(7), "7 fell out of the window");
    }
}

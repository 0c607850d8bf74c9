//! What may stop a search: a depth, a node count, a time budget, or a stop
//! flag raised from outside (a UCI `stop`, a game that was resigned).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How far a search may go. Unset fields do not limit; with nothing set the
/// search runs to [`MAX_DEPTH`](super::MAX_DEPTH) or until stopped.
///
/// Depth and node limits give the same move on every machine, so tests and
/// puzzle mining use them; games use `time`.
///
/// ```
/// use engine::search::Limits;
/// use std::time::Duration;
/// let quick = Limits::time(Duration::from_millis(100));
/// assert_eq!(quick.depth, None);
/// assert_eq!(Limits::depth(4).depth, Some(4));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Full plies of the main search, before extensions and quiescence.
    pub depth: Option<u32>,
    /// Nodes visited, quiescence included.
    pub nodes: Option<u64>,
    /// Wall-clock budget for this move.
    pub time: Option<Duration>,
    /// Whether time left over is lost rather than saved for later moves
    /// (UCI's `movetime`): then iterations start until the budget is
    /// spent, since even a cut-off one can improve the move. Otherwise
    /// no iteration starts after 70% of it.
    pub use_all_time: bool,
}

impl Limits {
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    pub fn time(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
    }
}

/// A shareable flag that ends a running search early. The search returns
/// the best move of its last finished iteration.
///
/// ```
/// use engine::search::StopFlag;
/// let flag = StopFlag::new();
/// let other = flag.clone();
/// other.stop();
/// assert!(flag.is_stopped());
/// ```
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }
}

/// The running search's view of its limits: when to abandon the tree
/// (hard) and when not to start another iteration (soft).
#[derive(Clone, Debug)]
pub(crate) struct Clock {
    start: Instant,
    hard: Option<Instant>,
    soft: Option<Instant>,
    nodes: Option<u64>,
    stop: StopFlag,
}

/// Nodes between looks at the clock: often enough to stop within a
/// fraction of a millisecond, rarely enough to cost nothing.
pub(crate) const CHECK_EVERY: u64 = 1024;

impl Clock {
    pub(crate) fn new(limits: &Limits, stop: StopFlag) -> Clock {
        let start = Instant::now();
        // An iteration begun late is cut off, but its best move so far is
        // still used (see `search_with`), so most of the budget is worth it.
        let share = if limits.use_all_time { 10 } else { 7 };
        let soft = limits.time.map(|t| start + t * share / 10);
        Clock {
            start,
            hard: limits.time.map(|t| start + t),
            soft,
            nodes: limits.nodes,
            stop,
        }
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the search must stop now, mid-tree.
    pub(crate) fn out_of_budget(&self, nodes: u64) -> bool {
        if self.stop.is_stopped() {
            return true;
        }
        if self.nodes.is_some_and(|n| nodes >= n) {
            return true;
        }
        self.hard.is_some_and(|h| Instant::now() >= h)
    }

    /// Whether another iteration is worth starting.
    pub(crate) fn may_deepen(&self, nodes: u64) -> bool {
        !self.out_of_budget(nodes) && self.soft.is_none_or(|s| Instant::now() < s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn soft_share(limits: Limits) -> Duration {
        let clock = Clock::new(&limits, StopFlag::new());
        clock.soft.expect("a time budget") - clock.start
    }

    #[test]
    fn a_fixed_move_time_is_used_to_the_end() {
        let budget = Limits {
            time: Some(Duration::from_millis(200)),
            use_all_time: true,
            ..Limits::default()
        };
        assert_eq!(soft_share(budget), Duration::from_millis(200));
    }

    #[test]
    fn a_share_of_the_clock_leaves_the_rest_unspent() {
        let budget = Limits::time(Duration::from_millis(200));
        assert_eq!(soft_share(budget), Duration::from_millis(140));
    }
}

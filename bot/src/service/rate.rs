//! A per-user limit on commands: a token bucket, so a burst of a few
//! commands passes, a flood is turned away, and nothing it asked is done.

use super::{Service, User};
use std::collections::HashMap;
use std::sync::Mutex;

/// At most `commands` commands in any `per_secs` seconds, per user.
/// `commands == 0` turns the limit off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RateLimit {
    pub commands: u32,
    pub per_secs: u32,
}

impl RateLimit {
    pub const OFF: RateLimit = RateLimit {
        commands: 0,
        per_secs: 10,
    };

    /// What `alfil run` uses: generous for a player, hard on a script.
    pub const DEFAULT: RateLimit = RateLimit {
        commands: 12,
        per_secs: 10,
    };

    fn is_off(&self) -> bool {
        self.commands == 0 || self.per_secs == 0
    }
}

/// Reads `12/10` (12 commands per 10 seconds), `12` (per 10 seconds) or
/// `off`, as given on the command line.
impl std::str::FromStr for RateLimit {
    type Err = String;

    fn from_str(text: &str) -> Result<RateLimit, String> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("off") {
            return Ok(RateLimit::OFF);
        }
        let (n, secs) = text.split_once('/').unwrap_or((text, "10"));
        let bad = || {
            format!("'{text}' is not a rate limit: write commands/seconds, such as 12/10, or off")
        };
        let commands = n.trim().parse().map_err(|_| bad())?;
        let per_secs = secs.trim().parse().map_err(|_| bad())?;
        if per_secs == 0 {
            return Err(bad());
        }
        Ok(RateLimit { commands, per_secs })
    }
}

/// What the limiter says about one command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Admission {
    Go,
    /// Refused; `tell` is true for the first refusal of a flood only, so
    /// the bot does not answer a flood with a flood.
    SlowDown {
        tell: bool,
    },
}

#[derive(Clone, Copy)]
struct Bucket {
    /// Tokens in thousandths, so refills need no floating point.
    milli: i64,
    at_ms: i64,
    told: bool,
}

/// Buckets of users who acted lately.
#[derive(Default)]
pub(super) struct Limiter {
    buckets: Mutex<HashMap<String, Bucket>>,
}

/// Past this many buckets, full ones (users idle for a whole window) are
/// dropped, so strangers passing by cannot grow the table for ever.
const PRUNE_AT: usize = 10_000;

impl Limiter {
    fn admit(&self, limit: RateLimit, key: &str, now_ms: i64) -> Admission {
        if limit.is_off() {
            return Admission::Go;
        }
        let full = i64::from(limit.commands) * 1000;
        let window_ms = i64::from(limit.per_secs) * 1000;
        let mut buckets = self.buckets.lock().expect("rate buckets");
        if buckets.len() >= PRUNE_AT {
            buckets.retain(|_, b| now_ms - b.at_ms < window_ms);
        }
        let bucket = buckets.entry(key.to_string()).or_insert(Bucket {
            milli: full,
            at_ms: now_ms,
            told: false,
        });
        // A clock that steps back refills nothing (and takes nothing).
        let elapsed = (now_ms - bucket.at_ms).max(0);
        let refill = elapsed.saturating_mul(full) / window_ms;
        bucket.milli = (bucket.milli.saturating_add(refill)).min(full);
        bucket.at_ms = bucket.at_ms.max(now_ms);
        if bucket.milli >= 1000 {
            bucket.milli -= 1000;
            bucket.told = false;
            Admission::Go
        } else {
            let tell = !bucket.told;
            bucket.told = true;
            Admission::SlowDown { tell }
        }
    }
}

impl Service {
    /// Counts one command of `user` against the rate limit.
    pub fn admit(&self, user: &User) -> Admission {
        self.inner
            .limiter
            .admit(self.config().rate_limit, &user.key, self.now())
    }
}

/// The words for a player who is going too fast.
pub fn slow_down_message(limit: RateLimit) -> String {
    format!(
        "Slow down a little: at most {} commands in {} seconds. Nothing was done; try again in a moment.",
        limit.commands, limit.per_secs
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMIT: RateLimit = RateLimit {
        commands: 3,
        per_secs: 10,
    };

    #[test]
    fn a_burst_passes_a_flood_waits_and_time_refills() {
        let l = Limiter::default();
        for _ in 0..3 {
            assert_eq!(l.admit(LIMIT, "a", 0), Admission::Go);
        }
        assert_eq!(l.admit(LIMIT, "a", 0), Admission::SlowDown { tell: true });
        assert_eq!(
            l.admit(LIMIT, "a", 100),
            Admission::SlowDown { tell: false }
        );
        // Someone else is not slowed by a's flood.
        assert_eq!(l.admit(LIMIT, "b", 100), Admission::Go);
        // One command's worth of time later, one more passes.
        assert_eq!(l.admit(LIMIT, "a", 3_400), Admission::Go);
        assert_eq!(
            l.admit(LIMIT, "a", 3_400),
            Admission::SlowDown { tell: true }
        );
        // A clock stepping backwards neither refills nor panics.
        assert_eq!(
            l.admit(LIMIT, "a", -1_000_000),
            Admission::SlowDown { tell: false }
        );
        assert_eq!(l.admit(LIMIT, "a", 20_000), Admission::Go);
    }

    #[test]
    fn limits_read_from_the_command_line() {
        assert_eq!(
            "3/60".parse(),
            Ok(RateLimit {
                commands: 3,
                per_secs: 60
            })
        );
        assert_eq!("12".parse(), Ok(RateLimit::DEFAULT));
        assert_eq!("off".parse(), Ok(RateLimit::OFF));
        assert!("3/0".parse::<RateLimit>().is_err());
        assert!("fast".parse::<RateLimit>().is_err());
    }

    #[test]
    fn off_means_off() {
        let l = Limiter::default();
        for _ in 0..1000 {
            assert_eq!(l.admit(RateLimit::OFF, "a", 0), Admission::Go);
        }
    }
}

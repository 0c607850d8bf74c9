//! `ALFIL_SHARDS=first..last/total`: which of Discord's gateway shards this
//! process runs, so several processes (on one PostgreSQL) share a bot.

use std::str::FromStr;

/// Shards `first` to `last`, both included, of `total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardRange {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

#[derive(Debug, thiserror::Error)]
#[error(
    "{0}: give the shards this process runs as first..last/total, both ends included, \
     counting from 0 (e.g. 0..1/4 runs shards 0 and 1 of 4; 2..3/4 the other two)"
)]
pub struct ShardRangeError(String);

impl FromStr for ShardRange {
    type Err = ShardRangeError;

    fn from_str(s: &str) -> Result<ShardRange, ShardRangeError> {
        let bad = |why: &str| ShardRangeError(format!("{s:?} {why}"));
        let (range, total) = s
            .trim()
            .split_once('/')
            .ok_or_else(|| bad("has no /total"))?;
        let (first, last) = range
            .split_once("..")
            .ok_or_else(|| bad("has no first..last"))?;
        let number = |t: &str| {
            t.trim()
                .parse::<u32>()
                .map_err(|_| bad("is not three numbers"))
        };
        let (first, last, total) = (number(first)?, number(last)?, number(total)?);
        if total == 0 {
            return Err(bad("has no shards in total"));
        }
        if first > last {
            return Err(bad("starts after it ends"));
        }
        if last >= total {
            return Err(bad("goes past the last shard (total - 1)"));
        }
        Ok(ShardRange { first, last, total })
    }
}

impl ShardRange {
    /// The shard that receives a guild's events, as Discord routes them.
    pub fn shard_of(guild_id: u64, total: u32) -> u32 {
        ((guild_id >> 22) % u64::from(total)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_parse_with_both_ends_included() {
        let r: ShardRange = "2..3/4".parse().unwrap();
        assert_eq!(
            r,
            ShardRange {
                first: 2,
                last: 3,
                total: 4
            }
        );
        assert_eq!("0..0/1".parse::<ShardRange>().unwrap().total, 1);
    }

    #[test]
    fn mistakes_are_explained() {
        for bad in ["", "0..1", "1..0/2", "0..2/2", "0..0/0", "a..b/c", "0-1/2"] {
            let e = bad.parse::<ShardRange>().unwrap_err().to_string();
            assert!(e.contains("first..last/total"), "{bad}: {e}");
        }
    }
}

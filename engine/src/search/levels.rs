//! The ladder of CPU opponents, Novice to Master, each meant to be about
//! 200 Elo above the one below (measured with `scripts/gauntlet.py`).
//!
//! Weak levels err the way people do, not like dice: they look only a
//! move or two ahead, misjudge positions by a few pawns' worth (so they
//! misjudge trades), and now and then do not see that the opponent can
//! take something (a missed threat). They never pick moves at random.

use super::{Limits, Pruning, SearchResult, Searcher, Style};
use crate::game::Game;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A playing strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Novice,
    Beginner,
    Casual,
    Intermediate,
    Club,
    Expert,
    Master,
}

/// How a level plays: how deep it looks and how it errs.
struct Params {
    depth: Option<u32>,
    nodes: Option<u64>,
    noise: i32,
    blind: u32,
    elo: u32,
}

impl Level {
    pub const ALL: [Level; 7] = [
        Level::Novice,
        Level::Beginner,
        Level::Casual,
        Level::Intermediate,
        Level::Club,
        Level::Expert,
        Level::Master,
    ];

    /// The name players type and see.
    ///
    /// ```
    /// use engine::search::Level;
    /// assert_eq!(Level::Club.name(), "Club");
    /// assert_eq!(Level::from_name("club player"), Some(Level::Club));
    /// assert_eq!("master".parse::<Level>(), Ok(Level::Master));
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Level::Novice => "Novice",
            Level::Beginner => "Beginner",
            Level::Casual => "Casual",
            Level::Intermediate => "Intermediate",
            Level::Club => "Club",
            Level::Expert => "Expert",
            Level::Master => "Master",
        }
    }

    /// The level for a name, any case, "player" allowed after it, or a
    /// number from 1 (Novice) to 7 (Master).
    pub fn from_name(name: &str) -> Option<Level> {
        let lower = name.trim().to_ascii_lowercase();
        let word = lower.strip_suffix(" player").unwrap_or(&lower).trim();
        if let Ok(n) = word.parse::<usize>() {
            return n.checked_sub(1).and_then(|i| Level::ALL.get(i).copied());
        }
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(word))
    }

    fn params(self) -> Params {
        let (depth, nodes, noise, blind, elo) = match self {
            Level::Novice => (Some(1), Some(2_000), 250, 500, 600),
            Level::Beginner => (Some(1), Some(5_000), 160, 320, 800),
            Level::Casual => (Some(1), Some(10_000), 90, 180, 1000),
            Level::Intermediate => (Some(2), Some(20_000), 60, 100, 1200),
            Level::Club => (Some(3), Some(50_000), 35, 50, 1400),
            Level::Expert => (Some(5), Some(300_000), 15, 10, 1600),
            Level::Master => (None, None, 0, 0, 1800),
        };
        Params {
            depth,
            nodes,
            noise,
            blind,
            elo,
        }
    }

    /// A rough Elo, from the self-play gauntlet anchored at Novice = 600.
    pub fn elo(self) -> u32 {
        self.params().elo
    }

    /// The limits this level searches with, given the time it may use.
    ///
    /// ```
    /// use engine::search::Level;
    /// use std::time::Duration;
    /// let l = Level::Novice.limits(Some(Duration::from_secs(1)));
    /// assert_eq!(l.depth, Some(1));
    /// ```
    pub fn limits(self, time: Option<Duration>) -> Limits {
        let p = self.params();
        Limits {
            depth: p.depth,
            nodes: p.nodes,
            time,
        }
    }

    /// How this level errs; `seed` varies the errors between games.
    pub fn style(self, seed: u64) -> Style {
        let p = self.params();
        Style {
            noise: p.noise,
            blind: p.blind,
            seed,
        }
    }

    /// How this level prunes. Master plays the retuned search; the levels
    /// below keep the fixed one their ladder steps were measured with, so
    /// making Master stronger does not move them.
    pub fn pruning(self) -> Pruning {
        match self {
            Level::Master => Pruning::Play,
            _ => Pruning::Steady,
        }
    }

    /// Sets a searcher up to play at this level.
    pub fn configure(self, searcher: &mut Searcher, seed: u64) {
        searcher.set_style(self.style(seed));
        searcher.set_pruning(self.pruning());
    }

    /// Picks this level's move in a game, thinking at most `time` (Master
    /// needs a time or it searches to full depth). `seed` makes the choice
    /// reproducible; vary it between games. `None` if the game is over.
    ///
    /// ```
    /// use engine::search::Level;
    /// use engine::{Game, Variant};
    /// let game = Game::new(Variant::Courier);
    /// let result = Level::Beginner.choose_move(&game, 7, None).unwrap();
    /// assert!(game.position().legal_moves().contains(&result.best));
    /// ```
    pub fn choose_move(
        self,
        game: &Game,
        seed: u64,
        time: Option<Duration>,
    ) -> Option<SearchResult> {
        let mut searcher = Searcher::with_hash(4);
        self.configure(&mut searcher, seed ^ game.moves().len() as u64);
        searcher.search_game(game, self.limits(time))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name is not one of the seven levels.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown level '{0}': choose Novice, Beginner, Casual, Intermediate, Club, Expert or Master"
)]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::from_name(s).ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

//! The ladder of CPU opponents, Novice to Master, each about 200 Elo above
//! the one below in self-play (measured with `scripts/gauntlet.py`).
//!
//! Master searches for the time it is given. The levels below it search a
//! fixed number of nodes, so they play alike on any machine: Novice to Club
//! each about 1.6 times the one below, with the steady search. Expert is
//! Master's own search on a node budget: the steady search at 100,000
//! nodes still lost 90% of its games to Master (see the README). The
//! lower a level, the more it errs the way people do, not like dice: it
//! misjudges positions by up to a few tenths of a pawn (the same
//! misjudgement all game, so its trades are consistently off), and now and
//! then does not see that the opponent can take something (a missed
//! threat, often a dropped piece). No level ever picks a move at random.

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

/// How a level plays: how much it may search and how it errs.
struct Params {
    /// Below Master, a node budget rather than a depth or a time: the
    /// same strength on a slow machine, a busy one, or in a test.
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
        // Each step searches about 1.6 times the nodes of the one below
        // and errs less; the gauntlet in the README measures the steps.
        let (nodes, noise, blind, elo) = match self {
            Level::Novice => (Some(8_000), 30, 60, 600),
            Level::Beginner => (Some(13_000), 18, 30, 800),
            Level::Casual => (Some(21_000), 10, 15, 1000),
            Level::Intermediate => (Some(33_000), 6, 8, 1200),
            Level::Club => (Some(53_000), 3, 3, 1400),
            Level::Expert => (Some(40_000), 0, 0, 1600),
            Level::Master => (None, 0, 0, 1800),
        };
        Params {
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
    /// assert_eq!(l.nodes, Some(8_000));
    /// assert_eq!(Level::Master.limits(None).nodes, None);
    /// ```
    pub fn limits(self, time: Option<Duration>) -> Limits {
        let p = self.params();
        Limits {
            depth: None,
            nodes: p.nodes,
            time,
            use_all_time: false,
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

    /// How this level prunes. Master and Expert play the retuned search, so
    /// Expert stays a node budget below Master; Novice to Club keep the
    /// fixed one their ladder steps were measured with, so making Master
    /// stronger does not move them.
    pub fn pruning(self) -> Pruning {
        match self {
            Level::Master | Level::Expert => Pruning::Play,
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
    /// reproducible; keep it for a whole game, so that a weak level
    /// misjudges a position the same way every time it meets it, and vary
    /// it between games. `None` if the game is over.
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
        self.configure(&mut searcher, seed);
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

//! The games both miners look through: a weak player against a stronger
//! one, each one of three levels from the configured lowest, sides and
//! moves drawn from one seed so that a run can be repeated. Mismatched
//! games throw up the most tactics, blunders included, as real games do.

use super::mine::MineConfig;
use engine::rng::SplitMix;
use engine::search::{Level, Limits, Pruning, Searcher, Style};
use engine::{Color, Game, Move, Position};

/// What a miner wants after looking at a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// Play the move and go on.
    Play,
    /// This game has nothing more to give: start the next one.
    EndGame,
    /// Enough found: no more games.
    Stop,
}

/// A position of a mining game, as its miner sees it.
pub struct Seen<'a> {
    pub position: &'a Position,
    pub ply: usize,
    /// The weak side is to move (never when both levels are equal): its
    /// turns rarely hold a tactic, since the strong side seldom blunders.
    pub weak_to_move: bool,
}

/// Plays one mining game of at most `max_plies`, showing `look` every
/// position before its move; `Stop` if `look` asked for it.
pub fn play_one(
    config: &MineConfig,
    rng: &mut SplitMix,
    max_plies: usize,
    mut look: impl FnMut(&Seen) -> Next,
) -> Next {
    let weak = rng.pick(three_from(config.weak));
    let strong = rng.pick(three_from(config.strong));
    let weak_side = if rng.next_u64().is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    let game_seed = rng.next_u64();
    let mut game = Game::new(config.variant);
    while game.outcome().is_none() && game.moves().len() < max_plies {
        let position = *game.position();
        let weak_turn = position.turn() == weak_side;
        let seen = Seen {
            position: &position,
            ply: game.moves().len(),
            weak_to_move: weak_turn && weak != strong,
        };
        match look(&seen) {
            Next::Play => {}
            Next::EndGame => return Next::EndGame,
            Next::Stop => return Next::Stop,
        }
        let level = if weak_turn { weak } else { strong };
        let Some(best) = mining_move(level, &game, game_seed) else {
            break;
        };
        game.play(best);
    }
    Next::EndGame
}

/// A level and the two above it (fewer at the top of the ladder).
pub fn three_from(lowest: Level) -> &'static [Level] {
    let i = Level::ALL.iter().position(|l| *l == lowest).unwrap_or(0);
    &Level::ALL[i..(i + 3).min(Level::ALL.len())]
}

/// A mining player's move. Mining wants blunders, so its players are the
/// CPU ladder as it stood when the shipped puzzles were mined: shallow
/// looks, trades misjudged by up to 2.5 pawns, threats often missed. The
/// ladder itself has since moved up towards Master.
fn mining_move(level: Level, game: &Game, seed: u64) -> Option<Move> {
    let (depth, nodes, noise, blind) = match level {
        Level::Novice => (1, 2_000, 250, 500),
        Level::Beginner => (1, 5_000, 160, 320),
        Level::Casual => (1, 10_000, 90, 180),
        Level::Intermediate => (2, 20_000, 60, 100),
        Level::Club => (3, 50_000, 35, 50),
        Level::Expert | Level::Master => (5, 300_000, 15, 10),
    };
    let mut searcher = Searcher::with_hash(4);
    searcher.set_style(Style { noise, blind, seed });
    searcher.set_pruning(Pruning::Steady);
    let limits = Limits {
        depth: Some(depth),
        nodes: Some(nodes),
        ..Limits::default()
    };
    searcher.search_game(game, limits).map(|r| r.best)
}

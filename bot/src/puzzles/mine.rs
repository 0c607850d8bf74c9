//! Mining: engine games between mixed levels (so positions look like real
//! games, blunders included), a cheap look at every position, and the full
//! proof of [`line::solve`] for the few that pass it.

use super::data::Puzzle;
use super::line::{self, only_move};
use super::{FIND_DEPTH, VERIFY_DEPTH};
use engine::search::Level;
use engine::{Game, Position, Variant};
use std::collections::HashSet;

/// The levels that play the mining games: weak enough to blunder, strong
/// enough to punish some blunders.
const LEVELS: [Level; 5] = [
    Level::Novice,
    Level::Beginner,
    Level::Casual,
    Level::Intermediate,
    Level::Club,
];
/// Games stop here: long endings repeat the same puzzles.
const MAX_PLIES: usize = 160;
/// Openings are book-like and rarely tactical.
const FIRST_PLY: usize = 6;
/// After a find, skip this many plies: the next positions are the same idea.
const SKIP_AFTER_FIND: usize = 4;
/// Weak players leave pieces hanging all the time; taking one is a puzzle,
/// but a dull one: such finds make at most this share (per cent) of a run.
/// Harder finds are about fifty times rarer, so on a small machine the
/// share is left high.
const EASY_SHARE: usize = 100;

/// Taking a piece in one obvious move.
fn is_easy(puzzle: &Puzzle) -> bool {
    use super::Theme;
    puzzle.themes == [Theme::Material, Theme::OneMove] && puzzle.rating < 900
}

#[derive(Clone, Copy, Debug)]
pub struct MineConfig {
    pub variant: Variant,
    pub count: usize,
    pub seed: u64,
    pub find_depth: u32,
    pub verify_depth: u32,
}

impl MineConfig {
    pub fn new(variant: Variant, count: usize, seed: u64) -> MineConfig {
        MineConfig {
            variant,
            count,
            seed,
            find_depth: FIND_DEPTH,
            verify_depth: VERIFY_DEPTH,
        }
    }
}

/// What the miner has done so far, for a progress bar.
#[derive(Clone, Copy, Debug, Default)]
pub struct Progress {
    pub games: usize,
    pub positions: usize,
    pub found: usize,
}

/// A small, seedable generator (splitmix64): mining must be reproducible
/// and needs nothing stronger.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[(self.next() % items.len() as u64) as usize]
    }
}

/// The puzzle a position holds, proven at the verify depth, if any.
pub fn puzzle_at(pos: &Position, config: &MineConfig) -> Option<Puzzle> {
    only_move(pos, config.find_depth, false)?;
    let line = line::solve(pos, config.verify_depth)?;
    let fen = pos.fen();
    Some(Puzzle {
        id: Puzzle::id_for(pos.variant(), &fen),
        variant: pos.variant(),
        themes: line::themes(pos, &line.moves),
        rating: line::rating(pos, &line),
        moves: line.moves.iter().map(|m| m.uci()).collect(),
        fen,
    })
}

/// Mines until `config.count` puzzles are found, skipping positions in
/// `known` (board and side to move) and reporting each find.
pub fn mine(
    config: &MineConfig,
    known: &mut HashSet<String>,
    mut on_progress: impl FnMut(&Progress, Option<&Puzzle>),
) -> Vec<Puzzle> {
    let mut rng = Rng(config.seed);
    let mut progress = Progress::default();
    let mut found = Vec::new();
    let mut easy = 0;
    while found.len() < config.count {
        let levels = [rng.pick(&LEVELS), rng.pick(&LEVELS)];
        let game_seed = rng.next();
        let mut game = Game::new(config.variant);
        let mut skip_until = FIRST_PLY;
        while game.outcome().is_none() && game.moves().len() < MAX_PLIES {
            let ply = game.moves().len();
            if ply >= skip_until {
                progress.positions += 1;
                let pos = *game.position();
                if let Some(puzzle) = puzzle_at(&pos, config) {
                    let dull = is_easy(&puzzle);
                    let room = (easy + 1) * 100 <= (found.len() + 1) * EASY_SHARE;
                    if (!dull || room) && known.insert(board_key(&puzzle.fen)) {
                        easy += usize::from(dull);
                        progress.found += 1;
                        on_progress(&progress, Some(&puzzle));
                        found.push(puzzle);
                        if found.len() >= config.count {
                            break;
                        }
                    }
                    skip_until = ply + SKIP_AFTER_FIND;
                }
            }
            let level = levels[ply % 2];
            let Some(choice) = level.choose_move(&game, game_seed, None) else {
                break;
            };
            game.play(choice.best);
        }
        progress.games += 1;
        on_progress(&progress, None);
    }
    found
}

/// The board and side to move of a FEN: the same puzzle reached with
/// other move counters is the same puzzle.
pub fn board_key(fen: &str) -> String {
    fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
}

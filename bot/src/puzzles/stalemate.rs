//! Mining "a stalemate that wins" (Shatranj, Courier, Byzantine, where
//! the stalemated side loses). Ordinary mining almost never finds one: it
//! stops games once they are decided, and in a won ending every move wins.
//! Here the games are played out, and in their endings (with the
//! variations of [`endings`]) a cheap look keeps positions where some move
//! leaves the opponent with next to no moves; those go through the same
//! proof as every puzzle ([`mine::puzzle_at`]: one winning move at every
//! step, at the verify depth), and only lines that end in a stalemate are
//! kept.

use super::data::Puzzle;
use super::endings;
use super::games::{self, Next};
use super::mine::{board_key, puzzle_at, MineConfig, Progress};
use super::Theme;
use engine::rng::SplitMix;
use engine::{EndReason, Outcome, Position, StalemateRule};
use std::collections::HashSet;

/// Played-out games stop here all the same (Shatranj endings can wander).
const MAX_PLIES: usize = 300;
/// A stalemate in two needs an opponent this short of moves after one of
/// ours: the cheap test before any search.
const FEW_REPLIES: usize = 2;

/// Whether being stalemated loses in this position's rules.
pub fn stalemate_wins(pos: &Position) -> bool {
    pos.rules().stalemate == StalemateRule::Loss
}

/// Some move of the side to move stalemates the opponent at once, or
/// leaves it at most [`FEW_REPLIES`] moves: worth a search.
pub fn looks_stalemating(pos: &Position) -> bool {
    pos.legal_moves().iter().any(|m| {
        let after = pos.play(m);
        match after.outcome() {
            Some(Outcome::Win {
                reason: EndReason::Stalemate,
                ..
            }) => true,
            Some(_) => false,
            None => !after.is_check() && after.legal_moves().len() <= FEW_REPLIES,
        }
    })
}

/// The stalemate puzzle `pos` holds, proven as every puzzle is, if any.
pub fn stalemate_puzzle(pos: &Position, config: &MineConfig) -> Option<Puzzle> {
    if !stalemate_wins(pos) || !looks_stalemating(pos) {
        return None;
    }
    puzzle_at(pos, config, true).filter(|p| p.themes.first() == Some(&Theme::Stalemate))
}

/// Mines until `config.count` stalemate puzzles are found, skipping
/// positions in `known` (board and side to move) and reporting each find.
/// Games are played out between mixed levels; every ending position and
/// its variations are looked at.
pub fn mine_stalemates(
    config: &MineConfig,
    known: &mut HashSet<String>,
    mut on_progress: impl FnMut(&Progress, Option<&Puzzle>),
) -> Vec<Puzzle> {
    let mut rng = SplitMix::new(config.seed);
    let mut progress = Progress::default();
    let mut found = Vec::new();
    // Candidates already looked at: the variations of neighbouring plies
    // overlap a lot.
    let mut looked_at: HashSet<u64> = HashSet::new();
    // The variations of one ending often hold the same line with a far
    // piece elsewhere: to a player that is the same puzzle, kept once.
    let mut lines: HashSet<Vec<String>> = HashSet::new();
    if !stalemate_wins(&Position::new(config.variant)) {
        return found;
    }
    while found.len() < config.count {
        let next = games::play_one(config, &mut rng, MAX_PLIES, |seen| {
            if !endings::is_ending(seen.position) {
                return Next::Play;
            }
            for candidate in endings::variations(seen.position) {
                if !looked_at.insert(candidate.hash()) {
                    continue;
                }
                progress.positions += 1;
                if let Some(puzzle) = stalemate_puzzle(&candidate, config) {
                    if lines.insert(puzzle.moves.clone()) && known.insert(board_key(&puzzle.fen)) {
                        progress.found += 1;
                        on_progress(&progress, Some(&puzzle));
                        found.push(puzzle);
                        if found.len() >= config.count {
                            return Next::Stop;
                        }
                    }
                }
                on_progress(&progress, None);
            }
            Next::Play
        });
        progress.games += 1;
        on_progress(&progress, None);
        if next == Next::Stop {
            break;
        }
    }
    found
}

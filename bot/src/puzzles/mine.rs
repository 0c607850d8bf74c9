//! Mining: engine games between mixed levels (so positions look like real
//! games, blunders included), a cheap look at every position, and the full
//! proof of [`line::solve`] for the few that pass it.

use super::data::Puzzle;
use super::games::{self, Next};
use super::line;
use super::rate;
use super::{FIND_DEPTH, MATERIAL_GAIN_CP, VERIFY_DEPTH, WIN_CP};
use engine::rng::SplitMix;
use engine::search::{piece_value, Level, Limits, SearchResult, MATE_BOUND};
use engine::{EndReason, Move, Outcome, Position, Variant};
use std::collections::HashSet;

/// Who plays the mining games: a weak player who blunders against a
/// stronger one who punishes it. Mismatched games throw up the most
/// tactics, and the stronger side's turns are where they are. Each side
/// plays one of three levels from these up.
const WEAK: Level = Level::Novice;
const STRONG: Level = Level::Casual;
/// A game whose side to move is this far ahead or behind (centipawns, at
/// the find depth) is decided: every move wins or none does, so its last
/// moves hold no single answers and are not played out.
pub const DECIDED_CP: i32 = 900;
/// Games stop here: long endings repeat the same puzzles.
const MAX_PLIES: usize = 160;
/// Openings are book-like and rarely tactical.
const FIRST_PLY: usize = 6;
/// After a find, skip this many plies: the next positions are the same idea.
const SKIP_AFTER_FIND: usize = 4;
/// Weak players leave pieces hanging all the time; taking one is a puzzle,
/// but a dull one: such finds make at most this share (per cent) of a run.
pub const EASY_SHARE: usize = 30;
/// The pre-filter's depth: one move and the captures after it, enough to
/// see a loose piece.
const GLANCE_DEPTH: u32 = 1;

/// Grabbing a loose piece in one move, for material or to bare the king:
/// the themes say nothing else.
pub fn is_easy(puzzle: &Puzzle) -> bool {
    use super::Theme;
    matches!(
        puzzle.themes[..],
        [Theme::Material | Theme::BareKing, Theme::OneMove]
    )
}

#[derive(Clone, Copy, Debug)]
pub struct MineConfig {
    pub variant: Variant,
    pub count: usize,
    pub seed: u64,
    pub find_depth: u32,
    pub verify_depth: u32,
    /// The most dull finds may make of a run, per cent.
    pub easy_share: usize,
    /// The lowest levels of the weak and of the strong player.
    pub weak: Level,
    pub strong: Level,
    /// Games stop once decided by this much; 0 plays them out.
    pub decided_cp: i32,
}

impl MineConfig {
    pub fn new(variant: Variant, count: usize, seed: u64) -> MineConfig {
        MineConfig {
            variant,
            count,
            seed,
            find_depth: FIND_DEPTH,
            verify_depth: VERIFY_DEPTH,
            easy_share: EASY_SHARE,
            weak: WEAK,
            strong: STRONG,
            decided_cp: DECIDED_CP,
        }
    }
}

/// What the miner has done so far, for a progress bar.
#[derive(Clone, Copy, Debug, Default)]
pub struct Progress {
    pub games: usize,
    pub positions: usize,
    pub found: usize,
    /// Finds that grab a loose piece in one move (see [`is_easy`]).
    pub easy: usize,
}

/// The puzzle a position holds, proven at the verify depth, if any.
/// With `easy_ok` false, positions whose answer is taking a loose piece
/// are passed over as early and cheaply as possible.
pub fn puzzle_at(pos: &Position, config: &MineConfig, easy_ok: bool) -> Option<Puzzle> {
    examine(pos, config, easy_ok).0
}

/// [`puzzle_at`], and the find-depth score when the search ran. The
/// searches are [`line::only_move`]'s, in its order.
fn examine(pos: &Position, config: &MineConfig, easy_ok: bool) -> (Option<Puzzle>, Option<i32>) {
    if !easy_ok && glance_takes_loose(pos) {
        return (None, None);
    }
    let mut searcher = line::prover(line::HASH_MB);
    let Some(found) = searcher.search(pos, &[], Limits::depth(config.find_depth)) else {
        return (None, None);
    };
    let score = Some(found.score);
    let dull = !easy_ok && takes_and_keeps(pos, &found);
    if found.score < WIN_CP
        || dull
        || line::second_best(&mut searcher, pos, config.find_depth, found.best)
            .is_some_and(line::wins_too)
    {
        return (None, score);
    }
    let Some(line) = line::solve(pos, config.verify_depth) else {
        return (None, score);
    };
    (Some(puzzle_from(pos, &line)), score)
}

/// The puzzle of a proven line: its themes, rating and id.
pub fn puzzle_from(pos: &Position, line: &line::Line) -> Puzzle {
    let fen = pos.fen();
    Puzzle {
        id: Puzzle::id_for(pos.variant(), &fen),
        variant: pos.variant(),
        themes: line::themes(pos, &line.moves),
        rating: rate::rating(pos, line),
        moves: line.moves.iter().map(|m| m.uci()).collect(),
        fen,
    }
}

/// A one-ply look already wins with a capture: the position's answer is
/// a loose piece or the last one (or it has no single answer at all).
fn glance_takes_loose(pos: &Position) -> bool {
    let mut searcher = line::prover(1);
    searcher
        .search(pos, &[], Limits::depth(GLANCE_DEPTH))
        .is_some_and(|r| {
            r.best.is_capture() && (bares(pos, &r.best) || (!r.is_mate() && r.score >= WIN_CP))
        })
}

/// The move takes the opponent's last piece and wins at once.
fn bares(pos: &Position, m: &Move) -> bool {
    matches!(
        pos.play(m).outcome(),
        Some(Outcome::Win {
            reason: EndReason::BareKing,
            ..
        })
    )
}

/// The found move bares the king, or takes a piece worth a material puzzle, the game goes
/// on and the expected reply takes nothing back: the proof would end in a
/// one-move material puzzle.
fn takes_and_keeps(pos: &Position, found: &SearchResult) -> bool {
    let worth = |role| piece_value(pos.variant(), role) >= MATERIAL_GAIN_CP;
    let keeps = !found.is_mate()
        && found.best.capture.is_some_and(worth)
        && pos.play(&found.best).outcome().is_none()
        && found.pv.get(1).is_none_or(|reply| !reply.is_capture());
    keeps || bares(pos, &found.best)
}

/// Mines until `config.count` puzzles are found, skipping positions in
/// `known` (board and side to move) and reporting each find.
pub fn mine(
    config: &MineConfig,
    known: &mut HashSet<String>,
    mut on_progress: impl FnMut(&Progress, Option<&Puzzle>),
) -> Vec<Puzzle> {
    let mut rng = SplitMix::new(config.seed);
    let mut progress = Progress::default();
    let mut found = Vec::new();
    while found.len() < config.count {
        let mut skip_until = FIRST_PLY;
        let next = games::play_one(config, &mut rng, MAX_PLIES, |seen| {
            if seen.ply < skip_until || seen.weak_to_move {
                return Next::Play;
            }
            progress.positions += 1;
            let easy_ok = (progress.easy + 1) * 100 <= (found.len() + 1) * config.easy_share;
            let (puzzle, score) = examine(seen.position, config, easy_ok);
            let decided = score.is_some_and(|s| {
                config.decided_cp > 0 && s.abs() >= config.decided_cp && s.abs() < MATE_BOUND
            });
            if let Some(puzzle) = puzzle {
                let easy = is_easy(&puzzle);
                if (!easy || easy_ok) && known.insert(board_key(&puzzle.fen)) {
                    progress.easy += usize::from(easy);
                    progress.found += 1;
                    on_progress(&progress, Some(&puzzle));
                    found.push(puzzle);
                    if found.len() >= config.count {
                        return Next::Stop;
                    }
                }
                skip_until = seen.ply + SKIP_AFTER_FIND;
            }
            on_progress(&progress, None);
            if decided {
                Next::EndGame
            } else {
                Next::Play
            }
        });
        progress.games += 1;
        on_progress(&progress, None);
        if next == Next::Stop {
            break;
        }
    }
    found
}

/// The board and side to move of a FEN: the same puzzle reached with
/// other move counters is the same puzzle.
pub fn board_key(fen: &str) -> String {
    fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
}

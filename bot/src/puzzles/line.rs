//! The solution line: from a position, our only winning move at each step
//! and the opponent's best defence between them. Everything here is a
//! pure function of the position and the depth (a fresh searcher each
//! time), so CI re-checks exactly what the miner decided.

use super::theme::Theme;
use super::{MATERIAL_GAIN_CP, MAX_OUR_MOVES, SECOND_MAX_CP, WIN_CP};
use engine::search::{piece_value, Limits, Pruning, SearchResult, Searcher, MATE};
use engine::{Color, EndReason, Move, MoveKind, Outcome, Position, Role};

/// Small: puzzle searches are shallow, and a fresh table per step keeps
/// them reproducible.
pub const HASH_MB: usize = 2;

/// A fresh searcher for proofs, with the pruning every shipped puzzle was
/// proven with: retuning the CPU player's play must not change a proof.
pub fn prover(hash_mb: usize) -> Searcher {
    let mut searcher = Searcher::with_hash(hash_mb);
    searcher.set_pruning(Pruning::Steady);
    searcher
}

/// The best move of `pos` at `depth` if it wins and no other move does.
/// `any_win_ok` skips the second look (the final mating move, where any
/// move that ends the game is accepted).
pub fn only_move(pos: &Position, depth: u32, any_win_ok: bool) -> Option<SearchResult> {
    let mut searcher = prover(HASH_MB);
    let best = searcher.search(pos, &[], Limits::depth(depth))?;
    if best.score < WIN_CP {
        return None;
    }
    if !any_win_ok && second_best(&mut searcher, pos, depth, best.best).is_some_and(wins_too) {
        return None;
    }
    Some(best)
}

/// The best score without `best`, or `None` when `best` is the only legal move.
pub fn second_best(searcher: &mut Searcher, pos: &Position, depth: u32, best: Move) -> Option<i32> {
    searcher
        .search_excluding(pos, &[], Limits::depth(depth), &[best])
        .map(|r| r.score)
}

/// A second move this good means the position has two answers.
pub fn wins_too(score: i32) -> bool {
    score >= SECOND_MAX_CP
}

/// Whether some move other than `solution` also wins at `depth`: the
/// uniqueness re-check of CI.
pub fn has_second_win(pos: &Position, depth: u32, solution: Move) -> bool {
    let mut searcher = prover(HASH_MB);
    // The same order of searches as `only_move`, so the tables match.
    let _ = searcher.search(pos, &[], Limits::depth(depth));
    second_best(&mut searcher, pos, depth, solution).is_some_and(wins_too)
}

/// Material of `color` minus its opponent's, by the engine's values.
pub fn material_balance(pos: &Position, color: Color) -> i32 {
    let variant = pos.variant();
    let side = |c: Color| -> i32 {
        variant
            .roles()
            .iter()
            .filter(|r| **r != Role::King)
            .map(|r| pos.pieces_of(c, *r).count() as i32 * piece_value(variant, *r))
            .sum()
    };
    side(color) - side(color.other())
}

/// A found line and how hard it was to see.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub moves: Vec<Move>,
    /// The first search depth from which the first move stayed best.
    pub seen_at: u32,
}

/// The puzzle line from `start` proven at `depth`, or `None` if some step
/// has no single winning move or the line does not finish within
/// [`MAX_OUR_MOVES`].
pub fn solve(start: &Position, depth: u32) -> Option<Line> {
    let solver = start.turn();
    let mut pos = *start;
    let mut moves = Vec::new();
    let seen_at = seen_at(start, depth);
    for step in 0..MAX_OUR_MOVES {
        let plies_left = 2 * (MAX_OUR_MOVES - step) as i32 - 1;
        let probe = only_move(&pos, depth, false);
        let best = match probe {
            Some(best) => best,
            // The final blow of a mate may have company: any mate is accepted.
            None if step > 0 => final_blow(&pos, depth)?,
            None => return None,
        };
        let mating = best.is_mate();
        if mating && MATE - best.score > plies_left {
            return None;
        }
        pos = pos.play(&best.best);
        moves.push(best.best);
        if let Some(outcome) = pos.outcome() {
            return (outcome.winner() == Some(solver)).then_some(Line { moves, seen_at });
        }
        let reply = match best.pv.get(1) {
            Some(m) => *m,
            None => {
                let mut searcher = prover(HASH_MB);
                searcher.search(&pos, &[], Limits::depth(depth - 1))?.best
            }
        };
        if !mating
            && material_balance(&pos, solver) - material_balance(start, solver) >= MATERIAL_GAIN_CP
            && !reply.is_capture()
        {
            return Some(Line { moves, seen_at });
        }
        pos = pos.play(&reply);
        moves.push(reply);
        if pos.outcome().is_some() {
            return None;
        }
    }
    None
}

/// A move that ends the game with our win at once, if the best does.
fn final_blow(pos: &Position, depth: u32) -> Option<SearchResult> {
    let best = only_move(pos, depth, true)?;
    (best.score == MATE - 1).then_some(best)
}

/// The shallowest iteration from which the first move no longer changed.
pub fn seen_at(pos: &Position, depth: u32) -> u32 {
    let mut searcher = prover(HASH_MB);
    let mut last: Option<Move> = None;
    let mut since = 1;
    searcher.search_with(pos, &[], Limits::depth(depth), |r| {
        if last != Some(r.best) {
            last = Some(r.best);
            since = r.depth;
        }
    });
    since
}

/// The themes of a line played from `start`: how it ends first.
pub fn themes(start: &Position, moves: &[Move]) -> Vec<Theme> {
    let mut pos = *start;
    let ours: Vec<&Move> = moves.iter().step_by(2).collect();
    for m in moves {
        pos = pos.play(m);
    }
    let mut themes = vec![match pos.outcome() {
        Some(Outcome::Win {
            reason: EndReason::Checkmate,
            ..
        }) => Theme::MateIn(ours.len() as u8),
        Some(Outcome::Win {
            reason: EndReason::Stalemate,
            ..
        }) => Theme::Stalemate,
        Some(Outcome::Win { .. }) => Theme::BareKing,
        _ => Theme::Material,
    }];
    if ours.iter().any(|m| m.promotion) {
        themes.push(Theme::Promotion);
    }
    if ours
        .iter()
        .any(|m| matches!(m.kind, MoveKind::KingLeap | MoveKind::FerzLeap))
    {
        themes.push(Theme::Leap);
    }
    match ours.len() {
        1 => themes.push(Theme::OneMove),
        n if n >= 3 => themes.push(Theme::Long),
        _ => {}
    }
    themes
}

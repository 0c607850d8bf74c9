//! The CPU player: iterative-deepening alpha-beta (principal variation
//! search) with a transposition table, move ordering, null-move and late
//! move reductions, and a quiescence search, over the evaluation in
//! [`eval`](evaluate). Game ends inside the tree follow RULES.md exactly.
//!
//! ```
//! use engine::search::{Limits, Searcher};
//! use engine::{Position, Variant};
//! // White mates at once: the rook on h1 slides up to h8.
//! let pos = Position::from_fen(Variant::Shatranj, "3k4/p7/3K4/8/8/8/8/7R w - - 0 1").unwrap();
//! let result = Searcher::new().search(&pos, &[], Limits::depth(3)).unwrap();
//! assert_eq!(result.best.uci(), "h1h8");
//! assert_eq!(result.mate_in(), Some(1));
//! ```

mod correction;
mod ends;
mod eval;
mod eval_cache;
mod fsf_terms;
mod king_danger;
mod king_safety;
mod levels;
mod limits;
mod ordering;
mod positional;
mod pruning;
mod see;
mod tree;
mod tt;
mod weights;

pub use eval::{evaluate, evaluate_with, piece_value};
pub use levels::{Level, UnknownLevel};
pub use limits::{Limits, StopFlag};
pub use pruning::Pruning;
pub use weights::{Knob, Weights, KNOBS};

use crate::game::Game;
use crate::position::Position;
use crate::types::Move;
use limits::Clock;
use ordering::Heuristics;
use std::time::Duration;

/// A win: the side to move mates (or bares, or stalemates where that
/// wins) in `MATE - score` plies.
pub const MATE: i32 = 30_000;
/// Scores beyond this are wins or losses in some number of plies.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// The deepest the tree may go, extensions and quiescence included.
pub const MAX_PLY: usize = 100;
/// The deepest iteration a search starts.
pub const MAX_DEPTH: u32 = 64;
const INFINITE: i32 = MATE + 1;

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play.
    pub best: Move,
    /// Centipawns for the side to move; beyond [`MATE_BOUND`] a forced win
    /// (positive) or loss in `MATE - |score|` plies.
    pub score: i32,
    /// The last iteration finished.
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    pub nodes: u64,
    pub time: Duration,
    /// The expected line, starting with `best`.
    pub pv: Vec<Move>,
    /// How full the transposition table is, per mille.
    pub hashfull: u32,
}

impl SearchResult {
    /// Whether the score is a forced win or loss.
    pub fn is_mate(&self) -> bool {
        self.score.abs() >= MATE_BOUND
    }

    /// Moves to the forced end, positive if the side to move wins
    /// (as UCI's `score mate`).
    pub fn mate_in(&self) -> Option<i32> {
        if !self.is_mate() {
            return None;
        }
        let plies = MATE - self.score.abs();
        let moves = (plies + 1) / 2;
        Some(if self.score > 0 { moves } else { -moves })
    }
}

/// How a weakened player errs; the default is full strength. See
/// [`Level`] for the ladder built on it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Up to this many centipawns of misjudgement, added to every
    /// evaluation (the same for the same position in one game).
    pub noise: i32,
    /// Per mille of our moves after which an opponent's capture goes
    /// unseen: the player misses the threat.
    pub blind: u32,
    /// Varies the errors from game to game.
    pub seed: u64,
}

/// The CPU player. It keeps its transposition table and move-ordering
/// knowledge from one search to the next, so reuse one per game.
pub struct Searcher {
    tt: tt::Table,
    heuristics: Heuristics,
    stop: StopFlag,
    style: Style,
    // The running search.
    clock: Clock,
    nodes: u64,
    seldepth: usize,
    aborted: bool,
    /// Hashes of the game's positions and then of the search path; the
    /// root is at `root_index`.
    path: Vec<u64>,
    root_index: usize,
    pv: Vec<Vec<Move>>,
    /// Root moves the running search leaves out (the second-best search
    /// of the puzzle miner).
    excluded: Vec<Move>,
    /// The static evaluation at each ply of the running path, to tell
    /// whether the side to move is improving on its last turn.
    evals: Vec<i32>,
    /// Evaluations computed so far; they depend on the style and pruning,
    /// so changing either clears it.
    eval_cache: eval_cache::EvalCache,
    pruning: Pruning,
    /// How the static evaluation erred per pawn structure (and, in
    /// Courier chess, per colour's pieces), this game.
    correction: correction::Correction,
    /// How much the side to move at the root dislikes a draw by repetition
    /// or the move-count rule, in centipawns (see [`Searcher::set_contempt`]).
    contempt: i32,
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new()
    }
}

impl Searcher {
    /// A searcher with a 16 MB transposition table.
    pub fn new() -> Searcher {
        Searcher::with_hash(16)
    }

    /// A searcher with a transposition table of about `megabytes`.
    pub fn with_hash(megabytes: usize) -> Searcher {
        Searcher {
            tt: tt::Table::new(megabytes),
            heuristics: Heuristics::new(),
            stop: StopFlag::new(),
            style: Style::default(),
            clock: Clock::new(&Limits::default(), StopFlag::new()),
            nodes: 0,
            seldepth: 0,
            aborted: false,
            path: Vec::new(),
            root_index: 0,
            pv: vec![Vec::new(); MAX_PLY + 2],
            excluded: Vec::new(),
            evals: vec![-INFINITE; MAX_PLY + 2],
            eval_cache: eval_cache::EvalCache::new(megabytes),
            pruning: Pruning::default(),
            correction: correction::Correction::new(),
            contempt: 0,
        }
    }

    /// Plays weaker, in the given way (see [`Level`]).
    pub fn set_style(&mut self, style: Style) {
        // The cache holds evaluations with the style's noise in them; the
        // same style again (every move of a game) keeps them.
        if self.style != style {
            self.style = style;
            self.eval_cache.clear();
        }
    }

    /// Cuts the tree as `pruning` says: [`Pruning::Steady`] for results
    /// that must not change when play is retuned (puzzle proofs).
    ///
    /// ```
    /// use engine::search::{Limits, Pruning, Searcher};
    /// use engine::{Position, Variant};
    /// let pos = Position::from_fen(Variant::Shatranj, "3k4/p7/3K4/8/8/8/8/7R w - - 0 1").unwrap();
    /// let mut searcher = Searcher::new();
    /// searcher.set_pruning(Pruning::Steady);
    /// let best = searcher.search(&pos, &[], Limits::depth(3)).unwrap();
    /// assert_eq!(best.best.uci(), "h1h8");
    /// ```
    pub fn set_pruning(&mut self, pruning: Pruning) {
        if self.pruning != pruning {
            self.pruning = pruning;
            self.eval_cache.clear();
        }
    }

    /// How much a draw by repetition or by the move-count rule is worth
    /// *below* nothing to the side the search plays for, in centipawns,
    /// as in Stockfish's Contempt option: positive plays on for a win,
    /// negative settles for a draw, which pays against a stronger
    /// opponent. 0 (the default) scores a draw as even.
    ///
    /// ```
    /// use engine::search::{Limits, Searcher};
    /// use engine::{Game, Variant};
    /// // The knights went out and back: g8 now repeats the start a third time.
    /// let mut game = Game::new(Variant::Shatranj);
    /// for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
    ///     game.play_text(m).unwrap();
    /// }
    /// let mut searcher = Searcher::new();
    /// searcher.set_contempt(-100);
    /// let settles = searcher.search_game(&game, Limits::depth(4)).unwrap();
    /// assert_eq!(settles.best.uci(), "f6g8");
    /// searcher.set_contempt(100);
    /// let plays_on = searcher.search_game(&game, Limits::depth(4)).unwrap();
    /// assert_ne!(plays_on.best.uci(), "f6g8");
    /// ```
    pub fn set_contempt(&mut self, centipawns: i32) {
        // The table's scores hold the old draw's worth.
        if self.contempt != centipawns {
            self.contempt = centipawns;
            self.tt.clear();
        }
    }

    /// A flag that stops this searcher's running search from another thread.
    pub fn stop_flag(&self) -> StopFlag {
        self.stop.clone()
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.eval_cache.clear();
        self.heuristics = Heuristics::new();
        self.correction.clear();
    }

    /// Searches a game's current position, with its history for repetitions.
    pub fn search_game(&mut self, game: &Game, limits: Limits) -> Option<SearchResult> {
        self.search(game.position(), &game_hashes(game), limits)
    }

    /// Searches `pos` within `limits`. `history` holds the hashes of the
    /// positions played before it (the current one may end the list), so
    /// the search sees repetitions. `None` if the game is already over.
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: Limits,
    ) -> Option<SearchResult> {
        self.search_with(pos, history, limits, |_| {})
    }

    /// [`search`](Searcher::search) without the root moves in `excluded`:
    /// the best of the rest, to tell an only move from one of several.
    /// `None` if no other move is legal.
    ///
    /// ```
    /// use engine::search::{Limits, Searcher};
    /// use engine::{Position, Variant};
    /// let pos = Position::from_fen(Variant::Shatranj, "3k4/p7/3K4/8/8/8/8/7R w - - 0 1").unwrap();
    /// let mut searcher = Searcher::new();
    /// let best = searcher.search(&pos, &[], Limits::depth(3)).unwrap();
    /// let second = searcher.search_excluding(&pos, &[], Limits::depth(3), &[best.best]).unwrap();
    /// assert_ne!(second.best, best.best);
    /// assert!(second.score < best.score); // Rh8 mates at once; the rest are slower
    /// ```
    pub fn search_excluding(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: Limits,
        excluded: &[Move],
    ) -> Option<SearchResult> {
        if pos.legal_moves().iter().all(|m| excluded.contains(m)) {
            return None;
        }
        self.excluded = excluded.to_vec();
        let result = self.search_with(pos, history, limits, |_| {});
        self.excluded.clear();
        result
    }

    /// [`search`](Searcher::search), reporting each finished iteration.
    pub fn search_with(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: Limits,
        mut on_iteration: impl FnMut(&SearchResult),
    ) -> Option<SearchResult> {
        let root_moves: crate::MoveList = pos
            .legal_moves()
            .iter()
            .filter(|m| !self.excluded.contains(m))
            .copied()
            .collect();
        if root_moves.is_empty() || pos.outcome().is_some() {
            return None;
        }
        self.clock = Clock::new(&limits, self.stop.clone());
        self.nodes = 0;
        self.aborted = false;
        self.tt.new_search();
        self.heuristics.clear();
        self.path.clear();
        self.path.extend_from_slice(history);
        if self.path.last() != Some(&pos.hash()) {
            self.path.push(pos.hash());
        }
        self.root_index = self.path.len() - 1;

        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut best: Option<SearchResult> = None;
        let mut score = 0;
        for depth in 1..=max_depth {
            self.seldepth = 0;
            score = self.aspiration(pos, depth as i32, score, best.as_ref().map(|b| b.score));
            // An unfinished iteration's first move was searched in full
            // if the PV holds one; otherwise keep the last finished result.
            let pv = self.pv[0].clone();
            if self.aborted && pv.is_empty() {
                break;
            }
            if self.aborted && best.is_some() {
                // The cut-off iteration tried the last best move first, so
                // a move in its PV has beaten that move at this depth.
                if let Some(last) = best.as_mut() {
                    if last.best != pv[0] {
                        last.best = pv[0];
                        last.pv = pv;
                    }
                }
                break;
            }
            let result = SearchResult {
                best: pv[0],
                score,
                depth,
                seldepth: self.seldepth as u32,
                nodes: self.nodes,
                time: self.clock.elapsed(),
                pv,
                hashfull: self.tt.hashfull(),
            };
            on_iteration(&result);
            let done = result.is_mate() && (MATE - score.abs()) < depth as i32;
            best = Some(result);
            if self.aborted || done || !self.clock.may_deepen(self.nodes) {
                break;
            }
            if root_moves.len() == 1 && limits.time.is_some() && depth >= 4 {
                break; // the only move: no need to think on
            }
        }
        let mut result = best.unwrap_or_else(|| SearchResult {
            // Cut off before even one move was searched: play something legal.
            best: root_moves[0],
            score: 0,
            depth: 0,
            seldepth: 0,
            nodes: self.nodes,
            time: self.clock.elapsed(),
            pv: vec![root_moves[0]],
            hashfull: 0,
        });
        result.nodes = self.nodes;
        result.time = self.clock.elapsed();
        Some(result)
    }

    /// A narrow window round the last score, widened when the score falls
    /// outside it: most iterations change the score little.
    fn aspiration(&mut self, pos: &Position, depth: i32, last: i32, previous: Option<i32>) -> i32 {
        let mut delta = 40;
        let (mut alpha, mut beta) = match previous {
            Some(_) if depth >= 5 && last.abs() < MATE_BOUND => (last - delta, last + delta),
            _ => (-INFINITE, INFINITE),
        };
        loop {
            let score = self.alphabeta(pos, depth, 0, alpha, beta, true);
            if self.aborted {
                return score;
            }
            if score <= alpha {
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
            } else {
                return score;
            }
            delta *= 3;
            if delta > 1000 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }
}

/// The hashes of every position of a game so far, the current one last:
/// what [`Searcher::search`] needs to see repetitions.
///
/// ```
/// use engine::{search::game_hashes, Game, Variant};
/// let mut game = Game::new(Variant::Shatranj);
/// game.play_text("Nf3").unwrap();
/// assert_eq!(game_hashes(&game).len(), 2);
/// assert_eq!(*game_hashes(&game).last().unwrap(), game.position().hash());
/// ```
pub fn game_hashes(game: &Game) -> Vec<u64> {
    let mut pos = *game.start();
    let mut hashes = vec![pos.hash()];
    for m in game.moves() {
        pos = pos.play(m);
        hashes.push(pos.hash());
    }
    hashes
}

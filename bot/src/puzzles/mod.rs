//! Puzzles: positions where the side to move has exactly one winning move
//! at every step of a short line. `mine` finds them in engine games,
//! `check` proves shipped ones still hold, `data` reads and writes the
//! CSV files in `bot/puzzles/`. `stalemate` mines the one theme ordinary
//! games almost never give: a stalemate that wins.

pub mod check;
pub mod data;
pub mod endings;
pub mod games;
pub mod line;
pub mod mine;
pub mod rate;
pub mod stalemate;
pub mod theme;

pub use data::{Puzzle, PuzzleParseError};
pub use theme::Theme;

/// How deep the miner's first, cheap look goes.
pub const FIND_DEPTH: u32 = 4;
/// How deep every step of a kept line is proven: the depth CI re-checks at.
pub const VERIFY_DEPTH: u32 = 6;
/// The best move must be worth at least this (centipawns) to count as winning.
pub const WIN_CP: i32 = 300;
/// No other move may reach this: otherwise the position has two answers.
pub const SECOND_MAX_CP: i32 = 120;
/// A material puzzle must gain at least this much (a minor piece and more).
pub const MATERIAL_GAIN_CP: i32 = 250;
/// The longest line, in our moves (mate in 4).
pub const MAX_OUR_MOVES: usize = 4;

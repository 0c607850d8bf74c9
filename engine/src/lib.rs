//! The rules of Shatranj, Medieval chess, Courier chess and Byzantine chess:
//! boards, positions, legal moves, game ends, notation and perft.
//!
//! ```
//! use engine::{Position, Variant};
//! let pos = Position::new(Variant::Shatranj);
//! assert_eq!(pos.legal_moves().len(), 16);
//! ```

mod attacks;
mod bitboard;
mod explain;
pub mod fen;
mod game;
mod geometry;
mod movegen;
mod outcome;
mod perft;
mod pgn;
mod position;
pub mod rng;
mod san;
pub mod search;
mod setup;
mod types;
mod variant;
mod zobrist;

pub use bitboard::Bitboard;
pub use explain::Illegal;
pub use fen::FenError;
pub use game::Game;
pub use geometry::{BoardKind, Geometry, Ray, Segment};
pub use movegen::MoveList;
pub use outcome::{EndReason, Outcome};
pub use perft::{divide, perft};
pub use pgn::{variant_tag, PgnTags};
pub use position::{Position, SetupError};
pub use san::{MoveError, MAX_MOVE_LEN};
pub use setup::{default_pawn_dirs, Setup};
pub use types::{
    Color, Move, MoveKind, PawnDir, Piece, Role, Square, MAX_FILES, MAX_RANKS, SQUARES,
};
pub use variant::{HouseRules, StalemateRule, UnknownVariant, Variant};

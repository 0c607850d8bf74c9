//! The rules of Shatranj, Medieval chess, Courier chess and Byzantine chess:
//! boards, positions, legal moves, game ends, notation and perft.
//!
//! ```
//! use engine::{Position, Variant};
//! let pos = Position::new(Variant::Shatranj);
//! assert_eq!(pos.legal_moves().len(), 16);
//! ```

mod bitboard;
mod geometry;
mod setup;
mod types;
mod variant;

pub use bitboard::Bitboard;
pub use geometry::{BoardKind, Geometry, Ray, Segment};
pub use setup::{default_pawn_dirs, Setup};
pub use types::{
    Color, Move, MoveKind, PawnDir, Piece, Role, Square, MAX_FILES, MAX_RANKS, SQUARES,
};
pub use variant::{HouseRules, StalemateRule, UnknownVariant, Variant};

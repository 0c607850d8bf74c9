//! One puzzle per CSV line: `id,variant,fen,moves,themes,rating`, moves
//! in coordinate notation and themes separated by spaces. The FEN has no
//! commas in any variant, so no quoting is needed.

use super::theme::{Theme, UnknownTheme};
use engine::{Position, Variant};
use std::fmt;

pub const HEADER: &str = "id,variant,fen,moves,themes,rating";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub id: String,
    pub variant: Variant,
    pub fen: String,
    /// Our moves and the opponent's replies, alternating, ours first.
    pub moves: Vec<String>,
    pub themes: Vec<Theme>,
    pub rating: i32,
}

/// A line of a puzzle file that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleParseError {
    #[error("expected 6 comma-separated fields, found {0}")]
    Fields(usize),
    #[error("unknown variant '{0}'")]
    Variant(String),
    #[error(transparent)]
    Theme(#[from] UnknownTheme),
    #[error("rating '{0}' is not a number")]
    Rating(String),
    #[error("a puzzle needs at least one move")]
    NoMoves,
}

impl Puzzle {
    /// The start position (the FEN was checked when the puzzle was mined;
    /// `check` proves it again).
    pub fn position(&self) -> Result<Position, String> {
        Position::from_fen(self.variant, &self.fen).map_err(|e| e.to_string())
    }

    /// How many moves the solver makes.
    pub fn our_moves(&self) -> usize {
        self.moves.len().div_ceil(2)
    }

    /// A stable id from the position, so re-mining keeps ids.
    pub fn id_for(variant: Variant, fen: &str) -> String {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in fen.bytes() {
            h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
        let letter = variant.to_string().chars().next().unwrap_or('x');
        format!("{letter}{:08x}", h as u32)
    }
}

impl std::str::FromStr for Puzzle {
    type Err = PuzzleParseError;

    fn from_str(line: &str) -> Result<Puzzle, PuzzleParseError> {
        let fields: Vec<&str> = line.trim().split(',').collect();
        if fields.len() != 6 {
            return Err(PuzzleParseError::Fields(fields.len()));
        }
        let variant = fields[1]
            .parse::<Variant>()
            .map_err(|_| PuzzleParseError::Variant(fields[1].to_string()))?;
        let moves: Vec<String> = fields[3].split_whitespace().map(str::to_string).collect();
        if moves.is_empty() {
            return Err(PuzzleParseError::NoMoves);
        }
        let themes = fields[4]
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<Vec<Theme>, _>>()?;
        let rating = fields[5]
            .trim()
            .parse()
            .map_err(|_| PuzzleParseError::Rating(fields[5].to_string()))?;
        Ok(Puzzle {
            id: fields[0].to_string(),
            variant,
            fen: fields[2].to_string(),
            moves,
            themes,
            rating,
        })
    }
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let themes: Vec<String> = self.themes.iter().map(Theme::to_string).collect();
        write!(
            f,
            "{},{},{},{},{},{}",
            self.id,
            self.variant.to_string().to_lowercase(),
            self.fen,
            self.moves.join(" "),
            themes.join(" "),
            self.rating
        )
    }
}

/// Every puzzle of a file's text, skipping the header and blank lines;
/// errors name the line.
pub fn parse_file(text: &str) -> Result<Vec<Puzzle>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with("id,"))
        .map(|(i, l)| l.parse().map_err(|e| format!("line {}: {e}", i + 1)))
        .collect()
}

/// The shipped puzzles, compiled in so the first start can load them.
pub const SHIPPED: [&str; 4] = [
    include_str!("../../puzzles/shatranj.csv"),
    include_str!("../../puzzles/medieval.csv"),
    include_str!("../../puzzles/courier.csv"),
    include_str!("../../puzzles/byzantine.csv"),
];

/// All shipped puzzles.
pub fn shipped() -> Vec<Puzzle> {
    SHIPPED
        .iter()
        .flat_map(|text| parse_file(text).expect("shipped puzzle files parse"))
        .collect()
}

//! What a puzzle is about: the tags players see and `puzzles stats` counts.

use std::fmt;
use std::str::FromStr;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// Checkmate in this many of our moves (1 to 4).
    MateIn(u8),
    /// The line takes the opponent's last piece.
    BareKing,
    /// The line stalemates the opponent, which wins in this variant.
    Stalemate,
    /// The line wins material and keeps it.
    Material,
    /// A pawn promotes on the way.
    Promotion,
    /// Medieval chess: the king or ferz leaps.
    Leap,
    /// One move solves it.
    OneMove,
    /// Three or more of our moves.
    Long,
}

impl Theme {
    /// Whether this theme says how the line ends (every puzzle has one).
    pub fn is_ending(self) -> bool {
        matches!(
            self,
            Theme::MateIn(_) | Theme::BareKing | Theme::Stalemate | Theme::Material
        )
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Theme::MateIn(n) => write!(f, "mateIn{n}"),
            Theme::BareKing => f.write_str("bareKing"),
            Theme::Stalemate => f.write_str("stalemate"),
            Theme::Material => f.write_str("material"),
            Theme::Promotion => f.write_str("promotion"),
            Theme::Leap => f.write_str("leap"),
            Theme::OneMove => f.write_str("oneMove"),
            Theme::Long => f.write_str("long"),
        }
    }
}

/// Not one of the theme names.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown puzzle theme '{0}'")]
pub struct UnknownTheme(pub String);

impl FromStr for Theme {
    type Err = UnknownTheme;

    fn from_str(s: &str) -> Result<Theme, UnknownTheme> {
        let theme = match s {
            "bareKing" => Theme::BareKing,
            "stalemate" => Theme::Stalemate,
            "material" => Theme::Material,
            "promotion" => Theme::Promotion,
            "leap" => Theme::Leap,
            "oneMove" => Theme::OneMove,
            "long" => Theme::Long,
            _ => match s.strip_prefix("mateIn").and_then(|n| n.parse::<u8>().ok()) {
                Some(n @ 1..=4) => Theme::MateIn(n),
                _ => return Err(UnknownTheme(s.to_string())),
            },
        };
        Ok(theme)
    }
}

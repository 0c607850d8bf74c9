//! The four games and the house rules a table may change.

use crate::geometry::BoardKind;
use crate::types::Role;
use std::fmt;
use std::str::FromStr;

/// One of the four games alfil plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    Shatranj,
    Medieval,
    Courier,
    Byzantine,
}

impl Variant {
    pub const ALL: [Variant; 4] = [
        Variant::Shatranj,
        Variant::Medieval,
        Variant::Courier,
        Variant::Byzantine,
    ];

    /// The lowercase name used in commands, FEN tools and PGN.
    ///
    /// ```
    /// use engine::Variant;
    /// assert_eq!(Variant::Courier.name(), "courier");
    /// assert_eq!("Byzantine".parse::<Variant>(), Ok(Variant::Byzantine));
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Shatranj => "shatranj",
            Variant::Medieval => "medieval",
            Variant::Courier => "courier",
            Variant::Byzantine => "byzantine",
        }
    }

    /// The name as a title: "Shatranj", "Medieval chess", ...
    pub const fn title(self) -> &'static str {
        match self {
            Variant::Shatranj => "Shatranj",
            Variant::Medieval => "Medieval chess",
            Variant::Courier => "Courier chess",
            Variant::Byzantine => "Byzantine chess",
        }
    }

    pub const fn board(self) -> BoardKind {
        match self {
            Variant::Courier => BoardKind::Wide12,
            Variant::Byzantine => BoardKind::Round,
            _ => BoardKind::Square8,
        }
    }

    /// Medieval chess's first-move leaps and the pawn's double step.
    pub const fn has_leaps(self) -> bool {
        matches!(self, Variant::Medieval)
    }

    /// Whether pawn moves reset the move-count rule (not on the round board,
    /// where a pawn can walk for ever).
    pub const fn pawn_moves_reset_count(self) -> bool {
        !matches!(self, Variant::Byzantine)
    }

    /// The roles that may appear in this variant.
    pub fn roles(self) -> &'static [Role] {
        match self {
            Variant::Courier => &Role::ALL,
            _ => &Role::ALL[..6],
        }
    }

    /// The standard rules; a table may change them for Shatranj (seed 001)
    /// and, through the same value, for the others.
    pub const fn default_rules(self) -> HouseRules {
        match self {
            Variant::Shatranj | Variant::Byzantine => HouseRules {
                stalemate: StalemateRule::Loss,
                counter: true,
                move_rule: 70,
            },
            Variant::Medieval => HouseRules {
                stalemate: StalemateRule::Draw,
                counter: true,
                move_rule: 70,
            },
            Variant::Courier => HouseRules {
                stalemate: StalemateRule::Loss,
                counter: true,
                move_rule: 50,
            },
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name given is not one of the four variants.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant '{0}': choose shatranj, medieval, courier or byzantine")]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;

    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        let lower = s.trim().to_ascii_lowercase();
        let name = lower.strip_suffix(" chess").unwrap_or(&lower);
        match name {
            "shatranj" => Ok(Variant::Shatranj),
            "medieval" => Ok(Variant::Medieval),
            "courier" => Ok(Variant::Courier),
            "byzantine" | "round" => Ok(Variant::Byzantine),
            _ => Err(UnknownVariant(s.to_string())),
        }
    }
}

/// What a stalemate means for the stalemated side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StalemateRule {
    /// The stalemated side loses (Shatranj, Courier, Byzantine).
    Loss,
    /// A draw (Medieval chess, or a table's house rule).
    Draw,
}

/// The rules a table may change; a game carries its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HouseRules {
    pub stalemate: StalemateRule,
    /// A bared king may answer by capturing the last piece for a draw.
    pub counter: bool,
    /// Moves by each side without a capture (or, off the round board, a pawn
    /// move) before the game is drawn.
    pub move_rule: u32,
}

//! How games end, checked in the order RULES.md gives.

use crate::position::Position;
use crate::types::{Color, Role};
use crate::variant::StalemateRule;
use std::fmt;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    Checkmate,
    /// One side was left with only its king.
    BareKing,
    /// Both sides were left with only their kings.
    BareKings,
    Stalemate,
    Repetition,
    MoveRule,
    Resignation,
    Agreement,
}

impl EndReason {
    pub fn describe(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::BareKing => "bare king",
            EndReason::BareKings => "two bare kings",
            EndReason::Stalemate => "stalemate",
            EndReason::Repetition => "threefold repetition",
            EndReason::MoveRule => "the move-count rule",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "agreement",
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win { winner: Color, reason: EndReason },
    Draw { reason: EndReason },
}

impl Outcome {
    pub fn winner(&self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Draw { .. } => None,
        }
    }

    pub fn reason(&self) -> EndReason {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => *reason,
        }
    }

    /// The PGN result token: `1-0`, `0-1` or `1/2-1/2`.
    pub fn pgn(&self) -> &'static str {
        match self.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                write!(f, "{winner} wins by {}", reason.describe())
            }
            Outcome::Draw { reason } => write!(f, "draw by {}", reason.describe()),
        }
    }
}

impl Position {
    /// The end the position itself shows, in RULES.md's order: checkmate,
    /// bare king (with the counter reply), stalemate, then the move-count
    /// rule. Repetition needs the game's history: see [`Game`](crate::Game).
    ///
    /// ```
    /// use engine::{EndReason, Position, Variant};
    /// let pos = Position::from_fen(Variant::Shatranj, "8/8/8/8/8/3k4/8/R2K4 b - - 0 1").unwrap();
    /// assert_eq!(pos.outcome().unwrap().reason(), EndReason::BareKing);
    /// ```
    pub fn outcome(&self) -> Option<crate::Outcome> {
        self.outcome_before_repetition()
            .or_else(|| self.move_rule_draw())
    }

    /// Checkmate, bare king and stalemate: the ends that need no history.
    pub fn outcome_before_repetition(&self) -> Option<Outcome> {
        let us = self.turn;
        let no_moves = self.legal_moves().is_empty();
        if no_moves && self.is_check() {
            return Some(Outcome::Win {
                winner: us.other(),
                reason: EndReason::Checkmate,
            });
        }
        if let Some(outcome) = self.bare_king() {
            return Some(outcome);
        }
        if no_moves {
            return Some(match self.rules.stalemate {
                StalemateRule::Loss => Outcome::Win {
                    winner: us.other(),
                    reason: EndReason::Stalemate,
                },
                StalemateRule::Draw => Outcome::Draw {
                    reason: EndReason::Stalemate,
                },
            });
        }
        None
    }

    /// The move-count rule: N moves by each side without a capture (or, off
    /// the round board, a pawn move).
    pub fn move_rule_draw(&self) -> Option<Outcome> {
        (self.halfmoves >= 2 * self.rules.move_rule).then_some(Outcome::Draw {
            reason: EndReason::MoveRule,
        })
    }

    /// The bare-king rule. The bared side loses unless it is its turn, the
    /// counter is allowed, and it can take the opponent's last piece now.
    pub fn bare_king(&self) -> Option<Outcome> {
        let bare = |c: Color| self.pieces(c) == self.pieces_of(c, Role::King);
        let (white_bare, black_bare) = (bare(Color::White), bare(Color::Black));
        if white_bare && black_bare {
            return Some(Outcome::Draw {
                reason: EndReason::BareKings,
            });
        }
        let loser = if white_bare {
            Color::White
        } else if black_bare {
            Color::Black
        } else {
            return None;
        };
        let winner = loser.other();
        if self.turn == loser && self.rules.counter {
            let last = self.pieces(winner) & !self.pieces_of(winner, Role::King);
            if let Some(last) = last.single() {
                if self.legal_moves().iter().any(|m| m.to == last) {
                    return None;
                }
            }
        }
        Some(Outcome::Win {
            winner,
            reason: EndReason::BareKing,
        })
    }

    /// Whether the game is over in this position (history aside).
    pub fn is_game_over(&self) -> bool {
        self.outcome().is_some()
    }
}

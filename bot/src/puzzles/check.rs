//! Re-checks a shipped puzzle without trusting the miner: the position is
//! legal, the line is legal, and it ends as its first theme says.

use super::data::Puzzle;
use super::line::{has_second_win, material_balance};
use super::theme::Theme;
use super::MATERIAL_GAIN_CP;
use engine::{EndReason, Move, Outcome, Position};
use std::fmt;

/// Why a puzzle failed its check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckError {
    Fen(String),
    Illegal {
        index: usize,
        text: String,
        why: String,
    },
    NoEnding,
    /// The line does not end the way the theme says.
    Ending {
        theme: Theme,
        found: String,
    },
    /// Another first move also wins at the given depth.
    NotUnique {
        depth: u32,
    },
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::Fen(e) => write!(f, "bad FEN: {e}"),
            CheckError::Illegal { index, text, why } => {
                write!(f, "move {} '{text}' is illegal: {why}", index + 1)
            }
            CheckError::NoEnding => f.write_str("no theme says how the line ends"),
            CheckError::Ending { theme, found } => {
                write!(f, "theme {theme} but the line ends in {found}")
            }
            CheckError::NotUnique { depth } => {
                write!(f, "a second first move also wins at depth {depth}")
            }
        }
    }
}

/// The puzzle's start position and its line as moves.
pub fn replay(puzzle: &Puzzle) -> Result<(Position, Vec<Move>), CheckError> {
    let start = puzzle.position().map_err(CheckError::Fen)?;
    let mut pos = start;
    let mut moves = Vec::new();
    for (index, text) in puzzle.moves.iter().enumerate() {
        let m = pos.parse_move(text).map_err(|e| CheckError::Illegal {
            index,
            text: text.clone(),
            why: e.to_string(),
        })?;
        if pos.outcome().is_some() {
            return Err(CheckError::Illegal {
                index,
                text: text.clone(),
                why: "the game is already over".into(),
            });
        }
        pos = pos.play(&m);
        moves.push(m);
    }
    Ok((start, moves))
}

/// Legality and the ending.
pub fn check(puzzle: &Puzzle) -> Result<(), CheckError> {
    let (start, moves) = replay(puzzle)?;
    let end = moves.iter().fold(start, |p, m| p.play(m));
    let solver = start.turn();
    let theme = *puzzle
        .themes
        .iter()
        .find(|t| t.is_ending())
        .ok_or(CheckError::NoEnding)?;
    let outcome = end.outcome();
    let ok = match theme {
        Theme::MateIn(n) => {
            won_by(outcome, solver, EndReason::Checkmate) && puzzle.our_moves() == n as usize
        }
        Theme::BareKing => won_by(outcome, solver, EndReason::BareKing),
        Theme::Stalemate => won_by(outcome, solver, EndReason::Stalemate),
        _ => {
            outcome.is_none()
                && moves.len() % 2 == 1
                && material_balance(&end, solver) - material_balance(&start, solver)
                    >= MATERIAL_GAIN_CP
        }
    };
    if ok {
        Ok(())
    } else {
        let found = match outcome {
            Some(o) => o.to_string(),
            None => format!(
                "play going on, material {:+}",
                material_balance(&end, solver) - material_balance(&start, solver)
            ),
        };
        Err(CheckError::Ending { theme, found })
    }
}

fn won_by(outcome: Option<Outcome>, solver: engine::Color, reason: EndReason) -> bool {
    outcome
        == Some(Outcome::Win {
            winner: solver,
            reason,
        })
}

/// That no second first move wins at `depth` (the miner's verify depth).
pub fn check_unique(puzzle: &Puzzle, depth: u32) -> Result<(), CheckError> {
    let (start, moves) = replay(puzzle)?;
    if has_second_win(&start, depth, moves[0]) {
        return Err(CheckError::NotUnique { depth });
    }
    Ok(())
}

//! Judging a try: is the move legal, does it reach the goal, and if not,
//! why not, in words for a learner.

use super::task::{Goal, Task};
use engine::{Color, EndReason, Move, Outcome, Position, Role, Square, Variant};

/// Where a player stands inside one task: the position (changed only by
/// `Visit` tasks, which take several moves), the square of the task's
/// piece, and the goal squares it has visited.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub position: Position,
    pub at: Square,
    pub visited: Vec<Square>,
}

impl State {
    /// The start of a task. Panics on a broken task: the course is
    /// checked by the tests, so this is a programming error.
    pub fn start(variant: Variant, task: &Task) -> State {
        State {
            position: Position::from_fen(variant, task.fen)
                .unwrap_or_else(|e| panic!("task {}: {e}", task.id)),
            at: square(task.piece),
            visited: Vec::new(),
        }
    }

    /// The goal squares still to visit (empty for other goals).
    pub fn left(&self, task: &Task) -> Vec<Square> {
        match task.goal {
            Goal::Visit(squares) => squares
                .iter()
                .map(|s| square(s))
                .filter(|s| !self.visited.contains(s))
                .collect(),
            _ => Vec::new(),
        }
    }
}

pub(crate) fn square(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("bad square '{name}' in the course"))
}

/// What a try came to.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// The task is done; the position after the move.
    Solved {
        mv: Move,
        san: String,
        after: Position,
    },
    /// A good move of a `Visit` task; more to go.
    Progress { mv: Move, san: String, state: State },
    /// Not this; why. Nothing changed.
    Wrong(String),
}

/// Judges the move `text` in the task's current state.
pub fn judge(task: &Task, state: &State, text: &str) -> Verdict {
    let pos = &state.position;
    let mv = match pos.parse_move(text) {
        Ok(mv) => mv,
        Err(e) => return Verdict::Wrong(format!("{}.", capitalize(&e.to_string()))),
    };
    let san = pos.san(&mv);
    let after = pos.play(&mv);
    if let Goal::Visit(_) = task.goal {
        return visit(task, state, mv, san, &after);
    }
    if reaches(task.goal, pos, &mv, &after) {
        return Verdict::Solved { mv, san, after };
    }
    Verdict::Wrong(format!(
        "{san} is a legal move, but it is not what this task asks. {}{}",
        consequence(task.goal, &mv, &after),
        task.miss
    ))
}

fn visit(task: &Task, state: &State, mv: Move, san: String, after: &Position) -> Verdict {
    let pos = &state.position;
    if mv.from != state.at {
        let role = pos.piece_at(state.at).map_or(Role::King, |p| p.role);
        return Verdict::Wrong(format!(
            "{san} is legal, but this task is about your {role} on {}: move it. {}",
            state.at, task.miss
        ));
    }
    let Some(passed) = pass_turn(after, pos.turn()) else {
        return Verdict::Wrong(format!(
            "{san} would leave the position broken for this exercise; try another way."
        ));
    };
    let mut next = State {
        position: passed,
        at: mv.to,
        visited: state.visited.clone(),
    };
    if state.left(task).contains(&mv.to) {
        next.visited.push(mv.to);
    }
    if next.left(task).is_empty() {
        Verdict::Solved {
            mv,
            san,
            after: next.position,
        }
    } else {
        Verdict::Progress {
            mv,
            san,
            state: next,
        }
    }
}

/// The position after a move with the same side to move again: in a
/// `Visit` task the opponent passes. `None` if the result is not a valid
/// position (the opponent left in check).
pub fn pass_turn(after: &Position, turn: Color) -> Option<Position> {
    let mut setup = after.to_setup();
    setup.turn = turn;
    Position::from_setup(setup, after.rules()).ok()
}

/// Whether one move reaches a single-move goal.
fn reaches(goal: Goal, before: &Position, mv: &Move, after: &Position) -> bool {
    let mover = before.turn();
    match goal {
        Goal::Visit(_) => false,
        Goal::Reach(sq) => mv.to == square(sq),
        Goal::Capture(with, what) => {
            mv.role == with && mv.capture.is_some() && what.is_none_or(|r| mv.capture == Some(r))
        }
        Goal::Kind(kind) => mv.kind == kind,
        Goal::Promote => mv.promotion,
        Goal::Check => after.is_check(),
        Goal::Meet => {
            let pawns = |p: &Position| p.pieces_of(mover, Role::Pawn).count();
            mv.capture.is_none() && pawns(after) + 2 == pawns(before)
        }
        Goal::Win(reason) => {
            after.outcome()
                == Some(Outcome::Win {
                    winner: mover,
                    reason,
                })
        }
        Goal::Draw(reason) => after.outcome() == Some(Outcome::Draw { reason }),
    }
}

/// What a legal move that missed the goal did instead, in a sentence.
fn consequence(goal: Goal, mv: &Move, after: &Position) -> String {
    match after.outcome() {
        Some(Outcome::Win { winner, reason }) if winner == after.turn() => {
            return format!("It loses at once ({}). ", reason.describe());
        }
        Some(Outcome::Draw { reason }) => {
            return format!("It only draws ({}). ", reason.describe());
        }
        Some(Outcome::Win { reason, .. }) if !matches!(goal, Goal::Win(_)) => {
            return format!(
                "It wins ({}), but practise the move asked for. ",
                reason.describe()
            );
        }
        _ => {}
    }
    match goal {
        Goal::Win(EndReason::Checkmate) if after.is_check() => {
            "It gives check, but the king can still get out. ".into()
        }
        Goal::Win(EndReason::Checkmate) | Goal::Check => "It gives no check. ".into(),
        Goal::Win(EndReason::Stalemate) if after.is_check() => {
            "It gives check, and a stalemated king must not be in check. ".into()
        }
        Goal::Win(EndReason::Stalemate) => match after.legal_moves().first() {
            Some(reply) => format!("Your opponent could still play {}. ", after.san(reply)),
            None => String::new(),
        },
        Goal::Capture(..) | Goal::Win(EndReason::BareKing) if mv.capture.is_none() => {
            "It captures nothing. ".into()
        }
        _ => String::new(),
    }
}

/// What the Hint button shows: a piece and the squares it can reach.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    pub piece: Square,
    pub dots: Vec<Square>,
    pub text: String,
}

/// The task's piece and its legal moves.
pub fn hint(task: &Task, state: &State) -> Hint {
    let pos = &state.position;
    let piece = match task.goal {
        Goal::Visit(_) => state.at,
        _ => square(task.piece),
    };
    let moves: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == piece)
        .collect();
    let role = pos.piece_at(piece).map_or(Role::King, |p| p.role);
    let names: Vec<String> = moves.iter().map(|m| m.to.to_string()).collect();
    let mut text = if names.is_empty() {
        format!("Your {role} on {piece} cannot move now.")
    } else {
        format!(
            "Your {role} on {piece} can go to {} (the dots).",
            names.join(", ")
        )
    };
    let left = state.left(task);
    if !left.is_empty() {
        let left: Vec<String> = left.iter().map(Square::to_string).collect();
        text.push_str(&format!(" Still to visit: {}.", left.join(", ")));
    }
    Hint {
        piece,
        dots: moves.iter().map(|m| m.to).collect(),
        text,
    }
}

fn capitalize(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().collect::<String>() + chars.as_str(),
        None => String::new(),
    }
}

//! What a task is: a position, an instruction and a goal the engine checks.

use engine::{EndReason, MoveKind, Role};

/// What the player must do. Single-move goals are judged on one move;
/// `Visit` takes as many moves as it needs, the opponent passing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Bring the task's piece onto each of these squares, in any order.
    Visit(&'static [&'static str]),
    /// One move onto this square.
    Reach(&'static str),
    /// Capture with a piece of the first role (a piece of the second role,
    /// if given).
    Capture(Role, Option<Role>),
    /// A move of this kind: a ferz or king leap, a pawn's double step.
    Kind(MoveKind),
    /// A pawn reaches the last rank and becomes a ferz.
    Promote,
    /// A move that gives check.
    Check,
    /// Round board: two of your pawns meet head-on and leave the board.
    Meet,
    /// A move after which the mover has won, for this reason.
    Win(EndReason),
    /// A move after which the game is drawn, for this reason.
    Draw(EndReason),
}

/// One task of a course.
#[derive(Clone, Copy, Debug)]
pub struct Task {
    /// Stable across releases: stored as the player's place in the course.
    pub id: &'static str,
    pub title: &'static str,
    /// The position, White to move, under the variant's standard rules.
    pub fen: &'static str,
    /// The square of the piece the task is about (the one the hint shows,
    /// and for `Visit` the one that must move).
    pub piece: &'static str,
    pub goal: Goal,
    /// What to do, in a sentence or three.
    pub text: &'static str,
    /// Said after a legal move that misses the goal.
    pub miss: &'static str,
    /// The intended answer, move by move (the tests play it).
    pub solution: &'static [&'static str],
    /// A typical wrong try, legal or not (the tests check it fails).
    pub wrong: &'static str,
}

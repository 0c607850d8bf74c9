//! The course: small positions with a goal each, per variant, and the judge
//! that checks a try against the engine. Pure data and rules, no storage:
//! the service keeps each player's place in the course.

mod byzantine;
mod courier;
mod judge;
mod medieval;
mod shatranj;
mod task;

#[cfg(test)]
mod checks;

pub use judge::{hint, judge, pass_turn, Hint, State, Verdict};
pub use task::{Goal, Task};

use engine::Variant;

/// The tasks of one variant's course, in order.
pub fn course(variant: Variant) -> &'static [Task] {
    match variant {
        Variant::Shatranj => shatranj::TASKS,
        Variant::Medieval => medieval::TASKS,
        Variant::Courier => courier::TASKS,
        Variant::Byzantine => byzantine::TASKS,
    }
}

/// A task by its id, with its place in the course.
pub fn find(variant: Variant, id: &str) -> Option<(usize, &'static Task)> {
    course(variant).iter().enumerate().find(|(_, t)| t.id == id)
}

//! A puzzle's starting rating, from what makes its line hard to find.
//! Players' ratings move from there as they solve or fail it.

use super::check::{replay, CheckError};
use super::data::Puzzle;
use super::line::{seen_at, Line};
use super::VERIFY_DEPTH;
use engine::{Move, Position};

/// A starting rating from what makes a line hard to find: its length,
/// the depth from which the first move stays best, a first move that is
/// quiet or gives material away rather than taking a loose piece, and how
/// many other forcing moves (captures and checks) compete with it. Checks
/// are easier: they are the first moves anyone looks at. Deterministic,
/// so the shipped ratings can be recomputed (`alfil puzzles rerate`).
pub fn rating(start: &Position, line: &Line) -> i32 {
    let first = line.moves[0];
    let after = start.play(&first);
    let ours = line.moves.len().div_ceil(2) as i32;
    let check = after.is_check();
    let quiet = !first.is_capture() && !check;
    // The opponent takes something in the line: we gave it away on purpose.
    let sacrifice = line.moves.get(1).is_some_and(Move::is_capture);
    let loose = first.is_capture() && !after.is_attacked(first.to, after.turn(), after.occupied());
    let mut r = 600
        + 100 * (line.seen_at as i32 - 1)
        + 150 * (ours - 1)
        + 15 * rivals(start, &first).min(12) as i32;
    if quiet {
        r += 250;
    }
    if sacrifice {
        r += 200;
    }
    if first.is_capture() && !loose {
        // A guarded piece: taking it needs counting.
        r += 100;
    }
    if check {
        r -= 50;
    }
    if start.is_check() {
        // Few legal moves to choose from.
        r -= 50;
    }
    r.clamp(500, 2400)
}

/// The forcing moves besides `solution`: captures and checks, the moves a
/// solver weighs first.
fn rivals(pos: &Position, solution: &Move) -> usize {
    pos.legal_moves()
        .iter()
        .filter(|m| *m != solution && (m.is_capture() || pos.play(m).is_check()))
        .count()
}

/// The rating `puzzle` gets from the formula now, its line seen at the
/// verify depth as the miner sees it.
pub fn rerate(puzzle: &Puzzle) -> Result<i32, CheckError> {
    let (start, moves) = replay(puzzle)?;
    let line = Line {
        seen_at: seen_at(&start, VERIFY_DEPTH),
        moves,
    };
    Ok(rating(&start, &line))
}

//! Game ends inside the tree, scored for the side to move, in RULES.md's
//! order: checkmate, bare king (with the counter reply), stalemate; then
//! repetition and the move-count rule, which the searcher checks with its
//! path (see `Searcher::is_repetition`).

use super::MATE;
use crate::movegen::MoveList;
use crate::position::Position;
use crate::types::Role;
use crate::variant::StalemateRule;

/// The score of a position whose game is over without looking at history,
/// or `None` if play goes on. `moves` are its legal moves, or only its
/// captures when `complete` is false (quiescence): then a stalemate goes
/// unseen, which the full-width search above it catches.
pub(crate) fn terminal(
    pos: &Position,
    moves: &MoveList,
    complete: bool,
    in_check: bool,
    ply: usize,
) -> Option<i32> {
    let lost = -MATE + ply as i32;
    if moves.is_empty() && in_check {
        return Some(lost);
    }
    let us = pos.turn;
    let them = us.other();
    let kings = pos.by_role[Role::King.index()];
    let our_units = pos.by_color[us.index()] & !kings;
    let their_units = pos.by_color[them.index()] & !kings;
    match (our_units.is_empty(), their_units.is_empty()) {
        (true, true) => return Some(0),
        // The opponent bared itself (a Byzantine meeting can do that).
        (false, true) => return Some(-lost),
        (true, false) => {
            // The counter: taking the last piece leaves two bare kings, a
            // draw; any other reply loses, so the draw is what we get.
            let counter = pos.rules.counter
                && their_units
                    .single()
                    .is_some_and(|last| moves.iter().any(|m| m.to == last));
            return Some(if counter { 0 } else { lost });
        }
        (false, false) => {}
    }
    if moves.is_empty() && complete {
        return Some(match pos.rules.stalemate {
            StalemateRule::Loss => lost,
            StalemateRule::Draw => 0,
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    fn score(variant: Variant, fen: &str) -> Option<i32> {
        let pos = Position::from_fen(variant, fen).unwrap();
        terminal(&pos, &pos.legal_moves(), true, pos.is_check(), 0)
    }

    #[test]
    fn agrees_with_the_rules_on_each_end() {
        // Checkmate: the rooks mate on the back rank.
        assert_eq!(
            score(Variant::Shatranj, "3k4/R6p/8/8/8/8/8/1R1K4 b - - 0 1"),
            None
        );
        assert_eq!(
            score(Variant::Shatranj, "1R1k4/R6p/8/8/8/8/8/3K4 b - - 0 1"),
            Some(-MATE)
        );
        // Bare king, no counter possible: lost at once.
        assert_eq!(
            score(Variant::Shatranj, "8/8/8/8/8/3k4/8/R2K4 b - - 0 1"),
            Some(-MATE)
        );
        // Bare king that can take the last piece: a draw.
        assert_eq!(
            score(Variant::Shatranj, "8/8/8/8/8/3k4/2R5/5K2 b - - 0 1"),
            Some(0)
        );
        // Stalemate: lost in Shatranj, drawn in Medieval chess.
        let stale = "k7/8/K7/p7/P7/8/1R6/8 b - - 0 1";
        assert_eq!(score(Variant::Shatranj, stale), Some(-MATE));
        let pos = Position::from_fen(Variant::Shatranj, stale).unwrap();
        let mut rules = pos.rules();
        rules.stalemate = StalemateRule::Draw;
        let pos = pos.with_rules(rules);
        assert_eq!(terminal(&pos, &pos.legal_moves(), true, false, 0), Some(0));
    }
}

//! The course checked against the engine: every FEN is legal, every
//! intended answer solves its task, every typical wrong try fails, and no
//! single-move task is solved by every legal move.

use super::judge::{judge, pass_turn, square, State, Verdict};
use super::{course, hint, Goal, Task};
use engine::{Position, Square, Variant};
use std::collections::{HashSet, VecDeque};

fn all() -> impl Iterator<Item = (Variant, &'static Task)> {
    Variant::ALL
        .into_iter()
        .flat_map(|v| course(v).iter().map(move |t| (v, t)))
}

#[test]
fn every_course_has_ten_tasks_with_unique_ids() {
    let mut ids = HashSet::new();
    for v in Variant::ALL {
        assert!(course(v).len() >= 10, "{v:?} has {} tasks", course(v).len());
    }
    for (_, t) in all() {
        assert!(ids.insert(t.id), "duplicate id {}", t.id);
        assert!(!t.text.is_empty() && !t.miss.is_empty() && !t.solution.is_empty());
    }
}

#[test]
fn every_position_is_legal_and_open() {
    for (v, t) in all() {
        let pos = Position::from_fen(v, t.fen).unwrap_or_else(|e| panic!("{}: {e}", t.id));
        assert_eq!(pos.turn(), engine::Color::White, "{}", t.id);
        assert_eq!(pos.outcome(), None, "{} starts finished", t.id);
        let piece = pos.piece_at(square(t.piece));
        assert!(
            piece.is_some_and(|p| p.color == engine::Color::White),
            "{}: no white piece on {}",
            t.id,
            t.piece
        );
    }
}

#[test]
fn every_intended_answer_solves_its_task() {
    for (v, t) in all() {
        let mut state = State::start(v, t);
        for (i, mv) in t.solution.iter().enumerate() {
            let last = i + 1 == t.solution.len();
            match judge(t, &state, mv) {
                Verdict::Solved { .. } if last => {}
                Verdict::Progress { state: next, .. } if !last => state = next,
                other => panic!("{}: move {mv} gave {other:?}", t.id),
            }
        }
    }
}

#[test]
fn every_typical_wrong_try_fails_with_a_reason() {
    for (v, t) in all() {
        let state = State::start(v, t);
        match judge(t, &state, t.wrong) {
            Verdict::Wrong(why) => assert!(why.len() > 10, "{}: {why}", t.id),
            other => panic!("{}: wrong try {} gave {other:?}", t.id, t.wrong),
        }
    }
}

#[test]
fn no_single_move_task_is_solved_by_accident() {
    for (v, t) in all() {
        if matches!(t.goal, Goal::Visit(_)) {
            continue;
        }
        let state = State::start(v, t);
        let moves = state.position.legal_moves();
        let solving = moves
            .iter()
            .filter(|m| matches!(judge(t, &state, &m.uci()), Verdict::Solved { .. }))
            .count();
        assert!(solving >= 1, "{}: nothing solves it", t.id);
        assert!(
            solving < moves.len(),
            "{}: all {} legal moves solve it",
            t.id,
            moves.len()
        );
    }
}

/// The squares the task's piece can reach, the opponent passing.
fn reachable(pos: &Position, from: Square) -> HashSet<Square> {
    let mut seen = HashSet::from([from]);
    let mut queue = VecDeque::from([(*pos, from)]);
    while let Some((pos, at)) = queue.pop_front() {
        for m in pos.legal_moves().into_iter().filter(|m| m.from == at) {
            if let Some(next) = pass_turn(&pos.play(&m), pos.turn()) {
                if seen.insert(m.to) {
                    queue.push_back((next, m.to));
                }
            }
        }
    }
    seen
}

#[test]
fn every_visit_goal_is_reachable_and_the_alfil_sees_all_its_squares() {
    for (v, t) in all() {
        let Goal::Visit(targets) = t.goal else {
            continue;
        };
        let state = State::start(v, t);
        let reach = reachable(&state.position, square(t.piece));
        for s in targets {
            assert!(reach.contains(&square(s)), "{}: {s} unreachable", t.id);
        }
        if t.id == "shatranj-alfil" {
            assert_eq!(reach.len(), targets.len() + 1, "every square it can reach");
        }
    }
}

#[test]
fn the_hint_shows_the_first_answer() {
    for (v, t) in all() {
        let state = State::start(v, t);
        let h = hint(t, &state);
        let first = state.position.parse_move(t.solution[0]).unwrap();
        assert_eq!(h.piece, first.from, "{}", t.id);
        assert!(h.dots.contains(&first.to), "{}", t.id);
    }
}

#[test]
fn a_stalemate_in_medieval_chess_is_called_a_draw() {
    let t = course(Variant::Medieval)
        .iter()
        .find(|t| t.id == "medieval-stalemate-draws")
        .unwrap();
    match judge(t, &State::start(Variant::Medieval, t), t.wrong) {
        Verdict::Wrong(why) => assert!(why.contains("only draws (stalemate)"), "{why}"),
        other => panic!("{other:?}"),
    }
}

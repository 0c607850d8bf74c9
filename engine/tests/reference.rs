//! Every position of the Fairy-Stockfish corpus (engine/tests/data, made
//! by gen_reference.py with pyffish): legal moves, check and game end must
//! match, except the three points where RULES.md differs on purpose, each
//! counted by name below.

use engine::{Color, EndReason, Outcome, Position, Role, Variant};
use flate2::read::GzDecoder;
use serde_json::Value;
use std::io::{BufRead, BufReader};

/// How often each kind of position came up.
#[derive(Debug, Default)]
struct Tally {
    positions: usize,
    compared_moves: usize,
    /// RULES.md difference 1: a bare king to move that cannot take the last
    /// piece loses at once; Fairy-Stockfish gives it a move first.
    bare_king_without_counter: usize,
    /// RULES.md difference 2: two bare kings draw; Fairy-Stockfish plays on.
    two_bare_kings: usize,
    /// RULES.md difference 3: the move-count rule ends the game; in
    /// Fairy-Stockfish it is a claim (`is_optional_game_end`).
    move_rule_claims: usize,
    counter_replies: usize,
    immediate_ends: usize,
    mates_and_stalemates: usize,
}

fn check_corpus(variant: Variant, file: &str) -> Tally {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let reader = BufReader::new(GzDecoder::new(
        std::fs::File::open(&path).expect("corpus file"),
    ));
    let mut tally = Tally::default();
    for line in reader.lines() {
        let line = line.expect("readable corpus");
        let v: Value = serde_json::from_str(&line).expect("json line");
        check_position(variant, &v, &mut tally);
    }
    tally
}

fn check_position(variant: Variant, v: &Value, tally: &mut Tally) {
    let fen = v["fen"].as_str().expect("fen");
    let pos = Position::from_fen(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    tally.positions += 1;
    assert_eq!(pos.fen(), fen, "FEN round trip");
    assert_eq!(
        pos.is_check(),
        v["check"].as_bool().expect("check"),
        "check in {fen}"
    );

    let fsf_moves: Vec<String> = v["legal"]
        .as_array()
        .expect("legal")
        .iter()
        .map(|m| {
            let m = m.as_str().expect("uci");
            // Fairy-Stockfish adds the ferz letter to promotions; ours need none.
            m[..4].to_string()
        })
        .collect();
    let mut ours: Vec<String> = pos.legal_moves().iter().map(|m| m.uci()).collect();
    ours.sort();
    let mut fsf_sorted = fsf_moves.clone();
    fsf_sorted.sort();

    let us = pos.turn();
    let immediate = v["immediate"][0].as_bool().expect("immediate flag");
    let immediate_value = v["immediate"][1].as_i64().expect("immediate value");
    let optional = v["optional"][0].as_bool().expect("optional flag");
    let outcome = pos.outcome();
    let bare = |c: Color| pos.pieces(c) == pos.pieces_of(c, Role::King);

    if immediate {
        // A bare-king end both engines see at once.
        tally.immediate_ends += 1;
        // RULES.md checks checkmate before the bare king: a bare king that
        // is also mated loses by checkmate, to the same winner.
        let winner = if immediate_value > 0 { us } else { us.other() };
        let reason = if pos.is_check() && pos.legal_moves().is_empty() {
            EndReason::Checkmate
        } else {
            EndReason::BareKing
        };
        assert_eq!(
            outcome,
            Some(Outcome::Win { winner, reason }),
            "bare king in {fen}"
        );
        return;
    }
    if bare(Color::White) && bare(Color::Black) {
        tally.two_bare_kings += 1;
        assert_eq!(
            outcome,
            Some(Outcome::Draw {
                reason: EndReason::BareKings
            }),
            "{fen}"
        );
        assert_eq!(ours, fsf_sorted, "the kings' moves in {fen}");
        return;
    }
    if bare(us)
        && pos
            .outcome_before_repetition()
            .is_some_and(|o| o.reason() == EndReason::BareKing)
    {
        // Fairy-Stockfish gives the bared side its move; we end the game
        // because it cannot take the last piece.
        tally.bare_king_without_counter += 1;
        assert_eq!(outcome.and_then(|o| o.winner()), Some(us.other()), "{fen}");
        assert_eq!(ours, fsf_sorted, "the bare king's moves in {fen}");
        return;
    }
    if bare(us) {
        tally.counter_replies += 1;
    }
    assert_eq!(ours, fsf_sorted, "legal moves in {fen}");
    tally.compared_moves += 1;

    if fsf_moves.is_empty() {
        // Checkmate or stalemate: Fairy-Stockfish scores both as a loss
        // for the side to move, as our standard rules do.
        tally.mates_and_stalemates += 1;
        assert_eq!(v["result"].as_i64(), Some(-32000), "{fen}");
        let reason = if pos.is_check() {
            EndReason::Checkmate
        } else {
            EndReason::Stalemate
        };
        assert_eq!(
            outcome,
            Some(Outcome::Win {
                winner: us.other(),
                reason
            }),
            "{fen}"
        );
    } else if optional {
        tally.move_rule_claims += 1;
        assert_eq!(
            outcome,
            Some(Outcome::Draw {
                reason: EndReason::MoveRule
            }),
            "{fen}"
        );
    } else {
        assert_eq!(outcome, None, "the game goes on in {fen}");
    }
}

fn assert_covers(tally: &Tally) {
    println!("{tally:#?}");
    assert!(tally.positions >= 20_000);
    assert!(tally.bare_king_without_counter > 100);
    assert!(tally.two_bare_kings > 10);
    assert!(tally.move_rule_claims > 100);
    assert!(tally.counter_replies > 10);
    assert!(tally.immediate_ends > 100);
    assert!(tally.mates_and_stalemates > 100);
}

#[test]
fn shatranj_matches_fairy_stockfish() {
    assert_covers(&check_corpus(Variant::Shatranj, "shatranj.jsonl.gz"));
}

#[test]
fn courier_matches_fairy_stockfish() {
    assert_covers(&check_corpus(Variant::Courier, "courier.jsonl.gz"));
}

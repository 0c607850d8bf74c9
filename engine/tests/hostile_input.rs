//! Text from strangers: any FEN and any move text is read without a panic,
//! refused with words a player can act on, and what is accepted reads back
//! the same. Case counts are sized for CI (a few seconds in all); set
//! PROPTEST_CASES to run longer.

use engine::{Move, Position, Variant};
use proptest::prelude::*;

fn variant_of(i: usize) -> Variant {
    Variant::ALL[i % 4]
}

/// A position reached by random legal moves.
fn playout(variant: Variant, choices: &[u16]) -> Position {
    let mut pos = Position::new(variant);
    for &c in choices {
        if pos.outcome().is_some() {
            break;
        }
        let moves = pos.legal_moves();
        pos = pos.play(&moves[c as usize % moves.len()]);
    }
    pos
}

/// A refusal a player can read: one short sentence of words, not a
/// debug dump, and no longer than what they typed needs.
fn friendly(message: &str, input: &str) -> Result<(), TestCaseError> {
    prop_assert!(!message.is_empty());
    prop_assert!(
        !message.contains("Some(") && !message.contains("Err("),
        "{message}"
    );
    prop_assert!(!message.contains("panicked"), "{message}");
    prop_assert!(
        message.chars().count() <= input.chars().count() + 200,
        "{message}"
    );
    Ok(())
}

/// Text built around FEN's own alphabet, so that it gets deep into the
/// reader before it goes wrong.
fn fenish() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            4 => prop::sample::select(vec![
                "r", "n", "b", "q", "k", "p", "e", "f", "m", "w", "c", "s", "a",
                "R", "N", "B", "Q", "K", "P", "E", "F", "M", "W", "C", "S", "A",
                "1", "2", "3", "4", "5", "8", "9", "10", "11", "12", "0", "99999999999999999999",
                "/", " ", " w ", " b ", " - ", "-", "d1e1", "a2b2", "/-", "♘", "\u{0}",
            ])
            .prop_map(str::to_string),
            1 => any::<char>().prop_map(|c| c.to_string()),
        ],
        0..80,
    )
    .prop_map(|parts| parts.concat())
}

/// A valid FEN with a few characters changed, dropped or doubled.
fn mutated_fen() -> impl Strategy<Value = (usize, String)> {
    (
        0usize..4,
        prop::collection::vec(any::<u16>(), 0..40),
        prop::collection::vec((any::<u8>(), any::<usize>(), any::<char>()), 1..4),
    )
        .prop_map(|(v, choices, edits)| {
            let mut chars: Vec<char> = playout(variant_of(v), &choices).fen().chars().collect();
            for (kind, at, c) in edits {
                let at = at % (chars.len() + 1);
                match kind % 3 {
                    0 if at < chars.len() => chars[at] = c,
                    1 if at < chars.len() => {
                        chars.remove(at);
                    }
                    _ => chars.insert(at, c),
                }
            }
            (v, chars.into_iter().collect())
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn any_text_as_fen_is_read_or_refused_kindly(v in 0usize..4, text in ".{0,300}") {
        match Position::from_fen(variant_of(v), &text) {
            Ok(pos) => prop_assert_eq!(Position::from_fen(variant_of(v), &pos.fen()), Ok(pos)),
            Err(e) => friendly(&e.to_string(), &text)?,
        }
    }

    #[test]
    fn fen_shaped_text_is_read_or_refused_kindly(v in 0usize..4, text in fenish()) {
        match Position::from_fen(variant_of(v), &text) {
            Ok(pos) => prop_assert_eq!(Position::from_fen(variant_of(v), &pos.fen()), Ok(pos)),
            Err(e) => friendly(&e.to_string(), &text)?,
        }
    }

    #[test]
    fn a_damaged_fen_is_read_or_refused_kindly((v, text) in mutated_fen()) {
        match Position::from_fen(variant_of(v), &text) {
            Ok(pos) => {
                let again = Position::from_fen(variant_of(v), &pos.fen());
                prop_assert_eq!(again, Ok(pos));
            }
            Err(e) => friendly(&e.to_string(), &text)?,
        }
    }

    #[test]
    fn every_reached_position_round_trips_through_fen(
        v in 0usize..4,
        choices in prop::collection::vec(any::<u16>(), 0..150),
    ) {
        let pos = playout(variant_of(v), &choices);
        let fen = pos.fen();
        let back = Position::from_fen(variant_of(v), &fen);
        prop_assert_eq!(back.as_ref().map(Position::fen), Ok(fen.clone()));
        prop_assert_eq!(back, Ok(pos));
    }

    #[test]
    fn any_text_as_a_move_is_a_legal_move_or_a_kind_refusal(
        v in 0usize..4,
        choices in prop::collection::vec(any::<u16>(), 0..60),
        text in prop_oneof![
            ".{0,40}",
            "[a-lA-L1-9xX+#=\\-♔♕♖♗♘♙ ]{0,8}",
            "[KFANRCMSkfanrcmsQBEWPqbewp]?[a-l]?[1-8]?x?[a-l][1-8]",
        ],
    ) {
        let pos = playout(variant_of(v), &choices);
        match pos.parse_move(&text) {
            Ok(m) => prop_assert!(pos.legal_moves().contains(&m), "{} -> {:?}", text, m),
            Err(e) => friendly(&e.to_string(), &text)?,
        }
    }

    #[test]
    fn every_legal_move_reads_back_from_its_names(
        v in 0usize..4,
        choices in prop::collection::vec(any::<u16>(), 0..80),
    ) {
        let pos = playout(variant_of(v), &choices);
        for m in pos.legal_moves() {
            let m: Move = m;
            prop_assert_eq!(pos.parse_move(&pos.san(&m)).ok(), Some(m));
            prop_assert_eq!(pos.parse_move(&m.uci()).ok(), Some(m));
        }
    }
}

/// Found by `scripts/fuzz`: a run of digits too long for any number once
/// overflowed while counting empty squares.
#[test]
fn a_huge_empty_square_count_is_refused_kindly() {
    let fen = format!(
        "rnb{}kqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1",
        "5".repeat(26)
    );
    let err = Position::from_fen(Variant::Shatranj, &fen).unwrap_err();
    assert!(err.to_string().contains("rank 8"), "{err}");
}

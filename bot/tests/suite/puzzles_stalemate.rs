//! The stalemate miner finds and proves "a stalemate that wins" in an
//! ending a game reached (found by `alfil puzzles mine --variant shatranj
//! --theme stalemate`), and only where stalemate wins.

use alfil::puzzles::check::check;
use alfil::puzzles::endings::variations;
use alfil::puzzles::mine::MineConfig;
use alfil::puzzles::stalemate::stalemate_puzzle;
use alfil::puzzles::Theme;
use engine::{Position, Variant};

/// Black's king and ferz against a king and pawn: 1...Kb6 2.a7 Kc7 and
/// White, king shut in by its own pawn, has no move.
const FEN: &str = "K7/8/P7/2k5/5q2/8/8/8 b - - 2 118";
/// The position before White's last move, Kb8-a8.
const BEFORE: &str = "1K6/8/P7/2k5/5q2/8/8/8 w - - 1 118";

#[test]
fn a_known_ending_holds_a_proven_stalemate_puzzle() {
    let pos = Position::from_fen(Variant::Shatranj, FEN).unwrap();
    let config = MineConfig::new(Variant::Shatranj, 1, 1);
    let puzzle = stalemate_puzzle(&pos, &config).expect("a stalemate puzzle");
    assert_eq!(puzzle.themes[0], Theme::Stalemate);
    assert_eq!(puzzle.moves, ["c5b6", "a6a7", "b6c7"]);
    assert_eq!(check(&puzzle), Ok(()));
}

#[test]
fn the_variations_of_the_move_before_reach_it() {
    let before = Position::from_fen(Variant::Shatranj, BEFORE).unwrap();
    let target = Position::from_fen(Variant::Shatranj, FEN).unwrap();
    let all = variations(&before);
    assert!(all.iter().any(|p| p.hash() == target.hash()));
    // Every variation is a legal position with the other side to move.
    for p in &all {
        assert_eq!(p.turn(), target.turn());
        assert!(Position::from_fen(Variant::Shatranj, &p.fen()).is_ok());
    }
}

#[test]
fn no_stalemate_puzzle_where_stalemate_draws() {
    let pos = Position::from_fen(Variant::Medieval, FEN).unwrap();
    let config = MineConfig::new(Variant::Medieval, 1, 1);
    assert_eq!(stalemate_puzzle(&pos, &config), None);
}

#[test]
fn every_shipped_stalemate_has_a_single_first_move() {
    // The shipped re-check samples every 15th puzzle; the stalemates are
    // few and new, so all of them are re-checked here.
    let failures: Vec<String> = alfil::puzzles::data::shipped()
        .iter()
        .filter(|p| p.themes.first() == Some(&Theme::Stalemate))
        .filter_map(|p| {
            alfil::puzzles::check::check_unique(p, alfil::puzzles::VERIFY_DEPTH)
                .err()
                .map(|e| format!("{}: {e}", p.id))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

//! The CPU player against known positions: forced wins found at fixed
//! depth in every variant, a won bare-king ending converted, only legal
//! moves, and the time budget kept.

use engine::search::{game_hashes, Level, Limits, Pruning, Searcher, StopFlag};
use engine::{Color, Game, Position, Role, Variant};
use std::time::{Duration, Instant};

/// Positions where the side to move forces a win (checkmate, or in these
/// games also a bared king or a winning stalemate) in `n` moves.
/// Most were mined from self-play
/// with `alfil uci`; the quickest win is checked below by playing it out.
const FORCED: &[(Variant, &str, i32)] = &[
    (Variant::Shatranj, "3k4/p7/3K4/8/8/8/8/7R w - - 0 1", 1),
    (
        Variant::Shatranj,
        "8/7R/8/k5p1/3P4/4P3/8/2B4K w - - 1 44",
        2,
    ),
    (Variant::Shatranj, "k7/p7/8/2K5/8/8/8/7R w - - 0 1", 3),
    (
        Variant::Medieval,
        "8/1q5k/1K5Q/8/8/3B4/4Q3/8 w - - 35 89",
        1,
    ),
    (
        Variant::Medieval,
        "8/3p3k/p2b1P2/2q3P1/p1p1r1b1/r7/5K2/8 b - - 0 40",
        2,
    ),
    (
        Variant::Medieval,
        "8/8/P4pk1/8/3P4/1P6/2K1Q3/5R1q w h1 - 0 44",
        3,
    ),
    (
        Variant::Courier,
        "6b5/6k5/8p1p1/4p4rP1/3p2f5/12/1K10/12 b - - 7 72",
        1,
    ),
    (
        Variant::Courier,
        "10B1/3p8/1p2m4k1p/p1p1Np3p1p/P1P6p1P/5P3P2/1P1MK3P1R1/7RW3 w - - 4 52",
        2,
    ),
    (
        Variant::Courier,
        "12/12/7F4/2E1P7/p1B6k2/12/3P1p3P2/4M2K4 w - - 0 69",
        3,
    ),
    (
        Variant::Byzantine,
        "8/n7/5R2/7p/3Pk3/4P2B/P4QK1/2B5 w - - 2 50 a2d4h5/e3",
        1,
    ),
    (
        Variant::Byzantine,
        "5R2/4k3/3PN3/2p2P2/p3P3/B6B/PP1P4/4K1Q1 w - - 1 40 a2b2d2d6/a4e4c5f5",
        2,
    ),
    (
        Variant::Byzantine,
        "5R2/4k3/2pPN3/5P2/p3P3/B6p/PP1P4/4KBQ1 w - - 1 39 a2b2d2h3d6/a4e4f5c6",
        3,
    ),
];

fn position(variant: Variant, fen: &str) -> Position {
    Position::from_fen(variant, fen).unwrap_or_else(|e| panic!("{variant} {fen}: {e}"))
}

/// Plays the searcher against itself from `game` for at most `plies`.
fn play_out(mut game: Game, plies: usize, limits: Limits) -> Game {
    let mut searcher = Searcher::new();
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let r = searcher.search_game(&game, limits).expect("game not over");
        assert!(game.position().legal_moves().contains(&r.best));
        game.play(r.best);
    }
    game
}

/// The fixed pruning (puzzle proofs, the levels below Master) finds the
/// same forced wins as the retuned one, as quickly.
#[test]
fn steady_pruning_finds_the_same_forced_wins() {
    for &(variant, fen, n) in FORCED {
        let pos = position(variant, fen);
        let mut searcher = Searcher::new();
        searcher.set_pruning(Pruning::Steady);
        let r = searcher
            .search(&pos, &[], Limits::depth(2 * n as u32 + 2))
            .unwrap();
        assert_eq!(r.mate_in(), Some(n), "{variant} {fen}: {r:?}");
    }
}

/// Making Master stronger must not move the calibrated levels from Novice
/// to Club; Expert is Master's search on a node budget, so it follows.
#[test]
fn only_master_and_expert_play_the_retuned_pruning() {
    for level in Level::ALL {
        let expected = if matches!(level, Level::Master | Level::Expert) {
            Pruning::Play
        } else {
            Pruning::Steady
        };
        assert_eq!(level.pruning(), expected, "{level}");
    }
}

#[test]
fn forced_wins_in_one_to_three_are_found_at_fixed_depth() {
    for &(variant, fen, n) in FORCED {
        let pos = position(variant, fen);
        let r = Searcher::new()
            .search(&pos, &[], Limits::depth(2 * n as u32 + 2))
            .unwrap();
        assert_eq!(r.mate_in(), Some(n), "{variant} {fen}: {r:?}");
        // Played out against the best defence, the win comes on time.
        let game = play_out(
            Game::from_position(pos),
            2 * n as usize,
            Limits::depth(2 * n as u32 + 2),
        );
        let outcome = game
            .outcome()
            .unwrap_or_else(|| panic!("{variant} {fen}: no end"));
        assert_eq!(
            outcome.winner(),
            Some(pos.turn()),
            "{variant} {fen}: {outcome}"
        );
    }
}

/// A fitted evaluation once paid the king for stepping up with every
/// piece on, and Master walked it to c5 and was mated. Against itself from
/// the matches' openings, Master keeps each king on its first three ranks
/// while its side has three of its four rooks and knights. (That table,
/// or `king_shelter` at 1 where it is 5, walks a king to the 4th rank here.)
#[test]
fn master_keeps_its_king_home_while_the_pieces_are_on() {
    let openings = include_str!("../../scripts/openings/shatranj.txt");
    for line in openings.lines().filter(|l| !l.starts_with('#')) {
        let moves: Vec<&str> = line.split_whitespace().collect();
        let opening = Game::replay(Position::new(Variant::Shatranj), &moves).unwrap();
        let game = play_out(opening.clone(), 80, Limits::depth(7));
        let mut pos = *opening.position();
        for m in &game.moves()[moves.len()..] {
            pos = pos.play(m);
            for color in [Color::White, Color::Black] {
                let pieces_on = pos.pieces_of(color, Role::Rook).count()
                    + pos.pieces_of(color, Role::Knight).count()
                    >= 3;
                let y = pos.king(color).rank();
                let rank = if color == Color::White { y } else { 7 - y };
                assert!(
                    !pieces_on || rank <= 2,
                    "{line}: {color}'s king on rank {} in {}",
                    rank + 1,
                    pos.fen()
                );
            }
        }
    }
}

#[test]
fn mate_in_one_is_a_checkmate() {
    let pos = position(Variant::Shatranj, "3k4/p7/3K4/8/8/8/8/7R w - - 0 1");
    let r = Searcher::new().search(&pos, &[], Limits::depth(1)).unwrap();
    let after = pos.play(&r.best);
    assert_eq!(
        after.outcome().unwrap().reason(),
        engine::EndReason::Checkmate
    );
}

#[test]
fn a_won_bare_king_ending_is_converted() {
    // Two rooks against an alfil: hunt the alfil down and bare the king.
    let cases = [
        (Variant::Shatranj, "8/8/8/3k4/8/2a5/8/R2K3R w - - 0 1"),
        (Variant::Courier, "12/12/12/5k6/12/4e7/12/R4K5R w - - 0 1"),
    ];
    for (variant, fen) in cases {
        let game = play_out(
            Game::from_position(position(variant, fen)),
            60,
            Limits::nodes(20_000),
        );
        let outcome = game
            .outcome()
            .unwrap_or_else(|| panic!("{variant}: not converted"));
        assert_eq!(outcome.winner(), Some(Color::White), "{variant}: {outcome}");
    }
}

#[test]
fn the_bared_side_takes_the_last_piece_when_it_can() {
    // Black is bare but may capture the rook on c2: the counter, a draw.
    let pos = position(Variant::Shatranj, "8/8/8/8/8/3k4/2R5/5K2 b - - 0 1");
    let r = Searcher::new().search(&pos, &[], Limits::depth(3)).unwrap();
    assert_eq!(r.best.uci(), "d3c2");
    assert_eq!(r.score, 0);
}

#[test]
fn only_legal_moves_in_self_play_at_every_level() {
    for (i, variant) in Variant::ALL.into_iter().enumerate() {
        let mut game = Game::new(variant);
        for ply in 0..40 {
            if game.outcome().is_some() {
                break;
            }
            let level = Level::ALL[(ply + i) % 5];
            let r = level.choose_move(&game, ply as u64, None).unwrap();
            assert!(
                game.position().legal_moves().contains(&r.best),
                "{variant} {level}"
            );
            game.play(r.best);
        }
    }
}

#[test]
fn repetition_is_a_draw_inside_the_search() {
    // Shuffling knights: after Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1, Black's Ng8
    // makes the start position stand a third time, a draw.
    let game = Game::replay(
        Position::new(Variant::Shatranj),
        &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"],
    )
    .unwrap();
    let hashes = game_hashes(&game);
    assert_eq!(hashes.len(), 8);
    let mut g = game.clone();
    g.play_text("Ng8").unwrap();
    assert!(g.outcome().is_some());
    let r = Searcher::new()
        .search_game(&game, Limits::depth(3))
        .unwrap();
    assert!(game.position().legal_moves().contains(&r.best));
}

#[test]
fn the_time_budget_is_kept() {
    let pos = Position::new(Variant::Courier);
    let start = Instant::now();
    let r = Searcher::new()
        .search(&pos, &[], Limits::time(Duration::from_millis(100)))
        .unwrap();
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "took {:?}",
        start.elapsed()
    );
    assert!(r.depth >= 1);
}

#[test]
fn a_raised_stop_flag_still_yields_a_legal_move() {
    let pos = Position::new(Variant::Byzantine);
    let mut searcher = Searcher::new();
    let flag: StopFlag = searcher.stop_flag();
    flag.stop();
    let r = searcher.search(&pos, &[], Limits::default()).unwrap();
    assert!(pos.legal_moves().contains(&r.best));
}

#[test]
fn fixed_node_searches_are_reproducible() {
    let pos = Position::new(Variant::Medieval);
    let a = Searcher::new()
        .search(&pos, &[], Limits::nodes(30_000))
        .unwrap();
    let b = Searcher::new()
        .search(&pos, &[], Limits::nodes(30_000))
        .unwrap();
    assert_eq!((a.best, a.score, a.depth), (b.best, b.score, b.depth));
}

#[test]
fn levels_parse_and_climb() {
    for pair in Level::ALL.windows(2) {
        assert!(pair[0].elo() < pair[1].elo());
        assert_eq!(Level::from_name(pair[0].name()), Some(pair[0]));
    }
    assert_eq!(Level::from_name("7"), Some(Level::Master));
    assert!("grandmaster".parse::<Level>().is_err());
}

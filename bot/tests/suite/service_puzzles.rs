//! Puzzles through the service: rating-near selection, right and wrong
//! answers, hint, give up, first-attempt-only rating, the daily post at
//! its hour with a faked clock (once only, also across a restart), and
//! streaks. The shipped puzzles are replaced by a few fixtures so every
//! choice is known.

use crate::common;

use alfil::puzzles::{Puzzle, Theme};
use alfil::service::{Button, SettingChange, DAY_MS};
use common::*;
use engine::{Position, Variant};

/// A puzzle from a variant's start position along a line of legal moves.
fn fixture(id: &str, variant: Variant, moves: &str, rating: i32) -> Puzzle {
    Puzzle {
        id: id.into(),
        variant,
        fen: Position::new(variant).fen(),
        moves: moves.split_whitespace().map(str::to_string).collect(),
        themes: vec![Theme::Material],
        rating,
    }
}

/// A real one: the rook mates at once.
fn mate_in_one() -> Puzzle {
    Puzzle {
        id: "mate1".into(),
        variant: Variant::Shatranj,
        fen: "3k4/p7/3K4/8/8/8/8/7R w - - 0 1".into(),
        moves: vec!["h1h8".into()],
        themes: vec![Theme::MateIn(1), Theme::OneMove],
        rating: 900,
    }
}

fn fixtures() -> Vec<Puzzle> {
    vec![
        mate_in_one(),
        fixture("s1500", Variant::Shatranj, "g1f3 g8f6 b1c3", 1480),
        fixture("s2000", Variant::Shatranj, "b1c3 b8c6 g1f3", 2000),
        fixture("m1600", Variant::Medieval, "g1f3 f7f6 b1c3", 1600),
        fixture("c1500", Variant::Courier, "c1e3 j8h6 e3g5", 1500),
        fixture("b1500", Variant::Byzantine, "h2h3 g7g6 h3h4", 1500),
        fixture("b1700", Variant::Byzantine, "h2h3 g7g6 h3h4", 1700),
    ]
}

/// A harness whose only puzzles are the fixtures.
async fn puzzle_harness() -> Harness {
    let h = Harness::new().await;
    h.db.execute("DELETE FROM puzzles").await;
    h.service.store().load_puzzles(&fixtures()).await.unwrap();
    h
}

async fn say(h: &Harness, who: &alfil::service::Ctx, line: &str) -> String {
    let inv = alfil::commands::Invocation::parse(line, user).unwrap();
    texts(&alfil::commands::run(&h.service, who, inv).await)
}

async fn puzzle_rating(h: &Harness, name: &str) -> f64 {
    let id = h
        .service
        .store()
        .player(&format!("test:{}", name.to_ascii_lowercase()), name, T0)
        .await
        .unwrap();
    h.service
        .store()
        .puzzle_rating(id)
        .await
        .unwrap()
        .map_or(1500.0, |r| r.rating)
}

#[tokio::test]
async fn the_puzzle_given_is_the_one_nearest_the_players_rating() {
    let h = puzzle_harness().await;
    let alice = ctx("Alice");
    let text = say(&h, &alice, "puzzle shatranj").await;
    assert!(text.contains("s1500"), "{text}");
    // In any variant, 1500 itself is nearest (ties go to the lower id).
    let text = say(&h, &ctx("Bob"), "puzzle").await;
    assert!(text.contains("b1500"), "{text}");
    let text = say(&h, &ctx("Carol"), "puzzle medieval").await;
    assert!(text.contains("m1600"), "{text}");
}

#[tokio::test]
async fn a_right_line_solves_the_puzzle_and_raises_both_ratings_the_right_way() {
    let h = puzzle_harness().await;
    let alice = ctx("Alice");
    let shown = ok(h
        .service
        .puzzle_start(&alice, Some(Variant::Shatranj))
        .await);
    assert!(shown[0].board.is_some());
    assert!(shown[0].buttons.contains(&Button::PuzzleHint(1)));
    let text = say(&h, &alice, "g1f3").await;
    assert!(text.contains("right. The opponent answers"), "{text}");
    let text = say(&h, &alice, "Nc3").await;
    assert!(text.contains("solved!"), "{text}");
    assert!(puzzle_rating(&h, "Alice").await > 1500.0);
    let p = h.service.store().puzzle("s1500").await.unwrap().unwrap();
    assert!(p.rating < 1480.0, "the puzzle lost: {}", p.rating);
    assert_eq!(p.plays, 1);
}

#[tokio::test]
async fn a_wrong_move_fails_and_shows_the_solution_with_arrows() {
    let h = puzzle_harness().await;
    let alice = ctx("Alice");
    ok(h.service
        .puzzle_start(&alice, Some(Variant::Shatranj))
        .await);
    let replies = ok(h.service.puzzle_move(&alice, "e2e3").await);
    let text = texts(&replies);
    assert!(
        text.contains("is not it. The solution was Nf3 Nf6 Nc3"),
        "{text}"
    );
    assert_eq!(replies[0].board.as_ref().unwrap().arrows.len(), 3);
    assert!(puzzle_rating(&h, "Alice").await < 1500.0);
    // The puzzle is over: a further move is not taken as an answer.
    let text = say(&h, &alice, "g1f3").await;
    assert!(!text.contains("solved"), "{text}");
}

#[tokio::test]
async fn an_illegal_move_is_explained_and_the_puzzle_goes_on() {
    let h = puzzle_harness().await;
    let alice = ctx("Alice");
    ok(h.service
        .puzzle_start(&alice, Some(Variant::Shatranj))
        .await);
    let why = refused(h.service.puzzle_move(&alice, "e2e5").await);
    assert!(why.contains("try again"), "{why}");
    let text = say(&h, &alice, "g1f3").await;
    assert!(text.contains("right"), "{text}");
}

#[tokio::test]
async fn any_mate_is_right_on_the_last_move() {
    let h = puzzle_harness().await;
    let alice = ctx("Alice");
    let two_mates = Puzzle {
        id: "mate2ways".into(),
        fen: "3k4/1p6/3K4/8/8/8/8/R6R w - - 0 1".into(),
        ..mate_in_one()
    };
    h.service.store().load_puzzles(&[two_mates]).await.unwrap();
    let store = h.service.store();
    let puzzle = store.puzzle("mate2ways").await.unwrap().unwrap();
    let player = store.player("test:alice", "Alice", T0).await.unwrap();
    ok(h.service.open_puzzle(&alice, player, puzzle, None).await);
    let text = say(&h, &alice, "a1a8").await;
    assert!(text.contains("solved!"), "{text}");
}

#[tokio::test]
async fn a_hint_marks_the_piece_and_a_hinted_solve_counts_half() {
    let h = puzzle_harness().await;
    let alice = ctx("Alice");
    ok(h.service
        .puzzle_start(&alice, Some(Variant::Shatranj))
        .await);
    let replies = ok(h.service.puzzle_hint(&alice).await);
    assert!(texts(&replies).contains("move the piece on g1"));
    let board = replies[0].board.as_ref().unwrap();
    assert_eq!(board.selected.map(|s| s.to_string()), Some("g1".into()));
    say(&h, &alice, "g1f3").await;
    let text = say(&h, &alice, "b1c3").await;
    assert!(text.contains("solved!"), "{text}");
    // A draw against an equal puzzle moves the rating little.
    let r = puzzle_rating(&h, "Alice").await;
    assert!((r - 1500.0).abs() < 20.0, "{r}");
}

#[tokio::test]
async fn giving_up_shows_the_line_and_counts_as_a_failure() {
    let h = puzzle_harness().await;
    let alice = ctx("Alice");
    ok(h.service
        .puzzle_start(&alice, Some(Variant::Shatranj))
        .await);
    say(&h, &alice, "Nf3").await;
    let replies = ok(h.service.puzzle_give_up(&alice).await);
    assert!(
        texts(&replies).contains("The solution: Nc3"),
        "{}",
        texts(&replies)
    );
    assert_eq!(replies[0].board.as_ref().unwrap().arrows.len(), 1);
    assert!(puzzle_rating(&h, "Alice").await < 1500.0);
    let why = refused(h.service.puzzle_hint(&alice).await);
    assert!(why.contains("no puzzle going"), "{why}");
}

#[tokio::test]
async fn only_the_first_attempt_is_rated() {
    let h = puzzle_harness().await;
    let alice = ctx("Alice");
    let store = h.service.store();
    let puzzle = store.puzzle("mate1").await.unwrap().unwrap();
    let player = store.player("test:alice", "Alice", T0).await.unwrap();
    ok(h.service
        .open_puzzle(&alice, player, puzzle.clone(), None)
        .await);
    say(&h, &alice, "a1a2").await; // not even legal: still on
    say(&h, &alice, "h1h7").await; // wrong: failed, rated
    let after_fail = puzzle_rating(&h, "Alice").await;
    assert!(after_fail < 1500.0);
    let text = texts(&ok(h
        .service
        .open_puzzle(&alice, player, puzzle, None)
        .await));
    assert!(text.contains("not rated this time"), "{text}");
    let text = say(&h, &alice, "h1h8").await;
    assert!(text.contains("solved!"), "{text}");
    assert_eq!(puzzle_rating(&h, "Alice").await, after_fail);
    assert_eq!(store.puzzle("mate1").await.unwrap().unwrap().plays, 1);
}

/// Two answers racing past the "already tried?" check: the store counts
/// the first and leaves both ratings alone for the second.
#[tokio::test]
async fn a_racing_second_attempt_changes_no_rating() {
    let h = puzzle_harness().await;
    let store = h.service.store();
    let player = store.player("test:alice", "Alice", T0).await.unwrap();
    let puzzle = store.puzzle("mate1").await.unwrap().unwrap();
    let rated = |rating: f64| alfil::store::PuzzleRatingRow {
        player,
        rating,
        deviation: 300.0,
        volatility: 0.06,
        attempts: 1,
        streak: 0,
        best_streak: 0,
        streak_day: None,
    };
    let solved = alfil::store::PuzzleRow {
        rating: 850.0,
        ..puzzle.clone()
    };
    assert!(store
        .record_attempt(&rated(1600.0), &solved, 1.0, T0)
        .await
        .unwrap());
    let failed = alfil::store::PuzzleRow {
        rating: 950.0,
        ..puzzle
    };
    assert!(!store
        .record_attempt(&rated(1400.0), &failed, 0.0, T0)
        .await
        .unwrap());
    assert_eq!(puzzle_rating(&h, "Alice").await, 1600.0);
    let after = store.puzzle("mate1").await.unwrap().unwrap();
    assert_eq!((after.rating, after.plays), (850.0, 1));
}

#[tokio::test]
async fn a_game_in_the_channel_takes_the_plain_moves_before_a_puzzle() {
    let h = puzzle_harness().await;
    let (alice, bob) = (ctx("Alice"), ctx("Bob"));
    ok(h.service
        .puzzle_start(&alice, Some(Variant::Shatranj))
        .await);
    let game = new_game(&h, &alice, &bob, opts(Variant::Shatranj)).await;
    let text = say(&h, &alice, "e2e3").await;
    assert!(!text.contains("is not it"), "{text}");
    assert_eq!(h.service.store().moves(game).await.unwrap().len(), 1);
    // The same move in a DM goes to a puzzle there.
    let alice_dm = dm("Alice");
    ok(h.service
        .puzzle_start(&alice_dm, Some(Variant::Shatranj))
        .await);
    let text = say(&h, &alice_dm, "e2e3").await;
    assert!(text.contains("is not it"), "{text}");
}

async fn set_daily(h: &Harness, hour: u32) {
    ok(h.service
        .settings(
            &admin("Admin"),
            vec![
                SettingChange::PuzzleChannel(Some("puzzles".into())),
                SettingChange::PuzzleHour(Some(hour)),
            ],
        )
        .await);
}

/// Solves the daily puzzle of `day` as `who`, in a DM.
async fn solve_daily(h: &Harness, name: &str, day: i64) -> String {
    let who = dm(name);
    let id = h
        .service
        .store()
        .daily_puzzle_of(day)
        .await
        .unwrap()
        .expect("a daily puzzle");
    let puzzle = h.service.store().puzzle(&id).await.unwrap().unwrap();
    say(h, &who, "puzzle daily").await;
    let mut last = String::new();
    for m in puzzle.moves.iter().step_by(2) {
        last = say(h, &who, m).await;
    }
    last
}

#[tokio::test]
async fn the_daily_puzzle_is_posted_at_the_hour_once_also_across_a_restart() {
    // T0 is 22:13 UTC; the post is due at 23:00.
    let mut h = puzzle_harness().await;
    set_daily(&h, 23).await;
    h.service.tick().await.unwrap();
    assert!(h.background().await.is_empty());
    h.advance(47 * 60);
    h.service.tick().await.unwrap();
    let posts = h.background().await;
    assert_eq!(posts.len(), 1, "{}", texts(&posts));
    assert_eq!(posts[0].place.channel, "puzzles");
    assert!(posts[0].daily_post.is_some());
    assert!(posts[0].board.is_some());
    assert!(
        texts(&posts).contains("Daily puzzle for 2023-11-14"),
        "{}",
        texts(&posts)
    );
    h.service.tick().await.unwrap();
    assert!(h.background().await.is_empty());
    let mut h = h.restart().await;
    h.service.tick().await.unwrap();
    assert!(
        h.background().await.is_empty(),
        "posted twice after a restart"
    );
    // The next day at the hour: a new puzzle, the variant rotated.
    h.advance(DAY_MS / 1000);
    h.service.tick().await.unwrap();
    let posts = h.background().await;
    assert_eq!(posts.len(), 1);
    assert!(texts(&posts).contains("2023-11-15"), "{}", texts(&posts));
    let day = (T0 + 47 * 60_000) / DAY_MS;
    let a = h
        .service
        .store()
        .daily_puzzle_of(day)
        .await
        .unwrap()
        .unwrap();
    let b = h
        .service
        .store()
        .daily_puzzle_of(day + 1)
        .await
        .unwrap()
        .unwrap();
    assert_ne!(a[..1], b[..1], "the variant rotates: {a} then {b}");
}

#[tokio::test]
async fn the_next_post_names_yesterdays_solvers_and_streaks_grow() {
    let mut h = puzzle_harness().await;
    set_daily(&h, 23).await;
    h.advance(47 * 60);
    let day = h.service.now() / DAY_MS;
    h.service.tick().await.unwrap();
    h.background().await;
    let text = solve_daily(&h, "Alice", day).await;
    assert!(text.contains("Daily streak: 1 day."), "{text}");
    h.advance(DAY_MS / 1000);
    h.service.tick().await.unwrap();
    let post = texts(&h.background().await);
    assert!(post.contains("solved by Alice"), "{post}");
    let text = solve_daily(&h, "Alice", day + 1).await;
    assert!(text.contains("Daily streak: 2 days."), "{text}");
    // A day missed starts the streak again.
    h.advance(2 * DAY_MS / 1000);
    h.service.tick().await.unwrap();
    let post = texts(&h.background().await);
    assert!(post.contains("Nobody solved yesterday's puzzle"), "{post}");
    let text = solve_daily(&h, "Alice", day + 3).await;
    assert!(text.contains("Daily streak: 1 day."), "{text}");
    let text = say(&h, &dm("Alice"), "puzzle rating").await;
    assert!(text.contains("daily streak 1 (best 2)"), "{text}");
}

#[tokio::test]
async fn a_move_in_the_daily_thread_starts_the_daily_puzzle() {
    let mut h = puzzle_harness().await;
    set_daily(&h, 23).await;
    h.advance(47 * 60);
    h.service.tick().await.unwrap();
    let post = h.background().await.remove(0);
    let day = post.daily_post.unwrap();
    h.service
        .daily_thread_opened(SERVER, day, "thread-9")
        .await
        .unwrap();
    let id = h
        .service
        .store()
        .daily_puzzle_of(day)
        .await
        .unwrap()
        .unwrap();
    let puzzle = h.service.store().puzzle(&id).await.unwrap().unwrap();
    let bob = ctx_at("Bob", SERVER, "thread-9");
    let text = say(&h, &bob, &puzzle.moves[0]).await;
    assert!(text.contains("right"), "{text}");
}

//! Timers with the clock faked: the turn limit, the idle takeover and its
//! hand-back, the idle setting, and timers that survive a restart.

use crate::common;

use alfil::service::{Config, GameOptions, SettingChange};
use common::*;
use engine::Variant;

fn limited(secs: u32) -> GameOptions {
    GameOptions {
        turn_limit: Some(secs),
        ..opts(Variant::Shatranj)
    }
}

#[tokio::test]
async fn when_the_turn_limit_runs_out_the_cpu_makes_that_one_move() {
    let mut h = Harness::new().await;
    let (alice, bob) = (ctx("Alice"), ctx("Bob"));
    let game = new_game(&h, &alice, &bob, limited(30)).await;
    assert_eq!(row(&h.service, game).await.turn_deadline, Some(T0 + 30_000));
    h.advance(29);
    h.service.tick().await.unwrap();
    assert!(h.background().await.is_empty());
    h.advance(1);
    h.service.tick().await.unwrap();
    let told = h.background().await;
    let text = texts(&told);
    assert!(text.contains("Alice ran out of time"), "{text}");
    assert!(text.contains("(the CPU, for them)"), "{text}");
    let moves = h.service.store().moves(game).await.unwrap();
    assert_eq!(moves.len(), 1);
    assert!(moves[0].by_cpu);
    // Only that one move: now it is Bob's turn, with his own 30 seconds,
    // and Alice keeps her seat.
    let r = row(&h.service, game).await;
    assert_eq!(r.cpu_holds, [false, false]);
    assert_eq!(r.turn_deadline, Some(T0 + 60_000));
    h.service.tick().await.unwrap();
    assert!(h.background().await.is_empty());
    play_line(&h.service, &alice, &bob, game, "e7e6").await;
    assert_eq!(turn(&h.service, game).await, engine::Color::White);
}

#[tokio::test]
async fn an_idle_player_is_replaced_by_the_cpu_until_they_are_back() {
    let mut h = Harness::new().await;
    let (alice, bob) = (ctx("Alice"), ctx("Bob"));
    let game = new_game(&h, &alice, &bob, opts(Variant::Medieval)).await;
    play_line(&h.service, &alice, &bob, game, "e2e3").await;
    // Bob thinks for 9 minutes 59: nothing happens.
    h.advance(599);
    h.service.tick().await.unwrap();
    assert!(h.background().await.is_empty());
    h.advance(1);
    h.service.tick().await.unwrap();
    let told = h.background().await;
    let text = texts(&told);
    assert!(text.contains("Bob has been away for 10 minutes"), "{text}");
    assert!(text.contains("takes the black seat"), "{text}");
    // New players are rated 1500: the CPU plays at the level nearest.
    assert!(
        text.contains("CPU (Expert)") || text.contains("CPU (Club)"),
        "{text}"
    );
    assert!(text.contains("(the CPU, for them)"), "{text}");
    let r = row(&h.service, game).await;
    assert_eq!(r.cpu_holds, [false, true]);
    assert_eq!(h.service.store().moves(game).await.unwrap().len(), 2);
    // Alice moves; the CPU answers for Bob again.
    let hers = any_legal(&h.service, game).await;
    play_line(&h.service, &alice, &bob, game, &hers).await;
    let told = h.background().await;
    assert_eq!(told.len(), 1, "{}", texts(&told));
    assert_eq!(h.service.store().moves(game).await.unwrap().len(), 4);
    // Any command of Bob's in the game hands the seat back.
    let hers = any_legal(&h.service, game).await;
    play_line(&h.service, &alice, &bob, game, &hers).await;
    h.service.settle().await;
    h.background().await;
    // Even looking at where a piece can go.
    let back = ok(h.service.board(&bob, Some(game), Some("a7")).await);
    assert_eq!(back.len(), 2);
    assert!(
        back[0].text.contains("Welcome back, Bob"),
        "{}",
        back[0].text
    );
    assert!(back[1].text.contains("on a7"), "{}", back[1].text);
    let r = row(&h.service, game).await;
    assert_eq!(r.cpu_holds, [false, false]);
    assert!(h.background().await.is_empty());
}

#[tokio::test]
async fn a_move_hands_the_seat_back_and_is_played() {
    // The CPU thinks a full second, so Alice's move lands while it does.
    let mut h = Harness::with_config(Config {
        cpu_move_ms: 1000,
        ..config()
    })
    .await;
    let (alice, bob) = (ctx("Alice"), ctx("Bob"));
    let game = new_game(&h, &alice, &bob, opts(Variant::Shatranj)).await;
    h.advance(600);
    h.service.tick().await.unwrap();
    h.background().await;
    assert_eq!(row(&h.service, game).await.cpu_holds, [true, false]);
    play_line(&h.service, &alice, &bob, game, "e7e6").await;
    let replies = ok(h.service.play_move(&alice, Some(game), "e2e3").await);
    assert!(
        replies[0].text.contains("Welcome back, Alice"),
        "{}",
        replies[0].text
    );
    assert!(
        replies[1].text.contains("Alice played"),
        "{}",
        replies[1].text
    );
    assert_eq!(row(&h.service, game).await.cpu_holds, [false, false]);
    assert!(h.background().await.is_empty());
    // Alice moves, and Bob answers himself: the CPU stays out.
    let hers = any_legal(&h.service, game).await;
    play_line(&h.service, &alice, &bob, game, &hers).await;
    let mine = any_legal(&h.service, game).await;
    play_line(&h.service, &alice, &bob, game, &mine).await;
    assert!(h.background().await.is_empty());
}

#[tokio::test]
async fn a_move_out_of_turn_still_hands_the_seat_back() {
    let mut h = Harness::new().await;
    let (alice, bob) = (ctx("Alice"), ctx("Bob"));
    let game = new_game(&h, &alice, &bob, opts(Variant::Shatranj)).await;
    h.advance(600);
    h.service.tick().await.unwrap();
    h.background().await;
    // The CPU moved for Alice; now it is Bob's turn and Alice types a move.
    let replies = ok(h.service.play_move(&alice, Some(game), "d2d3").await);
    assert_eq!(replies.len(), 2);
    assert!(
        replies[0].text.contains("Welcome back"),
        "{}",
        replies[0].text
    );
    assert!(
        replies[1].ephemeral && replies[1].text.contains("not your turn"),
        "{}",
        replies[1].text
    );
    assert_eq!(row(&h.service, game).await.cpu_holds, [false, false]);
    assert_eq!(h.service.store().moves(game).await.unwrap().len(), 1);
}

#[tokio::test]
async fn the_idle_time_is_a_setting_and_can_be_off() {
    let mut h = Harness::new().await;
    ok(h.service
        .settings(&admin("Ann"), vec![SettingChange::IdleMinutes(1)])
        .await);
    let game = new_game(&h, &ctx("Alice"), &ctx("Bob"), opts(Variant::Courier)).await;
    h.advance(60);
    h.service.tick().await.unwrap();
    let told = h.background().await;
    assert!(
        texts(&told).contains("away for 1 minutes"),
        "{}",
        texts(&told)
    );
    assert_eq!(row(&h.service, game).await.cpu_holds, [true, false]);

    ok(h.service
        .settings(&admin("Ann"), vec![SettingChange::IdleMinutes(0)])
        .await);
    let game = new_game(&h, &ctx("Carol"), &ctx("Dave"), opts(Variant::Courier)).await;
    assert_eq!(row(&h.service, game).await.idle_deadline, None);
    h.advance(24 * 3600);
    h.service.tick().await.unwrap();
    h.background().await;
    assert_eq!(row(&h.service, game).await.cpu_holds, [false, false]);
    assert!(h.service.store().moves(game).await.unwrap().is_empty());
}

#[tokio::test]
async fn no_idle_takeover_against_the_cpu_or_oneself() {
    let mut h = Harness::new().await;
    let cpu = ok(h
        .service
        .play_cpu(
            &ctx("Alice"),
            opts(Variant::Shatranj),
            engine::search::Level::Novice,
        )
        .await);
    let solo = ok(h
        .service
        .play_solo(&ctx_at("Bob", SERVER, "solo"), opts(Variant::Shatranj))
        .await);
    h.advance(3600);
    h.service.tick().await.unwrap();
    assert!(h.background().await.is_empty());
    for g in [cpu[0].game.unwrap(), solo[0].game.unwrap()] {
        assert_eq!(row(&h.service, g).await.cpu_holds, [false, false]);
    }
}

#[tokio::test]
async fn timers_survive_a_restart() {
    let h = Harness::new().await;
    let (alice, bob) = (ctx("Alice"), ctx("Bob"));
    let game = new_game(&h, &alice, &bob, limited(60)).await;
    let idle = new_game(&h, &ctx("Carol"), &ctx("Dave"), opts(Variant::Byzantine)).await;
    let mut h = h.restart().await;
    h.advance(60);
    h.service.tick().await.unwrap();
    let told = h.background().await;
    assert!(
        texts(&told).contains("Alice ran out of time"),
        "{}",
        texts(&told)
    );
    assert_eq!(h.service.store().moves(game).await.unwrap().len(), 1);
    let mut h = h.restart().await;
    h.advance(540);
    h.service.tick().await.unwrap();
    let told = h.background().await;
    assert!(
        texts(&told).contains("Carol has been away"),
        "{}",
        texts(&told)
    );
    assert_eq!(row(&h.service, idle).await.cpu_holds, [true, false]);
}

//! Glicko-2 ratings after a set of results, checked against skillratings'
//! own figures; only rated games between two people count; the
//! leaderboard's thresholds.

use crate::common;

use common::lines::SHATRANJ_FROM_START;
use common::*;
use engine::Variant;
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;
use std::collections::HashMap;

#[derive(Clone, Copy)]
enum How {
    /// The first player (White) mates.
    Mate,
    /// The named side resigns: true for White.
    WhiteResigns,
    BlackResigns,
    Agreed,
}

#[tokio::test]
async fn ratings_follow_glicko2_over_a_set_of_results() {
    let h = Harness::new().await;
    let results = [
        ("Alice", "Bob", How::Mate),
        ("Bob", "Carol", How::Agreed),
        ("Carol", "Alice", How::WhiteResigns),
        ("Alice", "Carol", How::BlackResigns),
        ("Bob", "Alice", How::Agreed),
        ("Carol", "Bob", How::Mate),
        ("Alice", "Bob", How::BlackResigns),
    ];
    let mut expected: HashMap<&str, (Glicko2Rating, i64)> = HashMap::new();
    let config = Glicko2Config::new();
    for (white, black, how) in results {
        let (w, b) = (ctx(white), ctx(black));
        let game = new_game(&h, &w, &b, rated(Variant::Shatranj)).await;
        let last = match how {
            How::Mate => play_line(&h.service, &w, &b, game, SHATRANJ_FROM_START).await,
            How::WhiteResigns => ok(h.service.resign(&w, Some(game)).await),
            How::BlackResigns => ok(h.service.resign(&b, Some(game)).await),
            How::Agreed => {
                ok(h.service.draw(&w, Some(game)).await);
                ok(h.service.draw(&b, Some(game)).await)
            }
        };
        let outcome = match how {
            How::Mate | How::BlackResigns => Outcomes::WIN,
            How::WhiteResigns => Outcomes::LOSS,
            How::Agreed => Outcomes::DRAW,
        };
        let before_w = expected
            .get(white)
            .copied()
            .unwrap_or((Glicko2Rating::new(), 0));
        let before_b = expected
            .get(black)
            .copied()
            .unwrap_or((Glicko2Rating::new(), 0));
        let (after_w, after_b) = glicko2(&before_w.0, &before_b.0, &outcome, &config);
        expected.insert(white, (after_w, before_w.1 + 1));
        expected.insert(black, (after_b, before_b.1 + 1));
        // The final message says how the ratings moved.
        let text = texts(&last);
        let line = format!(
            "Ratings: {white} {:.0} ({:+.0}), {black} {:.0} ({:+.0})",
            after_w.rating,
            after_w.rating - before_w.0.rating,
            after_b.rating,
            after_b.rating - before_b.0.rating
        );
        assert!(text.contains(&line), "{line}\n{text}");
    }
    for (name, (want, games)) in &expected {
        let id = h
            .service
            .store()
            .player_by_key(&format!("test:{}", name.to_ascii_lowercase()))
            .await
            .unwrap()
            .unwrap();
        let got = h
            .service
            .store()
            .rating(id, "shatranj")
            .await
            .unwrap()
            .unwrap();
        assert!(
            (got.rating - want.rating).abs() < 1e-9,
            "{name}: {} vs {}",
            got.rating,
            want.rating
        );
        assert!((got.deviation - want.deviation).abs() < 1e-9, "{name}");
        assert!((got.volatility - want.volatility).abs() < 1e-12, "{name}");
        assert_eq!(got.games, *games, "{name}");
    }
    // Ratings are per variant.
    let alice = h
        .service
        .store()
        .player_by_key("test:alice")
        .await
        .unwrap()
        .unwrap();
    assert!(h
        .service
        .store()
        .rating(alice, "courier")
        .await
        .unwrap()
        .is_none());
    let shown = ok(h.service.rating(&ctx("Alice"), None).await);
    assert!(shown[0].text.contains("Shatranj: "), "{}", shown[0].text);
    assert!(shown[0].text.contains("(5 games)"), "{}", shown[0].text);

    // The leaderboard: at least 3 games and a deviation of at most 250.
    let board = ok(h
        .service
        .leaderboard(&ctx("Alice"), Variant::Shatranj)
        .await);
    let text = &board[0].text;
    let mut listed: Vec<(&str, f64)> = expected
        .iter()
        .filter(|(_, (r, g))| *g >= 3 && r.deviation <= 250.0)
        .map(|(n, (r, _))| (*n, r.rating))
        .collect();
    listed.sort_by(|a, b| b.1.partial_cmp(&a.1).unwrap());
    assert!(!listed.is_empty());
    for (i, (name, rating)) in listed.iter().enumerate() {
        let line = format!("{}. {name} {rating:.0}", i + 1);
        assert!(text.contains(&line), "{line} in\n{text}");
    }
    let empty = ok(h
        .service
        .leaderboard(&ctx("Alice"), Variant::Byzantine)
        .await);
    assert!(empty[0].text.contains("Nobody yet"), "{}", empty[0].text);
}

#[tokio::test]
async fn the_leaderboard_leaves_out_the_unsettled() {
    let h = Harness::with_config(alfil::service::Config {
        leaderboard_min_games: 2,
        leaderboard_max_deviation: 1000.0,
        ..config()
    })
    .await;
    let (alice, bob, carol) = (ctx("Alice"), ctx("Bob"), ctx("Carol"));
    for (w, b) in [(&alice, &bob), (&alice, &bob), (&alice, &carol)] {
        let game = new_game(&h, w, b, rated(Variant::Courier)).await;
        ok(h.service.resign(b, Some(game)).await);
    }
    let board = ok(h.service.leaderboard(&alice, Variant::Courier).await);
    let text = &board[0].text;
    assert!(
        text.contains("1. Alice") && text.contains("2. Bob"),
        "{text}"
    );
    assert!(!text.contains("Carol"), "one game is not enough: {text}");
}

#[tokio::test]
async fn only_rated_games_between_two_people_are_rated() {
    let h = Harness::new().await;
    let (alice, bob) = (ctx("Alice"), ctx("Bob"));
    // Casual between people.
    let game = new_game(&h, &alice, &bob, opts(Variant::Shatranj)).await;
    let last = play_line(&h.service, &alice, &bob, game, SHATRANJ_FROM_START).await;
    assert!(!texts(&last).contains("Ratings"), "{}", texts(&last));
    // Against the CPU and against oneself.
    let cpu = ok(h
        .service
        .play_cpu(
            &ctx_at("Alice", SERVER, "c"),
            opts(Variant::Shatranj),
            engine::search::Level::Novice,
        )
        .await);
    ok(h.service
        .resign(&ctx_at("Alice", SERVER, "c"), cpu[0].game)
        .await);
    let solo = ok(h
        .service
        .play_solo(&ctx_at("Alice", SERVER, "s"), opts(Variant::Shatranj))
        .await);
    ok(h.service
        .resign(&ctx_at("Alice", SERVER, "s"), solo[0].game)
        .await);
    h.service.settle().await;
    let alice_id = h
        .service
        .store()
        .player_by_key("test:alice")
        .await
        .unwrap()
        .unwrap();
    assert!(h
        .service
        .store()
        .ratings_of(alice_id)
        .await
        .unwrap()
        .is_empty());
    // `play rated:true` is refused.
    let inv = alfil::commands::Invocation::parse("play rated:true", user).unwrap();
    let replies = alfil::commands::run(&h.service, &alice, inv).await;
    assert!(
        replies[0].ephemeral && replies[0].text.contains("casual"),
        "{}",
        replies[0].text
    );
    let shown = ok(h.service.rating(&bob, Some(&alice.user)).await);
    assert!(
        shown[0].text.contains("no rated games yet"),
        "{}",
        shown[0].text
    );
}

//! Whole games through the service API, in every variant, to every kind
//! of ending; resignation, draws, takebacks, rematches, the moves of a
//! square, PGN; and refusals that change nothing.

use crate::common;

use alfil::service::{Button, GameOptions};
use common::lines::{self, ENDINGS, REPETITION};
use common::*;
use engine::Variant;

#[tokio::test]
async fn whole_games_from_the_start_in_every_variant() {
    let h = Harness::new().await;
    let (alice, bob) = (ctx("Alice"), ctx("Bob"));
    for variant in Variant::ALL {
        let (line, result, reason) = lines::from_start(variant);
        let game = new_game(&h, &alice, &bob, opts(variant)).await;
        let last = play_line(&h.service, &alice, &bob, game, line).await;
        let text = texts(&last);
        assert!(
            text.contains(result) && text.contains(reason),
            "{variant}: {text}"
        );
        assert_eq!(last[0].buttons, vec![Button::Rematch(game)]);
        assert!(
            last[0].animation.is_some(),
            "a finished game can be animated"
        );
        assert_draws(&last[0]);
        let row = row(&h.service, game).await;
        assert_eq!(row.status, "finished");
        assert_eq!(row.result.as_deref(), Some(result));
        assert!(row.reason.unwrap().contains(reason));
        let stored = h.service.store().moves(game).await.unwrap();
        assert_eq!(stored.len(), line.split_whitespace().count());
        // A finished game takes no more moves.
        let why = refused(h.service.play_move(&bob, Some(game), "a7a6").await);
        assert!(why.contains("is over"), "{why}");
    }
}

#[tokio::test]
async fn every_variant_ends_by_checkmate_bare_king_and_stalemate() {
    let h = Harness::new().await;
    let (alice, bob) = (ctx("Alice"), ctx("Bob"));
    for e in ENDINGS {
        let options = GameOptions {
            start_fen: Some(e.fen.into()),
            ..opts(e.variant)
        };
        let game = new_game(&h, &alice, &bob, options).await;
        let replies = ok(h.service.play_move(&alice, Some(game), e.last).await);
        let text = texts(&replies);
        assert!(
            text.contains(e.result) && text.contains(e.reason),
            "{} {}: {text}",
            e.variant,
            e.reason
        );
        assert_draws(&replies[0]);
        let row = row(&h.service, game).await;
        assert_eq!(row.result.as_deref(), Some(e.result), "{}", e.fen);
    }
}

#[tokio::test]
async fn every_variant_draws_by_repetition() {
    let h = Harness::new().await;
    let (alice, bob) = (ctx("Alice"), ctx("Bob"));
    for variant in Variant::ALL {
        let game = new_game(&h, &alice, &bob, opts(variant)).await;
        let last = play_line(&h.service, &alice, &bob, game, REPETITION).await;
        let text = texts(&last);
        assert!(
            text.contains("1/2-1/2") && text.contains("repetition"),
            "{variant}: {text}"
        );
    }
}

#[tokio::test]
async fn a_start_position_must_be_a_playable_casual_one() {
    let h = Harness::new().await;
    let before = h.snapshot().await;
    let bad = GameOptions {
        start_fen: Some("not a fen".into()),
        ..opts(Variant::Shatranj)
    };
    let why = refused(
        h.service
            .challenge(&ctx("Alice"), Some(&user("Bob")), bad)
            .await,
    );
    assert!(why.contains("position"), "{why}");
    let over = GameOptions {
        start_fen: Some("8/8/8/8/8/8/8/K6k w - - 0 1".into()),
        ..opts(Variant::Shatranj)
    };
    let why = refused(h.service.play_solo(&ctx("Alice"), over).await);
    assert!(why.contains("over"), "{why}");
    let rated_fen = GameOptions {
        start_fen: Some(ENDINGS[0].fen.into()),
        ..rated(Variant::Shatranj)
    };
    let why = refused(
        h.service
            .challenge(&ctx("Alice"), Some(&user("Bob")), rated_fen)
            .await,
    );
    assert!(why.contains("Rated"), "{why}");
    assert_eq!(before, h.snapshot().await);
}

#[tokio::test]
async fn resignation_ends_the_game_for_the_other_side() {
    let h = Harness::new().await;
    let (alice, bob) = (ctx("Alice"), ctx("Bob"));
    let game = new_game(&h, &alice, &bob, opts(Variant::Courier)).await;
    play_line(&h.service, &alice, &bob, game, "b1a3").await;
    // Resigning needs no turn.
    let replies = ok(h.service.resign(&alice, None).await);
    let text = texts(&replies);
    assert!(
        text.contains("Alice resigns") && text.contains("0-1"),
        "{text}"
    );
    let row = row(&h.service, game).await;
    assert_eq!(row.result.as_deref(), Some("0-1"));
    let why = refused(h.service.resign(&bob, Some(game)).await);
    assert!(why.contains("over"), "{why}");
}

#[tokio::test]
async fn a_draw_is_offered_declined_by_moving_and_agreed() {
    let mut h = Harness::new().await;
    let (alice, bob) = (ctx("Alice"), ctx("Bob"));
    let game = new_game(&h, &alice, &bob, opts(Variant::Shatranj)).await;
    let offer = ok(h.service.draw(&alice, None).await);
    assert!(
        texts(&offer).contains("Alice offers a draw"),
        "{}",
        texts(&offer)
    );
    assert_eq!(
        row(&h.service, game).await.draw_offer.as_deref(),
        Some("white")
    );
    // Offering twice is refused and changes nothing.
    let before = h.snapshot().await;
    let why = refused(h.service.draw(&alice, None).await);
    assert!(why.contains("already offered"), "{why}");
    assert_eq!(before, h.snapshot().await);
    // White moves, the offer stands; Black moves instead of answering: declined.
    play_line(&h.service, &alice, &bob, game, "e2e3").await;
    assert_eq!(
        row(&h.service, game).await.draw_offer.as_deref(),
        Some("white")
    );
    play_line(&h.service, &alice, &bob, game, "e7e6").await;
    assert_eq!(row(&h.service, game).await.draw_offer, None);
    // A new offer, accepted.
    ok(h.service.draw(&bob, None).await);
    let agreed = ok(h.service.draw(&alice, None).await);
    let text = texts(&agreed);
    assert!(
        text.contains("accepts the draw") && text.contains("1/2-1/2"),
        "{text}"
    );
    let row = row(&h.service, game).await;
    assert_eq!(
        (row.status.as_str(), row.result.as_deref()),
        ("finished", Some("1/2-1/2"))
    );
    assert!(h.background().await.is_empty());
}

#[tokio::test]
async fn rematch_swaps_colours() {
    let h = Harness::new().await;
    let (alice, bob) = (ctx("Alice"), ctx("Bob"));
    let game = new_game(&h, &alice, &bob, rated(Variant::Medieval)).await;
    let why = refused(h.service.rematch(&bob, Some(game)).await);
    assert!(why.contains("still going on"), "{why}");
    ok(h.service.resign(&bob, Some(game)).await);
    let challenge = ok(h.service.rematch(&bob, Some(game)).await);
    let text = texts(&challenge);
    assert!(
        text.contains("**Bob** challenges **Alice**") && text.contains("Bob plays white"),
        "{text}"
    );
    assert!(
        text.contains("rated") && text.contains("Medieval"),
        "{text}"
    );
    let started = ok(h.service.accept(&alice, None).await);
    let new = started[0].game.unwrap();
    let (old_row, new_row) = (row(&h.service, game).await, row(&h.service, new).await);
    assert_eq!(new_row.players, [old_row.players[1], old_row.players[0]]);
    assert!(new_row.rated);
    assert_eq!(new_row.variant, "medieval");

    // Against the CPU the rematch starts at once, colours swapped, and a
    // game from a position starts from it again.
    let mut cpu = GameOptions {
        start_fen: Some(ENDINGS[0].fen.into()),
        ..opts(Variant::Shatranj)
    };
    cpu.color = alfil::service::ColorChoice::White;
    let solo = ok(h
        .service
        .play_cpu(
            &ctx_at("Carol", SERVER, "cpu"),
            cpu,
            engine::search::Level::Novice,
        )
        .await);
    let first = solo[0].game.unwrap();
    let carol = ctx_at("Carol", SERVER, "cpu");
    ok(h.service
        .play_move(&carol, Some(first), ENDINGS[0].last)
        .await);
    let again = ok(h.service.rematch(&carol, Some(first)).await);
    let second = again[0].game.unwrap();
    let (a, b) = (row(&h.service, first).await, row(&h.service, second).await);
    assert_eq!(b.players, [a.players[1], a.players[0]]);
    assert_eq!(b.levels[0].as_deref(), Some("Novice"));
    assert_eq!(a.start_fen, b.start_fen);
    assert_eq!(b.rematch_of, Some(first));
    h.service.settle().await;
}

#[tokio::test]
async fn moves_of_a_square_show_dots() {
    let h = Harness::new().await;
    let (alice, bob) = (ctx("Alice"), ctx("Bob"));
    let game = new_game(&h, &alice, &bob, opts(Variant::Medieval)).await;
    let replies = ok(h.service.board(&alice, None, Some("e2")).await);
    let reply = &replies[0];
    assert!(reply.ephemeral);
    assert_eq!(reply.game, Some(game));
    let board = reply.board.as_ref().unwrap();
    let e2 = engine::Square::parse("e2").unwrap();
    assert_eq!(board.selected, Some(e2));
    let mut dots: Vec<String> = board.dots.iter().map(|s| s.to_string()).collect();
    dots.sort();
    // Before the first capture a Medieval pawn may step two.
    assert_eq!(dots, ["e3", "e4"]);
    assert_draws(reply);
    // The king may leap in Medieval chess, but not yet: pawns are in the way
    // only of steps, and d1/f1 are taken.
    let king = ok(h.service.board(&alice, None, Some("g1")).await);
    assert!(king[0].text.contains("can go"), "{}", king[0].text);
    let black = ok(h.service.board(&bob, None, Some("e7")).await);
    assert!(
        black[0].text.contains("not its side's turn"),
        "{}",
        black[0].text
    );
    assert!(black[0].board.as_ref().unwrap().dots.is_empty());
    for (square, words) in [
        ("e5", "no piece"),
        ("z9", "not a square"),
        ("", "not a square"),
    ] {
        let why = refused(h.service.board(&alice, None, Some(square)).await);
        assert!(why.contains(words), "{square}: {why}");
    }
    let board = ok(h.service.board(&bob, Some(game), None).await);
    assert!(board[0].board.as_ref().unwrap().dots.is_empty());
}

#[tokio::test]
async fn takeback_by_agreement_in_casual_games_only() {
    let h = Harness::new().await;
    let (alice, bob) = (ctx("Alice"), ctx("Bob"));
    let game = new_game(&h, &alice, &bob, opts(Variant::Shatranj)).await;
    let why = refused(h.service.takeback(&alice, None).await);
    assert!(why.contains("no move"), "{why}");
    play_line(&h.service, &alice, &bob, game, "e2e3 e7e6 d2d3").await;
    // Alice asks, Bob agrees: Alice's last move goes.
    let asked = ok(h.service.takeback(&alice, None).await);
    assert!(
        texts(&asked).contains("asks to take back"),
        "{}",
        texts(&asked)
    );
    let done = ok(h.service.takeback(&bob, None).await);
    assert!(
        texts(&done).contains("Took back 1 move"),
        "{}",
        texts(&done)
    );
    let moves = h.service.store().moves(game).await.unwrap();
    assert_eq!(moves.len(), 2);
    assert_eq!(turn(&h.service, game).await, engine::Color::White);
    // Bob asks after Alice has answered: both plies go.
    play_line(&h.service, &alice, &bob, game, "g1f3").await;
    play_line(&h.service, &alice, &bob, game, "g8f6 b1c3").await;
    ok(h.service.takeback(&bob, None).await);
    let done = ok(h.service.takeback(&alice, None).await);
    assert!(
        texts(&done).contains("Took back 2 moves"),
        "{}",
        texts(&done)
    );
    let uci: Vec<String> = h
        .service
        .store()
        .moves(game)
        .await
        .unwrap()
        .into_iter()
        .map(|m| m.uci)
        .collect();
    assert_eq!(uci, ["e2e3", "e7e6", "g1f3"]);

    // Rated: refused, nothing changes.
    let rated_game = new_game(&h, &ctx("Carol"), &ctx("Dave"), rated(Variant::Shatranj)).await;
    play_line(&h.service, &ctx("Carol"), &ctx("Dave"), rated_game, "e2e3").await;
    let before = h.snapshot().await;
    let why = refused(h.service.takeback(&ctx("Carol"), None).await);
    assert!(why.contains("rated"), "{why}");
    assert_eq!(before, h.snapshot().await);
}

#[tokio::test]
async fn pgn_export_has_the_variant_players_moves_and_result() {
    let h = Harness::new().await;
    let (alice, bob) = (ctx("Alice"), ctx("Bob"));
    let game = new_game(&h, &alice, &bob, opts(Variant::Courier)).await;
    play_line(&h.service, &alice, &bob, game, "b1a3 b8a6").await;
    ok(h.service.resign(&bob, None).await);
    let pgn = h.service.pgn_of(game).await.unwrap();
    for part in [
        "[Variant \"",
        "[White \"Alice\"]",
        "[Black \"Bob\"]",
        "[Result \"1-0\"]",
        "1-0",
    ] {
        assert!(pgn.contains(part), "{part} missing:\n{pgn}");
    }
    assert!(pgn.contains("Na3") || pgn.contains("a3"), "{pgn}");
    let reply = ok(h.service.pgn(&alice, Some(game)).await);
    assert!(reply[0].text.contains(&pgn));
}

#[tokio::test]
async fn wrong_turn_outsiders_and_garbage_change_nothing() {
    let mut h = Harness::new().await;
    let (alice, bob, carol) = (ctx("Alice"), ctx("Bob"), ctx("Carol"));
    let game = new_game(&h, &alice, &bob, opts(Variant::Shatranj)).await;
    play_line(&h.service, &alice, &bob, game, "e2e3").await;
    // Carol is recorded as a player before the snapshot.
    let _ = h.service.rating(&carol, None).await;
    let before = h.snapshot().await;
    let cases: Vec<(&alfil::service::Ctx, &str, &str)> = vec![
        (&alice, "d2d3", "not your turn"),
        (&bob, "e7e5", "illegal"),
        (&bob, "banana", ""),
        (&bob, "", ""),
        (&bob, "e2e3e4e5", ""),
        (&bob, "Qd8", ""),
        (&bob, "z9z8", ""),
        (&carol, "e7e6", ""),
    ];
    for (who, mv, words) in cases {
        let why = refused(h.service.play_move(who, Some(game), mv).await);
        assert!(
            why.to_lowercase().contains(words),
            "{} {mv:?}: {why}",
            who.user.name
        );
    }
    // Carol cannot resign, offer a draw, or take back in their game either.
    for why in [
        refused(h.service.resign(&carol, Some(game)).await),
        refused(h.service.draw(&carol, Some(game)).await),
        refused(h.service.takeback(&carol, Some(game)).await),
    ] {
        assert!(why.contains("not playing"), "{why}");
    }
    // Carol has no game: the game in this channel is not hers.
    let why = refused(h.service.play_move(&carol, None, "e7e6").await);
    assert!(why.contains("not playing"), "{why}");
    let why = refused(
        h.service
            .play_move(&ctx_at("Carol", SERVER, "elsewhere"), None, "e7e6")
            .await,
    );
    assert!(why.contains("no game"), "{why}");
    let why = refused(h.service.play_move(&bob, Some(999), "e7e6").await);
    assert!(why.contains("no game #999"), "{why}");
    // Through the command layer, refusals are private replies.
    for line in [
        "e7e5",
        "move",
        "challenge variant:chess",
        "accept 77",
        "draw game:x",
        "settings idle:5",
        "frobnicate the board please now",
    ] {
        let inv = alfil::commands::Invocation::parse(line, user).unwrap();
        let replies = alfil::commands::run(&h.service, &bob, inv).await;
        assert_eq!(replies.len(), 1, "{line}");
        assert!(replies[0].ephemeral, "{line}: {}", replies[0].text);
    }
    assert_eq!(before, h.snapshot().await);
    assert!(h.background().await.is_empty());
}

#[tokio::test]
async fn games_stay_in_their_server_and_dms_reach_only_ones_own() {
    let h = Harness::new().await;
    let (alice, bob) = (ctx("Alice"), ctx("Bob"));
    let game = new_game(&h, &alice, &bob, opts(Variant::Shatranj)).await;
    let elsewhere = ctx_at("Alice", "guild-2", "general");
    let before = h.snapshot().await;
    let why = refused(h.service.play_move(&elsewhere, Some(game), "e2e3").await);
    assert!(why.contains("not played here"), "{why}");
    let why = refused(h.service.play_move(&elsewhere, None, "e2e3").await);
    assert!(why.contains("no game here"), "{why}");
    let why = refused(h.service.resign(&dm("Alice"), Some(game)).await);
    assert!(why.contains("not played here"), "{why}");
    assert_eq!(before, h.snapshot().await);

    // In DMs: a CPU game of one's own; challenges are refused there.
    let why = refused(
        h.service
            .challenge(&dm("Alice"), Some(&user("Bob")), opts(Variant::Shatranj))
            .await,
    );
    assert!(why.contains("direct messages"), "{why}");
    let mine = ok(h
        .service
        .play_cpu(
            &dm("Alice"),
            opts(Variant::Shatranj),
            engine::search::Level::Novice,
        )
        .await);
    let dm_game = mine[0].game.unwrap();
    ok(h.service.play_move(&dm("Alice"), None, "e2e3").await);
    h.service.settle().await;
    let before = h.snapshot().await;
    // Bob's DMs and the server do not reach Alice's DM game.
    let why = refused(h.service.board(&dm("Bob"), Some(dm_game), None).await);
    assert!(why.contains("not played here"), "{why}");
    let why = refused(h.service.play_move(&dm("Bob"), Some(dm_game), "d2d3").await);
    assert!(why.contains("not played here"), "{why}");
    let why = refused(h.service.play_move(&alice, Some(dm_game), "d2d3").await);
    assert!(why.contains("not played here"), "{why}");
    // And Alice's DMs do not reach her server game.
    let why = refused(h.service.play_move(&dm("Alice"), Some(game), "e2e3").await);
    assert!(why.contains("not played here"), "{why}");
    assert_eq!(before, h.snapshot().await);
}

#[tokio::test]
async fn settings_are_for_admins() {
    let h = Harness::new().await;
    use alfil::service::SettingChange;
    let shown = ok(h.service.settings(&ctx("Bob"), Vec::new()).await);
    assert!(
        shown[0].text.contains("idle: 10 minutes"),
        "{}",
        shown[0].text
    );
    let before = h.snapshot().await;
    let why = refused(
        h.service
            .settings(&ctx("Bob"), vec![SettingChange::IdleMinutes(0)])
            .await,
    );
    assert!(why.contains("manage"), "{why}");
    let dm_admin = alfil::service::Ctx {
        admin: true,
        ..dm("Bob")
    };
    refused(
        h.service
            .settings(&dm_admin, vec![SettingChange::Theme("blue".into())])
            .await,
    );
    assert_eq!(before, h.snapshot().await);
    let saved = ok(h
        .service
        .settings(
            &admin("Ann"),
            vec![
                SettingChange::parse("stalemate", "draw").unwrap(),
                SettingChange::parse("idle", "off").unwrap(),
                SettingChange::parse("theme", "green").unwrap(),
            ],
        )
        .await);
    assert!(saved[0].text.contains("idle: off"), "{}", saved[0].text);
    let s = h.service.store().server_settings(SERVER).await.unwrap();
    assert_eq!(
        (s.stalemate.as_deref(), s.idle_seconds, s.theme.as_str()),
        (Some("draw"), 0, "green")
    );
    // New games here take the server's rule; another server keeps its own.
    let game = new_game(&h, &ctx("Alice"), &ctx("Bob"), opts(Variant::Shatranj)).await;
    assert_eq!(row(&h.service, game).await.stalemate, "draw");
    let other = ctx_at("Alice", "guild-2", "general");
    ok(h.service
        .challenge(&other, Some(&user("Bob")), opts(Variant::Shatranj))
        .await);
    let started = ok(h
        .service
        .accept(&ctx_at("Bob", "guild-2", "general"), None)
        .await);
    assert_eq!(
        row(&h.service, started[0].game.unwrap()).await.stalemate,
        "loss"
    );
    assert!(SettingChange::parse("idle", "lots").is_err());
}

//! Who may do what: only a seat's owner moves, only server managers change
//! settings, a game answers only in its own server, and a DM reaches only
//! the sender's own games. Each refusal changes nothing.

use crate::common;

use alfil::commands::{self, Invocation};
use alfil::service::{Ctx, SettingChange};
use common::{admin, ctx, ctx_at, dm, new_game, ok, opts, refused, texts, Harness, SERVER};
use engine::search::Level;
use engine::Variant;

/// Runs a typed command line through the command layer.
async fn say(h: &Harness, who: &Ctx, line: &str) -> String {
    let inv = Invocation::parse(line, common::user).expect("a command");
    texts(&commands::run(&h.service, who, inv).await)
}

#[tokio::test]
async fn only_a_seats_owner_moves() {
    let h = Harness::new().await;
    let (alice, bob, mallory) = (ctx("Alice"), ctx("Bob"), ctx("Mallory"));
    let game = new_game(&h, &alice, &bob, opts(Variant::Shatranj)).await;
    let before = h.snapshot().await;
    // A stranger, by number and without; the opponent out of turn.
    assert!(
        refused(h.service.play_move(&mallory, Some(game), "e2e3").await).contains("not playing")
    );
    refused(h.service.play_move(&mallory, None, "e2e3").await);
    assert!(refused(h.service.play_move(&bob, Some(game), "e2e3").await).contains("not your turn"));
    for line in [
        format!("move e2e3 game:{game}"),
        format!("resign game:{game}"),
        format!("draw game:{game}"),
        format!("takeback game:{game}"),
        "e2e3".into(),
    ] {
        let said = say(&h, &mallory, &line).await;
        assert!(!said.contains("played"), "{line}: {said}");
    }
    assert_eq!(h.snapshot().await, before, "a refusal changed something");
    ok(h.service.play_move(&alice, Some(game), "e2e3").await);
}

#[tokio::test]
async fn no_one_moves_for_the_cpu_or_in_someone_elses_cpu_game() {
    let mut h = Harness::new().await;
    let (alice, mallory) = (ctx("Alice"), ctx("Mallory"));
    let started = ok(h
        .service
        .play_cpu(&alice, opts(Variant::Shatranj), Level::Novice)
        .await);
    let game = started[0].game.unwrap();
    ok(h.service.play_move(&alice, Some(game), "e2e3").await);
    h.background().await; // the CPU answers
    let before = h.snapshot().await;
    refused(h.service.play_move(&mallory, Some(game), "e2e3").await);
    refused(h.service.resign(&mallory, Some(game)).await);
    assert!(say(&h, &mallory, &format!("draw game:{game}"))
        .await
        .contains("not playing"));
    assert_eq!(h.snapshot().await, before);
    // The CPU's seat moves only by the CPU: Alice's moves are hers alone.
    ok(h.service.play_move(&alice, Some(game), "d2d3").await);
    h.background().await;
    let moves = h.service.store().moves(game).await.unwrap();
    assert_eq!(moves.len(), 4);
    assert!(moves[1].by_cpu && moves[3].by_cpu && !moves[0].by_cpu && !moves[2].by_cpu);
}

#[tokio::test]
async fn only_server_managers_change_settings_and_only_their_servers() {
    let h = Harness::new().await;
    let theme = || vec![SettingChange::Theme("blue".into())];
    let before = h.snapshot().await;
    assert!(refused(h.service.settings(&ctx("Bob"), theme()).await).contains("manage"));
    assert!(say(&h, &ctx("Bob"), "settings theme:blue")
        .await
        .contains("manage"));
    // A DM is nobody's server, even for someone who manages another.
    let mut dm_admin = dm("Alice");
    dm_admin.admin = true;
    refused(h.service.settings(&dm_admin, theme()).await);
    assert_eq!(h.snapshot().await, before);
    // A manager of another server changes that server only.
    let other = Ctx {
        admin: true,
        ..ctx_at("Olga", "guild-2", "general")
    };
    ok(h.service.settings(&other, theme()).await);
    let here = h.service.store().server_settings(SERVER).await.unwrap();
    assert_eq!(here.theme, "brown");
    ok(h.service.settings(&admin("Alice"), theme()).await);
    let here = h.service.store().server_settings(SERVER).await.unwrap();
    assert_eq!(here.theme, "blue");
}

#[tokio::test]
async fn a_game_answers_only_in_its_own_server() {
    let h = Harness::new().await;
    let (alice, bob) = (ctx("Alice"), ctx("Bob"));
    let game = new_game(&h, &alice, &bob, opts(Variant::Courier)).await;
    let before = h.snapshot().await;
    // Its own players, from another server: by number, and by place.
    let away = ctx_at("Alice", "guild-2", "general");
    let away_bob = ctx_at("Bob", "guild-2", "general");
    assert!(
        refused(h.service.play_move(&away, Some(game), "a2a3").await).contains("not played here")
    );
    refused(h.service.play_move(&away, None, "a2a3").await);
    refused(h.service.resign(&away_bob, Some(game)).await);
    refused(h.service.draw(&away, Some(game)).await);
    refused(h.service.takeback(&away, Some(game)).await);
    refused(h.service.board(&away, Some(game), None).await);
    refused(h.service.pgn(&away, Some(game)).await);
    refused(h.service.rematch(&away, Some(game)).await);
    // A challenge made here cannot be accepted from there.
    ok(h.service
        .challenge(&alice, Some(&ctx("Carol").user), opts(Variant::Shatranj))
        .await);
    let carol_away = ctx_at("Carol", "guild-2", "general");
    refused(h.service.accept(&carol_away, None).await);
    refused(h.service.accept(&carol_away, Some(1)).await);
    let after_challenge = h.snapshot().await;
    assert_ne!(before, after_challenge); // (the challenge itself)
    for line in [
        format!("board game:{game}"),
        format!("pgn game:{game}"),
        "accept 1".into(),
    ] {
        say(&h, &carol_away, &line).await;
    }
    assert_eq!(h.snapshot().await, after_challenge);
}

#[tokio::test]
async fn a_dm_reaches_only_the_senders_own_games() {
    let h = Harness::new().await;
    let (alice_dm, bob_dm) = (dm("Alice"), dm("Bob"));
    let started = ok(h
        .service
        .play_solo(&alice_dm, opts(Variant::Shatranj))
        .await);
    let game = started[0].game.unwrap();
    let guild = new_game(&h, &ctx("Bob"), &ctx("Carol"), opts(Variant::Shatranj)).await;
    let before = h.snapshot().await;
    // Bob's DM cannot reach Alice's DM game, nor a guild game he plays in.
    refused(h.service.play_move(&bob_dm, Some(game), "e2e3").await);
    refused(h.service.board(&bob_dm, Some(game), None).await);
    refused(h.service.pgn(&bob_dm, Some(game)).await);
    refused(h.service.play_move(&bob_dm, Some(guild), "e2e3").await);
    // Nor can the guild reach the DM game.
    refused(h.service.play_move(&ctx("Alice"), Some(game), "e2e3").await);
    refused(h.service.board(&ctx("Bob"), Some(game), None).await);
    assert_eq!(h.snapshot().await, before);
    ok(h.service.play_move(&alice_dm, None, "e2e3").await);
}

/// `history @someone` lists only games of this server: it must not show
/// their games elsewhere, least of all in their DMs.
#[tokio::test]
async fn history_of_someone_else_shows_only_this_servers_games() {
    let h = Harness::new().await;
    let secret = ok(h
        .service
        .play_solo(&dm("Alice"), opts(Variant::Medieval))
        .await)[0]
        .game
        .unwrap();
    let elsewhere = new_game(
        &h,
        &ctx_at("Alice", "guild-2", "x"),
        &ctx_at("Olga", "guild-2", "x"),
        opts(Variant::Courier),
    )
    .await;
    let here = new_game(&h, &ctx("Alice"), &ctx("Bob"), opts(Variant::Shatranj)).await;
    let seen = texts(&ok(h
        .service
        .history(&ctx("Mallory"), Some(&common::user("Alice")))
        .await));
    assert!(seen.contains(&format!("#{here} ")), "{seen}");
    assert!(!seen.contains(&format!("#{secret} ")), "{seen}");
    assert!(!seen.contains(&format!("#{elsewhere} ")), "{seen}");
    // Her own history is hers to see everywhere.
    let own = texts(&ok(h.service.history(&dm("Alice"), None).await));
    assert!(
        own.contains(&format!("#{secret} ")) && own.contains(&format!("#{here} ")),
        "{own}"
    );
}

//! Challenges: accept, decline, withdraw, expiry, and who may answer.

use crate::common;

use alfil::service::{Button, GameOptions};
use common::*;
use engine::Variant;

#[tokio::test]
async fn a_challenge_is_accepted_and_the_game_starts() {
    let h = Harness::new().await;
    let (alice, bob) = (ctx("Alice"), ctx("Bob"));
    let replies = ok(h
        .service
        .challenge(&alice, Some(&bob.user), rated(Variant::Courier))
        .await);
    let text = texts(&replies);
    assert!(
        text.contains("Alice** challenges **Bob** to Courier"),
        "{text}"
    );
    assert!(
        text.contains("rated") && text.contains("Alice plays white"),
        "{text}"
    );
    let id = match replies[0].buttons.as_slice() {
        [Button::Accept(a), Button::Decline(d)] if a == d => *a,
        other => panic!("{other:?}"),
    };
    // The challenger cannot accept their own challenge, nor a third person one meant for Bob.
    let before = h.snapshot().await;
    let why = refused(h.service.accept(&alice, Some(id)).await);
    assert!(why.contains("your own challenge"), "{why}");
    let why = refused(h.service.accept(&ctx("Carol"), Some(id)).await);
    assert!(why.contains("someone else"), "{why}");
    let why = refused(h.service.accept(&ctx("Carol"), None).await);
    assert!(why.contains("no challenge"), "{why}");
    let why = refused(
        h.service
            .accept(&ctx_at("Bob", "guild-2", "x"), Some(id))
            .await,
    );
    assert!(why.contains("another server"), "{why}");
    assert_eq!(before, h.snapshot().await);

    let started = ok(h.service.accept(&bob, Some(id)).await);
    assert!(started[0].opens_game);
    assert!(
        started[0].text.contains("Bob accepts"),
        "{}",
        started[0].text
    );
    assert_draws(&started[0]);
    let game = started[0].game.unwrap();
    let row = row(&h.service, game).await;
    assert!(row.rated);
    assert_eq!(row.variant, "courier");
    let c = h.service.store().challenge(id).await.unwrap().unwrap();
    assert_eq!((c.status.as_str(), c.game_id), ("accepted", Some(game)));
    // Accepting again: refused, nothing changes.
    let before = h.snapshot().await;
    let why = refused(h.service.accept(&bob, Some(id)).await);
    assert!(why.contains("no longer open"), "{why}");
    assert_eq!(before, h.snapshot().await);
}

#[tokio::test]
async fn an_open_challenge_goes_to_the_first_taker() {
    let h = Harness::new().await;
    ok(h.service
        .challenge(&ctx("Alice"), None, opts(Variant::Shatranj))
        .await);
    let started = ok(h.service.accept(&ctx("Carol"), None).await);
    let game = started[0].game.unwrap();
    let why = refused(h.service.accept(&ctx("Dave"), Some(1)).await);
    assert!(why.contains("no longer open"), "{why}");
    let row = row(&h.service, game).await;
    let carol = h.service.store().player_by_key("test:carol").await.unwrap();
    assert_eq!(row.players[1], carol);
}

#[tokio::test]
async fn decline_and_withdraw() {
    let mut h = Harness::new().await;
    let (alice, bob, carol) = (ctx("Alice"), ctx("Bob"), ctx("Carol"));
    ok(h.service
        .challenge(&alice, Some(&bob.user), opts(Variant::Medieval))
        .await);
    // Only Bob may decline it.
    let before = h.snapshot().await;
    let why = refused(h.service.decline(&carol, Some(1)).await);
    assert!(
        why.contains("someone else") || why.contains("Only the challenged"),
        "{why}"
    );
    assert_eq!(before, h.snapshot().await);
    let declined = ok(h.service.decline(&bob, None).await);
    assert!(
        texts(&declined).contains("Bob declined Alice's challenge #1"),
        "{}",
        texts(&declined)
    );
    assert_eq!(
        h.service
            .store()
            .challenge(1)
            .await
            .unwrap()
            .unwrap()
            .status,
        "declined"
    );
    let why = refused(h.service.accept(&bob, Some(1)).await);
    assert!(why.contains("declined"), "{why}");

    ok(h.service
        .challenge(&alice, None, opts(Variant::Medieval))
        .await);
    let why = refused(h.service.decline(&carol, Some(2)).await);
    assert!(why.contains("open challenge simply waits"), "{why}");
    let withdrawn = ok(h.service.decline(&alice, None).await);
    assert!(
        texts(&withdrawn).contains("withdrew challenge #2"),
        "{}",
        texts(&withdrawn)
    );
    assert_eq!(
        h.service
            .store()
            .challenge(2)
            .await
            .unwrap()
            .unwrap()
            .status,
        "cancelled"
    );
    assert!(h.background().await.is_empty());
}

#[tokio::test]
async fn challenges_expire() {
    let mut h = Harness::new().await;
    let (alice, bob) = (ctx("Alice"), ctx("Bob"));
    ok(h.service
        .challenge(&alice, Some(&bob.user), opts(Variant::Byzantine))
        .await);
    h.advance(14 * 60);
    h.service.tick().await.unwrap();
    assert!(h.background().await.is_empty(), "not yet");
    h.advance(61);
    // Expired but not yet swept: accepting is refused all the same.
    let before = h.snapshot().await;
    let why = refused(h.service.accept(&bob, Some(1)).await);
    assert!(why.contains("expired"), "{why}");
    let why = refused(h.service.accept(&bob, None).await);
    assert!(why.contains("no challenge"), "{why}");
    assert_eq!(before, h.snapshot().await);
    h.service.tick().await.unwrap();
    let told = h.background().await;
    assert_eq!(told.len(), 1);
    assert!(told[0].text.contains("has expired"), "{}", told[0].text);
    assert_eq!(told[0].place, bob.place);
    assert_eq!(
        h.service
            .store()
            .challenge(1)
            .await
            .unwrap()
            .unwrap()
            .status,
        "expired"
    );
    // Ticking again says nothing more.
    h.service.tick().await.unwrap();
    assert!(h.background().await.is_empty());
    let why = refused(h.service.decline(&bob, Some(1)).await);
    assert!(why.contains("no longer open"), "{why}");
}

#[tokio::test]
async fn bad_challenges_are_refused_and_change_nothing() {
    let h = Harness::new().await;
    let alice = ctx("Alice");
    let _ = h.service.rating(&ctx("Bob"), None).await;
    let _ = h.service.rating(&alice, None).await;
    let before = h.snapshot().await;
    let why = refused(
        h.service
            .challenge(&alice, Some(&alice.user), opts(Variant::Shatranj))
            .await,
    );
    assert!(why.contains("cannot challenge yourself"), "{why}");
    let why = refused(
        h.service
            .challenge(&dm("Alice"), Some(&user("Bob")), opts(Variant::Shatranj))
            .await,
    );
    assert!(why.contains("direct messages"), "{why}");
    for line in [
        "challenge @Bob variant:xiangqi",
        "challenge @Bob limit:45",
        "challenge @Bob color:purple",
        "challenge @Bob rated:maybe",
        "challenge @Bob moverule:5",
        "challenge @Bob stalemate:sometimes",
        "challenge @Bob fen:rubbish",
        "play rated:true",
        "play level:grandmaster",
        "play opponent:bob",
    ] {
        let inv = alfil::commands::Invocation::parse(line, user).unwrap();
        let replies = alfil::commands::run(&h.service, &alice, inv).await;
        assert!(
            replies.len() == 1 && replies[0].ephemeral,
            "{line}: {}",
            texts(&replies)
        );
    }
    assert_eq!(before, h.snapshot().await);
    // The options that are fine are kept.
    let inv = alfil::commands::Invocation::parse(
        "challenge @Bob variant:courier limit:60 color:black counter:off moverule:50",
        user,
    )
    .unwrap();
    let replies = alfil::commands::run(&h.service, &alice, inv).await;
    assert!(!replies[0].ephemeral, "{}", replies[0].text);
    let c = h.service.store().challenge(1).await.unwrap().unwrap();
    assert_eq!(
        (
            c.variant.as_str(),
            c.turn_limit,
            c.color.as_str(),
            c.counter,
            c.move_rule
        ),
        ("courier", Some(60), "black", false, 50)
    );
    let _ = GameOptions::casual(Variant::Courier);
}

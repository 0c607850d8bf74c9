//! Issue 6 scenarios: what goes wrong gets a clear reply and changes
//! nothing — an illegal move, a move out of turn, a bystander's move, a
//! non-admin `/settings`, a 10 KB message, garbage interactions.

use alfil_tests::scene::{start_game, Started};
use alfil_tests::table::Table;
use alfil_tests::{CommandOption as Opt, FakeDiscord};
use serde_json::json;
use std::time::Duration;

/// The number of board pictures the bot has posted in `channel`.
fn boards(fake: &FakeDiscord, channel: u64) -> usize {
    fake.messages(channel)
        .iter()
        .filter(|m| m.picture().is_some())
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_moves_and_bad_requests_get_clear_replies_and_change_nothing() {
    let _scene = alfil_tests::one_scene_at_a_time().await;
    let mut t = Table::start().await;
    let fake = t.fake.clone();
    let fake = &fake;
    let (ann, bob, cat) = (
        fake.add_user("ann"),
        fake.add_user("bob"),
        fake.add_user("cat"),
    );
    let Started {
        thread,
        message: started,
        white,
        black,
    } = start_game(fake, &ann, &bob).await;

    // An illegal move by /move: a private answer that says why.
    let sent = fake.slash(white, thread, "move", vec![Opt::string("move", "e2e5")]);
    let r = fake.wait_reply(&sent, |_| true).await.unwrap();
    assert!(r.ephemeral(), "{}", r.summary());
    assert!(r.picture().is_none());
    assert!(!r.text().is_empty());

    // The same typed as a message: an answer naming its author.
    let sent = fake.send_message(white, thread, "Ke4");
    let r = fake.wait_reply(&sent, |_| true).await.unwrap();
    assert!(r.says(&format!("<@{}>", white.id)), "{}", r.summary());
    assert!(r.picture().is_none());

    // Black moving first: not your turn.
    let sent = fake.slash(black, thread, "move", vec![Opt::string("move", "e7e6")]);
    let r = fake.wait_reply(&sent, |_| true).await.unwrap();
    assert!(r.ephemeral() && r.says("not your turn"), "{}", r.summary());

    // A bystander.
    let sent = fake.slash(&cat, thread, "move", vec![Opt::string("move", "e2e3")]);
    let r = fake.wait_reply(&sent, |_| true).await.unwrap();
    assert!(r.ephemeral() && r.says("not playing"), "{}", r.summary());
    let sent = fake.send_message(&cat, thread, "e2e3");
    let r = fake.wait_reply(&sent, |_| true).await.unwrap();
    assert!(r.says("not playing"), "{}", r.summary());

    // Nothing moved: still White to move, and a legal move still works.
    assert_eq!(boards(fake, thread), 0);
    let sent = fake.slash(white, thread, "move", vec![Opt::string("move", "e2e3")]);
    let r = fake
        .wait_reply(&sent, |m| m.picture().is_some())
        .await
        .unwrap();
    assert!(r.says("played"), "{}", r.summary());

    // A 10 KB message in the thread: refused, not read as a move.
    let long = "e7e6 ".repeat(2048);
    let sent = fake.send_message(black, thread, &long);
    let r = fake.wait_reply(&sent, |_| true).await.unwrap();
    assert!(r.picture().is_none(), "{}", r.summary());
    assert!(r.content.chars().count() <= 2000);
    assert!(r.says("long") || r.says("500"), "{}", r.summary());
    assert_eq!(boards(fake, thread), 1);

    // /settings by a member who may not manage the server.
    let general = fake.general();
    let sent = fake.slash(&cat, general, "settings", vec![Opt::int("theme", 1)]);
    let r = fake.wait_reply(&sent, |_| true).await.unwrap();
    assert!(
        r.ephemeral() && r.says("Only members who may manage"),
        "{}",
        r.summary()
    );
    // ... and the settings are unchanged, as an admin sees them.
    let boss = fake.add_admin("boss");
    let sent = fake.slash(&boss, general, "settings", vec![]);
    let r = fake.wait_reply(&sent, |_| true).await.unwrap();
    assert!(r.says("theme: brown"), "{}", r.summary());

    // Garbage interactions: a button nobody knows, a command nobody
    // registered, a button for a game that does not exist.
    let sent = fake.click(&cat, &started, "explode:1");
    let r = fake.wait_reply(&sent, |_| true).await.unwrap();
    assert!(r.ephemeral(), "{}", r.summary());
    let sent = fake.click(&cat, &started, "resign:999999");
    let r = fake.wait_reply(&sent, |_| true).await.unwrap();
    assert!(r.ephemeral() && r.says("no game"), "{}", r.summary());
    let sent = fake.slash(&cat, general, "selfdestruct", vec![]);
    let r = fake.wait_reply(&sent, |_| true).await.unwrap();
    assert!(r.ephemeral() && r.says("do not know"), "{}", r.summary());
    // Malformed options: /move without its move, and with a number for it.
    let sent = fake.slash(white, thread, "move", vec![]);
    let r = fake.wait_reply(&sent, |_| true).await.unwrap();
    assert!(r.ephemeral() && r.says("could not read"), "{}", r.summary());
    let sent = fake.slash(black, thread, "move", vec![Opt::int("move", 7)]);
    let r = fake.wait_reply(&sent, |_| true).await.unwrap();
    assert!(r.ephemeral() && r.picture().is_none(), "{}", r.summary());
    let raw_id = fake.next_id();
    // The unknown interaction type is the one thing serenity may not parse.
    t.allow_parse_failure(raw_id.to_string());
    fake.send_interaction_raw(json!({
        "id": raw_id.to_string(), "type": 99, "token": "t", "application_id": "1",
        "version": 1, "entitlements": [], "attachment_size_limit": 1, "locale": "en-US",
    }));

    // Still alive and the game unchanged: Black's reply works.
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(t.bot.pid().is_some());
    let sent = fake.send_message(black, thread, "e7e6");
    let r = fake
        .wait_reply(&sent, |m| m.picture().is_some())
        .await
        .unwrap();
    assert!(r.says("played"), "{}", r.summary());
    assert_eq!(boards(fake, thread), 2);

    t.check();
}

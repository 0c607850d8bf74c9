//! Issue 9: Discord's faults, injected by the fake, during a real game.
//! A 429 or a 500 on the bot's message is retried; a reply that could not
//! be sent at all leaves the move played once, and /board shows it; a
//! dropped gateway resumes and the moves typed meanwhile arrive; an event
//! delivered twice is played once.

use alfil_tests::board::assert_shows;
use alfil_tests::scene::{announcements, play, start_game, Started};
use alfil_tests::table::Table;
use alfil_tests::{CommandOption as Opt, FakeDiscord, Fault};
use engine::{Game, Variant};
use std::time::Duration;

/// How many requests the fake answered with an injected fault so far.
fn injected(fake: &FakeDiscord) -> usize {
    fake.requests().iter().filter(|r| r.injected).count()
}

fn posts_in(thread: u64) -> String {
    format!("/channels/{thread}/messages")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limits_and_server_errors_are_retried_and_nothing_is_lost() {
    let _scene = alfil_tests::one_scene_at_a_time().await;
    let t = Table::start().await;
    let fake = &t.fake;
    let (ann, bob) = (fake.add_user("ann"), fake.add_user("bob"));
    let Started {
        thread,
        white,
        black,
        ..
    } = start_game(fake, &ann, &bob).await;
    let mut game = Game::new(Variant::Shatranj);

    // A 429 (retry after 50 ms) on the announcement: it still comes, once.
    let mut limited = Fault::new(Some("POST"), &posts_in(thread), 429, 1);
    limited.retry_after = 0.05;
    fake.inject(limited);
    play(fake, &mut game, white, thread, "Nf3").await;
    assert_eq!(injected(fake), 1);
    assert_eq!(announcements(fake, thread, "Nf3"), 1);

    // Two 500s in a row: the third try gets through.
    fake.inject(Fault::new(Some("POST"), &posts_in(thread), 500, 2));
    play(fake, &mut game, black, thread, "Nf6").await;
    assert_eq!(injected(fake), 3);
    assert_eq!(announcements(fake, thread, "Nf6"), 1);

    // Discord is down for longer than the bot retries: the move is played
    // (once), its announcement is lost, and /board shows the game.
    fake.inject(Fault::new(Some("POST"), &posts_in(thread), 500, 4));
    game.play_text("e3").unwrap();
    fake.send_message(white, thread, "e3");
    fake.wait_until("four refused tries", |s| {
        (s.requests.iter().filter(|r| r.injected).count() >= 7).then_some(())
    })
    .await
    .unwrap();
    let sent = fake.slash(black, thread, "board", vec![]);
    let board = fake
        .wait_reply(&sent, |m| m.picture().is_some())
        .await
        .unwrap();
    assert_shows(&board, &game);
    // The player who moved may type it again: it is refused, not replayed.
    let sent = fake.send_message(white, thread, "e3");
    let again = fake.wait_reply(&sent, |_| true).await.unwrap();
    assert!(!again.says("played"), "{}", again.summary());
    assert_eq!(announcements(fake, thread, "e3"), 0);

    // A 500 on a slash command's answer: retried, and the move stands.
    fake.inject(Fault::new(Some("POST"), "/callback", 500, 1));
    let sent = fake.slash(black, thread, "move", vec![Opt::string("move", "e6")]);
    game.play_text("e6").unwrap();
    let m = fake
        .wait_reply(&sent, |m| m.picture().is_some())
        .await
        .unwrap();
    assert_shows(&m, &game);
    t.check();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_gateway_resumes_and_repeated_events_play_once() {
    let _scene = alfil_tests::one_scene_at_a_time().await;
    let t = Table::start().await;
    let fake = &t.fake;
    let (ann, bob) = (fake.add_user("ann"), fake.add_user("bob"));
    let Started {
        thread,
        white,
        black,
        ..
    } = start_game(fake, &ann, &bob).await;
    let mut game = Game::new(Variant::Shatranj);
    play(fake, &mut game, white, thread, "Nf3").await;

    // The connection drops (a close Discord sends before a resume); a move
    // typed while the bot is away arrives with the resume's replay.
    fake.drop_gateway(Some(4000));
    game.play_text("Nf6").unwrap();
    let sent = fake.send_message(black, thread, "Nf6");
    let m = fake
        .wait_reply(&sent, |m| m.picture().is_some())
        .await
        .unwrap();
    assert_shows(&m, &game);
    assert!(fake.resumes() >= 1, "{:?}", fake.gateway_events());

    play(fake, &mut game, white, thread, "e3").await;

    // The same message delivered twice: played once, answered once.
    game.play_text("e6").unwrap();
    let sent = fake.send_message(black, thread, "e6");
    fake.redeliver(&sent);
    fake.wait_reply(&sent, |m| m.picture().is_some())
        .await
        .unwrap();
    if let Err(extra) = fake.assert_silent(thread, Duration::from_millis(800)).await {
        panic!("a second answer to one message: {}", extra.summary());
    }
    assert_eq!(announcements(fake, thread, "e6"), 1);

    // The same slash command delivered twice: one answer, one move.
    game.play_text("Ad3").unwrap();
    let sent = fake.slash(white, thread, "move", vec![Opt::string("move", "Ad3")]);
    fake.redeliver(&sent);
    let m = fake
        .wait_reply(&sent, |m| m.picture().is_some())
        .await
        .unwrap();
    assert_shows(&m, &game);
    fake.assert_silent(thread, Duration::from_millis(800))
        .await
        .unwrap_or_else(|extra| panic!("a second answer: {}", extra.summary()));
    let record = fake.interaction_record(sent.id).unwrap();
    assert_eq!(record.callbacks.len(), 1, "{record:?}");

    // A button clicked once and delivered twice: one answer.
    let board = fake.slash(black, thread, "board", vec![]);
    let board = fake
        .wait_reply(&board, |m| m.picture().is_some())
        .await
        .unwrap();
    if let Some(draw) = board.button("draw:") {
        let click = fake.click(black, &board, draw.custom_id.as_deref().unwrap());
        fake.redeliver(&click);
        fake.wait_acknowledged(&click).await.unwrap();
        tokio::time::sleep(Duration::from_millis(800)).await;
        let record = fake.interaction_record(click.id).unwrap();
        assert_eq!(record.callbacks.len(), 1, "{record:?}");
    }
    play(fake, &mut game, black, thread, "Ad6").await;
    t.check();
}

//! Issue 6 scenarios: a game against the CPU in DMs to the end; the idle
//! takeover announced in the thread and the player taking the seat back;
//! the bot killed mid-game and the game going on in the same thread.

use alfil_tests::board::{assert_shows, caption};
use alfil_tests::scene::{play, played_san, start_game, Started};
use alfil_tests::table::Table;
use alfil_tests::CommandOption as Opt;
use engine::search::{Limits, Searcher};
use engine::{Game, Variant};
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_the_cpu_in_dms_to_the_end() {
    let _scene = alfil_tests::one_scene_at_a_time().await;
    let t = Table::start().await;
    let fake = &t.fake;
    let ann = fake.add_user("ann");
    let dm = fake.dm_channel(&ann);

    // Level and colour are choices: poise sends their index.
    let sent = fake.slash(
        &ann,
        dm,
        "play",
        vec![Opt::int("level", 0), Opt::int("color", 0)],
    );
    let start = fake
        .wait_reply(&sent, |m| m.picture().is_some())
        .await
        .unwrap();
    assert!(!start.ephemeral());
    assert!(fake.threads().is_empty(), "a DM game needs no thread");
    let mut game = Game::new(Variant::Shatranj);
    assert_shows(&start, &game);

    let mut searcher = Searcher::new();
    let mut last = start;
    while game.outcome().is_none() {
        assert!(game.moves().len() < 400, "no end after 400 plies");
        // Ann's move, typed in the DM.
        let mv = searcher
            .search_game(&game, Limits::depth(3))
            .expect("a move")
            .best;
        let san = game.position().san(&mv);
        game.play(mv);
        let sent = fake.send_message(&ann, dm, &san);
        last = fake
            .wait_reply(&sent, |m| {
                m.picture().is_some() && played_san(m).as_deref() == Some(&san)
            })
            .await
            .unwrap_or_else(|e| panic!("ply {}: {e}", game.moves().len()));
        if game.outcome().is_some() {
            break;
        }
        // The CPU's answer arrives on its own.
        let cpu = fake
            .wait_message(dm, |m| m.picture().is_some() && played_san(m).is_some())
            .await
            .unwrap();
        let cpu_san = played_san(&cpu).unwrap();
        game.play_text(&cpu_san)
            .unwrap_or_else(|e| panic!("the CPU's {cpu_san}: {e}"));
        if game.moves().len().is_multiple_of(20) {
            assert_shows(&cpu, &game);
        }
        last = cpu;
    }
    // The end is announced with the result, and the board is right.
    let outcome = game.outcome().unwrap();
    assert!(
        last.says(outcome.pgn()),
        "{}: {}",
        outcome.pgn(),
        last.summary()
    );
    assert_shows(&last, &game);
    assert!(caption(&last).contains(outcome.pgn()));
    t.check();
}

/// How long a minute of the idle setting lasts in the idle scenario: long
/// enough for a player to answer on a loaded machine, short enough to wait.
const IDLE_MINUTE_MS: &str = "5000";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_takeover_and_taking_the_seat_back() {
    let _scene = alfil_tests::one_scene_at_a_time().await;
    let t = Table::start_with(&[("ALFIL_IDLE_MINUTE_MS", IDLE_MINUTE_MS)]).await;
    let fake = &t.fake;
    let (ann, bob) = (fake.add_user("ann"), fake.add_user("bob"));
    let Started {
        thread,
        white,
        black,
        ..
    } = start_game(fake, &ann, &bob).await;

    // An admin sets the shortest idle time there is: one minute (which
    // this bot's clock counts as IDLE_MINUTE_MS).
    let boss = fake.add_admin("boss");
    let sent = fake.slash(&boss, fake.general(), "settings", vec![Opt::int("idle", 1)]);
    let saved = fake.wait_reply(&sent, |_| true).await.unwrap();
    assert!(
        saved.says("Saved") && saved.says("idle: 1 minutes"),
        "{}",
        saved.summary()
    );

    let mut game = Game::new(Variant::Shatranj);
    play(fake, &mut game, white, thread, "e3").await;
    // Black stays away: the CPU takes the seat, says so in the thread, moves.
    let notice = fake
        .wait_message_for(thread, Duration::from_secs(30), |m| m.says("away"))
        .await
        .unwrap();
    assert!(
        notice.says(&black.name) && notice.says("CPU"),
        "{}",
        notice.summary()
    );
    assert!(notice.says("black seat"), "{}", notice.summary());
    assert!(!notice.ephemeral());
    let cpu = fake
        .wait_message(thread, |m| m.picture().is_some() && m.says("played"))
        .await
        .unwrap();
    let san = played_san(&cpu).unwrap();
    game.play_text(&san).unwrap();
    assert_shows(&cpu, &game);

    // Black comes back: any command of theirs in the game hands it back.
    let sent = fake.slash(black, thread, "board", vec![]);
    let back = fake
        .wait_message(thread, |m| m.says("Welcome back"))
        .await
        .unwrap();
    assert!(
        back.says(&black.name) && back.says("black seat"),
        "{}",
        back.summary()
    );
    fake.wait_reply(&sent, |_| true).await.unwrap();
    // White moves; now Black answers themself (no CPU move in between).
    play(fake, &mut game, white, thread, "Nf3").await;
    let mv = *game.position().legal_moves().iter().next().unwrap();
    let san = game.position().san(&mv);
    let r = play(fake, &mut game, black, thread, &san).await;
    assert_shows(&r, &game);
    t.check();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_restarts_mid_game_and_the_game_goes_on_in_its_thread() {
    let _scene = alfil_tests::one_scene_at_a_time().await;
    let mut t = Table::start().await;
    let (ann, bob) = (t.fake.add_user("ann"), t.fake.add_user("bob"));
    let Started {
        thread,
        white,
        black,
        ..
    } = start_game(&t.fake, &ann, &bob).await;
    let mut game = Game::new(Variant::Shatranj);
    play(&t.fake, &mut game, white, thread, "Nf3").await;
    play(&t.fake, &mut game, black, thread, "Nf6").await;

    // SIGKILL mid-game, then start again on the same database.
    t.restart().await;
    assert_eq!(t.bot.starts, 2);

    // The game goes on in the same thread.
    let m = play(&t.fake, &mut game, white, thread, "e3").await;
    assert_eq!(m.channel_id, thread);
    assert_shows(&m, &game);
    let sent = t
        .fake
        .slash(black, thread, "move", vec![Opt::string("move", "e6")]);
    game.play_text("e6").unwrap();
    let m = t
        .fake
        .wait_reply(&sent, |m| m.picture().is_some())
        .await
        .unwrap();
    assert_shows(&m, &game);
    assert_eq!(t.fake.threads().len(), 1, "no second thread");
    t.check();
}

//! Issue 7 on Discord: an admin picks a channel and an hour for the daily
//! puzzle; the bot posts it there with the board and opens a thread for
//! answers; a solver answers move by move in the thread; a wrong answer is
//! told the solution; `/puzzle daily` gives the same puzzle; and a restart
//! does not post it a second time.

use alfil::puzzles::data::{shipped, Puzzle};
use alfil_tests::board::{assert_shows, caption};
use alfil_tests::table::Table;
use alfil_tests::{CommandOption as Opt, Message};
use engine::{Game, Position};
use std::time::Duration;

/// The shipped puzzle a board shows, from its caption "Puzzle <id> · …".
fn puzzle_of(msg: &Message) -> Puzzle {
    let caption = caption(msg);
    let id = caption
        .strip_prefix("Puzzle ")
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("not a puzzle board: {caption:?}"));
    shipped()
        .into_iter()
        .find(|p| p.id == id)
        .unwrap_or_else(|| panic!("no shipped puzzle {id}"))
}

/// The SAN of the puzzle's move `i` (UCI in the data), played on `game`.
fn play_step(game: &mut Game, puzzle: &Puzzle, i: usize) -> String {
    let mv = game
        .position()
        .parse_move(&puzzle.moves[i])
        .expect("the line is legal");
    let san = game.position().san(&mv);
    game.play(mv);
    san
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_puzzle_is_posted_with_a_thread_and_answered_there() {
    let mut t = Table::start().await;
    let fake = t.fake.clone();
    let channel_id = fake.add_channel("puzzles");
    let channel = fake.channel(channel_id).unwrap();
    let boss = fake.add_admin("boss");

    // Hour 0 (UTC) has always passed today: the post is due at once.
    let sent = fake.slash(
        &boss,
        fake.general(),
        "settings",
        vec![
            Opt::channel("puzzle_channel", &channel),
            Opt::int("puzzle_hour", 0),
        ],
    );
    let saved = fake.wait_reply(&sent, |_| true).await.unwrap();
    assert!(saved.says("Saved"), "{}", saved.summary());

    let post = fake
        .wait_message_for(channel_id, Duration::from_secs(20), |m| {
            m.picture().is_some()
        })
        .await
        .unwrap();
    assert!(post.says("Daily puzzle"), "{}", post.summary());
    assert!(post.says("to move and win"), "{}", post.summary());
    let puzzle = puzzle_of(&post);
    let start: Position = puzzle.position().unwrap();
    let mut game = Game::from_position(start);
    assert_shows(&post, &game);
    assert!(post.says(puzzle.variant.name()), "{}", post.summary());
    let thread = fake.wait_thread(|t| t.id == post.id).await.unwrap().id;
    // The bot notes the new thread right after Discord made it.
    tokio::time::sleep(Duration::from_millis(300)).await;

    // Ann answers in the thread, move by move; the bot answers each.
    let ann = fake.add_user("ann");
    let mut i = 0;
    let done = loop {
        let san = play_step(&mut game, &puzzle, i);
        let sent = fake.send_message(&ann, thread, &san);
        let r = fake
            .wait_reply(&sent, |m| m.picture().is_some())
            .await
            .unwrap();
        i += 1;
        if i == puzzle.moves.len() {
            break r;
        }
        assert!(r.says("right"), "{}: {}", san, r.summary());
        play_step(&mut game, &puzzle, i);
        assert_shows(&r, &game);
        i += 1;
    };
    assert!(done.says("solved"), "{}", done.summary());
    assert!(done.says("Daily streak: 1 day"), "{}", done.summary());

    // Bob gets it wrong: he is told, and shown, the solution.
    let bob = fake.add_user("bob");
    let first = puzzle
        .position()
        .unwrap()
        .parse_move(&puzzle.moves[0])
        .unwrap();
    let wrong = puzzle
        .position()
        .unwrap()
        .legal_moves()
        .iter()
        .find(|m| **m != first)
        .copied()
        .expect("more than one legal move");
    let wrong_san = puzzle.position().unwrap().san(&wrong);
    let sent = fake.send_message(&bob, thread, &wrong_san);
    let r = fake.wait_reply(&sent, |_| true).await.unwrap();
    assert!(
        r.says("is not it") && r.says("The solution was"),
        "{}",
        r.summary()
    );

    // Cat asks for today's puzzle by command: the same one.
    let cat = fake.add_user("cat");
    let sent = fake.slash(&cat, fake.general(), "puzzle", vec![Opt::int("choice", 5)]);
    let r = fake
        .wait_reply(&sent, |m| m.picture().is_some())
        .await
        .unwrap();
    assert_eq!(puzzle_of(&r).id, puzzle.id);

    // Killed and restarted the same day: no second post.
    t.restart().await;
    if let Err(again) = fake.assert_silent(channel_id, Duration::from_secs(3)).await {
        panic!("posted twice: {}", again.summary());
    }
    assert_eq!(
        fake.messages(channel_id)
            .iter()
            .filter(|m| m.says("Daily puzzle"))
            .count(),
        1
    );
    t.check();
}

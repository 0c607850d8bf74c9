//! Issue 7 on Discord: an admin picks a channel and an hour for the daily
//! puzzle; the bot posts it there with the board and opens a thread for
//! answers; a solver answers move by move in the thread; a wrong answer is
//! told the solution; `/puzzle daily` gives the same puzzle; and a restart
//! does not post it a second time.

use alfil::puzzles::data::Puzzle;
use alfil_tests::board::assert_shows;
use alfil_tests::scene::{daily_puzzle_post, shown_puzzle};
use alfil_tests::table::Table;
use alfil_tests::CommandOption as Opt;
use engine::{Game, Position};
use std::time::Duration;

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
    let _scene = alfil_tests::one_scene_at_a_time().await;
    let mut t = Table::start().await;
    let fake = t.fake.clone();
    let (channel_id, post) = daily_puzzle_post(&fake).await;
    assert!(post.says("Daily puzzle"), "{}", post.summary());
    assert!(post.says("to move and win"), "{}", post.summary());
    let puzzle = shown_puzzle(&post);
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
    assert_eq!(shown_puzzle(&r).id, puzzle.id);

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

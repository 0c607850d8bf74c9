//! Issue 6 scenarios, first part: a rated game between two members from
//! challenge to mate, as the players see it, then ratings and the
//! leaderboard. The real `alfil` binary runs against the fake Discord.

use alfil_tests::board::assert_shows;
use alfil_tests::table::Table;
use alfil_tests::{CommandOption as Opt, FakeDiscord, Message, Sent, User};
use engine::{Game, Variant};

/// A shatranj game that ends in mate on ply 35 (found with the engine:
/// White searches, Black helps).
pub const MATE_GAME: &str = "Nf3 c6 Nc3 e6 Ad3 e5 Nxe5 Ke7 Ae3 c5 Ne4 Ad6 Axc5+ Kd8 Nxd6 Ne7 \
     Nexf7+ Kc7 Nxh8 Kd8 Axe7 Kc7 Nxe8+ Kc6 Nxg7 a6 Nf7 h6 Nxh6 d6 Ngf5 Kb6 Nxd6 Ka7 Nxc8#";

/// Who plays White, from the board's caption "A (white) – B (black)".
fn white_of<'a>(msg: &Message, a: &'a User, b: &'a User) -> (&'a User, &'a User) {
    let caption = alfil_tests::board::caption(msg);
    let white = caption.split(" (white)").next().unwrap_or("");
    if white.contains(&a.name) {
        (a, b)
    } else {
        assert!(
            white.contains(&b.name),
            "caption without players: {caption:?}"
        );
        (b, a)
    }
}

async fn reply(fake: &FakeDiscord, sent: &Sent) -> Message {
    fake.wait_reply(sent, |_| true).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenge_accept_play_to_mate_then_ratings() {
    let _scene = alfil_tests::one_scene_at_a_time().await;
    // One rated game is enough to be listed here.
    let t = Table::start_with(&[
        ("ALFIL_LEADERBOARD_MIN_GAMES", "1"),
        ("ALFIL_LEADERBOARD_MAX_DEVIATION", "400"),
    ])
    .await;
    let fake = &t.fake;
    let general = fake.general();
    let ann = fake.add_user("ann");
    let bob = fake.add_user("bob");

    // Ann challenges Bob to a rated game: everyone sees it, with buttons.
    let sent = fake.slash(
        &ann,
        general,
        "challenge",
        vec![Opt::user("opponent", &bob), Opt::bool("rated", true)],
    );
    let challenge = reply(fake, &sent).await;
    assert!(!challenge.ephemeral(), "{}", challenge.summary());
    assert!(challenge.says("bob"), "{}", challenge.summary());
    let accept = challenge.button("accept:").expect("an Accept button");
    assert!(challenge.button("decline:").is_some());

    // Bob accepts by button: the game gets a thread, with the board.
    let click = fake.click(&bob, &challenge, accept.custom_id.as_deref().unwrap());
    let started = fake
        .wait_reply(&click, |m| m.picture().is_some())
        .await
        .unwrap();
    assert!(started.says("Game on"), "{}", started.summary());
    let thread = fake.wait_thread(|_| true).await.unwrap();
    assert_eq!(thread.parent_id, Some(general));
    assert_eq!(
        thread.id, started.id,
        "the thread hangs off the game's message"
    );
    let greeting = fake.next_message(thread.id).await.unwrap();
    assert!(greeting.says("/move"), "{}", greeting.summary());
    let mut game = Game::new(Variant::Shatranj);
    assert_shows(&started, &game);
    let (white, black) = white_of(&started, &ann, &bob);

    // Moves alternate between /move and plain messages in the thread.
    let moves: Vec<&str> = MATE_GAME.split_whitespace().collect();
    let mut last = started;
    for (ply, san) in moves.iter().enumerate() {
        let player = if ply % 2 == 0 { white } else { black };
        game.play_text(san).unwrap();
        let sent = if ply % 2 == 0 {
            fake.slash(player, thread.id, "move", vec![Opt::string("move", san)])
        } else {
            fake.send_message(player, thread.id, san)
        };
        last = fake
            .wait_reply(&sent, |m| m.picture().is_some())
            .await
            .unwrap_or_else(|e| panic!("ply {ply} {san}: {e}"));
        assert!(!last.ephemeral());
        assert!(last.says("played"), "ply {ply}: {}", last.summary());
        if ply % 8 == 0 || ply + 1 == moves.len() {
            assert_shows(&last, &game);
        }
    }

    // Mate: the result is posted in the thread.
    assert!(game.outcome().is_some());
    let text = last.text().to_lowercase();
    assert!(
        text.contains("checkmate") || text.contains("mate"),
        "{}",
        last.summary()
    );
    assert!(last.says("1-0") || last.says("0-1"), "{}", last.summary());

    // Ratings moved: the winner is above the loser.
    let sent = fake.slash(&ann, general, "rating", vec![]);
    let r = reply(fake, &sent).await;
    assert!(r.says("ann"), "{}", r.summary());
    let sent = fake.slash(&bob, general, "leaderboard", vec![]);
    let board = reply(fake, &sent).await;
    let text = board.text();
    let (pw, pb) = (text.find(&white.name), text.find(&black.name));
    assert!(
        pw.is_some() && pb.is_some(),
        "leaderboard without the players: {text}"
    );
    assert!(pw < pb, "the winner ({}) should lead: {text}", white.name);
    t.check();
}

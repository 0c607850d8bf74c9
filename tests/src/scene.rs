//! Moves of a scenario: a game between two people started the way players
//! start one (challenge, Accept, thread), and moves typed in its thread.

use crate::board::caption;
use crate::{CommandOption as Opt, FakeDiscord, Message, User};
use engine::Game;

/// The SAN after "played " in a move announcement.
pub fn played_san(msg: &Message) -> Option<String> {
    let text = msg.text();
    let rest = &text[text.find("played ")? + "played ".len()..];
    let san: String = rest
        .chars()
        .take_while(|c| !c.is_whitespace() && *c != '.')
        .collect();
    (!san.is_empty()).then_some(san)
}

/// A game in its thread, with who has which colour.
pub struct Started<'a> {
    pub thread: u64,
    pub message: Message,
    pub white: &'a User,
    pub black: &'a User,
}

/// `a` challenges `b` in the general channel with `options`, `b` clicks
/// Accept, and the game gets its thread (whose greeting is read).
pub async fn start_game_with<'a>(
    fake: &FakeDiscord,
    a: &'a User,
    b: &'a User,
    options: Vec<Opt>,
) -> Started<'a> {
    start_game_in(fake, fake.general(), a, b, options).await
}

/// The same, in the text channel `channel` (of any guild).
pub async fn start_game_in<'a>(
    fake: &FakeDiscord,
    channel: u64,
    a: &'a User,
    b: &'a User,
    mut options: Vec<Opt>,
) -> Started<'a> {
    options.insert(0, Opt::user("opponent", b));
    let sent = fake.slash(a, channel, "challenge", options);
    let challenge = fake.wait_reply(&sent, |_| true).await.unwrap();
    accept(fake, a, b, &challenge).await
}

/// `b` accepts the challenge shown in `challenge` (made by `a`).
pub async fn accept<'a>(
    fake: &FakeDiscord,
    a: &'a User,
    b: &'a User,
    challenge: &Message,
) -> Started<'a> {
    let button = challenge
        .button("accept:")
        .unwrap_or_else(|| panic!("no Accept button: {}", challenge.summary()));
    let click = fake.click(b, challenge, button.custom_id.as_deref().unwrap());
    let message = fake
        .wait_reply(&click, |m| m.picture().is_some())
        .await
        .unwrap();
    let thread = fake.wait_thread(|t| t.id == message.id).await.unwrap().id;
    fake.next_message(thread).await.unwrap(); // the greeting
    let white_name = caption(&message);
    let white_name = white_name.split(" (white)").next().unwrap_or("");
    let (white, black) = if white_name.contains(&a.name) {
        (a, b)
    } else {
        (b, a)
    };
    Started {
        thread,
        message,
        white,
        black,
    }
}

/// A casual Shatranj game of `a` against `b`.
pub async fn start_game<'a>(fake: &FakeDiscord, a: &'a User, b: &'a User) -> Started<'a> {
    start_game_with(fake, a, b, Vec::new()).await
}

/// `user` types `san` in `channel`; returns the bot's announcement.
pub async fn play(
    fake: &FakeDiscord,
    game: &mut Game,
    user: &User,
    channel: u64,
    san: &str,
) -> Message {
    game.play_text(san).unwrap();
    let sent = fake.send_message(user, channel, san);
    let m = fake
        .wait_reply(&sent, |m| m.picture().is_some())
        .await
        .unwrap_or_else(|e| panic!("{san}: {e}"));
    assert!(m.says("played"), "{}", m.summary());
    m
}

/// How many of the bot's messages in `channel` announce `san`.
pub fn announcements(fake: &FakeDiscord, channel: u64, san: &str) -> usize {
    fake.messages(channel)
        .iter()
        .filter(|m| played_san(m).as_deref() == Some(san))
        .count()
}

/// An admin makes a new channel "puzzles" the home of the daily puzzle at
/// hour 0 (UTC), which has always passed: the post is due at once. Returns
/// the channel and the post.
pub async fn daily_puzzle_post(fake: &FakeDiscord) -> (u64, Message) {
    daily_puzzle_post_in(fake, fake.guild_id()).await
}

/// The same in the guild `guild`, set in its `general` channel.
pub async fn daily_puzzle_post_in(fake: &FakeDiscord, guild: u64) -> (u64, Message) {
    let channel = fake.add_channel_in(guild, "puzzles");
    let boss = fake.add_admin("boss");
    let sent = fake.slash(
        &boss,
        fake.general_of(guild),
        "settings",
        vec![
            Opt::channel("puzzle_channel", &fake.channel(channel).unwrap()),
            Opt::int("puzzle_hour", 0),
        ],
    );
    let saved = fake.wait_reply(&sent, |_| true).await.unwrap();
    assert!(saved.says("Saved"), "{}", saved.summary());
    let post = fake
        .wait_message_for(channel, std::time::Duration::from_secs(20), |m| {
            m.says("Daily puzzle")
        })
        .await
        .unwrap();
    (channel, post)
}

/// The shipped puzzle a board shows, from its caption "Puzzle <id> · …".
pub fn shown_puzzle(msg: &Message) -> alfil::puzzles::data::Puzzle {
    let caption = caption(msg);
    let id = caption
        .strip_prefix("Puzzle ")
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("not a puzzle board: {caption:?}"));
    alfil::puzzles::data::shipped()
        .into_iter()
        .find(|p| p.id == id)
        .unwrap_or_else(|| panic!("no shipped puzzle {id}"))
}

//! Issue 9: crashes. Fifty games go on at once through the fake Discord
//! while the bot is killed with SIGKILL at random moments, ten times, and
//! started again on the same database. Players behave as people would: a
//! move with no answer is looked up and, if the bot never got it, typed
//! again. At the end every acknowledged move is in the database, no move
//! is there twice, every game reached its length, the challenges made
//! before the kills were accepted after them, the turn-limit timers set
//! before a kill fired after it (once), the daily puzzle was posted once,
//! and the token appears in no log line and no message.

use alfil_tests::bot::BotProcess;
use alfil_tests::logs::SERENITY_PARSE_LOG;
use alfil_tests::scene::{
    accept, daily_puzzle_post, played_san, shown_puzzle, start_game_with, Started,
};
use alfil_tests::table::{Table, COMMANDS};
use alfil_tests::{CommandOption as Opt, FakeDiscord, Message, User};
use engine::rng::SplitMix;
use engine::{Game, Variant};
use futures_util::future::join_all;
use sqlx::sqlite::{SqliteConnectOptions, SqlitePool, SqlitePoolOptions};
use sqlx::Row;
use std::path::Path;
use std::time::Duration;
use tokio::sync::watch;

const GAMES: usize = 50;
/// Plies each game plays (fewer if it ends sooner).
const PLIES: usize = 14;
const KILLS: u32 = 10;
/// Challenges made before the kills and accepted after the third.
const OPEN_CHALLENGES: usize = 4;
/// Games with a 30-second turn limit whose player stalls once.
const TIMED: usize = 2;
const TOKEN: &str = "MTIzNDU2Nzg5.secret-token-for-the-crash-test";
/// How long a player waits for an answer before looking the move up.
const PATIENCE: Duration = Duration::from_secs(8);

/// The bot's database, read beside it (read-only, as the truth after a kill).
struct Db(SqlitePool);

impl Db {
    async fn open(path: &Path) -> Db {
        let options = SqliteConnectOptions::new().filename(path).read_only(true);
        let pool = SqlitePoolOptions::new()
            .max_connections(2)
            .connect_with(options)
            .await
            .expect("open the bot's database");
        Db(pool)
    }

    async fn game_in(&self, thread: u64) -> i64 {
        for _ in 0..100 {
            let row = sqlx::query("SELECT id FROM games WHERE channel = ?")
                .bind(thread.to_string())
                .fetch_optional(&self.0)
                .await
                .unwrap();
            if let Some(row) = row {
                return row.get(0);
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("no game in thread {thread}");
    }

    /// The stored moves: (SAN, played by the CPU).
    async fn moves(&self, game: i64) -> Vec<(String, bool)> {
        sqlx::query("SELECT san, by_cpu FROM moves WHERE game_id = ? ORDER BY ply")
            .bind(game)
            .fetch_all(&self.0)
            .await
            .unwrap()
            .iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect()
    }
}

/// One game as its two players know it.
struct Play<'a> {
    started: Started<'a>,
    id: i64,
    game: Game,
    /// Moves the bot announced: (ply, SAN).
    acked: Vec<(usize, String)>,
    /// Moves that were played but whose announcement was lost to a kill.
    unacked: usize,
    /// Moves typed again because the bot never got them.
    retyped: usize,
    /// Moves the CPU made for a player who ran out of time.
    cpu: usize,
    timed: bool,
}

impl<'a> Play<'a> {
    fn new(started: Started<'a>, id: i64, timed: bool) -> Self {
        Play {
            started,
            id,
            game: Game::new(Variant::Shatranj),
            acked: Vec::new(),
            unacked: 0,
            retyped: 0,
            cpu: 0,
            timed,
        }
    }
}

/// Waits until the bot is connected again (after a kill).
async fn bot_up(fake: &FakeDiscord) {
    for _ in 0..600 {
        if fake.connected() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the bot did not come back");
}

/// Brings the model up to the database where the CPU moved for a player.
fn take_cpu_moves(play: &mut Play<'_>, stored: &[(String, bool)]) {
    while stored.len() > play.game.moves().len() {
        let (san, by_cpu) = &stored[play.game.moves().len()];
        assert!(*by_cpu, "game {}: an unknown move {san}", play.id);
        assert!(
            play.timed,
            "game {}: the CPU moved without a timer",
            play.id
        );
        play.game.play_text(san).unwrap();
        play.cpu += 1;
    }
}

/// The side to move plays `san`, as a person would, until it is played.
async fn make_move(fake: &FakeDiscord, db: &Db, play: &mut Play<'_>, san: &str, slash: bool) {
    let ply = play.game.moves().len();
    loop {
        let user = match play.game.position().turn() {
            engine::Color::White => play.started.white,
            engine::Color::Black => play.started.black,
        };
        let thread = play.started.thread;
        if slash {
            fake.slash(user, thread, "move", vec![Opt::string("move", san)]);
        } else {
            fake.send_message(user, thread, san);
        }
        let answer = fake
            .wait_message_for(thread, PATIENCE, |m| played_san(m).as_deref() == Some(san))
            .await;
        let stored = db.moves(play.id).await;
        if answer.is_ok() {
            assert_eq!(
                stored.get(ply).map(|m| m.0.as_str()),
                Some(san),
                "game {}: announced but not stored",
                play.id
            );
            play.game.play_text(san).unwrap();
            play.acked.push((ply, san.to_owned()));
            return;
        }
        if stored.len() > ply {
            if stored[ply].1 {
                // The CPU moved for this player meanwhile (the turn limit).
                take_cpu_moves(play, &stored);
                return;
            }
            assert_eq!(stored[ply].0, san, "game {}: ply {ply}", play.id);
            play.game.play_text(san).unwrap();
            play.unacked += 1;
            return;
        }
        play.retyped += 1;
        let tries = play.retyped;
        assert!(
            tries < 30,
            "game {}: {san} never played; the thread says: {:#?}",
            play.id,
            fake.messages(thread)
                .iter()
                .rev()
                .take(4)
                .map(|m| m.summary())
                .collect::<Vec<_>>()
        );
        bot_up(fake).await;
    }
}

/// Plays `plies` random moves (or to the end of the game).
async fn play_on(fake: &FakeDiscord, db: &Db, play: &mut Play<'_>, plies: usize, seed: u64) {
    let mut rng = SplitMix::new(seed);
    let stall_at = play.timed.then_some(4);
    while play.game.moves().len() < plies && play.game.outcome().is_none() {
        if stall_at == Some(play.game.moves().len()) && play.cpu == 0 {
            // This player stalls: the turn limit hands the move to the CPU.
            let thread = play.started.thread;
            fake.wait_message_for(thread, Duration::from_secs(120), |m| {
                m.says("ran out of time")
            })
            .await
            .unwrap_or_else(|e| panic!("game {}: no timeout: {e}", play.id));
            loop {
                let stored = db.moves(play.id).await;
                if stored.len() > play.game.moves().len() {
                    take_cpu_moves(play, &stored);
                    break;
                }
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            continue;
        }
        let legal = play.game.position().legal_moves();
        let mv = legal[rng.below(legal.len() as u64) as usize];
        let san = play.game.position().san(&mv);
        let slash = rng.below(3) == 0;
        make_move(fake, db, play, &san, slash).await;
    }
}

/// Kills the bot and starts it again; returns once it is back.
async fn crash(fake: &FakeDiscord, bot: &mut BotProcess) {
    let before = fake.identifies();
    bot.restart().await.expect("restart the bot");
    fake.wait_identified(before + 1).await.unwrap();
    fake.wait_commands(COMMANDS).await.unwrap();
}

/// The first move of the daily puzzle's line, typed in its thread, is
/// answered (as right, or solved).
async fn answer_daily(fake: &FakeDiscord, post: &Message, solver: &User) {
    let puzzle = shown_puzzle(post);
    let pos = puzzle.position().unwrap();
    let san = pos.san(&pos.parse_move(&puzzle.moves[0]).unwrap());
    // The killer waits meanwhile: this answer is not raced by a kill.
    fake.send_message(solver, post.id, &san);
    let answer = fake
        .wait_message_for(post.id, PATIENCE, |m| {
            m.says(&format!("{san}: right")) || m.says(&format!("{san}: solved"))
        })
        .await;
    assert!(answer.is_ok(), "the daily thread did not answer {san}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_games_survive_ten_kills() {
    let _scene = alfil_tests::one_scene_at_a_time().await;
    let log = format!("debug,hyper=info,h2=info,rustls=info,tungstenite=info,tokio_tungstenite=info,reqwest=info,sqlx=warn,{SERENITY_PARSE_LOG}");
    let mut t = Table::start_with(&[("DISCORD_TOKEN", TOKEN), ("RUST_LOG", &log)]).await;
    let fake = t.fake.clone();
    let fake = &fake;
    let db = Db::open(&t.bot.config.db).await;

    let (puzzles, post) = daily_puzzle_post(fake).await;

    // The players, the games, and the challenges left open.
    let users: Vec<User> = (0..2 * (GAMES + OPEN_CHALLENGES))
        .map(|i| fake.add_user(&format!("p{i}")))
        .collect();
    let mut plays = Vec::new();
    for g in 0..GAMES {
        let (a, b) = (&users[2 * g], &users[2 * g + 1]);
        let timed = g < TIMED;
        let options = if timed {
            vec![Opt::int("limit", 1)] // 30 seconds per move
        } else {
            Vec::new()
        };
        let started = start_game_with(fake, a, b, options).await;
        let id = db.game_in(started.thread).await;
        plays.push(Play::new(started, id, timed));
    }
    let mut open = Vec::new();
    for c in 0..OPEN_CHALLENGES {
        let (a, b) = (&users[2 * (GAMES + c)], &users[2 * (GAMES + c) + 1]);
        let sent = fake.slash(
            a,
            fake.general(),
            "challenge",
            vec![Opt::user("opponent", b)],
        );
        let msg = fake
            .wait_reply(&sent, |m| m.button("accept:").is_some())
            .await
            .unwrap();
        open.push((a, b, msg));
    }

    let (kills_tx, kills_rx) = watch::channel(0u32);
    let (resume_tx, resume_rx) = watch::channel(false);
    let bot = &mut t.bot;
    let killer = async move {
        let mut rng = SplitMix::new(0x0a1f_11c0);
        for k in 1..=KILLS {
            tokio::time::sleep(Duration::from_millis(1000 + rng.below(2500))).await;
            crash(fake, bot).await;
            println!("kill {k} done");
            kills_tx.send_replace(k);
            if k == 3 {
                // The challenges are accepted now: wait for that.
                let mut r = resume_rx.clone();
                r.wait_for(|done| *done).await.unwrap();
            }
        }
    };
    let later = async {
        kills_rx.clone().wait_for(|k| *k >= 3).await.unwrap();
        let mut accepted = Vec::new();
        for (a, b, msg) in &open {
            let started = accept(fake, a, b, msg).await;
            let id = db.game_in(started.thread).await;
            accepted.push(Play::new(started, id, false));
        }
        answer_daily(fake, &post, &users[0]).await;
        resume_tx.send_replace(true);
        join_all(
            accepted
                .iter_mut()
                .enumerate()
                .map(|(i, p)| play_on(fake, &db, p, 6, 1000 + i as u64)),
        )
        .await;
        accepted
    };
    let games = join_all(
        plays
            .iter_mut()
            .enumerate()
            .map(|(i, p)| play_on(fake, &db, p, PLIES, i as u64)),
    );
    let (_, accepted, _) = tokio::join!(killer, later, games);
    assert_eq!(*kills_rx.borrow(), KILLS);

    // Every game: the stored moves are the moves played, each once, and
    // every announced move is among them at its ply.
    let mut totals = (0, 0, 0, 0);
    for play in plays.iter().chain(accepted.iter()) {
        let stored = db.moves(play.id).await;
        let sans: Vec<String> = stored.iter().map(|m| m.0.clone()).collect();
        assert_eq!(sans, play.game.san_moves(), "game {}", play.id);
        for (ply, san) in &play.acked {
            assert_eq!(&sans[*ply], san, "game {}: announced move lost", play.id);
        }
        assert!(play.game.moves().len() >= 6 || play.game.outcome().is_some());
        assert_eq!(stored.iter().filter(|m| m.1).count(), play.cpu);
        if play.timed {
            assert_eq!(
                play.cpu, 1,
                "game {}: the timer fired {} times",
                play.id, play.cpu
            );
        }
        totals.0 += play.acked.len();
        totals.1 += play.unacked;
        totals.2 += play.retyped;
        totals.3 += stored.len();
    }
    let daily_posts = fake
        .messages(puzzles)
        .iter()
        .filter(|m| m.says("Daily puzzle"))
        .count();
    assert_eq!(
        daily_posts, 1,
        "the daily puzzle was posted {daily_posts} times"
    );
    println!(
        "{} games, {KILLS} kills: {} moves stored, {} announced, {} played without announcement, {} typed again, 0 lost",
        GAMES + OPEN_CHALLENGES,
        totals.3,
        totals.0,
        totals.1,
        totals.2
    );

    // The token: in no log line of any run, and in no message.
    let logs = t.bot.logs();
    assert!(logs.lines().count() > 1000, "too few log lines to judge");
    assert!(!logs.contains(TOKEN), "the token is in the log");
    assert!(
        !logs.contains("secret-token"),
        "part of the token is in the log"
    );
    for channel in [fake.general(), puzzles] {
        assert!(fake
            .messages(channel)
            .iter()
            .all(|m| !m.text().contains("secret-token")));
    }
}

//! Issue 10 on Discord: one bot run by two `alfil run` processes on one
//! PostgreSQL database, each running one of the bot's two gateway shards
//! (`ALFIL_SHARDS=0..0/2` and `1..1/2`); the fake Discord routes each of its
//! two guilds to its shard. Games go on in both guilds, each answered by
//! the process of its shard. Process A (shard 0) holds the timers' lease
//! and is killed with SIGKILL while two of its guild's games wait on a
//! 30-second turn limit and a game in B's guild waits on the idle
//! takeover: process B takes the timers over once the lease runs out and
//! fires each of them once (one CPU move, told once), posts the daily
//! puzzle once, and keeps its own guild's games going. A move typed in A's
//! guild meanwhile finds nobody, as on Discord. Then A comes back, its
//! guild's games go on, and every announced move is in the database
//! exactly once.

use alfil_tests::bot::{BotConfig, BotProcess};
use alfil_tests::scene::{daily_puzzle_post_in, played_san, start_game_in, Started};
use alfil_tests::table::{scratch_dir, COMMANDS};
use alfil_tests::{postgres, CommandOption as Opt, FakeDiscord, GatewayEvent, Message, User};
use engine::rng::SplitMix;
use engine::{Color, Game, Variant};
use futures_util::future::join_all;
use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::Row;
use std::path::Path;
use std::time::{Duration, Instant};

/// How long the timers' lease lasts unrenewed (the default is 30 s).
const LEASE_MS: &str = "3000";
/// A minute of the idle setting, to these bots: B's guild sets one
/// minute, so a player who stalls there loses the seat a little before
/// the 30-second turn limits of A's guild fire.
const IDLE_MINUTE_MS: &str = "26000";
/// Plies each game plays before process A is killed.
const OPENING: usize = 4;
/// Plies each game of B's guild plays while A is down, a pause apart.
const DURING: usize = 10;
const PAUSE: Duration = Duration::from_millis(2500);
/// How long an answer may take (a move through the fake and the database).
const PATIENCE: Duration = Duration::from_secs(15);

/// The shared database, read beside the bots.
struct Db(PgPool);

impl Db {
    async fn open(url: &str) -> Db {
        let pool = PgPoolOptions::new()
            .max_connections(2)
            .connect(url)
            .await
            .expect("open the bots' database");
        Db(pool)
    }

    async fn game_in(&self, thread: u64) -> i64 {
        for _ in 0..100 {
            let row = sqlx::query("SELECT id FROM games WHERE channel = $1")
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
        sqlx::query("SELECT san, by_cpu FROM moves WHERE game_id = $1 ORDER BY ply")
            .bind(game)
            .fetch_all(&self.0)
            .await
            .unwrap()
            .iter()
            .map(|r| (r.get(0), r.get::<i64, _>(1) != 0))
            .collect()
    }

    /// Who holds the timers' lease now (`pid-random`).
    async fn timers_owner(&self) -> Option<String> {
        sqlx::query("SELECT owner FROM leases WHERE name = 'timers'")
            .fetch_optional(&self.0)
            .await
            .unwrap()
            .map(|r| r.get(0))
    }

    async fn wait_timers_held_by(&self, bot: &BotProcess, who: &str) {
        let pid = format!("{}-", bot.pid().expect("running"));
        for _ in 0..100 {
            if self
                .timers_owner()
                .await
                .is_some_and(|o| o.starts_with(&pid))
            {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!(
            "{who} never held the timers' lease: {:?}",
            self.timers_owner().await
        );
    }
}

/// One game as its players know it.
struct Play<'a> {
    started: Started<'a>,
    id: i64,
    game: Game,
    /// Moves the players typed, each announced by the bot.
    acked: usize,
    /// Moves the CPU made for a player who stalled (a turn limit or the
    /// idle takeover).
    cpu: usize,
    rng: SplitMix,
}

impl<'a> Play<'a> {
    async fn new(db: &Db, started: Started<'a>, seed: u64) -> Play<'a> {
        let id = db.game_in(started.thread).await;
        Play {
            started,
            id,
            game: Game::new(Variant::Shatranj),
            acked: 0,
            cpu: 0,
            rng: SplitMix::new(seed),
        }
    }

    fn to_move(&self) -> &'a User {
        match self.game.position().turn() {
            Color::White => self.started.white,
            Color::Black => self.started.black,
        }
    }

    /// A random legal move, typed by the side to move (every third one
    /// as /move), without waiting for the answer.
    fn type_move(&mut self, fake: &FakeDiscord) -> String {
        let legal = self.game.position().legal_moves();
        let mv = legal[self.rng.below(legal.len() as u64) as usize];
        let san = self.game.position().san(&mv);
        let (user, thread) = (self.to_move(), self.started.thread);
        if self.rng.below(3) == 0 {
            fake.slash(user, thread, "move", vec![Opt::string("move", &san)]);
        } else {
            fake.send_message(user, thread, &san);
        }
        san
    }

    /// The side to move plays a random move; the bot announces it.
    async fn play(&mut self, fake: &FakeDiscord) {
        let san = self.type_move(fake);
        self.announced(fake, &san).await;
    }

    async fn announced(&mut self, fake: &FakeDiscord, san: &str) {
        let thread = self.started.thread;
        fake.wait_message_for(thread, PATIENCE, |m| played_san(m).as_deref() == Some(san))
            .await
            .unwrap_or_else(|e| panic!("game {}: {san} was not announced: {e}", self.id));
        self.game.play_text(san).unwrap();
        self.acked += 1;
    }

    async fn play_n(&mut self, fake: &FakeDiscord, plies: usize, pause: Duration) {
        for _ in 0..plies {
            if self.game.outcome().is_some() {
                return;
            }
            tokio::time::sleep(pause).await;
            self.play(fake).await;
        }
    }

    /// The player to move stalls: a timer makes the CPU move for them,
    /// which the thread tells (`notice`); the model takes the stored move.
    async fn stall(&mut self, fake: &FakeDiscord, db: &Db, notice: &str) {
        let thread = self.started.thread;
        fake.wait_message_for(thread, Duration::from_secs(60), |m| m.says(notice))
            .await
            .unwrap_or_else(|e| panic!("game {}: no {notice:?}: {e}", self.id));
        let ply = self.game.moves().len();
        let mut stored = db.moves(self.id).await;
        for _ in 0..50 {
            if stored.len() > ply {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
            stored = db.moves(self.id).await;
        }
        let (san, by_cpu) = stored.get(ply).expect("the CPU's move is stored").clone();
        assert!(by_cpu, "game {}: {san} is not the CPU's", self.id);
        fake.wait_message_for(thread, PATIENCE, |m| {
            played_san(m).as_deref() == Some(san.as_str())
        })
        .await
        .unwrap_or_else(|e| panic!("game {}: the CPU's {san} was not shown: {e}", self.id));
        self.game.play_text(&san).unwrap();
        self.cpu += 1;
    }

    /// The player the CPU stood in for comes back: any command of theirs
    /// in the game hands the seat back.
    async fn come_back(&mut self, fake: &FakeDiscord) {
        let away = match self.game.position().turn() {
            Color::White => self.started.black,
            Color::Black => self.started.white,
        };
        let thread = self.started.thread;
        fake.slash(away, thread, "board", vec![]);
        fake.wait_message_for(thread, PATIENCE, |m| m.says("Welcome back"))
            .await
            .unwrap_or_else(|e| panic!("game {}: the seat was not handed back: {e}", self.id));
    }
}

/// Starts `alfil run` on shard `shard` of 2, on the shared database.
async fn start_process(fake: &FakeDiscord, database: &str, shard: u32, dir: &Path) -> BotProcess {
    // DATABASE_URL wins over the file ALFIL_DB names, which stays unused.
    let mut config = BotConfig::new(fake, &dir.join(format!("unused-{shard}.db")));
    for (k, v) in [
        ("DATABASE_URL", database.to_owned()),
        ("ALFIL_SHARDS", format!("{shard}..{shard}/2")),
        ("ALFIL_LEASE_MS", LEASE_MS.into()),
        ("ALFIL_IDLE_MINUTE_MS", IDLE_MINUTE_MS.into()),
        ("ALFIL_CPU_MS", "100".into()),
    ] {
        config.env.push((k.into(), v));
    }
    BotProcess::start_with(config)
        .await
        .expect("start the alfil binary")
}

/// Waits until `bot` runs `shard` (its `n`th Identify there) with its
/// commands registered.
async fn wait_up(fake: &FakeDiscord, bot: &BotProcess, shard: u32, n: u32) {
    let up = match fake.wait_shard_identified(shard, n).await {
        Ok(()) => fake.wait_commands(COMMANDS).await.map(|_| ()),
        Err(e) => Err(e),
    };
    if let Err(e) = up {
        panic!(
            "shard {shard} did not come up: {e}\nits log:\n{}",
            bot.logs()
        );
    }
}

fn count(fake: &FakeDiscord, channel: u64, pred: impl Fn(&Message) -> bool) -> usize {
    fake.messages(channel).iter().filter(|m| pred(m)).count()
}

/// How many times `shard` was identified.
fn identified(fake: &FakeDiscord, shard: u32) -> usize {
    fake.gateway_events()
        .iter()
        .filter(|e| matches!(e, GatewayEvent::Identified { shard: s, .. } if *s == shard))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_share_a_bot_and_one_takes_over_the_others_timers() {
    let _scene = alfil_tests::one_scene_at_a_time().await;
    let test = "two_processes_share_a_bot_and_one_takes_over_the_others_timers";
    let Some(server) = postgres::server(test) else {
        return;
    };
    // Built (if need be) before the clock starts.
    alfil_tests::bot::bot_binary();
    let began = Instant::now();
    let database = postgres::fresh_database(&server).await;
    let fake = FakeDiscord::start().await;
    fake.set_shards(2);
    // The first guild lands on whichever shard its id gives; the second
    // is made for the other one.
    let first = fake.guild_id();
    let second = fake.add_guild("Second Club", 1 - fake.shard_of(first));
    let guild_on = |shard: u32| {
        if fake.shard_of(first) == shard {
            first
        } else {
            second
        }
    };
    let (home_a, home_b) = (fake.general_of(guild_on(0)), fake.general_of(guild_on(1)));
    let dir = scratch_dir("shards");

    // A starts first and so holds the timers; B runs the other shard.
    let mut a = start_process(&fake, &database, 0, &dir).await;
    wait_up(&fake, &a, 0, 1).await;
    let db = Db::open(&database).await;
    db.wait_timers_held_by(&a, "process A").await;
    let b = start_process(&fake, &database, 1, &dir).await;
    wait_up(&fake, &b, 1, 1).await;
    assert!(fake.shard_connected(0) && fake.shard_connected(1));

    // B's guild hands a stalled player's seat to the CPU after "a minute".
    let boss = fake.add_admin("boss");
    let sent = fake.slash(&boss, home_b, "settings", vec![Opt::int("idle", 1)]);
    let saved = fake.wait_reply(&sent, |_| true).await.unwrap();
    assert!(saved.says("idle: 1 minutes"), "{}", saved.summary());

    // A's guild: two games with a turn limit and one without; B's: two
    // that go on throughout and one whose player will stall.
    let users: Vec<User> = (0..12).map(|i| fake.add_user(&format!("p{i}"))).collect();
    let pair = |g: usize| (&users[2 * g], &users[2 * g + 1]);
    let thirty = || vec![Opt::int("limit", 1)]; // 30 seconds per move
    let mut timed = Vec::new();
    for g in 0..2 {
        let (w, x) = pair(g);
        let started = start_game_in(&fake, home_a, w, x, thirty()).await;
        timed.push(Play::new(&db, started, g as u64).await);
    }
    let (w, x) = pair(2);
    let mut plain_a = Play::new(&db, start_game_in(&fake, home_a, w, x, vec![]).await, 2).await;
    let mut plain_b = Vec::new();
    for g in 3..5 {
        let (w, x) = pair(g);
        let started = start_game_in(&fake, home_b, w, x, vec![]).await;
        plain_b.push(Play::new(&db, started, g as u64).await);
    }
    let (w, x) = pair(5);
    let mut idle = Play::new(&db, start_game_in(&fake, home_b, w, x, vec![]).await, 5).await;

    // Every game opens, each answered by its shard's process.
    join_all(
        timed
            .iter_mut()
            .chain([&mut plain_a, &mut idle])
            .chain(plain_b.iter_mut())
            .map(|p| p.play_n(&fake, OPENING, Duration::ZERO)),
    )
    .await;

    // A dies holding the timers.
    a.kill().await;
    let killed = Instant::now();
    let before_kill = began.elapsed();
    let lost_typing = async {
        // A move in A's guild reaches nobody while A is down.
        fake.skip(plain_a.started.thread);
        let san = plain_a.type_move(&fake);
        let heard = fake
            .assert_silent(plain_a.started.thread, Duration::from_secs(4))
            .await;
        assert!(heard.is_ok(), "shard 0 answered with A down: {heard:?}");
        let stored = db.moves(plain_a.id).await.len();
        assert_eq!(stored, plain_a.game.moves().len(), "stored with A down");
        san
    };
    let timeouts = async {
        join_all(
            timed
                .iter_mut()
                .map(|p| p.stall(&fake, &db, "ran out of time")),
        )
        .await;
        killed.elapsed()
    };
    let takeover = async {
        idle.stall(&fake, &db, "has been away").await;
        let fired = killed.elapsed();
        idle.come_back(&fake).await;
        fired
    };
    let goes_on = join_all(plain_b.iter_mut().map(|p| p.play_n(&fake, DURING, PAUSE)));
    let daily = daily_puzzle_post_in(&fake, guild_on(1));
    let (lost_san, timed_out_after, taken_over_after, _, (puzzles, _)) =
        tokio::join!(lost_typing, timeouts, takeover, goes_on, daily);
    db.wait_timers_held_by(&b, "process B").await;

    // A comes back: the lost move is typed again and answered, and every
    // game goes on; B keeps the timers.
    a.restart().await.expect("restart process A");
    wait_up(&fake, &a, 0, 2).await;
    fake.send_message(plain_a.to_move(), plain_a.started.thread, &lost_san);
    plain_a.announced(&fake, &lost_san).await;
    for p in timed
        .iter_mut()
        .chain([&mut plain_a, &mut idle])
        .chain(plain_b.iter_mut())
    {
        p.play_n(&fake, 2, Duration::ZERO).await;
    }
    db.wait_timers_held_by(&b, "process B").await;

    // Every announced move is stored once, in order, and told once; each
    // timer fired once; the daily puzzle was posted once.
    let all: Vec<&Play> = timed
        .iter()
        .chain([&plain_a, &idle])
        .chain(plain_b.iter())
        .collect();
    let mut stored_total = 0;
    for play in &all {
        let stored = db.moves(play.id).await;
        let sans: Vec<String> = stored.iter().map(|m| m.0.clone()).collect();
        assert_eq!(sans, play.game.san_moves(), "game {}", play.id);
        let by_cpu = stored.iter().filter(|m| m.1).count();
        assert_eq!(by_cpu, play.cpu, "game {}: CPU moves", play.id);
        let told = count(&fake, play.started.thread, |m| played_san(m).is_some());
        assert_eq!(told, stored.len(), "game {}: moves told", play.id);
        stored_total += stored.len();
    }
    for (play, notice) in timed
        .iter()
        .map(|p| (p, "ran out of time"))
        .chain([(&idle, "has been away")])
    {
        assert_eq!(
            play.cpu, 1,
            "game {}: the CPU moved {} times",
            play.id, play.cpu
        );
        let told = count(&fake, play.started.thread, |m| m.says(notice));
        assert_eq!(told, 1, "game {}: {notice:?} told {told} times", play.id);
    }
    let posts = count(&fake, puzzles, |m| m.says("Daily puzzle"));
    assert_eq!(posts, 1, "the daily puzzle was posted {posts} times");
    // Shard 0 was identified by A, then by A again; shard 1 by B alone.
    assert_eq!((identified(&fake, 0), identified(&fake, 1)), (2, 1));
    fake.assert_clean();
    a.assert_no_parse_failures();
    b.assert_no_parse_failures();

    let typed: usize = all.iter().map(|p| p.acked).sum();
    let cpu: usize = all.iter().map(|p| p.cpu).sum();
    println!(
        "shards: games [3, 3] (shard 0, shard 1); {stored_total} moves stored, {typed} typed by \
         players and {cpu} by the CPU, each announced once; after A was killed (lease {LEASE_MS} ms) \
         B fired the idle takeover ({:.1} s), {} turn limits ({:.1} s) and the daily post, each \
         once; killed {:.1} s in, {:.1} s in all",
        taken_over_after.as_secs_f64(),
        timed.len(),
        timed_out_after.as_secs_f64(),
        before_kill.as_secs_f64(),
        began.elapsed().as_secs_f64()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

//! Issue 6 benchmark: many games played at once by simulated users through
//! the fake Discord, against the real `alfil` binary.
//!
//!     cargo bench -p alfil-tests --bench discord_games
//!     BENCH_GAMES=200 BENCH_PLIES=20 BENCH_PAUSE_MS=5000 cargo bench -p alfil-tests --bench discord_games
//!
//! (`cargo test -p alfil-tests --bench discord_games` runs the same with the
//! dev build of the bot, without the release build `cargo bench` needs.)
//!
//! Each game: a /challenge, Accept by button, a thread; then BENCH_PLIES
//! random legal moves, alternately by /move and by plain message in the
//! thread. Reported: moves per second over the move phase, and the time
//! from the dispatch of each move (MESSAGE_CREATE / INTERACTION_CREATE) to
//! the bot's reply with the picture reaching the fake (people on both
//! sides, so no CPU thinking in it).
//!
//! Three runs, each with fresh games: flat out (each game sends its next
//! move as soon as the last one is answered: the throughput, where the
//! latency is mostly queueing); paced (the players pause between moves so
//! that the offered load is about half that throughput: a stress test);
//! and at people's pace (each game moves every BENCH_PAUSE_MS, default
//! 5000: a fast blitz for a chat game, so 200 games offer 40 moves/s):
//! the latency a player sees. The fake Discord and the simulated players
//! share the machine's two cores with the bot.

use alfil_tests::table::Table;
use alfil_tests::{CommandOption as Opt, FakeDiscord, User};
use engine::{Game, Variant};
use std::time::{Duration, Instant};

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A game ready to play: its thread and players.
struct Seated {
    thread: u64,
    white: User,
    black: User,
}

async fn seat(fake: &FakeDiscord, a: User, b: User) -> Result<Seated, String> {
    let general = fake.general();
    let sent = fake.slash(&a, general, "challenge", vec![Opt::user("opponent", &b)]);
    let challenge = fake
        .wait_reply(&sent, |_| true)
        .await
        .map_err(|e| e.to_string())?;
    let accept = challenge
        .button("accept:")
        .and_then(|b| b.custom_id)
        .ok_or("no Accept button")?;
    let click = fake.click(&b, &challenge, &accept);
    let started = fake
        .wait_reply(&click, |m| m.picture().is_some())
        .await
        .map_err(|e| e.to_string())?;
    let thread = fake
        .wait_thread(|t| t.id == started.id)
        .await
        .map_err(|e| e.to_string())?
        .id;
    let caption = alfil_tests::board::caption(&started);
    let a_white = caption
        .split(" (white)")
        .next()
        .unwrap_or("")
        .contains(&a.name);
    let (white, black) = if a_white { (a, b) } else { (b, a) };
    Ok(Seated {
        thread,
        white,
        black,
    })
}

/// Plays `plies` random legal moves; returns each move's latency.
async fn play(
    fake: FakeDiscord,
    s: Seated,
    plies: usize,
    seed: u64,
    pause: Option<Duration>,
) -> Result<Vec<Duration>, String> {
    let mut game = Game::new(Variant::Shatranj);
    let mut rng = seed | 1;
    let mut latencies = Vec::with_capacity(plies);
    if let Some(p) = pause {
        // Spread the games' first moves over one pause.
        tokio::time::sleep(p.mul_f64((seed % 1000) as f64 / 1000.0)).await;
    }
    for ply in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.position().legal_moves();
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let mv = moves
            .get((rng % moves.len() as u64) as usize)
            .copied()
            .ok_or("no move")?;
        let san = game.position().san(&mv);
        game.play(mv);
        let sent = if ply % 2 == 0 {
            fake.slash(&s.white, s.thread, "move", vec![Opt::string("move", &san)])
        } else {
            fake.send_message(&s.black, s.thread, &san)
        };
        let reply = fake
            .wait_reply(&sent, |m| m.picture().is_some())
            .await
            .map_err(|e| format!("ply {ply} {san}: {e}"))?;
        latencies.push(reply.at.saturating_duration_since(sent.at));
        if let Some(p) = pause {
            tokio::time::sleep(p).await;
        }
    }
    Ok(latencies)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Sets up `games` games, then plays them all at once; returns moves/s.
async fn run(
    fake: &FakeDiscord,
    name: &str,
    games: usize,
    plies: usize,
    pause: Option<Duration>,
) -> f64 {
    let mut seats = Vec::new();
    let setup = Instant::now();
    // Set games up a few at a time: the bench measures moves, not a
    // stampede of challenges.
    for chunk in 0..games.div_ceil(20) {
        let mut tasks = Vec::new();
        for i in chunk * 20..((chunk + 1) * 20).min(games) {
            let f = fake.clone();
            let a = f.add_user(&format!("{name}-w{i}"));
            let b = f.add_user(&format!("{name}-b{i}"));
            tasks.push(tokio::spawn(async move { seat(&f, a, b).await }));
        }
        for t in tasks {
            seats.push(
                t.await
                    .expect("setup task")
                    .unwrap_or_else(|e| panic!("setup: {e}")),
            );
        }
    }
    let setup = setup.elapsed();
    let start = Instant::now();
    let mut tasks = Vec::new();
    for (i, s) in seats.into_iter().enumerate() {
        let seed = 0x9E37_79B9_7F4A_7C15 ^ (i as u64 * 7919);
        tasks.push(tokio::spawn(play(fake.clone(), s, plies, seed, pause)));
    }
    let mut latencies = Vec::new();
    let mut failures = Vec::new();
    for task in tasks {
        match task.await {
            Ok(Ok(l)) => latencies.extend(l),
            Ok(Err(e)) => failures.push(e),
            Err(e) => failures.push(e.to_string()),
        }
    }
    let wall = start.elapsed();
    latencies.sort();
    let rate = latencies.len() as f64 / wall.as_secs_f64();
    println!(
        "{name}: {games} games ({} failed), set up in {:.1} s; {} moves in {:.1} s = {rate:.1} moves/s",
        failures.len(),
        setup.as_secs_f64(),
        latencies.len(),
        wall.as_secs_f64(),
    );
    println!(
        "  dispatch -> reply with picture: p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        ms(percentile(&latencies, 0.5)),
        ms(percentile(&latencies, 0.9)),
        ms(percentile(&latencies, 0.99)),
        ms(latencies.last().copied().unwrap_or_default()),
    );
    for f in failures.iter().take(3) {
        println!("  failure: {f}");
    }
    rate
}

fn main() {
    let games = env_usize("BENCH_GAMES", 200);
    let plies = env_usize("BENCH_PLIES", 20);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async move {
        let t = Table::start().await;
        let fake = t.fake.clone();
        println!(
            "discord_games: {games} concurrent games x {plies} plies through the fake Discord, bot {}",
            t.bot.config.binary.display()
        );
        let rate = run(&fake, "flat", games, plies, None).await;
        // Each game moves once every `games / (rate / 2)` seconds.
        let pause = Duration::from_secs_f64(games as f64 / (rate / 2.0).max(0.1));
        println!("paced: each game moves every {:.0} ms", ms(pause));
        run(&fake, "paced", games, plies, Some(pause)).await;
        let people = Duration::from_millis(env_usize("BENCH_PAUSE_MS", 5000) as u64);
        println!("people: each game moves every {:.0} ms", ms(people));
        run(&fake, "people", games, plies, Some(people)).await;
        let anomalies = fake.anomalies();
        let errors = fake.api_errors();
        if !anomalies.is_empty() || !errors.is_empty() {
            println!("  anomalies: {}, API errors: {}", anomalies.len(), errors.len());
            for a in anomalies.iter().take(5) {
                println!("    {a}");
            }
        }
        t.check();
    });
}

//! Issue 6 benchmark: many games played at once by simulated users through
//! the fake Discord, against the real `alfil` binary.
//!
//!     cargo bench -p alfil-tests --bench discord_games
//!     BENCH_GAMES=200 BENCH_PLIES=20 ALFIL_BIN=target/release/alfil cargo bench ...
//!
//! Each game: a /challenge, Accept by button, a thread; then BENCH_PLIES
//! random legal moves, alternately by /move and by plain message in the
//! thread. Reported: moves per second over the move phase, and the time
//! from the dispatch of each move (MESSAGE_CREATE / INTERACTION_CREATE) to
//! the bot's reply with the picture reaching the fake (no CPU player, so no
//! thinking time in it).

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

struct GameRun {
    latencies: Vec<Duration>,
    setup: Duration,
}

async fn one_game(fake: FakeDiscord, a: User, b: User, plies: usize, seed: u64) -> Result<GameRun, String> {
    let t0 = Instant::now();
    let general = fake.general();
    let sent = fake.slash(&a, general, "challenge", vec![Opt::user("opponent", &b)]);
    let challenge = fake.wait_reply(&sent, |_| true).await.map_err(|e| e.to_string())?;
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
    let a_white = caption.split(" (white)").next().unwrap_or("").contains(&a.name);
    let (white, black) = if a_white { (&a, &b) } else { (&b, &a) };
    let setup = t0.elapsed();

    let mut game = Game::new(Variant::Shatranj);
    let mut rng = seed | 1;
    let mut latencies = Vec::with_capacity(plies);
    for ply in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.position().legal_moves();
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let mv = moves.iter().nth((rng % moves.len() as u64) as usize).copied().ok_or("no move")?;
        let san = game.position().san(&mv);
        game.play(mv);
        let player = if ply % 2 == 0 { white } else { black };
        let sent = if ply % 2 == 0 {
            fake.slash(player, thread, "move", vec![Opt::string("move", &san)])
        } else {
            fake.send_message(player, thread, &san)
        };
        let reply = fake
            .wait_reply(&sent, |m| m.picture().is_some())
            .await
            .map_err(|e| format!("ply {ply} {san}: {e}"))?;
        latencies.push(reply.at.saturating_duration_since(sent.at));
    }
    Ok(GameRun { latencies, setup })
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn main() {
    // `cargo bench` passes --bench; `cargo test` runs benches with no flag
    // only when asked. Either way, run once.
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
        fake.with_state(|s| s.interaction_deadline = Duration::from_secs(3));
        let mut pairs = Vec::new();
        for i in 0..games {
            pairs.push((fake.add_user(&format!("w{i}")), fake.add_user(&format!("b{i}"))));
        }
        let start = Instant::now();
        let mut tasks = Vec::new();
        for (i, (a, b)) in pairs.into_iter().enumerate() {
            let f = fake.clone();
            tasks.push(tokio::spawn(one_game(f, a, b, plies, 0x9E37_79B9_7F4A_7C15 ^ (i as u64 * 7919))));
        }
        let mut latencies = Vec::new();
        let mut setups = Vec::new();
        let mut failures = Vec::new();
        for task in tasks {
            match task.await {
                Ok(Ok(run)) => {
                    latencies.extend(run.latencies);
                    setups.push(run.setup);
                }
                Ok(Err(e)) => failures.push(e),
                Err(e) => failures.push(e.to_string()),
            }
        }
        let wall = start.elapsed();
        latencies.sort();
        setups.sort();
        let moves = latencies.len();
        // Setups overlap the first moves; count the span from the last setup.
        let setup_p50 = percentile(&setups, 0.5);
        println!("discord_games: {games} games x {plies} plies, {} completed, {} failed", setups.len(), failures.len());
        println!(
            "  moves: {moves} in {:.1} s wall = {:.1} moves/s (setup p50 {:.0} ms per game)",
            wall.as_secs_f64(),
            moves as f64 / wall.as_secs_f64(),
            setup_p50.as_secs_f64() * 1e3
        );
        println!(
            "  dispatch -> reply with picture: p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            percentile(&latencies, 0.5).as_secs_f64() * 1e3,
            percentile(&latencies, 0.9).as_secs_f64() * 1e3,
            percentile(&latencies, 0.99).as_secs_f64() * 1e3,
            latencies.last().copied().unwrap_or_default().as_secs_f64() * 1e3
        );
        for f in failures.iter().take(3) {
            println!("  failure: {f}");
        }
        let anomalies = fake.anomalies();
        if !anomalies.is_empty() {
            println!("  anomalies: {}", anomalies.len());
            for a in anomalies.iter().take(5) {
                println!("    {a}");
            }
        }
        let errors = fake.api_errors();
        if !errors.is_empty() {
            println!("  API errors: {}", errors.len());
        }
        drop(t);
    });
}

//! 1,000 games played concurrently, move by move, through the service with
//! SQLite on disk, every reply's board drawn as PNG. Prints moves per
//! second and the p50/p99 latency of a move (the player's command, its
//! storage and its picture; no CPU thinking: people play both sides).
//!
//! `cargo bench -p alfil --bench service` (ALFIL_BENCH_GAMES to change the
//! number of games; ALFIL_BENCH_DATABASE=postgres://… to run it on an
//! empty PostgreSQL database instead of a temporary SQLite file).
//!
//! Two runs: flat out (every game sends its next move as soon as the last
//! one is answered: the throughput), then paced (each game's players take
//! a pause between moves, as people do, so that the service runs at about
//! half its throughput: the latency a player sees under that load).

use alfil::service::{ColorChoice, Config, Ctx, GameOptions, Place, Service, SystemClock, User};
use alfil::store::{Location, Store};
use engine::Variant;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The first moves of a known game in each variant (from the tests).
const LINES: [(Variant, &str); 4] = [
    (
        Variant::Shatranj,
        "g1f3 g8f6 b1c3 f8d6 f1d3 f6e4 c3e4 h8f8 e4c5 b8a6 c5b7",
    ),
    (
        Variant::Medieval,
        "g1f3 f7f6 b1c3 d8b6 d2d4 a7a5 c1e3 b8c6 d4d5 e7e5 d5c6 f8d6",
    ),
    (
        Variant::Courier,
        "c1e3 j8h6 e3g5 j7j6 b1c3 c8e6 e2e3 i8j7 d1f3 e6g8 f3b7 a8a7",
    ),
    (
        Variant::Byzantine,
        "h2h3 g7g6 h3h4 b8c6 h1h3 h7h6 h4h5 c8h7 h5g6 f7g6 h3e3 g8f6",
    ),
];

fn ctx(name: &str, game: usize) -> Ctx {
    Ctx {
        user: User::new(format!("bench:{name}"), name),
        place: Place::new("bench", format!("channel-{game}")),
        admin: false,
    }
}

struct Run {
    moves: usize,
    wall: Duration,
    latencies: Vec<Duration>,
}

async fn setup(
    games: usize,
) -> (
    Service,
    tempfile::TempDir,
    Vec<(i64, Ctx, Ctx, &'static str)>,
) {
    let dir = tempfile::tempdir().expect("temp dir");
    let at = match std::env::var("ALFIL_BENCH_DATABASE") {
        Ok(url) if !url.is_empty() => url.parse().expect("ALFIL_BENCH_DATABASE"),
        _ => Location::File(dir.path().join("bench.db")),
    };
    let store = Store::connect(&at).await.expect("store");
    let (service, _outbox) = Service::new(store, Arc::new(SystemClock), Config::default());
    let mut list = Vec::new();
    for i in 0..games {
        let (white, black) = (ctx(&format!("w{i}"), i), ctx(&format!("b{i}"), i));
        let (variant, line) = LINES[i % LINES.len()];
        let opts = GameOptions {
            color: ColorChoice::White,
            ..GameOptions::casual(variant)
        };
        service
            .challenge(&white, Some(&black.user), opts)
            .await
            .expect("challenge");
        let started = service.accept(&black, None).await.expect("accept");
        list.push((started[0].game.expect("game"), white, black, line));
    }
    (service, dir, list)
}

async fn play(games: usize, pause: Option<Duration>) -> Run {
    let (service, _dir, list) = setup(games).await;
    let begin = Instant::now();
    let mut tasks = Vec::new();
    for (n, (game, white, black, line)) in list.into_iter().enumerate() {
        let service = service.clone();
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            if let Some(p) = pause {
                // Spread the games' first moves over one pause.
                tokio::time::sleep(p.mul_f64((n % 1000) as f64 / 1000.0)).await;
            }
            for (i, mv) in line.split_whitespace().enumerate() {
                let who = if i % 2 == 0 { &white } else { &black };
                let t = Instant::now();
                let replies = service
                    .play_move(who, Some(game), mv)
                    .await
                    .unwrap_or_else(|e| panic!("game {game} {mv}: {e}"));
                for reply in &replies {
                    if let Some(board) = &reply.board {
                        let png = alfil::picture::png(board);
                        assert!(png.len() > 1000);
                    }
                }
                latencies.push(t.elapsed());
                if let Some(p) = pause {
                    tokio::time::sleep(p).await;
                }
            }
            latencies
        }));
    }
    let mut latencies = Vec::new();
    for t in tasks {
        latencies.extend(t.await.expect("game task"));
    }
    let wall = begin.elapsed();
    Run {
        moves: latencies.len(),
        wall,
        latencies,
    }
}

fn report(name: &str, mut run: Run) -> f64 {
    run.latencies.sort();
    let pct = |p: f64| {
        run.latencies[((run.latencies.len() as f64 * p) as usize).min(run.latencies.len() - 1)]
    };
    let rate = run.moves as f64 / run.wall.as_secs_f64();
    println!(
        "{name}: {} moves in {:.2} s = {rate:.0} moves/s; latency per move p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        run.moves,
        run.wall.as_secs_f64(),
        pct(0.50).as_secs_f64() * 1e3,
        pct(0.99).as_secs_f64() * 1e3,
        run.latencies.last().unwrap().as_secs_f64() * 1e3,
    );
    rate
}

fn main() {
    // `cargo test --benches` runs this with --bench absent: keep it short there.
    let benching = std::env::args().any(|a| a == "--bench");
    let games: usize = std::env::var("ALFIL_BENCH_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if benching { 1000 } else { 20 });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let store = match std::env::var("ALFIL_BENCH_DATABASE") {
            Ok(url) if !url.is_empty() => "PostgreSQL",
            _ => "SQLite on disk (WAL, synchronous=FULL)",
        };
        println!("service bench: {games} concurrent games, {store}, PNG per reply");
        let rate = report("flat out", play(games, None).await);
        // Pace the players so the offered load is about half the throughput:
        // each game moves once every `games / (rate / 2)` seconds.
        let pause = Duration::from_secs_f64(games as f64 / (rate / 2.0));
        println!(
            "paced: each game moves every {:.0} ms",
            pause.as_secs_f64() * 1e3
        );
        report("paced", play(games, Some(pause)).await);
    });
}

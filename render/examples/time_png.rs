//! Times the criterion bench's 8x8 picture the way
//! scripts/bench_python_render.py times python-chess (median and minimum
//! over N runs), for a side-by-side figure on a busy machine:
//! `cargo run --release -p alfil-render --example time_png -- 200`.

use engine::{Game, Position, Variant};
use render::BoardView;
use std::time::Instant;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let pos = Position::new(Variant::Shatranj);
    let game = Game::replay(pos, &["g1f3", "a7a6", "f3e5", "a6a5", "e5c6"]).unwrap();
    let frames = BoardView::game(&pos, game.moves(), &BoardView::new(pos.variant().board()));
    let view = frames.last().unwrap().clone().with_size(512);
    let png = render::png(&view);
    for _ in 0..10 {
        render::png(&view);
    }
    let cpu_start = thread_cpu_ns();
    let mut times: Vec<f64> = (0..n)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(render::png(std::hint::black_box(&view)));
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    let cpu_ms = cpu_start
        .zip(thread_cpu_ns())
        .map(|(a, b)| (b - a) as f64 / 1e6 / n as f64);
    times.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / n as f64;
    println!(
        "alfil render, 8x8 512px: median {:.3} ms, mean {mean:.3} ms, min {:.3} ms over {n}; PNG {} bytes",
        times[n / 2],
        times[0],
        png.len()
    );
    if let Some(cpu) = cpu_ms {
        println!("alfil render, 8x8 512px: CPU time {cpu:.3} ms per picture (not counting waits for a busy machine)");
    }
}

/// This thread's CPU time in ns, from Linux's schedstat; wall-clock times
/// on a shared 2-core machine include waiting for the CPU.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

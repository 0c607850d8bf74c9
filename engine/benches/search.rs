//! Search speed: nodes per second on fixed middlegame positions per
//! variant, searched to a fixed depth with a fresh searcher (so every run
//! visits the same nodes). Criterion's throughput line is the node rate;
//! compare it with the perft bench's leaf rate from the same run.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use engine::search::{Limits, Searcher};
use engine::{Position, Variant};

/// Middlegames: a short opening line (from scripts/openings, or alfil's
/// own first moves), then ten plies of alfil's depth-4 play.
const POSITIONS: &[(Variant, &[&str])] = &[
    (
        Variant::Shatranj,
        &["e2e3", "c7c6", "b1a3", "d7d6", "f1h3", "c8e6"],
    ),
    (
        Variant::Shatranj,
        &["f2f3", "g8h6", "e1f2", "c7c6", "c1a3", "d7d6"],
    ),
    (Variant::Medieval, &["e2e4", "e7e5", "g1f3", "b8c6"]),
    (Variant::Medieval, &["d2d4", "d7d5", "g1f3", "g8f6"]),
    (
        Variant::Courier,
        &["k2k3", "e7e6", "l1l2", "h8g8", "a1a3", "a8a6"],
    ),
    (
        Variant::Courier,
        &["h2h3", "c8e6", "j1l3", "b8c6", "e2e3", "e6g4"],
    ),
    (Variant::Byzantine, &["h2h3", "a7a6", "h3h4", "a6a5"]),
    (Variant::Byzantine, &["b2b3", "g7g6"]),
];

const PLAYED: usize = 10;
const DEPTH: u32 = 7;

fn position(variant: Variant, moves: &[&str]) -> Position {
    let opened = moves.iter().fold(Position::new(variant), |pos, m| {
        let m = pos
            .parse_move(m)
            .unwrap_or_else(|e| panic!("{variant} {m}: {e}"));
        pos.play(&m)
    });
    (0..PLAYED).fold(opened, |pos, _| {
        let r = Searcher::with_hash(16).search(&pos, &[], Limits::depth(4));
        r.map_or(pos, |r| pos.play(&r.best))
    })
}

fn search_positions(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for variant in Variant::ALL {
        let positions: Vec<Position> = POSITIONS
            .iter()
            .filter(|(v, _)| *v == variant)
            .map(|(v, moves)| position(*v, moves))
            .collect();
        let run = |positions: &[Position]| -> u64 {
            positions
                .iter()
                .map(|p| {
                    Searcher::with_hash(16)
                        .search(p, &[], Limits::depth(DEPTH))
                        .map_or(0, |r| r.nodes)
                })
                .sum()
        };
        group.throughput(Throughput::Elements(run(&positions)));
        group.bench_with_input(
            BenchmarkId::new(variant.name(), DEPTH),
            &positions,
            |b, p| b.iter(|| run(p)),
        );
    }
    group.finish();
}

criterion_group!(benches, search_positions);
criterion_main!(benches);

//! Perft from each start position: the move generator's speed.
//! Compare with Fairy-Stockfish's `go perft` (scripts/fsf_perft.sh) in the
//! same run; the machine is shared, so ratios mean more than seconds.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use engine::{perft, Position, Variant};

fn start_positions(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (variant, depth) in [
        (Variant::Shatranj, 5),
        (Variant::Medieval, 4),
        (Variant::Courier, 4),
        (Variant::Byzantine, 5),
    ] {
        let pos = Position::new(variant);
        let nodes = perft(&pos, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new(variant.name(), depth), &pos, |b, pos| {
            b.iter(|| perft(pos, depth))
        });
    }
    group.finish();
}

criterion_group!(benches, start_positions);
criterion_main!(benches);

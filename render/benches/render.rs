//! Board pictures to finished PNG bytes. Targets (2-core machine): at most
//! 5 ms each. Compare the 8x8 figure with scripts/bench_python_render.py,
//! which times python-chess + cairosvg for the same picture.
//!
//! `cargo bench -p alfil-render --bench render`

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use engine::{Game, Position, Square, Variant};
use render::{BoardView, RoundStyle};

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// Shatranj after 1. Nf3 a6 2. Ne5 a5 3. Nc6+: a last move and a check, like
/// the python benchmark's picture.
fn square_view() -> BoardView {
    let pos = Position::new(Variant::Shatranj);
    let game = Game::replay(pos, &["g1f3", "a7a6", "f3e5", "a6a5", "e5c6"]).unwrap();
    let frames = BoardView::game(&pos, game.moves(), &BoardView::new(pos.variant().board()));
    let view = frames.last().unwrap().clone().with_size(512);
    assert!(view.check.is_some() && view.last_move.is_some());
    view
}

fn benches(c: &mut Criterion) {
    let square = square_view();
    println!("8x8 PNG: {} bytes", render::png(&square).len());
    c.bench_function("png 8x8 512px last move + check", |b| {
        b.iter(|| render::png(black_box(&square)))
    });

    let captioned = square.clone().with_caption(render::Caption::new(
        "Game #12: alice (white) v bob (black), Black to move".to_string(),
        "",
    ));
    c.bench_function("png 8x8 512px + caption", |b| {
        b.iter(|| render::png(black_box(&captioned)))
    });
    c.bench_function("draw 8x8 512px + caption (no encoding)", |b| {
        b.iter(|| render::draw(black_box(&captioned)))
    });
    // The two halves of a picture: drawing, and packing it into a PNG.
    c.bench_function("draw 8x8 512px (no encoding)", |b| {
        b.iter(|| render::draw(black_box(&square)))
    });

    let wide = BoardView::from_position(&Position::new(Variant::Courier))
        .with_size(512)
        .with_last_move(sq("e2"), sq("e3"));
    println!("12x8 PNG: {} bytes", render::png(&wide).len());
    c.bench_function("png 12x8 768x512 last move", |b| {
        b.iter(|| render::png(black_box(&wide)))
    });

    let round = BoardView::from_position(&Position::new(Variant::Byzantine))
        .with_size(512)
        .with_last_move(sq("e2"), sq("e3"))
        .with_round_style(RoundStyle::Chequered);
    println!("round PNG: {} bytes", render::png(&round).len());
    c.bench_function("png round 512px last move", |b| {
        b.iter(|| render::png(black_box(&round)))
    });
}

criterion_group!(render_benches, benches);
criterion_main!(render_benches);

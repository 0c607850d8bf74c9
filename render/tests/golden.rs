//! Golden-image tests: each picture is compared with the one committed in
//! tests/golden/. A failure says how many pixels differ and where, and
//! writes `<name>.actual.png` beside the golden to look at.
//!
//! After a deliberate change, look at the new pictures and regenerate them
//! with `ALFIL_BLESS=1 cargo test -p alfil-render --test golden`.

use engine::{Game, Position, Square, Variant};
use image::{ImageEncoder, RgbImage};
use render::{BoardView, Caption, RoundStyle, Theme};
use std::path::PathBuf;

/// A pixel differs when a channel is off by more than this (anti-aliasing
/// may round differently on another CPU's SIMD path)...
const CHANNEL_TOLERANCE: u8 = 24;
/// ... and a picture fails when more than this share of its pixels differ.
const PIXEL_TOLERANCE: f64 = 0.001;

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn check(name: &str, view: &BoardView) {
    let png = render::png(view);
    let path = golden_dir().join(format!("{name}.png"));
    let actual_path = golden_dir().join(format!("{name}.actual.png"));
    if std::env::var_os("ALFIL_BLESS").is_some() {
        // Stored at the best compression: the repository keeps them all.
        let img = image::load_from_memory(&png).unwrap().to_rgb8();
        let mut small = Vec::new();
        image::codecs::png::PngEncoder::new_with_quality(
            &mut small,
            image::codecs::png::CompressionType::Best,
            image::codecs::png::FilterType::Adaptive,
        )
        .write_image(
            &img,
            img.width(),
            img.height(),
            image::ExtendedColorType::Rgb8,
        )
        .unwrap();
        std::fs::write(&path, &small).unwrap();
        let _ = std::fs::remove_file(&actual_path);
        return;
    }
    let actual = image::load_from_memory(&png).unwrap().to_rgb8();
    let Ok(expected) = image::open(&path) else {
        std::fs::write(&actual_path, &png).unwrap();
        panic!(
            "no golden image {}; wrote {} (bless it with ALFIL_BLESS=1 once it looks right)",
            path.display(),
            actual_path.display()
        );
    };
    let expected = expected.to_rgb8();
    if let Err(why) = compare(&expected, &actual) {
        std::fs::write(&actual_path, &png).unwrap();
        panic!(
            "{name}: {why}; the actual picture is at {}",
            actual_path.display()
        );
    }
    let _ = std::fs::remove_file(&actual_path);
}

fn compare(expected: &RgbImage, actual: &RgbImage) -> Result<(), String> {
    if expected.dimensions() != actual.dimensions() {
        return Err(format!(
            "size {:?}, expected {:?}",
            actual.dimensions(),
            expected.dimensions()
        ));
    }
    let mut count = 0usize;
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for (x, y, e) in expected.enumerate_pixels() {
        let a = actual.get_pixel(x, y);
        if e.0
            .iter()
            .zip(a.0)
            .any(|(&e, a)| e.abs_diff(a) > CHANNEL_TOLERANCE)
        {
            count += 1;
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
    }
    let total = (expected.width() * expected.height()) as usize;
    if count as f64 > total as f64 * PIXEL_TOLERANCE {
        return Err(format!(
            "{count} of {total} pixels differ, within x {x0}..={x1}, y {y0}..={y1}"
        ));
    }
    Ok(())
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

fn start(variant: Variant) -> BoardView {
    BoardView::from_position(&Position::new(variant)).with_size(256)
}

/// Shatranj after 1. Nf3 a6 2. Ne5 a5 3. Nc6+: Black in check.
fn knight_check() -> (Position, BoardView) {
    let game = Game::replay(
        Position::new(Variant::Shatranj),
        &["g1f3", "a7a6", "f3e5", "a6a5", "e5c6"],
    )
    .unwrap();
    let before = game.moves().len() - 1;
    let mut pos = Position::new(Variant::Shatranj);
    for m in &game.moves()[..before] {
        pos = pos.play(m);
    }
    let view = BoardView::after_move(&pos, &game.moves()[before]).with_size(256);
    (*game.position(), view)
}

#[test]
fn shatranj_start() {
    check("shatranj-start", &start(Variant::Shatranj));
}

#[test]
fn medieval_start() {
    check("medieval-start", &start(Variant::Medieval));
}

#[test]
fn courier_start_on_the_wide_board() {
    check("courier-start", &start(Variant::Courier));
}

#[test]
fn round_board_plain() {
    check("byzantine-plain", &start(Variant::Byzantine).with_size(320));
}

#[test]
fn round_board_chequered() {
    check(
        "byzantine-chequered",
        &start(Variant::Byzantine)
            .with_size(320)
            .with_round_style(RoundStyle::Chequered),
    );
}

#[test]
fn square_board_flipped() {
    check(
        "shatranj-flipped",
        &start(Variant::Shatranj).with_flipped(true),
    );
}

#[test]
fn round_board_flipped() {
    check(
        "byzantine-flipped",
        &start(Variant::Byzantine).with_size(320).with_flipped(true),
    );
}

#[test]
fn piece_labels() {
    check(
        "courier-labels",
        &start(Variant::Courier).with_size(320).with_labels(true),
    );
}

#[test]
fn round_board_labels() {
    check(
        "byzantine-labels",
        &start(Variant::Byzantine).with_size(320).with_labels(true),
    );
}

#[test]
fn without_coordinates() {
    check(
        "medieval-no-coordinates",
        &start(Variant::Medieval).with_coordinates(false),
    );
}

#[test]
fn last_move_and_check() {
    check("last-move-check", &knight_check().1);
}

#[test]
fn destination_dots_and_capture_rings() {
    // A white rook on d4 with black pieces to take on d7 and g4.
    let pos = Position::from_fen(
        Variant::Shatranj,
        "rnbkqbnr/pppppp1p/8/8/3R2p1/8/PPPPPPPP/1NBKQBNR w - - 0 1",
    )
    .unwrap();
    check(
        "dots-rings",
        &BoardView::from_position(&pos)
            .with_size(256)
            .with_legal_moves(&pos, sq("d4")),
    );
}

#[test]
fn arrows() {
    check(
        "arrows",
        &start(Variant::Shatranj)
            .with_arrow(sq("g1"), sq("f3"))
            .with_arrow(sq("c1"), sq("e3"))
            .with_arrow(sq("e7"), sq("e6")),
    );
}

#[test]
fn caption_strip() {
    check(
        "caption",
        &start(Variant::Medieval).with_caption(Caption::new("alice 4:32 vs bob 5:00", "1-0")),
    );
}

#[test]
fn each_theme() {
    for theme in Theme::ALL {
        let (_, view) = knight_check();
        check(&format!("theme-{theme}"), &view.with_theme(theme));
        check(
            &format!("theme-{theme}-round"),
            &start(Variant::Byzantine)
                .with_size(256)
                .with_theme(theme)
                .with_round_style(RoundStyle::Chequered)
                .with_last_move(sq("a2"), sq("a3")),
        );
    }
}

#[test]
fn round_board_overlays() {
    let pos = Position::new(Variant::Byzantine);
    let game = Game::replay(pos, &["e2e3", "d7d6"]).unwrap();
    let frames = BoardView::game(&pos, game.moves(), &BoardView::new(pos.variant().board()));
    let last = frames.last().unwrap().clone().with_size(320);
    let after = game.position();
    check(
        "byzantine-overlays",
        &last
            .with_legal_moves(after, sq("b1"))
            .with_arrow(sq("g1"), sq("f3"))
            .with_check(sq("d1"))
            .with_caption(Caption::new("alice vs bob", "move 2")),
    );
}

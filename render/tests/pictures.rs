//! What a player would notice in a board picture, checked on the pixels.

use engine::{BoardKind, Color, Game, PawnDir, Piece, Position, Role, Square, Variant};
use image::{AnimationDecoder, Rgba, RgbaImage};
use render::{BoardView, Caption, RoundStyle, Theme};

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

fn decode(png: &[u8]) -> RgbaImage {
    image::load_from_memory(png).unwrap().to_rgba8()
}

fn near(a: Rgba<u8>, b: render::Rgba) -> bool {
    [a[0].abs_diff(b.0), a[1].abs_diff(b.1), a[2].abs_diff(b.2)]
        .iter()
        .all(|&d| d <= 3)
}

/// The share of pixels that differ noticeably between two pictures.
fn difference(a: &RgbaImage, b: &RgbaImage) -> f64 {
    assert_eq!(a.dimensions(), b.dimensions());
    let differ = a
        .pixels()
        .zip(b.pixels())
        .filter(|(p, q)| p.0.iter().zip(q.0).any(|(&x, y)| x.abs_diff(y) > 16))
        .count();
    differ as f64 / (a.width() * a.height()) as f64
}

#[test]
fn pictures_have_the_boards_shape() {
    let size = |kind| {
        let img = decode(&render::png(&BoardView::new(kind).with_size(400)));
        img.dimensions()
    };
    assert_eq!(size(BoardKind::Square8), (400, 400));
    assert_eq!(size(BoardKind::Wide12), (600, 400));
    assert_eq!(size(BoardKind::Round), (400, 400));
    let captioned = render::draw(
        &BoardView::new(BoardKind::Square8)
            .with_size(400)
            .with_caption(Caption::new("a", "b")),
    );
    assert!(captioned.height() > 400 && captioned.width() == 400);
}

#[test]
fn a_board_png_at_512_px_stays_under_100_kb() {
    for variant in Variant::ALL {
        let pos = Position::new(variant);
        let view = BoardView::from_position(&pos)
            .with_labels(true)
            .with_last_move(sq("e2"), sq("e3"))
            .with_arrow(sq("b1"), sq("c3"))
            .with_caption(Caption::new("alice 4:32 vs bob 5:00", "1-0"));
        for style in [RoundStyle::Plain, RoundStyle::Chequered] {
            let bytes = render::png(&view.clone().with_round_style(style));
            assert!(bytes.len() < 100_000, "{variant}: {} bytes", bytes.len());
        }
    }
}

#[test]
fn white_is_at_the_bottom_unless_flipped() {
    // An empty board: a1 is a dark square in the bottom left corner, and
    // in the top right once flipped.
    let view = BoardView::new(BoardKind::Square8)
        .with_size(256)
        .with_coordinates(false);
    let dark = Theme::Brown.palette().dark;
    let light = Theme::Brown.palette().light;
    let img = render::draw(&view);
    assert!(near(*img.get_pixel(5, 250), dark));
    assert!(near(*img.get_pixel(250, 5), dark));
    assert!(near(*img.get_pixel(250, 250), light));
    // Put a white king on a1: it shows in the corner White sits at.
    let mut king = view.clone();
    king.pieces[sq("a1").index()] = Some(Piece::new(Color::White, Role::King));
    let plain = render::draw(&king);
    let flipped = render::draw(&king.clone().with_flipped(true));
    let ivory = |img: &RgbaImage, x0: u32, y0: u32| {
        (x0..x0 + 32)
            .flat_map(|x| (y0..y0 + 32).map(move |y| (x, y)))
            .filter(|&(x, y)| img.get_pixel(x, y)[0] > 240 && img.get_pixel(x, y)[2] > 220)
            .count()
    };
    assert!(ivory(&plain, 0, 224) > 100, "king drawn at the bottom left");
    assert!(
        ivory(&flipped, 224, 0) > 100,
        "flipped: king at the top right"
    );
    assert_eq!(ivory(&flipped, 0, 224), 0);
}

#[test]
fn the_last_move_and_check_are_highlighted() {
    let game = Game::replay(
        Position::new(Variant::Shatranj),
        &["g1f3", "a7a6", "f3e5", "a6a5", "e5c6"],
    )
    .unwrap();
    let moves = game.moves();
    let frames = BoardView::game(
        &Position::new(Variant::Shatranj),
        moves,
        &BoardView::new(BoardKind::Square8).with_size(256),
    );
    let last = frames.last().unwrap();
    assert_eq!(last.last_move, Some((sq("e5"), sq("c6"))));
    assert_eq!(last.check, Some(sq("d8")), "Black's king on d8 is in check");
    let img = render::draw(last);
    let plain = render::draw(&BoardView {
        last_move: None,
        check: None,
        ..last.clone()
    });
    // e5 (column 4, row 3 from the top; 32 px cells): its corner is tinted.
    let corner = |img: &RgbaImage| *img.get_pixel(4 * 32 + 3, 3 * 32 + 3);
    assert_ne!(corner(&img), corner(&plain));
    // d8's king glows red round it.
    let redness = |img: &RgbaImage| -> i64 {
        (3 * 32..4 * 32)
            .flat_map(|x| (0..32).map(move |y| (x, y)))
            .map(|(x, y)| img.get_pixel(x, y))
            .map(|p| p[0] as i64 - p[1] as i64)
            .sum()
    };
    let (r1, r0) = (redness(&img), redness(&plain));
    assert!(r1 > r0 + 32 * 32 * 20, "redness {r1} vs {r0} without check");
}

#[test]
fn all_eighteen_pieces_look_different() {
    let mut pictures = Vec::new();
    for color in Color::ALL {
        for role in Role::ALL {
            let mut view = BoardView::new(BoardKind::Square8)
                .with_size(48 * 8)
                .with_coordinates(false);
            view.pieces[sq("d4").index()] = Some(Piece::new(color, role));
            let img = render::draw(&view);
            let cell = image::imageops::crop_imm(&img, 3 * 48, 4 * 48, 48, 48).to_image();
            pictures.push((format!("{color} {role}"), cell));
        }
    }
    for (i, (a, pa)) in pictures.iter().enumerate() {
        for (b, pb) in &pictures[i + 1..] {
            let d = difference(pa, pb);
            assert!(
                d > 0.08,
                "{a} and {b} differ in only {:.1}% of pixels",
                d * 100.0
            );
        }
    }
}

#[test]
fn a_flipped_round_board_is_turned_half_a_turn() {
    // No pieces (they stay upright) and no coordinates (text stays
    // upright): the rest must be the same picture rotated.
    let view = BoardView::new(BoardKind::Round)
        .with_size(300)
        .with_coordinates(false)
        .with_round_style(RoundStyle::Chequered)
        .with_last_move(sq("a1"), sq("c3"));
    let plain = render::draw(&view);
    let flipped = render::draw(&view.clone().with_flipped(true));
    let turned = image::imageops::rotate180(&plain);
    assert!(difference(&turned, &flipped) < 0.005);
    assert!(difference(&plain, &flipped) > 0.01);
}

#[test]
fn round_board_pawns_show_which_way_they_walk() {
    let mut view = BoardView::new(BoardKind::Round)
        .with_size(400)
        .with_coordinates(false);
    let pawn = Piece::new(Color::White, Role::Pawn);
    view.set_piece(sq("b4"), Some(pawn), Some(PawnDir::Clockwise));
    let up = render::draw(&view);
    view.set_piece(sq("b4"), Some(pawn), Some(PawnDir::Anticlockwise));
    let down = render::draw(&view);
    // b4 is on the left of the board, where clockwise is up: the marks
    // differ, and the clockwise one is higher.
    assert_ne!(up, down);
    let mut clockwise_y = 0.0;
    let mut anticlockwise_y = 0.0;
    let base = {
        let mut v = view.clone();
        v.set_piece(sq("b4"), Some(pawn), None);
        render::draw(&v)
    };
    for (img, out) in [(&up, &mut clockwise_y), (&down, &mut anticlockwise_y)] {
        let (mut sum, mut n) = (0.0, 0.0);
        for (x, y, p) in img.enumerate_pixels() {
            if p != base.get_pixel(x, y) {
                sum += y as f64;
                n += 1.0;
            }
        }
        assert!(n > 0.0, "a mark is drawn");
        *out = sum / n;
    }
    assert!(
        clockwise_y < anticlockwise_y,
        "clockwise mark above: {clockwise_y} vs {anticlockwise_y}"
    );
}

#[test]
fn a_game_gif_has_one_frame_per_position() {
    let pos = Position::new(Variant::Courier);
    let game = Game::replay(pos, &["e2e3", "e7e6", "f1e2", "f8e7"]).unwrap();
    let frames = BoardView::game(
        &pos,
        game.moves(),
        &BoardView::new(BoardKind::Wide12).with_size(160),
    );
    let bytes = render::gif(&frames, 700);
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&bytes)).unwrap();
    let decoded: Vec<_> = decoder.into_frames().collect_frames().unwrap();
    assert_eq!(decoded.len(), 5);
    for frame in &decoded {
        assert_eq!(frame.buffer().dimensions(), (240, 160));
    }
    // The last frame shows the final position (up to the GIF's palette).
    let last = decoded.last().unwrap().buffer();
    let expected = render::draw(frames.last().unwrap());
    assert!(difference(last, &expected) < 0.01);
    assert!(difference(decoded[0].buffer(), &expected) > 0.005);
}

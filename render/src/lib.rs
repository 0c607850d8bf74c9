//! Board pictures for alfil: the 8x8, 12x8 and round boards with our own
//! piece set and the marks players expect (last move, check, legal-move
//! dots, arrows, labels, coordinates, a caption), as PNG or animated GIF.
//!
//! The input is a [`BoardView`]: pieces on squares and plain lists of
//! marks, so the service can describe a picture without knowing how it is
//! drawn.
//!
//! ```
//! use engine::{Setup, Square, Variant};
//! use render::BoardView;
//! let sq = |s| Square::parse(s).unwrap();
//! let view = BoardView::from_setup(&Setup::start(Variant::Shatranj))
//!     .with_last_move(sq("e2"), sq("e3"))
//!     .with_size(256);
//! let bytes = render::png(&view);
//! assert_eq!(&bytes[1..4], b"PNG");
//! ```

mod background;
mod canvas;
mod gif;
mod layout;
mod overlay;
mod path;
mod pieces;
mod round;
mod square;
mod text;
mod theme;
mod view;

pub use crate::gif::gif;
pub use theme::{Palette, Rgba, Theme, UnknownTheme};
pub use view::{Arrow, BoardView, Caption, RoundStyle};

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder, RgbaImage};
use layout::Layout;

/// The height of the caption strip for a board of `size` px.
fn caption_height(size: u32) -> u32 {
    (size * 3 / 40).max(20)
}

/// Draws a view into an RGBA image (opaque everywhere).
///
/// ```
/// use engine::BoardKind;
/// let img = render::draw(&render::BoardView::new(BoardKind::Wide12).with_size(160));
/// assert_eq!(img.dimensions(), (240, 160));
/// ```
pub fn draw(view: &BoardView) -> RgbaImage {
    let layout = Layout::of(view);
    let palette = view.theme.palette();
    let (_, h) = layout.size();
    let strip = view.caption.as_ref().map_or(0, |_| caption_height(h));
    let mut canvas = background::canvas(view, &layout, h + strip);

    if let Some((from, to)) = view.last_move {
        overlay::tint(&mut canvas, &layout, &[from, to], palette.last_move);
    }
    if let Some(sq) = view.selected {
        overlay::tint(&mut canvas, &layout, &[sq], palette.selected);
    }
    if let Some(king) = view.check {
        overlay::check(&mut canvas, &layout, king, &palette);
    }
    let piece_size = layout.piece_size();
    let cells = engine::Geometry::of(view.board).cells;
    for sq in cells {
        if let Some(piece) = view.pieces[sq.index()] {
            let (cx, cy) = layout.centre(sq);
            pieces::draw(&mut canvas, piece, cx, cy, piece_size);
            if let (Some(dir), engine::BoardKind::Round) = (view.pawn_dirs[sq.index()], view.board)
            {
                if piece.role == engine::Role::Pawn {
                    overlay::pawn_mark(&mut canvas, &layout, sq, piece, dir);
                }
            }
        }
    }
    if let (true, Layout::Round(l)) = (view.coordinates, &layout) {
        // Over the pieces: the round board's cells are tight.
        l.draw_coordinates(&mut canvas, &palette, view.round_style);
    }
    if view.labels {
        for sq in cells {
            if let Some(piece) = view.pieces[sq.index()] {
                overlay::label(&mut canvas, &layout, sq, piece);
            }
        }
    }
    overlay::dots(&mut canvas, &layout, &view.dots, &palette);
    overlay::rings(&mut canvas, &layout, &view.captures, &palette);
    overlay::arrows(&mut canvas, &layout, &view.arrows, &palette);
    if let Some(caption) = &view.caption {
        overlay::caption(&mut canvas, h, caption, &palette);
    }
    canvas.img
}

/// A view as PNG bytes.
///
/// ```
/// use engine::{Setup, Variant};
/// let view = render::BoardView::from_setup(&Setup::start(Variant::Byzantine)).with_size(200);
/// let png = render::png(&view);
/// let back = image::load_from_memory(&png).unwrap();
/// assert_eq!((back.width(), back.height()), (200, 200));
/// ```
pub fn png(view: &BoardView) -> Vec<u8> {
    // Measured on our boards: the Up filter packs the square boards' rows
    // best, while the round board's arcs leave every filter a noisy
    // residue, and no filter at all is both smaller and faster there.
    let filter = match view.board {
        engine::BoardKind::Round => FilterType::NoFilter,
        _ => FilterType::Up,
    };
    encode(&draw(view), filter)
}

/// PNG bytes of a picture from [`draw`].
///
/// ```
/// let img = render::draw(&render::BoardView::new(engine::BoardKind::Square8).with_size(64));
/// assert_eq!(&render::encode_png(&img)[1..4], b"PNG");
/// ```
pub fn encode_png(img: &RgbaImage) -> Vec<u8> {
    encode(img, FilterType::Up)
}

/// RGB, since every pixel is opaque; zlib (zlib-rs) level 2, which on our
/// boards is within 10% of the best size at a fraction of the time: about
/// a millisecond for a 512 px board.
fn encode(img: &RgbaImage, filter: FilterType) -> Vec<u8> {
    let mut rgb = vec![0u8; (img.width() * img.height() * 3) as usize];
    for (out, px) in rgb.chunks_exact_mut(3).zip(img.as_raw().chunks_exact(4)) {
        out.copy_from_slice(&px[..3]);
    }
    let mut out = Vec::with_capacity(rgb.len() / 8);
    PngEncoder::new_with_quality(&mut out, CompressionType::Level(2), filter)
        .write_image(
            &rgb,
            img.width(),
            img.height(),
            image::ExtendedColorType::Rgb8,
        )
        .expect("encoding to memory cannot fail");
    out
}

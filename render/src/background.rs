//! The empty board (cells, lines, square-board coordinates) depends only on
//! a few display options, so it is drawn once per combination and copied:
//! a copy is a memcpy, drawing it again is most of a picture's cost.

use crate::canvas::Canvas;
use crate::layout::Layout;
use crate::theme::Theme;
use crate::view::{BoardView, RoundStyle};
use engine::BoardKind;
use image::RgbaImage;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    board: BoardKind,
    size: u32,
    flipped: bool,
    theme: Theme,
    round_style: RoundStyle,
    coordinates: bool,
}

/// Few combinations occur (a server uses one or two sizes); past this many
/// the cache starts over rather than grow without bound.
const MAX_ENTRIES: usize = 64;

/// A canvas `height` px high whose top holds the empty board; the rest
/// (the caption strip) is the frame colour.
pub(crate) fn canvas(view: &BoardView, layout: &Layout, height: u32) -> Canvas {
    let key = Key {
        board: view.board,
        size: view.size,
        flipped: view.flipped,
        theme: view.theme,
        round_style: view.round_style,
        coordinates: view.coordinates,
    };
    let board = cached(key, layout);
    let mut bytes = Vec::with_capacity((board.width() * height * 4) as usize);
    bytes.extend_from_slice(board.as_raw());
    let frame = view.theme.palette().frame.image().0;
    // The caption strip, if any, below the board.
    while bytes.len() < bytes.capacity() {
        bytes.extend_from_slice(&frame);
    }
    Canvas {
        img: RgbaImage::from_raw(board.width(), height, bytes).expect("sized to fit"),
    }
}

fn cached(key: Key, layout: &Layout) -> Arc<RgbaImage> {
    type Cache = Mutex<HashMap<Key, Arc<RgbaImage>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(found) = cache.lock().expect("background cache").get(&key) {
        return found.clone();
    }
    let board = Arc::new(draw(key, layout));
    let mut cache = cache.lock().expect("background cache");
    if cache.len() >= MAX_ENTRIES {
        cache.clear();
    }
    cache.insert(key, board.clone());
    board
}

fn draw(key: Key, layout: &Layout) -> RgbaImage {
    let palette = key.theme.palette();
    let (w, h) = layout.size();
    let mut canvas = Canvas::new(w, h, palette.frame);
    match layout {
        Layout::Square(l) => {
            l.draw_board(&mut canvas, &palette);
            if key.coordinates {
                // Under the pieces, in the cell corners they leave free.
                l.draw_coordinates(&mut canvas, &palette);
            }
        }
        Layout::Round(l) => l.draw_board(&mut canvas, &palette, key.round_style),
    }
    canvas.img
}

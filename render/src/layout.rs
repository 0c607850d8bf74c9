//! Where each cell of a board lies in the picture, for any board kind: the
//! overlays and pieces ask this and never care which board it is.

use crate::round::RoundLayout;
use crate::square::SquareLayout;
use crate::view::BoardView;
use engine::{BoardKind, Square};
use tiny_skia::Path;

pub(crate) enum Layout {
    Square(SquareLayout),
    Round(RoundLayout),
}

impl Layout {
    pub fn of(view: &BoardView) -> Layout {
        match view.board {
            BoardKind::Round => Layout::Round(RoundLayout::new(view.size, view.flipped)),
            kind => Layout::Square(SquareLayout::new(kind, view.size, view.flipped)),
        }
    }

    /// The board's width and height in pixels, caption not included.
    pub fn size(&self) -> (u32, u32) {
        match self {
            Layout::Square(l) => l.size(),
            Layout::Round(l) => l.size(),
        }
    }

    pub fn cell_path(&self, sq: Square) -> Path {
        match self {
            Layout::Square(l) => l.cell_path(sq),
            Layout::Round(l) => l.cell_path(sq),
        }
    }

    /// Where a piece on `sq` stands.
    pub fn centre(&self, sq: Square) -> (f32, f32) {
        match self {
            Layout::Square(l) => l.centre(sq),
            Layout::Round(l) => l.centre(sq),
        }
    }

    /// The side of the box a piece is drawn in; dots, rings and arrows
    /// scale with it.
    pub fn piece_size(&self) -> u32 {
        match self {
            Layout::Square(l) => l.cell,
            Layout::Round(l) => l.piece_size(),
        }
    }
}

//! The square boards: 8x8 and 12x8.

use crate::canvas::Canvas;
use crate::text;
use crate::theme::Palette;
use engine::{BoardKind, Geometry, Square};
use tiny_skia::{PathBuilder, Rect};

pub(crate) struct SquareLayout {
    pub kind: BoardKind,
    /// Cell side in whole pixels, so cells meet on pixel edges with no seams.
    pub cell: u32,
    pub flipped: bool,
}

impl SquareLayout {
    pub fn new(kind: BoardKind, size: u32, flipped: bool) -> SquareLayout {
        SquareLayout {
            kind,
            cell: (size / kind.ranks() as u32).max(1),
            flipped,
        }
    }

    pub fn size(&self) -> (u32, u32) {
        (
            self.cell * self.kind.files() as u32,
            self.cell * self.kind.ranks() as u32,
        )
    }

    /// The column and row (from the top left) of a square on screen.
    pub fn grid(&self, sq: Square) -> (u32, u32) {
        let (files, ranks) = (self.kind.files() as u32, self.kind.ranks() as u32);
        let (f, r) = (sq.file() as u32, sq.rank() as u32);
        if self.flipped {
            (files - 1 - f, r)
        } else {
            (f, ranks - 1 - r)
        }
    }

    pub fn origin(&self, sq: Square) -> (u32, u32) {
        let (col, row) = self.grid(sq);
        (col * self.cell, row * self.cell)
    }

    pub fn cell_path(&self, sq: Square) -> tiny_skia::Path {
        let (x, y) = self.origin(sq);
        let c = self.cell as f32;
        PathBuilder::from_rect(Rect::from_xywh(x as f32, y as f32, c, c).expect("cell has area"))
    }

    pub fn centre(&self, sq: Square) -> (f32, f32) {
        let (x, y) = self.origin(sq);
        let half = self.cell as f32 / 2.0;
        (x as f32 + half, y as f32 + half)
    }

    pub fn is_light(sq: Square) -> bool {
        (sq.file() + sq.rank()) % 2 == 1
    }

    pub fn draw_board(&self, canvas: &mut Canvas, palette: &Palette) {
        for sq in Geometry::of(self.kind).cells {
            let (x, y) = self.origin(sq);
            let color = if Self::is_light(sq) {
                palette.light
            } else {
                palette.dark
            };
            canvas.fill_rect(x, y, self.cell, self.cell, color);
        }
    }

    /// lichess style: rank numbers in the top left corner of the left
    /// column, file letters in the bottom right corner of the bottom row,
    /// each in the colour of the other kind of square.
    pub fn draw_coordinates(&self, canvas: &mut Canvas, palette: &Palette) {
        let c = self.cell as f32;
        let scale = (c * 0.24).max(8.0);
        let pad = (c * 0.06).max(1.5);
        for sq in Geometry::of(self.kind).cells {
            let (col, row) = self.grid(sq);
            let (x, y) = self.origin(sq);
            let ink = if Self::is_light(sq) {
                palette.dark
            } else {
                palette.light
            };
            if col == 0 {
                let label = sq.rank_char().to_string();
                text::draw(
                    canvas,
                    &label,
                    x as f32 + pad,
                    y as f32 + pad * 0.5,
                    scale,
                    ink,
                );
            }
            if row == self.kind.ranks() as u32 - 1 {
                let label = sq.file_char().to_string();
                let (w, h) = text::measure(&label, scale);
                text::draw(
                    canvas,
                    &label,
                    x as f32 + c - pad - w,
                    y as f32 + c - pad * 0.5 - h,
                    scale,
                    ink,
                );
            }
        }
    }
}

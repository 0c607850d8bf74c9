//! The round board of Byzantine chess: 4 rings of 16 cells round an empty
//! centre (see RULES.md). Ring 0 is the inner ring. Along a ring, position
//! 0 is the left-half cell of rank 1 beside the bottom of the board, and the
//! positions run clockwise: up the left half to rank 8, then down the right
//! half, so White sits at the bottom. Flipped, the board turns half a turn.

use crate::canvas::Canvas;
use crate::path::{annular_sector, arc, polar};
use crate::text;
use crate::theme::Palette;
use crate::view::RoundStyle;
use engine::{BoardKind, Geometry, Square};
use std::f32::consts::{PI, TAU};
use tiny_skia::{Path, PathBuilder};

const CELLS: f32 = 16.0;
const STEP: f32 = TAU / CELLS;

pub(crate) struct RoundLayout {
    pub size: u32,
    pub flipped: bool,
    pub cx: f32,
    pub cy: f32,
    /// Radius of the empty centre.
    pub hole: f32,
    /// Width of one ring.
    pub ring: f32,
}

impl RoundLayout {
    pub fn new(size: u32, flipped: bool) -> RoundLayout {
        let size = size.max(16);
        let half = size as f32 / 2.0;
        // Only a thin rim outside the outer ring: the rank numbers fit in
        // the outer cells, which are twice as long as a piece is wide, and
        // every pixel given to the rings makes the pieces bigger.
        let outer = half * 0.97;
        // The centre hole is sized so the inner ring's cells are nearly as
        // wide as they are deep: 16 cells of width w round a circle of
        // radius hole + w/2 need hole = (16 / 2pi - 1/2) w, about 2w; a
        // little less still leaves room for the pieces there.
        const HOLE: f32 = 1.75;
        let ring = outer / (4.0 + HOLE);
        RoundLayout {
            size,
            flipped,
            cx: half,
            cy: half,
            hole: HOLE * ring,
            ring,
        }
    }

    pub fn size(&self) -> (u32, u32) {
        (self.size, self.size)
    }

    pub fn outer(&self) -> f32 {
        self.hole + 4.0 * self.ring
    }

    /// The screen angle (radians, 0 = right, clockwise) where position `p`
    /// along a ring begins.
    pub fn angle(&self, p: f32) -> f32 {
        // Position 0 begins straight down (pi/2 on screen) and the count
        // runs clockwise, which on a y-down screen is increasing angle.
        let a = PI / 2.0 + p * STEP;
        if self.flipped {
            a + PI
        } else {
            a
        }
    }

    fn ring_and_position(sq: Square) -> (f32, f32) {
        let (x, y) = BoardKind::Round.coords(sq);
        (x as f32, y as f32)
    }

    pub fn cell_path(&self, sq: Square) -> Path {
        let (ring, p) = Self::ring_and_position(sq);
        let r0 = self.hole + ring * self.ring;
        annular_sector(
            self.cx,
            self.cy,
            r0,
            r0 + self.ring,
            self.angle(p),
            self.angle(p + 1.0),
        )
    }

    /// A point of a cell: `along` and `across` in 0..1 within it.
    pub fn point_in(&self, sq: Square, along: f32, across: f32) -> (f32, f32) {
        let (ring, p) = Self::ring_and_position(sq);
        let r = self.hole + (ring + across) * self.ring;
        polar(self.cx, self.cy, r, self.angle(p + along))
    }

    pub fn centre(&self, sq: Square) -> (f32, f32) {
        self.point_in(sq, 0.5, 0.5)
    }

    /// The direction (radians) of walking clockwise along the ring at `sq`'s centre.
    pub fn clockwise_tangent(&self, sq: Square) -> f32 {
        let (_, p) = Self::ring_and_position(sq);
        self.angle(p + 0.5) + PI / 2.0
    }

    pub fn piece_size(&self) -> u32 {
        // The inner ring's cells are the narrowest, about one ring wide.
        (self.ring * 0.9).round() as u32
    }

    pub fn is_light(sq: Square) -> bool {
        let (ring, p) = BoardKind::Round.coords(sq);
        // a1 (outer ring, position 0) dark, as on the square board.
        (ring + p) % 2 == 0
    }

    pub fn draw_board(&self, canvas: &mut Canvas, palette: &Palette, style: RoundStyle) {
        let (cx, cy) = (self.cx, self.cy);
        let line = (self.size as f32 / 320.0).max(1.0);
        for sq in Geometry::of(BoardKind::Round).cells {
            let color = match style {
                RoundStyle::Plain => palette.plain,
                RoundStyle::Chequered if Self::is_light(sq) => palette.light,
                RoundStyle::Chequered => palette.dark,
            };
            canvas.fill(&self.cell_path(sq), color);
        }
        if style == RoundStyle::Plain {
            let mut pb = PathBuilder::new();
            for i in 1..4 {
                pb.push_circle(cx, cy, self.hole + i as f32 * self.ring);
            }
            for p in 0..16 {
                let a = self.angle(p as f32);
                let (x0, y0) = polar(cx, cy, self.hole, a);
                let (x1, y1) = polar(cx, cy, self.outer(), a);
                pb.move_to(x0, y0);
                pb.line_to(x1, y1);
            }
            canvas.stroke(&pb.finish().expect("lines"), palette.lines, line);
        }
        // The two halves meet on the line through the centre between ranks
        // 1 and 8: drawing it heavier shows where each side's army starts.
        let mut pb = PathBuilder::new();
        for a in [self.angle(0.0), self.angle(8.0)] {
            let (x0, y0) = polar(cx, cy, self.hole, a);
            let (x1, y1) = polar(cx, cy, self.outer(), a);
            pb.move_to(x0, y0);
            pb.line_to(x1, y1);
        }
        canvas.stroke(&pb.finish().expect("lines"), palette.lines, line * 2.0);
        // Rims on the outer and inner edges.
        let mut pb = PathBuilder::new();
        arc(&mut pb, cx, cy, self.outer(), 0.0, TAU, true);
        pb.close();
        arc(&mut pb, cx, cy, self.hole, 0.0, TAU, true);
        pb.close();
        canvas.stroke(&pb.finish().expect("rims"), palette.lines, line * 2.5);
    }

    /// Rank numbers in the outer ring's cells, beside the piece on the
    /// upper side; file letters in the cells either side of the bottom
    /// line, one per ring.
    pub fn draw_coordinates(&self, canvas: &mut Canvas, palette: &Palette, style: RoundStyle) {
        let ink_and_ground = |sq: Square| match style {
            RoundStyle::Plain => (palette.frame, palette.plain),
            RoundStyle::Chequered if Self::is_light(sq) => (palette.dark, palette.light),
            RoundStyle::Chequered => (palette.light, palette.dark),
        };
        let number_scale = (self.ring * 0.3).max(8.0);
        for p in 0..16 {
            let sq = BoardKind::Round.at(3, p).expect("outer ring cell");
            let (x0, y0) = self.point_in(sq, 0.14, 0.5);
            let (x1, y1) = self.point_in(sq, 0.86, 0.5);
            let (x, y) = if y0 <= y1 { (x0, y0) } else { (x1, y1) };
            let (ink, _) = ink_and_ground(sq);
            text::draw_centred(canvas, &sq.rank_char().to_string(), x, y, number_scale, ink);
        }
        let letter_scale = (self.ring * 0.3).max(8.0);
        // The cells beside the bottom line are rank 1's, or rank 8's when
        // flipped. Each letter sits in its cell's corner at that line on
        // the inner side, where a piece is narrowest; they are drawn over
        // the pieces, so they are never hidden.
        let rank = if self.flipped { 7 } else { 0 };
        for file in 0..8u8 {
            let sq = Square::new(file, rank).expect("round board square");
            let (_, p) = BoardKind::Round.coords(sq);
            let along = if p == 0 || p == 8 { 0.1 } else { 0.9 };
            let (x, y) = self.point_in(sq, along, 0.2);
            let (ink, ground) = ink_and_ground(sq);
            // A small disc of the cell's colour keeps the letter readable
            // where a piece reaches into the corner.
            if let Some(disc) = PathBuilder::from_circle(x, y, letter_scale * 0.55) {
                canvas.fill(&disc, ground.alpha(200));
            }
            text::draw_centred(canvas, &sq.file_char().to_string(), x, y, letter_scale, ink);
        }
    }
}

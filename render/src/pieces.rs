//! alfil's own piece set, drawn for this project from simple shapes.
//!
//! Each piece is a list of layers on a 100 x 100 grid (y down, standing on
//! y = 90), drawn in order. The shapes are what a player needs to tell the
//! nine roles apart at a glance at 48 px:
//!
//! - king: a pointed crown with a cross, the tallest piece;
//! - ferz: the counsellor, an orb marked with a diagonal cross (its move);
//! - alfil: an elephant's head, ears spread, tusks and trunk (no mitre);
//! - knight: a horse's head;
//! - rook: a castle tower;
//! - pawn: a small ball on a stem;
//! - courier: the mitre with its slit, as the bishop it is;
//! - man: a small crowned bust with no cross;
//! - schleich: a low snail (a "creeper").
//!
//! White pieces are ivory with a dark outline; black pieces are dark with
//! a light outline, so both stand out on light and dark squares alike.

use crate::canvas::Canvas;
use crate::path::svg;
use engine::{Color, Piece, Role};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use tiny_skia::{
    FillRule, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, PixmapMut, Shader, Stroke,
    Transform,
};

use crate::theme::Rgba;

/// How a layer is painted.
#[derive(Clone, Copy)]
enum Ink {
    /// Filled in the body colour and outlined.
    Body,
    /// A line in the outline colour.
    Line,
    /// Filled in the outline colour (eyes, doors).
    Dot,
}

enum Shape {
    Svg(&'static str),
    Circle(f32, f32, f32),
    Ellipse(f32, f32, f32, f32),
}

use Ink::*;
use Shape::*;

/// A rounded pedestal from `x0` to `x1`, between `y0` and 90.
fn base(x0: f32, x1: f32, y0: f32) -> Path {
    let mut pb = PathBuilder::new();
    let r = 3.0;
    pb.move_to(x0 + r, y0);
    pb.line_to(x1 - r, y0);
    pb.quad_to(x1, y0, x1, y0 + r);
    pb.line_to(x1, 90.0 - r);
    pb.quad_to(x1, 90.0, x1 - r, 90.0);
    pb.line_to(x0 + r, 90.0);
    pb.quad_to(x0, 90.0, x0, 90.0 - r);
    pb.line_to(x0, y0 + r);
    pb.quad_to(x0, y0, x0 + r, y0);
    pb.close();
    pb.finish().expect("base has area")
}

/// The layers of a role, bottom first. The pedestal is given separately.
fn layers(role: Role) -> (Path, Vec<(Ink, Shape)>) {
    match role {
        Role::King => (
            base(17.0, 83.0, 80.0),
            vec![
                (Body, Svg("M46.5 3 H53.5 V8.5 H59 V15.5 H53.5 V22 H46.5 V15.5 H41 V8.5 H46.5 Z")),
                (Body, Svg("M26 50 L18 24 L35 37 L50 19 L65 37 L82 24 L74 50 Z")),
                (Body, Circle(18.0, 23.0, 4.0)),
                (Body, Circle(82.0, 23.0, 4.0)),
                (Body, Svg("M29 80 C31 70 33 64 31 57 L69 57 C67 64 69 70 71 80 Z")),
                (Body, Svg("M25 49 H75 V58 H25 Z")),
                (Dot, Circle(50.0, 53.5, 2.8)),
                (Dot, Circle(37.0, 53.5, 2.0)),
                (Dot, Circle(63.0, 53.5, 2.0)),
            ],
        ),
        Role::Ferz => (
            base(22.0, 78.0, 80.0),
            vec![
                (Body, Circle(50.0, 12.5, 4.5)),
                (Body, Svg("M29 80 C31 68 39 60 40 50 L60 50 C61 60 69 68 71 80 Z")),
                (Body, Ellipse(50.0, 49.0, 16.0, 5.0)),
                (Body, Circle(50.0, 31.0, 15.0)),
                (Line, Svg("M39.4 20.4 L60.6 41.6 M60.6 20.4 L39.4 41.6")),
            ],
        ),
        Role::Alfil => (
            base(25.0, 75.0, 82.0),
            vec![
                (Body, Svg("M38 34 C28 20 9 22 8 40 C7 55 18 65 33 62 Z")),
                (Body, Svg("M62 34 C72 20 91 22 92 40 C93 55 82 65 67 62 Z")),
                (Body, Svg("M31 63 C25 46 30 22 50 20 C70 22 75 46 69 63 C64 70 36 70 31 63 Z")),
                (Body, Svg("M37 61 C35 70 29 75 21 75 C27 70 31 65 33 58 Z")),
                (Body, Svg("M63 61 C65 70 71 75 79 75 C73 70 69 65 67 58 Z")),
                (Body, Svg("M43 58 C43 68 42 76 46 82 C50 87 58 86 60 80 C56 81 52 80 52 74 C52 68 57 62 57 58 Z")),
                (Dot, Circle(40.5, 42.0, 2.8)),
                (Dot, Circle(59.5, 42.0, 2.8)),
            ],
        ),
        Role::Knight => (
            base(20.0, 84.0, 80.0),
            vec![
                (Body, Svg("M31 81 C28 70 34 62 43 56 C37 58 29 61 22 61 C15 61 12 55 14 50 C19 42 27 31 33 22 L37 9 L45 16 L51 6 L56 18 C71 22 81 39 81 57 L81 81 Z")),
                (Dot, Svg("M36 30 C38 27 43 27 44 30 C42 32 38 32 36 30 Z")),
                (Dot, Circle(19.5, 53.0, 2.2)),
                (Line, Svg("M58 21 C68 28 74 40 75 56")),
            ],
        ),
        Role::Rook => (
            base(18.0, 82.0, 80.0),
            vec![
                (Body, Svg("M28 80 L31 42 H69 L72 80 Z")),
                (Body, Svg("M22 44 V15 H33 V23 H44.5 V15 H55.5 V23 H67 V15 H78 V44 Z")),
                (Line, Svg("M30 61 H70")),
                (Dot, Svg("M44.5 80 V72 C44.5 66 55.5 66 55.5 72 V80 Z")),
            ],
        ),
        Role::Pawn => (
            base(26.0, 74.0, 80.0),
            vec![
                (Body, Svg("M32 80 C34 68 41 61 43 54 L57 54 C59 61 66 68 68 80 Z")),
                (Body, Ellipse(50.0, 53.0, 12.5, 4.0)),
                (Body, Circle(50.0, 39.0, 11.5)),
            ],
        ),
        Role::Courier => (
            base(22.0, 78.0, 80.0),
            vec![
                (Body, Circle(50.0, 10.5, 4.5)),
                (Body, Svg("M32 80 C35 72 40 68 41 62 L59 62 C60 68 65 72 68 80 Z")),
                (Body, Ellipse(50.0, 61.0, 15.0, 4.5)),
                (Body, Svg("M50 14 C65 24 71 40 63 57 L37 57 C29 40 35 24 50 14 Z")),
                (Line, Svg("M58 27 L46 41")),
            ],
        ),
        Role::Man => (
            base(25.0, 75.0, 83.0),
            vec![
                (Body, Svg("M27 83 C27 70 37 63 50 63 C63 63 73 70 73 83 Z")),
                (Body, Circle(50.0, 53.0, 11.0)),
                (Body, Svg("M38.5 47 L36 31 L44 38 L50 29 L56 38 L64 31 L61.5 47 Z")),
            ],
        ),
        Role::Schleich => (
            base(12.0, 88.0, 82.0),
            vec![
                (Line, Svg("M77 58 L72 43 M83 57 L87 43")),
                (Body, Circle(72.0, 42.5, 3.0)),
                (Body, Circle(87.0, 42.5, 3.0)),
                (Body, Svg("M13 82 C13 77 21 75 33 75 L66 75 C70 75 72 68 74 61 C76 54 87 53 88 60 C89 67 83 72 86 82 Z")),
                (Body, Circle(45.0, 56.0, 21.0)),
                (Line, Svg("M45 57 C45 53 50 53 50 57 C50 62 43 63 41 58 C38 51 46 45 52 48 C59 52 58 63 51 67 C43 72 31 66 30 56")),
                (Dot, Circle(83.0, 61.0, 1.8)),
            ],
        ),
    }
}

pub(crate) struct Colors {
    pub body: Rgba,
    pub outline: Rgba,
}

pub(crate) fn colors(color: Color) -> Colors {
    match color {
        Color::White => Colors {
            body: Rgba::rgb(0xfa, 0xf6, 0xec),
            outline: Rgba::rgb(0x1e, 0x1a, 0x18),
        },
        Color::Black => Colors {
            body: Rgba::rgb(0x2b, 0x27, 0x25),
            outline: Rgba::rgb(0xf0, 0xe9, 0xdc),
        },
    }
}

const OUTLINE: f32 = 3.0;

fn shape_path(shape: &Shape) -> Path {
    match *shape {
        Svg(d) => svg(d),
        Circle(x, y, r) => PathBuilder::from_circle(x, y, r).expect("circle"),
        Ellipse(x, y, rx, ry) => PathBuilder::from_oval(
            tiny_skia::Rect::from_xywh(x - rx, y - ry, 2.0 * rx, 2.0 * ry).expect("oval"),
        )
        .expect("oval"),
    }
}

/// Paints a piece into `target`, its 100-unit grid mapped onto the square
/// of side `size` at `(x, y)`.
pub(crate) fn paint(target: &mut PixmapMut<'_>, piece: Piece, x: f32, y: f32, size: f32) {
    // The art stands on y = 90 and is a little smaller than its grid; this
    // fills the box to about 5% of each edge, as lichess's sets do.
    let s = size * 1.06 / 100.0;
    let t = Transform::from_row(
        s,
        0.0,
        0.0,
        s,
        x + size / 2.0 - 50.0 * s,
        y + size * 0.955 - 90.0 * s,
    );
    let c = colors(piece.color);
    let fill = |color: Rgba| Paint {
        shader: Shader::SolidColor(color.skia()),
        anti_alias: true,
        ..Paint::default()
    };
    let stroke = Stroke {
        width: OUTLINE,
        line_cap: LineCap::Round,
        line_join: LineJoin::Round,
        ..Stroke::default()
    };
    let (pedestal, shapes) = layers(piece.role);
    let body = |target: &mut PixmapMut<'_>, path: &Path| {
        target.fill_path(path, &fill(c.body), FillRule::Winding, t, None);
        target.stroke_path(path, &fill(c.outline), &stroke, t, None);
    };
    body(target, &pedestal);
    for (ink, shape) in &shapes {
        let path = shape_path(shape);
        match ink {
            Body => body(target, &path),
            Line => target.stroke_path(&path, &fill(c.outline), &stroke, t, None),
            Dot => target.fill_path(&path, &fill(c.outline), FillRule::Winding, t, None),
        }
    }
}

/// A piece drawn at `size` px on a transparent square, made once per size
/// and kept: a board draws from a handful of these.
pub(crate) fn sprite(piece: Piece, size: u32) -> Arc<Pixmap> {
    type Cache = Mutex<HashMap<(Piece, u32), Arc<Pixmap>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(found) = cache.lock().expect("sprite cache").get(&(piece, size)) {
        return found.clone();
    }
    let mut pixmap = Pixmap::new(size.max(1), size.max(1)).expect("sprite size");
    paint(&mut pixmap.as_mut(), piece, 0.0, 0.0, size as f32);
    let sprite = Arc::new(pixmap);
    let mut cache = cache.lock().expect("sprite cache");
    // 18 pieces at a few sizes is all a server uses; odd callers asking
    // for many sizes make the cache start over instead of growing.
    if cache.len() >= 18 * 16 {
        cache.clear();
    }
    cache.insert((piece, size), sprite.clone());
    sprite
}

/// Draws a piece centred on `(cx, cy)` in a box `size` px wide.
pub(crate) fn draw(canvas: &mut Canvas, piece: Piece, cx: f32, cy: f32, size: u32) {
    let sprite = sprite(piece, size);
    let x = (cx - size as f32 / 2.0).round() as i64;
    let y = (cy - size as f32 / 2.0).round() as i64;
    blend(canvas, &sprite, x, y);
}

/// Source-over of a premultiplied sprite onto the opaque canvas. Done by
/// hand because it is the hot loop of every picture and this is several
/// times faster than a general raster pipeline: most sprite pixels are
/// fully transparent or fully opaque.
fn blend(canvas: &mut Canvas, sprite: &Pixmap, x: i64, y: i64) {
    let (cw, ch) = (canvas.width() as i64, canvas.height() as i64);
    let (sw, sh) = (sprite.width() as i64, sprite.height() as i64);
    let src = sprite.data();
    let dst: &mut [u8] = &mut canvas.img;
    for sy in 0.max(-y)..sh.min(ch - y) {
        let dy = y + sy;
        let x0 = 0.max(-x);
        let x1 = sw.min(cw - x);
        if x0 >= x1 {
            return;
        }
        let s_row = &src[((sy * sw + x0) * 4) as usize..((sy * sw + x1) * 4) as usize];
        let d_start = ((dy * cw + x + x0) * 4) as usize;
        let d_row = &mut dst[d_start..d_start + s_row.len()];
        for (d, s) in d_row.chunks_exact_mut(4).zip(s_row.chunks_exact(4)) {
            let a = s[3] as u32;
            if a == 0 {
                continue;
            }
            if a == 255 {
                d[..3].copy_from_slice(&s[..3]);
                continue;
            }
            let inv = 255 - a;
            for i in 0..3 {
                let v = d[i] as u32 * inv + 128;
                d[i] = (s[i] as u32 + ((v + (v >> 8)) >> 8)) as u8;
            }
        }
    }
}

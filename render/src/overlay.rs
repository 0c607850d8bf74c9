//! The marks drawn over the board: highlights, check, destination dots and
//! capture rings, arrows, piece labels, pawn direction marks and the caption.

use crate::canvas::Canvas;
use crate::layout::Layout;
use crate::pieces;
use crate::text;
use crate::theme::{Palette, Rgba};
use crate::view::{Arrow, Caption};
use engine::{PawnDir, Piece, Square};
use std::f32::consts::PI;
use tiny_skia::{GradientStop, PathBuilder, Point, RadialGradient, SpreadMode, Transform};

/// Tints whole cells: the last move's two squares, the selected piece's.
pub(crate) fn tint(canvas: &mut Canvas, layout: &Layout, squares: &[Square], color: Rgba) {
    for &sq in squares {
        canvas.fill(&layout.cell_path(sq), color);
    }
}

/// lichess's check mark: a red glow behind the king, fading to the cell's edge.
pub(crate) fn check(canvas: &mut Canvas, layout: &Layout, king: Square, palette: &Palette) {
    let (cx, cy) = layout.centre(king);
    let r = layout.piece_size() as f32 * 0.62;
    let red = palette.check;
    let stops = vec![
        GradientStop::new(0.0, red.skia()),
        GradientStop::new(0.25, Rgba::rgb(0xe7, 0, 0).skia()),
        GradientStop::new(0.89, Rgba(0xa9, 0, 0, 0).skia()),
        GradientStop::new(1.0, Rgba(0x9e, 0, 0, 0).skia()),
    ];
    let centre = Point::from_xy(cx, cy);
    if let Some(shader) = RadialGradient::new(
        centre,
        0.0,
        centre,
        r,
        stops,
        SpreadMode::Pad,
        Transform::identity(),
    ) {
        canvas.fill_with(&layout.cell_path(king), shader);
    }
}

/// Dots on the empty cells a piece may go to.
pub(crate) fn dots(canvas: &mut Canvas, layout: &Layout, squares: &[Square], palette: &Palette) {
    let r = layout.piece_size() as f32 * 0.16;
    let mut pb = PathBuilder::new();
    for &sq in squares {
        let (x, y) = layout.centre(sq);
        pb.push_circle(x, y, r);
    }
    if let Some(path) = pb.finish() {
        canvas.fill(&path, palette.dot);
    }
}

/// Rings round the pieces a selected piece may capture.
pub(crate) fn rings(canvas: &mut Canvas, layout: &Layout, squares: &[Square], palette: &Palette) {
    let unit = layout.piece_size() as f32;
    let mut pb = PathBuilder::new();
    for &sq in squares {
        let (x, y) = layout.centre(sq);
        pb.push_circle(x, y, unit * 0.45);
    }
    if let Some(path) = pb.finish() {
        canvas.stroke(&path, palette.dot, unit * 0.085);
    }
}

/// Hint arrows: one shape each (shaft and head together) so the
/// translucent colour does not darken where they would overlap.
pub(crate) fn arrows(canvas: &mut Canvas, layout: &Layout, arrows: &[Arrow], palette: &Palette) {
    let unit = layout.piece_size() as f32;
    for arrow in arrows {
        let (ax, ay) = layout.centre(arrow.from);
        let (bx, by) = layout.centre(arrow.to);
        let (dx, dy) = (bx - ax, by - ay);
        let len = (dx * dx + dy * dy).sqrt();
        if len < 1.0 {
            continue;
        }
        let (ux, uy) = (dx / len, dy / len);
        let (nx, ny) = (-uy, ux);
        let half = unit * 0.08;
        let head_half = unit * 0.2;
        let head_len = unit * 0.36;
        // Stop short of the target centre, as lichess does, so the head
        // points at the piece rather than covering it.
        let tip = (bx - ux * unit * 0.12, by - uy * unit * 0.12);
        let neck = (tip.0 - ux * head_len, tip.1 - uy * head_len);
        let mut pb = PathBuilder::new();
        pb.move_to(ax + nx * half, ay + ny * half);
        pb.line_to(neck.0 + nx * half, neck.1 + ny * half);
        pb.line_to(neck.0 + nx * head_half, neck.1 + ny * head_half);
        pb.line_to(tip.0, tip.1);
        pb.line_to(neck.0 - nx * head_half, neck.1 - ny * head_half);
        pb.line_to(neck.0 - nx * half, neck.1 - ny * half);
        pb.line_to(ax - nx * half, ay - ny * half);
        pb.close();
        if let Some(path) = pb.finish() {
            canvas.fill(&path, palette.arrow);
        }
    }
}

/// The piece's name on a small dark tab at the foot of its cell.
pub(crate) fn label(canvas: &mut Canvas, layout: &Layout, sq: Square, piece: Piece) {
    let unit = layout.piece_size() as f32;
    let name = piece.role.name();
    let mut name = name[..1].to_uppercase() + &name[1..];
    let mut scale = (unit * 0.2).max(7.0);
    let mut w = text::measure(&name, scale).0;
    // Long names shrink to fit the cell; at tiny sizes use the letter.
    while w > unit * 0.92 && scale > 7.0 {
        scale *= 0.92;
        w = text::measure(&name, scale).0;
    }
    if w > unit * 0.92 {
        name = piece.role.letter().to_string();
        w = text::measure(&name, scale).0;
    }
    let cap = text::measure("H", scale).1;
    let (cx, cy) = layout.centre(sq);
    let pad = (scale * 0.25).max(1.5);
    let tab_h = cap + 2.0 * pad;
    let bottom = cy + unit * 0.5 - 1.0;
    let rect = tiny_skia::Rect::from_xywh(
        cx - w / 2.0 - pad * 1.2,
        bottom - tab_h,
        w + pad * 2.4,
        tab_h,
    );
    if let Some(rect) = rect {
        canvas.fill(
            &rounded_rect(rect, tab_h * 0.35),
            Rgba(0x10, 0x10, 0x10, 0xb4),
        );
    }
    text::draw_line(
        canvas,
        &name,
        cx - w / 2.0,
        bottom - tab_h / 2.0,
        scale,
        Rgba::rgb(0xff, 0xff, 0xff),
    );
}

fn rounded_rect(r: tiny_skia::Rect, radius: f32) -> tiny_skia::Path {
    let (l, t, rt, b) = (r.left(), r.top(), r.right(), r.bottom());
    let k = radius.min(r.width() / 2.0).min(r.height() / 2.0);
    let mut pb = PathBuilder::new();
    pb.move_to(l + k, t);
    pb.line_to(rt - k, t);
    pb.quad_to(rt, t, rt, t + k);
    pb.line_to(rt, b - k);
    pb.quad_to(rt, b, rt - k, b);
    pb.line_to(l + k, b);
    pb.quad_to(l, b, l, b - k);
    pb.line_to(l, t + k);
    pb.quad_to(l, t, l + k, t);
    pb.close();
    pb.finish().expect("rect has area")
}

/// Round board: a small arrowhead on the side of the cell the pawn walks
/// toward, pointing along the ring, in the pawn's own colours.
pub(crate) fn pawn_mark(
    canvas: &mut Canvas,
    layout: &Layout,
    sq: Square,
    piece: Piece,
    dir: PawnDir,
) {
    let Layout::Round(round) = layout else {
        return;
    };
    let unit = layout.piece_size() as f32;
    let mut a = round.clockwise_tangent(sq);
    if dir == PawnDir::Anticlockwise {
        a += PI;
    }
    let (ux, uy) = (a.cos(), a.sin());
    let (nx, ny) = (-uy, ux);
    let (cx, cy) = round.centre(sq);
    let tip = (cx + ux * unit * 0.56, cy + uy * unit * 0.56);
    let back = (cx + ux * unit * 0.36, cy + uy * unit * 0.36);
    let half = unit * 0.14;
    let mut pb = PathBuilder::new();
    pb.move_to(tip.0, tip.1);
    pb.line_to(back.0 + nx * half, back.1 + ny * half);
    pb.line_to(back.0 + ux * unit * 0.05, back.1 + uy * unit * 0.05);
    pb.line_to(back.0 - nx * half, back.1 - ny * half);
    pb.close();
    let path = pb.finish().expect("mark has area");
    let colors = pieces::colors(piece.color);
    canvas.fill(&path, colors.body);
    canvas.stroke(&path, colors.outline, (unit * 0.035).max(1.0));
}

/// The strip under the board.
pub(crate) fn caption(canvas: &mut Canvas, top: u32, caption: &Caption, palette: &Palette) {
    let width = canvas.width() as f32;
    let height = canvas.height().saturating_sub(top) as f32;
    canvas.fill_rect(0, top, canvas.width(), canvas.height() - top, palette.frame);
    let pad = height * 0.4;
    let mut scale = height * 0.5;
    let fits = |scale: f32| {
        let (l, _) = text::measure(&caption.left, scale);
        let (r, _) = text::measure(&caption.right, scale);
        l + r + pad * 3.0 <= width
    };
    while !fits(scale) && scale > 6.0 {
        scale *= 0.92;
    }
    let mid = top as f32 + height / 2.0;
    text::draw_line(canvas, &caption.left, pad, mid, scale, palette.frame_text);
    let (rw, _) = text::measure(&caption.right, scale);
    text::draw_line(
        canvas,
        &caption.right,
        width - pad - rw,
        mid,
        scale,
        palette.frame_text,
    );
}

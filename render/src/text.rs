//! Text: the bundled Open Sans Bold (Apache-2.0, see fonts/), drawn with
//! imageproc on ab_glyph.

use crate::canvas::Canvas;
use crate::theme::Rgba;
use ab_glyph::{point, Font, FontRef, PxScale, ScaleFont};
use std::sync::OnceLock;

static FONT_BYTES: &[u8] = include_bytes!("../../fonts/OpenSans-Bold.ttf");

pub(crate) fn font() -> &'static FontRef<'static> {
    static FONT: OnceLock<FontRef<'static>> = OnceLock::new();
    FONT.get_or_init(|| FontRef::try_from_slice(FONT_BYTES).expect("bundled font parses"))
}

/// The inked box of `text` at `scale` px, relative to the point imageproc
/// draws from: `(left, top, right, bottom)`. Laid out the way imageproc's
/// `draw_text_mut` lays it out, so the two agree to the pixel.
fn ink_bounds(text: &str, scale: f32) -> Option<(f32, f32, f32, f32)> {
    let font = font();
    let scaled = font.as_scaled(PxScale::from(scale));
    let mut x = 0.0;
    let mut bounds: Option<(f32, f32, f32, f32)> = None;
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        let glyph = id.with_scale_and_position(scale, point(x, scaled.ascent()));
        x += scaled.h_advance(id);
        if let Some(outlined) = font.outline_glyph(glyph) {
            let b = outlined.px_bounds();
            let (l, t) = (b.min.x.round(), b.min.y.round());
            let (r, bt) = (l + b.width(), t + b.height());
            bounds = Some(match bounds {
                None => (l, t, r, bt),
                Some((l0, t0, r0, b0)) => (l0.min(l), t0.min(t), r0.max(r), b0.max(bt)),
            });
        }
    }
    bounds
}

/// The width and height of the ink of `text` at `scale` px.
pub(crate) fn measure(text: &str, scale: f32) -> (f32, f32) {
    ink_bounds(text, scale).map_or((0.0, 0.0), |(l, t, r, b)| (r - l, b - t))
}

/// Draws `text` with the top left of its ink at `(x, y)`.
pub(crate) fn draw(canvas: &mut Canvas, text: &str, x: f32, y: f32, scale: f32, color: Rgba) {
    let Some((l, t, _, _)) = ink_bounds(text, scale) else {
        return;
    };
    imageproc::drawing::draw_text_mut(
        &mut canvas.img,
        color.image(),
        (x - l).round() as i32,
        (y - t).round() as i32,
        PxScale::from(scale),
        font(),
        text,
    );
}

/// Draws `text` with the centre of its ink at `(cx, cy)`.
pub(crate) fn draw_centred(
    canvas: &mut Canvas,
    text: &str,
    cx: f32,
    cy: f32,
    scale: f32,
    color: Rgba,
) {
    let (w, h) = measure(text, scale);
    draw(canvas, text, cx - w / 2.0, cy - h / 2.0, scale, color);
}

/// Draws a line of text with its ink starting at `x` and the middle of its
/// capital letters at `mid_y`, so lines of different letters sit alike.
pub(crate) fn draw_line(
    canvas: &mut Canvas,
    text: &str,
    x: f32,
    mid_y: f32,
    scale: f32,
    color: Rgba,
) {
    let Some((l, _, _, _)) = ink_bounds(text, scale) else {
        return;
    };
    let Some((_, cap_top, _, cap_bottom)) = ink_bounds("H", scale) else {
        return;
    };
    // imageproc's y is the top of the line box; the capitals span
    // cap_top..cap_bottom below it.
    let y = mid_y - (cap_top + cap_bottom) / 2.0;
    imageproc::drawing::draw_text_mut(
        &mut canvas.img,
        color.image(),
        (x - l).round() as i32,
        y.round() as i32,
        PxScale::from(scale),
        font(),
        text,
    );
}

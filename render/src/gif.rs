//! A whole game as an animated GIF, one frame per position.

use crate::view::BoardView;
use gif::{DisposalMethod, Encoder, Frame, Repeat};

/// Encodes the views as an animated GIF that loops, showing each for
/// `delay_ms` and the last one four times as long (so the final position
/// can be read before the game starts again).
///
/// After the first frame only the rectangle that changed is stored: a move
/// touches a few cells, so a 60-move game stays small.
///
/// ```
/// use engine::{Setup, Variant};
/// let view = render::BoardView::from_setup(&Setup::start(Variant::Shatranj)).with_size(128);
/// let bytes = render::gif(&[view.clone(), view], 500);
/// assert_eq!(&bytes[..6], b"GIF89a");
/// ```
pub fn gif(views: &[BoardView], delay_ms: u32) -> Vec<u8> {
    let mut out = Vec::new();
    let Some(first) = views.first() else {
        return out;
    };
    let first = crate::draw(first);
    let (w, h) = (first.width() as u16, first.height() as u16);
    {
        let mut encoder = Encoder::new(&mut out, w, h, &[]).expect("gif header to memory");
        encoder.set_repeat(Repeat::Infinite).expect("gif repeat");
        let delay = (delay_ms / 10).min(u16::MAX as u32) as u16;
        let mut previous: Option<image::RgbaImage> = None;
        let last = views.len() - 1;
        for (i, view) in views.iter().enumerate() {
            let img = if i == 0 {
                first.clone()
            } else {
                crate::draw(view)
            };
            let (x0, y0, x1, y1) = match &previous {
                None => (0, 0, img.width(), img.height()),
                Some(prev) => changed(prev, &img).unwrap_or((0, 0, 1, 1)),
            };
            let mut pixels = Vec::with_capacity(((x1 - x0) * (y1 - y0) * 4) as usize);
            for y in y0..y1 {
                let row = &img.as_raw()
                    [((y * img.width() + x0) * 4) as usize..((y * img.width() + x1) * 4) as usize];
                pixels.extend_from_slice(row);
            }
            // Speed 10 of 30: the pictures have few colours, so a quick
            // quantiser loses nothing visible.
            let mut frame =
                Frame::from_rgba_speed((x1 - x0) as u16, (y1 - y0) as u16, &mut pixels, 10);
            frame.left = x0 as u16;
            frame.top = y0 as u16;
            frame.dispose = DisposalMethod::Keep;
            frame.delay = if i == last && i > 0 {
                delay.saturating_mul(4)
            } else {
                delay
            };
            encoder.write_frame(&frame).expect("gif frame to memory");
            previous = Some(img);
        }
    }
    out
}

/// The bounding box `(x0, y0, x1, y1)` (end exclusive) of the pixels that differ.
fn changed(a: &image::RgbaImage, b: &image::RgbaImage) -> Option<(u32, u32, u32, u32)> {
    let mut bounds: Option<(u32, u32, u32, u32)> = None;
    for (x, y, p) in b.enumerate_pixels() {
        if a.get_pixel(x, y) != p {
            bounds = Some(match bounds {
                None => (x, y, x + 1, y + 1),
                Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1)),
            });
        }
    }
    bounds
}

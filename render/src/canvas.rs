//! The picture being drawn: one RGBA buffer that tiny-skia paints on for
//! shapes and imageproc writes text on.
//!
//! tiny-skia works in premultiplied alpha and `image` in straight alpha.
//! They agree wherever a pixel is opaque, so the canvas is filled opaque
//! first and only ever blended onto; both libraries then share the buffer
//! with no conversion.

use crate::theme::Rgba;
use image::RgbaImage;
use tiny_skia::{FillRule, Paint, Path, PixmapMut, Shader, Stroke, Transform};

pub(crate) struct Canvas {
    pub img: RgbaImage,
}

impl Canvas {
    /// An opaque canvas of one colour.
    pub fn new(width: u32, height: u32, background: Rgba) -> Canvas {
        let bg = background.alpha(255).image();
        Canvas {
            img: RgbaImage::from_pixel(width, height, bg),
        }
    }

    pub fn width(&self) -> u32 {
        self.img.width()
    }

    pub fn height(&self) -> u32 {
        self.img.height()
    }

    pub fn skia(&mut self) -> PixmapMut<'_> {
        let (w, h) = self.img.dimensions();
        PixmapMut::from_bytes(&mut self.img, w, h).expect("canvas is never empty")
    }

    /// An opaque, pixel-aligned rectangle: written straight into the
    /// buffer, much faster than a path fill.
    pub fn fill_rect(&mut self, x: u32, y: u32, w: u32, h: u32, color: Rgba) {
        let px = color.alpha(255).image();
        let (iw, ih) = self.img.dimensions();
        for yy in y..(y + h).min(ih) {
            for xx in x..(x + w).min(iw) {
                self.img.put_pixel(xx, yy, px);
            }
        }
    }

    pub fn fill(&mut self, path: &Path, color: Rgba) {
        self.fill_with(path, Shader::SolidColor(color.skia()));
    }

    pub fn fill_with(&mut self, path: &Path, shader: Shader<'_>) {
        let paint = Paint {
            shader,
            anti_alias: true,
            ..Paint::default()
        };
        self.skia()
            .fill_path(path, &paint, FillRule::Winding, Transform::identity(), None);
    }

    pub fn stroke(&mut self, path: &Path, color: Rgba, width: f32) {
        let paint = Paint {
            shader: Shader::SolidColor(color.skia()),
            anti_alias: true,
            ..Paint::default()
        };
        let stroke = Stroke {
            width,
            ..Stroke::default()
        };
        self.skia()
            .stroke_path(path, &paint, &stroke, Transform::identity(), None);
    }
}

//! Path building: a small SVG path-data reader for the piece art, and
//! circular arcs as cubic curves (tiny-skia's builder has no arcs, and the
//! round board is made of them).

use std::f32::consts::PI;
use tiny_skia::{Path, PathBuilder};

/// Reads SVG path data with the commands M L H V C S Q Z, absolute or
/// relative. The piece art is written in it so each shape reads like the
/// SVG it could be exported to.
///
/// Panics on malformed data: the data is ours and fixed, so a mistake
/// shows up in the first test that draws the piece.
pub(crate) fn svg(data: &str) -> Path {
    let mut pb = PathBuilder::new();
    svg_into(&mut pb, data);
    pb.finish().unwrap_or_else(|| panic!("empty path: {data}"))
}

pub(crate) fn svg_into(pb: &mut PathBuilder, data: &str) {
    let mut tokens = Tokens::new(data);
    let (mut x, mut y) = (0.0f32, 0.0f32);
    let (mut start_x, mut start_y) = (0.0, 0.0);
    // The last cubic control point, for S.
    let mut last_ctrl: Option<(f32, f32)> = None;
    let mut cmd = ' ';
    while let Some(tok) = tokens.peek_command() {
        if let Some(c) = tok {
            cmd = c;
        } else if cmd == 'M' {
            cmd = 'L';
        } else if cmd == 'm' {
            cmd = 'l';
        }
        let rel = cmd.is_ascii_lowercase();
        let (ox, oy) = if rel { (x, y) } else { (0.0, 0.0) };
        let mut ctrl = None;
        match cmd.to_ascii_uppercase() {
            'M' => {
                let (px, py) = (tokens.num() + ox, tokens.num() + oy);
                pb.move_to(px, py);
                (x, y, start_x, start_y) = (px, py, px, py);
            }
            'L' => {
                (x, y) = (tokens.num() + ox, tokens.num() + oy);
                pb.line_to(x, y);
            }
            'H' => {
                x = tokens.num() + ox;
                pb.line_to(x, y);
            }
            'V' => {
                y = tokens.num() + oy;
                pb.line_to(x, y);
            }
            'C' => {
                let (x1, y1) = (tokens.num() + ox, tokens.num() + oy);
                let (x2, y2) = (tokens.num() + ox, tokens.num() + oy);
                (x, y) = (tokens.num() + ox, tokens.num() + oy);
                pb.cubic_to(x1, y1, x2, y2, x, y);
                ctrl = Some((x2, y2));
            }
            'S' => {
                let (x1, y1) = match last_ctrl {
                    Some((cx, cy)) => (2.0 * x - cx, 2.0 * y - cy),
                    None => (x, y),
                };
                let (x2, y2) = (tokens.num() + ox, tokens.num() + oy);
                (x, y) = (tokens.num() + ox, tokens.num() + oy);
                pb.cubic_to(x1, y1, x2, y2, x, y);
                ctrl = Some((x2, y2));
            }
            'Q' => {
                let (x1, y1) = (tokens.num() + ox, tokens.num() + oy);
                (x, y) = (tokens.num() + ox, tokens.num() + oy);
                pb.quad_to(x1, y1, x, y);
            }
            'Z' => {
                pb.close();
                (x, y) = (start_x, start_y);
                // Z takes no numbers: make a following number an error.
                cmd = ' ';
            }
            other => panic!("unsupported path command {other:?} in {data}"),
        }
        last_ctrl = ctrl;
    }
}

struct Tokens<'a> {
    rest: &'a str,
}

impl<'a> Tokens<'a> {
    fn new(data: &'a str) -> Tokens<'a> {
        Tokens { rest: data }
    }

    fn skip_separators(&mut self) {
        self.rest = self
            .rest
            .trim_start_matches(|c: char| c.is_whitespace() || c == ',');
    }

    /// `None` at the end; `Some(Some(cmd))` for a command letter (consumed);
    /// `Some(None)` when a number follows (an implicit repeat).
    fn peek_command(&mut self) -> Option<Option<char>> {
        self.skip_separators();
        let c = self.rest.chars().next()?;
        if c.is_ascii_alphabetic() {
            self.rest = &self.rest[1..];
            Some(Some(c))
        } else {
            Some(None)
        }
    }

    fn num(&mut self) -> f32 {
        self.skip_separators();
        let end = self
            .rest
            .char_indices()
            .find(|&(i, c)| !(c.is_ascii_digit() || c == '.' || ((c == '-' || c == '+') && i == 0)))
            .map_or(self.rest.len(), |(i, _)| i);
        let (number, rest) = self.rest.split_at(end);
        self.rest = rest;
        number
            .parse()
            .unwrap_or_else(|_| panic!("bad number {number:?} in path data"))
    }
}

/// The point at `radius` from `(cx, cy)` in direction `angle` (radians,
/// screen coordinates: 0 is +x, growing clockwise on screen since y points down).
pub(crate) fn polar(cx: f32, cy: f32, radius: f32, angle: f32) -> (f32, f32) {
    (cx + radius * angle.cos(), cy + radius * angle.sin())
}

/// Adds a circular arc from `a0` to `a1` (radians, either direction) as
/// cubics of at most a quarter turn each, starting with a line (or move,
/// if `move_first`) to its first point.
pub(crate) fn arc(
    pb: &mut PathBuilder,
    cx: f32,
    cy: f32,
    r: f32,
    a0: f32,
    a1: f32,
    move_first: bool,
) {
    let (sx, sy) = polar(cx, cy, r, a0);
    if move_first {
        pb.move_to(sx, sy);
    } else {
        pb.line_to(sx, sy);
    }
    let pieces = ((a1 - a0).abs() / (PI / 2.0)).ceil().max(1.0) as usize;
    let step = (a1 - a0) / pieces as f32;
    // The standard cubic approximation of a circular arc.
    let k = 4.0 / 3.0 * (step / 4.0).tan();
    let mut a = a0;
    for _ in 0..pieces {
        let b = a + step;
        let (x0, y0) = polar(cx, cy, r, a);
        let (x3, y3) = polar(cx, cy, r, b);
        let c1 = (x0 - k * r * a.sin(), y0 + k * r * a.cos());
        let c2 = (x3 + k * r * b.sin(), y3 - k * r * b.cos());
        pb.cubic_to(c1.0, c1.1, c2.0, c2.1, x3, y3);
        a = b;
    }
}

/// The region between two circles, between two angles: one round-board cell.
pub(crate) fn annular_sector(cx: f32, cy: f32, r0: f32, r1: f32, a0: f32, a1: f32) -> Path {
    let mut pb = PathBuilder::new();
    arc(&mut pb, cx, cy, r1, a0, a1, true);
    arc(&mut pb, cx, cy, r0, a1, a0, false);
    pb.close();
    pb.finish().expect("a sector has area")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_absolute_and_relative_commands() {
        let p = svg("M10 10 h20 v20 H10 Z m5 5 l5 0 l0 5 z");
        let b = p.bounds();
        assert_eq!(
            (b.left(), b.top(), b.right(), b.bottom()),
            (10.0, 10.0, 30.0, 30.0)
        );
    }

    #[test]
    fn arc_ends_where_it_should() {
        let mut pb = PathBuilder::new();
        arc(&mut pb, 0.0, 0.0, 10.0, 0.0, PI, true);
        let end = pb.last_point().unwrap();
        assert!((end.x + 10.0).abs() < 1e-4 && end.y.abs() < 1e-4);
    }
}

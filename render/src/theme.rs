//! Colour themes: the square colours players know from lichess, and round
//! board and frame colours chosen to sit with them.

use std::fmt;
use std::str::FromStr;

/// An sRGB colour with straight (not premultiplied) alpha.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgba(pub u8, pub u8, pub u8, pub u8);

impl Rgba {
    pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba {
        Rgba(r, g, b, 255)
    }

    /// The same colour with another opacity (0 = transparent, 255 = solid).
    pub const fn alpha(self, a: u8) -> Rgba {
        Rgba(self.0, self.1, self.2, a)
    }

    pub(crate) fn skia(self) -> tiny_skia::Color {
        tiny_skia::Color::from_rgba8(self.0, self.1, self.2, self.3)
    }

    pub(crate) fn image(self) -> image::Rgba<u8> {
        image::Rgba([self.0, self.1, self.2, self.3])
    }
}

/// A board colour scheme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Theme {
    /// lichess's default wood colours.
    #[default]
    Brown,
    Blue,
    Green,
}

/// Every colour a picture uses, for one theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    pub light: Rgba,
    pub dark: Rgba,
    /// Round board, plain style: every cell, with `lines` between them.
    pub plain: Rgba,
    pub lines: Rgba,
    /// Around the round board, in its centre, and behind the caption.
    pub frame: Rgba,
    pub frame_text: Rgba,
    pub last_move: Rgba,
    pub selected: Rgba,
    pub check: Rgba,
    pub dot: Rgba,
    pub arrow: Rgba,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::Brown, Theme::Blue, Theme::Green];

    pub const fn name(self) -> &'static str {
        match self {
            Theme::Brown => "brown",
            Theme::Blue => "blue",
            Theme::Green => "green",
        }
    }

    /// The theme's colours.
    ///
    /// ```
    /// use render::{Rgba, Theme};
    /// assert_eq!(Theme::Brown.palette().light, Rgba::rgb(0xf0, 0xd9, 0xb5));
    /// ```
    pub const fn palette(self) -> Palette {
        // Highlights are lichess's: a translucent yellow-green for the last
        // move, a dark green for destinations and arrows, red for check.
        let common = Palette {
            light: Rgba::rgb(0, 0, 0),
            dark: Rgba::rgb(0, 0, 0),
            plain: Rgba::rgb(0, 0, 0),
            lines: Rgba::rgb(0, 0, 0),
            frame: Rgba::rgb(0, 0, 0),
            frame_text: Rgba::rgb(0xee, 0xe6, 0xd8),
            last_move: Rgba(155, 199, 0, 105),
            selected: Rgba(20, 85, 30, 128),
            check: Rgba::rgb(255, 0, 0),
            dot: Rgba(20, 85, 30, 128),
            arrow: Rgba(21, 120, 27, 204),
        };
        match self {
            Theme::Brown => Palette {
                light: Rgba::rgb(0xf0, 0xd9, 0xb5),
                dark: Rgba::rgb(0xb5, 0x88, 0x63),
                plain: Rgba::rgb(0xe8, 0xcc, 0xa0),
                lines: Rgba::rgb(0x8b, 0x63, 0x44),
                frame: Rgba::rgb(0x4a, 0x36, 0x27),
                ..common
            },
            Theme::Blue => Palette {
                light: Rgba::rgb(0xde, 0xe3, 0xe6),
                dark: Rgba::rgb(0x8c, 0xa2, 0xad),
                plain: Rgba::rgb(0xd2, 0xdb, 0xe0),
                lines: Rgba::rgb(0x6a, 0x80, 0x8c),
                frame: Rgba::rgb(0x34, 0x42, 0x4b),
                ..common
            },
            Theme::Green => Palette {
                light: Rgba::rgb(0xff, 0xff, 0xdd),
                dark: Rgba::rgb(0x86, 0xa6, 0x66),
                plain: Rgba::rgb(0xee, 0xf0, 0xc8),
                lines: Rgba::rgb(0x5e, 0x7d, 0x45),
                frame: Rgba::rgb(0x37, 0x45, 0x2c),
                ..common
            },
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name given is not a theme.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTheme(pub String);

impl fmt::Display for UnknownTheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown theme '{}': choose brown, blue or green", self.0)
    }
}

impl std::error::Error for UnknownTheme {}

impl FromStr for Theme {
    type Err = UnknownTheme;

    fn from_str(s: &str) -> Result<Theme, UnknownTheme> {
        Theme::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownTheme(s.to_string()))
    }
}

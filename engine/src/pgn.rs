//! PGN export with a `Variant` tag.

use crate::game::Game;
use crate::position::Position;

/// The tags a PGN carries besides the ones the game fills in.
#[derive(Clone, Debug, Default)]
pub struct PgnTags {
    pub event: Option<String>,
    pub site: Option<String>,
    /// `YYYY.MM.DD`
    pub date: Option<String>,
    pub white: Option<String>,
    pub black: Option<String>,
}

/// The `Variant` tag value.
pub fn variant_tag(variant: crate::Variant) -> &'static str {
    match variant {
        crate::Variant::Shatranj => "Shatranj",
        crate::Variant::Medieval => "Medieval",
        crate::Variant::Courier => "Courier",
        crate::Variant::Byzantine => "Byzantine",
    }
}

impl Game {
    /// The game as PGN.
    ///
    /// ```
    /// use engine::{Game, PgnTags, Variant};
    /// let game = Game::replay(engine::Position::new(Variant::Courier), &["Nl3"]).unwrap();
    /// let pgn = game.pgn(&PgnTags::default());
    /// assert!(pgn.contains("[Variant \"Courier\"]"));
    /// assert!(pgn.contains("1. Nl3 *"));
    /// ```
    pub fn pgn(&self, tags: &PgnTags) -> String {
        let result = self.outcome().map_or("*", |o| o.pgn());
        let or_unknown = |v: &Option<String>| v.clone().unwrap_or_else(|| "?".into());
        let mut out = String::new();
        let mut tag = |name: &str, value: &str| {
            let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
            out.push_str(&format!("[{name} \"{escaped}\"]\n"));
        };
        tag("Event", &or_unknown(&tags.event));
        tag("Site", &or_unknown(&tags.site));
        tag(
            "Date",
            &tags.date.clone().unwrap_or_else(|| "????.??.??".into()),
        );
        tag("Round", "-");
        tag("White", &or_unknown(&tags.white));
        tag("Black", &or_unknown(&tags.black));
        tag("Result", result);
        tag("Variant", variant_tag(self.variant()));
        if *self.start() != Position::new(self.variant()).with_rules(self.start().rules()) {
            tag("SetUp", "1");
            tag("FEN", &self.start().fen());
        }
        if let Some(outcome) = self.outcome() {
            tag("Termination", outcome.reason().describe());
        }
        out.push('\n');
        let mut movetext = String::new();
        let mut number = self.start().fullmoves();
        let mut white_to_move = self.start().turn() == crate::Color::White;
        for (i, san) in self.san_moves().iter().enumerate() {
            if white_to_move {
                movetext.push_str(&format!("{number}. "));
            } else if i == 0 {
                movetext.push_str(&format!("{number}... "));
            }
            movetext.push_str(san);
            movetext.push(' ');
            if !white_to_move {
                number += 1;
            }
            white_to_move = !white_to_move;
        }
        movetext.push_str(result);
        out.push_str(&wrap(&movetext, 80));
        out.push('\n');
        out
    }
}

fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line_len = 0;
    for word in text.split(' ') {
        if line_len > 0 && line_len + 1 + word.len() > width {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(word);
        line_len += word.len();
    }
    out
}

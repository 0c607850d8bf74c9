//! Does a board picture show the right position? The test keeps its own
//! copy of the game (the engine's `Game`); the picture the bot sent is
//! compared pixel by pixel with the board drawn for that game the way the
//! bot draws it (`alfil::picture`: last move, check, caption from the
//! embed's footer), over the few choices a test does not pin down (which
//! side is at the bottom, theme, piece labels).

use crate::state::Message;
use alfil::service::BoardSpec;
use engine::{Color, Game};

/// The share of pixels (0.0 to 1.0) that differ by more than a little
/// between two pictures; 1.0 when their sizes differ.
pub fn pixel_distance(a: &image::RgbaImage, b: &image::RgbaImage) -> f64 {
    if a.dimensions() != b.dimensions() {
        return 1.0;
    }
    let differ = a
        .pixels()
        .zip(b.pixels())
        .filter(|(p, q)| p.0.iter().zip(q.0.iter()).any(|(x, y)| x.abs_diff(*y) > 24))
        .count();
    differ as f64 / (a.width() as f64 * a.height() as f64).max(1.0)
}

/// The caption of a message's board (its first embed's footer).
pub fn caption(msg: &Message) -> String {
    msg.embeds
        .iter()
        .find_map(|e| e.pointer("/footer/text").and_then(|v| v.as_str()))
        .unwrap_or("")
        .to_string()
}

/// The specs the bot may have drawn for `game` (most likely first).
fn candidate_specs(game: &Game, caption: &str) -> Vec<BoardSpec> {
    let pos = *game.position();
    let last_move = game.moves().last().map(|m| (m.from, m.to));
    let check = pos.is_check().then(|| pos.king(pos.turn()));
    let mut out = Vec::new();
    for theme in ["brown", "blue", "green"] {
        for labels in [false, true] {
            for flipped in [pos.turn() == Color::Black, pos.turn() == Color::White] {
                out.push(BoardSpec {
                    position: pos,
                    flipped,
                    last_move,
                    check,
                    selected: None,
                    dots: Vec::new(),
                    arrows: Vec::new(),
                    theme: theme.into(),
                    labels,
                    caption: caption.into(),
                    name: String::new(),
                });
            }
        }
    }
    out
}

/// How far the picture of `msg` is from the best drawing of `game`
/// (0.0: identical).
pub fn distance_to(msg: &Message, game: &Game) -> Result<f64, String> {
    let png = msg
        .picture()
        .ok_or_else(|| format!("no PNG attached: {}", msg.summary()))?;
    let got = png
        .image()
        .map_err(|e| format!("{} does not decode: {e}", png.filename))?;
    let caption = caption(msg);
    let mut best = 1.0f64;
    for spec in candidate_specs(game, &caption) {
        let want = alfil::picture::view(&spec);
        let want = render::draw(&want);
        best = best.min(pixel_distance(&got, &want));
        if best == 0.0 {
            break;
        }
    }
    Ok(best)
}

/// Checks that `msg` carries a PNG that decodes and shows `game`'s position
/// (and not the one before its last move).
pub fn assert_shows(msg: &Message, game: &Game) {
    let d = distance_to(msg, game).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        d < 0.01,
        "the picture does not show the expected position ({:.1}% of pixels differ)\nexpected: {}\nmessage: {}",
        d * 100.0,
        engine::fen::write(&game.position().to_setup()),
        msg.summary()
    );
    if let Some(last) = game.moves().last() {
        let mut before = game.clone();
        if before.undo().is_some() {
            let d_before = distance_to(msg, &before).unwrap_or(1.0);
            assert!(
                d_before > d,
                "the picture is as close to the position before {last:?} as to the one after"
            );
        }
    }
}

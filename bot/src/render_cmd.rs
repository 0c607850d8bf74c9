//! `alfil render`: draw a position (or a whole game as a GIF) to a file.
//!
//! ```text
//! alfil render shatranj --moves e2e3 d7d6 --dots b1 -o board.png
//! alfil render byzantine --round-style chequered --flip -o round.png
//! alfil render courier --moves e2e3 e7e6 --gif -o game.gif
//! ```

use engine::{Game, Position, Square, Variant};
use render::{BoardView, Caption, RoundStyle, Theme};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// shatranj, medieval, courier or byzantine.
    variant: Variant,
    /// Start from this position instead of the variant's start.
    #[arg(long)]
    fen: Option<String>,
    /// Moves to play from the start (e2e3 or algebraic like Ne2).
    #[arg(long, num_args = 1.., value_name = "MOVE")]
    moves: Vec<String>,
    /// Black at the bottom (the round board turned half a turn).
    #[arg(long)]
    flip: bool,
    /// brown, blue or green.
    #[arg(long, default_value = "brown")]
    theme: Theme,
    /// Short name labels on the pieces.
    #[arg(long)]
    labels: bool,
    /// Show the legal moves of the piece on this square.
    #[arg(long, value_name = "SQUARE")]
    dots: Option<String>,
    /// Board height in pixels.
    #[arg(long, default_value_t = BoardView::DEFAULT_SIZE)]
    size: u32,
    /// Round board: plain or chequered.
    #[arg(long, default_value = "plain")]
    round_style: RoundStyle,
    /// Coordinates on (the default).
    #[arg(long, overrides_with = "no_coords")]
    coords: bool,
    /// Coordinates off.
    #[arg(long, overrides_with = "coords")]
    no_coords: bool,
    /// Highlight this move (FROM-TO) instead of the last of --moves.
    #[arg(long, value_name = "FROM-TO")]
    last_move: Option<String>,
    /// Draw an arrow (FROM-TO); may be given more than once.
    #[arg(long, value_name = "FROM-TO")]
    arrow: Vec<String>,
    /// Text for the caption strip under the board; "left|right" puts the
    /// part after the bar at the right.
    #[arg(long)]
    caption: Option<String>,
    /// Write an animated GIF of the game, one frame per position.
    #[arg(long)]
    gif: bool,
    /// GIF: milliseconds per frame (the last frame stays four times as long).
    #[arg(long, default_value_t = 800)]
    delay: u32,
    /// Where to write the picture.
    #[arg(short, long)]
    output: PathBuf,
}

pub fn run(args: Args) -> Result<(), String> {
    if !(32..=4096).contains(&args.size) {
        return Err(format!("--size {} is out of range (32 to 4096)", args.size));
    }
    let start = match &args.fen {
        Some(fen) => Position::from_fen(args.variant, fen).map_err(|e| format!("bad FEN: {e}"))?,
        None => Position::new(args.variant),
    };
    let mut game = Game::from_position(start);
    for (i, text) in args.moves.iter().enumerate() {
        game.play_text(text)
            .map_err(|e| format!("move {} '{text}': {e}", i + 1))?;
    }
    let template = BoardView::new(args.variant.board())
        .with_flipped(args.flip)
        .with_theme(args.theme)
        .with_labels(args.labels)
        .with_size(args.size)
        .with_round_style(args.round_style)
        .with_coordinates(!args.no_coords);
    let mut frames = BoardView::game(&start, game.moves(), &template);
    let caption = args
        .caption
        .as_deref()
        .map(|text| match text.split_once('|') {
            Some((left, right)) => Caption::new(left.trim(), right.trim()),
            None => Caption::new(text, ""),
        });
    if let Some(caption) = &caption {
        for frame in &mut frames {
            frame.caption = Some(caption.clone());
        }
    }

    let bytes = if args.gif {
        render::gif(&frames, args.delay)
    } else {
        let mut view = frames.pop().expect("the start is always a frame");
        if let Some(text) = &args.last_move {
            let (from, to) = squares_pair(text)?;
            view.last_move = Some((from, to));
        }
        for text in &args.arrow {
            let (from, to) = squares_pair(text)?;
            view = view.with_arrow(from, to);
        }
        if let Some(name) = &args.dots {
            let from = square(name)?;
            if game.position().piece_at(from).is_none() {
                return Err(format!("--dots {name}: there is no piece on {name}"));
            }
            view = view.with_legal_moves(game.position(), from);
        }
        render::png(&view)
    };
    std::fs::write(&args.output, &bytes)
        .map_err(|e| format!("cannot write {}: {e}", args.output.display()))
}

fn square(name: &str) -> Result<Square, String> {
    Square::parse(name.trim()).ok_or_else(|| format!("'{name}' is not a square name like e2"))
}

/// `e2-e4`, `e2e4` or `e2 e4`.
fn squares_pair(text: &str) -> Result<(Square, Square), String> {
    let compact: String = text.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
    if compact.len() != 4 {
        return Err(format!("'{text}' is not two squares like e2-e4"));
    }
    Ok((square(&compact[..2])?, square(&compact[2..])?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_square_pairs_with_or_without_a_dash() {
        let e2 = Square::parse("e2").unwrap();
        let e4 = Square::parse("e4").unwrap();
        assert_eq!(squares_pair("e2-e4"), Ok((e2, e4)));
        assert_eq!(squares_pair("E2E4"), Ok((e2, e4)));
        assert!(squares_pair("e2-e").is_err());
        assert!(squares_pair("e2-z9").is_err());
    }

    #[test]
    fn writes_a_png_after_the_moves() {
        let out = std::env::temp_dir().join(format!("alfil-render-{}.png", std::process::id()));
        let args = <Args as clap::FromArgMatches>::from_arg_matches(
            &<Args as clap::Args>::augment_args(clap::Command::new("render")).get_matches_from([
                "render",
                "medieval",
                "--moves",
                "e2e4",
                "d7d5",
                "--dots",
                "e4",
                "--size",
                "128",
                "-o",
                out.to_str().unwrap(),
            ]),
        )
        .unwrap();
        run(args).unwrap();
        let img = image_size(&std::fs::read(&out).unwrap());
        std::fs::remove_file(&out).unwrap();
        assert_eq!(img, (128, 128));
    }

    fn image_size(png: &[u8]) -> (u32, u32) {
        // Width and height sit big-endian at bytes 16..24 of a PNG.
        let be = |b: &[u8]| u32::from_be_bytes([b[0], b[1], b[2], b[3]]);
        (be(&png[16..20]), be(&png[20..24]))
    }
}

//! Writes sample pictures to look at: `cargo run -p alfil-render --example gallery -- DIR`.

use engine::{BoardKind, Color, Piece, Role, Setup, Square, Variant};
use render::{BoardView, Caption, RoundStyle, Theme};

fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "gallery".into());
    std::fs::create_dir_all(&dir).unwrap();
    let sq = |s: &str| Square::parse(s).unwrap();
    let save = |name: &str, view: &BoardView| {
        let bytes = render::png(view);
        println!("{name}: {} bytes", bytes.len());
        std::fs::write(format!("{dir}/{name}.png"), bytes).unwrap();
    };

    // Every piece at 48 px, on both square colours.
    let mut sheet = BoardView::new(BoardKind::Wide12)
        .with_size(48 * 8)
        .with_coordinates(false);
    for (i, role) in Role::ALL.into_iter().enumerate() {
        for (rank, color, shift) in [
            (7, Color::White, 0),
            (6, Color::Black, 0),
            (5, Color::White, 1),
            (4, Color::Black, 1),
        ] {
            let sq = Square::new(i as u8 + shift, rank).unwrap();
            sheet.pieces[sq.index()] = Some(Piece::new(color, role));
        }
    }
    save("pieces48", &sheet);
    save("pieces48-labels", &sheet.clone().with_labels(true));

    for variant in Variant::ALL {
        let view = BoardView::from_setup(&Setup::start(variant));
        save(variant.name(), &view);
    }
    let round = BoardView::from_setup(&Setup::start(Variant::Byzantine));
    save(
        "byzantine-chequered",
        &round.clone().with_round_style(RoundStyle::Chequered),
    );
    save(
        "byzantine-flipped",
        &round.clone().with_flipped(true).with_labels(true),
    );
    let shatranj = BoardView::from_setup(&Setup::start(Variant::Shatranj));
    save(
        "overlays",
        &shatranj
            .clone()
            .with_last_move(sq("e2"), sq("e3"))
            .with_check(sq("d8"))
            .with_moves(sq("b1"), [sq("a3"), sq("c3"), sq("d2")])
            .with_arrow(sq("g1"), sq("f3"))
            .with_caption(Caption::new("alice 4:32  vs  bob 5:00", "1-0"))
            .with_theme(Theme::Blue),
    );
    save(
        "flipped-green",
        &shatranj.clone().with_flipped(true).with_theme(Theme::Green),
    );
    save(
        "round-overlays",
        &round
            .clone()
            .with_last_move(sq("e2"), sq("e3"))
            .with_check(sq("e8"))
            .with_moves(sq("b1"), [sq("a3"), sq("c3"), sq("d2")])
            .with_arrow(sq("g1"), sq("f3"))
            .with_caption(Caption::new("alice vs bob", "move 1"))
            .with_theme(Theme::Green)
            .with_round_style(RoundStyle::Chequered),
    );
}

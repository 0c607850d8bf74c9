//! Turns the service's board descriptions into pictures. The service says
//! what to show; only front ends draw.

use crate::service::BoardSpec;
use engine::Position;
use render::{BoardView, Caption};

/// The render view for a board the service described.
pub fn view(spec: &BoardSpec) -> BoardView {
    let pos = &spec.position;
    let mut view = BoardView::from_setup(&pos.to_setup())
        .with_flipped(spec.flipped)
        .with_theme(spec.theme.parse().unwrap_or_default())
        .with_labels(spec.labels);
    view.last_move = spec.last_move;
    view.check = spec.check;
    // Dots on empty targets, rings on captures.
    for &sq in &spec.dots {
        if pos.piece_at(sq).is_some() {
            view.captures.push(sq);
        } else {
            view.dots.push(sq);
        }
    }
    view.selected = spec.selected;
    for &(from, to) in &spec.arrows {
        view = view.with_arrow(from, to);
    }
    if !spec.caption.is_empty() {
        view = view.with_caption(Caption::new(spec.caption.clone(), ""));
    }
    view
}

/// The board as PNG bytes.
pub fn png(spec: &BoardSpec) -> Vec<u8> {
    render::png(&view(spec))
}

/// A finished game as an animated GIF, one frame a ply.
pub fn animation(positions: &[Position], template: &BoardSpec) -> Vec<u8> {
    let frames: Vec<BoardView> = positions
        .iter()
        .map(|p| {
            let spec = BoardSpec {
                position: *p,
                last_move: None,
                check: None,
                selected: None,
                dots: Vec::new(),
                arrows: Vec::new(),
                ..template.clone()
            };
            view(&spec).with_size(320)
        })
        .collect();
    render::gif(&frames, 700)
}

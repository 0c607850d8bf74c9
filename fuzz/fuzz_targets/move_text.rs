//! Any text as a move, in a position reached by the first bytes' choices:
//! a legal move or a refusal, never a panic.
#![no_main]

use engine::{Position, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 2 {
        return;
    }
    let (variant, plies) = (Variant::ALL[data[0] as usize % 4], data[1] as usize % 16);
    let Some(rest) = data.get(2 + plies..) else {
        return;
    };
    let mut pos = Position::new(variant);
    for &c in &data[2..2 + plies] {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return;
        }
        pos = pos.play(&moves[c as usize % moves.len()]);
    }
    let text = String::from_utf8_lossy(rest);
    if let Ok(m) = pos.parse_move(&text) {
        assert!(pos.legal_moves().contains(&m));
    }
});

//! Any bytes as a FEN of any variant: read or refused, never a panic, and
//! what is read writes back to a FEN that reads the same.
#![no_main]

use engine::{Position, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let variant = Variant::ALL[pick as usize % 4];
    if let Ok(pos) = Position::from_fen(variant, text) {
        assert_eq!(Position::from_fen(variant, &pos.fen()), Ok(pos));
    }
});

//! Random keys for position hashes, fixed at compile time so hashes are the
//! same in every run (puzzles and tests rely on that).

use crate::rng::splitmix;
use crate::types::SQUARES;

/// Piece kinds for hashing: the nine roles, plus a tenth for a pawn walking
/// anticlockwise (on square boards, Black's pawns), since a pawn's
/// direction is part of the position on the round board.
pub const KINDS: usize = 10;

const fn table<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (s, v) = splitmix(state);
        state = s;
        out[i] = v;
        i += 1;
    }
    out
}

/// Keys by `(color * KINDS + kind) * SQUARES + square`.
pub static PIECES: [u64; 2 * KINDS * SQUARES] = table(0x0a1f_11c0_ffee);
/// Keys for the squares of pieces that may still leap.
pub static LEAP_RIGHTS: [u64; SQUARES] = table(0x1ea9_5eed);
pub const BLACK_TO_MOVE: u64 = 0x5a17_ed0b_1ac4_7093;
/// Medieval chess: after the first capture pawns lose their double step.
pub const CAPTURED: u64 = 0x7c0f_fe3d_aa11_4242;

pub fn piece(color: usize, kind: usize, square: usize) -> u64 {
    PIECES[(color * KINDS + kind) * SQUARES + square]
}

//! Known games and positions. The lines from the start were found by
//! letting a searching White play a weak Black to the end; the endings
//! were found by trying positions until one move ended the game so.

use engine::Variant;

pub const SHATRANJ_FROM_START: &str = "g1f3 g8f6 b1c3 f8d6 f1d3 f6e4 c3e4 h8f8 e4c5 b8a6 c5b7";
pub const MEDIEVAL_FROM_START: &str = "g1f3 f7f6 b1c3 d8b6 d2d4 a7a5 c1e3 b8c6 d4d5 e7e5 d5c6 f8d6 c6b7 f6f5 b7a8 b6a7 f3e5 e8e6 e5c4 e6f7 c4a5 g8f6 d1f3 h7h6 a5b3 c8e6 a8a6 f6g4 f3g4 f5g4 h2h3 f7g6 h3g4 e6g4 b3c5 a7b6 c5d7 g4e6 f1d3 h8c8 a6b7 g6f7 b7c8 e6c8 d7e5 f7f6 e5c6 c8e6 c3d5 f6f7 c6d8 f7g8 d8e6 d6f8 e1d2 b6a5 e6c7 g8h8 h1h4 h8g8 h4a4 a5b4 a4b4 g7g6 b4f4 g6g5 d5e7 g8h8 f4f8 h8h7 d3f5 h7g7 c7e6";
pub const COURIER_FROM_START: &str = "c1e3 j8h6 e3g5 j7j6 b1c3 c8e6 e2e3 i8j7 d1f3 e6g8 f3b7 a8a7 b7f3 f8g7 k1j3 g8e6 h2h3 h6f4 c3b5 g7f8 b5a7 h7h6 g3f4 h6g5 f4g5 j7g4 h3g4 e6g4 f3g4 c7c6 i1b8 h8g8 j1h3 g6h7 g5h4 d8b6 h3f5 d7d6 f5h7 b6e3 f2e3 g8g7 a7c6 d6d5 h7f5 l8l6 g4k8 l6l7 k8l7 g7g8 l7g2 e7e6 c6a5 g8g7 a5c6 e6e5 b8e5 f7f6 e5f6 g7g6 f6e5 j6j5 g2j5 e8e7 c6e7 f8e7 f5d3 g6g5 h4g5 i7i6 j5i6 e7f7 i6f3 f7e8 f3d5 e8d7 l1l3 d7e8 l3k3 e8f8 k3k7 f8e8 k7l7 e8f8 l7l5";
pub const BYZANTINE_FROM_START: &str = "h2h3 g7g6 h3h4 b8c6 h1h3 h7h6 h4h5 c8h7 h5g6 f7g6 h3e3 g8f6 a2a3 d7d6 f2f3 g6g5 e1f2 c6d4 a3a4 c7c6 a1a3 d4c2 d1c2 e7e6 e3e6 e8f7 e6e5 d6d5 b1h2 d8c7 h2g4 f6e4 e5e4 h7f5 e4e5 f7g8 e5f5 h6h5 g4f6 g8f7 f6h5 f7g8 f5g5 g8f7 a3h4 h8h5 h4h5 a8h5 g5h5 c7b8 h5g5 a7a6 g5b8 f7e7 b8b7 e7f6 b7c7 f6g7 c7c6 d5d4 c6a6 g7f7 c2d3 f8a7 a6a7 f7g8 d3d4";

/// A whole game from the start position and how it ends.
pub fn from_start(variant: Variant) -> (&'static str, &'static str, &'static str) {
    match variant {
        Variant::Shatranj => (SHATRANJ_FROM_START, "1-0", "checkmate"),
        Variant::Medieval => (MEDIEVAL_FROM_START, "1-0", "checkmate"),
        Variant::Courier => (COURIER_FROM_START, "1-0", "bare king"),
        Variant::Byzantine => (BYZANTINE_FROM_START, "1-0", "bare king"),
    }
}

/// Knights out and back twice: the start position stands for the third time.
pub const REPETITION: &str = "b1a3 b8a6 a3b1 a6b8 b1a3 b8a6 a3b1 a6b8";

/// One ending: the variant, a start FEN, White's last move, the result and
/// a word of its reason.
pub struct Ending {
    pub variant: Variant,
    pub fen: &'static str,
    pub last: &'static str,
    pub result: &'static str,
    pub reason: &'static str,
}

pub const ENDINGS: &[Ending] = &[
    Ending {
        variant: Variant::Shatranj,
        fen: "7K/8/8/8/R7/5p2/3R4/7k w - - 0 1",
        last: "a4a1",
        result: "1-0",
        reason: "checkmate",
    },
    Ending {
        variant: Variant::Shatranj,
        fen: "8/1K6/8/8/Rp4k1/8/8/1R6 w - - 0 1",
        last: "b1b4",
        result: "1-0",
        reason: "bare king",
    },
    Ending {
        variant: Variant::Shatranj,
        fen: "8/8/8/8/1K6/6R1/k3p3/4R3 w - - 0 1",
        last: "g3b3",
        result: "1-0",
        reason: "stalemate",
    },
    Ending {
        variant: Variant::Medieval,
        fen: "7K/8/8/8/R7/5p2/3R4/7k w - - 0 1",
        last: "a4a1",
        result: "1-0",
        reason: "checkmate",
    },
    Ending {
        variant: Variant::Medieval,
        fen: "8/1K6/8/8/Rp4k1/8/8/1R6 w - - 0 1",
        last: "b1b4",
        result: "1-0",
        reason: "bare king",
    },
    // Stalemate draws in Medieval chess.
    Ending {
        variant: Variant::Medieval,
        fen: "8/8/8/8/1K6/6R1/k3p3/4R3 w - - 0 1",
        last: "g3b3",
        result: "1/2-1/2",
        reason: "stalemate",
    },
    Ending {
        variant: Variant::Courier,
        fen: "12/2K9/12/12/k6p4/12/10R1/1R10 w - - 0 1",
        last: "k2a2",
        result: "1-0",
        reason: "checkmate",
    },
    Ending {
        variant: Variant::Courier,
        fen: "RR10/12/K11/p5k5/12/12/12/12 w - - 0 1",
        last: "a6a5",
        result: "1-0",
        reason: "bare king",
    },
    Ending {
        variant: Variant::Courier,
        fen: "12/12/12/12/1R10/8R3/p10K/k11 w - - 0 1",
        last: "l2k1",
        result: "1-0",
        reason: "stalemate",
    },
    Ending {
        variant: Variant::Byzantine,
        fen: "8/5q2/8/K7/1R6/k7/8/1R6 w - - 0 1 -/-",
        last: "b1a1",
        result: "1-0",
        reason: "checkmate",
    },
    Ending {
        variant: Variant::Byzantine,
        fen: "3R4/8/8/8/1k1K4/3p4/3R4/8 w - - 0 1 -/d3",
        last: "d4d3",
        result: "1-0",
        reason: "bare king",
    },
    Ending {
        variant: Variant::Byzantine,
        fen: "8/1R6/3k1p2/8/3K4/5R2/8/8 w - - 0 1 f6/-",
        last: "f3f5",
        result: "1-0",
        reason: "stalemate",
    },
];

//! The evaluation's weights, in two sets.
//!
//! [`Weights::steady`] are the hand-set weights the shipped puzzles were
//! proven with and the levels from Novice to Club calibrated with; they
//! never change. [`Weights::tuned`] are what Master (and Expert) play with:
//! in Shatranj and Courier chess they were fitted to Fairy-Stockfish's
//! judgement of many positions (`examples/tune_eval.rs`, and the README's
//! "Tuning the evaluation"); Medieval and Byzantine chess, with no
//! reference engine, keep the steady ones.

use crate::types::Role;
use crate::variant::Variant;

/// Every weight of the evaluation, in centipawns unless said otherwise.
/// Arrays by role are by [`Role::index`]: king, ferz, alfil, knight, rook,
/// pawn, courier, man, schleich.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    pub values: [i32; 9],
    /// A pawn's worth with only kings and pawns left; `values` holds its
    /// worth at the start, and the two are blended by the phase.
    pub pawn_end: i32,
    /// For the side to move.
    pub tempo: i32,
    /// Per square a rook or courier reaches, beyond seven.
    pub slider_reach: i32,
    /// Per square of reach above the board's mean, were the piece on an
    /// empty board: a knight on the rim or a ferz in the corner is worth
    /// less. The king's is its ending table; the rook's serves the courier.
    pub centre: [i32; 9],
    /// Per attack on the squares round the enemy king, in the middlegame.
    pub king_pressure: i32,
    /// A pawn's bonus by ranks advanced (square boards).
    pub advance: [i32; 7],
    /// A passed pawn's bonus, and what each rank advanced adds to it.
    pub passed: i32,
    pub passed_step: i32,
    pub conversion: Conversion,
    pub positional: Positional,
    pub king_danger: KingDanger,
}

/// The terms that turn a material lead into a win (see `eval::conversion`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conversion {
    /// Per unit the weaker side has fewer than five.
    pub lives: i32,
    /// The lead's share added in the ending, in 1/16384ths per phase step.
    pub trade_down: i32,
    /// Per step the weaker king stands nearer the rim, with two units or
    /// fewer left to it, and per step our king stands nearer it.
    pub rim: i32,
    pub king_near: i32,
}

/// Master's finer terms (see `positional`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Positional {
    pub pawn_threat: i32,
    pub hanging: i32,
    pub mobility: i32,
    pub isolated: i32,
    pub doubled: i32,
    pub supported: i32,
    pub phalanx: i32,
}

/// Courier chess's king danger (see `king_danger`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KingDanger {
    /// Each attacking role's weight.
    pub attacker: [i32; 9],
    /// What a safe check by each role adds.
    pub safe_check: [i32; 9],
    pub hit: i32,
    pub weak: i32,
    /// Subtracted before squaring: a little pressure is no danger.
    pub offset: i32,
    pub cap: i32,
}

const STEADY: Weights = Weights {
    values: [0; 9],
    pawn_end: 0,
    tempo: 8,
    slider_reach: 3,
    centre: [5, 8, 7, 6, 1, 0, 1, 5, 6],
    king_pressure: 10,
    advance: [0, 3, 8, 16, 28, 45, 45],
    passed: 8,
    passed_step: 6,
    conversion: Conversion {
        lives: 30,
        trade_down: 16,
        rim: 15,
        king_near: 6,
    },
    positional: Positional {
        pawn_threat: 50,
        hanging: 35,
        mobility: 3,
        isolated: 10,
        doubled: 10,
        supported: 6,
        phalanx: 4,
    },
    king_danger: KingDanger {
        attacker: [0, 10, 5, 40, 25, 0, 30, 20, 10],
        safe_check: [0, 60, 0, 350, 500, 0, 300, 150, 60],
        hit: 90,
        weak: 70,
        offset: 150,
        cap: 600,
    },
};

/// The steady piece values by variant.
const VALUES: [[i32; 9]; 4] = [
    // Shatranj: the ferz and alfil are weak, the rook rules.
    [0, 180, 140, 420, 640, 100, 0, 0, 0],
    // Medieval: the same pieces; the ferz's first leap adds a little.
    [0, 190, 140, 420, 640, 100, 0, 0, 0],
    // Courier: the courier (a bishop) is the strongest minor.
    [0, 150, 120, 370, 620, 90, 440, 320, 150],
    // Byzantine: the rook's rings never end; pawns never promote.
    [0, 170, 130, 380, 660, 90, 0, 0, 0],
];

const fn steady(values: [i32; 9]) -> Weights {
    Weights {
        values,
        pawn_end: values[5],
        ..STEADY
    }
}

const STEADY_BY_VARIANT: [Weights; 4] = [
    steady(VALUES[0]),
    steady(VALUES[1]),
    steady(VALUES[2]),
    steady(VALUES[3]),
];

// Fitted by `examples/tune_eval.rs` to data from `scripts/tune_data.py`
// (see the README), in a first version of the tool that turned the rook's
// and courier's centre weights as one knob. Some signs look odd
// (a doubled pawn's small bonus, an alfil's negative attacker weight): they
// are what fitted Fairy-Stockfish's scores best, within a few centipawns.
// The conversion's rim and king terms were held at the steady values: the
// games the fit read rarely reach the endings where they decide.

const TUNED_SHATRANJ: Weights = Weights {
    values: [0, 173, 131, 459, 801, 89, 0, 0, 0],
    pawn_end: 100,
    tempo: 22,
    slider_reach: 3,
    centre: [14, 2, 8, 3, -3, 0, -3, 5, 6],
    king_pressure: 9,
    advance: [0, 2, 17, 18, 27, 56, 45],
    passed: 7,
    passed_step: -1,
    conversion: Conversion {
        lives: 7,
        trade_down: 9,
        ..STEADY.conversion
    },
    positional: Positional {
        pawn_threat: 33,
        hanging: 43,
        mobility: 6,
        isolated: 23,
        doubled: -3,
        supported: 18,
        phalanx: 10,
    },
    // Not scored in Shatranj.
    king_danger: STEADY.king_danger,
};

const TUNED_COURIER: Weights = Weights {
    values: [0, 158, 123, 368, 680, 85, 482, 356, 147],
    pawn_end: 78,
    tempo: 27,
    slider_reach: 2,
    centre: [14, 9, 6, 3, -2, 0, -2, 0, 20],
    king_pressure: 9,
    advance: [0, 4, 14, 14, 36, 42, 45],
    passed: -1,
    passed_step: 2,
    conversion: Conversion {
        lives: 7,
        trade_down: 4,
        ..STEADY.conversion
    },
    positional: Positional {
        pawn_threat: 40,
        hanging: 37,
        mobility: 5,
        isolated: 17,
        doubled: -5,
        supported: 6,
        phalanx: 4,
    },
    king_danger: KingDanger {
        attacker: [0, 10, -14, 31, 14, 0, 27, 41, -6],
        safe_check: [0, 60, 0, 330, 389, 0, 361, 150, 60],
        hit: 64,
        weak: 45,
        offset: 160,
        cap: 600,
    },
};

impl Weights {
    /// The hand-set weights of `variant`, fixed for good.
    ///
    /// ```
    /// use engine::search::Weights;
    /// use engine::{Role, Variant};
    /// let steady = Weights::steady(Variant::Medieval);
    /// assert_eq!(steady, Weights::tuned(Variant::Medieval));
    /// assert!(steady.value(Role::Rook) > steady.value(Role::Knight));
    /// ```
    pub fn steady(variant: Variant) -> &'static Weights {
        &STEADY_BY_VARIANT[variant_index(variant)]
    }

    /// The weights Master plays `variant` with.
    pub fn tuned(variant: Variant) -> &'static Weights {
        match variant {
            Variant::Shatranj => &TUNED_SHATRANJ,
            Variant::Courier => &TUNED_COURIER,
            _ => Weights::steady(variant),
        }
    }

    /// The worth of a piece of `role`, in the opening.
    pub fn value(&self, role: Role) -> i32 {
        self.values[role.index()]
    }
}

/// One weight by name, for a tuner to read and change.
pub struct Knob {
    pub name: &'static str,
    pub field: fn(&mut Weights) -> &mut i32,
}

macro_rules! knobs {
    ($($name:literal => $field:expr,)*) => {
        &[$(Knob { name: $name, field: $field }),*]
    };
}

/// Every weight the evaluation reads, by name. The king's value is left
/// out: it never counts.
pub const KNOBS: &[Knob] = knobs! {
    "ferz" => |w| &mut w.values[1],
    "alfil" => |w| &mut w.values[2],
    "knight" => |w| &mut w.values[3],
    "rook" => |w| &mut w.values[4],
    "pawn" => |w| &mut w.values[5],
    "courier" => |w| &mut w.values[6],
    "man" => |w| &mut w.values[7],
    "schleich" => |w| &mut w.values[8],
    "pawn_end" => |w| &mut w.pawn_end,
    "tempo" => |w| &mut w.tempo,
    "slider_reach" => |w| &mut w.slider_reach,
    "centre.king" => |w| &mut w.centre[0],
    "centre.ferz" => |w| &mut w.centre[1],
    "centre.alfil" => |w| &mut w.centre[2],
    "centre.knight" => |w| &mut w.centre[3],
    "centre.rook" => |w| &mut w.centre[4],
    "centre.courier" => |w| &mut w.centre[6],
    "centre.man" => |w| &mut w.centre[7],
    "centre.schleich" => |w| &mut w.centre[8],
    "king_pressure" => |w| &mut w.king_pressure,
    "advance.1" => |w| &mut w.advance[1],
    "advance.2" => |w| &mut w.advance[2],
    "advance.3" => |w| &mut w.advance[3],
    "advance.4" => |w| &mut w.advance[4],
    "advance.5" => |w| &mut w.advance[5],
    "advance.6" => |w| &mut w.advance[6],
    "passed" => |w| &mut w.passed,
    "passed_step" => |w| &mut w.passed_step,
    "conversion.lives" => |w| &mut w.conversion.lives,
    "conversion.trade_down" => |w| &mut w.conversion.trade_down,
    "conversion.rim" => |w| &mut w.conversion.rim,
    "conversion.king_near" => |w| &mut w.conversion.king_near,
    "pawn_threat" => |w| &mut w.positional.pawn_threat,
    "hanging" => |w| &mut w.positional.hanging,
    "mobility" => |w| &mut w.positional.mobility,
    "isolated" => |w| &mut w.positional.isolated,
    "doubled" => |w| &mut w.positional.doubled,
    "supported" => |w| &mut w.positional.supported,
    "phalanx" => |w| &mut w.positional.phalanx,
    "attacker.ferz" => |w| &mut w.king_danger.attacker[1],
    "attacker.alfil" => |w| &mut w.king_danger.attacker[2],
    "attacker.knight" => |w| &mut w.king_danger.attacker[3],
    "attacker.rook" => |w| &mut w.king_danger.attacker[4],
    "attacker.courier" => |w| &mut w.king_danger.attacker[6],
    "attacker.man" => |w| &mut w.king_danger.attacker[7],
    "attacker.schleich" => |w| &mut w.king_danger.attacker[8],
    "check.ferz" => |w| &mut w.king_danger.safe_check[1],
    "check.knight" => |w| &mut w.king_danger.safe_check[3],
    "check.rook" => |w| &mut w.king_danger.safe_check[4],
    "check.courier" => |w| &mut w.king_danger.safe_check[6],
    "check.man" => |w| &mut w.king_danger.safe_check[7],
    "check.schleich" => |w| &mut w.king_danger.safe_check[8],
    "danger.hit" => |w| &mut w.king_danger.hit,
    "danger.weak" => |w| &mut w.king_danger.weak,
    "danger.offset" => |w| &mut w.king_danger.offset,
    "danger.cap" => |w| &mut w.king_danger.cap,
};

pub(crate) fn variant_index(v: Variant) -> usize {
    match v {
        Variant::Shatranj => 0,
        Variant::Medieval => 1,
        Variant::Courier => 2,
        Variant::Byzantine => 3,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_shatranj_and_courier_play_with_tuned_weights() {
        for v in Variant::ALL {
            let tuned = Weights::tuned(v) != Weights::steady(v);
            assert_eq!(
                tuned,
                matches!(v, Variant::Shatranj | Variant::Courier),
                "{v}"
            );
        }
    }

    #[test]
    fn every_knob_turns_its_own_weight() {
        let mut names: Vec<&str> = KNOBS.iter().map(|k| k.name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), KNOBS.len(), "a name is used twice");
        // Turning one knob leaves every other knob where it was.
        for (i, knob) in KNOBS.iter().enumerate() {
            let mut w = *Weights::steady(Variant::Courier);
            *(knob.field)(&mut w) += 1;
            for (j, other) in KNOBS.iter().enumerate() {
                let mut steady = *Weights::steady(Variant::Courier);
                let moved = *(other.field)(&mut w) != *(other.field)(&mut steady);
                assert_eq!(moved, i == j, "{} and {}", knob.name, other.name);
            }
        }
    }
}

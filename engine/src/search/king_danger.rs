//! King danger for the positional terms: how hard one side's pieces press
//! on the enemy king. Against Fairy-Stockfish in Courier chess our king
//! fell to slow attacks: by its own evaluation, king safety cost us more
//! than a pawn on average between moves 30 and 60, after an even opening.
//! The courier beside the rook makes attacks real on the wide board. In
//! Shatranj a hand-set quadratic king danger, tried with other terms, lost
//! in self-play; the weights say where it is scored ([`applies`]).
//!
//! The danger grows with the square of the pressure, as in Stockfish's
//! classical evaluation: one attacker is a nuisance, three are a mating
//! net. Its parts are the attackers and their weight, their hits on the
//! squares round the king, the squares there only the king guards, and the
//! checks the attacker could give from squares the defender does not guard.

use super::weights::KingDanger;
use crate::attacks::piece_attacks;
use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::types::{Color, Role};

/// Whether king danger is scored with these weights: not where its cap is 0.
pub(crate) fn applies(w: &KingDanger) -> bool {
    w.cap > 0
}

/// One side's pressure on the enemy king, gathered while its pieces'
/// attacks are computed.
#[derive(Default)]
pub(crate) struct Pressure {
    attackers: i32,
    weight: i32,
    hits: i32,
    /// Where each role of this side attacks, by [`Role::index`].
    by_role: [Bitboard; 9],
}

impl Pressure {
    /// Counts one piece of `role` attacking `attacks`; `zone` is the enemy
    /// king's square and the squares round it.
    pub(crate) fn add(&mut self, w: &KingDanger, role: Role, attacks: Bitboard, zone: Bitboard) {
        self.by_role[role.index()] |= attacks;
        let hits = (attacks & zone).count() as i32;
        if hits > 0 && role != Role::Pawn && role != Role::King {
            self.attackers += 1;
            self.weight += w.attacker[role.index()];
            self.hits += hits;
        }
    }
}

/// The bonus for `color`'s pressure on the enemy king, in centipawns.
/// `attacked` is everywhere `color` attacks; `defended` is where the
/// defender's pieces other than the king attack, `guarded` where any of
/// them (king included) does.
pub(crate) fn king_danger(
    pos: &Position,
    w: &KingDanger,
    color: Color,
    pressure: &Pressure,
    attacked: Bitboard,
    defended: Bitboard,
    guarded: Bitboard,
) -> i32 {
    if pressure.attackers == 0 {
        return 0;
    }
    let g = pos.geo;
    let king = pos.king_square(color.other());
    let occupied = pos.occupied();
    let ours = pos.pieces(color);
    let weak = (g.king[king.index()] & attacked & !defended).count() as i32;

    let safe = !guarded & !ours;
    // Every role here attacks as it is attacked, so a check comes from
    // where the role would attack standing on the king's square.
    let checks_from = |role: Role| piece_attacks(g, role, king, occupied);
    let mut checks = 0;
    for role in [
        Role::Rook,
        Role::Courier,
        Role::Knight,
        Role::Man,
        Role::Ferz,
        Role::Schleich,
    ] {
        if (checks_from(role) & pressure.by_role[role.index()] & safe).any() {
            checks += w.safe_check[role.index()];
        }
    }

    let danger =
        pressure.attackers * pressure.weight + w.hit * pressure.hits + w.weak * weak + checks
            - w.offset;
    if danger <= 0 {
        return 0;
    }
    (danger * danger / 8192).min(w.cap)
}

#[cfg(test)]
mod tests {
    use super::super::positional::tests::terms_in;
    use crate::Variant;

    fn terms(fen: &str) -> i32 {
        terms_in(Variant::Courier, fen)
    }

    #[test]
    fn pieces_bearing_on_the_king_are_worth_more_than_the_same_pieces_afar() {
        // White's rook, courier and knight aim at the black king's corner,
        // or stand on the other wing.
        let near = terms("11k/9pp1/12/9N2/7B4/12/12/K9R1 w - - 0 1");
        let far = terms("11k/9pp1/12/12/1N10/B11/12/KR10 w - - 0 1");
        assert!(near > far + 40, "{near} vs {far}");
    }

    #[test]
    fn only_master_s_fitted_weights_score_it() {
        use crate::search::Weights;
        assert!(super::applies(
            &Weights::tuned(Variant::Courier).king_danger
        ));
        for v in Variant::ALL {
            assert!(!super::applies(&Weights::steady(v).king_danger), "{v}");
        }
    }
}

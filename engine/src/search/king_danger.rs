//! King danger for the positional terms: how hard one side's pieces press
//! on the enemy king. Against Fairy-Stockfish in Courier chess our king
//! fell to slow attacks: by its own evaluation, king safety cost us more
//! than a pawn on average between moves 30 and 60, after an even opening.
//! The courier beside the rook makes attacks real on the wide board. In
//! Shatranj, Fairy-Stockfish's own reading of our lost games put the
//! blame on king safety too; there the term is its own, faded as its
//! evaluation fades it while the pieces come off ([`Fade`]). Counted in
//! full whatever the material, the same term lost 160 Elo in self-play,
//! and 330 with a smaller offset.
//!
//! The danger grows with the square of the pressure, as in Stockfish's
//! classical evaluation: one attacker is a nuisance, three are a mating
//! net. Its parts are the attackers and their weight, their hits on the
//! squares round the king, the squares there only the king guards, and the
//! checks the attacker could give from squares the defender does not guard.
//! The rest of Fairy-Stockfish's king safety adds to it
//! ([`king_safety`](super::king_safety)). Courier chess scored a fitted
//! form of its own, without the fade, until session 36.

use super::eval::Noted;
use super::king_safety;
use super::positional::Attacks;
use super::weights::{Fade, KingDanger};
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
pub(crate) struct Pressure {
    attackers: i32,
    pub(crate) weight: i32,
    hits: i32,
    /// Where a piece attacking counts it as an attacker: the enemy king's
    /// square and the squares round it; with a `Flank`, the ring of a
    /// king moved off the edge, less the squares two enemy pawns guard.
    pub(crate) zone: Bitboard,
    /// Where its attacks count as hits.
    near: Bitboard,
    /// With a `Flank`, the ring before the squares two enemy pawns guard
    /// leave it: pawns of this side attacking it count as attackers.
    pub(crate) ring: Bitboard,
    /// Where each role of this side attacks, by [`Role::index`].
    pub(crate) by_role: [Bitboard; 9],
}

impl Pressure {
    /// No pressure yet on the king of `color`'s enemy.
    pub(crate) fn new(pos: &Position, w: &KingDanger, color: Color, noted: &Noted) -> Pressure {
        let king = pos.king_square(color.other());
        let beside = pos.geo.king[king.index()];
        let (zone, near, ring) = match w.flank {
            None => (beside.with(king), beside.with(king), Bitboard::EMPTY),
            Some(_) => {
                let ring = king_safety::ring(pos, king);
                let defenders = &noted.attacks[color.other().index()];
                (king_safety::unguarded(ring, defenders), beside, ring)
            }
        };
        Pressure {
            attackers: 0,
            weight: 0,
            hits: 0,
            zone,
            near,
            ring,
            by_role: [Bitboard::EMPTY; 9],
        }
    }

    /// Counts one piece of `role` attacking `attacks`.
    pub(crate) fn add(&mut self, w: &KingDanger, role: Role, attacks: Bitboard) {
        self.by_role[role.index()] |= attacks;
        if role == Role::Pawn || role == Role::King {
            return;
        }
        if (attacks & self.zone).any() {
            self.attackers += 1;
            self.weight += w.attacker[role.index()];
            self.hits += (attacks & self.near).count() as i32;
        }
    }
}

/// A king danger: the danger in Stockfish's units less the offset
/// ([`cost`] makes it centipawns), and Fairy-Stockfish's linear parts of
/// king safety beside it (middlegame, ending), in its units.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Danger {
    pub(crate) units: i32,
    pub(crate) linear: [i32; 2],
}

/// How much `color`'s pressure endangers the enemy king. `ours` are
/// `color`'s attacks, `theirs` the defender's.
pub(crate) fn danger(
    pos: &Position,
    w: &KingDanger,
    color: Color,
    pressure: &Pressure,
    ours: &Attacks,
    theirs: &Attacks,
) -> Danger {
    if pressure.attackers == 0 && w.flank.is_none() {
        return Danger::default();
    }
    let g = pos.geo;
    let king = pos.king_square(color.other());
    let occupied = pos.occupied();
    let own = pos.pieces(color);
    // Where only the king, or nothing, defends.
    let weak = ours.all & !theirs.pieces;
    // Fairy-Stockfish counts weak squares over its ring, the fitted form
    // over the squares round the king.
    let ring = match w.flank {
        None => g.king[king.index()],
        Some(_) => pressure.zone,
    };
    let weak_near = (ring & weak).count() as i32;

    let safe = match w.flank {
        None => !theirs.all & !own,
        Some(_) => !own & (!theirs.all | (weak & ours.twice)),
    };
    // Every role here attacks as it is attacked, so a check comes from
    // where the role would attack standing on the king's square.
    let mut checks = 0;
    let mut unsafe_checks = Bitboard::EMPTY;
    for role in [
        Role::Rook,
        Role::Courier,
        Role::Knight,
        Role::Man,
        Role::Ferz,
        Role::Alfil,
        Role::Schleich,
    ] {
        let attackers = pressure.by_role[role.index()];
        if attackers.is_empty() {
            continue;
        }
        let from = piece_attacks(g, role, king, occupied) & attackers;
        let safe_from = from & safe;
        if let Some(f) = w.flank.filter(|_| safe_from.count() > 1) {
            checks += f.safe_checks[role.index()];
        } else if safe_from.any() {
            checks += w.safe_check[role.index()];
        } else {
            unsafe_checks |= from;
        }
    }
    let units =
        pressure.attackers * pressure.weight + w.hit * pressure.hits + w.weak * weak_near + checks
            - w.offset;
    let Some(f) = w.flank else {
        return Danger {
            units,
            linear: [0, 0],
        };
    };
    let rest = king_safety::rest(pos, &f, color, pressure, unsafe_checks, ours, theirs);
    Danger {
        units: units + rest.units,
        linear: rest.linear,
    }
}

/// The bonus for a [`danger`] to the enemy king, in centipawns.
/// `material_left` is the non-pawn material on the board in thousandths of
/// the start's, for a [`Fade`].
pub(crate) fn cost(w: &KingDanger, danger: &Danger, material_left: i32) -> i32 {
    let d = danger.units;
    match w.fade {
        None if d > 0 => (d * d / 8192).min(w.cap),
        None => 0,
        Some(fade) => faded(d, danger.linear, w.cap, fade, material_left),
    }
}

/// Fairy-Stockfish's king danger in our centipawns: nothing up to 100; then
/// the danger squared over 4,096 in the middlegame and a sixteenth of it in
/// the ending, blended by its phase. Its units are about 1.6 of ours (its
/// rook 1,276, ours 796).
fn faded(danger: i32, linear: [i32; 2], cap: i32, fade: Fade, material_left: i32) -> i32 {
    let (mut middlegame, mut ending) = (linear[0], linear[1]);
    if danger > 100 {
        middlegame += danger.min(cap) * danger / 4096;
        ending += danger / 16;
    }
    let share = middlegame_share(fade, material_left);
    (middlegame * share + ending * (1000 - share)) / 1000 * 6 / 10
}

/// Fairy-Stockfish's middlegame share of the evaluation, in thousandths,
/// as [`Fade`] draws its phase.
pub(crate) fn middlegame_share(fade: Fade, material_left: i32) -> i32 {
    ((material_left - fade.ends_at).max(0) * fade.start_share / (1000 - fade.ends_at))
        .min(fade.start_share)
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

    // White's rook on the open e-file can check on e8, where nothing
    // guards it; the knight and the other rook bear on f7 and h7. Or the
    // same pieces stand on the other wing.
    const NEAR: &str = "rnbq2k1/pp3ppp/2pp4/6N1/8/3P3R/PPP2PPP/1NBQR1K1 w - - 0 1";
    const FAR: &str = "rnbq2k1/pp3ppp/2pp4/8/8/NN1P4/PPP2PPP/RRBQ2K1 w - - 0 1";
    // The same without the other pieces.
    const NEAR_FEW: &str = "6k1/5ppp/8/6N1/8/7R/5PPP/4R1K1 w - - 0 1";
    const FAR_FEW: &str = "6k1/5ppp/8/8/8/NR6/5PPP/R5K1 w - - 0 1";

    #[test]
    fn in_shatranj_a_safe_check_beside_two_attackers_is_a_danger() {
        let near = terms_in(Variant::Shatranj, NEAR);
        let far = terms_in(Variant::Shatranj, FAR);
        assert!(near > far + 80, "{near} vs {far}");
    }

    #[test]
    fn in_shatranj_the_same_attack_counts_less_once_the_pieces_are_off() {
        let full = terms_in(Variant::Shatranj, NEAR) - terms_in(Variant::Shatranj, FAR);
        let few = terms_in(Variant::Shatranj, NEAR_FEW) - terms_in(Variant::Shatranj, FAR_FEW);
        assert!(few < full / 2, "{few} vs {full}");
    }

    fn danger(units: i32) -> super::Danger {
        super::Danger {
            units,
            linear: [0, 0],
        }
    }

    #[test]
    fn the_faded_danger_shrinks_to_its_ending_part() {
        use crate::search::Weights;
        let w = Weights::tuned(Variant::Shatranj).king_danger;
        assert_eq!(
            super::cost(&w, &danger(100), 1000),
            0,
            "a little pressure is no danger"
        );
        let at = |material_left| super::cost(&w, &danger(1500), material_left);
        assert!(at(1000) > at(700) && at(700) > at(400), "{}", at(700));
        // Below 374 thousandths of the start's pieces the middlegame is over.
        assert_eq!(at(374), at(0));
        assert!(
            at(0) > 0 && at(0) < at(1000) / 3,
            "{} vs {}",
            at(0),
            at(1000)
        );
    }

    #[test]
    fn only_master_s_weights_score_it() {
        use crate::search::Weights;
        for v in [Variant::Shatranj, Variant::Courier] {
            assert!(super::applies(&Weights::tuned(v).king_danger), "{v}");
        }
        for v in Variant::ALL {
            assert!(!super::applies(&Weights::steady(v).king_danger), "{v}");
        }
    }
}

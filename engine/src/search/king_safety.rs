//! The rest of Fairy-Stockfish's king safety, as its classical evaluation
//! reads it (`king()` in its `evaluate.cpp`), less the pawn shelter,
//! beside the attackers, hits, weak squares and safe checks that
//! [`king_danger`](super::king_danger) counts: the ring of a king on its
//! edge reaching a rank further, pawns that attack it, checks onto guarded
//! squares, pieces pinned to the king or screening a check, attacks on the
//! king's flank against its defenders there, a knight guarding beside the
//! king, the two sides' mobility, and a flank without pawns. Scored
//! in Shatranj and Courier chess ([`Flank`]): with them Master's term
//! follows Fairy-Stockfish's traced king safety closely (see the README).

use super::eval::{split_pawns, PieceAttacks};
use super::king_danger::{Danger, Pressure};
use super::positional::{file_bits, rank_bits, Attacks};
use super::weights::Flank;
use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::types::{Color, Role, Square};

/// The squares of Fairy-Stockfish's king `ring` that two of the king's
/// own pawns do not guard: where enemy pieces count as attackers.
/// `defenders` are the king's side's pieces and attacks.
pub(crate) fn unguarded(ring: Bitboard, defenders: &PieceAttacks) -> Bitboard {
    let mut pawns = Bitboard::EMPTY;
    let mut pawns_twice = Bitboard::EMPTY;
    for &(_, _, attacks) in split_pawns(defenders).1 {
        pawns_twice |= pawns & attacks;
        pawns |= attacks;
    }
    ring & !pawns_twice
}

/// Fairy-Stockfish's danger beyond the attackers, their hits, the weak
/// squares and the checks, for the king `attacker` presses on: with
/// `pressure` what the attacker's pieces found and `unsafe_checks` where
/// checks land on guarded squares. `ours` are the attacker's attacks,
/// `theirs` the defender's.
pub(crate) fn rest(
    pos: &Position,
    f: &Flank,
    attacker: Color,
    pressure: &Pressure,
    unsafe_checks: Bitboard,
    ours: &Attacks,
    theirs: &Attacks,
) -> Danger {
    let g = pos.geo;
    let king = pos.king_square(attacker.other());
    // Pawns attacking the ring count among the attackers.
    let pawn_attackers = (pressure.ring & ours.pawns).count() as i32;
    let mut units = pawn_attackers * pressure.weight;
    units += f.unsafe_check * unsafe_checks.count() as i32;
    units += f.blocker * blockers(pos, king, attacker);
    let (flank, camp) = flank_and_camp(pos, king, attacker.other());
    let attacked = (ours.all & flank & camp).count() + (ours.twice & flank & camp).count();
    let attacked = attacked as i32;
    let defended = (theirs.all & flank & camp).count() as i32;
    units += f.flank_attack * attacked * attacked / 8 - f.flank_defense * defended;
    let knights = theirs
        .pressure
        .as_ref()
        .map_or(Bitboard::EMPTY, |p| p.by_role[Role::Knight.index()]);
    if (knights & g.king[king.index()]).any() {
        units -= f.knight_defender;
    }
    units += ours.mobility[0] - theirs.mobility[0];
    let pawnless = (pos.by_role[Role::Pawn.index()] & flank).is_empty();
    let linear = [
        f.flank_attack_linear * attacked + if pawnless { f.pawnless[0] } else { 0 },
        if pawnless { f.pawnless[1] } else { 0 },
    ];
    Danger { units, linear }
}

/// Fairy-Stockfish's king ring: the squares round the king as if it stood
/// off the edge (a king on its first rank counts its third too).
pub(crate) fn ring(pos: &Position, king: Square) -> Bitboard {
    let (files, ranks) = (pos.geo.kind.files(), pos.geo.kind.ranks());
    let centre = Square::new(
        king.file().clamp(1, files - 2),
        king.rank().clamp(1, ranks - 2),
    )
    .expect("on the board");
    pos.geo.king[centre.index()].with(centre)
}

/// Pieces of either side that alone stand between the king and an enemy
/// slider: pinned, or ready to uncover a check.
fn blockers(pos: &Position, king: Square, attacker: Color) -> i32 {
    let g = pos.geo;
    let occupied = pos.occupied();
    let mut count = 0;
    for (rays, role) in [
        (&g.straight[king.index()], Role::Rook),
        (&g.diagonal[king.index()], Role::Courier),
    ] {
        let sliders = pos.pieces_of(attacker, role);
        for ray in rays.iter() {
            if (ray.mask & sliders).is_empty() {
                continue;
            }
            let Some(first) = ray.reach(occupied).1 else {
                continue;
            };
            if ray
                .reach(occupied.without(first))
                .1
                .is_some_and(|second| sliders.contains(second))
            {
                count += 1;
            }
        }
    }
    count
}

/// The king's flank (the files round it, three or four) and its camp
/// (its own half and one rank more), as Fairy-Stockfish draws them.
fn flank_and_camp(pos: &Position, king: Square, color: Color) -> (Bitboard, Bitboard) {
    let (files, ranks) = (pos.geo.kind.files(), pos.geo.kind.ranks());
    let (low, high) = if files == 8 {
        [
            (0, 2),
            (0, 3),
            (0, 3),
            (2, 5),
            (2, 5),
            (4, 7),
            (4, 7),
            (5, 7),
        ][king.file() as usize]
    } else {
        let f = king.file().clamp(1, files - 2);
        (f - 1, f + 1)
    };
    let flank = (low..=high).fold(0, |acc, f| acc | file_bits(f));
    let last = ((ranks - 1) / 2 + 1).min(ranks - 1);
    let camp = (0..=last)
        .map(|r| {
            if color == Color::White {
                r
            } else {
                ranks - 1 - r
            }
        })
        .fold(0, |acc, r| acc | rank_bits(r));
    (Bitboard(flank), Bitboard(camp))
}

#[cfg(test)]
mod tests {
    use super::super::positional::tests::terms_in;
    use crate::Variant;

    /// The danger Black's pieces make for White's king in a Shatranj
    /// position, with Master's weights changed by `set`.
    fn units_with(fen: &str, set: impl Fn(&mut super::Flank)) -> i32 {
        use crate::search::eval::{evaluate_noting, Noted};
        use crate::search::positional::Attacks;
        use crate::search::Weights;
        use crate::{Color, Position};
        let pos = Position::from_fen(Variant::Shatranj, fen).unwrap();
        let mut w = *Weights::tuned(Variant::Shatranj);
        set(w
            .king_danger
            .flank
            .as_mut()
            .expect("Shatranj scores the flank"));
        let mut noted = Noted::default();
        evaluate_noting(&pos, &w, &mut noted);
        let [white, black] = Attacks::with_mobility(&pos, &w, &noted);
        let pressure = black.pressure.as_ref().unwrap();
        let danger = crate::search::king_danger::danger;
        danger(&pos, &w.king_danger, Color::Black, pressure, &black, &white).units
    }

    fn units(fen: &str) -> i32 {
        units_with(fen, |_| {})
    }

    #[test]
    fn a_king_at_home_counts_its_third_rank_as_its_ring() {
        // A rook on the third rank bears on d3, which nothing guards; on
        // the fifth it does not.
        let third = units("3k4/8/8/8/8/r7/3P4/3K4 w - - 0 1");
        let fifth = units("3k4/8/8/r7/8/8/3P4/3K4 w - - 0 1");
        assert!(third > fifth + 150, "{third} vs {fifth}");
    }

    #[test]
    fn a_check_onto_a_guarded_square_still_counts() {
        // The knight could check on c3 or e3, both guarded by the d2 pawn.
        let fen = "3k4/8/8/3n4/8/8/3P4/3K4 w - - 0 1";
        let without = units_with(fen, |f| f.unsafe_check = 0);
        assert_eq!(units(fen) - without, 2 * 148);
    }

    #[test]
    fn a_piece_pinned_to_the_king_adds_to_the_danger() {
        let pinned = "3k4/3r4/8/8/8/3N4/8/3K4 w - - 0 1";
        assert_eq!(units(pinned) - units_with(pinned, |f| f.blocker = 0), 98);
        // Two pieces in the rook's way: neither is pinned.
        let screened = "3k4/3r4/8/3p4/8/3N4/8/3K4 w - - 0 1";
        assert_eq!(units(screened), units_with(screened, |f| f.blocker = 0));
    }

    #[test]
    fn attacks_on_the_king_s_flank_add_and_its_defenders_take_off() {
        // Black's rooks sweep the third and fourth ranks of White's flank
        // from both sides.
        let fen = "3k4/8/8/8/r6r/r6r/8/3K4 w - - 0 1";
        assert!(units(fen) > units_with(fen, |f| f.flank_attack = 0) + 50);
        assert!(units(fen) < units_with(fen, |f| f.flank_defense = 0));
    }

    #[test]
    fn a_knight_guarding_a_square_beside_the_king_defends_it() {
        let fen = "3k4/8/8/8/8/4N3/8/3K4 w - - 0 1";
        assert_eq!(
            units(fen) - units_with(fen, |f| f.knight_defender = 0),
            -100
        );
    }

    #[test]
    fn a_king_on_a_flank_without_pawns_is_worse_off_in_the_ending() {
        let bare = terms_in(Variant::Shatranj, "3k4/8/8/8/8/8/1P6/7K b - - 0 1");
        let sheltered = terms_in(Variant::Shatranj, "3k4/8/8/8/8/8/6P1/7K b - - 0 1");
        assert!(bare > sheltered + 30, "{bare} vs {sheltered}");
    }
}

//! Static exchange evaluation: what a move wins or loses on its target
//! square if both sides then trade there, cheapest piece first, and each
//! stops when going on would lose. It tells a good capture from a bad one
//! without searching, so the search can try the bad ones last or not at all.

use super::eval::piece_value;
use crate::position::Position;
use crate::types::{Move, Role};

/// Whether `m` wins at least `threshold` centipawns by exchange.
pub(crate) fn see_ge(pos: &Position, m: &Move, threshold: i32) -> bool {
    let value = |r: Role| see_value(pos, r);
    // What we hold after the move, if nothing is taken back.
    let mut swap = m.capture.map_or(0, value) - threshold;
    if swap < 0 {
        return false;
    }
    // What we hold if the mover is taken for nothing more.
    swap = value(m.role) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occupied = pos.occupied().without(m.from).with(m.to);
    let mut side = pos.turn;
    // 1 while the side that moved is ahead of the threshold.
    let mut res = 1;
    loop {
        side = side.other();
        let attackers = pos.attackers(m.to, side, occupied) & occupied;
        let Some((sq, role)) = cheapest(pos, attackers) else {
            break;
        };
        if role == Role::King {
            // The king may take only if nothing can take it back.
            let defended = (pos.attackers(m.to, side.other(), occupied) & occupied).any();
            return (if defended { res } else { res ^ 1 }) == 1;
        }
        res ^= 1;
        swap = value(role) - swap;
        if swap < res {
            break;
        }
        occupied = occupied.without(sq);
    }
    res == 1
}

/// A piece's worth in an exchange; the king's is more than everything
/// else on the board, since taking it ends the game.
fn see_value(pos: &Position, role: Role) -> i32 {
    if role == Role::King {
        20_000
    } else {
        piece_value(pos.variant, role)
    }
}

/// The least valuable of `attackers`, with its role.
fn cheapest(pos: &Position, attackers: crate::Bitboard) -> Option<(crate::Square, Role)> {
    attackers
        .map(|sq| (sq, pos.squares[sq.index()].expect("attacker").role))
        .min_by_key(|&(_, role)| see_value(pos, role))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    fn see(variant: Variant, fen: &str, uci: &str, threshold: i32) -> bool {
        let pos = Position::from_fen(variant, fen).unwrap();
        let m = pos.parse_move(uci).unwrap();
        see_ge(&pos, &m, threshold)
    }

    #[test]
    fn a_free_piece_is_a_gain() {
        // The rook on d5 is unguarded.
        assert!(see(
            Variant::Shatranj,
            "3k4/8/8/3r4/4P3/8/8/3K4 w - - 0 1",
            "e4d5",
            600
        ));
    }

    #[test]
    fn a_rook_taking_a_guarded_pawn_loses() {
        let fen = "3k4/8/2p5/3p4/8/8/8/3RK3 w - - 0 1";
        assert!(!see(Variant::Shatranj, fen, "d1d5", 0));
        assert!(see(Variant::Shatranj, fen, "d1d5", -600));
    }

    #[test]
    fn a_pawn_taking_a_guarded_knight_still_wins() {
        let fen = "3k4/8/4p3/3n4/4P3/8/8/3K4 w - - 0 1";
        assert!(see(Variant::Shatranj, fen, "e4d5", 200));
    }

    #[test]
    fn the_king_cannot_retake_on_a_guarded_square() {
        // Rxd7: the king could take back, unless the rook behind guards d7.
        let guarded = "4k3/3p4/8/8/8/8/3R4/K2R4 w - - 0 1";
        let alone = "4k3/3p4/8/8/8/8/3R4/K7 w - - 0 1";
        assert!(see(Variant::Shatranj, guarded, "d2d7", 100));
        assert!(!see(Variant::Shatranj, alone, "d2d7", 0));
    }

    #[test]
    fn a_slider_behind_another_joins_the_exchange() {
        // Two rooks on the d-file against a pawn guarded by a rook: the
        // second white rook (x-ray) wins the exchange.
        let fen = "3r3k/8/8/3p4/8/8/3R4/3RK3 w - - 0 1";
        assert!(see(Variant::Shatranj, fen, "d2d5", 100));
    }
}

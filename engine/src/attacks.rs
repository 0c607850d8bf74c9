//! Which pieces attack a square. Leaps (Medieval chess's first-move leaps)
//! never attack anything, so they do not appear here.

use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::types::{Color, Role, Square};

impl Position {
    /// The pieces of `by` that attack `sq`, with `occupied` as the blockers.
    ///
    /// ```
    /// use engine::{Color, Position, Square, Variant};
    /// let pos = Position::new(Variant::Shatranj);
    /// let e3 = Square::parse("e3").unwrap();
    /// // The pawns on d2 and f2 and the alfil on c1 guard e3.
    /// assert_eq!(pos.attackers(e3, Color::White, pos.occupied()).count(), 3);
    /// ```
    pub fn attackers(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let g = self.geo;
        let i = sq.index();
        let theirs = self.by_color[by.index()];
        let role = |r: Role| self.by_role[r.index()] & theirs;
        let mut found = (g.king[i] & (role(Role::King) | role(Role::Man)))
            | (g.ferz[i] & role(Role::Ferz))
            | (g.wazir[i] & role(Role::Schleich))
            | (g.knight[i] & role(Role::Knight))
            | (g.alfil[i] & role(Role::Alfil));
        let pawns = role(Role::Pawn);
        if pawns.any() {
            // A pawn walking one way attacks from where a pawn walking the
            // other way would capture.
            found |= g.pawn_capture[1][i] & pawns & self.clockwise;
            found |= g.pawn_capture[0][i] & pawns & !self.clockwise;
        }
        found |= slider_attackers(&g.straight[i], role(Role::Rook), occupied);
        found |= slider_attackers(&g.diagonal[i], role(Role::Courier), occupied);
        found
    }

    /// Whether any piece of `by` attacks `sq`.
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        self.attackers(sq, by, occupied).any()
    }

    /// The squares the piece on `from` attacks (where it could capture).
    pub fn attacks_from(&self, from: Square, occupied: Bitboard) -> Bitboard {
        let Some(piece) = self.piece_at(from) else {
            return Bitboard::EMPTY;
        };
        let g = self.geo;
        let i = from.index();
        match piece.role {
            Role::King | Role::Man => g.king[i],
            Role::Ferz => g.ferz[i],
            Role::Schleich => g.wazir[i],
            Role::Knight => g.knight[i],
            Role::Alfil => g.alfil[i],
            Role::Pawn => g.pawn_capture[self.dir_index(from)][i],
            Role::Rook => slider_reach(&g.straight[i], occupied),
            Role::Courier => slider_reach(&g.diagonal[i], occupied),
        }
    }
}

/// The sliders among `sliders` that reach the centre of `rays`.
fn slider_attackers(rays: &[crate::Ray], sliders: Bitboard, occupied: Bitboard) -> Bitboard {
    let mut found = Bitboard::EMPTY;
    if sliders.is_empty() {
        return found;
    }
    for ray in rays {
        if (ray.mask & sliders).is_empty() {
            continue;
        }
        if let (_, Some(blocker)) = ray.reach(occupied) {
            if sliders.contains(blocker) {
                found = found.with(blocker);
            }
        }
    }
    found
}

/// All squares a slider reaches along its rays.
pub(crate) fn slider_reach(rays: &[crate::Ray], occupied: Bitboard) -> Bitboard {
    rays.iter()
        .fold(Bitboard::EMPTY, |acc, ray| acc | ray.reach(occupied).0)
}

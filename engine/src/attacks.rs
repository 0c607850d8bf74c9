//! Which pieces attack a square. Leaps (Medieval chess's first-move leaps)
//! never attack anything, so they do not appear here.

use crate::bitboard::Bitboard;
use crate::geometry::{BoardKind, Geometry};
use crate::position::Position;
use crate::types::{Color, Move, Role, Square};

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

    /// Whether the legal move `m` checks the opponent, found without
    /// playing it: the search asks this of every move it considers, and
    /// most are then skipped unplayed.
    ///
    /// ```
    /// use engine::{Position, Variant};
    /// let pos = Position::from_fen(Variant::Shatranj, "3k4/8/8/8/8/8/8/R2K4 w - - 0 1").unwrap();
    /// assert!(pos.gives_check(&pos.parse_move("a1a8").unwrap()));
    /// assert!(!pos.gives_check(&pos.parse_move("a1a7").unwrap()));
    /// ```
    pub fn gives_check(&self, m: &Move) -> bool {
        let g = self.geo;
        if m.role == Role::Pawn && g.kind == BoardKind::Round {
            // Pawns meeting on the round board leave together: play it.
            return self.play(m).is_check();
        }
        let us = self.turn;
        let king = self.king_square(us.other());
        let occupied = self.occupied().without(m.from).with(m.to);
        let i = m.to.index();
        let role = if m.promotion { Role::Ferz } else { m.role };
        let direct = match role {
            Role::Pawn => g.pawn_capture[self.dir_index(m.from)][i],
            _ => piece_attacks(g, role, m.to, occupied),
        };
        if direct.contains(king) {
            return true;
        }
        // A slider of ours that the move uncovered: only a line from the
        // king through `from` can open.
        let k = king.index();
        let ours = self.by_color[us.index()].without(m.from);
        let rooks = self.by_role[Role::Rook.index()] & ours;
        let couriers = self.by_role[Role::Courier.index()] & ours;
        uncovers(&g.straight[k], rooks, m.from, occupied)
            || uncovers(&g.diagonal[k], couriers, m.from, occupied)
    }

    /// The squares the piece on `from` attacks (where it could capture).
    pub fn attacks_from(&self, from: Square, occupied: Bitboard) -> Bitboard {
        let Some(piece) = self.piece_at(from) else {
            return Bitboard::EMPTY;
        };
        match piece.role {
            Role::Pawn => self.geo.pawn_capture[self.dir_index(from)][from.index()],
            role => piece_attacks(self.geo, role, from, occupied),
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

/// Whether a ray among `rays` through `from` now ends on one of `sliders`.
fn uncovers(rays: &[crate::Ray], sliders: Bitboard, from: Square, occupied: Bitboard) -> bool {
    rays.iter().any(|ray| {
        ray.mask.contains(from)
            && (ray.mask & sliders).any()
            && ray
                .reach(occupied)
                .1
                .is_some_and(|blocker| sliders.contains(blocker))
    })
}

/// Where a piece of `role` attacks from `sq` with `occupied` standing.
/// Not for pawns: their captures depend on the way they walk.
pub(crate) fn piece_attacks(g: &Geometry, role: Role, sq: Square, occupied: Bitboard) -> Bitboard {
    let i = sq.index();
    match role {
        Role::Rook => slider_reach(&g.straight[i], occupied),
        Role::Courier => slider_reach(&g.diagonal[i], occupied),
        _ => g.leaps(role).expect("a leaper")[i],
    }
}

/// All squares a slider reaches along its rays.
pub(crate) fn slider_reach(rays: &[crate::Ray], occupied: Bitboard) -> Bitboard {
    rays.iter()
        .fold(Bitboard::EMPTY, |acc, ray| acc | ray.reach(occupied).0)
}

//! Legal move generation, one routine for every board.
//!
//! Moves are made legal up front rather than tried and taken back: the
//! checks against the king and the pins on it are worked out once per
//! position, then every piece's targets are masked by them. Only the king's
//! own moves, its leap and a Byzantine pawn meeting (which takes two pawns
//! off) need an attack test of their own.

use crate::attacks::{piece_attacks, slider_reach};
use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::types::{Color, Move, MoveKind, Role, Square};
use arrayvec::ArrayVec;

/// Room for every legal move of any reachable position.
pub type MoveList = ArrayVec<Move, 256>;

/// What the king's safety allows: where a move must land to answer a check,
/// and which pieces are pinned to which squares.
struct Safety {
    /// Squares a non-king move must land on (all squares when not in check).
    evasion: Bitboard,
    pinned: Bitboard,
    pins: ArrayVec<(Square, Bitboard), 16>,
}

impl Safety {
    fn allowed(&self, from: Square) -> Bitboard {
        if !self.pinned.contains(from) {
            return self.evasion;
        }
        let line = self
            .pins
            .iter()
            .filter(|(sq, _)| *sq == from)
            .fold(!Bitboard::EMPTY, |acc, (_, line)| acc & *line);
        self.evasion & line
    }
}

impl Position {
    /// All legal moves. A position whose game is over by checkmate or
    /// stalemate has none; one that is over by the bare-king rule still
    /// lists the moves the pieces could make (see [`Position::outcome`]).
    ///
    /// ```
    /// use engine::{Position, Variant};
    /// assert_eq!(Position::new(Variant::Courier).legal_moves().len(), 26);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.legal_moves_into(&mut moves);
        moves
    }

    /// [`legal_moves`](Position::legal_moves) written into `moves`, which
    /// must be empty. The search keeps its lists in its own frame: a list
    /// returned by value is copied whole (1.5 KB) at every node.
    pub(crate) fn legal_moves_into(&self, moves: &mut MoveList) {
        debug_assert!(moves.is_empty());
        self.generate(moves);
    }

    fn safety(&self, king: Square) -> Safety {
        let us = self.turn;
        let them = us.other();
        let occupied = self.occupied();
        let g = self.geo;
        let mut safety = Safety {
            evasion: !Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
            pins: ArrayVec::new(),
        };
        let sliders = [
            (&g.straight[king.index()], self.pieces_of(them, Role::Rook)),
            (
                &g.diagonal[king.index()],
                self.pieces_of(them, Role::Courier),
            ),
        ];
        let mut slider_checkers = Bitboard::EMPTY;
        for (rays, enemy) in sliders {
            if enemy.is_empty() {
                continue;
            }
            for ray in rays.iter() {
                if (ray.mask & enemy).is_empty() {
                    continue;
                }
                let (line, Some(first)) = ray.reach(occupied) else {
                    continue;
                };
                if enemy.contains(first) {
                    safety.evasion &= line;
                    slider_checkers = slider_checkers.with(first);
                } else if self.pieces(us).contains(first) {
                    let (line, second) = ray.reach(occupied.without(first));
                    if second.is_some_and(|sq| enemy.contains(sq)) {
                        safety.pinned = safety.pinned.with(first);
                        safety.pins.push((first, line));
                    }
                }
            }
        }
        let others = self.attackers(king, them, occupied) & !slider_checkers;
        for checker in others {
            safety.evasion &= Bitboard::from_square(checker);
        }
        safety
    }

    /// The legal captures and promotions only: what the quiescence search
    /// looks at, without the cost of the quiet moves.
    ///
    /// ```
    /// use engine::{Position, Variant};
    /// let pos = Position::from_fen(Variant::Shatranj, "3k4/8/8/3r4/4P3/8/8/3K4 w - - 0 1").unwrap();
    /// let tactical = pos.tactical_moves();
    /// assert_eq!(tactical.len(), 1);
    /// assert_eq!(tactical[0].uci(), "e4d5");
    /// ```
    pub fn tactical_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.tactical_moves_into(&mut moves);
        moves
    }

    /// [`tactical_moves`](Position::tactical_moves) written into `moves`,
    /// which must be empty (see [`legal_moves_into`](Position::legal_moves_into)).
    pub(crate) fn tactical_moves_into(&self, moves: &mut MoveList) {
        debug_assert!(moves.is_empty());
        self.generate(&mut Tactical(moves));
    }

    /// Whether the side to move has any legal move, found without listing
    /// them all: the search asks at its horizon, where it has listed only
    /// the captures but must still see a stalemate.
    ///
    /// ```
    /// use engine::{Position, Variant};
    /// assert!(Position::new(Variant::Shatranj).has_legal_moves());
    /// let stalemate = Position::from_fen(Variant::Shatranj, "k7/8/K7/p7/P7/8/1R6/8 b - - 0 1").unwrap();
    /// assert!(!stalemate.has_legal_moves());
    /// // The knight may not leave the rook's line to the king: stalemate.
    /// let pinned = Position::from_fen(Variant::Shatranj, "7k/8/8/8/8/8/7r/KNr5 w - - 0 1").unwrap();
    /// assert!(!pinned.has_legal_moves());
    /// ```
    pub fn has_legal_moves(&self) -> bool {
        if self.is_check() {
            self.any_generated()
        } else {
            self.has_legal_moves_out_of_check()
        }
    }

    /// [`has_legal_moves`](Position::has_legal_moves) for a side the
    /// caller knows is not in check: the search asks it at half its nodes.
    pub(crate) fn has_legal_moves_out_of_check(&self) -> bool {
        debug_assert!(!self.is_check());
        self.has_free_move() || self.any_generated()
    }

    /// Whether the generator finds any legal move, stopping at the first.
    fn any_generated(&self) -> bool {
        let mut any = Any(false);
        self.generate(&mut any);
        any.0
    }

    /// Out of check, whether a piece that no enemy slider could pin has a
    /// move: nearly always so, and much cheaper to see than the king's steps
    /// and the pins that the generator works out first. Such a piece may go
    /// to any square it reaches that its own side does not hold. Pawns are
    /// left to the generator (the round board's meetings).
    fn has_free_move(&self) -> bool {
        let g = self.geo;
        let us = self.turn;
        let them = us.other();
        let king = self.king_square(us).index();
        let own = self.pieces(us);
        let occupied = self.occupied();
        let mut pinnable = Bitboard::EMPTY;
        for (rays, enemy) in [
            (&g.straight[king], self.pieces_of(them, Role::Rook)),
            (&g.diagonal[king], self.pieces_of(them, Role::Courier)),
        ] {
            for ray in rays.iter().filter(|ray| (ray.mask & enemy).any()) {
                pinnable |= ray.mask;
            }
        }
        let fixed = self.by_role[Role::King.index()] | self.by_role[Role::Pawn.index()] | pinnable;
        let mut free = own & !fixed;
        Iterator::any(&mut free, |from| {
            let role = self.squares[from.index()].expect("own piece").role;
            (piece_attacks(g, role, from, occupied) & !own).any()
        })
    }

    /// The number of legal moves, without building them: perft's last ply.
    pub fn count_legal_moves(&self) -> usize {
        let mut count = Count(0);
        self.generate(&mut count);
        count.0
    }

    fn generate(&self, sink: &mut impl Sink) {
        let us = self.turn;
        let them = us.other();
        let g = self.geo;
        let own = self.pieces(us);
        let occupied = self.occupied();
        let king = self.king_square(us);
        let safety = self.safety(king);
        let in_check = safety.evasion != !Bitboard::EMPTY;

        let wanted = sink.wanted(self);
        let without_king = occupied.without(king);
        let steps: Bitboard = (g.king[king.index()] & !own & wanted)
            .filter(|&to| !self.is_attacked(to, them, without_king))
            .collect();
        sink.add(self, Role::King, king, steps, MoveKind::Normal);
        if !in_check && self.leap_rights.contains(king) {
            let leaps: Bitboard = (g.king_leap[king.index()] & !occupied & wanted)
                .filter(|&to| {
                    let crossed_safe = g
                        .between_two(king, to)
                        .is_none_or(|sq| !self.is_attacked(sq, them, occupied));
                    crossed_safe && !self.is_attacked(to, them, without_king)
                })
                .collect();
            sink.add(self, Role::King, king, leaps, MoveKind::KingLeap);
        }
        if safety.evasion.is_empty() {
            return; // double check: only the king may move
        }

        for from in own & !self.by_role[Role::King.index()] {
            if sink.satisfied() {
                return;
            }
            let role = self.squares[from.index()].expect("own piece").role;
            let allowed = safety.allowed(from) & !own;
            let i = from.index();
            let targets = match role {
                Role::Pawn => {
                    self.pawn_moves(sink, from, &safety);
                    continue;
                }
                Role::Man => g.king[i],
                Role::Ferz => g.ferz[i],
                Role::Schleich => g.wazir[i],
                Role::Knight => g.knight[i],
                Role::Alfil => g.alfil[i],
                Role::Rook => slider_reach(&g.straight[i], occupied),
                Role::Courier => slider_reach(&g.diagonal[i], occupied),
                Role::King => unreachable!("kings were done above"),
            };
            sink.add(
                self,
                role,
                from,
                targets & allowed & wanted,
                MoveKind::Normal,
            );
            if role == Role::Ferz && self.leap_rights.contains(from) && wanted.any() {
                sink.add(
                    self,
                    role,
                    from,
                    g.ferz_leap[i] & allowed & !occupied & wanted,
                    MoveKind::FerzLeap,
                );
            }
        }
    }

    fn pawn_moves(&self, sink: &mut impl Sink, from: Square, safety: &Safety) {
        let g = self.geo;
        let i = from.index();
        let d = self.dir_index(from);
        let occupied = self.occupied();
        let enemy = self.pieces(self.turn.other());
        let step = g.pawn_step[d][i] & !occupied;
        let targets = step | (g.pawn_capture[d][i] & enemy);
        let mut double = Bitboard::EMPTY;
        if self.variant.has_leaps() && !self.captured && from.rank() == start_rank(self.turn) {
            if let Some(mid) = step.first() {
                double = g.pawn_step[d][mid.index()] & !occupied;
            }
        }
        let allowed = safety.allowed(from);
        if g.kind != crate::BoardKind::Round {
            let allowed = allowed & sink.wanted_by_pawn(self, d);
            sink.add(self, Role::Pawn, from, targets & allowed, MoveKind::Normal);
            sink.add(
                self,
                Role::Pawn,
                from,
                double & allowed,
                MoveKind::DoubleStep,
            );
            return;
        }
        for to in targets {
            if self.meets_after(from, to) {
                // The meeting takes two pawns off: test the result itself.
                let m = self.make_move(Role::Pawn, from, to, MoveKind::Normal);
                let after = self.play(&m);
                let king = after.king_square(self.turn);
                if !after.is_attacked(king, self.turn.other(), after.occupied()) {
                    sink.add_one(m);
                }
            } else if allowed.contains(to) {
                sink.add(
                    self,
                    Role::Pawn,
                    from,
                    Bitboard::from_square(to),
                    MoveKind::Normal,
                );
            }
        }
    }

    /// Round board: whether a pawn arriving on `to` faces a pawn of its own.
    fn meets_after(&self, from: Square, to: Square) -> bool {
        if self.geo.kind != crate::BoardKind::Round {
            return false;
        }
        let d = self.dir_index(from);
        let Some(ahead) = self.geo.pawn_step[d][to.index()].first() else {
            return false;
        };
        let facing = if d == 0 {
            !self.clockwise
        } else {
            self.clockwise
        };
        ahead != from && (self.pieces_of(self.turn, Role::Pawn) & facing).contains(ahead)
    }

    fn make_move(&self, role: Role, from: Square, to: Square, kind: MoveKind) -> Move {
        let promotion = role == Role::Pawn && self.geo.promotion[self.dir_index(from)].contains(to);
        Move {
            role,
            from,
            to,
            capture: self.squares[to.index()].map(|p| p.role),
            promotion,
            kind,
        }
    }
}

/// Where generated moves go: a list, or only their number.
trait Sink {
    /// Where the moves of pieces other than pawns may land to be kept;
    /// masking early spares the king's attack tests for the rest.
    fn wanted(&self, _pos: &Position) -> Bitboard {
        !Bitboard::EMPTY
    }
    /// The same as `wanted` for a pawn walking direction `dir` on a
    /// square board.
    fn wanted_by_pawn(&self, _pos: &Position, _dir: usize) -> Bitboard {
        !Bitboard::EMPTY
    }
    fn add(&mut self, pos: &Position, role: Role, from: Square, targets: Bitboard, kind: MoveKind);
    fn add_one(&mut self, m: Move);
    /// Whether the sink has all it wants, so generation may stop.
    fn satisfied(&self) -> bool {
        false
    }
}

impl Sink for MoveList {
    #[inline(always)]
    fn add(&mut self, pos: &Position, role: Role, from: Square, targets: Bitboard, kind: MoveKind) {
        for to in targets {
            self.push(pos.make_move(role, from, to, kind));
        }
    }

    fn add_one(&mut self, m: Move) {
        self.push(m);
    }
}

/// Captures and promotions only: the other pieces only capture, pawns
/// also step onto the promotion squares. (On the round board, where pawns
/// meet, pawn moves are filtered one by one.)
struct Tactical<'a>(&'a mut MoveList);

impl Sink for Tactical<'_> {
    fn wanted(&self, pos: &Position) -> Bitboard {
        pos.pieces(pos.turn.other())
    }

    fn wanted_by_pawn(&self, pos: &Position, dir: usize) -> Bitboard {
        pos.pieces(pos.turn.other()) | pos.geo.promotion[dir]
    }

    #[inline(always)]
    fn add(&mut self, pos: &Position, role: Role, from: Square, targets: Bitboard, kind: MoveKind) {
        for to in targets {
            self.add_one(pos.make_move(role, from, to, kind));
        }
    }

    fn add_one(&mut self, m: Move) {
        if m.is_capture() || m.promotion {
            self.0.push(m);
        }
    }
}

/// Only whether there is a move at all.
struct Any(bool);

impl Sink for Any {
    fn add(&mut self, _: &Position, _: Role, _: Square, targets: Bitboard, _: MoveKind) {
        self.0 |= targets.any();
    }

    fn add_one(&mut self, _: Move) {
        self.0 = true;
    }

    fn satisfied(&self) -> bool {
        self.0
    }
}

struct Count(usize);

impl Sink for Count {
    fn add(&mut self, _: &Position, _: Role, _: Square, targets: Bitboard, _: MoveKind) {
        self.0 += targets.count();
    }

    fn add_one(&mut self, _: Move) {
        self.0 += 1;
    }
}

fn start_rank(color: Color) -> u8 {
    match color {
        Color::White => 1,
        Color::Black => 6,
    }
}

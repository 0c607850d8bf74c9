//! Why a move is not legal, in words a beginner understands.

use crate::geometry::BoardKind;
use crate::position::Position;
use crate::types::{Color, Piece, Role, Square};
use crate::Variant;
use std::fmt;

/// The reason a from-to move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    NotOnBoard(Square),
    NoPiece(Square),
    NotYourPiece(Square, Piece),
    SameSquare(Square),
    OwnPieceThere(Square, Role),
    /// The piece does not move that way at all.
    Pattern(Role, BoardKind),
    /// A rook or courier would have to pass over a piece.
    Blocked(Role, Square),
    PawnBlocked(Square),
    PawnCapturesOnly(Square),
    PawnOneStep(Variant),
    DoubleStepNotFromStart,
    DoubleStepAfterCapture,
    FerzLeapOnlyFirst,
    KingLeapUsed,
    KingLeapInCheck,
    KingLeapAcrossAttack(Square),
    LeapNeverCaptures,
    KingIntoCheck(Square),
    DoesNotAnswerCheck,
    LeavesKingInCheck,
    GameOver,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::NotOnBoard(sq) => write!(f, "{sq} is not a square of this board"),
            Illegal::NoPiece(sq) => write!(f, "there is no piece on {sq}"),
            Illegal::NotYourPiece(sq, piece) => write!(f, "the {piece} on {sq} is not yours"),
            Illegal::SameSquare(sq) => write!(f, "the piece is already on {sq}"),
            Illegal::OwnPieceThere(sq, role) => write!(f, "your own {role} stands on {sq}"),
            Illegal::Pattern(role, board) => f.write_str(pattern(*role, *board)),
            Illegal::Blocked(role, sq) => {
                write!(
                    f,
                    "the {role} cannot jump over pieces, and {sq} is in the way"
                )
            }
            Illegal::PawnBlocked(sq) => {
                write!(
                    f,
                    "the pawn is blocked: {sq} is taken, and a pawn never captures straight ahead"
                )
            }
            Illegal::PawnCapturesOnly(sq) => write!(
                f,
                "a pawn moves diagonally only to capture, and {sq} is empty"
            ),
            Illegal::PawnOneStep(variant) => write!(
                f,
                "in {} a pawn steps one square at a time, also from its starting square",
                variant.title()
            ),
            Illegal::DoubleStepNotFromStart => {
                f.write_str("only a pawn on its starting square may step two squares")
            }
            Illegal::DoubleStepAfterCapture => {
                f.write_str("pawns may step two squares only until the first capture of the game")
            }
            Illegal::FerzLeapOnlyFirst => f.write_str("the ferz may leap only on its first move"),
            Illegal::KingLeapUsed => {
                f.write_str("the king may leap only once, as its first move of the game")
            }
            Illegal::KingLeapInCheck => f.write_str("the king may not leap while in check"),
            Illegal::KingLeapAcrossAttack(sq) => write!(
                f,
                "the king may not leap across {sq}, which your opponent attacks"
            ),
            Illegal::LeapNeverCaptures => f.write_str("a leap never captures"),
            Illegal::KingIntoCheck(sq) => write!(f, "your king would be in check on {sq}"),
            Illegal::DoesNotAnswerCheck => {
                f.write_str("your king is in check, and that move does not answer it")
            }
            Illegal::LeavesKingInCheck => f.write_str("that leaves your king in check"),
            Illegal::GameOver => f.write_str("the game is over"),
        }
    }
}

fn pattern(role: Role, board: BoardKind) -> &'static str {
    match (role, board) {
        (Role::King, _) => "the king steps one square in any direction",
        (Role::Ferz, _) => "the ferz steps one square diagonally",
        (Role::Alfil, _) => "the alfil jumps exactly two squares diagonally",
        (Role::Knight, _) => "the knight jumps two squares one way and one to the side",
        (Role::Rook, BoardKind::Round) => {
            "the rook moves along its ring or straight across the rings"
        }
        (Role::Rook, _) => "the rook moves straight along a rank or a file",
        (Role::Pawn, BoardKind::Round) => {
            "a pawn steps one cell along its ring, the way it walks, and captures one cell diagonally forward"
        }
        (Role::Pawn, _) => {
            "a pawn steps one square forward and captures one square diagonally forward"
        }
        (Role::Courier, _) => "the courier moves any distance diagonally",
        (Role::Man, _) => "the man steps one square in any direction",
        (Role::Schleich, _) => "the schleich steps one square straight",
    }
}

impl Position {
    /// Why moving the piece on `from` to `to` is not legal; `None` if it is.
    ///
    /// ```
    /// use engine::{Illegal, Position, Square, Variant};
    /// let pos = Position::new(Variant::Shatranj);
    /// let (c1, c3) = (Square::parse("c1").unwrap(), Square::parse("c3").unwrap());
    /// assert_eq!(pos.why_illegal(c1, c3).unwrap().to_string(),
    ///            "the alfil jumps exactly two squares diagonally");
    /// ```
    pub fn why_illegal(&self, from: Square, to: Square) -> Option<Illegal> {
        if self.find_move(from, to).is_some() {
            return None;
        }
        Some(self.explain(from, to))
    }

    fn explain(&self, from: Square, to: Square) -> Illegal {
        let g = self.geo;
        for sq in [from, to] {
            if !g.cells.contains(sq) {
                return Illegal::NotOnBoard(sq);
            }
        }
        let Some(piece) = self.piece_at(from) else {
            return Illegal::NoPiece(from);
        };
        if piece.color != self.turn {
            return Illegal::NotYourPiece(from, piece);
        }
        if from == to {
            return Illegal::SameSquare(to);
        }
        if let Some(there) = self.piece_at(to).filter(|p| p.color == self.turn) {
            return Illegal::OwnPieceThere(to, there.role);
        }
        if self.bare_king().is_some() {
            return Illegal::GameOver;
        }
        if let Some(reason) = self.shape_problem(piece.role, from, to) {
            return reason;
        }
        if piece.role == Role::King {
            Illegal::KingIntoCheck(to)
        } else if self.is_check() {
            Illegal::DoesNotAnswerCheck
        } else {
            Illegal::LeavesKingInCheck
        }
    }

    /// What is wrong with the move's shape, ignoring the king's safety.
    fn shape_problem(&self, role: Role, from: Square, to: Square) -> Option<Illegal> {
        let g = self.geo;
        let i = from.index();
        let occupied = self.occupied();
        let leaps = self.variant.has_leaps();
        let board = g.kind;
        let step_table = match role {
            Role::King | Role::Man => g.king[i],
            Role::Ferz => g.ferz[i],
            Role::Schleich => g.wazir[i],
            Role::Knight => g.knight[i],
            Role::Alfil => g.alfil[i],
            Role::Rook | Role::Courier => {
                let rays = if role == Role::Rook {
                    &g.straight[i]
                } else {
                    &g.diagonal[i]
                };
                // A square on no ray is the wrong shape; on the round board
                // a cell may lie on two rays (both ways round the ring), and
                // the move is blocked only if both are.
                let mut blocker = None;
                for ray in rays.iter().filter(|r| r.mask.contains(to)) {
                    let (reached, first) = ray.reach(occupied);
                    if reached.contains(to) {
                        return None;
                    }
                    blocker = blocker.or(first);
                }
                return Some(match blocker {
                    Some(sq) => Illegal::Blocked(role, sq),
                    None => Illegal::Pattern(role, board),
                });
            }
            Role::Pawn => return self.pawn_problem(from, to),
        };
        if step_table.contains(to) {
            return None;
        }
        let capture = occupied.contains(to);
        match role {
            Role::King if leaps && g.king_leap[i].contains(to) => {
                if !self.leap_rights.contains(from) {
                    Some(Illegal::KingLeapUsed)
                } else if capture {
                    Some(Illegal::LeapNeverCaptures)
                } else if self.is_check() {
                    Some(Illegal::KingLeapInCheck)
                } else {
                    g.between_two(from, to)
                        .filter(|&sq| self.is_attacked(sq, self.turn.other(), occupied))
                        .map(Illegal::KingLeapAcrossAttack)
                }
            }
            Role::Ferz if leaps && g.ferz_leap[i].contains(to) => {
                if !self.leap_rights.contains(from) {
                    Some(Illegal::FerzLeapOnlyFirst)
                } else if capture {
                    Some(Illegal::LeapNeverCaptures)
                } else {
                    None
                }
            }
            _ => Some(Illegal::Pattern(role, board)),
        }
    }

    fn pawn_problem(&self, from: Square, to: Square) -> Option<Illegal> {
        let g = self.geo;
        let d = self.dir_index(from);
        let occupied = self.occupied();
        let step = g.pawn_step[d][from.index()].first();
        if step == Some(to) {
            return occupied.contains(to).then_some(Illegal::PawnBlocked(to));
        }
        if g.pawn_capture[d][from.index()].contains(to) {
            return (!occupied.contains(to)).then_some(Illegal::PawnCapturesOnly(to));
        }
        let double = step.and_then(|s| g.pawn_step[d][s.index()].first());
        if double == Some(to) && g.kind != BoardKind::Round {
            let start = if self.turn == Color::White { 1 } else { 6 };
            return Some(if !self.variant.has_leaps() {
                Illegal::PawnOneStep(self.variant)
            } else if from.rank() != start {
                Illegal::DoubleStepNotFromStart
            } else if self.captured {
                Illegal::DoubleStepAfterCapture
            } else {
                return [step, Some(to)]
                    .into_iter()
                    .flatten()
                    .find(|s| occupied.contains(*s))
                    .map(Illegal::PawnBlocked);
            });
        }
        Some(Illegal::Pattern(Role::Pawn, g.kind))
    }
}

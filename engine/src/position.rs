//! A legal position: a validated [`Setup`] with the rules it is played by.

use crate::bitboard::Bitboard;
use crate::geometry::{BoardKind, Geometry};
use crate::setup::Setup;
use crate::types::{Color, Move, MoveKind, PawnDir, Piece, Role, Square, SQUARES};
use crate::variant::{HouseRules, Variant};
use crate::zobrist;
use std::fmt;

/// Why a [`Setup`] is not a position that can be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("{0} is not a square of this board")]
    OffBoard(Square),
    #[error("there is no {0} in {1}")]
    RoleNotInVariant(Role, &'static str),
    #[error("{0} has no king")]
    MissingKing(Color),
    #[error("{0} has more than one king")]
    TooManyKings(Color),
    #[error("a pawn cannot stand on {0}: pawns never stand on the first or last rank")]
    PawnOnBackRank(Square),
    #[error("the pawn on {0} has no walking direction (the round board needs one for every pawn)")]
    PawnWithoutDirection(Square),
    #[error("the pawns on {0} and {1} face each other: they would have met and left the board")]
    PawnsFacing(Square, Square),
    #[error("the side not to move ({0}) is in check")]
    OppositeCheck(Color),
    #[error("{0} has no unmoved king or ferz that could have a leap right")]
    BadLeapRight(Square),
}

/// A position that the rules accept: pieces on a board, whose turn it is,
/// the rights that change the legal moves, and the counters.
///
/// ```
/// use engine::{Position, Variant};
/// let pos = Position::new(Variant::Medieval);
/// assert_eq!(pos.legal_moves().len(), 32);
/// ```
#[derive(Clone, Copy)]
pub struct Position {
    pub(crate) geo: &'static Geometry,
    pub(crate) variant: Variant,
    pub(crate) rules: HouseRules,
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) by_role: [Bitboard; 9],
    pub(crate) squares: [Option<Piece>; SQUARES],
    /// Pawns walking towards higher `y` (up on square boards, clockwise on
    /// the round board).
    pub(crate) clockwise: Bitboard,
    pub(crate) turn: Color,
    pub(crate) leap_rights: Bitboard,
    pub(crate) captured: bool,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) hash: u64,
}

impl Position {
    /// The start position with the variant's standard rules.
    pub fn new(variant: Variant) -> Position {
        Position::from_setup(Setup::start(variant), variant.default_rules())
            .expect("start positions are legal")
    }

    /// Checks a setup and makes it a position.
    ///
    /// ```
    /// use engine::{Position, Setup, SetupError, Variant, Color};
    /// let empty = Setup::empty(Variant::Shatranj);
    /// let err = Position::from_setup(empty, Variant::Shatranj.default_rules()).unwrap_err();
    /// assert_eq!(err, SetupError::MissingKing(Color::White));
    /// ```
    pub fn from_setup(setup: Setup, rules: HouseRules) -> Result<Position, SetupError> {
        let variant = setup.variant;
        let geo = Geometry::of(variant.board());
        let mut pos = Position {
            geo,
            variant,
            rules,
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 9],
            squares: [None; SQUARES],
            clockwise: Bitboard::EMPTY,
            turn: setup.turn,
            leap_rights: Bitboard::EMPTY,
            captured: setup.captured && variant.has_leaps(),
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            hash: 0,
        };
        for sq in setup.occupied() {
            let piece = setup.board[sq.index()].expect("occupied");
            if !geo.cells.contains(sq) {
                return Err(SetupError::OffBoard(sq));
            }
            if !variant.roles().contains(&piece.role) {
                return Err(SetupError::RoleNotInVariant(piece.role, variant.title()));
            }
            let dir = if piece.role != Role::Pawn {
                None
            } else if variant.board() == BoardKind::Round {
                Some(setup.pawn_dirs[sq.index()].ok_or(SetupError::PawnWithoutDirection(sq))?)
            } else {
                if sq.rank() == 0 || sq.rank() == variant.board().ranks() - 1 {
                    return Err(SetupError::PawnOnBackRank(sq));
                }
                Some(square_board_dir(piece.color))
            };
            pos.put(sq, piece, dir);
        }
        for color in Color::ALL {
            match pos.pieces_of(color, Role::King).count() {
                0 => return Err(SetupError::MissingKing(color)),
                1 => {}
                _ => return Err(SetupError::TooManyKings(color)),
            }
        }
        if variant.board() == BoardKind::Round {
            for sq in pos.by_role[Role::Pawn.index()] {
                if let Some(other) = pos.met_by(sq) {
                    return Err(SetupError::PawnsFacing(sq, other));
                }
            }
        }
        if variant.has_leaps() {
            for sq in setup.leap_rights {
                match pos.squares[sq.index()] {
                    Some(p) if matches!(p.role, Role::King | Role::Ferz) => {}
                    _ => return Err(SetupError::BadLeapRight(sq)),
                }
            }
            pos.leap_rights = setup.leap_rights;
        }
        let them = pos.turn.other();
        if pos.is_attacked(pos.king_square(them), pos.turn, pos.occupied()) {
            return Err(SetupError::OppositeCheck(them));
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The same position played under other house rules.
    pub fn with_rules(mut self, rules: HouseRules) -> Position {
        self.rules = rules;
        self
    }

    /// The position as an unchecked setup, for editing or drawing.
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty(self.variant);
        setup.board = self.squares;
        for sq in self.by_role[Role::Pawn.index()] {
            setup.pawn_dirs[sq.index()] = self.pawn_dir(sq);
        }
        setup.turn = self.turn;
        setup.leap_rights = self.leap_rights;
        setup.captured = self.captured;
        setup.halfmoves = self.halfmoves;
        setup.fullmoves = self.fullmoves;
        setup
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn rules(&self) -> HouseRules {
        self.rules
    }

    pub fn geometry(&self) -> &'static Geometry {
        self.geo
    }

    pub fn turn(&self) -> Color {
        self.turn
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    /// The way the pawn on `sq` walks, if there is a pawn.
    pub fn pawn_dir(&self, sq: Square) -> Option<PawnDir> {
        match self.squares[sq.index()] {
            Some(p) if p.role == Role::Pawn => Some(if self.clockwise.contains(sq) {
                PawnDir::Clockwise
            } else {
                PawnDir::Anticlockwise
            }),
            _ => None,
        }
    }

    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    pub fn pieces(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    pub fn pieces_of(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// The square of `color`'s king.
    pub fn king(&self, color: Color) -> Square {
        self.king_square(color)
    }

    pub(crate) fn king_square(&self, color: Color) -> Square {
        self.pieces_of(color, Role::King)
            .first()
            .expect("a position has both kings")
    }

    /// Squares of the kings and ferzes that may still leap (Medieval chess).
    pub fn leap_rights(&self) -> Bitboard {
        self.leap_rights
    }

    /// Medieval chess: whether a capture has been made (no more double steps).
    pub fn captured(&self) -> bool {
        self.captured
    }

    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// A hash of everything that makes two positions the same for the
    /// repetition rule: pieces, pawn directions, side to move and rights.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// The pieces giving check to the side to move.
    pub fn checkers(&self) -> Bitboard {
        let king = self.king_square(self.turn);
        self.attackers(king, self.turn.other(), self.occupied())
    }

    /// The walking direction index of a pawn (0 = towards higher `y`).
    pub(crate) fn dir_index(&self, sq: Square) -> usize {
        if self.clockwise.contains(sq) {
            0
        } else {
            1
        }
    }

    /// Plays a legal move (one from [`legal_moves`](Position::legal_moves)
    /// or a parser) and returns the new position.
    ///
    /// ```
    /// use engine::{Position, Variant};
    /// let pos = Position::new(Variant::Shatranj);
    /// let m = pos.parse_move("e2e3").unwrap();
    /// let after = pos.play(&m);
    /// assert_eq!(after.turn(), engine::Color::Black);
    /// ```
    pub fn play(&self, m: &Move) -> Position {
        let mut next = *self;
        next.play_in_place(m);
        next
    }

    pub(crate) fn play_in_place(&mut self, m: &Move) {
        let us = self.turn;
        let dir = (m.role == Role::Pawn)
            .then(|| self.pawn_dir(m.from))
            .flatten();
        if let Some(role) = m.capture {
            self.remove(m.to, Piece::new(us.other(), role));
            self.captured_in_place();
        }
        self.remove(m.from, Piece::new(us, m.role));
        let role = if m.promotion { Role::Ferz } else { m.role };
        // A promoted pawn is a ferz: it keeps no walking direction.
        let dir = if m.promotion { None } else { dir };
        self.put(m.to, Piece::new(us, role), dir);
        self.hash ^= zobrist_kind(us, role, dir, m.to);

        // Removing the mover and any captured piece took their leap rights.
        if m.promotion && self.variant.has_leaps() {
            // A ferz new from promotion has not moved yet.
            self.leap_rights.toggle(m.to);
            self.hash ^= zobrist::LEAP_RIGHTS[m.to.index()];
        }

        let mut irreversible = m.is_capture();
        if m.role == Role::Pawn {
            irreversible |= self.variant.pawn_moves_reset_count();
            if let Some(other) = self.met_by(m.to) {
                for sq in [m.to, other] {
                    let dir = self.pawn_dir(sq);
                    self.hash ^= zobrist_kind(us, Role::Pawn, dir, sq);
                    self.remove_plain(sq, Piece::new(us, Role::Pawn));
                }
                irreversible = true;
            }
        }
        self.halfmoves = if irreversible { 0 } else { self.halfmoves + 1 };
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = us.other();
        self.hash ^= zobrist::BLACK_TO_MOVE;
    }

    fn captured_in_place(&mut self) {
        if self.variant.has_leaps() && !self.captured {
            self.captured = true;
            self.hash ^= zobrist::CAPTURED;
        }
    }

    /// Byzantine meeting: the mover's pawn on `sq` and another pawn of its
    /// colour that face each other on neighbouring cells of a ring.
    pub(crate) fn met_by(&self, sq: Square) -> Option<Square> {
        let piece = self.squares[sq.index()]?;
        if piece.role != Role::Pawn || self.geo.kind != BoardKind::Round {
            return None;
        }
        let d = self.dir_index(sq);
        let ahead = self.geo.pawn_step[d][sq.index()].first()?;
        let facing = self.pieces_of(piece.color, Role::Pawn)
            & if d == 0 {
                !self.clockwise
            } else {
                self.clockwise
            };
        facing.contains(ahead).then_some(ahead)
    }

    fn put(&mut self, sq: Square, piece: Piece, dir: Option<PawnDir>) {
        self.by_color[piece.color.index()].toggle(sq);
        self.by_role[piece.role.index()].toggle(sq);
        self.squares[sq.index()] = Some(piece);
        if dir == Some(PawnDir::Clockwise) {
            self.clockwise = self.clockwise.with(sq);
        }
    }

    /// Removes a piece, keeping the hash in step.
    fn remove(&mut self, sq: Square, piece: Piece) {
        self.hash ^= zobrist_kind(piece.color, piece.role, self.pawn_dir(sq), sq);
        self.remove_plain(sq, piece);
    }

    fn remove_plain(&mut self, sq: Square, piece: Piece) {
        self.by_color[piece.color.index()].toggle(sq);
        self.by_role[piece.role.index()].toggle(sq);
        self.squares[sq.index()] = None;
        self.clockwise = self.clockwise.without(sq);
        if self.leap_rights.contains(sq) {
            self.leap_rights.toggle(sq);
            self.hash ^= zobrist::LEAP_RIGHTS[sq.index()];
        }
    }

    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in self.occupied() {
            let p = self.squares[sq.index()].expect("occupied");
            h ^= zobrist_kind(p.color, p.role, self.pawn_dir(sq), sq);
        }
        for sq in self.leap_rights {
            h ^= zobrist::LEAP_RIGHTS[sq.index()];
        }
        if self.captured {
            h ^= zobrist::CAPTURED;
        }
        if self.turn == Color::Black {
            h ^= zobrist::BLACK_TO_MOVE;
        }
        h
    }

    /// The move that plays `from`-`to` here, if it is legal.
    pub fn find_move(&self, from: Square, to: Square) -> Option<Move> {
        self.legal_moves()
            .into_iter()
            .find(|m| m.from == from && m.to == to)
    }

    /// Whether a move of this shape would be a leap (Medieval chess).
    pub fn is_leap(m: &Move) -> bool {
        matches!(m.kind, MoveKind::FerzLeap | MoveKind::KingLeap)
    }
}

/// Square boards: White's pawns walk up, Black's down.
pub(crate) fn square_board_dir(color: Color) -> PawnDir {
    match color {
        Color::White => PawnDir::Clockwise,
        Color::Black => PawnDir::Anticlockwise,
    }
}

fn zobrist_kind(color: Color, role: Role, dir: Option<PawnDir>, sq: Square) -> u64 {
    let kind = match dir {
        Some(PawnDir::Anticlockwise) if role == Role::Pawn => zobrist::KINDS - 1,
        _ => role.index(),
    };
    zobrist::piece(color.index(), kind, sq.index())
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.variant == other.variant
            && self.rules == other.rules
            && self.squares == other.squares
            && self.clockwise == other.clockwise
            && self.turn == other.turn
            && self.leap_rights == other.leap_rights
            && self.captured == other.captured
            && self.halfmoves == other.halfmoves
            && self.fullmoves == other.fullmoves
    }
}

impl Eq for Position {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({} {})", self.variant, self.fen())
    }
}

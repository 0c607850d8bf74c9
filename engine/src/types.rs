//! Small value types: colours, roles, pieces, squares and moves.

use std::fmt;

/// The side a piece belongs to. White moves first in every variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    ///
    /// ```
    /// use engine::Color;
    /// assert_eq!(Color::White.other(), Color::Black);
    /// ```
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    /// `f(true)` for White, `f(false)` for Black.
    pub fn from_white(white: bool) -> Color {
        if white {
            Color::White
        } else {
            Color::Black
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a piece is. The first six exist in every variant; the courier, the
/// man and the schleich only in Courier chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    King,
    Ferz,
    Alfil,
    Knight,
    Rook,
    Pawn,
    Courier,
    Man,
    Schleich,
}

impl Role {
    pub const ALL: [Role; 9] = [
        Role::King,
        Role::Ferz,
        Role::Alfil,
        Role::Knight,
        Role::Rook,
        Role::Pawn,
        Role::Courier,
        Role::Man,
        Role::Schleich,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter used in algebraic notation: K F A N R P C M S.
    ///
    /// ```
    /// use engine::Role;
    /// assert_eq!(Role::Alfil.letter(), 'A');
    /// ```
    pub const fn letter(self) -> char {
        match self {
            Role::King => 'K',
            Role::Ferz => 'F',
            Role::Alfil => 'A',
            Role::Knight => 'N',
            Role::Rook => 'R',
            Role::Pawn => 'P',
            Role::Courier => 'C',
            Role::Man => 'M',
            Role::Schleich => 'S',
        }
    }

    /// The role for an algebraic letter, either case.
    pub fn from_letter(c: char) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|r| r.letter() == c.to_ascii_uppercase())
    }

    /// The English name players see in messages.
    pub const fn name(self) -> &'static str {
        match self {
            Role::King => "king",
            Role::Ferz => "ferz",
            Role::Alfil => "alfil",
            Role::Knight => "knight",
            Role::Rook => "rook",
            Role::Pawn => "pawn",
            Role::Courier => "courier",
            Role::Man => "man",
            Role::Schleich => "schleich",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A coloured piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color.name().to_lowercase(), self.role)
    }
}

/// The way a pawn walks on the round board, as seen with White at the
/// bottom: clockwise is up the left half (files a-d, ranks 1 to 8) and down
/// the right half. On square boards White's pawns go up and Black's down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PawnDir {
    Clockwise,
    Anticlockwise,
}

impl PawnDir {
    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn reverse(self) -> PawnDir {
        match self {
            PawnDir::Clockwise => PawnDir::Anticlockwise,
            PawnDir::Anticlockwise => PawnDir::Clockwise,
        }
    }
}

/// The largest board has 12 files and 8 ranks.
pub const MAX_FILES: u8 = 12;
pub const MAX_RANKS: u8 = 8;
/// Number of square indices: every cell of every board has one.
pub const SQUARES: usize = (MAX_FILES as usize) * (MAX_RANKS as usize);

/// A cell by its name, `a1` to `l8`. The index is `rank * 12 + file` on every
/// board (the round board keeps the square names), so a `Square` that exists
/// on no board cannot be made. Which squares a given board has is the
/// [`Geometry`](crate::Geometry)'s business.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = a) and `rank` (0 = rank 1), if some board has it.
    ///
    /// ```
    /// use engine::Square;
    /// assert_eq!(Square::new(4, 1).unwrap().to_string(), "e2");
    /// assert!(Square::new(12, 0).is_none());
    /// ```
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_FILES && rank < MAX_RANKS {
            Some(Square(rank * MAX_FILES + file))
        } else {
            None
        }
    }

    /// The square with this index (`0..96`).
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < SQUARES {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn file(self) -> u8 {
        self.0 % MAX_FILES
    }

    pub const fn rank(self) -> u8 {
        self.0 / MAX_FILES
    }

    pub fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    pub fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }

    /// Parses a name such as `e2` or `L8` (case-insensitive).
    ///
    /// ```
    /// use engine::Square;
    /// assert_eq!(Square::parse("l8"), Square::new(11, 7));
    /// assert_eq!(Square::parse("i9"), None);
    /// ```
    pub fn parse(name: &str) -> Option<Square> {
        let b = name.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].to_ascii_lowercase().checked_sub(b'a')?;
        let rank = b[1].checked_sub(b'1')?;
        Square::new(file, rank)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

/// What a move does beyond carrying a piece from one cell to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A step, slide or ordinary leap, capturing or not.
    Normal,
    /// Medieval chess: a pawn's two-square first step.
    DoubleStep,
    /// Medieval chess: the unmoved ferz's leap of two squares.
    FerzLeap,
    /// Medieval chess: the king's one leap of two squares.
    KingLeap,
}

/// A legal move as the position made it: enough to play, print and explain
/// it without looking at the board again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub role: Role,
    pub from: Square,
    pub to: Square,
    pub capture: Option<Role>,
    /// The pawn becomes a ferz (square boards only).
    pub promotion: bool,
    pub kind: MoveKind,
}

impl Move {
    pub fn is_capture(&self) -> bool {
        self.capture.is_some()
    }

    /// Coordinate notation, `e2e3`; promotions carry no suffix.
    ///
    /// ```
    /// use engine::{Position, Variant};
    /// let pos = Position::new(Variant::Shatranj);
    /// let m = pos.legal_moves()[0];
    /// assert_eq!(m.uci().len(), 4);
    /// ```
    pub fn uci(&self) -> String {
        format!("{}{}", self.from, self.to)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

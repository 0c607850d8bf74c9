//! An unchecked position: what a FEN or a puzzle says, before the rules
//! have looked at it.

use crate::bitboard::Bitboard;
use crate::geometry::{BoardKind, Geometry};
use crate::types::{Color, PawnDir, Piece, Role, Square, SQUARES};
use crate::variant::Variant;

/// Everything a position is made of, with no promise that it makes sense.
/// [`Position::from_setup`](crate::Position::from_setup) checks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub variant: Variant,
    pub board: [Option<Piece>; SQUARES],
    /// Round board: the way each pawn walks. Square boards ignore it (White
    /// walks up, Black down).
    pub pawn_dirs: [Option<PawnDir>; SQUARES],
    pub turn: Color,
    /// Medieval chess: the squares of kings and ferzes that may still leap.
    pub leap_rights: Bitboard,
    /// Medieval chess: whether the game has seen a capture (which ends the
    /// pawns' double step).
    pub captured: bool,
    /// Plies since the last capture or (off the round board) pawn move.
    pub halfmoves: u32,
    pub fullmoves: u32,
}

impl Setup {
    /// An empty board, White to move.
    pub fn empty(variant: Variant) -> Setup {
        Setup {
            variant,
            board: [None; SQUARES],
            pawn_dirs: [None; SQUARES],
            turn: Color::White,
            leap_rights: Bitboard::EMPTY,
            captured: false,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// The same game seen from the other side: colours and the side to
    /// move swapped, each piece on the [opposite](BoardKind::opposite)
    /// square. A fair evaluation scores both alike, and both have the same
    /// moves, mirrored.
    ///
    /// ```
    /// use engine::{Position, Variant};
    /// let pos = Position::from_fen(Variant::Shatranj, "3k4/8/8/8/8/8/4P3/R2K4 w - - 0 1").unwrap();
    /// let seen_from_black = Position::from_setup(pos.to_setup().mirrored(), pos.rules()).unwrap();
    /// assert_eq!(seen_from_black.fen(), "r2k4/4p3/8/8/8/8/8/3K4 b - - 0 1");
    /// ```
    pub fn mirrored(&self) -> Setup {
        let kind = self.variant.board();
        let mut m = Setup {
            turn: self.turn.other(),
            leap_rights: self.leap_rights.map(|sq| kind.opposite(sq)).collect(),
            captured: self.captured,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
            ..Setup::empty(self.variant)
        };
        for (i, piece) in self.board.iter().enumerate() {
            let (Some(p), Some(sq)) = (piece, Square::from_index(i)) else {
                continue;
            };
            let to = kind.opposite(sq).index();
            m.board[to] = Some(Piece::new(p.color.other(), p.role));
            // A half turn keeps each pawn's way round the rings.
            m.pawn_dirs[to] = self.pawn_dirs[i];
        }
        m
    }

    /// The start position of a variant (for Courier chess, after the fixed opening).
    ///
    /// ```
    /// use engine::{Setup, Square, Variant};
    /// let setup = Setup::start(Variant::Shatranj);
    /// let d1 = Square::parse("d1").unwrap();
    /// assert_eq!(setup.board[d1.index()].unwrap().role, engine::Role::King);
    /// ```
    pub fn start(variant: Variant) -> Setup {
        let mut setup = Setup::empty(variant);
        use Role::*;
        let (back, pawns_on): (&[Option<Role>], &[u8]) = match variant {
            Variant::Shatranj | Variant::Byzantine => (
                &[
                    Some(Rook),
                    Some(Knight),
                    Some(Alfil),
                    Some(King),
                    Some(Ferz),
                    Some(Alfil),
                    Some(Knight),
                    Some(Rook),
                ],
                &[0, 1, 2, 3, 4, 5, 6, 7],
            ),
            Variant::Medieval => (
                &[
                    Some(Rook),
                    Some(Knight),
                    Some(Alfil),
                    Some(Ferz),
                    Some(King),
                    Some(Alfil),
                    Some(Knight),
                    Some(Rook),
                ],
                &[0, 1, 2, 3, 4, 5, 6, 7],
            ),
            Variant::Courier => (
                &[
                    Some(Rook),
                    Some(Knight),
                    Some(Alfil),
                    Some(Courier),
                    Some(Man),
                    Some(King),
                    None,
                    Some(Schleich),
                    Some(Courier),
                    Some(Alfil),
                    Some(Knight),
                    Some(Rook),
                ],
                &[1, 2, 3, 4, 5, 7, 8, 9, 10],
            ),
        };
        for color in Color::ALL {
            let (back_rank, pawn_rank) = match color {
                Color::White => (0, 1),
                Color::Black => (7, 6),
            };
            for (file, role) in back.iter().enumerate() {
                let Some(role) = *role else { continue };
                // Byzantine: Black is White turned half a turn, so its back
                // rank reads from the other end.
                let file = if variant == Variant::Byzantine && color == Color::Black {
                    7 - file
                } else {
                    file
                };
                setup.put(file as u8, back_rank, Piece::new(color, role));
            }
            for &file in pawns_on {
                setup.put(file, pawn_rank, Piece::new(color, Pawn));
            }
        }
        if variant == Variant::Courier {
            // The fixed opening: rook pawns and the fers's pawn two squares,
            // the fers to its third square.
            for (file, rank, color) in [
                (0, 3, Color::White),
                (6, 3, Color::White),
                (11, 3, Color::White),
                (0, 4, Color::Black),
                (6, 4, Color::Black),
                (11, 4, Color::Black),
            ] {
                setup.put(file, rank, Piece::new(color, Pawn));
            }
            setup.put(6, 2, Piece::new(Color::White, Ferz));
            setup.put(6, 5, Piece::new(Color::Black, Ferz));
        }
        if variant == Variant::Medieval {
            setup.leap_rights = ["d1", "e1", "d8", "e8"]
                .into_iter()
                .filter_map(Square::parse)
                .collect();
        }
        if variant == Variant::Byzantine {
            setup.pawn_dirs = default_pawn_dirs(&setup.board);
        }
        setup
    }

    fn put(&mut self, file: u8, rank: u8, piece: Piece) {
        let sq = Square::new(file, rank).expect("start squares exist");
        self.board[sq.index()] = Some(piece);
    }

    /// The squares holding a piece.
    pub fn occupied(&self) -> Bitboard {
        (0..SQUARES)
            .filter(|&i| self.board[i].is_some())
            .filter_map(Square::from_index)
            .collect()
    }
}

/// The direction a round-board pawn walks when nothing says otherwise: away
/// from its own army, as at the start (White's left wing and Black's right
/// wing clockwise).
pub fn default_pawn_dirs(board: &[Option<Piece>; SQUARES]) -> [Option<PawnDir>; SQUARES] {
    let mut dirs = [None; SQUARES];
    let geo = Geometry::of(BoardKind::Round);
    for sq in geo.cells {
        if let Some(Piece {
            color,
            role: Role::Pawn,
        }) = board[sq.index()]
        {
            let left = sq.file() < 4;
            dirs[sq.index()] = Some(if left == (color == Color::White) {
                PawnDir::Clockwise
            } else {
                PawnDir::Anticlockwise
            });
        }
    }
    dirs
}

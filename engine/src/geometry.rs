//! The three boards as tables: which cells exist, and where every step,
//! leap and slide from each cell goes.
//!
//! Every board is a grid of coordinates `(x, y)` and every piece move is an
//! offset `(dx, dy)` on it. On the square boards `x` is the file and `y` the
//! rank. On the round board `x` is the ring (0 inner to 3 outer) and `y` the
//! position along the ring (0 to 15, wrapping round), so "across" is `dx`,
//! "along" is `dy` and a diagonal is one of each. Move generation and attack
//! detection only read the tables built here; they never ask which board
//! they are on.

use crate::bitboard::Bitboard;
use crate::types::{Role, Square, SQUARES};
use arrayvec::ArrayVec;
use std::sync::OnceLock;

/// The shape of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardKind {
    /// 8 files by 8 ranks: Shatranj and Medieval chess.
    Square8,
    /// 12 files by 8 ranks: Courier chess.
    Wide12,
    /// 4 rings of 16 cells round an empty centre: Byzantine chess.
    Round,
}

impl BoardKind {
    pub const fn files(self) -> u8 {
        match self {
            BoardKind::Wide12 => 12,
            _ => 8,
        }
    }

    pub const fn ranks(self) -> u8 {
        8
    }

    /// `(x, y)` of a square: file and rank, or ring and position on the ring.
    pub fn coords(self, sq: Square) -> (i32, i32) {
        let (file, rank) = (sq.file() as i32, sq.rank() as i32);
        match self {
            BoardKind::Round if file < 4 => (3 - file, rank),
            BoardKind::Round => (file - 4, 15 - rank),
            _ => (file, rank),
        }
    }

    /// The square at `(x, y)`, wrapping `y` round the rings, if the board has one.
    pub fn at(self, x: i32, y: i32) -> Option<Square> {
        match self {
            BoardKind::Round => {
                if !(0..4).contains(&x) {
                    return None;
                }
                let p = y.rem_euclid(RING_CELLS);
                if p < 8 {
                    Square::new((3 - x) as u8, p as u8)
                } else {
                    Square::new((4 + x) as u8, (15 - p) as u8)
                }
            }
            kind => {
                if (0..kind.files() as i32).contains(&x) && (0..kind.ranks() as i32).contains(&y) {
                    Square::new(x as u8, y as u8)
                } else {
                    None
                }
            }
        }
    }

    /// The square reached from `sq` by the offset `(dx, dy)`.
    pub fn offset(self, sq: Square, dx: i32, dy: i32) -> Option<Square> {
        let (x, y) = self.coords(sq);
        self.at(x + dx, y + dy).filter(|&to| to != sq)
    }

    /// The square that stands for `sq` seen from the other side: across
    /// the middle rank on the square boards, half a turn round the round
    /// one (where the two armies face each other across the centre).
    ///
    /// ```
    /// use engine::{BoardKind, Square};
    /// let e2 = Square::parse("e2").unwrap();
    /// assert_eq!(BoardKind::Square8.opposite(e2), Square::parse("e7").unwrap());
    /// ```
    pub fn opposite(self, sq: Square) -> Square {
        let (x, y) = self.coords(sq);
        let to = match self {
            BoardKind::Round => self.at(x, y + RING_CELLS / 2),
            kind => self.at(x, kind.ranks() as i32 - 1 - y),
        };
        to.expect("every square of a board has its opposite on it")
    }
}

/// A run of squares along a ray whose indices all rise or all fall, so the
/// nearest occupied one is the lowest or highest set bit.
#[derive(Clone, Copy, Debug)]
pub struct Segment {
    pub mask: Bitboard,
    pub ascending: bool,
}

/// The squares a slider passes going one way from a cell, nearest first,
/// as monotone segments. On the round board a ray along a ring wraps and so
/// has up to three segments; elsewhere one.
#[derive(Clone, Debug, Default)]
pub struct Ray {
    pub mask: Bitboard,
    pub segments: ArrayVec<Segment, 3>,
}

impl Ray {
    /// The squares the slider reaches given the occupied squares, and the
    /// first occupied square in its way (which it also reaches).
    pub fn reach(&self, occupied: Bitboard) -> (Bitboard, Option<Square>) {
        if (self.mask & occupied).is_empty() {
            return (self.mask, None);
        }
        let mut reached = Bitboard::EMPTY;
        for seg in &self.segments {
            let blockers = seg.mask & occupied;
            if blockers.is_empty() {
                reached |= seg.mask;
                continue;
            }
            let (blocker, upto) = if seg.ascending {
                let b = blockers.first().expect("non-empty");
                (b, !Bitboard::above(b))
            } else {
                let b = blockers.last().expect("non-empty");
                (b, !Bitboard::below(b))
            };
            return (reached | (seg.mask & upto), Some(blocker));
        }
        (reached, None)
    }
}

/// One board's precomputed tables, indexed by square.
pub struct Geometry {
    pub kind: BoardKind,
    /// The cells this board has.
    pub cells: Bitboard,
    /// One step any way: king and man.
    pub king: Vec<Bitboard>,
    /// One step diagonally: ferz.
    pub ferz: Vec<Bitboard>,
    /// One step straight: schleich.
    pub wazir: Vec<Bitboard>,
    pub knight: Vec<Bitboard>,
    /// Two steps diagonally, leaping: alfil.
    pub alfil: Vec<Bitboard>,
    /// Medieval chess's ferz leap: two squares straight or diagonally.
    pub ferz_leap: Vec<Bitboard>,
    /// Medieval chess's king leap: every square two away.
    pub king_leap: Vec<Bitboard>,
    /// Pawn step and pawn capture, by walking direction (index 0 = `dy` +1).
    pub pawn_step: [Vec<Bitboard>; 2],
    pub pawn_capture: [Vec<Bitboard>; 2],
    /// Squares where a pawn walking each way promotes (empty on the round board).
    pub promotion: [Bitboard; 2],
    /// Straight rays (rook) and diagonal rays (courier) from each square.
    pub straight: Vec<ArrayVec<Ray, 4>>,
    pub diagonal: Vec<ArrayVec<Ray, 4>>,
}

const RING_CELLS: i32 = 16;

impl Geometry {
    /// The table of squares a stepping or leaping piece attacks from each
    /// square, or `None` for a pawn or a slider, whose attacks depend on
    /// more than the square.
    pub(crate) fn leaps(&self, role: Role) -> Option<&[Bitboard]> {
        match role {
            Role::King | Role::Man => Some(&self.king),
            Role::Ferz => Some(&self.ferz),
            Role::Schleich => Some(&self.wazir),
            Role::Knight => Some(&self.knight),
            Role::Alfil => Some(&self.alfil),
            Role::Pawn | Role::Rook | Role::Courier => None,
        }
    }

    /// The tables for a board kind, built once.
    ///
    /// ```
    /// use engine::{BoardKind, Geometry, Square};
    /// let round = Geometry::of(BoardKind::Round);
    /// let a1 = Square::parse("a1").unwrap();
    /// // Along the outer ring a1 neighbours h1.
    /// assert!(round.wazir[a1.index()].contains(Square::parse("h1").unwrap()));
    /// ```
    pub fn of(kind: BoardKind) -> &'static Geometry {
        static SQUARE8: OnceLock<Geometry> = OnceLock::new();
        static WIDE12: OnceLock<Geometry> = OnceLock::new();
        static ROUND: OnceLock<Geometry> = OnceLock::new();
        let cell = match kind {
            BoardKind::Square8 => &SQUARE8,
            BoardKind::Wide12 => &WIDE12,
            BoardKind::Round => &ROUND,
        };
        cell.get_or_init(|| Geometry::build(kind))
    }

    /// `(x, y)` of a square: file and rank, or ring and position on the ring.
    pub fn coords(&self, sq: Square) -> (i32, i32) {
        self.kind.coords(sq)
    }

    /// The square at `(x, y)`, wrapping `y` round the rings, if the board has one.
    pub fn at(&self, x: i32, y: i32) -> Option<Square> {
        self.kind.at(x, y)
    }

    /// The square reached from `sq` by the offset `(dx, dy)`.
    pub fn offset(&self, sq: Square, dx: i32, dy: i32) -> Option<Square> {
        self.kind.offset(sq, dx, dy)
    }

    /// The square a two-square straight or diagonal leap passes over; none
    /// for a knight-shaped leap.
    pub fn between_two(&self, from: Square, to: Square) -> Option<Square> {
        let (fx, fy) = self.coords(from);
        let (tx, ty) = self.coords(to);
        let dx = tx - fx;
        let mut dy = ty - fy;
        if self.kind == BoardKind::Round {
            dy = (dy + 8).rem_euclid(RING_CELLS) - 8;
        }
        if dx.abs() == 1 || dy.abs() == 1 {
            return None;
        }
        self.at(fx + dx / 2, fy + dy / 2)
    }

    /// All squares of the board, in index order.
    pub fn squares(&self) -> impl Iterator<Item = Square> {
        self.cells
    }

    fn build(kind: BoardKind) -> Geometry {
        let mut g = Geometry {
            kind,
            cells: Bitboard::EMPTY,
            king: vec![Bitboard::EMPTY; SQUARES],
            ferz: vec![Bitboard::EMPTY; SQUARES],
            wazir: vec![Bitboard::EMPTY; SQUARES],
            knight: vec![Bitboard::EMPTY; SQUARES],
            alfil: vec![Bitboard::EMPTY; SQUARES],
            ferz_leap: vec![Bitboard::EMPTY; SQUARES],
            king_leap: vec![Bitboard::EMPTY; SQUARES],
            pawn_step: [
                vec![Bitboard::EMPTY; SQUARES],
                vec![Bitboard::EMPTY; SQUARES],
            ],
            pawn_capture: [
                vec![Bitboard::EMPTY; SQUARES],
                vec![Bitboard::EMPTY; SQUARES],
            ],
            promotion: [Bitboard::EMPTY; 2],
            straight: vec![ArrayVec::new(); SQUARES],
            diagonal: vec![ArrayVec::new(); SQUARES],
        };
        g.cells = (0..SQUARES)
            .filter_map(Square::from_index)
            .filter(|&sq| {
                let (x, y) = kind.coords(sq);
                kind.at(x, y) == Some(sq)
            })
            .collect();
        let diagonal = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let straight = [(0, 1), (0, -1), (1, 0), (-1, 0)];
        let knight = [
            (1, 2),
            (2, 1),
            (-1, 2),
            (-2, 1),
            (1, -2),
            (2, -1),
            (-1, -2),
            (-2, -1),
        ];
        let alfil = [(2, 2), (2, -2), (-2, 2), (-2, -2)];
        let ferz_leap = [
            (2, 2),
            (2, -2),
            (-2, 2),
            (-2, -2),
            (0, 2),
            (0, -2),
            (2, 0),
            (-2, 0),
        ];
        let king_leap: Vec<(i32, i32)> = (-2i32..=2)
            .flat_map(|dx| (-2i32..=2).map(move |dy| (dx, dy)))
            .filter(|&(dx, dy)| i32::max(dx.abs(), dy.abs()) == 2)
            .collect();
        for sq in g.cells {
            let i = sq.index();
            let targets = |offsets: &[(i32, i32)]| -> Bitboard {
                offsets
                    .iter()
                    .filter_map(|&(dx, dy)| kind.offset(sq, dx, dy))
                    .collect()
            };
            g.ferz[i] = targets(&diagonal);
            g.wazir[i] = targets(&straight);
            g.king[i] = g.ferz[i] | g.wazir[i];
            g.knight[i] = targets(&knight);
            g.alfil[i] = targets(&alfil);
            g.ferz_leap[i] = targets(&ferz_leap);
            g.king_leap[i] = targets(&king_leap);
            for (d, dy) in [(0, 1), (1, -1)] {
                g.pawn_step[d][i] = targets(&[(0, dy)]);
                g.pawn_capture[d][i] = targets(&[(1, dy), (-1, dy)]);
            }
            g.straight[i] = straight
                .iter()
                .map(|&(dx, dy)| ray(kind, sq, dx, dy))
                .collect();
            g.diagonal[i] = diagonal
                .iter()
                .map(|&(dx, dy)| ray(kind, sq, dx, dy))
                .collect();
        }
        if kind != BoardKind::Round {
            let last = kind.ranks() - 1;
            for sq in g.cells {
                if sq.rank() == last {
                    g.promotion[0] = g.promotion[0].with(sq);
                }
                if sq.rank() == 0 {
                    g.promotion[1] = g.promotion[1].with(sq);
                }
            }
        }
        g
    }
}

fn ray(kind: BoardKind, from: Square, dx: i32, dy: i32) -> Ray {
    let mut ray = Ray::default();
    let mut current = from;
    let mut previous: Option<Square> = None;
    while let Some(next) = kind.offset(current, dx, dy) {
        if next == from {
            break;
        }
        let ascending = next.index() > previous.unwrap_or(from).index();
        match ray.segments.last_mut() {
            Some(seg) if seg.ascending == ascending && previous.is_some() => {
                seg.mask = seg.mask.with(next)
            }
            _ => ray.segments.push(Segment {
                mask: Bitboard::from_square(next),
                ascending,
            }),
        }
        ray.mask = ray.mask.with(next);
        previous = Some(next);
        current = next;
    }
    ray
}

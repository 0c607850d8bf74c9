//! A second, deliberately naive implementation of RULES.md's moves, written
//! from the rules text alone and sharing no code with the engine beyond
//! reading a position's pieces. It is slow and obvious: every move is
//! played on a copy and the king's safety tested by brute force. The tests
//! compare the engine's legal moves, perft and bare-king verdicts with it.
#![allow(dead_code)]

use engine::{Color, PawnDir, Position, Role, Square, Variant};
use std::collections::BTreeSet;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct P {
    pub white: bool,
    pub role: Role,
    /// Round board: +1 walks to higher ring positions, -1 to lower.
    pub dir: i32,
}

/// A naive position on either kind of board. Cells are `(x, y)`: file and
/// rank on a square board, ring and position on the round board.
#[derive(Clone)]
pub struct Naive {
    pub variant: Variant,
    pub round: bool,
    pub width: i32,
    pub cells: Vec<Vec<Option<P>>>,
    pub white_to_move: bool,
    /// Medieval: cells whose king or ferz may still leap.
    pub leap_rights: BTreeSet<(i32, i32)>,
    /// Medieval: a capture has been made (no more double steps).
    pub captured: bool,
}

/// The round board's `(ring, position)` for a square name, from RULES.md's
/// wording: files a-d are rings 3-0 of the left half, ranks 1..8 at
/// positions 0..7; files e-h are rings 0-3 of the right half, ranks 8..1
/// at positions 8..15.
pub fn round_cell(name: &str) -> (i32, i32) {
    let b = name.as_bytes();
    let file = (b[0] - b'a') as i32;
    let rank = (b[1] - b'0') as i32;
    if file < 4 {
        (3 - file, rank - 1)
    } else {
        (file - 4, 16 - rank)
    }
}

pub fn round_name(ring: i32, pos: i32) -> String {
    let p = pos.rem_euclid(16);
    if p < 8 {
        format!("{}{}", ['d', 'c', 'b', 'a'][ring as usize], p + 1)
    } else {
        format!("{}{}", ['e', 'f', 'g', 'h'][ring as usize], 16 - p)
    }
}

impl Naive {
    pub fn from_position(pos: &Position) -> Naive {
        let variant = pos.variant();
        let round = variant == Variant::Byzantine;
        let width = if variant == Variant::Courier { 12 } else { 8 };
        let (xs, ys) = if round { (4, 16) } else { (width, 8) };
        let mut n = Naive {
            variant,
            round,
            width,
            cells: vec![vec![None; ys as usize]; xs as usize],
            white_to_move: pos.turn() == Color::White,
            leap_rights: BTreeSet::new(),
            captured: pos.captured(),
        };
        for f in 0..width {
            for r in 0..8 {
                let name = format!("{}{}", (b'a' + f as u8) as char, r + 1);
                let Some(piece) = pos.piece_at(Square::parse(&name).unwrap()) else {
                    continue;
                };
                let white = piece.color == Color::White;
                let (x, y) = if round { round_cell(&name) } else { (f, r) };
                let dir = match pos.pawn_dir(Square::parse(&name).unwrap()) {
                    Some(PawnDir::Clockwise) => 1,
                    Some(PawnDir::Anticlockwise) => -1,
                    None => 0,
                };
                n.cells[x as usize][y as usize] = Some(P {
                    white,
                    role: piece.role,
                    dir,
                });
            }
        }
        for sq in pos.leap_rights() {
            n.leap_rights.insert((sq.file() as i32, sq.rank() as i32));
        }
        n
    }

    pub fn name(&self, (x, y): (i32, i32)) -> String {
        if self.round {
            round_name(x, y)
        } else {
            format!("{}{}", (b'a' + x as u8) as char, y + 1)
        }
    }

    /// The cell at `(x, y)`, wrapping round the rings, if the board has it.
    fn at(&self, x: i32, y: i32) -> Option<(i32, i32)> {
        if self.round {
            (0..4).contains(&x).then_some((x, y.rem_euclid(16)))
        } else {
            ((0..self.width).contains(&x) && (0..8).contains(&y)).then_some((x, y))
        }
    }

    fn get(&self, c: (i32, i32)) -> Option<P> {
        self.cells[c.0 as usize][c.1 as usize]
    }

    fn set(&mut self, c: (i32, i32), p: Option<P>) {
        self.cells[c.0 as usize][c.1 as usize] = p;
    }

    fn all_cells(&self) -> Vec<(i32, i32)> {
        let (xs, ys) = if self.round { (4, 16) } else { (self.width, 8) };
        (0..xs).flat_map(|x| (0..ys).map(move |y| (x, y))).collect()
    }

    /// The cells a piece attacks (where it could capture).
    fn attacks(&self, from: (i32, i32)) -> Vec<(i32, i32)> {
        let p = self.get(from).unwrap();
        let (x, y) = from;
        let mut out = Vec::new();
        let offsets: &[(i32, i32)] = match p.role {
            Role::King | Role::Man => &[
                (1, 0),
                (-1, 0),
                (0, 1),
                (0, -1),
                (1, 1),
                (1, -1),
                (-1, 1),
                (-1, -1),
            ],
            Role::Ferz => &[(1, 1), (1, -1), (-1, 1), (-1, -1)],
            Role::Schleich => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
            Role::Alfil => &[(2, 2), (2, -2), (-2, 2), (-2, -2)],
            Role::Knight => &[
                (1, 2),
                (2, 1),
                (-1, 2),
                (-2, 1),
                (1, -2),
                (2, -1),
                (-1, -2),
                (-2, -1),
            ],
            _ => &[],
        };
        for &(dx, dy) in offsets {
            if let Some(c) = self.at(x + dx, y + dy) {
                out.push(c);
            }
        }
        let slides: &[(i32, i32)] = match p.role {
            Role::Rook => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
            Role::Courier => &[(1, 1), (1, -1), (-1, 1), (-1, -1)],
            _ => &[],
        };
        for &(dx, dy) in slides {
            let mut k = 1;
            // Round the ring at most 15 cells: never back onto its own cell.
            while k < 16 {
                let Some(c) = self.at(x + dx * k, y + dy * k) else {
                    break;
                };
                if c == from {
                    break;
                }
                out.push(c);
                if self.get(c).is_some() {
                    break;
                }
                k += 1;
            }
        }
        if p.role == Role::Pawn {
            let dy = self.pawn_dy(p);
            for dx in [1, -1] {
                if let Some(c) = self.at(x + dx, y + dy) {
                    out.push(c);
                }
            }
        }
        out
    }

    fn pawn_dy(&self, p: P) -> i32 {
        if self.round {
            p.dir
        } else if p.white {
            1
        } else {
            -1
        }
    }

    fn attacked_by(&self, target: (i32, i32), white: bool) -> bool {
        self.all_cells().into_iter().any(|c| {
            self.get(c)
                .is_some_and(|p| p.white == white && self.attacks(c).contains(&target))
        })
    }

    fn king(&self, white: bool) -> (i32, i32) {
        self.all_cells()
            .into_iter()
            .find(|&c| {
                self.get(c)
                    .is_some_and(|p| p.white == white && p.role == Role::King)
            })
            .expect("a king")
    }

    pub fn in_check(&self) -> bool {
        let us = self.white_to_move;
        self.attacked_by(self.king(us), !us)
    }

    /// Moves by the rules' shapes, before the king's safety.
    fn pseudo(&self) -> Vec<((i32, i32), (i32, i32))> {
        let us = self.white_to_move;
        let mut out = Vec::new();
        for from in self.all_cells() {
            let Some(p) = self.get(from) else { continue };
            if p.white != us {
                continue;
            }
            let (x, y) = from;
            if p.role == Role::Pawn {
                let dy = self.pawn_dy(p);
                if let Some(step) = self.at(x, y + dy) {
                    if self.get(step).is_none() {
                        out.push((from, step));
                        let start = if us { 1 } else { 6 };
                        if self.variant == Variant::Medieval && !self.captured && y == start {
                            if let Some(two) = self.at(x, y + 2 * dy) {
                                if self.get(two).is_none() {
                                    out.push((from, two));
                                }
                            }
                        }
                    }
                }
                for dx in [1, -1] {
                    if let Some(c) = self.at(x + dx, y + dy) {
                        if self.get(c).is_some_and(|q| q.white != us) {
                            out.push((from, c));
                        }
                    }
                }
                continue;
            }
            for c in self.attacks(from) {
                if self.get(c).is_none_or(|q| q.white != us) {
                    out.push((from, c));
                }
            }
            if self.variant == Variant::Medieval && self.leap_rights.contains(&from) {
                for dx in -2i32..=2 {
                    for dy in -2i32..=2 {
                        if dx.abs().max(dy.abs()) != 2 {
                            continue;
                        }
                        let Some(to) = self.at(x + dx, y + dy) else {
                            continue;
                        };
                        if self.get(to).is_some() {
                            continue;
                        }
                        let straight_or_diagonal = dx.abs() != 1 && dy.abs() != 1;
                        match p.role {
                            Role::Ferz if straight_or_diagonal => out.push((from, to)),
                            Role::King => {
                                if self.in_check() {
                                    continue;
                                }
                                if straight_or_diagonal
                                    && self.attacked_by((x + dx / 2, y + dy / 2), !us)
                                {
                                    continue;
                                }
                                out.push((from, to));
                            }
                            _ => {}
                        }
                    }
                }
            }
        }
        out
    }

    /// The position after a move, by the rules' words.
    pub fn play(&self, from: (i32, i32), to: (i32, i32)) -> Naive {
        let mut n = self.clone();
        let mut p = n.get(from).unwrap();
        if n.get(to).is_some() {
            n.captured = true;
            n.leap_rights.remove(&to);
        }
        n.leap_rights.remove(&from);
        n.set(from, None);
        if p.role == Role::Pawn && !n.round && (to.1 == 7 || to.1 == 0) {
            p = P {
                white: p.white,
                role: Role::Ferz,
                dir: 0,
            };
            if n.variant == Variant::Medieval {
                n.leap_rights.insert(to);
            }
        }
        n.set(to, Some(p));
        if p.role == Role::Pawn && n.round {
            let ahead = n.at(to.0, to.1 + p.dir).unwrap();
            if n.get(ahead)
                .is_some_and(|q| q.role == Role::Pawn && q.white == p.white && q.dir == -p.dir)
            {
                n.set(to, None);
                n.set(ahead, None);
            }
        }
        n.white_to_move = !n.white_to_move;
        n
    }

    /// Legal moves as sorted coordinate strings.
    pub fn legal(&self) -> Vec<String> {
        let us = self.white_to_move;
        let mut out = BTreeSet::new();
        for (from, to) in self.pseudo() {
            let after = self.play(from, to);
            if !after.attacked_by(after.king(us), !us) {
                out.insert(format!("{}{}", self.name(from), self.name(to)));
            }
        }
        out.into_iter().collect()
    }

    fn legal_pairs(&self) -> Vec<((i32, i32), (i32, i32))> {
        let us = self.white_to_move;
        let mut seen = BTreeSet::new();
        self.pseudo()
            .into_iter()
            .filter(|&(from, to)| {
                let after = self.play(from, to);
                !after.attacked_by(after.king(us), !us) && seen.insert((from, to))
            })
            .collect()
    }

    fn units(&self, white: bool) -> Vec<(i32, i32)> {
        self.all_cells()
            .into_iter()
            .filter(|&c| {
                self.get(c)
                    .is_some_and(|p| p.white == white && p.role != Role::King)
            })
            .collect()
    }

    /// The bare-king rule with the counter: whether the game is over now.
    pub fn bare_over(&self, counter: bool) -> bool {
        let (w, b) = (self.units(true), self.units(false));
        match (w.is_empty(), b.is_empty()) {
            (true, true) => true,
            (false, false) => false,
            (white_bare, _) => {
                let bare_to_move = white_bare == self.white_to_move;
                let theirs = if white_bare { &b } else { &w };
                !(counter
                    && bare_to_move
                    && theirs.len() == 1
                    && self.legal_pairs().iter().any(|&(_, to)| to == theirs[0]))
            }
        }
    }

    /// Perft as the engine defines it: a position over by the bare-king
    /// rule has no moves; repetition and the move-count rule are ignored.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.bare_over(true) {
            return 0;
        }
        let moves = self.legal_pairs();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|(f, t)| self.play(f, t).perft(depth - 1))
            .sum()
    }
}

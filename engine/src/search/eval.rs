//! The static evaluation: what a position is worth to the side to move, in
//! centipawns, without looking ahead.
//!
//! These games are not won like chess today. The pieces are short-ranged
//! (the ferz and the alfil are barely worth more than a pawn), mating a lone
//! king is often impossible, and most decisive games end by *baring* the
//! king: taking every last piece. So beside material, mobility, pawn
//! progress and king safety the evaluation rewards what converts an
//! advantage: trading down when ahead, leaving the opponent few units
//! ("lives"), and in the ending driving the weaker king to the rim, where
//! it is mated or, in the variants where that wins, stalemated.

use super::positional::positional_from;
use super::weights::{variant_index, Weights};
use crate::attacks::slider_reach;
use crate::bitboard::Bitboard;
use crate::geometry::{BoardKind, Geometry};
use crate::position::Position;
use crate::types::{Color, Role, Square, SQUARES};
use crate::variant::Variant;
use std::sync::OnceLock;

/// Piece values by [`Role::index`]: king, ferz, alfil, knight, rook, pawn,
/// courier, man, schleich.
///
/// ```
/// use engine::{search::piece_value, Role, Variant};
/// assert!(piece_value(Variant::Shatranj, Role::Rook) > piece_value(Variant::Shatranj, Role::Knight));
/// ```
pub fn piece_value(variant: Variant, role: Role) -> i32 {
    Weights::steady(variant).value(role)
}

/// Each piece of one side with the squares it attacks, as the evaluation
/// found them: the positional terms reuse them rather than find them again.
/// The king comes first and the pawns last (see [`split_pawns`]).
pub(crate) type PieceAttacks = arrayvec::ArrayVec<Noting, SQUARES>;

/// One piece's entry in [`PieceAttacks`]: where it stands, what it is and
/// the squares it attacks.
pub(crate) type Noting = (Square, Role, Bitboard);

/// The roles after the king in the order [`side_terms`] notes them: the
/// pawns, most of the list, last, so that the terms that read only the
/// pieces or only the pawns take a slice instead of testing every entry.
const NOTED_ORDER: [Role; 8] = [
    Role::Ferz,
    Role::Alfil,
    Role::Knight,
    Role::Rook,
    Role::Courier,
    Role::Man,
    Role::Schleich,
    Role::Pawn,
];

/// A side's noted attacks split into the king and pieces, and the pawns.
pub(crate) fn split_pawns(noted: &PieceAttacks) -> (&[Noting], &[Noting]) {
    noted.split_at(noted.partition_point(|&(_, role, _)| role != Role::Pawn))
}

/// What the base evaluation found on the way, for the positional terms to
/// reuse rather than find again.
#[derive(Default)]
pub(crate) struct Noted {
    /// Each side's pieces with the squares they attack, by [`Color::index`].
    pub(crate) attacks: [PieceAttacks; 2],
    /// The non-pawn material on the board, in thousandths of the start's.
    pub(crate) material_left: i32,
}

/// The non-pawn material of both sides together at the start, to tell
/// middlegame from ending.
fn start_material(v: Variant, w: &Weights) -> i32 {
    // How many of each role stand on the board at the start.
    static COUNTS: OnceLock<[[i32; 9]; 4]> = OnceLock::new();
    let counts = &COUNTS.get_or_init(|| {
        Variant::ALL.map(|v| {
            let pos = Position::new(v);
            let mut counts = [0; 9];
            for sq in pos.occupied() {
                counts[pos.piece_at(sq).expect("occupied").role.index()] += 1;
            }
            counts
        })
    })[variant_index(v)];
    Role::ALL
        .iter()
        .filter(|&&r| r != Role::Pawn)
        .map(|&r| counts[r.index()] * w.value(r))
        .sum()
}

/// How central each square is for each role: how many squares the piece
/// would reach from there on an empty board, above the board's mean. A
/// knight on the rim, an alfil on its few squares near the edge, a ferz in
/// a corner are worth less ([`Weights::centre`] says how much). Computing
/// them from the geometry makes them right for the round board too, where
/// the inner and outer rings are the edges.
struct SquareTables {
    /// By role, then square; the king's entry is its ending table.
    reach: [[i16; SQUARES]; 9],
    /// By colour, then square: where an enemy pawn stops a pawn of that
    /// colour being passed (its file and the two beside it, further up).
    /// Empty on the round board, where pawns never promote.
    stoppers: [[Bitboard; SQUARES]; 2],
    /// By colour, then square: the rank counted from that colour's side,
    /// and the file counted from the nearer edge, indexing
    /// [`Weights::ranks`] and [`Weights::files`]. All 0 on the round board.
    rank: [[u8; SQUARES]; 2],
    edge: [u8; SQUARES],
}

fn square_tables(kind: BoardKind) -> &'static SquareTables {
    static TABLES: OnceLock<[SquareTables; 3]> = OnceLock::new();
    let all = TABLES.get_or_init(|| {
        [BoardKind::Square8, BoardKind::Wide12, BoardKind::Round].map(build_tables)
    });
    match kind {
        BoardKind::Square8 => &all[0],
        BoardKind::Wide12 => &all[1],
        BoardKind::Round => &all[2],
    }
}

fn build_tables(kind: BoardKind) -> SquareTables {
    let g = Geometry::of(kind);
    let mut reach = [[0i16; SQUARES]; 9];
    let moves: [(Role, &Vec<crate::Bitboard>); 7] = [
        (Role::King, &g.king),
        (Role::Man, &g.king),
        (Role::Ferz, &g.ferz),
        (Role::Schleich, &g.wazir),
        (Role::Knight, &g.knight),
        (Role::Alfil, &g.alfil),
        // Sliders: being central still helps; their real reach is counted
        // as mobility.
        (Role::Rook, &g.king),
    ];
    for (role, table) in moves {
        let cells: Vec<Square> = g.cells.collect();
        let mean = cells
            .iter()
            .map(|s| table[s.index()].count() as i32)
            .sum::<i32>()
            / cells.len() as i32;
        for sq in cells {
            reach[role.index()][sq.index()] = (table[sq.index()].count() as i32 - mean) as i16;
        }
    }
    reach[Role::Courier.index()] = reach[Role::Rook.index()];
    let mut stoppers = [[Bitboard::EMPTY; SQUARES]; 2];
    let mut rank = [[0; SQUARES]; 2];
    let mut edge = [0; SQUARES];
    if kind != BoardKind::Round {
        for sq in g.cells {
            rank[Color::White.index()][sq.index()] = sq.rank();
            rank[Color::Black.index()][sq.index()] = kind.ranks() - 1 - sq.rank();
            edge[sq.index()] = sq.file().min(kind.files() - 1 - sq.file());
        }
        for sq in g.cells {
            for other in g.cells {
                let beside = sq.file().abs_diff(other.file()) <= 1;
                if beside && other.rank() > sq.rank() {
                    stoppers[Color::White.index()][sq.index()] |= Bitboard::from_square(other);
                }
                if beside && other.rank() < sq.rank() {
                    stoppers[Color::Black.index()][sq.index()] |= Bitboard::from_square(other);
                }
            }
        }
    }
    SquareTables {
        reach,
        stoppers,
        rank,
        edge,
    }
}

/// The position's worth for the side to move, in centipawns.
///
/// ```
/// use engine::{search::evaluate, Position, Variant};
/// let start = Position::new(Variant::Shatranj);
/// assert!(evaluate(&start).abs() < 50);
/// // A rook up is clearly winning.
/// let up = Position::from_fen(Variant::Shatranj, "3k4/pppppppp/8/8/8/8/PPPPPPPP/R2K3R w - - 0 1").unwrap();
/// assert!(evaluate(&up) > 300);
/// ```
pub fn evaluate(pos: &Position) -> i32 {
    let steady = Weights::steady(pos.variant);
    let unscaled = evaluate_noting(pos, steady, &mut Noted::default());
    scale_for_move_rule(pos, unscaled)
}

/// The evaluation Master's search uses, with weights `w`: the base terms,
/// scaled as the move-count rule nears, and the positional ones. A tuner
/// calls it to try weights; the search caches the same value.
///
/// ```
/// use engine::search::{evaluate_with, Weights};
/// use engine::{Position, Variant};
/// let start = Position::new(Variant::Courier);
/// assert!(evaluate_with(&start, Weights::tuned(Variant::Courier)).abs() < 50);
/// ```
pub fn evaluate_with(pos: &Position, w: &Weights) -> i32 {
    let mut noted = Noted::default();
    let base = evaluate_noting(pos, w, &mut noted);
    scale_for_move_rule(pos, base) + positional_from(pos, w, &noted)
}

/// [`evaluate`] with weights `w` and before [`scale_for_move_rule`],
/// noting each side's piece attacks and the material left in `noted` on
/// the way. Unscaled, it depends on nothing the hash leaves out, so it can
/// be cached by hash.
pub(crate) fn evaluate_noting(pos: &Position, w: &Weights, noted: &mut Noted) -> i32 {
    let [white_attacks, black_attacks] = &mut noted.attacks;
    let white = side_terms(pos, w, Color::White, white_attacks);
    let black = side_terms(pos, w, Color::Black, black_attacks);
    let npm = white.non_pawn + black.non_pawn;
    let start = start_material(pos.variant, w).max(1);
    noted.material_left = npm * 1000 / start;
    // 256 at the start, 0 with only kings and pawns.
    let phase = (npm * 256 / start).min(256);
    // Pieces gain or lose worth as the others leave: written as the
    // change from the start's worth, so that equal worths add nothing.
    let material = white.material - black.material;
    let ending_shift = (white.material_end - black.material_end - material) * (256 - phase) / 256;

    let mut score = material + ending_shift + white.placement - black.placement
        + (white.king_end - black.king_end) * (256 - phase) / 256
        + (white.king_pressure - black.king_pressure + white.king_mid - black.king_mid) * phase
            / 256
        + w.king_shelter * (white.shelter - black.shelter) * phase / 256;
    score += conversion(pos, w, &white, &black, phase);

    let us = if pos.turn == Color::White {
        score
    } else {
        -score
    };
    us + w.tempo
}

/// [`evaluate_noting`]'s score of the same position with the other side
/// to move, from `base`, its score with this side to move: every term is
/// counted from White's side and signed for the side to move only at the
/// end, so passing negates all but the tempo. (The positional terms,
/// signed the same way in [`positional_from`], simply negate.)
pub(crate) fn passed_base(base: i32, w: &Weights) -> i32 {
    2 * w.tempo - base
}

/// One side's terms, from its own point of view.
#[derive(Default)]
struct Side {
    material: i32,
    /// What `material` would be worth with only kings and pawns left.
    material_end: i32,
    non_pawn: i32,
    /// Units besides the king: what the opponent must take to bare it.
    units: i32,
    placement: i32,
    /// The king's square bonus, counted in the ending.
    king_end: i32,
    /// The king's rank and file bonus, counted in the middlegame.
    king_mid: i32,
    /// Attacks on the squares round the enemy king, counted in the middlegame.
    king_pressure: i32,
    /// Own pawns on the squares round the king, counted in the middlegame.
    shelter: i32,
}

fn side_terms(pos: &Position, w: &Weights, color: Color, noted: &mut PieceAttacks) -> Side {
    let g = pos.geo;
    let tables = square_tables(g.kind);
    let occupied = pos.occupied();
    let own = pos.pieces(color);
    // Attacks on the squares round the enemy king, counted as each piece's
    // attacks are known: far cheaper than asking who attacks each square.
    let their_zone = g.king[pos.king_square(color.other()).index()];
    let mut pressure = 0;
    let enemy_pawns = pos.pieces_of(color.other(), Role::Pawn);
    let mut s = Side::default();
    let king = pos.king_square(color);
    s.king_end =
        w.centre[Role::King.index()] * tables.reach[Role::King.index()][king.index()] as i32;
    s.king_mid = line_bonus(w, tables, Role::King, king, color);
    pressure += (g.king[king.index()] & their_zone).count() as i32;
    s.shelter = (g.king[king.index()] & pos.pieces_of(color, Role::Pawn)).count() as i32;
    noted.push((king, Role::King, g.king[king.index()]));
    // Courier chess's weights have no rank or file bonuses: skip the
    // lookups, which every piece would make.
    let lines = w.ranks != [[0; 8]; 9] || w.files != [[0; 6]; 9];
    // Role by role rather than square by square: each loop then knows its
    // piece's moves without asking the board what stands on the square.
    for role in NOTED_ORDER {
        let pieces = pos.pieces_of(color, role);
        if pieces.is_empty() {
            continue;
        }
        let count = pieces.count() as i32;
        let value = w.value(role);
        s.material += count * value;
        s.material_end += count * w.values_end[role.index()];
        s.units += count;
        if role != Role::Pawn {
            s.non_pawn += count * value;
        }
        let reach = &tables.reach[role.index()];
        let centre = w.centre[role.index()];
        let mut note = |sq: Square, attacks: Bitboard| {
            pressure += (attacks & their_zone).count() as i32;
            noted.push((sq, role, attacks));
        };
        match role {
            Role::Pawn => {
                for sq in pieces {
                    s.placement += pawn_bonus(pos, w, sq, color, enemy_pawns, tables);
                    note(sq, g.pawn_capture[pos.dir_index(sq)][sq.index()]);
                }
            }
            Role::Rook | Role::Courier => {
                let rays = if role == Role::Rook {
                    &g.straight
                } else {
                    &g.diagonal
                };
                let per_square = w.slider_reach[role.index()];
                for sq in pieces {
                    let attacks = slider_reach(&rays[sq.index()], occupied);
                    if per_square != 0 {
                        let squares = (attacks & !own).count() as i32;
                        s.placement += per_square * (squares - 7);
                    }
                    s.placement += centre * reach[sq.index()] as i32;
                    if lines {
                        s.placement += line_bonus(w, tables, role, sq, color);
                    }
                    note(sq, attacks);
                }
            }
            _ => {
                let table = g.leaps(role).expect("a leaper");
                for sq in pieces {
                    s.placement += centre * reach[sq.index()] as i32;
                    if lines {
                        s.placement += line_bonus(w, tables, role, sq, color);
                    }
                    note(sq, table[sq.index()]);
                }
            }
        }
    }
    s.king_pressure = w.king_pressure * pressure;
    s
}

/// A piece's bonus for the rank and the file it stands on.
fn line_bonus(w: &Weights, tables: &SquareTables, role: Role, sq: Square, color: Color) -> i32 {
    let rank = tables.rank[color.index()][sq.index()] as usize;
    let edge = tables.edge[sq.index()] as usize;
    w.ranks[role.index()][rank] + w.files[role.index()][edge]
}

/// Pawn progress. On square boards a pawn nearing promotion (to a ferz,
/// a modest gain) and a passed pawn are worth more. On the round board
/// pawns never promote and walk round for ever, so only not standing
/// blocked counts.
fn pawn_bonus(
    pos: &Position,
    w: &Weights,
    sq: Square,
    color: Color,
    enemy_pawns: Bitboard,
    tables: &SquareTables,
) -> i32 {
    let g = pos.geo;
    let d = pos.dir_index(sq);
    if g.kind == BoardKind::Round {
        let blocked = (g.pawn_step[d][sq.index()] & pos.occupied()).any();
        return if blocked { -6 } else { 0 };
    }
    let rank = sq.rank() as i32;
    let progress = if color == Color::White {
        rank - 1
    } else {
        6 - rank
    };
    let mut bonus = w.advance[progress.clamp(0, 6) as usize];
    if (tables.stoppers[color.index()][sq.index()] & enemy_pawns).is_empty() {
        bonus += w.passed + w.passed_step * progress;
    }
    bonus
}

/// The terms that turn an advantage into a win, from White's side.
fn conversion(pos: &Position, w: &Weights, white: &Side, black: &Side, phase: i32) -> i32 {
    let c = &w.conversion;
    let lead = white.material - black.material;
    if lead.abs() < 90 {
        return 0;
    }
    let (strong, weak, sign, weak_color) = if lead > 0 {
        (white, black, 1, Color::Black)
    } else {
        (black, white, -1, Color::White)
    };
    let ending = 256 - phase;
    let mut bonus = 0;
    // Each unit the weaker side keeps is a life against the bare king: the
    // fewer it has, the nearer the win. Trading down when ahead helps too.
    bonus += c.lives * (5 - weak.units).max(0);
    bonus += (strong.material - weak.material) * ending * c.trade_down / 16384;
    // Drive the weaker king to the rim and bring our king near: that is how
    // a mate, or a stalemate where it wins, is forced.
    if weak.units <= 2 && strong.non_pawn > 0 {
        let g = pos.geo;
        let wk = pos.king_square(weak_color);
        let sk = pos.king_square(weak_color.other());
        let rim = 8 - g.king[wk.index()].count() as i32;
        bonus += c.rim * rim + c.king_near * (7 - king_distance(g, wk, sk));
    }
    sign * bonus
}

/// King steps between two squares.
pub(crate) fn king_distance(g: &Geometry, a: Square, b: Square) -> i32 {
    let (ax, ay) = g.coords(a);
    let (bx, by) = g.coords(b);
    let dx = (ax - bx).abs();
    let mut dy = (ay - by).abs();
    if g.kind == BoardKind::Round {
        dy = dy.min(16 - dy);
    }
    dx.max(dy)
}

/// Without captures (or pawn moves) the move-count rule draws the game;
/// an advantage that makes no progress is worth less as the count runs.
pub(crate) fn scale_for_move_rule(pos: &Position, score: i32) -> i32 {
    let limit = 2 * pos.rules.move_rule as i32;
    let used = pos.halfmoves as i32;
    if used <= 20 || limit <= 0 {
        return score;
    }
    score * (2 * limit - used).max(0) / (2 * limit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_positions_are_balanced_in_every_variant() {
        for v in Variant::ALL {
            let pos = Position::new(v);
            assert!(
                evaluate(&pos).abs() <= 2 * Weights::steady(v).tempo,
                "{v}: {}",
                evaluate(&pos)
            );
        }
    }

    #[test]
    fn each_side_notes_its_king_first_and_its_pawns_last() {
        let pos = Position::new(Variant::Courier);
        let mut noted = Noted::default();
        evaluate_noting(&pos, Weights::tuned(Variant::Courier), &mut noted);
        for list in &noted.attacks {
            let (pieces, pawns) = split_pawns(list);
            assert_eq!(pieces[0].1, Role::King);
            assert!(pieces.iter().all(|&(_, role, _)| role != Role::Pawn));
            assert_eq!(pawns.len(), 12);
            assert!(pawns.iter().all(|&(_, role, _)| role == Role::Pawn));
        }
    }

    #[test]
    fn eval_is_symmetric_for_the_side_to_move() {
        let w = Position::from_fen(Variant::Shatranj, "3k4/8/8/8/8/8/4P3/R2K4 w - - 0 1").unwrap();
        let b = Position::from_fen(Variant::Shatranj, "r2k4/4p3/8/8/8/8/8/3K4 b - - 0 1").unwrap();
        assert_eq!(evaluate(&w), evaluate(&b));
    }

    /// What `change` to the steady weights adds to White's score in `fen`.
    fn gain(v: Variant, fen: &str, change: impl Fn(&mut Weights)) -> i32 {
        let pos = Position::from_fen(v, fen).unwrap();
        let steady = Weights::steady(v);
        let mut w = *steady;
        change(&mut w);
        evaluate_with(&pos, &w) - evaluate_with(&pos, steady)
    }

    #[test]
    fn a_piece_s_rank_is_counted_from_its_own_side() {
        let fifth = |w: &mut Weights| w.ranks[Role::Knight.index()][4] = 50;
        // White's knight on e5 and Black's on e4 both stand on their fifth.
        assert_eq!(
            gain(Variant::Shatranj, "3k4/8/8/4N3/8/8/8/3K4 w - - 0 1", fifth),
            50
        );
        assert_eq!(
            gain(Variant::Shatranj, "3k4/8/8/8/4n3/8/8/3K4 w - - 0 1", fifth),
            -50
        );
        assert_eq!(
            gain(Variant::Shatranj, "3k4/8/8/4n3/8/8/8/3K4 w - - 0 1", fifth),
            0
        );
    }

    #[test]
    fn a_piece_s_file_is_counted_from_the_nearer_edge() {
        // On the wide board the c- and j-files are both third from an edge.
        let third = |w: &mut Weights| w.files[Role::Rook.index()][2] = 30;
        let fen = |first| format!("5k6/12/12/12/12/12/12/{first} w - - 0 1");
        assert_eq!(gain(Variant::Courier, &fen("2R2K6"), third), 30);
        assert_eq!(gain(Variant::Courier, &fen("5K3R2"), third), 30);
        assert_eq!(gain(Variant::Courier, &fen("1R3K6"), third), 0);
    }

    /// Master's Shatranj score of `fen`, White to move.
    fn master(fen: &str) -> i32 {
        let pos = Position::from_fen(Variant::Shatranj, fen).unwrap();
        evaluate_with(&pos, Weights::tuned(Variant::Shatranj))
    }

    #[test]
    fn master_does_not_walk_its_king_up_while_the_pieces_are_on() {
        // A fitted table once paid the king for its 4th to 8th ranks in the
        // middlegame; Master walked it to c5 with every piece on and was mated.
        let home = master("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1");
        for walked in [
            "rnbkqbnr/pppppppp/8/8/3K4/8/PPPPPPPP/RNB1QBNR w - - 0 1",
            "rnbkqbnr/pppppppp/8/3K4/8/8/PPPPPPPP/RNB1QBNR w - - 0 1",
            "rnbkqbnr/pppppppp/3K4/8/8/8/PPPPPPPP/RNB1QBNR w - - 0 1",
        ] {
            let score = master(walked);
            assert!(score < home, "{walked}: {score} against {home}");
        }
    }

    #[test]
    fn master_brings_its_king_to_the_centre_in_the_ending() {
        let home = master("3k4/p7/8/8/8/8/P7/R2K4 w - - 0 1");
        let centre = master("3k4/p7/8/8/3K4/8/P7/R7 w - - 0 1");
        assert!(centre > home, "{centre} against {home}");
    }

    #[test]
    fn a_cornered_weak_king_is_worse_for_it() {
        // Black keeps a pawn (a bare king has lost already).
        let centre =
            Position::from_fen(Variant::Shatranj, "8/7p/8/3k4/8/8/8/1R1K3R w - - 0 1").unwrap();
        let corner =
            Position::from_fen(Variant::Shatranj, "k7/7p/8/8/8/8/8/1R1K3R w - - 0 1").unwrap();
        assert!(evaluate(&corner) > evaluate(&centre));
    }
}

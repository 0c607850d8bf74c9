//! Fairy-Stockfish's classical terms for the pieces, their mobility, their
//! threats and the space behind the pawns (`pieces()`, `mobility`,
//! `threats()` and `space()` in its `evaluate.cpp`), in its units
//! (middlegame, ending), for one side on a square board. Its bishop is our
//! courier; the ferz, alfil, man and schleich are its "other pieces". Our
//! own fitted terms read much the same things more coarsely. Courier chess
//! scores these instead of them, each at a fitted share of its weight,
//! blended by Fairy-Stockfish's phase as its king danger is (see
//! `positional.rs`). Shatranj played worse with them in place of its own
//! (session 36) and scores them beside its own since session 37.

use super::eval::{split_pawns, Noted};
use super::king_safety;
use super::positional::{beside, file_bits, rank_bits, Attacks};
use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::types::{Color, Role, Square, MAX_FILES, MAX_RANKS};

type Score = [i32; 2];

fn add(a: &mut Score, b: Score, times: i32) {
    a[0] += b[0] * times;
    a[1] += b[1] * times;
}

/// Fairy-Stockfish's mobility area for `color`: squares not held by its
/// own king or held-back pawns, nor guarded by enemy pawns.
pub(crate) fn mobility_area(pos: &Position, color: Color, enemy_pawns: Bitboard) -> Bitboard {
    let own_pawns = pos.pieces_of(color, Role::Pawn);
    let ahead_taken = down(pos, color, pos.occupied());
    let ranks = pos.geo.kind.ranks();
    let low = if color == Color::White {
        [1, 2]
    } else {
        [ranks - 2, ranks - 3]
    };
    let low_ranks = rank_bits(low[0]) | rank_bits(low[1]);
    let held_back = own_pawns & (ahead_taken | Bitboard(low_ranks));
    !(held_back | pos.pieces_of(color, Role::King) | enemy_pawns)
}

/// Fairy-Stockfish's mobility bonus for a piece of `role` reaching `mob`
/// squares of its area: its tables for the knight and rook, its bishop's
/// for the courier, and for the other pieces its curve up to
/// `MaxMobility` (150, 200).
pub(crate) fn mobility_bonus(role: Role, mob: usize) -> Score {
    match role {
        Role::Pawn | Role::King => [0, 0],
        Role::Knight => KNIGHT_MOBILITY[mob.min(8)],
        Role::Rook => ROOK_MOBILITY[mob.min(14)],
        Role::Courier => BISHOP_MOBILITY[mob.min(13)],
        _ => OTHER_MOBILITY[mob.min(MOST_LEAPS)],
    }
}

/// The most squares a leaper reaches: the man's eight.
const MOST_LEAPS: usize = 8;

/// Fairy-Stockfish's mobility curve for its other pieces, by squares
/// reached, worked out once rather than divided out at every evaluation.
const OTHER_MOBILITY: [Score; MOST_LEAPS + 1] = {
    let mut table = [[0, 0]; MOST_LEAPS + 1];
    let mut m = 0;
    while m <= MOST_LEAPS as i32 {
        table[m as usize] = [150 * (m - 2) / (8 + m), 200 * (m - 2) / (8 + m)];
        m += 1;
    }
    table
};

/// The mobility of all of `color`'s pieces over its mobility `area`.
pub(crate) fn mobility(color: Color, noted: &Noted, area: Bitboard) -> Score {
    let mut score = [0, 0];
    // The pawns (and the king) have no mobility bonus.
    let (pieces, _) = split_pawns(&noted.attacks[color.index()]);
    for &(_, role, attacks) in pieces {
        add(
            &mut score,
            mobility_bonus(role, (attacks & area).count()),
            1,
        );
    }
    score
}

/// `pieces()` for the knights, couriers, rooks and ferzes of `color`:
/// outposts, a minor piece behind a pawn or far from its king, a courier's
/// own pawns on its colour and the enemy pawns on its diagonals, rooks on
/// open or closed files, shut in by their king or on the enemy king's
/// file, and a ferz far from its king in the ending.
pub(crate) fn pieces(pos: &Position, color: Color, noted: &Noted, maps: &[Attacks; 2]) -> Score {
    let them = color.other();
    let (ours, theirs) = (&maps[color.index()], &maps[them.index()]);
    let pawns = pos.by_role[Role::Pawn.index()];
    let own_pawns = pos.pieces_of(color, Role::Pawn);
    let enemy_pawns = pos.pieces_of(them, Role::Pawn);
    let targets = pos.pieces(them) & !pawns;
    let king = pos.king_square(color);
    let enemy_king = pos.king_square(them);
    // The king danger has found it already where it counts.
    let enemy_ring = match &ours.pressure {
        Some(p) if p.ring.any() => p.zone,
        _ => king_safety::unguarded(
            king_safety::ring(pos, enemy_king),
            &noted.attacks[them.index()],
        ),
    };
    let outposts = Bitboard(outpost_ranks(pos, color))
        & (ours.pawns | down(pos, color, pawns))
        & !ahead(pos, them, theirs.pawns);
    let behind_pawns = down(pos, color, pawns);
    let blocked = own_pawns & down(pos, color, pos.occupied());
    let mut score = [0, 0];
    let (pieces, _) = split_pawns(&noted.attacks[color.index()]);
    for &(s, role, b) in pieces {
        match role {
            Role::Knight => {
                let central = CENTRE_FILES.contains(s);
                let wing = if s.file() < 4 { QUEEN_SIDE } else { KING_SIDE };
                if outposts.contains(s)
                    && !central
                    && (b & targets).is_empty()
                    && (targets & wing).count() <= 1
                {
                    add(&mut score, BAD_OUTPOST, 1);
                } else if outposts.contains(s) {
                    add(&mut score, OUTPOST, 1);
                } else if (outposts & b & !pos.pieces(color)).any() {
                    add(&mut score, REACHABLE_OUTPOST, 1);
                }
                if behind_pawns.contains(s) {
                    add(&mut score, MINOR_BEHIND_PAWN, 1);
                }
                add(&mut score, KING_PROTECTOR, -distance(king, s));
            }
            Role::Courier => {
                // Fairy-Stockfish's bishop.
                if outposts.contains(s) {
                    add(&mut score, OUTPOST_BISHOP, 1);
                }
                if behind_pawns.contains(s) {
                    add(&mut score, MINOR_BEHIND_PAWN, 1);
                }
                add(&mut score, KING_PROTECTOR_BISHOP, -distance(king, s));
                let shade = if DARK.contains(s) { DARK } else { !DARK };
                let same_shade = (own_pawns & shade).count() as i32;
                let central_blocked = (blocked & CENTRE_FILES).count() as i32;
                let unguarded = !ours.pawns.contains(s) as i32;
                let edge = s.file().min(pos.geo.kind.files() - 1 - s.file()) as usize;
                let per_pawn = BISHOP_PAWNS.get(edge).copied().unwrap_or([0, 0]);
                add(
                    &mut score,
                    per_pawn,
                    -same_shade * (unguarded + central_blocked),
                );
                let xray = diagonals(pos, s) & enemy_pawns;
                add(&mut score, BISHOP_XRAY_PAWNS, -(xray.count() as i32));
            }
            Role::Rook => {
                let file = Bitboard(file_bits(s.file()));
                if (b & enemy_ring).is_empty() && (file & enemy_ring).any() {
                    add(&mut score, ROOK_ON_KING_RING, 1);
                }
                if (file & own_pawns).is_empty() {
                    let open = (file & enemy_pawns).is_empty();
                    add(&mut score, ROOK_ON_OPEN_FILE[open as usize], 1);
                } else {
                    if (blocked & file).any() {
                        add(&mut score, ROOK_ON_CLOSED_FILE, -1);
                    }
                    let kf = king.file();
                    if (b & ours.mobility_area).count() <= 3 && (kf < 4) == (s.file() < kf) {
                        // Twice: no castling ever frees it.
                        add(&mut score, TRAPPED_ROOK, -2);
                    }
                }
            }
            Role::Ferz => add(&mut score, FERZ_KING_PROXIMITY, -(distance(king, s) - 2)),
            _ => {}
        }
    }
    score
}

/// `threats()`: pieces attacked where they are weak, by lesser pieces,
/// by the king, hanging; squares the enemy guards that we contest; safe
/// pawns and pawn pushes that attack pieces.
pub(crate) fn threats(pos: &Position, color: Color, noted: &Noted, maps: &[Attacks; 2]) -> Score {
    let them = color.other();
    let (ours, theirs) = (&maps[color.index()], &maps[them.index()]);
    let enemy = pos.pieces(them);
    let non_pawn_enemies = enemy & !pos.by_role[Role::Pawn.index()];
    let strongly = theirs.pawns | (theirs.twice & !ours.twice);
    let defended = non_pawn_enemies & strongly;
    let weak = enemy & !strongly & ours.all;
    let by = match &ours.pressure {
        Some(p) => p.by_role,
        None => {
            let mut by = [Bitboard::EMPTY; 9];
            for &(_, role, attacks) in &noted.attacks[color.index()] {
                by[role.index()] |= attacks;
            }
            by
        }
    };
    let victim = |sq: Square| pos.squares[sq.index()].expect("a piece").role;
    let mut score = [0, 0];
    if (defended | weak).any() {
        let minors = by[Role::Knight.index()] | by[Role::Courier.index()];
        for sq in (defended | weak) & minors {
            add(&mut score, threat_by_minor(victim(sq)), 1);
        }
        for sq in weak & by[Role::Rook.index()] {
            add(&mut score, threat_by_rook(victim(sq)), 1);
        }
        if (weak & by[Role::King.index()]).any() {
            add(&mut score, THREAT_BY_KING, 1);
        }
        let hanging = weak & (!theirs.all | (non_pawn_enemies & ours.twice));
        add(&mut score, HANGING, hanging.count() as i32);
    }
    let restricted = theirs.all & !strongly & ours.all;
    add(&mut score, RESTRICTED_PIECE, restricted.count() as i32);
    let safe = !theirs.all | ours.all;
    let own_pawns = pos.pieces_of(color, Role::Pawn);
    let hits = pawn_attacks(pos, color, own_pawns & safe) & non_pawn_enemies;
    add(&mut score, THREAT_BY_SAFE_PAWN, hits.count() as i32);
    let empty = !pos.occupied() & pos.geo.cells;
    let mut pushes = up(pos, color, own_pawns) & empty;
    let third = if color == Color::White {
        2
    } else {
        pos.geo.kind.ranks() - 3
    };
    pushes |= up(pos, color, pushes & Bitboard(rank_bits(third))) & empty;
    pushes &= !theirs.pawns & safe;
    let hits = pawn_attacks(pos, color, pushes) & non_pawn_enemies;
    add(&mut score, THREAT_BY_PAWN_PUSH, hits.count() as i32);
    score
}

/// `space()`: safe squares on the centre files of its second to fourth
/// ranks, counted twice behind its own pawns where the enemy does not
/// attack, weighed by how many units the side has and how locked the
/// pawns are. A middlegame term.
pub(crate) fn space(pos: &Position, color: Color, maps: &[Attacks; 2]) -> Score {
    let them = color.other();
    let theirs = &maps[them.index()];
    let own_pawns = pos.pieces_of(color, Role::Pawn);
    let ranks = (1..=3).fold(0, |acc, r| {
        acc | rank_bits(if color == Color::White {
            r
        } else {
            pos.geo.kind.ranks() - 1 - r
        })
    });
    let safe = Bitboard(ranks) & CENTRE_FILES & !own_pawns & !theirs.pawns;
    let mut behind = own_pawns | down(pos, color, own_pawns);
    behind = behind | down(pos, color, down(pos, color, behind));
    let bonus = (safe.count() + (behind & safe & !theirs.all).count()) as i32;
    let white_pawns = pos.pieces_of(Color::White, Role::Pawn);
    let black_pawns = pos.pieces_of(Color::Black, Role::Pawn);
    let blocked = (white_pawns & down(pos, Color::White, black_pawns)).count() * 2;
    let weight = pos.pieces(color).count() as i32 - 3 + (blocked as i32).min(9);
    [bonus * weight * weight / 16, 0]
}

fn threat_by_minor(victim: Role) -> Score {
    match victim {
        Role::Pawn => [5, 32],
        Role::Knight => [55, 41],
        Role::Courier => [77, 56],
        Role::Rook => [89, 119],
        _ => [0, 0],
    }
}

fn threat_by_rook(victim: Role) -> Score {
    match victim {
        Role::Pawn => [3, 44],
        Role::Knight => [37, 68],
        Role::Courier => [42, 60],
        Role::Rook => [0, 39],
        _ => [0, 0],
    }
}

const THREAT_BY_KING: Score = [24, 89];
const HANGING: Score = [69, 36];
const RESTRICTED_PIECE: Score = [7, 7];
const THREAT_BY_SAFE_PAWN: Score = [173, 94];
const THREAT_BY_PAWN_PUSH: Score = [48, 39];
const OUTPOST: Score = [56, 34];
const BAD_OUTPOST: Score = [-7, 36];
const REACHABLE_OUTPOST: Score = [31, 22];
const MINOR_BEHIND_PAWN: Score = [18, 3];
const KING_PROTECTOR: Score = [8, 9];
const ROOK_ON_KING_RING: Score = [16, 0];
const OUTPOST_BISHOP: Score = [31, 23];
const KING_PROTECTOR_BISHOP: Score = [6, 9];
const BISHOP_PAWNS: [Score; 4] = [[3, 8], [3, 9], [1, 8], [3, 7]];
const BISHOP_XRAY_PAWNS: Score = [4, 5];
const ROOK_ON_OPEN_FILE: [Score; 2] = [[19, 7], [48, 27]];
const ROOK_ON_CLOSED_FILE: Score = [10, 5];
const TRAPPED_ROOK: Score = [55, 13];
const FERZ_KING_PROXIMITY: Score = [0, 10];

const KNIGHT_MOBILITY: [Score; 9] = [
    [-62, -79],
    [-53, -57],
    [-12, -31],
    [-3, -17],
    [3, 7],
    [12, 13],
    [21, 16],
    [28, 21],
    [37, 26],
];
const BISHOP_MOBILITY: [Score; 14] = [
    [-47, -59],
    [-20, -25],
    [14, -8],
    [29, 12],
    [39, 21],
    [53, 40],
    [53, 56],
    [60, 58],
    [62, 65],
    [69, 72],
    [78, 78],
    [83, 87],
    [91, 88],
    [96, 98],
];
const ROOK_MOBILITY: [Score; 15] = [
    [-60, -82],
    [-24, -15],
    [0, 17],
    [3, 43],
    [4, 72],
    [14, 100],
    [20, 102],
    [30, 122],
    [41, 133],
    [41, 139],
    [41, 153],
    [45, 160],
    [57, 165],
    [58, 170],
    [67, 175],
];

/// Fairy-Stockfish's board halves and centre files, drawn for eight files
/// whatever the board.
const QUEEN_SIDE: Bitboard = Bitboard(files(0, 3));
const KING_SIDE: Bitboard = Bitboard(files(4, 7));
const CENTRE_FILES: Bitboard = Bitboard(files(2, 5));
/// The squares of a1's colour.
const DARK: Bitboard = Bitboard(dark_squares());

const fn files(first: u8, last: u8) -> u128 {
    let mut bits = 0;
    let mut f = first;
    while f <= last {
        bits |= file_bits(f);
        f += 1;
    }
    bits
}

const fn dark_squares() -> u128 {
    let mut bits = 0;
    let mut i = 0;
    while i < MAX_FILES as u32 * MAX_RANKS as u32 {
        let (file, rank) = (i % MAX_FILES as u32, i / MAX_FILES as u32);
        if (file + rank) % 2 == 0 {
            bits |= 1u128 << i;
        }
        i += 1;
    }
    bits
}

/// The squares `color`'s pawns on `from` attack.
fn pawn_attacks(pos: &Position, color: Color, from: Bitboard) -> Bitboard {
    // One rank up, then one file either way: shifts of the whole set
    // rather than a table per pawn.
    Bitboard(beside(up(pos, color, from).0)) & pos.geo.cells
}

/// `set` and every square ahead of it for `color`: from the squares
/// `color`'s pawns attack, every square they could ever attack.
fn ahead(pos: &Position, color: Color, set: Bitboard) -> Bitboard {
    let mut filled = set;
    for _ in 1..pos.geo.kind.ranks() {
        filled = filled | up(pos, color, filled);
    }
    filled
}

/// Fairy-Stockfish's outpost ranks (its fourth to sixth) for `color`.
fn outpost_ranks(pos: &Position, color: Color) -> u128 {
    let ranks = pos.geo.kind.ranks();
    [3, 4, 5]
        .into_iter()
        .map(|r| {
            if color == Color::White {
                r
            } else {
                ranks - 1 - r
            }
        })
        .fold(0, |acc, r| acc | rank_bits(r))
}

/// `set` one rank toward `color`'s opponent.
fn up(pos: &Position, color: Color, set: Bitboard) -> Bitboard {
    let stride = MAX_FILES as u32;
    let moved = if color == Color::White {
        set.0 << stride
    } else {
        set.0 >> stride
    };
    Bitboard(moved) & pos.geo.cells
}

/// `set` one rank toward `color`'s own side.
fn down(pos: &Position, color: Color, set: Bitboard) -> Bitboard {
    up(pos, color.other(), set)
}

/// Every square on the diagonals through `s`, as on an empty board.
fn diagonals(pos: &Position, s: Square) -> Bitboard {
    pos.geo.diagonal[s.index()]
        .iter()
        .fold(Bitboard::EMPTY, |acc, ray| acc | ray.mask)
}

fn distance(a: Square, b: Square) -> i32 {
    let files = (a.file() as i32 - b.file() as i32).abs();
    let ranks = (a.rank() as i32 - b.rank() as i32).abs();
    files.max(ranks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::eval::evaluate_noting;
    use crate::search::Weights;
    use crate::Variant;

    /// White's terms in a Shatranj position: (mobility, pieces, threats).
    fn white(fen: &str) -> (Score, Score, Score) {
        let pos = Position::from_fen(Variant::Shatranj, fen).unwrap();
        let w = Weights::tuned(Variant::Shatranj);
        let mut noted = Noted::default();
        evaluate_noting(&pos, w, &mut noted);
        let maps = Attacks::with_mobility(&pos, w, &noted);
        (
            maps[0].mobility,
            pieces(&pos, Color::White, &noted, &maps),
            threats(&pos, Color::White, &noted, &maps),
        )
    }

    #[test]
    fn pawns_attack_the_squares_diagonally_ahead_on_both_square_boards() {
        // Whole-set shifts must agree with the board's capture table on
        // every square, the rim files and the last ranks included.
        for v in [Variant::Shatranj, Variant::Courier] {
            let pos = Position::new(v);
            for color in Color::ALL {
                for sq in pos.geo.cells {
                    let table = pos.geo.pawn_capture[color.index()][sq.index()];
                    let shifted = pawn_attacks(&pos, color, Bitboard::from_square(sq));
                    assert_eq!(shifted, table, "{v} {color:?} {sq:?}");
                }
            }
        }
    }

    #[test]
    fn a_knight_in_the_centre_is_more_mobile_than_one_in_the_corner() {
        let centre = white("3k4/8/8/8/3N4/8/8/3K4 w - - 0 1").0;
        let corner = white("3k4/8/8/8/8/8/8/N2K4 w - - 0 1").0;
        assert_eq!(centre, KNIGHT_MOBILITY[8]);
        assert_eq!(corner, KNIGHT_MOBILITY[2]);
    }

    #[test]
    fn a_knight_on_a_guarded_outpost_no_pawn_can_chase_is_worth_more() {
        // The knight on d5 is guarded by e4; Black's c-pawn has passed it
        // (c4) or can still chase it (c7).
        let safe = white("3k4/8/8/3N4/2p1P3/8/8/3K4 w - - 0 1").1;
        let chased = white("3k4/2p5/8/3N4/4P3/8/8/3K4 w - - 0 1").1;
        assert_eq!(safe[0] - chased[0], OUTPOST[0]);
    }

    #[test]
    fn a_rook_is_better_on_an_open_file_than_behind_its_own_blocked_pawn() {
        let open = white("3k4/8/8/8/8/8/8/R2K4 w - - 0 1").1;
        let closed = white("3k4/8/p7/P7/8/8/8/R2K4 w - - 0 1").1;
        assert_eq!(open, ROOK_ON_OPEN_FILE[1]);
        assert_eq!(closed, [-ROOK_ON_CLOSED_FILE[0], -ROOK_ON_CLOSED_FILE[1]]);
    }

    #[test]
    fn a_rook_shut_in_by_its_own_king_is_trapped() {
        // The rook on h1 has only g1 and the h-file blocked by its pawn.
        let trapped = white("3k4/8/8/8/8/8/6PP/5K1R w - - 0 1").1;
        let free = white("3k4/8/8/8/8/8/6PP/2K4R w - - 0 1").1;
        assert_eq!(free[0] - trapped[0], 2 * TRAPPED_ROOK[0]);
    }

    #[test]
    fn a_ferz_far_from_its_king_is_weaker_in_the_ending() {
        let near = white("3k4/8/8/8/8/8/3Q4/3K4 w - - 0 1").1;
        let far = white("3k4/3Q4/8/8/8/8/8/3K4 w - - 0 1").1;
        assert_eq!(near[1] - far[1], 5 * FERZ_KING_PROXIMITY[1]);
    }

    #[test]
    fn a_pawn_attacking_a_piece_from_a_safe_square_is_a_threat() {
        let threat = white("3k4/8/8/3n4/4P3/8/8/3K4 w - - 0 1").2;
        let none = white("3k4/8/8/n7/4P3/8/8/3K4 w - - 0 1").2;
        assert!(
            threat[0] >= none[0] + THREAT_BY_SAFE_PAWN[0],
            "{threat:?} vs {none:?}"
        );
    }

    #[test]
    fn centre_pawns_that_advance_win_space_behind_them() {
        let space_of = |fen: &str| {
            let pos = Position::from_fen(Variant::Shatranj, fen).unwrap();
            let w = Weights::tuned(Variant::Shatranj);
            let mut noted = Noted::default();
            evaluate_noting(&pos, w, &mut noted);
            space(&pos, Color::White, &Attacks::with_mobility(&pos, w, &noted))
        };
        // Nine units: a weight of 6. Eight safe squares of the twelve at
        // home; sixteen counted with the pawns on the fourth rank.
        let home = space_of("3k4/8/8/8/8/8/2PPPP2/RN1K2NR w - - 0 1");
        let advanced = space_of("3k4/8/8/8/2PPPP2/8/8/RN1K2NR w - - 0 1");
        assert_eq!(home, [8 * 36 / 16, 0]);
        assert_eq!(advanced, [16 * 36 / 16, 0]);
    }

    #[test]
    fn a_courier_is_worse_with_its_own_pawns_on_its_colour() {
        let pieces_of = |fen: &str| {
            let pos = Position::from_fen(Variant::Courier, fen).unwrap();
            let w = Weights::tuned(Variant::Courier);
            let mut noted = Noted::default();
            evaluate_noting(&pos, w, &mut noted);
            let maps = Attacks::with_mobility(&pos, w, &noted);
            pieces(&pos, Color::White, &noted, &maps)
        };
        // The courier on f1 with pawns on e2 and g2 (its colour) or on
        // f2 and h2 (the other).
        let same = pieces_of("6k5/12/12/12/12/12/4P1P5/5B1K4 w - - 0 1");
        let other = pieces_of("6k5/12/12/12/12/12/5P1P4/5B1K4 w - - 0 1");
        assert!(same[1] < other[1], "{same:?} vs {other:?}");
    }

    #[test]
    fn an_undefended_rook_attacked_by_a_knight_hangs() {
        let hanging = white("3k4/8/3r4/8/4N3/8/8/3K4 w - - 0 1").2;
        let rook = threat_by_minor(Role::Rook);
        for phase in 0..2 {
            assert!(
                hanging[phase] >= rook[phase] + HANGING[phase],
                "{hanging:?}"
            );
        }
    }
}

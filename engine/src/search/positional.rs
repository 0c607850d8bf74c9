//! Finer positional terms, added to the base evaluation for Master's play
//! only (with its tuned weights, [`Weights::tuned`]). Puzzle proofs and the
//! lower levels keep the base evaluation with the steady weights; these
//! terms are what a stronger player also weighs:
//!
//! - threats: a piece attacked by a pawn or by a cheaper piece, or
//!   attacked and not defended, is likely to be lost or chased away with
//!   tempo;
//! - the short-range pieces' real mobility: squares they reach that no
//!   enemy pawn guards (the base counts only where they stand);
//! - pawn structure on the square boards: isolated and doubled pawns are
//!   weak, pawns guarding each other or side by side are strong;
//! - rooks on files without their own pawns (square boards);
//! - king danger ([`king_danger`](super::king_danger)): Fairy-Stockfish's
//!   own in both Shatranj and Courier chess;
//! - Fairy-Stockfish's own mobility, piece, threat and space terms
//!   ([`fsf_terms`](super::fsf_terms)), scaled by fitted weights: in
//!   Courier chess in place of the threats, mobility and rook files above;
//!   in Shatranj beside them since session 37 (in their place, session 36,
//!   they played worse).
//!
//! Outposts and slider reach in the ending were tried with hand-set
//! weights: together with pawn shelter, open files and a king danger they
//! lost about 85 Elo in self-play (60 ms per move). Open files and shelter
//! came back once fitted (`examples/tune_eval.rs`).

use super::eval::{piece_value, split_pawns, Noted};
use super::fsf_terms;
use super::king_danger::{self, Pressure};
use super::weights::Weights;
use crate::bitboard::Bitboard;
use crate::geometry::BoardKind;
use crate::position::Position;
use crate::types::{Color, Role, MAX_FILES, MAX_RANKS};

/// The positional terms for the side to move, in centipawns, with
/// Master's weights.
#[cfg(test)]
pub(crate) fn positional(pos: &Position) -> i32 {
    positional_with(pos, Weights::tuned(pos.variant))
}

/// The positional terms for the side to move with weights `w`.
#[cfg(test)]
fn positional_with(pos: &Position, w: &Weights) -> i32 {
    let mut noted = Noted::default();
    super::eval::evaluate_noting(pos, w, &mut noted);
    positional_from(pos, w, &noted)
}

/// The positional terms with weights `w`, from what the base evaluation
/// noted.
pub(crate) fn positional_from(pos: &Position, w: &Weights, noted: &Noted) -> i32 {
    let maps = Attacks::with_mobility(pos, w, noted);
    let white = side(pos, w, Color::White, &maps, noted);
    let black = side(pos, w, Color::Black, &maps, noted);
    if pos.turn == Color::White {
        white - black
    } else {
        black - white
    }
}

/// Where one side's pieces attack.
pub(crate) struct Attacks {
    pub(crate) all: Bitboard,
    /// Attacked by two or more of the side's units.
    pub(crate) twice: Bitboard,
    pub(crate) pawns: Bitboard,
    /// Everything but the king.
    pub(crate) pieces: Bitboard,
    /// On the enemy king, where [`king_danger::applies`].
    pub(crate) pressure: Option<Pressure>,
    /// Fairy-Stockfish's mobility, middlegame and ending, where the king
    /// danger or its terms count it (see [`Attacks::with_mobility`]);
    /// else 0.
    pub(crate) mobility: [i32; 2],
    /// The squares that mobility counts ([`fsf_terms::mobility_area`]),
    /// found with it; else empty.
    pub(crate) mobility_area: Bitboard,
}

impl Attacks {
    pub(crate) fn of(pos: &Position, w: &Weights, color: Color, noted: &Noted) -> Attacks {
        let mut all = Bitboard::EMPTY;
        let mut twice = Bitboard::EMPTY;
        let mut pawns = Bitboard::EMPTY;
        let mut pieces = Bitboard::EMPTY;
        let mut pressure = king_danger::applies(&w.king_danger)
            .then(|| Pressure::new(pos, &w.king_danger, color, noted));
        for &(_, role, attacks) in &noted.attacks[color.index()] {
            match role {
                Role::Pawn => pawns |= attacks,
                Role::King => {}
                _ => pieces |= attacks,
            }
            if let Some(p) = pressure.as_mut() {
                p.add(&w.king_danger, role, attacks);
            }
            twice |= all & attacks;
            all |= attacks;
        }
        Attacks {
            all,
            twice,
            pawns,
            pieces: pieces | pawns,
            pressure,
            mobility: [0, 0],
            mobility_area: Bitboard::EMPTY,
        }
    }

    /// Both sides' maps, with their mobility where the king danger or
    /// Fairy-Stockfish's terms count it: found once here, as each side's
    /// counts for both kings and for the trapped rooks of `fsf_terms`.
    pub(crate) fn with_mobility(pos: &Position, w: &Weights, noted: &Noted) -> [Attacks; 2] {
        let mut maps = [
            Attacks::of(pos, w, Color::White, noted),
            Attacks::of(pos, w, Color::Black, noted),
        ];
        if w.king_danger.flank.is_some_and(|f| f.mobility) || fsf_scored(w) {
            for color in [Color::White, Color::Black] {
                let enemy_pawns = maps[color.other().index()].pawns;
                let area = fsf_terms::mobility_area(pos, color, enemy_pawns);
                let map = &mut maps[color.index()];
                map.mobility = fsf_terms::mobility(color, noted, area);
                map.mobility_area = area;
            }
        }
        maps
    }
}

/// One side's positional score, from its own point of view.
fn side(pos: &Position, w: &Weights, color: Color, maps: &[Attacks; 2], noted: &Noted) -> i32 {
    let pieces = &noted.attacks[color.index()];
    let t = &w.positional;
    let (ours, theirs) = (&maps[color.index()], &maps[color.other().index()]);
    let own = pos.pieces(color);
    let enemy = pos.pieces(color.other());
    let kings = pos.by_role[Role::King.index()];
    let enemy_units = enemy & !kings;
    let enemy_pieces = enemy_units & !pos.by_role[Role::Pawn.index()];
    let mut score = 0;
    // Courier chess weighs neither the pawn threats nor the short-range
    // mobility nor the lesser threats (Fairy-Stockfish's terms stand in
    // for them): a weight of 0 skips its loop, not just its sum.
    if t.pawn_threat != 0 {
        for sq in enemy_pieces & ours.pawns {
            let role = pos.squares[sq.index()].expect("enemy piece").role;
            score += t.pawn_threat.min(piece_value(pos.variant, role) / 3);
        }
    }
    score += t.hanging * (enemy_units & ours.all & !theirs.all).count() as i32;
    let mobility = t.mobility != [0; 9];
    if mobility || t.lesser_threat != 0 {
        let mut lesser_threats = Bitboard::EMPTY;
        for &(_, role, attacks) in split_pawns(pieces).0 {
            if mobility
                && matches!(
                    role,
                    Role::Knight | Role::Ferz | Role::Alfil | Role::Man | Role::Schleich
                )
            {
                let reach = attacks & !own & !theirs.pawns;
                score += t.mobility[role.index()] * reach.count() as i32;
            }
            // The slice holds no pawns; the king threatens nothing lesser.
            if role != Role::King && t.lesser_threat != 0 {
                lesser_threats |= dearer_targets(pos, role, attacks & enemy_pieces);
            }
        }
        score += t.lesser_threat * lesser_threats.count() as i32;
    }
    if fsf_scored(w) {
        score += fsf(pos, w, color, maps, noted);
    }
    if pos.geo.kind != BoardKind::Round {
        score += pawn_structure(pos, w, color, ours.pawns);
        score += rook_files(pos, w, color);
    }
    if let Some(pressure) = &ours.pressure {
        let danger = king_danger::danger(pos, &w.king_danger, color, pressure, ours, theirs);
        score += king_danger::cost(&w.king_danger, &danger, noted.material_left);
    }
    score
}

/// Whether any of Fairy-Stockfish's own terms is scored.
fn fsf_scored(w: &Weights) -> bool {
    let t = &w.positional;
    t.fsf_mobility != 0 || t.fsf_threats != 0 || t.fsf_pieces != 0 || t.fsf_space != 0
}

/// Fairy-Stockfish's mobility, piece, threat and space terms for `color` in our
/// centipawns, each times its weight's percent: blended by its phase where
/// the king danger's [`Fade`] draws it, else by ours, at 0.6 of its units
/// as the king danger counts them.
///
/// [`Fade`]: super::weights::Fade
fn fsf(pos: &Position, w: &Weights, color: Color, maps: &[Attacks; 2], noted: &Noted) -> i32 {
    let t = &w.positional;
    let mut total = [0, 0];
    let mut add = |part: [i32; 2], percent: i32| {
        total[0] += part[0] * percent;
        total[1] += part[1] * percent;
    };
    add(maps[color.index()].mobility, t.fsf_mobility);
    if t.fsf_pieces != 0 {
        add(fsf_terms::pieces(pos, color, noted, maps), t.fsf_pieces);
    }
    if t.fsf_threats != 0 {
        add(fsf_terms::threats(pos, color, noted, maps), t.fsf_threats);
    }
    if t.fsf_space != 0 {
        add(fsf_terms::space(pos, color, maps), t.fsf_space);
    }
    let share = match w.king_danger.fade {
        Some(fade) => king_danger::middlegame_share(fade, noted.material_left),
        None => noted.material_left.clamp(0, 1000),
    };
    (total[0] * share + total[1] * (1000 - share)) / 1000 * 6 / 1000
}

/// The pieces among `targets` worth more than a piece of `role`: one that
/// attacks them wins material unless they move.
fn dearer_targets(pos: &Position, role: Role, targets: Bitboard) -> Bitboard {
    let worth = piece_value(pos.variant, role);
    let mut dearer = Bitboard::EMPTY;
    for sq in targets {
        let victim = pos.squares[sq.index()].expect("a target").role;
        if piece_value(pos.variant, victim) > worth + 50 {
            dearer = dearer.with(sq);
        }
    }
    dearer
}

/// Rooks on files free of their own pawns: their reach runs into the
/// enemy camp. (Whether enemy pawns stand there too made no difference to
/// the fit.)
fn rook_files(pos: &Position, w: &Weights, color: Color) -> i32 {
    let bonus = w.positional.rook_half_open;
    if bonus == 0 {
        return 0;
    }
    let own_pawns = pos.pieces_of(color, Role::Pawn);
    let rooks = pos.pieces_of(color, Role::Rook);
    let free = rooks
        .into_iter()
        .filter(|rook| (Bitboard(file_bits(rook.file())) & own_pawns).is_empty());
    bonus * free.count() as i32
}

/// Isolated and doubled pawns cost; guarded and side-by-side pawns gain.
fn pawn_structure(pos: &Position, w: &Weights, color: Color, guarded: Bitboard) -> i32 {
    let t = &w.positional;
    let pawns = pos.pieces_of(color, Role::Pawn);
    // The files holding a pawn, one bit each: the ranks folded onto one.
    let files = (0..MAX_RANKS).fold(0, |acc, rank| {
        acc | pawns.0 >> (rank as u32 * MAX_FILES as u32)
    }) & ((1 << MAX_FILES) - 1);
    let isolated = files & !(files << 1) & !(files >> 1);
    // Each pawn past the first on its file is doubled.
    let doubled = pawns.count() as i32 - files.count_ones() as i32;
    let mut score = -t.isolated * (pawns & Bitboard(isolated * FIRST_FILE)).count() as i32;
    score -= t.doubled * doubled;
    score += t.supported * (pawns & guarded).count() as i32;
    score += t.phalanx * (pawns & Bitboard(beside(pawns.0))).count() as i32;
    score
}

/// The squares one file east or west of `bits`, on the same rank: one bit
/// along, not wrapping round to the next rank (an index is
/// `rank * 12 + file`).
pub(crate) const fn beside(bits: u128) -> u128 {
    ((bits << 1) & !file_bits(0)) | ((bits >> 1) & !file_bits(MAX_FILES - 1))
}

/// Every square of a rank, on any board.
pub(crate) const fn rank_bits(rank: u8) -> u128 {
    ((1u128 << MAX_FILES) - 1) << (rank as u32 * MAX_FILES as u32)
}

/// Every square of a file, on any board.
pub(crate) const fn file_bits(file: u8) -> u128 {
    FIRST_FILE << file
}

/// Every square of the first file: computed once, at compile time, as the
/// evaluation asks for files in its inner loops.
const FIRST_FILE: u128 = {
    let mut bits = 0;
    let mut rank = 0;
    while rank < MAX_RANKS {
        bits |= 1u128 << (rank as u32 * MAX_FILES as u32);
        rank += 1;
    }
    bits
};

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::Variant;

    /// The positional terms of a position given by FEN.
    pub(crate) fn terms_in(variant: Variant, fen: &str) -> i32 {
        positional(&Position::from_fen(variant, fen).unwrap())
    }

    fn terms(fen: &str) -> i32 {
        terms_in(Variant::Shatranj, fen)
    }

    #[test]
    fn the_start_is_balanced() {
        for v in Variant::ALL {
            assert_eq!(positional(&Position::new(v)), 0, "{v}");
        }
    }

    #[test]
    fn a_knight_attacked_by_a_pawn_is_a_threat() {
        let attacked = terms("3k4/8/8/3n4/4P3/8/8/7K w - - 0 1");
        let safe = terms("3k4/8/8/n7/4P3/8/8/7K w - - 0 1");
        assert!(attacked > safe + 30, "{attacked} vs {safe}");
    }

    #[test]
    fn isolated_and_doubled_pawns_are_weak() {
        let healthy = terms("3k4/8/8/8/8/8/2PP4/3K4 w - - 0 1");
        let broken = terms("3k4/8/8/8/8/2P5/2P5/3K4 w - - 0 1");
        assert!(healthy > broken + 15, "{healthy} vs {broken}");
    }

    /// What turning one weight adds to a Shatranj position's terms: the
    /// term's own count, whatever the fitted weights are.
    fn gain(fen: &str, set: impl Fn(&mut Weights)) -> i32 {
        let pos = Position::from_fen(Variant::Shatranj, fen).unwrap();
        let mut w = *Weights::tuned(Variant::Shatranj);
        w.positional.lesser_threat = 0;
        w.positional.rook_half_open = 0;
        let before = positional_with(&pos, &w);
        set(&mut w);
        positional_with(&pos, &w) - before
    }

    #[test]
    fn isolated_and_doubled_pawns_are_counted_pawn_by_pawn() {
        let isolated = |w: &mut Weights| w.positional.isolated += 10;
        let doubled = |w: &mut Weights| w.positional.doubled += 10;
        // a2 and a3 are doubled and isolated, c2 isolated, e2 and f2
        // neighbours; h2 and h3 doubled but beside g2.
        let fen = "3k4/8/8/8/8/P6P/P1P1PPPP/3K4 w - - 0 1";
        assert_eq!(gain(fen, isolated), -30);
        assert_eq!(gain(fen, doubled), -20);
    }

    #[test]
    fn a_rook_attacked_by_a_knight_is_threatened_by_a_lesser_piece() {
        let threat = |w: &mut Weights| w.positional.lesser_threat = 40;
        // The knight on e4 attacks the rook on d6.
        assert_eq!(gain("3k4/8/3r4/8/4N3/8/8/3K4 w - - 0 1", threat), 40);
        // A knight attacking a pawn, or a rook attacking a knight, is not.
        assert_eq!(gain("3k4/8/3p4/8/4N3/8/8/3K4 w - - 0 1", threat), 0);
        assert_eq!(gain("3k4/8/3n4/8/8/8/8/3RK3 w - - 0 1", threat), 0);
    }

    #[test]
    fn a_rook_on_a_file_free_of_its_own_pawns_is_active() {
        let files = |w: &mut Weights| w.positional.rook_half_open = 20;
        // Blocked by its own pawn; facing only an enemy pawn; two rooks on
        // free files.
        assert_eq!(gain("3k4/4p3/8/8/8/8/4P3/4RK2 w - - 0 1", files), 0);
        assert_eq!(gain("3k4/4p3/8/8/8/8/8/4RK2 w - - 0 1", files), 20);
        assert_eq!(gain("3k4/8/8/8/8/8/8/R3RK2 w - - 0 1", files), 40);
    }
}

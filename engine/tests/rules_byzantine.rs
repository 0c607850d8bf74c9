//! RULES.md, "Byzantine chess, the round board (seed 004)": one test per
//! sentence.
//!
//! Cell names, for reading the positions below: ring 3, 2, 1, 0 of the left
//! half are files a, b, c, d with rank = position + 1; ring 0, 1, 2, 3 of
//! the right half are files e, f, g, h with rank = 16 - position. So a1 is
//! (3, 0), d1 (0, 0), e1 (0, 15), h1 (3, 15), a8 (3, 7), h8 (3, 8).

mod common;
use common::*;
use engine::{
    BoardKind, Color, EndReason, Geometry, PawnDir, Piece, Position, Role, Square, Variant,
};

const V: Variant = Variant::Byzantine;

fn name(square: Square) -> String {
    square.to_string()
}

/// "64 cells on 4 concentric rings of 16 cells around an empty centre."
#[test]
fn sixty_four_cells_on_four_rings_of_sixteen() {
    let geo = Geometry::of(BoardKind::Round);
    assert_eq!(geo.cells.count(), 64);
    let mut seen = std::collections::BTreeSet::new();
    for ring in 0..4 {
        for p in 0..16 {
            let c = cell(ring, p);
            assert!(geo.cells.contains(c));
            assert_eq!(ring_pos(c), (ring, p));
            seen.insert(c);
        }
    }
    assert_eq!(seen.len(), 64);
    assert!(BoardKind::Round.at(4, 0).is_none() && BoardKind::Round.at(-1, 0).is_none());
    assert!(!geo.cells.contains(sq("i1")));
}

/// "Ring 0 is the inner ring, ring 3 the outer. Cells keep square-board
/// names: files a, b, c, d are rings 3, 2, 1, 0 of the left half; files e,
/// f, g, h are rings 0, 1, 2, 3 of the right half"
#[test]
fn files_a_to_d_are_rings_3_to_0_of_the_left_half_e_to_h_rings_0_to_3_of_the_right() {
    for (file, ring) in [
        ('a', 3),
        ('b', 2),
        ('c', 1),
        ('d', 0),
        ('e', 0),
        ('f', 1),
        ('g', 2),
        ('h', 3),
    ] {
        for rank in 1..=8 {
            let c = sq(&format!("{file}{rank}"));
            assert_eq!(ring_pos(c).0, ring, "{c}");
            let left = ring_pos(c).1 < 8;
            assert_eq!(
                left,
                file <= 'd',
                "{c} is in the {} half",
                if left { "left" } else { "right" }
            );
        }
    }
    // The inner ring is an edge: a king on d4 has nothing further in.
    let pos = board(V, "Kd4 kh8").pos();
    assert_eq!(targets(&pos, "d4"), names(&["c3", "c4", "c5", "d3", "d5"]));
}

/// "ranks 1 to 8 run round each half from White's side to Black's."
#[test]
fn ranks_1_to_8_run_round_each_half_from_whites_side_to_blacks() {
    for rank in 1..=8i32 {
        assert_eq!(ring_pos(sq(&format!("a{rank}"))), (3, rank - 1));
        assert_eq!(ring_pos(sq(&format!("d{rank}"))), (0, rank - 1));
        assert_eq!(ring_pos(sq(&format!("e{rank}"))), (0, 16 - rank));
        assert_eq!(ring_pos(sq(&format!("h{rank}"))), (3, 16 - rank));
    }
}

/// "Along every ring the cells form a closed cycle: left half ranks 1..8,
/// then right half ranks 8..1, then back to left rank 1 (so a1 neighbours
/// h1 and a8 neighbours h8 along the outer ring; d1 neighbours e1 and d8
/// neighbours e8 along the inner ring)."
#[test]
fn every_ring_is_a_closed_cycle_across_the_seams() {
    let order: Vec<String> = (0..16).map(|p| name(cell(3, p))).collect();
    assert_eq!(
        order,
        vec![
            "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "h8", "h7", "h6", "h5", "h4", "h3",
            "h2", "h1"
        ]
    );
    // A king on each seam cell: along, across and diagonal.
    for (king, expected) in [
        ("a1", ["a2", "h1", "b1", "b2", "g1"]),
        ("a8", ["a7", "h8", "b8", "b7", "g8"]),
        ("d1", ["d2", "e1", "c1", "c2", "f1"]),
        ("d8", ["d7", "e8", "c8", "c7", "f8"]),
    ] {
        let pos = board(V, &format!("K{king} ke4")).pos();
        assert_eq!(targets(&pos, king), names(&expected), "{king}");
    }
}

/// "Number a ring's cells 0..15 in that order: position p and p+8 (mod 16)
/// face each other across the centre."
#[test]
fn position_p_and_p_plus_8_face_each_other_across_the_centre() {
    // Facing cells are the square board's point reflection: a1-h8, d4-e5.
    for ring in 0..4 {
        for p in 0..16 {
            let here = cell(ring, p);
            let facing = cell(ring, p + 8);
            assert_eq!(facing.file(), 7 - here.file(), "{here} {facing}");
            assert_eq!(facing.rank(), 7 - here.rank(), "{here} {facing}");
        }
    }
    assert_eq!(name(cell(0, 3 + 8)), "e5");
    assert_eq!(ring_pos(sq("d4")).1 + 8, ring_pos(sq("e5")).1);
}

/// "Nothing moves through the centre, and the inner and outer rings are
/// edges."
#[test]
fn nothing_moves_through_the_centre_inner_and_outer_rings_are_edges() {
    // A rook on the inner ring moves across only outwards; its facing cell
    // e8 is reached along the ring, never through the centre.
    let pos = board(V, "Rd1 Pd2 Pe1 Kb5 kg5 nh8")
        .clockwise("d2")
        .anticlockwise("e1")
        .pos();
    assert_eq!(targets(&pos, "d1"), names(&["a1", "b1", "c1"]));
    assert!(!is_legal(&pos, "d1e8"));
    assert_eq!(
        why(&pos, "d1e8"),
        "the rook cannot jump over pieces, and d2 is in the way"
    );
    // A rook on the outer ring moves across only inwards, and stops at the
    // inner ring.
    let pos = board(V, "Ra1 Pa2 Ph1 Kb5 kg5")
        .clockwise("a2")
        .anticlockwise("h1")
        .pos();
    assert_eq!(targets(&pos, "a1"), names(&["b1", "c1", "d1"]));
    // Knights on the edges have fewer moves.
    let pos = board(V, "Nd1 Kb5 kg5").pos();
    assert_eq!(targets(&pos, "d1"), names(&["b2", "c3", "f2", "g1"]));
    let pos = board(V, "Na1 Kb5 kg5").pos();
    assert_eq!(targets(&pos, "a1"), names(&["b3", "c2", "f1", "g2"]));
}

/// "Steps: "along" = to the next cell of the same ring (p +/- 1 mod 16);
/// "across" = to the same position on the neighbouring ring (ring +/- 1);
/// "diagonal" = one ring across and one cell along." Checked for every
/// cell against the board's step, leap and slide tables.
#[test]
fn steps_along_across_and_diagonal_for_every_cell() {
    let geo = Geometry::of(BoardKind::Round);
    let set = |offsets: &[(i32, i32)], ring: i32, p: i32| -> Vec<Square> {
        let mut v: Vec<Square> = offsets
            .iter()
            .filter(|(dr, _)| (0..4).contains(&(ring + dr)))
            .map(|(dr, dp)| cell(ring + dr, p + dp))
            .collect();
        v.sort();
        v
    };
    let sorted = |bb: engine::Bitboard| -> Vec<Square> { bb.collect() };
    for ring in 0..4 {
        for p in 0..16 {
            let c = cell(ring, p).index();
            let straight = set(&[(0, 1), (0, -1), (1, 0), (-1, 0)], ring, p);
            let diagonal = set(&[(1, 1), (1, -1), (-1, 1), (-1, -1)], ring, p);
            let alfil = set(&[(2, 2), (2, -2), (-2, 2), (-2, -2)], ring, p);
            let knight = set(
                &[
                    (1, 2),
                    (1, -2),
                    (-1, 2),
                    (-1, -2),
                    (2, 1),
                    (2, -1),
                    (-2, 1),
                    (-2, -1),
                ],
                ring,
                p,
            );
            assert_eq!(sorted(geo.wazir[c]), straight, "({ring}, {p})");
            assert_eq!(sorted(geo.ferz[c]), diagonal, "({ring}, {p})");
            assert_eq!(sorted(geo.king[c]), {
                let mut k = [straight.clone(), diagonal.clone()].concat();
                k.sort();
                k
            });
            assert_eq!(sorted(geo.alfil[c]), alfil, "({ring}, {p})");
            assert_eq!(sorted(geo.knight[c]), knight, "({ring}, {p})");
            // An empty board: the rook reaches the 15 other cells of its
            // ring and every cell straight across.
            let rook: engine::Bitboard = geo.straight[c]
                .iter()
                .fold(engine::Bitboard::EMPTY, |acc, ray| {
                    acc | ray.reach(engine::Bitboard::EMPTY).0
                });
            let mut expected: Vec<Square> = (1..16).map(|k| cell(ring, p + k)).collect();
            expected.extend((0..4).filter(|&r| r != ring).map(|r| cell(r, p)));
            expected.sort();
            assert_eq!(sorted(rook), expected, "({ring}, {p})");
        }
    }
}

/// "King: one along, across or diagonal."
#[test]
fn king_one_along_across_or_diagonal() {
    let pos = board(V, "Kc5 kf4").pos();
    assert_eq!(
        targets(&pos, "c5"),
        names(&["b4", "b5", "b6", "c4", "c6", "d4", "d5", "d6"])
    );
}

/// "Ferz: one diagonal."
#[test]
fn ferz_one_diagonal() {
    let pos = board(V, "Fc5 Fa1 Fd8 Kh4 ke4 nh8").pos();
    assert_eq!(targets(&pos, "c5"), names(&["b4", "b6", "d4", "d6"]));
    assert_eq!(targets(&pos, "a1"), names(&["b2", "g1"]));
    assert_eq!(targets(&pos, "d8"), names(&["c7", "f8"]));
    assert_eq!(why(&pos, "c5c6"), "the ferz steps one square diagonally");
}

/// "Alfil: two rings across and two cells along, leaping."
#[test]
fn alfil_two_rings_across_and_two_cells_along_leaping() {
    // Pieces on the cells in between (b4, b6, c2) do not stop it.
    let pos = board(V, "Ac5 Ab1 Aa1 Pb4 Nb6 Nc2 Kh4 ke4").pos();
    assert_eq!(targets(&pos, "c5"), names(&["a3", "a7"]));
    assert_eq!(targets(&pos, "b1"), names(&["d3", "e2"]));
    assert_eq!(targets(&pos, "a1"), names(&["c3", "f2"]));
}

/// "Knight: one ring and two cells, or two rings and one cell, leaping."
#[test]
fn knight_one_ring_and_two_cells_or_two_rings_and_one_cell() {
    let pos = board(V, "Nc5 Pc4 Pc6 Pb5 Pd5 Kh4 ke4")
        .clockwise("c4 b5 d5")
        .anticlockwise("c6")
        .pos();
    assert_eq!(
        targets(&pos, "c5"),
        names(&["a4", "a6", "b3", "b7", "d3", "d7"])
    );
}

/// "Rook: slides along its ring in either direction, all the way round but
/// never back onto its own cell, or straight across the rings, blocked by
/// pieces."
#[test]
fn rook_slides_along_its_ring_all_the_way_round_or_across_blocked_by_pieces() {
    // Alone on the outer ring: the 15 other cells of the ring, and the
    // three cells straight across.
    let pos = board(V, "Ra1 Kc5 kf4").pos();
    let ring: Vec<String> = (1..16).map(|p| name(cell(3, p))).collect();
    let mut expected: Vec<String> = ring.clone();
    expected.extend(["b1", "c1", "d1"].map(String::from));
    expected.sort();
    assert_eq!(targets(&pos, "a1"), expected);
    assert!(!targets(&pos, "a1").contains(&"a1".to_string()));
    // Blocked: its own knight on a4 and Black's knight on h5.
    let pos = board(V, "Ra1 Na4 Kc5 kf4 nh5").pos();
    assert_eq!(
        targets(&pos, "a1"),
        names(&["a2", "a3", "b1", "c1", "d1", "h1", "h2", "h3", "h4", "h5"])
    );
    // All the way round: blocked next door on a2, it goes the long way
    // through h1..h8 and a8..a3.
    let pos = board(V, "Ra1 Na2 Kc5 kf4").pos();
    let mut expected: Vec<String> = (2..16).map(|p| name(cell(3, p))).collect();
    expected.extend(["b1", "c1", "d1"].map(String::from));
    expected.sort();
    assert_eq!(targets(&pos, "a1"), expected);
    assert!(targets(&pos, "a1").contains(&"a3".to_string()));
    // Across the rings it is blocked too.
    let pos = board(V, "Ra1 Nc1 Kc5 kf4").pos();
    assert!(targets(&pos, "a1").contains(&"b1".to_string()));
    assert!(!targets(&pos, "a1").contains(&"d1".to_string()));
}

/// "A rook that can reach a cell both ways round makes one move there: a
/// move is its from-cell and to-cell."
#[test]
fn a_rook_reaching_a_cell_both_ways_makes_one_move_there() {
    let pos = board(V, "Ra1 Kc5 kf4").pos();
    let rook: Vec<_> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == sq("a1"))
        .collect();
    assert_eq!(rook.len(), 18);
    for to in cell_names_of_ring(3).iter().filter(|c| *c != "a1") {
        assert_eq!(rook.iter().filter(|m| m.to == sq(to)).count(), 1, "{to}");
    }
    // Its facing cell h8, eight cells either way, is one move.
    assert_eq!(pos.parse_move("Rh8").unwrap().uci(), "a1h8");
}

fn cell_names_of_ring(ring: i32) -> Vec<String> {
    (0..16).map(|p| name(cell(ring, p))).collect()
}

/// "Start. White: rank 1 is R N A K F A N R from a1 to h1 (king d1 and
/// ferz e1 on the inner ring, rooks on the outer), pawns on a2..h2."
#[test]
fn start_white_rank_1_is_rnakfanr_king_d1_ferz_e1_inner_ring_pawns_a2_to_h2() {
    let pos = Position::new(V);
    let back = [
        Role::Rook,
        Role::Knight,
        Role::Alfil,
        Role::King,
        Role::Ferz,
        Role::Alfil,
        Role::Knight,
        Role::Rook,
    ];
    for (file, role) in "abcdefgh".chars().zip(back) {
        assert_eq!(
            pos.piece_at(sq(&format!("{file}1"))),
            Some(Piece::new(Color::White, role))
        );
        assert_eq!(
            pos.piece_at(sq(&format!("{file}2"))),
            Some(Piece::new(Color::White, Role::Pawn))
        );
    }
    assert_eq!(ring_pos(pos.king(Color::White)).0, 0);
    assert_eq!(ring_pos(sq("e1")).0, 0);
    assert_eq!(ring_pos(sq("a1")).0, 3);
    assert_eq!(ring_pos(sq("h1")).0, 3);
}

/// "Black is White turned half a turn about the centre: king e8, ferz d8,
/// rooks a8/h8, pawns on rank 7."
#[test]
fn black_is_white_turned_half_a_turn_about_the_centre() {
    let pos = Position::new(V);
    for c in pos.pieces(Color::White) {
        let (ring, p) = ring_pos(c);
        let turned = cell(ring, p + 8);
        let white = pos.piece_at(c).unwrap();
        assert_eq!(
            pos.piece_at(turned),
            Some(Piece::new(Color::Black, white.role)),
            "{c} -> {turned}"
        );
        // Turning keeps the sense of walking round the ring.
        assert_eq!(pos.pawn_dir(turned), pos.pawn_dir(c), "{c}");
    }
    assert_eq!(pos.pieces(Color::Black).count(), 16);
    assert_eq!(pos.king(Color::Black), sq("e8"));
    assert_eq!(pos.piece_at(sq("d8")).unwrap().role, Role::Ferz);
    assert_eq!(pos.piece_at(sq("a8")).unwrap().role, Role::Rook);
    assert_eq!(pos.piece_at(sq("h8")).unwrap().role, Role::Rook);
    for file in "abcdefgh".chars() {
        assert_eq!(
            pos.piece_at(sq(&format!("{file}7"))),
            Some(Piece::new(Color::Black, Role::Pawn))
        );
    }
}

/// "The kings face each other across the centre. White moves first."
#[test]
fn the_kings_face_each_other_white_moves_first() {
    let pos = Position::new(V);
    let (wr, wp) = ring_pos(pos.king(Color::White));
    let (br, bp) = ring_pos(pos.king(Color::Black));
    assert_eq!(wr, br);
    assert_eq!((wp + 8) % 16, bp);
    assert_eq!(pos.turn(), Color::White);
}

/// "Pawns step one cell along the ring, away from their own army, and
/// capture one cell diagonally forward (one ring in or out, one cell
/// forward)."
#[test]
fn pawns_step_one_cell_along_away_from_their_army_and_capture_diagonally_forward() {
    let pos = Position::new(V);
    let pawn_moves: Vec<String> = {
        let mut v: Vec<String> = pos
            .legal_moves()
            .iter()
            .filter(|m| m.role == Role::Pawn)
            .map(|m| m.uci())
            .collect();
        v.sort();
        v
    };
    assert_eq!(
        pawn_moves,
        names(&["a2a3", "b2b3", "c2c3", "d2d3", "e2e3", "f2f3", "g2g3", "h2h3"])
    );
    // One ring in or out, one cell forward; never backwards.
    let pos = board(V, "Pb4 Ke5 kf8 na5 nc5 na3 nc3").pos();
    assert_eq!(targets(&pos, "b4"), names(&["a5", "b5", "c5"]));
    assert_eq!(
        why(&pos, "b4a3"),
        "a pawn steps one cell along its ring, the way it walks, and captures one cell diagonally forward"
    );
    assert_eq!(
        why(&pos, "b4b6"),
        "a pawn steps one cell along its ring, the way it walks, and captures one cell diagonally forward"
    );
    // On the inner and outer rings only one capture cell exists.
    let pos = board(V, "Pd4 Pa4 Ke5 kf8 nc5 nb5").pos();
    assert_eq!(targets(&pos, "d4"), names(&["c5", "d5"]));
    assert_eq!(targets(&pos, "a4"), names(&["a5", "b5"]));
    // An anticlockwise pawn captures forward its own way.
    let pos = board(V, "Pf4 Kc1 kc8 ne5 ng5 ne3")
        .anticlockwise("f4")
        .pos();
    assert_eq!(targets(&pos, "f4"), names(&["e5", "f5", "g5"]));
}

/// "White's left wing (a2..d2) walks up the left half towards rank 8 and
/// on round the ring;"
#[test]
fn whites_left_wing_walks_up_the_left_half_and_on_round_the_ring() {
    let pos = board(V, "Pa7 Pd7 Kc4 kf4 nf6").pos();
    assert_eq!(pos.pawn_dir(sq("a7")), Some(PawnDir::Clockwise));
    let after = play(&pos, &["a8", "Ne4", "h8", "Nf6", "h7"]);
    assert_eq!(
        after.piece_at(sq("h7")),
        Some(Piece::new(Color::White, Role::Pawn))
    );
    let after = play(&pos, &["d8", "Ne4"]);
    assert_eq!(targets(&after, "d8"), names(&["e8"]));
}

/// "White's right wing (e2..h2) walks up the right half, the other way
/// round."
#[test]
fn whites_right_wing_walks_up_the_right_half_the_other_way_round() {
    let pos = board(V, "Pe2 Ph7 Kc4 kf4 nf6").pos();
    assert_eq!(pos.pawn_dir(sq("e2")), Some(PawnDir::Anticlockwise));
    assert_eq!(targets(&pos, "e2"), names(&["e3"]));
    let after = play(&pos, &["h8", "Ne4"]);
    assert_eq!(targets(&after, "h8"), names(&["a8"]));
    let after = play(&after, &["a8", "Nf6"]);
    assert_eq!(targets(&after, "a8"), names(&["a7"]));
}

/// "Black's wings walk the opposite ways."
#[test]
fn blacks_wings_walk_the_opposite_ways() {
    let pos = play(&Position::new(V), &["e3"]);
    let pawn_moves: Vec<String> = {
        let mut v: Vec<String> = pos
            .legal_moves()
            .iter()
            .filter(|m| m.role == Role::Pawn)
            .map(|m| m.uci())
            .collect();
        v.sort();
        v
    };
    assert_eq!(
        pawn_moves,
        names(&["a7a6", "b7b6", "c7c6", "d7d6", "e7e6", "f7f6", "g7g6", "h7h6"])
    );
    assert_eq!(pos.pawn_dir(sq("a7")), Some(PawnDir::Anticlockwise));
    assert_eq!(pos.pawn_dir(sq("h7")), Some(PawnDir::Clockwise));
    // Round the seams on White's side: a1 to h1, e1 to d1.
    let pos = board(V, "Kc5 kf5 pa1 pe1").black_to_move().pos();
    assert_eq!(targets(&pos, "a1"), names(&["h1"]));
    assert_eq!(targets(&pos, "e1"), names(&["d1"]));
}

/// "A pawn keeps its direction for the whole game, wherever it goes, so the
/// position records each pawn's direction."
#[test]
fn a_pawn_keeps_its_direction_for_the_whole_game() {
    // A White pawn walking clockwise down the right half (it came round
    // from the left) takes on g4, one ring in, and walks on to g3.
    let pos = board(V, "Ph5 Kc4 kc8 ng4 pa7").clockwise("h5").pos();
    assert_eq!(targets(&pos, "h5"), names(&["g4", "h4"]));
    let after = play(&pos, &["h5g4", "a6"]);
    assert_eq!(after.pawn_dir(sq("g4")), Some(PawnDir::Clockwise));
    assert_eq!(targets(&after, "g4"), names(&["g3"]));
    // Two white pawns on the same kind of cell walk different ways.
    let pos = board(V, "Pc4 Pf4 Kd1 kd8").clockwise("c4 f4").pos();
    let other = board(V, "Pc4 Pf4 Kd1 kd8").anticlockwise("c4 f4").pos();
    assert_eq!(targets(&pos, "c4"), names(&["c5"]));
    assert_eq!(targets(&other, "c4"), names(&["c3"]));
    assert_eq!(targets(&pos, "f4"), names(&["f3"]));
    assert_eq!(targets(&other, "f4"), names(&["f5"]));
    assert_ne!(pos, other);
    assert_ne!(pos.hash(), other.hash());
    // The FEN records the directions.
    assert!(pos.fen().ends_with(" c4f4/-"), "{}", pos.fen());
    assert!(other.fen().ends_with(" -/c4f4"), "{}", other.fen());
}

/// "Pawns never promote."
#[test]
fn pawns_never_promote() {
    let pos = board(V, "Pd7 Pa8 Kc4 kf4 nf6").clockwise("a8").pos();
    let to_d8 = mv(&pos, "d7d8");
    assert!(!to_d8.promotion);
    assert_eq!(pos.san(&to_d8), "d8");
    let after = play(&pos, &["d8", "Ne4"]);
    assert_eq!(after.piece_at(sq("d8")).unwrap().role, Role::Pawn);
    // No rank is a last rank: the pawn walks on.
    assert_eq!(targets(&after, "d8"), names(&["e8"]));
    assert!(pos.legal_moves().iter().all(|m| !m.promotion));
    let after = play(&pos, &["a8h8"]);
    assert_eq!(after.piece_at(sq("h8")).unwrap().role, Role::Pawn);
}

/// "Meeting: when, after a move, two pawns of the mover stand on
/// neighbouring cells of one ring facing each other (each one's forward
/// cell is the other's cell), both are taken off as part of that move."
#[test]
fn meeting_two_facing_pawns_of_the_mover_are_both_taken_off() {
    let start = board(V, "Kc5 Nd2 Pa4 Pa6 kf4 nf6")
        .anticlockwise("a6")
        .pos();
    for step in ["a4a5", "a6a5"] {
        let after = play(&start, &[step]);
        for c in ["a4", "a5", "a6"] {
            assert_eq!(after.piece_at(sq(c)), None, "{step}: {c}");
        }
        assert_eq!(after.pieces(Color::White).count(), 2, "{step}");
    }
    // A capture can end in a meeting too.
    let pos = board(V, "Kc5 Nd2 Pb4 Pa6 kf4 na5")
        .anticlockwise("a6")
        .pos();
    let after = play(&pos, &["b4a5"]);
    assert_eq!(after.piece_at(sq("a5")), None);
    assert_eq!(after.piece_at(sq("a6")), None);
    assert_eq!(after.pieces(Color::Black).count(), 1);
    // Pawns walking the same way, or back to back, do not meet.
    let same_way = board(V, "Kc5 Nd2 Pa4 Pa6 kf4 nf6").pos();
    let after = play(&same_way, &["a5"]);
    assert_eq!(after.pieces_of(Color::White, Role::Pawn).count(), 2);
    let back_to_back = board(V, "Kc5 Nd2 Pa5 Pa6 kf4 nf6")
        .anticlockwise("a5")
        .clockwise("a6")
        .pos();
    let after = play(&back_to_back, &["a4"]);
    assert_eq!(after.pieces_of(Color::White, Role::Pawn).count(), 2);
}

/// "The move is judged (check, repetition, counts) with them gone, ..."
#[test]
fn meeting_the_move_is_judged_with_them_gone() {
    // Check: the meeting opens the a-file for the rook on a1.
    let pos = board(V, "Ra1 Pa4 Pa6 Kd4 ka8 nh4")
        .anticlockwise("a6")
        .pos();
    assert!(!pos.is_check());
    let meet = mv(&pos, "a4a5");
    // Two pawns may step to a5, so the move names its from-cell.
    assert_eq!(pos.san(&meet), "a4a5+");
    assert!(pos.play(&meet).is_check());
    // Own king: a meeting that opens a line to the mover's king is illegal,
    // though the same step without the meeting would be fine.
    let pos = board(V, "Ka7 Pa4 Pa6 kf4 ra1 nh1")
        .anticlockwise("a6")
        .pos();
    assert!(!is_legal(&pos, "a4a5"));
    assert!(!is_legal(&pos, "a6a5"));
    assert_eq!(why(&pos, "a4a5"), "that leaves your king in check");
    let no_meeting = board(V, "Ka7 Pa4 kf4 ra1 nh1 pa6").pos();
    assert!(is_legal(&no_meeting, "a4a5"));
    // Repetition: the position after a meeting is the one with the pawns
    // gone, as if set up that way.
    let pos = board(V, "Kc5 Nd2 Pa4 Pa6 kf4 nf6")
        .anticlockwise("a6")
        .pos();
    let after = play(&pos, &["a4a5"]);
    let same = fen(V, &after.fen());
    assert_eq!(after, same);
    assert_eq!(after.hash(), same.hash());
    assert_eq!(after.fen(), "8/8/5n2/2K5/5k2/8/3N4/8 b - - 0 1 -/-");
}

/// "... and it counts as a capture."
#[test]
fn meeting_counts_as_a_capture() {
    let pos = board(V, "Kc5 Nd2 Pa4 Pa6 kf4 nf6")
        .anticlockwise("a6")
        .halfmoves(50)
        .pos();
    assert_eq!(play(&pos, &["a4a5"]).halfmoves(), 0);
    assert_eq!(play(&pos, &["Nb3"]).halfmoves(), 51);
    // A plain pawn step does not reset the count (see the move-count rule).
    let pos = board(V, "Kc5 Nd2 Pa3 kf4 nf6").halfmoves(50).pos();
    assert_eq!(play(&pos, &["a4"]).halfmoves(), 51);
}

/// "Stalemate: the stalemated side loses."
#[test]
fn stalemate_the_stalemated_side_loses() {
    // Black's king on a1 has a2, h1, b1, b2 and g1 around it: the king on
    // a3, the rook on g4 (all of ring 2) and the knight on f2 cover them.
    // Black's pawn on c5 is blocked by White's on c4.
    let pos = board(V, "Ka3 Rg4 Nf2 Pc4 ka1 pc5")
        .clockwise("c4")
        .anticlockwise("c5")
        .black_to_move()
        .pos();
    assert!(!pos.is_check());
    assert_eq!(legal(&pos), Vec::<String>::new());
    assert_eq!(pos.outcome(), white_wins(EndReason::Stalemate));
}

/// Checkmate is common to every variant; on the round board the rook
/// checks the king on a1 both ways round the outer ring.
#[test]
fn checkmate_on_the_round_board() {
    let pos = board(V, "Ke6 Rc5 Rg8 ka1 pd5").pos();
    let game = game(&pos, &["c5a5"]);
    assert_eq!(game.san_moves(), vec!["Ra5#"]);
    assert_eq!(game.outcome(), white_wins(EndReason::Checkmate));
}

/// "Bare king and counter as above."
#[test]
fn bare_king_and_counter_as_above() {
    let pos = board(V, "Kd4 Ra1 ke5").pos();
    assert_eq!(pos.outcome(), white_wins(EndReason::BareKing));
    // Black on b1 may take the rook on a1 (across the rings) for a draw.
    let pos = board(V, "Kd4 Ra1 kb1").black_to_move().pos();
    assert_eq!(pos.outcome(), None);
    let drawn = game(&pos, &["Kxa1"]);
    assert_eq!(drawn.outcome(), draw(EndReason::BareKings));
    let lost = game(&pos, &["Kb2"]);
    assert_eq!(lost.outcome(), white_wins(EndReason::BareKing));
}

/// "Move-count rule: 70 moves each without a capture; pawn moves do not
/// reset it, since a pawn can walk round the board for ever."
#[test]
fn move_count_rule_70_moves_each_pawn_moves_do_not_reset_it() {
    assert_eq!(V.default_rules().move_rule, 70);
    let quiet = |h| board(V, "Kc1 Pa3 kf4 nf6 pg5").halfmoves(h).pos();
    let game1 = game(&quiet(139), &["a4"]);
    assert_eq!(game1.position().halfmoves(), 140);
    assert_eq!(game1.outcome(), draw(EndReason::MoveRule));
    let game2 = game(&quiet(138), &["a4"]);
    assert_eq!(game2.outcome(), None);
    // A capture still resets it.
    let pos = board(V, "Kc1 Ra3 kf4 nf6 pa6").halfmoves(139).pos();
    let game3 = game(&pos, &["Rxa6"]);
    assert_eq!(game3.position().halfmoves(), 0);
    assert_eq!(game3.outcome(), None);
}

/// The round board's pawn is never blocked by the edge of the board: one
/// lap of sixteen steps brings it home.
#[test]
fn a_pawn_walks_a_full_lap_in_sixteen_steps() {
    let mut pos = board(V, "Pa3 Kc1 kd5 ne4").pos();
    let knight = ["e4f6", "f6e4"];
    for k in 0..16 {
        let step = format!("{}{}", name(cell(3, 2 + k)), name(cell(3, 3 + k)));
        pos = play(&pos, &[&step, knight[(k % 2) as usize]]);
    }
    assert_eq!(
        pos.piece_at(sq("a3")),
        Some(Piece::new(Color::White, Role::Pawn))
    );
    assert_eq!(pos.pawn_dir(sq("a3")), Some(PawnDir::Clockwise));
    assert_eq!(pos.halfmoves(), 32);
}

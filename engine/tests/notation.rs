//! RULES.md, "Notation": square names, coordinate and algebraic moves
//! (written and read, leniently), explanations of illegal moves in words a
//! beginner understands, and PGN with a Variant tag.

mod common;
use common::*;
use engine::{Game, Illegal, MoveError, PgnTags, Position, Role, Square, Variant, MAX_MOVE_LEN};

/// "Squares: file letter + rank number (`e2`, `l8`; the round board uses
/// the same names)."
#[test]
fn squares_are_file_letter_and_rank_number() {
    assert_eq!(sq("e2").to_string(), "e2");
    assert_eq!(Square::parse("E2"), Some(sq("e2")));
    assert_eq!(sq("l8").to_string(), "l8");
    assert_eq!(Square::parse("i9"), None);
    assert_eq!(Square::parse("e0"), None);
    assert_eq!(Square::parse("e22"), None);
    // l8 exists on the Courier board only.
    let courier = board(Variant::Courier, "Pl7 Ka1 ka8 pb7").pos();
    assert_eq!(courier.parse_move("l7l8").unwrap().to, sq("l8"));
    let shatranj = Position::new(Variant::Shatranj);
    assert_eq!(
        shatranj.parse_move("h2l8"),
        Err(MoveError::Illegal(Illegal::NotOnBoard(sq("l8"))))
    );
    // The round board: the same names, a1 to h8.
    let round = Position::new(Variant::Byzantine);
    assert_eq!(round.parse_move("e2e3").unwrap().uci(), "e2e3");
    assert_eq!(round.parse_move("Nf3").unwrap().uci(), "g1f3");
}

/// "A move: from-square + to-square (`e2e3`, `e2-e3`), ..."
#[test]
fn a_move_from_square_and_to_square() {
    let pos = Position::new(Variant::Shatranj);
    for text in [
        "e2e3", "e2-e3", "e2 e3", "E2E3", "e2–e3", " e2e3 ", "e2:e3", "e2xe3", "e2—e3",
    ] {
        assert_eq!(
            pos.parse_move(text).map(|m| m.uci()),
            Ok("e2e3".into()),
            "{text}"
        );
    }
    let pos = Position::new(Variant::Courier);
    assert_eq!(pos.parse_move("k1-j3").unwrap().role, Role::Knight);
}

/// "... or algebraic notation with the letters K F A N R C M S P (`Ne2`,
/// `Fxd5`, `Kc3` for a king leap)."
#[test]
fn algebraic_notation_with_the_letters_k_f_a_n_r_c_m_s_p() {
    let pos = Position::new(Variant::Medieval);
    assert_eq!(
        pos.parse_move("Ne2").unwrap_err().to_string(),
        "none of your pieces of that kind (knight) can move to e2"
    );
    for (text, uci) in [
        ("Nf3", "g1f3"),
        ("Kc3", "e1c3"),
        ("Fd3", "d1d3"),
        ("Ae3", "c1e3"),
        ("Pe3", "e2e3"),
        ("e4", "e2e4"),
    ] {
        assert_eq!(pos.parse_move(text).unwrap().uci(), uci, "{text}");
    }
    let pos = board(Variant::Shatranj, "Fe4 Rh1 Kd1 kd8 pd5").pos();
    assert_eq!(pos.parse_move("Fxd5").unwrap().uci(), "e4d5");
    assert_eq!(pos.parse_move("Rh7").unwrap().uci(), "h1h7");
    let pos = board(Variant::Courier, "Cc1 Ma1 Sl1 Kf1 kf8 pa7").pos();
    assert_eq!(pos.parse_move("Ce3").unwrap().uci(), "c1e3");
    assert_eq!(pos.parse_move("Mb2").unwrap().uci(), "a1b2");
    assert_eq!(pos.parse_move("Sl2").unwrap().uci(), "l1l2");
}

/// "Input is case-insensitive where that is unambiguous, ..."
#[test]
fn input_is_case_insensitive_where_unambiguous() {
    let pos = Position::new(Variant::Shatranj);
    for text in ["Nf3", "nf3", "NF3", "nF3", "G1F3", "g1F3"] {
        assert_eq!(pos.parse_move(text).unwrap().uci(), "g1f3", "{text}");
    }
    for text in ["Kc3", "kc3", "KC3"] {
        let medieval = Position::new(Variant::Medieval);
        assert_eq!(medieval.parse_move(text).unwrap().uci(), "e1c3", "{text}");
    }
    // Lowercase b is a file first: in Shatranj "bc3"/"bxc3" is the pawn's
    // capture even though b is also Fairy-Stockfish's alfil letter.
    let pos = board(Variant::Shatranj, "Pb2 Aa1 Kh1 kh8 nc3").pos();
    assert_eq!(pos.parse_move("bxc3").unwrap().uci(), "b2c3");
    assert_eq!(pos.parse_move("Bxc3").unwrap().uci(), "a1c3");
    assert_eq!(pos.parse_move("Axc3").unwrap().uci(), "a1c3");
}

/// "... and accepts the Unicode and Fairy-Stockfish letters too."
#[test]
fn accepts_unicode_glyphs_and_fairy_stockfish_letters() {
    let pos = Position::new(Variant::Shatranj);
    assert_eq!(pos.parse_move("♘f3").unwrap().uci(), "g1f3");
    assert_eq!(pos.parse_move("♞f3").unwrap().uci(), "g1f3");
    assert_eq!(pos.parse_move("♗e3").unwrap().uci(), "c1e3");
    assert_eq!(pos.parse_move("Be3").unwrap().uci(), "c1e3");
    assert_eq!(pos.parse_move("♙e3").unwrap().uci(), "e2e3");
    let medieval = Position::new(Variant::Medieval);
    for text in ["Qd3", "♕d3", "♛d3", "qd3"] {
        assert_eq!(medieval.parse_move(text).unwrap().uci(), "d1d3", "{text}");
    }
    assert_eq!(medieval.parse_move("♔c3").unwrap().uci(), "e1c3");
    let pos = board(Variant::Shatranj, "Ra1 Kd1 kd8 pa7").pos();
    assert_eq!(pos.parse_move("♖a6").unwrap().uci(), "a1a6");
    // Courier: E alfil, B courier, W schleich, F or Q fers, M man.
    let courier = Position::new(Variant::Courier);
    assert_eq!(courier.parse_move("Ee3").unwrap().uci(), "c1e3");
    assert_eq!(courier.parse_move("Wg1").unwrap().uci(), "h1g1");
    assert_eq!(courier.parse_move("Sg1").unwrap().uci(), "h1g1");
    assert_eq!(courier.parse_move("Ff4").unwrap().uci(), "g3f4");
    assert_eq!(courier.parse_move("Qf4").unwrap().uci(), "g3f4");
    let later = play(&courier, &["e3", "e6"]);
    for text in ["Bf3", "Cf3", "♗f3"] {
        assert_eq!(later.parse_move(text).unwrap().uci(), "d1f3", "{text}");
    }
    let pos = board(Variant::Courier, "Me4 Kl1 kl8 pa7").pos();
    assert_eq!(pos.parse_move("Mf5").unwrap().uci(), "e4f5");
}

/// "A promotion needs no suffix." (and a suffix, if given, is ignored)
#[test]
fn a_promotion_needs_no_suffix() {
    for v in [Variant::Shatranj, Variant::Medieval, Variant::Courier] {
        let pos = board(v, "Pb7 Kh1 kh8 nc8").pos();
        for text in [
            "b8", "b7b8", "b8=F", "b8=Q", "b8Q", "b8f", "b7b8=F", "b7-b8q", "b8=F+",
        ] {
            let m = pos
                .parse_move(text)
                .unwrap_or_else(|e| panic!("{v} {text}: {e}"));
            assert_eq!(m.uci(), "b7b8", "{v} {text}");
            assert!(m.promotion);
        }
        for text in ["bxc8", "bxc8=F", "b7c8", "bc8"] {
            assert_eq!(pos.parse_move(text).unwrap().uci(), "b7c8", "{v} {text}");
        }
    }
}

/// Check and annotation marks are ignored when reading.
#[test]
fn check_and_annotation_marks_are_ignored() {
    let pos = board(Variant::Shatranj, "Ra1 Kh1 kh8 pb7").pos();
    for text in ["Ra8", "Ra8+", "Ra8#", "Ra8!", "Ra8?!", "a1a8+", "Rxa8"] {
        assert_eq!(pos.parse_move(text).unwrap().uci(), "a1a8", "{text}");
    }
}

/// Writing: algebraic names with disambiguation by file, rank and square.
#[test]
fn san_disambiguates_by_file_then_rank_then_square() {
    let pos = board(Variant::Shatranj, "Nb1 Nf1 Kh1 kh8 pa7").pos();
    assert_eq!(pos.san(&mv(&pos, "b1d2")), "Nbd2");
    assert_eq!(pos.san(&mv(&pos, "f1d2")), "Nfd2");
    assert_eq!(pos.san(&mv(&pos, "b1c3")), "Nc3");
    let pos = board(Variant::Shatranj, "Ra1 Ra5 Kh2 kh8 pb7").pos();
    assert_eq!(pos.san(&mv(&pos, "a1a3")), "R1a3");
    assert_eq!(pos.san(&mv(&pos, "a5a3")), "R5a3");
    assert_eq!(pos.san(&mv(&pos, "a1b1")), "Rb1");
    let pos = board(Variant::Shatranj, "Fc3 Fe3 Fc5 Kh1 kh8 pa7").pos();
    assert_eq!(pos.san(&mv(&pos, "c3d4")), "Fc3d4");
    assert_eq!(pos.san(&mv(&pos, "e3d4")), "Fed4");
    assert_eq!(pos.san(&mv(&pos, "c5d4")), "F5d4");
    for uci in ["c3d4", "e3d4", "c5d4"] {
        let m = mv(&pos, uci);
        assert_eq!(pos.parse_move(&pos.san(&m)), Ok(m));
    }
    // "F5d4" names the ferz on rank 5, though it also reads as f5-d4,
    // which here is the knight's legal move; lowercase "f5d4" is the knight.
    let pos = board(Variant::Shatranj, "Fc3 Fc5 Nf5 Kh1 kh8 pa7").pos();
    assert_eq!(pos.san(&mv(&pos, "c5d4")), "F5d4");
    assert_eq!(pos.parse_move("F5d4").unwrap().uci(), "c5d4");
    assert_eq!(pos.parse_move("F3d4").unwrap().uci(), "c3d4");
    assert_eq!(pos.parse_move("f5d4").unwrap().uci(), "f5d4");
    assert_eq!(pos.parse_move("Nd4").unwrap().uci(), "f5d4");
}

/// Writing: captures with `x`, pawn captures with the file, check `+`,
/// mate `#`, promotion `=F`, leaps as plain king and ferz moves.
#[test]
fn san_captures_checks_mates_promotions_and_leaps() {
    let pos = board(Variant::Shatranj, "Nc4 Pd4 Kh1 kh8 pe5").pos();
    assert_eq!(pos.san(&mv(&pos, "c4e5")), "Nxe5");
    assert_eq!(pos.san(&mv(&pos, "d4e5")), "dxe5");
    assert_eq!(pos.san(&mv(&pos, "d4d5")), "d5");
    let pos = board(Variant::Shatranj, "Ra1 Kh1 kh8 pb7").pos();
    assert_eq!(pos.san(&mv(&pos, "a1a8")), "Ra8+");
    let pos = board(Variant::Shatranj, "Kb6 Rh1 ka8 pc5").pos();
    assert_eq!(pos.san(&mv(&pos, "h1h8")), "Rh8#");
    let pos = board(Variant::Shatranj, "Pb7 Kh1 kh8 nc8").pos();
    assert_eq!(pos.san(&mv(&pos, "b7b8")), "b8=F");
    assert_eq!(pos.san(&mv(&pos, "b7c8")), "bxc8=F");
    let pos = board(Variant::Shatranj, "Pg7 Kh1 kh7 pa7").pos();
    assert_eq!(pos.san(&mv(&pos, "g7g8")), "g8=F+");
    let pos = Position::new(Variant::Medieval);
    assert_eq!(pos.san(&mv(&pos, "e1c3")), "Kc3");
    assert_eq!(pos.san(&mv(&pos, "d1d3")), "Fd3");
    assert_eq!(pos.san(&mv(&pos, "e2e4")), "e4");
    let pos = board(Variant::Courier, "Cc1 Ma1 Sl1 Kf1 kf8 pa7").pos();
    assert_eq!(pos.san(&mv(&pos, "c1e3")), "Ce3");
    assert_eq!(pos.san(&mv(&pos, "a1b2")), "Mb2");
    assert_eq!(pos.san(&mv(&pos, "l1l2")), "Sl2");
}

/// SAN that SAN writes reads back as the same move even where a lowercase
/// file letter is also a piece letter (a, b, e, f; c and k in Courier).
#[test]
fn san_pawn_captures_read_back_where_the_file_is_also_a_piece_letter() {
    let cases = [
        // f-pawn and ferz both take on e5.
        (Variant::Shatranj, "Fd4 Pf4 Kd1 kd8 pe5", "f4e5", "fxe5"),
        // a-pawn and alfil both take on b3.
        (Variant::Shatranj, "Pa2 Ad1 Kh1 kh8 nb3", "a2b3", "axb3"),
        // b-pawn and alfil (Fairy-Stockfish's b) both take on c3.
        (Variant::Shatranj, "Pb2 Aa1 Kh1 kh8 nc3", "b2c3", "bxc3"),
        // e-pawn and alfil (e in Courier) both take on d5.
        (Variant::Courier, "Pe4 Ab3 Kl1 kl8 nd5", "e4d5", "exd5"),
        // c-pawn and courier both take on d4.
        (Variant::Courier, "Pc3 Cf6 Kl1 kl8 nd4", "c3d4", "cxd4"),
        // k-pawn and king both take on l3.
        (Variant::Courier, "Pk2 Kl2 ka8 nl3", "k2l3", "kxl3"),
        // In Medieval chess too.
        (Variant::Medieval, "Fd4 Pf4 Kd1 kd8 pe5", "f4e5", "fxe5"),
    ];
    for (v, pieces, uci, san) in cases {
        let pos = board(v, pieces).pos();
        let m = mv(&pos, uci);
        assert_eq!(pos.san(&m), san, "{v} {pieces}");
        assert_eq!(pos.parse_move(san), Ok(m), "{v} {pieces}");
    }
}

/// Ambiguity: a move that fits several legal moves is not guessed.
#[test]
fn ambiguous_moves_are_refused_with_the_choices() {
    let pos = board(Variant::Shatranj, "Nb1 Nf1 Kh1 kh8 pa7").pos();
    let err = pos.parse_move("Nd2").unwrap_err();
    assert_eq!(
        err,
        MoveError::Ambiguous(vec!["Nbd2".to_string(), "Nfd2".to_string()])
    );
    assert_eq!(err.to_string(), "that could mean Nbd2 or Nfd2: say which");
    assert_eq!(pos.parse_move("Nbd2").unwrap().uci(), "b1d2");
    assert_eq!(
        pos.parse_move("N1d2"),
        Err(MoveError::Ambiguous(vec!["Nbd2".into(), "Nfd2".into()]))
    );
    // The round board: two pawns may step onto one cell from both sides.
    let pos = board(Variant::Byzantine, "Kc5 Nd2 Pa4 Pa6 kf4 nf6")
        .anticlockwise("a6")
        .pos();
    assert!(matches!(pos.parse_move("a5"), Err(MoveError::Ambiguous(_))));
    assert_eq!(pos.parse_move("a4a5").unwrap().uci(), "a4a5");
}

/// Malformed input: empty, too long, garbage, squares off the board.
#[test]
fn malformed_input_gets_a_readable_error() {
    let pos = Position::new(Variant::Shatranj);
    assert_eq!(pos.parse_move(""), Err(MoveError::Empty));
    assert_eq!(pos.parse_move("   "), Err(MoveError::Empty));
    assert_eq!(MoveError::Empty.to_string(), "no move given");
    let long = "e2e3".repeat(7);
    assert!(long.len() > MAX_MOVE_LEN);
    assert_eq!(pos.parse_move(&long), Err(MoveError::TooLong));
    assert_eq!(
        MoveError::TooLong.to_string(),
        "that is too long for a move (at most 24 characters)"
    );
    for garbage in [
        "hello", "x", "+", "e", "99", "e2e3e4", "😀", "Zf3", "Nf", "O-O", "e9", "e2e9", "i9",
    ] {
        let err = pos.parse_move(garbage).unwrap_err();
        assert_eq!(err, MoveError::Unreadable(garbage.to_string()), "{garbage}");
        assert_eq!(
            err.to_string(),
            format!("I can't read '{garbage}' as a move: try a from-to move like e2e3, or algebraic like Ne2")
        );
    }
    // A square that exists on some board but not this one.
    for text in ["e2i1", "i1", "Ni1", "i2i3"] {
        let err = pos.parse_move(text).unwrap_err();
        let off = if text == "e2i1" || text == "i1" || text == "Ni1" {
            "i1"
        } else {
            "i2"
        };
        assert_eq!(
            err,
            MoveError::Illegal(Illegal::NotOnBoard(sq(off))),
            "{text}"
        );
        assert_eq!(
            err.to_string(),
            format!("illegal move: {off} is not a square of this board")
        );
    }
    let round = Position::new(Variant::Byzantine);
    assert_eq!(
        round.parse_move("h2i2"),
        Err(MoveError::Illegal(Illegal::NotOnBoard(sq("i2"))))
    );
}

/// Every reason a move is refused, in words a beginner understands.
#[test]
fn illegal_moves_are_explained_in_plain_words() {
    let start = Position::new(Variant::Shatranj);
    let cases: Vec<(Position, &str, &str)> = vec![
        (start, "e4e5", "there is no piece on e4"),
        (start, "e7e6", "the black pawn on e7 is not yours"),
        (start, "e2e2", "the piece is already on e2"),
        (start, "a1b1", "your own knight stands on b1"),
        (start, "c1c3", "the alfil jumps exactly two squares diagonally"),
        (start, "g1g3", "the knight jumps two squares one way and one to the side"),
        (start, "d1d3", "the king steps one square in any direction"),
        (start, "e1e3", "the ferz steps one square diagonally"),
        (start, "a1a4", "the rook cannot jump over pieces, and a2 is in the way"),
        (start, "a1c3", "the rook moves straight along a rank or a file"),
        (start, "e2d3", "a pawn moves diagonally only to capture, and d3 is empty"),
        (
            start,
            "e2e4",
            "in Shatranj a pawn steps one square at a time, also from its starting square",
        ),
        (
            board(Variant::Shatranj, "Pe3 Kh1 kh8 ne4").pos(),
            "e3e4",
            "the pawn is blocked: e4 is taken, and a pawn never captures straight ahead",
        ),
        (
            board(Variant::Shatranj, "Ke1 Ne2 kh8 re8").pos(),
            "e2c3",
            "that leaves your king in check",
        ),
        (
            board(Variant::Shatranj, "Ke1 Nb1 kh8 re8").pos(),
            "b1c3",
            "your king is in check, and that move does not answer it",
        ),
        (
            board(Variant::Shatranj, "Ke1 Nb1 kh8 rd8").pos(),
            "e1d2",
            "your king would be in check on d2",
        ),
        (
            Position::new(Variant::Courier),
            "d1b3",
            "the courier cannot jump over pieces, and c2 is in the way",
        ),
        (
            Position::new(Variant::Courier),
            "d1d3",
            "the courier moves any distance diagonally",
        ),
        (
            Position::new(Variant::Courier),
            "e1e3",
            "the man steps one square in any direction",
        ),
        (
            Position::new(Variant::Courier),
            "h1h3",
            "the schleich steps one square straight",
        ),
        (
            Position::new(Variant::Courier),
            "d1d2",
            "your own pawn stands on d2",
        ),
        (
            board(Variant::Byzantine, "Ra1 Kc5 kf4 nh8").pos(),
            "a1b2",
            "the rook moves along its ring or straight across the rings",
        ),
        (
            board(Variant::Byzantine, "Pc4 Kh4 ke4 nh8").pos(),
            "c4c3",
            "a pawn steps one cell along its ring, the way it walks, and captures one cell diagonally forward",
        ),
        (
            Position::new(Variant::Medieval),
            "d1d4",
            "the ferz steps one square diagonally",
        ),
        (
            play(&Position::new(Variant::Medieval), &["e3", "e6", "Fe2", "Fe7", "Fd1", "Fd8"]),
            "d1d3",
            "the ferz may leap only on its first move",
        ),
        (
            play(&Position::new(Variant::Medieval), &["e3", "e6", "Ke2", "Ke7", "Ke1", "Ke8"]),
            "e1c3",
            "the king may leap only once, as its first move of the game",
        ),
        (
            board(Variant::Medieval, "Ke1 Pa2 ka8 re8").leap_rights("e1").pos(),
            "e1c3",
            "the king may not leap while in check",
        ),
        (
            board(Variant::Medieval, "Ke1 Pa2 ka8 rd8").leap_rights("e1").pos(),
            "e1c1",
            "the king may not leap across d1, which your opponent attacks",
        ),
        (
            board(Variant::Medieval, "Ke1 Pa2 ka8 ne3").leap_rights("e1").pos(),
            "e1e3",
            "a leap never captures",
        ),
        (
            play(&Position::new(Variant::Medieval), &["e4", "d5", "exd5"]),
            "e7e5",
            "pawns may step two squares only until the first capture of the game",
        ),
        (
            play(&Position::new(Variant::Medieval), &["e3", "a6"]),
            "e3e5",
            "only a pawn on its starting square may step two squares",
        ),
        (
            board(Variant::Shatranj, "Ke1 Ra1 kb6").pos(),
            "a1b2",
            "the game is over",
        ),
    ];
    for (pos, uci, text) in cases {
        assert_eq!(why(&pos, uci), text, "{uci} in {pos:?}");
        // The same reason reaches a player who types the move.
        assert_eq!(
            pos.parse_move(uci).unwrap_err().to_string(),
            format!("illegal move: {text}"),
            "{uci}"
        );
    }
}

/// Algebraic input that fits no piece is explained too: by the one piece
/// of that kind if there is one, or in general.
#[test]
fn algebraic_input_that_fits_no_move_is_explained() {
    let pos = Position::new(Variant::Shatranj);
    assert_eq!(
        pos.parse_move("Nf5").unwrap_err().to_string(),
        "none of your pieces of that kind (knight) can move to f5"
    );
    assert_eq!(
        pos.parse_move("Fe3").unwrap_err().to_string(),
        "illegal move: the ferz steps one square diagonally"
    );
    assert_eq!(
        pos.parse_move("Kd3").unwrap_err().to_string(),
        "illegal move: the king steps one square in any direction"
    );
    // A pawn named by its target alone is explained by the pawn on that
    // file: the classic "e4" of a chess player new to Shatranj.
    assert_eq!(
        pos.parse_move("e4").unwrap_err().to_string(),
        "illegal move: in Shatranj a pawn steps one square at a time, also from its starting square"
    );
    assert_eq!(
        pos.parse_move("e5").unwrap_err().to_string(),
        "illegal move: a pawn steps one square forward and captures one square diagonally forward"
    );
    assert_eq!(
        pos.parse_move("exd3").unwrap_err().to_string(),
        "illegal move: a pawn moves diagonally only to capture, and d3 is empty"
    );
    // E is Fairy-Stockfish's alfil only in Courier chess: in Shatranj an
    // "e" is a file, never the alfil (which could go to d3 here).
    assert!(is_legal(&pos, "f1d3"));
    assert_eq!(
        pos.parse_move("Ed3"),
        Err(MoveError::Unreadable("Ed3".into()))
    );
    // A file or rank given picks the piece.
    assert_eq!(
        pos.parse_move("Nge2").unwrap_err().to_string(),
        "illegal move: your own pawn stands on e2"
    );
    let medieval = play(&Position::new(Variant::Medieval), &["e4", "d5", "exd5"]);
    assert_eq!(
        medieval.parse_move("c5").unwrap_err().to_string(),
        "illegal move: pawns may step two squares only until the first capture of the game"
    );
    assert_eq!(
        pos.parse_move("Cc4").unwrap_err(),
        MoveError::Unreadable("Cc4".into()),
        "Shatranj has no courier"
    );
}

/// "Games export as PGN with a `Variant` tag."
#[test]
fn games_export_as_pgn_with_a_variant_tag() {
    for (v, tag, moves) in [
        (Variant::Shatranj, "Shatranj", ["Nf3", "Nf6"]),
        (Variant::Medieval, "Medieval", ["Kc3", "e5"]),
        (Variant::Courier, "Courier", ["Nj3", "Nj6"]),
        (Variant::Byzantine, "Byzantine", ["Nf3", "Nf6"]),
    ] {
        let game = Game::replay(Position::new(v), &moves).unwrap();
        let pgn = game.pgn(&PgnTags::default());
        assert!(pgn.contains(&format!("[Variant \"{tag}\"]")), "{pgn}");
        assert!(
            pgn.contains(&format!("1. {} {} *", moves[0], moves[1])),
            "{pgn}"
        );
        assert!(!pgn.contains("[FEN"), "{pgn}");
    }
    // A game from a set-up position carries its FEN; a finished one its result.
    let pos = board(Variant::Shatranj, "Kb6 Rh1 ka8 pc5").pos();
    let game = game(&pos, &["Rh8"]);
    let pgn = game.pgn(&PgnTags {
        white: Some("Ann".into()),
        ..PgnTags::default()
    });
    assert!(pgn.contains("[SetUp \"1\"]"), "{pgn}");
    assert!(pgn.contains(&format!("[FEN \"{}\"]", pos.fen())), "{pgn}");
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    assert!(pgn.contains("[White \"Ann\"]"), "{pgn}");
    assert!(pgn.contains("1. Rh8# 1-0"), "{pgn}");
    // Black to move first: the move number carries "...".
    let pos = board(Variant::Shatranj, "Kb6 Rh1 ka8 pc5")
        .black_to_move()
        .pos();
    let black_first = common::game(&pos, &["c4", "Rh8"]);
    let pgn = black_first.pgn(&PgnTags::default());
    assert!(pgn.contains("1... c4 2. Rh8# 1-0"), "{pgn}");
}

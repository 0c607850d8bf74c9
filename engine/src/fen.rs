//! FEN: Fairy-Stockfish's for Shatranj and Courier; for Medieval and
//! Byzantine chess the same scheme with the extra state they need.
//!
//! - Shatranj, Courier: `board turn - - halfmoves fullmoves`.
//! - Medieval: the third field holds the rights: `P` while pawns may still
//!   step two squares (no capture yet), then the squares of the kings and
//!   ferzes that may still leap, e.g. `Pd1e1d8e8`; `-` for none.
//! - Byzantine: a seventh field gives each pawn's direction: the squares of
//!   the clockwise pawns, a slash, the anticlockwise ones:
//!   `a2b2c2d2e7f7g7h7/e2f2g2h2a7b7c7d7`.
//!
//! Letters follow Fairy-Stockfish: in Shatranj, Medieval and Byzantine
//! `b` is the alfil and `q` the ferz; in Courier `e` is the alfil, `f` the
//! fers, `b` the courier, `m` the man and `w` the schleich. Reading also
//! takes our own letters (`a`, `f`, `c`, `s`) where they do not clash.

use crate::bitboard::Bitboard;
use crate::position::{Position, SetupError};
use crate::setup::{default_pawn_dirs, Setup};
use crate::types::{Color, PawnDir, Piece, Role, Square};
use crate::variant::{HouseRules, Variant};
use crate::BoardKind;

/// The longest FEN we read; anything longer is not a position.
pub const MAX_FEN_LEN: usize = 200;

/// What is wrong with a FEN.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error("the FEN is empty")]
    Empty,
    #[error("the FEN is too long (at most {MAX_FEN_LEN} characters)")]
    TooLong,
    #[error("the board part of the FEN: {0}")]
    Board(String),
    #[error("the side to move must be 'w' or 'b', not '{0}'")]
    Turn(String),
    #[error("the rights field '{0}' is not valid here")]
    Rights(String),
    #[error("the {0} must be a whole number, not '{1}'")]
    Number(&'static str, String),
    #[error("the pawn directions '{0}' are not valid: {1}")]
    PawnDirs(String, String),
    #[error("too many fields in the FEN")]
    TooManyFields,
    #[error("impossible position: {0}")]
    Setup(#[from] SetupError),
}

/// The FEN letter of a piece in a variant (uppercase for White).
pub fn piece_char(variant: Variant, piece: Piece) -> char {
    let c = match (variant, piece.role) {
        (_, Role::King) => 'k',
        (_, Role::Knight) => 'n',
        (_, Role::Rook) => 'r',
        (_, Role::Pawn) => 'p',
        (Variant::Courier, Role::Ferz) => 'f',
        (Variant::Courier, Role::Alfil) => 'e',
        (_, Role::Ferz) => 'q',
        (_, Role::Alfil) => 'b',
        (_, Role::Courier) => 'b',
        (_, Role::Man) => 'm',
        (_, Role::Schleich) => 'w',
    };
    match piece.color {
        Color::White => c.to_ascii_uppercase(),
        Color::Black => c,
    }
}

/// The piece for a FEN letter in a variant.
pub fn piece_from_char(variant: Variant, c: char) -> Option<Piece> {
    let color = Color::from_white(c.is_ascii_uppercase());
    let role = match (variant, c.to_ascii_lowercase()) {
        (_, 'k') => Role::King,
        (_, 'n') => Role::Knight,
        (_, 'r') => Role::Rook,
        (_, 'p') => Role::Pawn,
        (_, 'a') => Role::Alfil,
        (Variant::Courier, 'f' | 'q') => Role::Ferz,
        (Variant::Courier, 'e') => Role::Alfil,
        (Variant::Courier, 'b' | 'c') => Role::Courier,
        (Variant::Courier, 'm') => Role::Man,
        (Variant::Courier, 'w' | 's') => Role::Schleich,
        (_, 'q' | 'f') => Role::Ferz,
        (_, 'b') => Role::Alfil,
        _ => return None,
    };
    Some(Piece::new(color, role))
}

impl Position {
    /// Reads a FEN; fields after the board may be left out.
    ///
    /// ```
    /// use engine::{Position, Variant};
    /// let fen = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1";
    /// let pos = Position::from_fen(Variant::Shatranj, fen).unwrap();
    /// assert_eq!(pos.fen(), fen);
    /// assert!(Position::from_fen(Variant::Shatranj, "rnbkqbnr/ppp w").is_err());
    /// ```
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Position, FenError> {
        Position::from_fen_with_rules(variant, fen, variant.default_rules())
    }

    pub fn from_fen_with_rules(
        variant: Variant,
        fen: &str,
        rules: HouseRules,
    ) -> Result<Position, FenError> {
        Ok(Position::from_setup(parse(variant, fen)?, rules)?)
    }

    /// The position as FEN.
    pub fn fen(&self) -> String {
        write(&self.to_setup())
    }
}

/// Reads a FEN into an unchecked setup.
pub fn parse(variant: Variant, fen: &str) -> Result<Setup, FenError> {
    let fen = fen.trim();
    if fen.is_empty() {
        return Err(FenError::Empty);
    }
    if fen.len() > MAX_FEN_LEN {
        return Err(FenError::TooLong);
    }
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let max_fields = if variant == Variant::Byzantine { 7 } else { 6 };
    if fields.len() > max_fields {
        return Err(FenError::TooManyFields);
    }
    let mut setup = Setup::empty(variant);
    parse_board(variant, fields[0], &mut setup)?;
    setup.turn = match fields.get(1).copied() {
        None | Some("w") | Some("W") => Color::White,
        Some("b") | Some("B") => Color::Black,
        Some(other) => return Err(FenError::Turn(other.to_string())),
    };
    match fields.get(2).copied() {
        Some(rights) if variant.has_leaps() => parse_rights(rights, &mut setup)?,
        None if variant.has_leaps() => default_rights(&mut setup),
        None | Some("-") => {}
        Some(other) => return Err(FenError::Rights(other.to_string())),
    }
    if let Some(ep) = fields.get(3) {
        if *ep != "-" {
            return Err(FenError::Rights(ep.to_string()));
        }
    }
    setup.halfmoves = number(fields.get(4), "halfmove clock", 0)?;
    setup.fullmoves = number(fields.get(5), "move number", 1)?.max(1);
    if variant.board() == BoardKind::Round {
        setup.pawn_dirs = match fields.get(6) {
            Some(dirs) => parse_pawn_dirs(dirs, &setup)?,
            None => default_pawn_dirs(&setup.board),
        };
    }
    Ok(setup)
}

fn number(field: Option<&&str>, name: &'static str, default: u32) -> Result<u32, FenError> {
    match field {
        None => Ok(default),
        Some(text) => text
            .parse::<u32>()
            .ok()
            .filter(|n| *n < 100_000)
            .ok_or_else(|| FenError::Number(name, text.to_string())),
    }
}

fn parse_board(variant: Variant, board: &str, setup: &mut Setup) -> Result<(), FenError> {
    let kind = variant.board();
    let (files, ranks) = (kind.files() as usize, kind.ranks() as usize);
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != ranks {
        return Err(FenError::Board(format!(
            "expected {ranks} ranks separated by '/', found {}",
            rows.len()
        )));
    }
    for (row_index, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - row_index;
        let mut file = 0usize;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 {
                    return Err(FenError::Board(format!(
                        "rank {} has a count of 0 empty squares: counts run from 1",
                        rank + 1
                    )));
                }
                let mut run = d as usize;
                while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                    // Saturating: a run of digits longer than any board
                    // must be refused below, not overflow.
                    run = run.saturating_mul(10).saturating_add(d2 as usize);
                    chars.next();
                }
                file = file.saturating_add(run);
            } else if c == '~' {
                // Fairy-Stockfish marks promoted pieces; the rules do not care.
            } else {
                let piece = piece_from_char(variant, c).ok_or_else(|| {
                    FenError::Board(format!(
                        "'{c}' is not a piece letter in {}",
                        variant.title()
                    ))
                })?;
                if file < files {
                    let sq = Square::new(file as u8, rank as u8).expect("in range");
                    setup.board[sq.index()] = Some(piece);
                }
                file += 1;
            }
            if file > files {
                break;
            }
        }
        if file != files {
            return Err(FenError::Board(format!(
                "rank {} has {file} squares, the board has {files} files",
                rank + 1
            )));
        }
    }
    Ok(())
}

fn parse_rights(rights: &str, setup: &mut Setup) -> Result<(), FenError> {
    let bad = || FenError::Rights(rights.to_string());
    setup.captured = true;
    setup.leap_rights = Bitboard::EMPTY;
    if rights == "-" {
        return Ok(());
    }
    let mut rest = rights;
    if let Some(r) = rest.strip_prefix('P') {
        setup.captured = false;
        rest = r;
    }
    while !rest.is_empty() {
        let name = rest.get(..2).ok_or_else(bad)?;
        let sq = Square::parse(name).ok_or_else(bad)?;
        setup.leap_rights = setup.leap_rights.with(sq);
        rest = &rest[2..];
    }
    Ok(())
}

/// Rights when a Medieval FEN leaves them out: kings and ferzes on their
/// start squares may leap, and pawns may double step while all 32 pieces
/// are on the board.
fn default_rights(setup: &mut Setup) {
    for (name, role, color) in [
        ("d1", Role::Ferz, Color::White),
        ("e1", Role::King, Color::White),
        ("d8", Role::Ferz, Color::Black),
        ("e8", Role::King, Color::Black),
    ] {
        let sq = Square::parse(name).expect("valid name");
        if setup.board[sq.index()] == Some(Piece::new(color, role)) {
            setup.leap_rights = setup.leap_rights.with(sq);
        }
    }
    setup.captured = setup.occupied().count() < 32;
}

fn parse_pawn_dirs(field: &str, setup: &Setup) -> Result<[Option<PawnDir>; 96], FenError> {
    let bad = |why: &str| FenError::PawnDirs(field.to_string(), why.to_string());
    let (cw, acw) = field
        .split_once('/')
        .ok_or_else(|| bad("expected clockwise squares, '/', anticlockwise squares"))?;
    let mut dirs = [None; 96];
    for (list, dir) in [(cw, PawnDir::Clockwise), (acw, PawnDir::Anticlockwise)] {
        if list == "-" {
            continue;
        }
        if list.len() % 2 != 0 {
            return Err(bad("squares are two characters each"));
        }
        for i in (0..list.len()).step_by(2) {
            let name = list.get(i..i + 2).ok_or_else(|| bad("not a square name"))?;
            let sq = Square::parse(name).ok_or_else(|| bad("not a square name"))?;
            match setup.board[sq.index()] {
                Some(p) if p.role == Role::Pawn => {}
                _ => return Err(bad(&format!("there is no pawn on {sq}"))),
            }
            if dirs[sq.index()].replace(dir).is_some() {
                return Err(bad(&format!("{sq} is listed twice")));
            }
        }
    }
    Ok(dirs)
}

/// Writes a setup as FEN.
pub fn write(setup: &Setup) -> String {
    let variant = setup.variant;
    let kind = variant.board();
    let mut out = String::with_capacity(80);
    for rank in (0..kind.ranks()).rev() {
        let mut empty = 0;
        for file in 0..kind.files() {
            let sq = Square::new(file, rank).expect("on board");
            match setup.board[sq.index()] {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(piece_char(variant, piece));
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(if setup.turn == Color::White { 'w' } else { 'b' });
    out.push(' ');
    if variant.has_leaps() {
        let mut rights = String::new();
        if !setup.captured {
            rights.push('P');
        }
        for sq in setup.leap_rights {
            rights.push_str(&sq.to_string());
        }
        out.push_str(if rights.is_empty() { "-" } else { &rights });
    } else {
        out.push('-');
    }
    out.push_str(&format!(" - {} {}", setup.halfmoves, setup.fullmoves));
    if kind == BoardKind::Round {
        let list = |dir: PawnDir| -> String {
            let s: String = setup
                .occupied()
                .filter(|sq| setup.pawn_dirs[sq.index()] == Some(dir))
                .map(|sq| sq.to_string())
                .collect();
            if s.is_empty() {
                "-".into()
            } else {
                s
            }
        };
        out.push_str(&format!(
            " {}/{}",
            list(PawnDir::Clockwise),
            list(PawnDir::Anticlockwise)
        ));
    }
    out
}

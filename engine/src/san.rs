//! Algebraic notation with the letters K F A N R C M S, written and read,
//! and lenient reading of whatever a chat user types for a move.

use crate::explain::Illegal;
use crate::position::Position;
use crate::types::{Move, Role, Square};
use crate::variant::Variant;
use std::fmt;

/// The longest move text we read.
pub const MAX_MOVE_LEN: usize = 24;

/// Why a text is not a legal move here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    Empty,
    TooLong,
    /// Not shaped like a move at all.
    Unreadable(String),
    /// No piece of that kind could go there.
    NoSuchPiece(Role, Square),
    /// Several legal moves fit; their algebraic names.
    Ambiguous(Vec<String>),
    Illegal(Illegal),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Empty => f.write_str("no move given"),
            MoveError::TooLong => write!(f, "that is too long for a move (at most {MAX_MOVE_LEN} characters)"),
            MoveError::Unreadable(text) => write!(
                f,
                "I can't read '{text}' as a move: try a from-to move like e2e3, or algebraic like Ne2"
            ),
            MoveError::NoSuchPiece(role, to) => {
                write!(f, "none of your pieces of that kind ({role}) can move to {to}")
            }
            MoveError::Ambiguous(options) => {
                write!(f, "that could mean {}: say which", options.join(" or "))
            }
            MoveError::Illegal(why) => write!(f, "illegal move: {why}"),
        }
    }
}

impl std::error::Error for MoveError {}

impl Position {
    /// The move in algebraic notation, with `+` for check and `#` for mate.
    ///
    /// ```
    /// use engine::{Position, Variant};
    /// let pos = Position::new(Variant::Shatranj);
    /// let m = pos.parse_move("g1f3").unwrap();
    /// assert_eq!(pos.san(&m), "Nf3");
    /// ```
    pub fn san(&self, m: &Move) -> String {
        let mut out = self.san_without_suffix(m);
        let after = self.play(m);
        if after.is_check() {
            out.push(if after.legal_moves().is_empty() {
                '#'
            } else {
                '+'
            });
        }
        out
    }

    fn san_without_suffix(&self, m: &Move) -> String {
        let rivals: Vec<Move> = self
            .legal_moves()
            .into_iter()
            .filter(|o| o.role == m.role && o.to == m.to && o.from != m.from)
            .collect();
        let same_file = rivals.iter().any(|o| o.from.file() == m.from.file());
        let same_rank = rivals.iter().any(|o| o.from.rank() == m.from.rank());
        let mut out = String::new();
        if m.role == Role::Pawn {
            if m.is_capture() {
                out.push(m.from.file_char());
                if same_file {
                    out.push(m.from.rank_char());
                }
                out.push('x');
            } else if !rivals.is_empty() {
                out.push_str(&m.from.to_string());
            }
        } else {
            out.push(m.role.letter());
            if !rivals.is_empty() {
                if !same_file {
                    out.push(m.from.file_char());
                } else if !same_rank {
                    out.push(m.from.rank_char());
                } else {
                    out.push_str(&m.from.to_string());
                }
            }
            if m.is_capture() {
                out.push('x');
            }
        }
        out.push_str(&m.to.to_string());
        if m.promotion {
            out.push_str("=F");
        }
        out
    }

    /// Reads a move as a chat user types it: `e2e3`, `e2-e3`, `e2 e3`,
    /// `Nf3`, `nf3`, `Fxd5`, `Kc3` (a king leap), chess glyphs or
    /// Fairy-Stockfish's letters; a promotion needs no suffix.
    ///
    /// ```
    /// use engine::{Position, Variant};
    /// let pos = Position::new(Variant::Medieval);
    /// assert_eq!(pos.parse_move("Kc3").unwrap().uci(), "e1c3");
    /// let err = pos.parse_move("c1e4").unwrap_err();
    /// assert_eq!(err.to_string(), "illegal move: the alfil jumps exactly two squares diagonally");
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let raw = text.trim();
        if raw.is_empty() {
            return Err(MoveError::Empty);
        }
        if raw.chars().count() > MAX_MOVE_LEN {
            return Err(MoveError::TooLong);
        }
        let unreadable = || MoveError::Unreadable(raw.to_string());
        let cleaned = normalize(raw, self.variant).ok_or_else(unreadable)?;
        if let Some((from, to)) = coordinate(&cleaned) {
            // `F5d4` (the ferz on rank 5 to d4, as SAN writes it) also looks
            // like f5-d4: a capital piece letter reads as that piece when
            // it names a legal move.
            let capital = cleaned
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_uppercase() && role_letter(c, self.variant).is_some());
            if capital {
                if let Some(Ok(m)) = self.parse_algebraic(&cleaned) {
                    return Ok(m);
                }
            }
            return self.find_move(from, to).ok_or_else(|| {
                MoveError::Illegal(self.why_illegal(from, to).unwrap_or(Illegal::GameOver))
            });
        }
        self.parse_algebraic(&cleaned).ok_or_else(unreadable)?
    }

    /// `None` if the text is not algebraic at all.
    fn parse_algebraic(&self, s: &str) -> Option<Result<Move, MoveError>> {
        let chars: Vec<char> = s.chars().collect();
        if chars.len() < 2 {
            return None;
        }
        let to = Square::parse(&s[s.len() - 2..])?;
        let prefix = &chars[..chars.len() - 2];
        if !self.geo.cells.contains(to) {
            return Some(Err(MoveError::Illegal(Illegal::NotOnBoard(to))));
        }
        // Read the prefix with and without a piece letter: lowercase `b`
        // may be a file or (in Shatranj's FEN letters) the alfil. Algebraic
        // notation spells a pawn's file in lowercase and a piece in
        // uppercase, so a lowercase letter is read as a file first: `fxe5`
        // is the f-pawn's capture even when a ferz could also take on e5.
        let mut readings: Vec<(Role, Hint)> = Vec::new();
        if prefix
            .first()
            .is_none_or(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        {
            if let Some(hint) = disambiguation(prefix) {
                readings.push((Role::Pawn, hint));
            }
        }
        if let Some((&first, rest)) = prefix.split_first() {
            if let Some(role) = role_letter(first, self.variant) {
                if let Some(hint) = disambiguation(rest) {
                    readings.push((role, hint));
                }
            }
        }
        let (first_role, first_hint) = *readings.first()?;
        let legal = self.legal_moves();
        let mut found: Vec<Move> = Vec::new();
        for (role, (file, rank)) in &readings {
            if *role != Role::Pawn && found.iter().any(|m| m.role == Role::Pawn) {
                break;
            }
            for m in legal.iter().filter(|m| m.role == *role && m.to == to) {
                let fits = file.is_none_or(|f| m.from.file() == f)
                    && rank.is_none_or(|r| m.from.rank() == r);
                if fits && !found.contains(m) {
                    found.push(*m);
                }
            }
        }
        Some(match found.as_slice() {
            [one] => Ok(*one),
            [] => Err(self.no_move_to(first_role, first_hint, to)),
            many => Err(MoveError::Ambiguous(
                many.iter().map(|m| self.san(m)).collect(),
            )),
        })
    }

    /// Explains why no piece of `role` can go to `to`, naming the reason
    /// when only one such piece fits the text: the only one on the board,
    /// the only one on the file or rank given, or, for a pawn named by its
    /// target alone (`e4`), the only pawn on that file.
    fn no_move_to(&self, role: Role, hint: Hint, to: Square) -> MoveError {
        let (file, rank) = match hint {
            (None, None) if role == Role::Pawn => (Some(to.file()), None),
            other => other,
        };
        let mut candidates = self.pieces_of(self.turn, role).filter(|sq| {
            file.is_none_or(|f| sq.file() == f) && rank.is_none_or(|r| sq.rank() == r)
        });
        match (candidates.next(), candidates.next()) {
            (Some(from), None) => match self.why_illegal(from, to) {
                Some(why) => MoveError::Illegal(why),
                None => MoveError::NoSuchPiece(role, to),
            },
            _ => MoveError::NoSuchPiece(role, to),
        }
    }
}

/// Lowercases nothing but strips decoration: spaces, `-`, `x`, `:`, check
/// and annotation marks, a promotion suffix; maps chess glyphs to letters.
fn normalize(raw: &str, variant: Variant) -> Option<String> {
    let mut out = String::new();
    for c in raw.chars() {
        let mapped = match c {
            '♔' | '♚' => 'K',
            '♕' | '♛' => 'F',
            '♗' | '♝' if variant == Variant::Courier => 'C',
            '♗' | '♝' => 'A',
            '♘' | '♞' => 'N',
            '♖' | '♜' => 'R',
            '♙' | '♟' => 'P',
            ' ' | '-' | '–' | '—' | 'x' | 'X' | '×' | ':' | '+' | '#' | '!' | '?' => continue,
            c if c.is_ascii_alphanumeric() || c == '=' => c,
            _ => return None,
        };
        out.push(mapped);
    }
    // A promotion suffix: `=F`, `=Q`, or a letter right after the rank.
    if let Some(eq) = out.find('=') {
        out.truncate(eq);
    }
    let bytes = out.as_bytes();
    if bytes.len() >= 3
        && bytes[bytes.len() - 1].is_ascii_alphabetic()
        && bytes[bytes.len() - 2].is_ascii_digit()
    {
        out.pop();
    }
    Some(out)
}

/// `e2e3` (any case) as two squares.
fn coordinate(s: &str) -> Option<(Square, Square)> {
    if s.len() != 4 || !s.is_ascii() {
        return None;
    }
    Some((Square::parse(&s[..2])?, Square::parse(&s[2..])?))
}

/// A piece letter: ours (K F A N R C M S P) or Fairy-Stockfish's for the
/// variant (Q for the ferz; B for the alfil, or the courier in Courier
/// chess; E for the alfil and W for the schleich in Courier chess).
fn role_letter(c: char, variant: Variant) -> Option<Role> {
    let upper = c.to_ascii_uppercase();
    match (upper, variant) {
        ('B', Variant::Courier) => Some(Role::Courier),
        ('B', _) => Some(Role::Alfil),
        ('Q', _) => Some(Role::Ferz),
        ('E', Variant::Courier) => Some(Role::Alfil),
        ('W', _) => Some(Role::Schleich),
        _ => Role::from_letter(upper),
    }
    .filter(|role| variant.roles().contains(role))
}

/// A disambiguation hint: the file and the rank a piece moves from, if given.
type Hint = (Option<u8>, Option<u8>);

/// A disambiguation hint: nothing, a file, a rank or both.
fn disambiguation(hint: &[char]) -> Option<Hint> {
    let file = |c: &char| {
        let l = c.to_ascii_lowercase();
        ('a'..='l').contains(&l).then(|| l as u8 - b'a')
    };
    let rank = |c: &char| ('1'..='8').contains(c).then(|| *c as u8 - b'1');
    match hint {
        [] => Some((None, None)),
        [c] => file(c)
            .map(|f| (Some(f), None))
            .or_else(|| rank(c).map(|r| (None, Some(r)))),
        [f, r] => Some((Some(file(f)?), Some(rank(r)?))),
        _ => None,
    }
}

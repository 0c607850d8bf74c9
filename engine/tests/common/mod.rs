//! Helpers shared by the rules tests: building small positions by hand and
//! looking at their moves as plain strings.
#![allow(dead_code)]

use engine::{
    default_pawn_dirs, BoardKind, Color, EndReason, Game, HouseRules, Move, Outcome, PawnDir,
    Piece, Position, Role, Setup, SetupError, Square, StalemateRule, Variant,
};

/// A square by name; panics on a bad name (tests only).
pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("bad square name {name}"))
}

/// The round board's cell at ring `ring` (0 inner .. 3 outer), position `p`
/// along the ring (0..15, wrapping).
pub fn cell(ring: i32, p: i32) -> Square {
    BoardKind::Round
        .at(ring, p)
        .unwrap_or_else(|| panic!("no cell ({ring}, {p})"))
}

/// `(ring, position)` of a round-board cell.
pub fn ring_pos(square: Square) -> (i32, i32) {
    BoardKind::Round.coords(square)
}

/// A position from FEN, panicking with the error if it does not read.
pub fn fen(variant: Variant, text: &str) -> Position {
    Position::from_fen(variant, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A list of names, sorted, as owned strings.
pub fn names(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// All legal moves as sorted coordinate strings.
pub fn legal(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|m| m.uci()).collect();
    v.sort();
    v
}

/// The squares the piece on `from` may legally move to, sorted.
pub fn targets(pos: &Position, from: &str) -> Vec<String> {
    let from = sq(from);
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.from == from)
        .map(|m| m.to.to_string())
        .collect();
    v.sort();
    v
}

/// The legal move from-to, panicking if there is none.
pub fn mv(pos: &Position, uci: &str) -> Move {
    pos.find_move(sq(&uci[..2]), sq(&uci[2..]))
        .unwrap_or_else(|| panic!("{uci} is not legal in {pos:?}: {:?}", legal(pos)))
}

/// Whether the move from-to is legal.
pub fn is_legal(pos: &Position, uci: &str) -> bool {
    pos.find_move(sq(&uci[..2]), sq(&uci[2..])).is_some()
}

/// Why from-to is illegal, as the player reads it.
pub fn why(pos: &Position, uci: &str) -> String {
    pos.why_illegal(sq(&uci[..2]), sq(&uci[2..]))
        .unwrap_or_else(|| panic!("{uci} is legal in {pos:?}"))
        .to_string()
}

/// Plays moves given as text (any notation the parser reads).
pub fn play(pos: &Position, moves: &[&str]) -> Position {
    let mut p = *pos;
    for text in moves {
        let m = p
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text} in {p:?}: {e}"));
        p = p.play(&m);
    }
    p
}

/// A game from a position with moves played; panics on an illegal move.
pub fn game(pos: &Position, moves: &[&str]) -> Game {
    Game::replay(*pos, moves).unwrap_or_else(|e| panic!("{moves:?}: {e}"))
}

pub fn white_wins(reason: EndReason) -> Option<Outcome> {
    Some(Outcome::Win {
        winner: Color::White,
        reason,
    })
}

pub fn black_wins(reason: EndReason) -> Option<Outcome> {
    Some(Outcome::Win {
        winner: Color::Black,
        reason,
    })
}

pub fn draw(reason: EndReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

pub fn rules(stalemate: StalemateRule, counter: bool, move_rule: u32) -> HouseRules {
    HouseRules {
        stalemate,
        counter,
        move_rule,
    }
}

/// A position built by hand: `board(v, "Ke1 Ra1 ke8 pa7")` puts the pieces
/// (uppercase White, lowercase Black; letters K F A N R P C M S) and the
/// other methods set the rest. White to move, no Medieval rights (as after
/// a capture), round-board pawns walking their start directions.
pub struct Board {
    pub setup: Setup,
    pub rules: HouseRules,
}

pub fn board(variant: Variant, pieces: &str) -> Board {
    let mut setup = Setup::empty(variant);
    for word in pieces.split_whitespace() {
        let mut chars = word.chars();
        let letter = chars.next().expect("piece letter");
        let role = Role::from_letter(letter).unwrap_or_else(|| panic!("bad piece in {word}"));
        let color = Color::from_white(letter.is_ascii_uppercase());
        let square = sq(chars.as_str());
        setup.board[square.index()] = Some(Piece::new(color, role));
    }
    if variant.board() == BoardKind::Round {
        setup.pawn_dirs = default_pawn_dirs(&setup.board);
    }
    setup.captured = true;
    Board {
        setup,
        rules: variant.default_rules(),
    }
}

impl Board {
    pub fn black_to_move(mut self) -> Board {
        self.setup.turn = Color::Black;
        self
    }

    /// Medieval: the kings and ferzes on these squares may still leap.
    pub fn leap_rights(mut self, squares: &str) -> Board {
        for name in squares.split_whitespace() {
            self.setup.leap_rights = self.setup.leap_rights.with(sq(name));
        }
        self
    }

    /// Medieval: no capture has been made yet (pawns may double step).
    pub fn no_capture_yet(mut self) -> Board {
        self.setup.captured = false;
        self
    }

    /// Round board: the pawns on these squares walk clockwise (towards
    /// higher ring positions: up the left half, down the right half).
    pub fn clockwise(mut self, squares: &str) -> Board {
        for name in squares.split_whitespace() {
            self.setup.pawn_dirs[sq(name).index()] = Some(PawnDir::Clockwise);
        }
        self
    }

    /// Round board: the pawns on these squares walk anticlockwise.
    pub fn anticlockwise(mut self, squares: &str) -> Board {
        for name in squares.split_whitespace() {
            self.setup.pawn_dirs[sq(name).index()] = Some(PawnDir::Anticlockwise);
        }
        self
    }

    pub fn halfmoves(mut self, n: u32) -> Board {
        self.setup.halfmoves = n;
        self
    }

    pub fn rules(mut self, rules: HouseRules) -> Board {
        self.rules = rules;
        self
    }

    pub fn pos(self) -> Position {
        Position::from_setup(self.setup.clone(), self.rules).unwrap_or_else(|e| {
            panic!("bad test position {}: {e}", engine::fen::write(&self.setup))
        })
    }

    pub fn err(self) -> SetupError {
        Position::from_setup(self.setup, self.rules).expect_err("setup should be refused")
    }
}

/// The three square-board variants, which share the common rules as they
/// stand.
pub const SQUARE_VARIANTS: [Variant; 3] = [Variant::Shatranj, Variant::Medieval, Variant::Courier];

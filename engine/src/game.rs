//! A game: a start position, the moves played, and how it ended. The
//! history is what the repetition rule needs.

use crate::outcome::{EndReason, Outcome};
use crate::position::Position;
use crate::san::MoveError;
use crate::types::{Color, Move};
use crate::variant::Variant;

/// A game in progress or finished.
///
/// ```
/// use engine::{Game, Variant};
/// let mut game = Game::new(Variant::Shatranj);
/// game.play_text("e2e3").unwrap();
/// assert_eq!(game.moves().len(), 1);
/// assert!(game.outcome().is_none());
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    /// Hashes of every position so far, the start included.
    hashes: Vec<u64>,
    outcome: Option<Outcome>,
}

impl Game {
    pub fn new(variant: Variant) -> Game {
        Game::from_position(Position::new(variant))
    }

    pub fn from_position(start: Position) -> Game {
        let mut game = Game {
            start,
            position: start,
            moves: Vec::new(),
            hashes: vec![start.hash()],
            outcome: None,
        };
        game.outcome = game.judge();
        game
    }

    /// Replays coordinate or algebraic moves from a start position.
    pub fn replay<S: AsRef<str>>(start: Position, moves: &[S]) -> Result<Game, MoveError> {
        let mut game = Game::from_position(start);
        for text in moves {
            game.play_text(text.as_ref())?;
        }
        Ok(game)
    }

    pub fn start(&self) -> &Position {
        &self.start
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub fn variant(&self) -> Variant {
        self.start.variant()
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Plays a move given as text; nothing changes if it is not legal.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::Illegal(crate::Illegal::GameOver));
        }
        let m = self.position.parse_move(text)?;
        self.play(m);
        Ok(m)
    }

    /// Plays a legal move of the current position.
    pub fn play(&mut self, m: Move) {
        debug_assert!(self.position.legal_moves().contains(&m));
        self.position = self.position.play(&m);
        self.moves.push(m);
        self.hashes.push(self.position.hash());
        self.outcome = self.judge();
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Move> {
        let last = self.moves.pop()?;
        self.hashes.pop();
        let mut position = self.start;
        for m in &self.moves {
            position = position.play(m);
        }
        self.position = position;
        self.outcome = self.judge();
        Some(last)
    }

    pub fn resign(&mut self, loser: Color) {
        if self.outcome.is_none() {
            self.outcome = Some(Outcome::Win {
                winner: loser.other(),
                reason: EndReason::Resignation,
            });
        }
    }

    pub fn agree_draw(&mut self) {
        if self.outcome.is_none() {
            self.outcome = Some(Outcome::Draw {
                reason: EndReason::Agreement,
            });
        }
    }

    /// How often the current position has stood on the board.
    pub fn repetitions(&self) -> usize {
        let now = self.position.hash();
        self.hashes.iter().filter(|&&h| h == now).count()
    }

    /// RULES.md's order: checkmate, bare king, stalemate, repetition, move rule.
    fn judge(&self) -> Option<Outcome> {
        self.position.outcome_before_repetition().or_else(|| {
            if self.repetitions() >= 3 {
                Some(Outcome::Draw {
                    reason: EndReason::Repetition,
                })
            } else {
                self.position.move_rule_draw()
            }
        })
    }

    /// The moves in algebraic notation.
    pub fn san_moves(&self) -> Vec<String> {
        let mut position = self.start;
        self.moves
            .iter()
            .map(|m| {
                let san = position.san(m);
                position = position.play(m);
                san
            })
            .collect()
    }
}

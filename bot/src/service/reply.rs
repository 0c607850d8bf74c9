//! What the service answers: words, a board to draw, buttons to show.

use super::Place;
use crate::store::GameId;
use engine::{Position, Square};

/// A message for a front end to show.
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    pub place: Place,
    pub text: String,
    pub board: Option<BoardSpec>,
    pub buttons: Vec<Button>,
    /// Only the person who acted sees it (errors, private views).
    pub ephemeral: bool,
    /// The game this reply belongs to; the front end may give it a thread.
    pub game: Option<GameId>,
    /// A game has just started and wants a place of its own (a thread).
    pub opens_game: bool,
    /// A finished game's moves, for an animated picture.
    pub animation: Option<Vec<Position>>,
    /// The daily puzzle post of this day: the front end opens a thread
    /// for answers and reports it with `Service::daily_thread_opened`.
    pub daily_post: Option<i64>,
}

impl Reply {
    pub fn text(place: &Place, text: impl Into<String>) -> Reply {
        Reply {
            place: place.clone(),
            text: text.into(),
            board: None,
            buttons: Vec::new(),
            ephemeral: false,
            game: None,
            opens_game: false,
            animation: None,
            daily_post: None,
        }
    }

    /// A reply only the actor sees.
    pub fn private(place: &Place, text: impl Into<String>) -> Reply {
        Reply {
            ephemeral: true,
            ..Reply::text(place, text)
        }
    }

    pub fn with_board(mut self, board: BoardSpec) -> Reply {
        self.board = Some(board);
        self
    }

    pub fn with_buttons(mut self, buttons: Vec<Button>) -> Reply {
        self.buttons = buttons;
        self
    }

    pub fn for_game(mut self, game: GameId) -> Reply {
        self.game = Some(game);
        self
    }
}

/// What to draw: the position and the marks on it.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardSpec {
    pub position: Position,
    pub flipped: bool,
    pub last_move: Option<(Square, Square)>,
    pub check: Option<Square>,
    /// The piece whose moves the dots show.
    pub selected: Option<Square>,
    pub dots: Vec<Square>,
    pub arrows: Vec<(Square, Square)>,
    pub theme: String,
    pub labels: bool,
    pub caption: String,
    /// A file-name stem that says what the picture is, e.g. `game-3-ply-12`.
    pub name: String,
}

/// A button under a message; the front end sends its command back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Button {
    Accept(i64),
    Decline(i64),
    Resign(GameId),
    OfferDraw(GameId),
    Rematch(GameId),
    /// A lesson's hint: the task's piece and where it can go.
    Hint,
    /// Puzzle session buttons.
    PuzzleHint(i64),
    PuzzleGiveUp(i64),
}

impl Button {
    pub fn label(&self) -> &'static str {
        match self {
            Button::Accept(_) => "Accept",
            Button::Decline(_) => "Decline",
            Button::Resign(_) => "Resign",
            Button::OfferDraw(_) => "Offer draw",
            Button::Rematch(_) => "Rematch",
            Button::Hint => "Hint",
            Button::PuzzleHint(_) => "Hint",
            Button::PuzzleGiveUp(_) => "Give up",
        }
    }

    /// The command line the button stands for.
    pub fn command(&self) -> String {
        match self {
            Button::Accept(id) => format!("accept {id}"),
            Button::Decline(id) => format!("decline {id}"),
            Button::Resign(id) => format!("resign game:{id}"),
            Button::OfferDraw(id) => format!("draw game:{id}"),
            Button::Rematch(id) => format!("rematch game:{id}"),
            Button::Hint => "learn hint".into(),
            Button::PuzzleHint(_) => "puzzle hint".into(),
            Button::PuzzleGiveUp(_) => "puzzle giveup".into(),
        }
    }
}

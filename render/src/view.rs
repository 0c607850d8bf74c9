//! What to draw: a board, its pieces and the marks on it, as plain data.

use crate::theme::Theme;
use engine::{BoardKind, Move, PawnDir, Piece, Position, Setup, Square, SQUARES};
use std::fmt;
use std::str::FromStr;

/// How the round board's cells are coloured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum RoundStyle {
    /// One colour, with lines between the cells.
    #[default]
    Plain,
    /// Alternating along and across the rings.
    Chequered,
}

impl FromStr for RoundStyle {
    type Err = String;

    fn from_str(s: &str) -> Result<RoundStyle, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "plain" => Ok(RoundStyle::Plain),
            "chequered" | "checkered" => Ok(RoundStyle::Chequered),
            _ => Err(format!(
                "unknown round style '{s}': choose plain or chequered"
            )),
        }
    }
}

impl fmt::Display for RoundStyle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RoundStyle::Plain => "plain",
            RoundStyle::Chequered => "chequered",
        })
    }
}

/// An arrow from one cell's centre to another's, as a hint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Arrow {
    pub from: Square,
    pub to: Square,
}

/// The strip under the board: text on the left (players, clocks) and on the
/// right (the result, a move number).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Caption {
    pub left: String,
    pub right: String,
}

impl Caption {
    /// ```
    /// let c = render::Caption::new("alice vs bob", "1-0");
    /// assert_eq!(c.right, "1-0");
    /// ```
    pub fn new(left: impl Into<String>, right: impl Into<String>) -> Caption {
        Caption {
            left: left.into(),
            right: right.into(),
        }
    }
}

/// Everything a board picture shows. The fields are public so a caller can
/// set exactly what it wants; the `with_*` methods chain for the common cases.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardView {
    pub board: BoardKind,
    /// The piece on each square, indexed by [`Square::index`].
    pub pieces: [Option<Piece>; SQUARES],
    /// Round board: the way each pawn walks, drawn as a small mark.
    pub pawn_dirs: [Option<PawnDir>; SQUARES],
    /// Black at the bottom; the round board turned half a turn.
    pub flipped: bool,
    pub last_move: Option<(Square, Square)>,
    /// The square of a king in check.
    pub check: Option<Square>,
    /// The square of the piece whose moves `dots` and `captures` show.
    pub selected: Option<Square>,
    /// Empty squares a selected piece may move to.
    pub dots: Vec<Square>,
    /// Occupied squares it may capture on (drawn as rings).
    pub captures: Vec<Square>,
    pub arrows: Vec<Arrow>,
    /// Short name labels on the pieces (a house setting).
    pub labels: bool,
    /// File letters and rank numbers.
    pub coordinates: bool,
    pub theme: Theme,
    pub round_style: RoundStyle,
    pub caption: Option<Caption>,
    /// The board's height in pixels: 8 cells on the square boards (the 12x8
    /// board is half as wide again), the frame's diameter on the round one.
    /// The caption strip adds to it.
    pub size: u32,
}

impl BoardView {
    /// The size used when none is given: crisp on Discord, which shows
    /// pictures at up to about 400 px wide.
    pub const DEFAULT_SIZE: u32 = 512;

    /// An empty board with the default options (coordinates on).
    ///
    /// ```
    /// use engine::BoardKind;
    /// let view = render::BoardView::new(BoardKind::Round);
    /// assert!(view.pieces.iter().all(Option::is_none));
    /// ```
    pub fn new(board: BoardKind) -> BoardView {
        BoardView {
            board,
            pieces: [None; SQUARES],
            pawn_dirs: [None; SQUARES],
            flipped: false,
            last_move: None,
            check: None,
            selected: None,
            dots: Vec::new(),
            captures: Vec::new(),
            arrows: Vec::new(),
            labels: false,
            coordinates: true,
            theme: Theme::default(),
            round_style: RoundStyle::default(),
            caption: None,
            size: BoardView::DEFAULT_SIZE,
        }
    }

    /// The pieces (and round-board pawn directions) of a setup.
    ///
    /// ```
    /// use engine::{Setup, Variant};
    /// let view = render::BoardView::from_setup(&Setup::start(Variant::Courier));
    /// assert_eq!(view.board, engine::BoardKind::Wide12);
    /// assert_eq!(view.pieces.iter().flatten().count(), 48);
    /// ```
    pub fn from_setup(setup: &Setup) -> BoardView {
        let mut view = BoardView::new(setup.variant.board());
        view.pieces = setup.board;
        view.pawn_dirs = setup.pawn_dirs;
        view
    }

    /// A position's pieces, with its king marked if it is in check.
    ///
    /// ```
    /// use engine::{Position, Variant};
    /// let pos = Position::new(Variant::Medieval);
    /// let view = render::BoardView::from_position(&pos);
    /// assert_eq!(view.check, None);
    /// ```
    pub fn from_position(pos: &Position) -> BoardView {
        let mut view = BoardView::from_setup(&pos.to_setup());
        if pos.is_check() {
            view.check = Some(pos.king(pos.turn()));
        }
        view
    }

    /// The position after `m` (played from `before`), with `m` highlighted:
    /// what players see after each move.
    ///
    /// ```
    /// use engine::{Position, Variant};
    /// let pos = Position::new(Variant::Shatranj);
    /// let m = pos.parse_move("e2e3").unwrap();
    /// let view = render::BoardView::after_move(&pos, &m);
    /// assert_eq!(view.last_move, Some((m.from, m.to)));
    /// ```
    pub fn after_move(before: &Position, m: &Move) -> BoardView {
        let mut view = BoardView::from_position(&before.play(m));
        view.last_move = Some((m.from, m.to));
        view
    }

    /// One view per position of a game: the start, then after each move.
    /// Display options (theme, size, flip, ...) come from `template`.
    ///
    /// ```
    /// use engine::{Position, Variant};
    /// let pos = Position::new(Variant::Shatranj);
    /// let moves = [pos.parse_move("e2e3").unwrap()];
    /// let frames = render::BoardView::game(&pos, &moves, &render::BoardView::new(pos.variant().board()));
    /// assert_eq!(frames.len(), 2);
    /// ```
    pub fn game(start: &Position, moves: &[Move], template: &BoardView) -> Vec<BoardView> {
        let dress = |v: BoardView| BoardView {
            pieces: v.pieces,
            pawn_dirs: v.pawn_dirs,
            check: v.check,
            last_move: v.last_move,
            board: v.board,
            dots: Vec::new(),
            captures: Vec::new(),
            selected: None,
            arrows: Vec::new(),
            ..template.clone()
        };
        let mut frames = vec![dress(BoardView::from_position(start))];
        let mut pos = *start;
        for m in moves {
            frames.push(dress(BoardView::after_move(&pos, m)));
            pos = pos.play(m);
        }
        frames
    }

    /// Shows the legal moves of the piece on `from` in `pos`: dots and rings.
    ///
    /// ```
    /// use engine::{Position, Square, Variant};
    /// let pos = Position::new(Variant::Shatranj);
    /// let b1 = Square::parse("b1").unwrap();
    /// let view = render::BoardView::from_position(&pos).with_legal_moves(&pos, b1);
    /// assert_eq!(view.dots.len(), 2); // a3 and c3
    /// ```
    pub fn with_legal_moves(self, pos: &Position, from: Square) -> BoardView {
        let targets: Vec<Square> = pos
            .legal_moves()
            .iter()
            .filter(|m| m.from == from)
            .map(|m| m.to)
            .collect();
        self.with_moves(from, targets)
    }

    pub fn with_flipped(mut self, flipped: bool) -> BoardView {
        self.flipped = flipped;
        self
    }

    pub fn with_theme(mut self, theme: Theme) -> BoardView {
        self.theme = theme;
        self
    }

    pub fn with_size(mut self, size: u32) -> BoardView {
        self.size = size;
        self
    }

    pub fn with_labels(mut self, labels: bool) -> BoardView {
        self.labels = labels;
        self
    }

    pub fn with_coordinates(mut self, coordinates: bool) -> BoardView {
        self.coordinates = coordinates;
        self
    }

    pub fn with_round_style(mut self, style: RoundStyle) -> BoardView {
        self.round_style = style;
        self
    }

    pub fn with_last_move(mut self, from: Square, to: Square) -> BoardView {
        self.last_move = Some((from, to));
        self
    }

    pub fn with_check(mut self, king: Square) -> BoardView {
        self.check = Some(king);
        self
    }

    pub fn with_arrow(mut self, from: Square, to: Square) -> BoardView {
        self.arrows.push(Arrow { from, to });
        self
    }

    pub fn with_caption(mut self, caption: Caption) -> BoardView {
        self.caption = Some(caption);
        self
    }

    /// Shows where the piece on `from` may go: a dot on each empty target
    /// and a ring on each occupied one.
    ///
    /// ```
    /// use engine::{Setup, Square, Variant};
    /// let sq = |s| Square::parse(s).unwrap();
    /// let view = render::BoardView::from_setup(&Setup::start(Variant::Shatranj))
    ///     .with_moves(sq("b1"), [sq("a3"), sq("c3")]);
    /// assert_eq!(view.dots.len(), 2);
    /// ```
    pub fn with_moves(
        mut self,
        from: Square,
        targets: impl IntoIterator<Item = Square>,
    ) -> BoardView {
        self.selected = Some(from);
        for to in targets {
            if self.pieces[to.index()].is_some() {
                self.captures.push(to);
            } else {
                self.dots.push(to);
            }
        }
        self
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.pieces[sq.index()]
    }

    /// Puts a piece on a square (or clears it), keeping pawn directions in step.
    pub fn set_piece(&mut self, sq: Square, piece: Option<Piece>, dir: Option<PawnDir>) {
        self.pieces[sq.index()] = piece;
        self.pawn_dirs[sq.index()] = dir;
    }
}

//! Puzzles for one player: a puzzle near their puzzle rating, answered
//! move by move, with a hint and a give-up. Only the first attempt at a
//! puzzle is rated; player and puzzle are both Glicko-2 rated, the puzzle
//! playing the opponent (as lichess does).
//!
//! Routing of a plain move (or `move` without `game:N`): a game of the
//! player's in this very channel takes priority; otherwise their active
//! puzzle here; otherwise a daily puzzle thread starts the daily puzzle;
//! otherwise the usual game lookup. See [`Service::route_move`].

use super::reply::{BoardSpec, Button, Reply};
use super::{refuse, Ctx, Outcome, Service};
use crate::store::{PlayerId, PuzzleRatingRow, PuzzleRow, SessionRow};
use engine::{Color, Move, Position, Square, Variant};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// Where a plain move goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveRoute {
    Game,
    Puzzle,
}

/// A solved puzzle with a hint counts half: the rating moves as for a draw.
const HINTED_RESULT: f64 = 0.5;

/// The position after the first `step` moves of a puzzle's line.
fn position_at(puzzle: &PuzzleRow, step: usize) -> Outcome<(Position, Vec<Move>)> {
    let variant: Variant = puzzle.variant.parse().map_err(|_| damaged(&puzzle.id))?;
    let start = Position::from_fen(variant, &puzzle.fen).map_err(|_| damaged(&puzzle.id))?;
    let mut pos = start;
    let mut line = Vec::new();
    for text in &puzzle.moves {
        let m = pos.parse_move(text).map_err(|_| damaged(&puzzle.id))?;
        line.push(m);
        pos = pos.play(&m);
    }
    let pos = line[..step].iter().fold(start, |p, m| p.play(m));
    Ok((pos, line))
}

/// A puzzle's start position and its line.
pub(crate) fn start_position(puzzle: &PuzzleRow) -> Outcome<(Position, Vec<Move>)> {
    position_at(puzzle, 0)
}

fn damaged(id: &str) -> super::Refusal {
    super::Refusal::Store(crate::store::StoreError::Corrupt(format!("puzzle {id}")))
}

fn glicko(rating: f64, deviation: f64, volatility: f64) -> Glicko2Rating {
    Glicko2Rating {
        rating,
        deviation,
        volatility,
    }
}

impl Service {
    /// A player's puzzle rating, or a new player's start.
    pub(crate) async fn puzzle_rating_of(&self, player: PlayerId) -> Outcome<PuzzleRatingRow> {
        if let Some(row) = self.store().puzzle_rating(player).await? {
            return Ok(row);
        }
        let start = Glicko2Rating::new();
        Ok(PuzzleRatingRow {
            player,
            rating: start.rating,
            deviation: start.deviation,
            volatility: start.volatility,
            attempts: 0,
            streak: 0,
            best_streak: 0,
            streak_day: None,
        })
    }

    /// Starts a puzzle near the player's rating, in a variant or any.
    pub async fn puzzle_start(&self, ctx: &Ctx, variant: Option<Variant>) -> Outcome<Vec<Reply>> {
        let player = self.player(&ctx.user).await?;
        let rating = self.puzzle_rating_of(player).await?;
        let Some(puzzle) = self
            .store()
            .puzzle_near(player, variant.map(|v| v.name()), rating.rating)
            .await?
        else {
            return refuse("You have tried every puzzle there is here. Well done!");
        };
        self.open_puzzle(ctx, player, puzzle, None).await
    }

    /// Opens a session on a given puzzle and shows it.
    pub async fn open_puzzle(
        &self,
        ctx: &Ctx,
        player: PlayerId,
        puzzle: PuzzleRow,
        daily_day: Option<i64>,
    ) -> Outcome<Vec<Reply>> {
        let rated = !self.store().attempted(player, &puzzle.id).await?;
        let mut session = SessionRow {
            id: 0,
            player,
            server: ctx.place.server.clone(),
            channel: ctx.place.channel.clone(),
            puzzle_id: puzzle.id.clone(),
            step: 0,
            rated,
            hinted: false,
            daily_day,
            status: "active".into(),
        };
        session.id = self.store().start_session(&session, self.now()).await?;
        let (pos, _) = position_at(&puzzle, 0)?;
        let side = if pos.turn() == Color::White {
            "White"
        } else {
            "Black"
        };
        let what = if daily_day.is_some() {
            "The daily puzzle"
        } else {
            "Puzzle"
        };
        let note = if rated {
            ""
        } else {
            " (tried before: not rated this time)"
        };
        let text = format!(
            "{what} {} ({}, rated {:.0}){note}: {side} to move and win. {}. Type your move.",
            puzzle.id,
            puzzle.variant,
            puzzle.rating,
            goal(&puzzle)
        );
        let board = self
            .puzzle_board(ctx, &puzzle, &pos, None, None, Vec::new())
            .await?;
        Ok(vec![Reply::text(&ctx.place, text)
            .with_board(board)
            .with_buttons(buttons(session.id))])
    }

    /// Where a plain move of this player here goes; see the module docs.
    pub async fn route_move(&self, ctx: &Ctx) -> Outcome<MoveRoute> {
        let player = self.player(&ctx.user).await?;
        let games = self
            .store()
            .active_games_of(player, &ctx.place.server)
            .await?;
        if games.iter().any(|g| g.channel == ctx.place.channel) {
            return Ok(MoveRoute::Game);
        }
        let here = self
            .store()
            .active_session(player, &ctx.place.server, &ctx.place.channel)
            .await?;
        if here.is_some() || self.daily_thread_day(ctx).await?.is_some() {
            return Ok(MoveRoute::Puzzle);
        }
        Ok(MoveRoute::Game)
    }

    async fn session_here(&self, ctx: &Ctx) -> Outcome<(SessionRow, PuzzleRow)> {
        let player = self.player(&ctx.user).await?;
        let Some(session) = self
            .store()
            .active_session(player, &ctx.place.server, &ctx.place.channel)
            .await?
        else {
            return refuse("You have no puzzle going here. Type puzzle to get one.");
        };
        let puzzle = self
            .store()
            .puzzle(&session.puzzle_id)
            .await?
            .ok_or_else(|| damaged(&session.puzzle_id))?;
        Ok((session, puzzle))
    }

    /// The player's move in their puzzle here.
    pub async fn puzzle_move(&self, ctx: &Ctx, text: &str) -> Outcome<Vec<Reply>> {
        let player = self.player(&ctx.user).await?;
        if self
            .store()
            .active_session(player, &ctx.place.server, &ctx.place.channel)
            .await?
            .is_none()
        {
            // A move typed in a daily puzzle's thread starts that puzzle.
            if let Some(day) = self.daily_thread_day(ctx).await? {
                self.open_daily(ctx, player, day).await?;
            }
        }
        let (mut session, puzzle) = self.session_here(ctx).await?;
        let (pos, line) = position_at(&puzzle, session.step)?;
        let played = match pos.parse_move(text) {
            Ok(m) => m,
            Err(e) => return refuse(format!("{e}. The puzzle is still on: try again.")),
        };
        let expected = line[session.step];
        let last = session.step + 1 == line.len();
        let after = pos.play(&played);
        // On the final move any move that wins at once (any mate) is right.
        let right = played == expected
            || (last && after.outcome().and_then(|o| o.winner()) == Some(pos.turn()));
        if !right {
            let (solution, note, board) = self
                .fail_attempt(ctx, &mut session, &puzzle, &pos, &line)
                .await?;
            return Ok(vec![Reply::text(
                &ctx.place,
                format!(
                    "{} is not it. The solution was {solution}.{note} Type puzzle for another.",
                    pos.san(&played)
                ),
            )
            .with_board(board)]);
        }
        session.step += 1;
        if session.step == line.len() {
            session.status = "solved".into();
            self.store().update_session(&session).await?;
            let result = if session.hinted { HINTED_RESULT } else { 1.0 };
            let note = self.rate_attempt(&session, &puzzle, result).await?;
            let daily = self.daily_solved(&session).await?;
            let board = self
                .puzzle_board(ctx, &puzzle, &after, Some(played), None, Vec::new())
                .await?;
            return Ok(vec![Reply::text(
                &ctx.place,
                format!(
                    "{}: solved!{note}{daily} Type puzzle for another.",
                    pos.san(&played)
                ),
            )
            .with_board(board)]);
        }
        let reply = line[session.step];
        let next = after.play(&reply);
        session.step += 1;
        self.store().update_session(&session).await?;
        let board = self
            .puzzle_board(ctx, &puzzle, &next, Some(reply), None, Vec::new())
            .await?;
        Ok(vec![Reply::text(
            &ctx.place,
            format!(
                "{}: right. The opponent answers {}. Your move.",
                pos.san(&played),
                after.san(&reply)
            ),
        )
        .with_board(board)
        .with_buttons(buttons(session.id))])
    }

    /// Marks the piece to move. A solve after a hint counts as a draw.
    pub async fn puzzle_hint(&self, ctx: &Ctx) -> Outcome<Vec<Reply>> {
        let (mut session, puzzle) = self.session_here(ctx).await?;
        let (pos, line) = position_at(&puzzle, session.step)?;
        session.hinted = true;
        self.store().update_session(&session).await?;
        let from = line[session.step].from;
        let board = self
            .puzzle_board(ctx, &puzzle, &pos, None, Some(from), Vec::new())
            .await?;
        Ok(vec![Reply::text(
            &ctx.place,
            format!("Hint: move the piece on {from}."),
        )
        .with_board(board)
        .with_buttons(buttons(session.id))])
    }

    /// Shows the rest of the line with arrows; the attempt counts as failed.
    pub async fn puzzle_give_up(&self, ctx: &Ctx) -> Outcome<Vec<Reply>> {
        let (mut session, puzzle) = self.session_here(ctx).await?;
        let (pos, line) = position_at(&puzzle, session.step)?;
        let (solution, note, board) = self
            .fail_attempt(ctx, &mut session, &puzzle, &pos, &line)
            .await?;
        Ok(vec![Reply::text(
            &ctx.place,
            format!("The solution: {solution}.{note} Type puzzle for another."),
        )
        .with_board(board)])
    }

    /// The player's puzzle rating and streak.
    pub async fn puzzle_rating_text(&self, ctx: &Ctx) -> Outcome<Vec<Reply>> {
        let player = self.player(&ctx.user).await?;
        let r = self.puzzle_rating_of(player).await?;
        Ok(vec![Reply::private(
            &ctx.place,
            format!(
                "{}: puzzle rating {:.0} (±{:.0}), {} rated attempts; daily streak {} (best {}).",
                ctx.user.name, r.rating, r.deviation, r.attempts, r.streak, r.best_streak
            ),
        )])
    }

    /// Rates the first attempt (`result` 1 solved, 0.5 hinted, 0 failed);
    /// returns a note for the player, empty when unrated.
    /// Ends an attempt as failed (a wrong move or giving up): rates it and
    /// draws the rest of the line. The solution's text, the rating note and
    /// the board.
    async fn fail_attempt(
        &self,
        ctx: &Ctx,
        session: &mut SessionRow,
        puzzle: &PuzzleRow,
        pos: &Position,
        line: &[Move],
    ) -> Outcome<(String, String, BoardSpec)> {
        let solution = self.line_text(puzzle, session.step)?;
        session.status = "failed".into();
        self.store().update_session(session).await?;
        let note = self.rate_attempt(session, puzzle, 0.0).await?;
        let board = self
            .puzzle_board(ctx, puzzle, pos, None, None, arrows(&line[session.step..]))
            .await?;
        Ok((solution, note, board))
    }

    async fn rate_attempt(
        &self,
        session: &SessionRow,
        puzzle: &PuzzleRow,
        result: f64,
    ) -> Outcome<String> {
        if !session.rated || self.store().attempted(session.player, &puzzle.id).await? {
            return Ok(String::new());
        }
        let before = self.puzzle_rating_of(session.player).await?;
        let outcome = if result >= 1.0 {
            Outcomes::WIN
        } else if result > 0.0 {
            Outcomes::DRAW
        } else {
            Outcomes::LOSS
        };
        let (p, z) = glicko2(
            &glicko(before.rating, before.deviation, before.volatility),
            &glicko(puzzle.rating, puzzle.deviation, puzzle.volatility),
            &outcome,
            &Glicko2Config::new(),
        );
        let after = PuzzleRatingRow {
            rating: p.rating,
            deviation: p.deviation,
            volatility: p.volatility,
            attempts: before.attempts + 1,
            ..before.clone()
        };
        let puzzle_after = PuzzleRow {
            rating: z.rating,
            deviation: z.deviation,
            volatility: z.volatility,
            ..puzzle.clone()
        };
        let counted = self
            .store()
            .record_attempt(&after, &puzzle_after, result, self.now())
            .await?;
        if !counted {
            return Ok(String::new());
        }
        Ok(format!(
            " Puzzle rating {:.0} ({:+.0}).",
            after.rating,
            after.rating - before.rating
        ))
    }

    /// The line from `step` on, in algebraic notation.
    fn line_text(&self, puzzle: &PuzzleRow, step: usize) -> Outcome<String> {
        let (mut pos, line) = position_at(puzzle, step)?;
        let mut words = Vec::new();
        for m in &line[step..] {
            words.push(pos.san(m));
            pos = pos.play(m);
        }
        Ok(words.join(" "))
    }

    pub(crate) async fn puzzle_board(
        &self,
        ctx: &Ctx,
        puzzle: &PuzzleRow,
        pos: &Position,
        last: Option<Move>,
        selected: Option<Square>,
        arrows: Vec<(Square, Square)>,
    ) -> Outcome<BoardSpec> {
        let settings = self.store().server_settings(&ctx.place.server).await?;
        // The solver's side at the bottom, all through the line.
        let (start, _) = position_at(puzzle, 0)?;
        Ok(BoardSpec {
            position: *pos,
            flipped: start.turn() == Color::Black,
            last_move: last.map(|m| (m.from, m.to)),
            check: pos.is_check().then(|| pos.king(pos.turn())),
            selected,
            dots: selected.into_iter().collect(),
            arrows,
            theme: settings.theme,
            labels: settings.labels,
            caption: format!("Puzzle {} · {}", puzzle.id, puzzle.variant),
            name: format!("puzzle-{}", puzzle.id),
        })
    }
}

fn buttons(session: i64) -> Vec<Button> {
    vec![Button::PuzzleHint(session), Button::PuzzleGiveUp(session)]
}

fn arrows(line: &[Move]) -> Vec<(Square, Square)> {
    line.iter().map(|m| (m.from, m.to)).collect()
}

/// What the puzzle asks, from its first theme.
fn goal(puzzle: &PuzzleRow) -> String {
    match puzzle.themes.first().map(String::as_str) {
        Some(t) if t.starts_with("mateIn") => format!("Checkmate in {}", &t[6..]),
        Some("bareKing") => "Bare the king: take its last piece".into(),
        Some("stalemate") => "Stalemate wins here".into(),
        _ => "Win material".into(),
    }
}

//! The course, per player: start or resume a variant's lessons, judge
//! tries, give hints, skip and reset. Each player's place is stored, so a
//! restart loses nothing.
//!
//! Which moves reach a lesson: a player's typed move goes to their active
//! lesson only when they have no game going in this channel (and the
//! channel is not some game's thread); a game there always comes first.
//! `learn <move>` always goes to the lesson.

use super::reply::{BoardSpec, Button, Reply};
use super::{refuse, Ctx, Outcome, Service};
use crate::lessons::{self, Goal, Hint, State, Task, Verdict};
use crate::store::{LessonRow, PlayerId, StoreError};
use engine::{Position, Square, Variant};

/// What `learn` was asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonAction {
    /// The current task, or the list of courses when none is going.
    Show,
    /// Start or resume a variant's course.
    Start(Variant),
    /// Leave the current task unsolved and go on to the next.
    Skip,
    /// Start a course again from its first task.
    Reset(Option<Variant>),
    /// Leave lesson mode: typed moves go to games again.
    Stop,
    Hint,
}

/// A player's place in a course, read from the store.
struct Place {
    player: PlayerId,
    variant: Variant,
    /// `None` once the course is done.
    current: Option<(usize, &'static Task, State)>,
    solved: i64,
}

impl Service {
    /// Runs a `learn` action.
    pub async fn learn(&self, ctx: &Ctx, action: LessonAction) -> Outcome<Vec<Reply>> {
        let player = self.player(&ctx.user).await?;
        match action {
            LessonAction::Show => match self.active_place(player).await? {
                Some(place) => Ok(vec![self.task_reply(ctx, &place, "", None).await?]),
                None => self.overview(ctx, player).await,
            },
            LessonAction::Start(variant) => {
                let place = self.place_in(player, variant).await?;
                if place.current.is_none() {
                    return Ok(vec![lesson_text(
                        ctx,
                        format!(
                            "You have finished the {} course. `learn reset {}` starts it again.",
                            variant.title(),
                            variant.name()
                        ),
                    )]);
                }
                self.save(&place).await?;
                Ok(vec![self.task_reply(ctx, &place, "", None).await?])
            }
            LessonAction::Skip => {
                let place = self.require_active(player).await?;
                let Some((index, task, _)) = &place.current else {
                    return refuse("That course is finished.");
                };
                let next = advance(&place, *index, 0);
                self.save(&next).await?;
                let head = format!("Skipped \"{}\".", task.title);
                self.after_task(ctx, &next, &head).await
            }
            LessonAction::Reset(variant) => {
                let variant = match variant {
                    Some(v) => v,
                    None => self.require_active(player).await?.variant,
                };
                let place = fresh(player, variant);
                self.save(&place).await?;
                let head = format!("The {} course starts again.", variant.title());
                Ok(vec![self.task_reply(ctx, &place, &head, None).await?])
            }
            LessonAction::Stop => {
                self.store().stop_lesson(player).await?;
                Ok(vec![lesson_text(
                    ctx,
                    "Lesson paused: typed moves go to your games again. `learn` brings you back where you left.",
                )])
            }
            LessonAction::Hint => {
                let place = self.require_active(player).await?;
                let Some((_, task, state)) = &place.current else {
                    return refuse("That course is finished.");
                };
                let hint = lessons::hint(task, state);
                let text = hint.text.clone();
                Ok(vec![self.task_reply(ctx, &place, &text, Some(hint)).await?])
            }
        }
    }

    /// Whether a move typed here goes to the player's lesson rather than a game.
    pub async fn move_goes_to_lesson(&self, ctx: &Ctx) -> Outcome<bool> {
        let player = self.player(&ctx.user).await?;
        if self.store().active_lesson(player).await?.is_none() {
            return Ok(false);
        }
        let channel = &ctx.place.channel;
        let games = self
            .store()
            .active_games_of(player, &ctx.place.server)
            .await?;
        if games.iter().any(|g| &g.channel == channel) {
            return Ok(false);
        }
        let thread = self.store().game_in_channel(channel).await?;
        if thread.is_some_and(|g| g.status == "active") {
            return Ok(false);
        }
        // A puzzle being solved here comes before the lesson.
        Ok(self.route_move(ctx).await? != super::MoveRoute::Puzzle)
    }

    /// A try in the player's current task.
    pub async fn lesson_move(&self, ctx: &Ctx, text: &str) -> Outcome<Vec<Reply>> {
        let player = self.player(&ctx.user).await?;
        let place = self.require_active(player).await?;
        let Some((index, task, state)) = &place.current else {
            return refuse("That course is finished: `learn` shows the others.");
        };
        match lessons::judge(task, state, text) {
            Verdict::Wrong(why) => Ok(vec![lesson_text(ctx, format!("Not quite. {why}"))]),
            Verdict::Progress { san, state, .. } => {
                let next = Place {
                    current: Some((*index, *task, state)),
                    ..place
                };
                self.save(&next).await?;
                let left = match &next.current {
                    Some((_, t, s)) => squares(&s.left(t)),
                    None => String::new(),
                };
                let head = format!("{san}: good. Still to go: {left}.");
                Ok(vec![self.task_reply(ctx, &next, &head, None).await?])
            }
            Verdict::Solved { san, .. } => {
                let next = advance(&place, *index, 1);
                self.save(&next).await?;
                let head = format!("**{san}: well done!** {}", praise(task.goal));
                self.after_task(ctx, &next, &head).await
            }
        }
    }

    /// The next task after one was solved or skipped, or the end of the course.
    async fn after_task(&self, ctx: &Ctx, next: &Place, head: &str) -> Outcome<Vec<Reply>> {
        if next.current.is_some() {
            return Ok(vec![self.task_reply(ctx, next, head, None).await?]);
        }
        self.store().stop_lesson(next.player).await?;
        let total = lessons::course(next.variant).len();
        Ok(vec![lesson_text(
            ctx,
            format!(
                "{head}\n**You have finished the {} course** ({} of {total} tasks solved). Play a game with `play variant:{}`, take another course with `learn`, or start this one again with `learn reset {}`.",
                next.variant.title(),
                next.solved,
                next.variant.name(),
                next.variant.name(),
            ),
        )])
    }

    async fn overview(&self, ctx: &Ctx, player: PlayerId) -> Outcome<Vec<Reply>> {
        let done = self.store().lessons_of(player).await?;
        let mut text = String::from(
            "**Learn the old games**: a short course for each, task by task on the board.\n",
        );
        for v in Variant::ALL {
            let total = lessons::course(v).len();
            let status = match done.iter().find(|(name, ..)| name == v.name()) {
                None => format!("{total} tasks"),
                Some((_, task, solved)) if task.is_empty() => {
                    format!("finished, {solved} of {total} solved")
                }
                Some((_, task, _)) => match lessons::find(v, task) {
                    Some((i, _)) => format!("at task {} of {total}", i + 1),
                    None => format!("{total} tasks"),
                },
            };
            text.push_str(&format!("\n`learn {}`: {} ({status})", v.name(), v.title()));
        }
        text.push_str("\n\nIn a lesson, type your move; `hint` shows where your piece can go, `learn skip` moves on, `learn reset` starts again, `learn stop` pauses.");
        Ok(vec![lesson_text(ctx, text)])
    }

    async fn active_place(&self, player: PlayerId) -> Outcome<Option<Place>> {
        let Some(name) = self.store().active_lesson(player).await? else {
            return Ok(None);
        };
        let variant: Variant = name
            .parse()
            .map_err(|e| StoreError::Corrupt(format!("active lesson: {e}")))?;
        Ok(Some(self.place_in(player, variant).await?))
    }

    async fn require_active(&self, player: PlayerId) -> Outcome<Place> {
        match self.active_place(player).await? {
            Some(place) => Ok(place),
            None => refuse("You have no lesson going. Start one with `learn shatranj` (or medieval, courier, byzantine)."),
        }
    }

    /// The player's place in a variant's course (the first task if new).
    async fn place_in(&self, player: PlayerId, variant: Variant) -> Outcome<Place> {
        let Some(row) = self.store().lesson(player, variant.name()).await? else {
            return Ok(fresh(player, variant));
        };
        if row.task.is_empty() {
            return Ok(Place {
                player,
                variant,
                current: None,
                solved: row.solved,
            });
        }
        // A task id the course no longer has: start the course over
        // rather than fail (the course may change between releases).
        let Some((index, task)) = lessons::find(variant, &row.task) else {
            return Ok(fresh(player, variant));
        };
        Ok(Place {
            player,
            variant,
            current: Some((index, task, restore(variant, task, &row))),
            solved: row.solved,
        })
    }

    async fn save(&self, place: &Place) -> Outcome<()> {
        let row = match &place.current {
            None => LessonRow {
                variant: place.variant.name().into(),
                task: String::new(),
                fen: None,
                at: None,
                visited: String::new(),
                solved: place.solved,
            },
            Some((_, task, state)) => {
                let started = state.visited.is_empty()
                    && state.at.to_string() == task.piece
                    && state.position == State::start(place.variant, task).position;
                LessonRow {
                    variant: place.variant.name().into(),
                    task: task.id.into(),
                    fen: (!started).then(|| state.position.fen()),
                    at: (!started).then(|| state.at.to_string()),
                    visited: squares_plain(&state.visited),
                    solved: place.solved,
                }
            }
        };
        Ok(self
            .store()
            .save_lesson(place.player, &row, self.now())
            .await?)
    }

    /// The current task: its words and its board, with a hint's dots if asked.
    async fn task_reply(
        &self,
        ctx: &Ctx,
        place: &Place,
        head: &str,
        hint: Option<Hint>,
    ) -> Outcome<Reply> {
        let Some((index, task, state)) = &place.current else {
            return Ok(lesson_text(ctx, "That course is finished."));
        };
        let total = lessons::course(place.variant).len();
        let mut text = String::new();
        if !head.is_empty() {
            text.push_str(head);
            text.push('\n');
        }
        text.push_str(&format!(
            "**{} · lesson {}/{total}: {}**\n{}",
            place.variant.title(),
            index + 1,
            task.title,
            task.text
        ));
        if hint.is_none() {
            text.push_str(
                "\nType your move (like `e2e3` or `Kd2`). Stuck? Press Hint or type `hint`.",
            );
        }
        let settings = self.store().server_settings(&ctx.place.server).await?;
        let pos: Position = state.position;
        let (selected, dots) = match &hint {
            Some(h) => (Some(h.piece), h.dots.clone()),
            None => (None, Vec::new()),
        };
        let board = BoardSpec {
            position: pos,
            flipped: false,
            last_move: None,
            check: pos.is_check().then(|| pos.king(pos.turn())),
            selected,
            dots,
            arrows: Vec::new(),
            theme: settings.theme,
            labels: true,
            caption: format!("{} · lesson {}/{total}", place.variant.title(), index + 1),
            name: format!(
                "lesson-{}-{}-{:x}{}",
                place.player,
                task.id,
                pos.hash() & 0xffff_ffff,
                if hint.is_some() { "-hint" } else { "" }
            ),
        };
        Ok(lesson_text(ctx, text)
            .with_board(board)
            .with_buttons(vec![Button::Hint]))
    }
}

/// A lesson's reply: private where the front end can do that, plain in a
/// DM (where a private answer to a typed message would only add noise).
fn lesson_text(ctx: &Ctx, text: impl Into<String>) -> Reply {
    if ctx.place.is_dm() {
        Reply::text(&ctx.place, text)
    } else {
        Reply::private(&ctx.place, text)
    }
}

fn fresh(player: PlayerId, variant: Variant) -> Place {
    let task = &lessons::course(variant)[0];
    Place {
        player,
        variant,
        current: Some((0, task, State::start(variant, task))),
        solved: 0,
    }
}

/// The place after the task at `index`, `solved` more tasks solved.
fn advance(place: &Place, index: usize, solved: i64) -> Place {
    let course = lessons::course(place.variant);
    Place {
        player: place.player,
        variant: place.variant,
        current: course
            .get(index + 1)
            .map(|t| (index + 1, t, State::start(place.variant, t))),
        solved: place.solved + solved,
    }
}

/// A stored state, or the task's start if what was stored no longer fits.
fn restore(variant: Variant, task: &Task, row: &LessonRow) -> State {
    let start = State::start(variant, task);
    let (Some(fen), Some(at)) = (&row.fen, &row.at) else {
        return start;
    };
    let (Ok(position), Some(at)) = (Position::from_fen(variant, fen), Square::parse(at)) else {
        return start;
    };
    State {
        position,
        at,
        visited: row
            .visited
            .split_whitespace()
            .filter_map(Square::parse)
            .collect(),
    }
}

fn squares(list: &[Square]) -> String {
    let names: Vec<String> = list.iter().map(Square::to_string).collect();
    names.join(", ")
}

fn squares_plain(list: &[Square]) -> String {
    let names: Vec<String> = list.iter().map(Square::to_string).collect();
    names.join(" ")
}

fn praise(goal: Goal) -> &'static str {
    use engine::EndReason::*;
    match goal {
        Goal::Visit(_) => "Every square visited.",
        Goal::Reach(_) => "Right there.",
        Goal::Capture(..) => "A clean capture.",
        Goal::Kind(_) => "That is the move.",
        Goal::Promote => "Your pawn is a ferz now.",
        Goal::Check => "Check!",
        Goal::Meet => "The two pawns met and left the board.",
        Goal::Win(Checkmate) => "Checkmate!",
        Goal::Win(BareKing) => "The king is bare: you win.",
        Goal::Win(Stalemate) => "Stalemate, and here that wins.",
        Goal::Win(_) => "You win.",
        Goal::Draw(_) => "A draw saved from a lost position.",
    }
}

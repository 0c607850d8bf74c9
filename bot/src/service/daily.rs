//! The daily puzzle: one puzzle per day (the variant rotating day by day),
//! posted at each server's chosen hour (UTC) in its chosen channel through
//! the outbox, once per server and day even across restarts (the post is
//! claimed in the database before it is sent). Solvers keep streaks, and
//! the next day's post names them.

use super::reply::Reply;
use super::{Ctx, Outcome, Place, Service};
use crate::store::{PlayerId, SessionRow};
use engine::Variant;

pub const DAY_MS: i64 = 86_400_000;
const HOUR_MS: i64 = 3_600_000;

/// The variant of a day's puzzle: the four in turn.
pub fn daily_variant(day: i64) -> Variant {
    Variant::ALL[day.rem_euclid(Variant::ALL.len() as i64) as usize]
}

fn mix(day: i64) -> u64 {
    engine::rng::splitmix(day as u64).1
}

fn date(day: i64) -> String {
    chrono::DateTime::from_timestamp(day * 86_400, 0)
        .map(|d| d.format("%Y-%m-%d").to_string())
        .unwrap_or_else(|| format!("day {day}"))
}

impl Service {
    /// The day's puzzle id, chosen (and stored) the first time it is asked.
    pub(crate) async fn daily_puzzle_id(&self, day: i64) -> Outcome<Option<String>> {
        if let Some(id) = self.store().daily_puzzle_of(day).await? {
            return Ok(Some(id));
        }
        let ids = self.store().puzzle_ids(daily_variant(day).name()).await?;
        if ids.is_empty() {
            return Ok(None);
        }
        let chosen = &ids[(mix(day) % ids.len() as u64) as usize];
        Ok(Some(self.store().daily_puzzle(day, chosen).await?))
    }

    /// Posts the daily puzzle where it is due; called from [`Service::tick`].
    pub(crate) async fn post_daily_puzzles(&self) -> Outcome<()> {
        let now = self.now();
        let day = now.div_euclid(DAY_MS);
        let hour = now.rem_euclid(DAY_MS) / HOUR_MS;
        for (server, channel, at) in self.store().daily_servers().await? {
            if hour < i64::from(at) {
                continue;
            }
            let Some(id) = self.daily_puzzle_id(day).await? else {
                return Ok(());
            };
            if !self
                .store()
                .claim_daily_post(&server, day, &channel, now)
                .await?
            {
                continue;
            }
            let Some(puzzle) = self.store().puzzle(&id).await? else {
                continue;
            };
            let place = Place::new(&server, &channel);
            let solvers = self.store().daily_solvers(day - 1).await?;
            let yesterday = match solvers.len() {
                0 => "Nobody solved yesterday's puzzle.".to_string(),
                _ => format!("Yesterday's puzzle was solved by {}.", solvers.join(", ")),
            };
            let ctx = Ctx {
                user: super::User::new("system:daily", "daily"),
                place: place.clone(),
                admin: false,
            };
            let (pos, _) = super::puzzles::start_position(&puzzle)?;
            let side = if pos.turn() == engine::Color::White {
                "White"
            } else {
                "Black"
            };
            let board = self
                .puzzle_board(&ctx, &puzzle, &pos, None, None, Vec::new())
                .await?;
            let mut reply = Reply::text(
                &place,
                format!(
                    "Daily puzzle for {} ({}, rated {:.0}): {side} to move and win. Answer in the thread with your first move, or use /puzzle daily. {yesterday}",
                    date(day),
                    puzzle.variant,
                    puzzle.rating
                ),
            )
            .with_board(board);
            reply.daily_post = Some(day);
            self.send(reply);
        }
        Ok(())
    }

    /// The front end opened a thread for a daily post: answers there go to
    /// that day's puzzle.
    pub async fn daily_thread_opened(&self, server: &str, day: i64, thread: &str) -> Outcome<()> {
        self.store().set_daily_thread(server, day, thread).await?;
        Ok(())
    }

    /// The day whose daily post owns this place (its thread), if any.
    pub(crate) async fn daily_thread_day(&self, ctx: &Ctx) -> Outcome<Option<i64>> {
        Ok(self
            .store()
            .daily_thread_day(&ctx.place.server, &ctx.place.channel)
            .await?)
    }

    /// `puzzle daily`: today's puzzle, here.
    pub async fn puzzle_daily(&self, ctx: &Ctx) -> Outcome<Vec<Reply>> {
        let player = self.player(&ctx.user).await?;
        let day = self.now().div_euclid(DAY_MS);
        self.open_daily(ctx, player, day).await
    }

    pub(crate) async fn open_daily(
        &self,
        ctx: &Ctx,
        player: PlayerId,
        day: i64,
    ) -> Outcome<Vec<Reply>> {
        let Some(id) = self.daily_puzzle_id(day).await? else {
            return super::refuse("There are no puzzles loaded yet.");
        };
        let Some(puzzle) = self.store().puzzle(&id).await? else {
            return super::refuse("There are no puzzles loaded yet.");
        };
        self.open_puzzle(ctx, player, puzzle, Some(day)).await
    }

    /// Counts a daily solve (first attempt, no hint) and moves the streak;
    /// returns a note for the player.
    pub(crate) async fn daily_solved(&self, session: &SessionRow) -> Outcome<String> {
        let Some(day) = session.daily_day else {
            return Ok(String::new());
        };
        if session.hinted || !session.rated {
            return Ok(String::new());
        }
        if !self
            .store()
            .add_daily_solve(day, session.player, self.now())
            .await?
        {
            return Ok(String::new());
        }
        let mut row = self.puzzle_rating_of(session.player).await?;
        row.streak = match row.streak_day {
            Some(d) if d == day => row.streak,
            Some(d) if d == day - 1 => row.streak + 1,
            _ => 1,
        };
        row.best_streak = row.best_streak.max(row.streak);
        row.streak_day = Some(day);
        self.store().save_puzzle_rating(&row).await?;
        Ok(format!(
            " Daily streak: {} day{}.",
            row.streak,
            if row.streak == 1 { "" } else { "s" }
        ))
    }
}

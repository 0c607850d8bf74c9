//! Puzzles, puzzle ratings, attempts, sessions, and the daily post.

use super::{PlayerId, Result, Store};
use crate::puzzles::Puzzle;
use sqlx::Row;

/// A stored puzzle with its current Glicko-2 rating.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRow {
    pub id: String,
    pub variant: String,
    pub fen: String,
    pub moves: Vec<String>,
    pub themes: Vec<String>,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub plays: i64,
}

/// A player's puzzle rating and daily streak.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRatingRow {
    pub player: PlayerId,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub attempts: i64,
    pub streak: i64,
    pub best_streak: i64,
    pub streak_day: Option<i64>,
}

/// A puzzle being solved by one player in one place.
#[derive(Clone, Debug, PartialEq)]
pub struct SessionRow {
    pub id: i64,
    pub player: PlayerId,
    pub server: String,
    pub channel: String,
    pub puzzle_id: String,
    pub step: usize,
    pub rated: bool,
    pub hinted: bool,
    pub daily_day: Option<i64>,
    pub status: String,
}

/// A new puzzle starts at 1500 with a wide deviation; the miner's guess
/// becomes the rating and play corrects it.
const START_DEVIATION: f64 = 250.0;
const START_VOLATILITY: f64 = 0.06;

fn puzzle_row(r: &sqlx::any::AnyRow) -> PuzzleRow {
    let words = |s: String| s.split_whitespace().map(str::to_string).collect();
    PuzzleRow {
        id: r.get(0),
        variant: r.get(1),
        fen: r.get(2),
        moves: words(r.get(3)),
        themes: words(r.get(4)),
        rating: r.get(5),
        deviation: r.get(6),
        volatility: r.get(7),
        plays: r.get(8),
    }
}

const PUZZLE_COLS: &str = "id, variant, fen, moves, themes, rating, deviation, volatility, plays";

fn session_row(r: &sqlx::any::AnyRow) -> SessionRow {
    SessionRow {
        id: r.get(0),
        player: r.get(1),
        server: r.get(2),
        channel: r.get(3),
        puzzle_id: r.get(4),
        step: r.get::<i64, _>(5) as usize,
        rated: r.get::<i64, _>(6) != 0,
        hinted: r.get::<i64, _>(7) != 0,
        daily_day: r.get(8),
        status: r.get(9),
    }
}

const SESSION_COLS: &str =
    "id, player_id, server, channel, puzzle_id, step, rated, hinted, daily_day, status";

impl Store {
    /// Loads the shipped puzzles on start, unless they are all there
    /// already (idempotent, and cheap on every later start).
    pub async fn load_shipped_puzzles(&self) -> Result<usize> {
        let shipped = crate::puzzles::data::shipped();
        let stored: i64 = sqlx::query("SELECT COUNT(*) FROM puzzles")
            .fetch_one(self.pool())
            .await?
            .get(0);
        if stored as usize >= shipped.len() {
            return Ok(0);
        }
        self.load_puzzles(&shipped).await
    }

    /// Adds puzzles not yet stored (by id); ratings of stored ones, which
    /// play has moved, stay.
    pub async fn load_puzzles(&self, puzzles: &[Puzzle]) -> Result<usize> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        let mut added = 0;
        for p in puzzles {
            let themes: Vec<String> = p.themes.iter().map(|t| t.to_string()).collect();
            added += sqlx::query(
                "INSERT INTO puzzles (id, variant, fen, moves, themes, rating, deviation, volatility)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING",
            )
            .bind(&p.id)
            .bind(p.variant.name())
            .bind(&p.fen)
            .bind(p.moves.join(" "))
            .bind(themes.join(" "))
            .bind(p.rating as f64)
            .bind(START_DEVIATION)
            .bind(START_VOLATILITY)
            .execute(&mut *tx)
            .await?
            .rows_affected() as usize;
        }
        tx.commit().await?;
        Ok(added)
    }

    pub async fn puzzle(&self, id: &str) -> Result<Option<PuzzleRow>> {
        let row = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {PUZZLE_COLS} FROM puzzles WHERE id = $1"
        )))
        .bind(id)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.as_ref().map(puzzle_row))
    }

    /// The puzzle nearest `rating` the player has not tried, in `variant`
    /// or any; ties go to the lower id so the choice is reproducible.
    pub async fn puzzle_near(
        &self,
        player: PlayerId,
        variant: Option<&str>,
        rating: f64,
    ) -> Result<Option<PuzzleRow>> {
        let row = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {PUZZLE_COLS} FROM puzzles
             WHERE ($1 IS NULL OR variant = $1)
               AND id NOT IN (SELECT puzzle_id FROM puzzle_attempts WHERE player_id = $2)
             ORDER BY ABS(rating - $3), id LIMIT 1"
        )))
        .bind(variant)
        .bind(player)
        .bind(rating)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.as_ref().map(puzzle_row))
    }

    /// The puzzles of a variant, by id (the daily choice indexes them).
    pub async fn puzzle_ids(&self, variant: &str) -> Result<Vec<String>> {
        let rows = sqlx::query("SELECT id FROM puzzles WHERE variant = $1 ORDER BY id")
            .bind(variant)
            .fetch_all(self.pool())
            .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    pub async fn puzzle_rating(&self, player: PlayerId) -> Result<Option<PuzzleRatingRow>> {
        let row = sqlx::query(
            "SELECT player_id, rating, deviation, volatility, attempts, streak, best_streak, streak_day
             FROM puzzle_ratings WHERE player_id = $1",
        )
        .bind(player)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.map(|r| PuzzleRatingRow {
            player: r.get(0),
            rating: r.get(1),
            deviation: r.get(2),
            volatility: r.get(3),
            attempts: r.get(4),
            streak: r.get(5),
            best_streak: r.get(6),
            streak_day: r.get(7),
        }))
    }

    pub async fn save_puzzle_rating(&self, row: &PuzzleRatingRow) -> Result<()> {
        upsert_rating(self.pool(), row).await
    }

    /// Records a rated attempt and both new ratings in one transaction.
    /// `false`, and nothing changed, if the player had already tried this
    /// puzzle: only the first attempt counts, also when two answers race.
    pub async fn record_attempt(
        &self,
        player: &PuzzleRatingRow,
        puzzle: &PuzzleRow,
        result: f64,
        now: i64,
    ) -> Result<bool> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        let inserted = sqlx::query(
            "INSERT INTO puzzle_attempts (player_id, puzzle_id, result, at) VALUES ($1, $2, $3, $4)
             ON CONFLICT DO NOTHING",
        )
        .bind(player.player)
        .bind(&puzzle.id)
        .bind(result)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if inserted == 0 {
            return Ok(false);
        }
        sqlx::query(
            "UPDATE puzzles SET rating = $1, deviation = $2, volatility = $3, plays = plays + 1 WHERE id = $4",
        )
        .bind(puzzle.rating)
        .bind(puzzle.deviation)
        .bind(puzzle.volatility)
        .bind(&puzzle.id)
        .execute(&mut *tx)
        .await?;
        upsert_rating(&mut *tx, player).await?;
        tx.commit().await?;
        Ok(true)
    }

    pub async fn attempted(&self, player: PlayerId, puzzle: &str) -> Result<bool> {
        let row =
            sqlx::query("SELECT 1 FROM puzzle_attempts WHERE player_id = $1 AND puzzle_id = $2")
                .bind(player)
                .bind(puzzle)
                .fetch_optional(self.pool())
                .await?;
        Ok(row.is_some())
    }

    /// Starts a session, closing any other active one of the player here.
    pub async fn start_session(&self, s: &SessionRow, now: i64) -> Result<i64> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        sqlx::query(
            "UPDATE puzzle_sessions SET status = 'abandoned'
             WHERE status = 'active' AND player_id = $1 AND server = $2 AND channel = $3",
        )
        .bind(s.player)
        .bind(&s.server)
        .bind(&s.channel)
        .execute(&mut *tx)
        .await?;
        let row = sqlx::query(
            "INSERT INTO puzzle_sessions (player_id, server, channel, puzzle_id, step, rated, hinted, daily_day, status, started_at)
             VALUES ($1, $2, $3, $4, 0, $5, 0, $6, 'active', $7) RETURNING id",
        )
        .bind(s.player)
        .bind(&s.server)
        .bind(&s.channel)
        .bind(&s.puzzle_id)
        .bind(i64::from(s.rated))
        .bind(s.daily_day)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(row.get(0))
    }

    /// The player's active puzzle in this place.
    pub async fn active_session(
        &self,
        player: PlayerId,
        server: &str,
        channel: &str,
    ) -> Result<Option<SessionRow>> {
        let row = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {SESSION_COLS} FROM puzzle_sessions
             WHERE status = 'active' AND player_id = $1 AND server = $2 AND channel = $3
             ORDER BY id DESC LIMIT 1"
        )))
        .bind(player)
        .bind(server)
        .bind(channel)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.as_ref().map(session_row))
    }

    pub async fn update_session(&self, s: &SessionRow) -> Result<()> {
        sqlx::query("UPDATE puzzle_sessions SET step = $1, hinted = $2, status = $3 WHERE id = $4")
            .bind(s.step as i64)
            .bind(i64::from(s.hinted))
            .bind(&s.status)
            .bind(s.id)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// The puzzle of `day`, choosing it with `choose` the first time.
    pub async fn daily_puzzle(&self, day: i64, chosen: &str) -> Result<String> {
        sqlx::query(
            "INSERT INTO daily_puzzles (day, puzzle_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        )
        .bind(day)
        .bind(chosen)
        .execute(self.pool())
        .await?;
        let row = sqlx::query("SELECT puzzle_id FROM daily_puzzles WHERE day = $1")
            .bind(day)
            .fetch_one(self.pool())
            .await?;
        Ok(row.get(0))
    }

    pub async fn daily_puzzle_of(&self, day: i64) -> Result<Option<String>> {
        let row = sqlx::query("SELECT puzzle_id FROM daily_puzzles WHERE day = $1")
            .bind(day)
            .fetch_optional(self.pool())
            .await?;
        Ok(row.map(|r| r.get(0)))
    }

    /// Servers with a daily puzzle channel and hour: (server, channel, hour).
    pub async fn daily_servers(&self) -> Result<Vec<(String, String, u32)>> {
        let rows = sqlx::query(
            "SELECT id, puzzle_channel, puzzle_hour FROM servers
             WHERE puzzle_channel IS NOT NULL AND puzzle_hour IS NOT NULL",
        )
        .fetch_all(self.pool())
        .await?;
        Ok(rows
            .iter()
            .map(|r| (r.get(0), r.get(1), r.get::<i64, _>(2) as u32))
            .collect())
    }

    /// Claims the day's post for a server: true only the first time, so a
    /// post goes out once even across restarts.
    pub async fn claim_daily_post(
        &self,
        server: &str,
        day: i64,
        channel: &str,
        now: i64,
    ) -> Result<bool> {
        let done = sqlx::query(
            "INSERT INTO daily_posts (server, day, channel, posted_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT DO NOTHING",
        )
        .bind(server)
        .bind(day)
        .bind(channel)
        .bind(now)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Records a daily solve; true if it is the player's first for that day.
    pub async fn add_daily_solve(&self, day: i64, player: PlayerId, now: i64) -> Result<bool> {
        let done =
            sqlx::query("INSERT INTO daily_solves (day, player_id, at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
                .bind(day)
                .bind(player)
                .bind(now)
                .execute(self.pool())
                .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The names of who solved `day`'s puzzle, in the order they did.
    pub async fn daily_solvers(&self, day: i64) -> Result<Vec<String>> {
        let rows = sqlx::query(
            "SELECT p.name FROM daily_solves d JOIN players p ON p.id = d.player_id
             WHERE d.day = $1 ORDER BY d.at, p.name",
        )
        .bind(day)
        .fetch_all(self.pool())
        .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    pub async fn set_daily_thread(&self, server: &str, day: i64, thread: &str) -> Result<()> {
        sqlx::query("UPDATE daily_posts SET thread = $1 WHERE server = $2 AND day = $3")
            .bind(thread)
            .bind(server)
            .bind(day)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    pub async fn daily_thread_day(&self, server: &str, thread: &str) -> Result<Option<i64>> {
        let row = sqlx::query("SELECT day FROM daily_posts WHERE server = $1 AND thread = $2")
            .bind(server)
            .bind(thread)
            .fetch_optional(self.pool())
            .await?;
        Ok(row.map(|r| r.get(0)))
    }

    /// Whether any daily post opened this thread (the Discord adapter reads
    /// plain messages there).
    pub async fn is_daily_thread(&self, thread: &str) -> Result<bool> {
        let row = sqlx::query("SELECT 1 FROM daily_posts WHERE thread = $1")
            .bind(thread)
            .fetch_optional(self.pool())
            .await?;
        Ok(row.is_some())
    }

    /// Whether anyone is solving a puzzle in this channel (the Discord
    /// adapter then reads plain messages there).
    pub async fn has_active_session_in(&self, channel: &str) -> Result<bool> {
        let row = sqlx::query(
            "SELECT 1 FROM puzzle_sessions WHERE status = 'active' AND channel = $1 LIMIT 1",
        )
        .bind(channel)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.is_some())
    }
}

/// Writes a player's puzzle rating row, inside a transaction or not.
async fn upsert_rating<'e>(
    executor: impl sqlx::Executor<'e, Database = sqlx::Any>,
    row: &PuzzleRatingRow,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO puzzle_ratings (player_id, rating, deviation, volatility, attempts, streak, best_streak, streak_day)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT(player_id) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
           volatility = excluded.volatility, attempts = excluded.attempts, streak = excluded.streak,
           best_streak = excluded.best_streak, streak_day = excluded.streak_day",
    )
    .bind(row.player)
    .bind(row.rating)
    .bind(row.deviation)
    .bind(row.volatility)
    .bind(row.attempts)
    .bind(row.streak)
    .bind(row.best_streak)
    .bind(row.streak_day)
    .execute(executor)
    .await?;
    Ok(())
}

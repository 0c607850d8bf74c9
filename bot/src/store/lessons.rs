//! Each player's place in the course.

use super::{PlayerId, Result, Store};
use sqlx::Row;

/// A player's place in one variant's course, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonRow {
    pub variant: String,
    /// The task they are on; empty once the course is done.
    pub task: String,
    /// The position inside a task of several moves; `None` at its start.
    pub fen: Option<String>,
    pub at: Option<String>,
    /// Goal squares visited, space separated.
    pub visited: String,
    pub solved: i64,
}

impl Store {
    /// The player's place in a variant's course, if they ever began it.
    pub async fn lesson(&self, player: PlayerId, variant: &str) -> Result<Option<LessonRow>> {
        let row = sqlx::query(
            "SELECT task, fen, at_square, visited, solved FROM lessons WHERE player = $1 AND variant = $2",
        )
        .bind(player)
        .bind(variant)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.map(|r| LessonRow {
            variant: variant.to_string(),
            task: r.get(0),
            fen: r.get(1),
            at: r.get(2),
            visited: r.get(3),
            solved: r.get(4),
        }))
    }

    /// Saves a place in a course and makes that course the active one.
    pub async fn save_lesson(&self, player: PlayerId, row: &LessonRow, now: i64) -> Result<()> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        sqlx::query(
            "INSERT INTO lessons (player, variant, task, fen, at_square, visited, solved, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
             ON CONFLICT (player, variant) DO UPDATE SET task = excluded.task, fen = excluded.fen,
               at_square = excluded.at_square, visited = excluded.visited,
               solved = excluded.solved, updated_at = excluded.updated_at",
        )
        .bind(player)
        .bind(&row.variant)
        .bind(&row.task)
        .bind(&row.fen)
        .bind(&row.at)
        .bind(&row.visited)
        .bind(row.solved)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO lesson_active (player, variant) VALUES ($1, $2)
             ON CONFLICT (player) DO UPDATE SET variant = excluded.variant",
        )
        .bind(player)
        .bind(&row.variant)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The variant whose course the player is taking now, if any.
    pub async fn active_lesson(&self, player: PlayerId) -> Result<Option<String>> {
        Ok(
            sqlx::query("SELECT variant FROM lesson_active WHERE player = $1")
                .bind(player)
                .fetch_optional(self.pool())
                .await?
                .map(|r| r.get(0)),
        )
    }

    /// Leaves lesson mode (their place in each course stays).
    pub async fn stop_lesson(&self, player: PlayerId) -> Result<()> {
        sqlx::query("DELETE FROM lesson_active WHERE player = $1")
            .bind(player)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// How far the player got in each course they began: (variant, task, solved).
    pub async fn lessons_of(&self, player: PlayerId) -> Result<Vec<(String, String, i64)>> {
        let rows = sqlx::query("SELECT variant, task, solved FROM lessons WHERE player = $1")
            .bind(player)
            .fetch_all(self.pool())
            .await?;
        Ok(rows
            .into_iter()
            .map(|r| (r.get(0), r.get(1), r.get(2)))
            .collect())
    }
}

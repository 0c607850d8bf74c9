//! Storage: SQLite through sqlx. Every write a player was told about is
//! committed before the reply goes out.

mod challenges;
mod games;
mod health;
mod lessons;
mod players;
mod puzzles;

pub use challenges::ChallengeRow;
pub use games::{GameRow, MoveRow};
pub use lessons::LessonRow;
pub use players::{RatingRow, ServerSettings};
pub use puzzles::{PuzzleRatingRow, PuzzleRow, SessionRow};

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::SqlitePool;
use std::path::Path;
use std::time::Duration;

pub type PlayerId = i64;
pub type GameId = i64;

/// A failure of the database itself (not of a player's input).
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Sql(#[from] sqlx::Error),
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("stored data is damaged: {0}")]
    Corrupt(String),
    /// The file itself is not a sound database; the text says what to do.
    #[error("{0}")]
    DamagedFile(String),
    #[error("cannot write a backup to {0}: the path must be valid UTF-8")]
    BackupPath(String),
}

pub type Result<T> = std::result::Result<T, StoreError>;

/// The database handle; cheap to clone.
#[derive(Clone)]
pub struct Store {
    pool: SqlitePool,
}

impl Store {
    /// Opens (creating if needed) the SQLite file and applies migrations.
    pub async fn open(path: &Path) -> Result<Store> {
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // WAL with NORMAL loses nothing on a process crash; FULL also
            // survives power loss, which a move acknowledgement promises.
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(5));
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options)
            .await
            .map_err(|e| {
                if health::is_damage(&e) {
                    health::damaged(path, &e)
                } else {
                    e.into()
                }
            })?;
        health::check(&pool, path).await?;
        sqlx::migrate!("../migrations").run(&pool).await?;
        let store = Store { pool };
        store.load_shipped_puzzles().await?;
        Ok(store)
    }

    /// Closes the database (a clean shutdown; the next open carries on).
    pub async fn close(&self) {
        if let Err(error) = self.checkpoint().await {
            tracing::warn!(%error, "WAL checkpoint at shutdown failed");
        }
        self.pool.close().await;
    }

    pub(crate) fn pool(&self) -> &SqlitePool {
        &self.pool
    }
}

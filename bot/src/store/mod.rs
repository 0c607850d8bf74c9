//! Storage: SQLite (the default) or PostgreSQL, through sqlx's `Any`
//! driver, so one set of queries serves both: they use `$n` placeholders,
//! `ON CONFLICT` and `RETURNING`, which both databases accept, and store
//! flags as 0/1 integers. Every write a player was told about is committed
//! before the reply goes out.

mod challenges;
mod games;
mod health;
mod leases;
mod lessons;
mod location;
mod players;
mod puzzles;

pub use challenges::ChallengeRow;
pub use games::{GameRow, MoveRow};
pub use lessons::LessonRow;
pub use players::{RatingRow, ServerSettings};
pub use puzzles::{PuzzleRatingRow, PuzzleRow, SessionRow};

pub use location::Location;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{AnyConnection, AnyPool, ConnectOptions, Connection, Executor};
use std::path::{Path, PathBuf};
use std::sync::Arc;

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
    /// A SQLite file's upkeep asked of a PostgreSQL database.
    #[error(
        "{0} works on a SQLite file only; on PostgreSQL use its own tools (pg_dump, pg_amcheck)"
    )]
    SqliteOnly(&'static str),
    #[error("{0}")]
    Location(String),
    /// The game changed (another process wrote it) since it was read.
    #[error("game #{0} changed since it was read")]
    Stale(GameId),
}

pub type Result<T> = std::result::Result<T, StoreError>;

/// Set on each SQLite connection (the URL carries only the file and mode).
/// WAL with NORMAL loses nothing on a process crash; FULL also survives
/// power loss, which a move acknowledgement promises. sqlx already turns
/// foreign keys on and waits 5 s for a lock; these say so rather than rely
/// on it.
const SQLITE_PRAGMAS: &str = "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;
    PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;";

/// The database handle; cheap to clone.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    /// The SQLite file, or `None` on PostgreSQL.
    file: Option<PathBuf>,
    /// SQLite's writers' queue (see [`Store::write_turn`]).
    writers: Arc<tokio::sync::Mutex<()>>,
}

impl Store {
    /// Opens (creating if needed) a SQLite file and applies migrations.
    pub async fn open(path: &Path) -> Result<Store> {
        Store::connect(&Location::File(path.to_path_buf())).await
    }

    /// Opens the database `DATABASE_URL` (or `--db`) names: a SQLite file
    /// (created if needed) or a PostgreSQL database (which must exist).
    /// Migrations for that database are applied before anything else.
    pub async fn connect(location: &Location) -> Result<Store> {
        sqlx::any::install_default_drivers();
        let store = match location {
            Location::File(path) => Store::open_sqlite(path).await?,
            Location::Postgres(url) => Store::open_postgres(url).await?,
        };
        store.load_shipped_puzzles().await?;
        Ok(store)
    }

    async fn open_sqlite(path: &Path) -> Result<Store> {
        let url = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .to_url_lossy();
        let options = AnyConnectOptions::from_url(&url)?;
        let damage = |e: sqlx::Error| {
            if health::is_damage(&e) {
                health::damaged(path, &e)
            } else {
                e.into()
            }
        };
        // One connection first: a pool retries a connection whose setup
        // fails until it times out, which would turn "the file is damaged"
        // into a 30-second wait and a vague timeout.
        let mut probe = AnyConnection::connect_with(&options)
            .await
            .map_err(damage)?;
        probe.execute(SQLITE_PRAGMAS).await.map_err(damage)?;
        probe.close().await?;
        let pool = AnyPoolOptions::new()
            .max_connections(4)
            .after_connect(|conn, _meta| {
                Box::pin(async move {
                    conn.execute(SQLITE_PRAGMAS).await?;
                    Ok(())
                })
            })
            .connect_with(options)
            .await
            .map_err(damage)?;
        health::check(&pool, path).await?;
        sqlx::migrate!("../migrations/sqlite").run(&pool).await?;
        Ok(Store {
            pool,
            file: Some(path.to_path_buf()),
            writers: Arc::default(),
        })
    }

    async fn open_postgres(url: &str) -> Result<Store> {
        let options: AnyConnectOptions = url
            .parse()
            .map_err(|e| StoreError::Location(format!("DATABASE_URL is not a URL: {e}")))?;
        let pool = AnyPoolOptions::new()
            .max_connections(8)
            .connect_with(options)
            .await?;
        // sqlx takes an advisory lock, so processes starting together
        // apply each migration once.
        sqlx::migrate!("../migrations/postgres").run(&pool).await?;
        Ok(Store {
            pool,
            file: None,
            writers: Arc::default(),
        })
    }

    /// The SQLite file, or `None` on PostgreSQL.
    pub fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    /// Closes the database (a clean shutdown; the next open carries on).
    pub async fn close(&self) {
        if self.file.is_some() {
            if let Err(error) = self.checkpoint().await {
                tracing::warn!(%error, "WAL checkpoint at shutdown failed");
            }
        }
        self.pool.close().await;
    }

    pub(crate) fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Held for the length of a write transaction. SQLite lets one writer
    /// in at a time and makes the others sleep and retry (1, 2, 5, 10 ms
    /// and longer), so under load a move could wait for a lock freed long
    /// before. Queued here, each writer starts the moment the last one
    /// commits. PostgreSQL locks rows, not the file: no queue there.
    pub(crate) async fn write_turn(&self) -> Option<tokio::sync::MutexGuard<'_, ()>> {
        match self.file {
            Some(_) => Some(self.writers.lock().await),
            None => None,
        }
    }
}

//! Keeping the database file sound: a check at start, WAL checkpoints, and
//! online backups.

use super::{Result, Store, StoreError};
use sqlx::{AnyPool, AssertSqlSafe};
use std::path::Path;

/// How many problems `quick_check` reports before it stops; one is enough
/// to refuse, a few help whoever repairs the file.
const CHECK_LIMIT: i64 = 5;

/// Whether an error from opening the file means its bytes are not a sound
/// SQLite database (rather than, say, a missing folder or a locked file).
pub(super) fn is_damage(error: &sqlx::Error) -> bool {
    let text = error.to_string().to_ascii_lowercase();
    text.contains("not a database")
        || text.contains("malformed")
        || text.contains("corrupt")
        || text.contains("file is encrypted")
}

/// What to do about a damaged file, for the operator.
pub(super) fn damaged(path: &Path, detail: impl std::fmt::Display) -> StoreError {
    StoreError::DamagedFile(format!(
        "the database file {} is damaged ({detail}). alfil will not start on it, \
         so that nothing more is lost: restore the latest backup (made with \
         `alfil backup <file>`) over it, or move it away to start afresh",
        path.display()
    ))
}

/// Refuses a file whose pages or indexes are damaged. `quick_check` reads
/// every page but skips the slow index-to-table cross-check, so it stays
/// quick on a bot's database while still catching torn and garbled pages.
pub(super) async fn check(pool: &AnyPool, path: &Path) -> Result<()> {
    let found: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "PRAGMA quick_check({CHECK_LIMIT})"
    )))
    .fetch_all(pool)
    .await
    .map_err(|e| {
        if is_damage(&e) {
            damaged(path, &e)
        } else {
            e.into()
        }
    })?;
    if found.len() == 1 && found[0] == "ok" {
        return Ok(());
    }
    Err(damaged(path, found.join("; ")))
}

impl Store {
    /// Copies the write-ahead log into the database file and empties it, so
    /// the log does not grow without end and the file alone is complete.
    pub async fn checkpoint(&self) -> Result<()> {
        self.wal_checkpoint("TRUNCATE").await
    }

    /// Copies what it can of the write-ahead log into the database file
    /// without waiting for anyone. SQLite otherwise does this inside the
    /// commit that fills the log past 1,000 pages, and that one move then
    /// waits tens of milliseconds for the copy and its disk sync, with
    /// every other writer queued behind it. Called every second, it keeps
    /// the log short enough that a commit never has to.
    pub async fn checkpoint_passive(&self) -> Result<()> {
        self.wal_checkpoint("PASSIVE").await
    }

    async fn wal_checkpoint(&self, mode: &'static str) -> Result<()> {
        self.sqlite_only("a WAL checkpoint")?;
        sqlx::query(AssertSqlSafe(format!("PRAGMA wal_checkpoint({mode})")))
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// Writes a consistent copy of the whole database to `dest` while the
    /// service goes on: `VACUUM INTO` reads one snapshot, so moves made
    /// meanwhile are either wholly in the copy or wholly not.
    pub async fn backup(&self, dest: &Path) -> Result<()> {
        self.sqlite_only("alfil backup")?;
        let dest = dest
            .to_str()
            .ok_or_else(|| StoreError::BackupPath(dest.display().to_string()))?;
        sqlx::query("VACUUM INTO $1")
            .bind(dest)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    fn sqlite_only(&self, what: &'static str) -> Result<()> {
        match self.file() {
            Some(_) => Ok(()),
            None => Err(StoreError::SqliteOnly(what)),
        }
    }

    /// How many games the database holds (for a backup's summary).
    pub async fn game_count(&self) -> Result<i64> {
        Ok(sqlx::query_scalar("SELECT count(*) FROM games")
            .fetch_one(self.pool())
            .await?)
    }
}

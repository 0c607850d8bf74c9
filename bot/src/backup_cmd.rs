//! `alfil backup <file> [--db FILE]`: a consistent copy of the database,
//! safe to take while the bot is running.

use crate::db_arg::DbArg;
use alfil::store::{Location, Store};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Where to write the copy (must not exist yet)
    file: PathBuf,
    #[command(flatten)]
    db: DbArg,
}

pub fn run(args: Args) -> Result<(), String> {
    if args.file.exists() {
        return Err(format!(
            "{} already exists: choose a new file name, so that no backup is overwritten",
            args.file.display()
        ));
    }
    let db = match args.db.location()? {
        Location::File(path) => path,
        Location::Postgres(_) => {
            return Err("alfil backup copies a SQLite file; on PostgreSQL use pg_dump".into())
        }
    };
    if !db.exists() {
        return Err(format!("there is no database at {}", db.display()));
    }
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    runtime.block_on(async move {
        let store = Store::open(&db)
            .await
            .map_err(|e| format!("cannot open {}: {e}", db.display()))?;
        store
            .backup(&args.file)
            .await
            .map_err(|e| format!("backup to {} failed: {e}", args.file.display()))?;
        // A backup that cannot be opened is worse than none: prove it opens
        // and passes the same check as a start.
        let copy = Store::open(&args.file)
            .await
            .map_err(|e| format!("the backup {} does not open: {e}", args.file.display()))?;
        let games = copy.game_count().await.map_err(|e| e.to_string())?;
        copy.close().await;
        println!("backed up {games} games to {}", args.file.display());
        Ok(())
    })
}

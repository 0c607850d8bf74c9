//! `alfil backup <file> [--db FILE]`: a consistent copy of the database,
//! safe to take while the bot is running.

use alfil::store::Store;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Where to write the copy (must not exist yet)
    file: PathBuf,
    /// The SQLite database file to copy
    #[arg(long, default_value = "alfil.db", env = "ALFIL_DB")]
    db: PathBuf,
}

pub fn run(args: Args) -> Result<(), String> {
    if args.file.exists() {
        return Err(format!(
            "{} already exists: choose a new file name, so that no backup is overwritten",
            args.file.display()
        ));
    }
    if !args.db.exists() {
        return Err(format!("there is no database at {}", args.db.display()));
    }
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    runtime.block_on(async move {
        let store = Store::open(&args.db)
            .await
            .map_err(|e| format!("cannot open {}: {e}", args.db.display()))?;
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

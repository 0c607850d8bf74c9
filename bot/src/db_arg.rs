//! `--db`, shared by the commands that open the database.

use alfil::store::Location;

/// Where the database is. `--db` wins, then `DATABASE_URL`, then the older
/// `ALFIL_DB` (a file path), then `alfil.db` beside the working directory.
#[derive(clap::Args)]
pub struct DbArg {
    /// The database: a SQLite file (created if missing), a sqlite: URL, or a
    /// postgres:// URL (the database must exist) [default: alfil.db, or
    /// ALFIL_DB]
    #[arg(long = "db", env = "DATABASE_URL", value_name = "FILE|URL")]
    db: Option<Location>,
}

impl DbArg {
    pub fn location(&self) -> Result<Location, String> {
        if let Some(at) = &self.db {
            return Ok(at.clone());
        }
        match std::env::var("ALFIL_DB") {
            Ok(file) if !file.trim().is_empty() => {
                file.parse().map_err(|e| format!("ALFIL_DB: {e}"))
            }
            _ => Ok(Location::File("alfil.db".into())),
        }
    }
}

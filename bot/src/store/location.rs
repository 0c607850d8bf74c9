//! Where the database is: `DATABASE_URL` (or `--db`) as given by the
//! operator.

use super::StoreError;
use sqlx::sqlite::SqliteConnectOptions;
use std::path::PathBuf;
use std::str::FromStr;

/// A SQLite file (the default) or a PostgreSQL server's database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    File(PathBuf),
    /// A `postgres://` (or `postgresql://`) URL, kept whole for sqlx.
    Postgres(String),
}

impl FromStr for Location {
    type Err = StoreError;

    /// A plain path or a `sqlite:` URL names a file; `postgres://` a
    /// server; any other scheme is refused rather than taken for a file
    /// name (a `mysql://…` file would surprise everyone).
    fn from_str(s: &str) -> Result<Location, StoreError> {
        let lower = s.to_ascii_lowercase();
        if lower.starts_with("postgres://") || lower.starts_with("postgresql://") {
            return Ok(Location::Postgres(s.to_string()));
        }
        if lower.starts_with("sqlite:") {
            let options = SqliteConnectOptions::from_str(s)
                .map_err(|e| StoreError::Location(format!("bad sqlite: URL {s:?}: {e}")))?;
            return Ok(Location::File(options.get_filename().to_path_buf()));
        }
        if let Some((scheme, _)) = s.split_once("://") {
            return Err(StoreError::Location(format!(
                "unknown database {scheme}:// in {s:?}: give a SQLite file path, \
                 a sqlite: URL or a postgres:// URL"
            )));
        }
        if s.trim().is_empty() {
            return Err(StoreError::Location(
                "the database location is empty: give a SQLite file path or a postgres:// URL"
                    .into(),
            ));
        }
        Ok(Location::File(PathBuf::from(s)))
    }
}

impl std::fmt::Display for Location {
    /// For messages: the file, or the server with its password hidden.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::File(path) => write!(f, "{}", path.display()),
            Location::Postgres(url) => match url::Url::parse(url) {
                Ok(mut u) => {
                    if u.password().is_some() {
                        let _ = u.set_password(Some("***"));
                    }
                    write!(f, "{u}")
                }
                Err(_) => f.write_str("postgres://(unreadable URL)"),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_and_urls() {
        assert_eq!(
            "alfil.db".parse::<Location>().unwrap(),
            Location::File("alfil.db".into())
        );
        assert_eq!(
            "sqlite://data/alfil.db".parse::<Location>().unwrap(),
            Location::File("data/alfil.db".into())
        );
        assert_eq!(
            "sqlite:alfil.db".parse::<Location>().unwrap(),
            Location::File("alfil.db".into())
        );
        assert!(matches!(
            "postgres://u:p@127.0.0.1/alfil"
                .parse::<Location>()
                .unwrap(),
            Location::Postgres(_)
        ));
        let refused = "mysql://localhost/alfil".parse::<Location>().unwrap_err();
        assert!(refused.to_string().contains("postgres://"), "{refused}");
    }

    #[test]
    fn a_password_is_not_shown() {
        let at: Location = "postgres://alfil:secret@db.example/alfil".parse().unwrap();
        let shown = at.to_string();
        assert!(!shown.contains("secret"), "{shown}");
        assert!(shown.contains("db.example"), "{shown}");
    }
}

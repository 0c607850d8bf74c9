//! A fresh database for each test: a SQLite file in a temporary folder or,
//! with `ALFIL_TEST_STORE=postgres`, a new database on the PostgreSQL
//! server `ALFIL_TEST_POSTGRES` names (scripts/test starts one and runs
//! the service suites once per store).

use alfil::store::{Location, Store};
use sqlx::{Connection, Row};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Where a test's database lives; dropping it removes a SQLite folder
/// (a PostgreSQL test database goes with the throwaway server).
pub enum TestDb {
    Sqlite(tempfile::TempDir),
    Postgres(String),
}

/// Whether this run's stores are PostgreSQL databases.
pub fn postgres_chosen() -> bool {
    std::env::var("ALFIL_TEST_STORE").is_ok_and(|s| s == "postgres")
}

/// The PostgreSQL server for the tests, if there is one. In CI (scripts/test
/// sets `ALFIL_REQUIRE_POSTGRES`) and when PostgreSQL was asked for, a
/// missing server fails the test: a suite that quietly skipped its
/// PostgreSQL half would prove nothing.
pub fn postgres_server(test: &str) -> Option<String> {
    match std::env::var("ALFIL_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => Some(url),
        _ if postgres_chosen() || std::env::var_os("ALFIL_REQUIRE_POSTGRES").is_some() => panic!(
            "{test} needs PostgreSQL: set ALFIL_TEST_POSTGRES=postgres://user@127.0.0.1:PORT/postgres \
             (scripts/test starts a throwaway server and sets it)"
        ),
        _ => {
            eprintln!(
                "NOTICE: {test} skipped its PostgreSQL half: ALFIL_TEST_POSTGRES is not set \
                 (scripts/test sets it)"
            );
            None
        }
    }
}

impl TestDb {
    /// A new, empty database of the kind this run tests.
    pub async fn fresh() -> TestDb {
        if postgres_chosen() {
            let server = postgres_server("this test").expect("checked above");
            TestDb::Postgres(new_postgres_database(&server).await)
        } else {
            TestDb::sqlite()
        }
    }

    pub fn sqlite() -> TestDb {
        TestDb::Sqlite(tempfile::tempdir().expect("temp dir"))
    }

    pub fn location(&self) -> Location {
        match self {
            TestDb::Sqlite(dir) => Location::File(dir.path().join("alfil.db")),
            TestDb::Postgres(url) => Location::Postgres(url.clone()),
        }
    }

    /// Opens (another) store on this database, as a process would.
    pub async fn open(&self) -> Store {
        Store::connect(&self.location()).await.expect("open store")
    }

    /// Runs one statement over a connection of its own (to set up a case
    /// the service would never make).
    pub async fn execute(&self, sql: &'static str) {
        match self {
            TestDb::Sqlite(dir) => {
                let url = format!("sqlite://{}", dir.path().join("alfil.db").display());
                let mut conn = sqlx::SqliteConnection::connect(&url)
                    .await
                    .expect("connect");
                sqlx::query(sql)
                    .execute(&mut conn)
                    .await
                    .expect("statement");
            }
            TestDb::Postgres(url) => {
                let mut conn = sqlx::PgConnection::connect(url).await.expect("connect");
                sqlx::query(sql)
                    .execute(&mut conn)
                    .await
                    .expect("statement");
            }
        }
    }

    /// The tables a command could change, as text, read over a connection
    /// of its own (players aside: a player is recorded on first sight).
    pub async fn dump(&self) -> String {
        match self {
            TestDb::Sqlite(dir) => super::dump(&dir.path().join("alfil.db")).await,
            TestDb::Postgres(url) => {
                let mut conn = sqlx::PgConnection::connect(url).await.expect("connect");
                let mut out = String::new();
                for table in super::DUMPED_TABLES {
                    // A row as PostgreSQL writes a record, in a stable order.
                    let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
                        "SELECT t::text FROM {table} t ORDER BY t::text"
                    )))
                    .fetch_all(&mut conn)
                    .await
                    .expect("rows");
                    out.push_str(&format!("[{table}]\n"));
                    for r in rows {
                        out.push_str(&r.get::<String, _>(0));
                        out.push('\n');
                    }
                }
                out
            }
        }
    }
}

/// Creates a database of its own on the server and returns its URL.
pub async fn new_postgres_database(server: &str) -> String {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_micros();
    let name = format!(
        "alfil_test_{}_{}_{}",
        std::process::id(),
        COUNT.fetch_add(1, Ordering::Relaxed),
        stamp % 1_000_000_000
    );
    let mut admin = sqlx::PgConnection::connect(server)
        .await
        .expect("connect to the test PostgreSQL server");
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&mut admin)
        .await
        .expect("create a test database");
    let mut url = url::Url::parse(server).expect("ALFIL_TEST_POSTGRES is a URL");
    url.set_path(&name);
    url.to_string()
}

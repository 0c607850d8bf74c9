//! A PostgreSQL database of a test's own, on the throwaway server that
//! scripts/test starts and names in `ALFIL_TEST_POSTGRES` (the same
//! convention as the bot's own tests, bot/tests/suite/common/db.rs).

use sqlx::Connection;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The PostgreSQL server for the tests, if there is one. With
/// `ALFIL_REQUIRE_POSTGRES` set (scripts/test sets it) a missing server
/// fails the test: a test that quietly skipped would prove nothing.
pub fn server(test: &str) -> Option<String> {
    match std::env::var("ALFIL_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => Some(url),
        _ if std::env::var_os("ALFIL_REQUIRE_POSTGRES").is_some() => panic!(
            "{test} needs PostgreSQL: set ALFIL_TEST_POSTGRES=postgres://user@127.0.0.1:PORT/postgres \
             (scripts/test starts a throwaway server and sets it)"
        ),
        _ => {
            eprintln!(
                "NOTICE: {test} skipped: it needs PostgreSQL and ALFIL_TEST_POSTGRES is not set \
                 (scripts/test sets it)"
            );
            None
        }
    }
}

/// Creates an empty database on the server and returns its URL.
pub async fn fresh_database(server: &str) -> String {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_micros();
    let name = format!(
        "alfil_e2e_{}_{}_{}",
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

//! The bot token never shows: `alfil run` with a recognisable fake token,
//! pointed at a closed port and logging at trace level, fails to connect
//! (and says so) without the token in anything it prints.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const TOKEN: &str = "MTAxNjQ0.FAKE-alfil-token.Zm9vYmFyYmF6cXV4";

/// A local port nothing listens on.
fn closed_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

fn hex(text: &str) -> String {
    text.bytes().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn the_token_is_in_no_log_even_at_trace_level() {
    let dir = tempfile::tempdir().unwrap();
    let port = closed_port();
    let mut child = Command::new(env!("CARGO_BIN_EXE_alfil"))
        .arg("run")
        .arg("--db")
        .arg(dir.path().join("a.db"))
        .env("DISCORD_TOKEN", TOKEN)
        .env("ALFIL_DISCORD_PROXY", format!("http://127.0.0.1:{port}"))
        .env("RUST_LOG", "trace")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run alfil");
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let readers = (
        std::thread::spawn(move || {
            let mut v = Vec::new();
            let _ = out.read_to_end(&mut v);
            v
        }),
        std::thread::spawn(move || {
            let mut v = Vec::new();
            let _ = err.read_to_end(&mut v);
            v
        }),
    );
    // Let it try (and retry, if it does) for a while.
    let began = Instant::now();
    while began.elapsed() < Duration::from_secs(6) {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = child.kill();
    let _ = child.wait();
    let mut all = readers.0.join().unwrap();
    all.extend(readers.1.join().unwrap());
    let text = String::from_utf8_lossy(&all);
    assert!(
        text.lines().count() > 5,
        "expected trace logs and an error:\n{text}"
    );
    for secret in [TOKEN, "FAKE-alfil-token", "Zm9vYmFyYmF6cXV4"] {
        assert!(!text.contains(secret), "the token leaked:\n{text}");
        assert!(
            !text.contains(&hex(secret)),
            "the token leaked in hex:\n{text}"
        );
    }
    // It did try to reach Discord, so the token was in play.
    assert!(
        text.contains(&port.to_string()) || text.to_lowercase().contains("connect"),
        "{text}"
    );
}

//! The real `alfil console` binary, fed a script on stdin.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Runs the console over a script with the CPU thinking 30 ms; its output.
pub fn console(db: &Path, out: &Path, script: &str) -> String {
    console_with(&["--cpu-ms", "30"], db, out, script)
}

/// Runs the console with extra flags over a script; its output. Fails the
/// test, showing stderr, if the console does not exit cleanly.
pub fn console_with(flags: &[&str], db: &Path, out: &Path, script: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_alfil"))
        .arg("console")
        .args(flags)
        .arg("--db")
        .arg(db)
        .arg("--out")
        .arg(out)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run alfil console");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        output.status.success(),
        "console failed: {}\n{stdout}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

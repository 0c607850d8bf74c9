//! The real `alfil` binary, run against a [`FakeDiscord`].
//!
//! [`bot_binary`] finds the binary and builds it first: `cargo test` does not
//! build another package's binaries for this one, and
//! `env!("CARGO_BIN_EXE_alfil")` only exists inside the bot's own package.
//! So the first test that needs it runs `cargo build -p alfil --bin alfil`
//! (same target dir; `--release` when the tests themselves are optimised
//! without debug assertions, as `cargo bench` does). Cargo releases its
//! build lock before it runs test binaries, so the nested build does not
//! wait on the outer one; when nothing changed it takes a fraction of a
//! second. `ALFIL_BIN=/path/to/alfil` skips all that; `scripts/test` sets
//! it to the binary its workspace build made, because `-p alfil` resolves
//! other features than `--workspace` and would rebuild a third of the tree.

use crate::logs::{is_parse_failure, SERENITY_PARSE_LOG};
use crate::FakeDiscord;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::{Arc, Mutex, OnceLock};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

/// The workspace's root.
pub fn workspace_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ is inside the workspace")
        .to_path_buf()
}

/// The `alfil` binary, built if needed (once per test process).
pub fn bot_binary() -> PathBuf {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        if let Some(p) = std::env::var_os("ALFIL_BIN") {
            return PathBuf::from(p);
        }
        let ws = workspace_dir();
        let target = std::env::var_os("CARGO_TARGET_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| ws.join("target"));
        let release = !cfg!(debug_assertions);
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let mut cmd = std::process::Command::new(cargo);
        cmd.current_dir(&ws)
            .args(["build", "--quiet", "-p", "alfil", "--bin", "alfil"])
            .env("CARGO_TARGET_DIR", &target);
        // Cargo gave this test process its package's variables. Build
        // scripts (ring's) rerun when those change, so a nested build that
        // inherits them rebuilds half the tree, and the next plain build
        // rebuilds it back.
        for (key, _) in std::env::vars_os() {
            let key = key.to_string_lossy();
            let from_test = [
                "CARGO_PKG_",
                "CARGO_MANIFEST_",
                "CARGO_CRATE_",
                "CARGO_BIN_",
            ]
            .iter()
            .any(|p| key.starts_with(p))
                || key == "CARGO_PRIMARY_PACKAGE"
                || key == "OUT_DIR";
            if from_test {
                cmd.env_remove(&*key);
            }
        }
        if release {
            cmd.arg("--release");
        }
        let status = cmd.status().expect("run cargo build -p alfil");
        assert!(status.success(), "cargo build -p alfil failed");
        let bin = target
            .join(if release { "release" } else { "debug" })
            .join(format!("alfil{}", std::env::consts::EXE_SUFFIX));
        assert!(bin.exists(), "no binary at {}", bin.display());
        bin
    })
    .clone()
}

/// How to run the bot.
#[derive(Clone, Debug)]
pub struct BotConfig {
    pub binary: PathBuf,
    /// Arguments (the subcommand that runs the Discord bot).
    pub args: Vec<String>,
    /// The SQLite database file (`ALFIL_DB`).
    pub db: PathBuf,
    /// `ALFIL_DISCORD_PROXY`.
    pub proxy: String,
    /// `RUST_LOG` (serenity's parse failures are always added).
    pub rust_log: String,
    /// More environment.
    pub env: Vec<(String, String)>,
    /// Echo the bot's stderr to the test's stderr (`ALFIL_E2E_VERBOSE=1`).
    pub echo: bool,
}

impl BotConfig {
    pub fn new(fake: &FakeDiscord, db: &Path) -> BotConfig {
        BotConfig {
            binary: bot_binary(),
            args: std::env::var("ALFIL_E2E_ARGS")
                .map(|a| a.split_whitespace().map(Into::into).collect())
                .unwrap_or_else(|_| vec!["run".into()]),
            db: db.to_path_buf(),
            proxy: fake.url(),
            rust_log: std::env::var("ALFIL_E2E_LOG").unwrap_or_else(|_| "info".into()),
            env: Vec::new(),
            echo: std::env::var_os("ALFIL_E2E_VERBOSE").is_some(),
        }
    }
}

/// A running `alfil` process; killed when dropped.
pub struct BotProcess {
    pub config: BotConfig,
    child: Option<Child>,
    logs: Arc<Mutex<Vec<String>>>,
    /// How many times it was started.
    pub starts: u32,
}

impl BotProcess {
    /// Starts the bot against `fake` with its database at `db`.
    pub async fn start(fake: &FakeDiscord, db: &Path) -> std::io::Result<BotProcess> {
        Self::start_with(BotConfig::new(fake, db)).await
    }

    pub async fn start_with(config: BotConfig) -> std::io::Result<BotProcess> {
        let mut p = BotProcess {
            config,
            child: None,
            logs: Arc::new(Mutex::new(Vec::new())),
            starts: 0,
        };
        p.spawn()?;
        Ok(p)
    }

    fn spawn(&mut self) -> std::io::Result<()> {
        let c = &self.config;
        let mut cmd = Command::new(&c.binary);
        cmd.args(&c.args)
            .env("DISCORD_TOKEN", "fake-token")
            .env("ALFIL_DISCORD_PROXY", &c.proxy)
            .env("ALFIL_DB", &c.db)
            .env("RUST_LOG", format!("{},{}", c.rust_log, SERENITY_PARSE_LOG))
            .env("NO_COLOR", "1")
            // Scripted players type far faster than people; a scenario
            // about the limit sets its own through `env`.
            .env("ALFIL_RATE_LIMIT", "off")
            .envs(c.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        let mut child = cmd.spawn()?;
        self.starts += 1;
        let start = self.starts;
        for (pipe, name) in [
            (
                child
                    .stderr
                    .take()
                    .map(|s| Box::new(s) as Box<dyn tokio::io::AsyncRead + Unpin + Send>),
                "stderr",
            ),
            (
                child
                    .stdout
                    .take()
                    .map(|s| Box::new(s) as Box<dyn tokio::io::AsyncRead + Unpin + Send>),
                "stdout",
            ),
        ] {
            let Some(pipe) = pipe else { continue };
            let logs = self.logs.clone();
            let echo = c.echo;
            tokio::spawn(async move {
                let mut lines = BufReader::new(pipe).lines();
                while let Ok(Some(line)) = lines.next_line().await {
                    if echo {
                        eprintln!("[alfil#{start} {name}] {line}");
                    }
                    logs.lock().unwrap().push(line);
                }
            });
        }
        self.child = Some(child);
        Ok(())
    }

    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().and_then(Child::id)
    }

    /// Kills it with SIGKILL (a crash: nothing gets to clean up) and reaps it.
    pub async fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.start_kill();
            let _ = child.wait().await;
        }
    }

    /// Asks it to stop with SIGTERM and waits (up to 10 s, then SIGKILL).
    pub async fn stop(&mut self) -> Option<std::process::ExitStatus> {
        let mut child = self.child.take()?;
        if let Some(pid) = child.id() {
            let _ = std::process::Command::new("kill")
                .args(["-TERM", &pid.to_string()])
                .status();
        }
        match tokio::time::timeout(std::time::Duration::from_secs(10), child.wait()).await {
            Ok(r) => r.ok(),
            Err(_) => {
                let _ = child.start_kill();
                child.wait().await.ok()
            }
        }
    }

    /// SIGKILL, then start again with the same configuration.
    pub async fn restart(&mut self) -> std::io::Result<()> {
        self.kill().await;
        self.spawn()
    }

    /// Whether it is still running (false once it exited).
    pub fn is_running(&mut self) -> bool {
        self.child
            .as_mut()
            .is_some_and(|c| matches!(c.try_wait(), Ok(None)))
    }

    /// Its output so far (stderr and stdout, all starts).
    pub fn logs(&self) -> String {
        self.logs.lock().unwrap().join("\n")
    }

    /// The lines where serenity said it could not parse something.
    pub fn parse_failures(&self) -> Vec<String> {
        self.logs
            .lock()
            .unwrap()
            .iter()
            .filter(|l| is_parse_failure(l))
            .cloned()
            .collect()
    }

    /// Panics (with the lines) if serenity could not parse something.
    pub fn assert_no_parse_failures(&self) {
        let f = self.parse_failures();
        assert!(f.is_empty(), "serenity in the bot could not parse: {f:#?}");
    }
}

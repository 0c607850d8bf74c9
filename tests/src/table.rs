//! A scenario's setting: a fake Discord, the real bot running against it
//! with a fresh database, and the checks every scenario ends with.

use crate::bot::{BotConfig, BotProcess};
use crate::FakeDiscord;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};

/// The command names the bot registers (it is ready once they are there).
pub const COMMANDS: &[&str] = &[
    "challenge",
    "play",
    "move",
    "board",
    "moves",
    "resign",
    "draw",
    "rematch",
    "leaderboard",
    "rating",
    "history",
    "pgn",
    "rules",
    "settings",
    "help",
];

/// A fake Discord with the bot connected to it. Dropping it fails the test
/// if serenity in the bot could not parse a payload of the fake (unless the
/// test allowed that line), so no scenario passes on a silently dropped
/// event.
pub struct Table {
    pub fake: FakeDiscord,
    pub bot: BotProcess,
    pub dir: PathBuf,
    allowed_parse_failures: Vec<String>,
}

/// A fresh directory under the system's temp dir.
pub fn scratch_dir(tag: &str) -> PathBuf {
    static N: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "alfil-e2e-{tag}-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

impl Table {
    /// Starts the fake and the bot (CPU thinking 100 ms a move unless
    /// `ALFIL_CPU_MS` is set), and waits for READY and the commands.
    pub async fn start() -> Table {
        Self::start_with(&[]).await
    }

    /// Same, with more environment for the bot.
    pub async fn start_with(env: &[(&str, &str)]) -> Table {
        let fake = FakeDiscord::start().await;
        let dir = scratch_dir("table");
        let mut config = BotConfig::new(&fake, &dir.join("alfil.db"));
        if std::env::var_os("ALFIL_CPU_MS").is_none() {
            config.env.push(("ALFIL_CPU_MS".into(), "100".into()));
        }
        config
            .env
            .extend(env.iter().map(|(k, v)| (k.to_string(), v.to_string())));
        let bot = BotProcess::start_with(config)
            .await
            .expect("start the alfil binary");
        let table = Table {
            fake,
            bot,
            dir,
            allowed_parse_failures: Vec::new(),
        };
        table.wait_up(1).await;
        table
    }

    async fn wait_up(&self, identifies: u32) {
        let ready = self.fake.wait_identified(identifies).await;
        let commands = match ready {
            Ok(()) => self.fake.wait_commands(COMMANDS).await.map(|_| ()),
            Err(e) => Err(e),
        };
        if let Err(e) = commands {
            panic!(
                "the bot did not come up: {e}\nits log:\n{}",
                self.bot.logs()
            );
        }
    }

    /// Kills the bot with SIGKILL and starts it again on the same database;
    /// returns once it identified again and registered its commands.
    pub async fn restart(&mut self) {
        let before = self.fake.identifies();
        self.bot.restart().await.expect("restart the bot");
        self.wait_up(before + 1).await;
    }

    /// Parse failures whose line contains `needle` are expected (a test
    /// that sends garbage on purpose).
    pub fn allow_parse_failure(&mut self, needle: impl Into<String>) {
        self.allowed_parse_failures.push(needle.into());
    }

    /// Serenity's parse failures, less the allowed ones.
    pub fn parse_failures(&self) -> Vec<String> {
        self.bot
            .parse_failures()
            .into_iter()
            .filter(|l| !self.allowed_parse_failures.iter().any(|a| l.contains(a)))
            .collect()
    }

    /// The checks every scenario ends with: no API call the fake refused,
    /// nothing Discord would have shown wrong, nothing serenity could not
    /// parse.
    pub fn check(&self) {
        let errors = self.fake.api_errors();
        let anomalies = self.fake.anomalies();
        let parse = self.parse_failures();
        assert!(
            errors.is_empty() && anomalies.is_empty() && parse.is_empty(),
            "API errors: {errors:#?}\nanomalies: {anomalies:#?}\nparse failures: {parse:#?}\nbot log (tail):\n{}",
            tail(&self.bot.logs(), 40)
        );
    }
}

fn tail(s: &str, n: usize) -> String {
    let lines: Vec<&str> = s.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

impl Drop for Table {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
        if std::thread::panicking() {
            return;
        }
        let parse = self.parse_failures();
        assert!(
            parse.is_empty(),
            "serenity in the bot could not parse: {parse:#?}"
        );
    }
}

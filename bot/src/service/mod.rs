//! The game service: challenges, games, seats, timers and ratings, driven
//! with plain values by any front end (Discord, the console, tests). It
//! never sees a Discord type and never draws: replies say what to show.

mod challenges;
mod clock;
mod cpu;
mod daily;
mod games;
mod lessons;
mod lookup;
mod puzzles;
mod rate;
mod ratings;
mod reply;
mod settings;
mod stats;
mod timers;

pub use challenges::{ColorChoice, GameOptions};
pub use clock::{Clock, ManualClock, SystemClock};
pub use daily::{daily_variant, DAY_MS};
pub use lessons::LessonAction;
pub use puzzles::MoveRoute;
pub use rate::{slow_down_message, Admission, RateLimit};
pub use reply::{BoardSpec, Button, Reply};
pub use settings::SettingChange;

use crate::store::{GameId, PlayerId, Store, StoreError};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::{mpsc, Notify};

/// Who is acting, as the front end knows them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct User {
    /// Stable identity, e.g. `discord:80351110224678912` or `console:alice`.
    pub key: String,
    pub name: String,
}

impl User {
    pub fn new(key: impl Into<String>, name: impl Into<String>) -> User {
        User {
            key: key.into(),
            name: name.into(),
        }
    }
}

/// Where a command came from and where its replies go: a server (guild, a
/// DM, or the console) and a channel or thread in it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    pub server: String,
    pub channel: String,
}

impl Place {
    pub fn new(server: impl Into<String>, channel: impl Into<String>) -> Place {
        Place {
            server: server.into(),
            channel: channel.into(),
        }
    }

    /// Direct messages are their own server, so a DM reaches only the
    /// sender's own games.
    pub fn is_dm(&self) -> bool {
        self.server.starts_with("dm:")
    }
}

/// One command's context.
#[derive(Clone, Debug)]
pub struct Ctx {
    pub user: User,
    pub place: Place,
    /// May change the server's settings (Manage Server on Discord).
    pub admin: bool,
}

/// A command that cannot be done, with words for the player. Nothing changed.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    #[error("{0}")]
    Player(String),
    #[error("something went wrong on our side, and nothing was changed: please try again")]
    Store(StoreError),
}

impl From<StoreError> for Refusal {
    /// A game another process changed first is the player's news, not our
    /// failure: they look again and decide.
    fn from(error: StoreError) -> Refusal {
        match error {
            StoreError::Stale(id) => Refusal::Player(format!(
                "Game #{id} changed while your command was on its way (another move or \
                 answer came first), so nothing was done: look at the board and try again."
            )),
            other => Refusal::Store(other),
        }
    }
}

pub type Outcome<T> = Result<T, Refusal>;

pub fn refuse<T>(message: impl Into<String>) -> Outcome<T> {
    Err(Refusal::Player(message.into()))
}

/// Numbers a server operator may tune.
#[derive(Clone, Debug)]
pub struct Config {
    pub challenge_seconds: i64,
    /// Time the CPU takes per move, in milliseconds.
    pub cpu_move_ms: u64,
    pub leaderboard_min_games: i64,
    pub leaderboard_max_deviation: f64,
    /// How long one minute of the idle setting lasts, in milliseconds:
    /// 60 000, except in end-to-end tests that cannot wait minutes.
    pub idle_minute_ms: i64,
    /// Commands each user may give (off by default; `alfil run` sets it).
    pub rate_limit: RateLimit,
    /// How long the timers' lease lasts unrenewed, in milliseconds: how
    /// soon another process takes the timers over when their owner dies.
    pub lease_ms: i64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            challenge_seconds: 15 * 60,
            cpu_move_ms: 500,
            leaderboard_min_games: 5,
            leaderboard_max_deviation: 150.0,
            idle_minute_ms: 60_000,
            rate_limit: RateLimit::OFF,
            lease_ms: 30_000,
        }
    }
}

/// The service; cheap to clone and shared by every front end task.
#[derive(Clone)]
pub struct Service {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    clock: Arc<dyn Clock>,
    config: Config,
    /// One lock per game, so a game's moves apply one at a time while
    /// different games proceed in parallel.
    locks: Mutex<HashMap<GameId, Arc<tokio::sync::Mutex<()>>>>,
    /// Replies nobody asked for: CPU moves, timers.
    outbox: mpsc::UnboundedSender<Reply>,
    /// Games that have a CPU task running, so that none gets two. (Per
    /// service: a new service over the same database starts afresh.)
    cpu_running: Mutex<HashSet<GameId>>,
    /// Background work (CPU moves) still running.
    pending: AtomicUsize,
    settled: Notify,
    limiter: rate::Limiter,
    /// This service's name on leases: unique per process and start.
    owner: String,
    /// Whether this service held the timers' lease at its last claim.
    holds_timers: AtomicBool,
}

impl Service {
    /// A service over a store; replies produced in the background arrive on
    /// the returned receiver.
    pub fn new(
        store: Store,
        clock: Arc<dyn Clock>,
        config: Config,
    ) -> (Service, mpsc::UnboundedReceiver<Reply>) {
        let (outbox, inbox) = mpsc::unbounded_channel();
        let service = Service {
            inner: Arc::new(Inner {
                store,
                clock,
                config,
                locks: Mutex::new(HashMap::new()),
                cpu_running: Mutex::new(HashSet::new()),
                outbox,
                pending: AtomicUsize::new(0),
                settled: Notify::new(),
                limiter: rate::Limiter::default(),
                owner: format!("{}-{:016x}", std::process::id(), rand::random::<u64>()),
                holds_timers: AtomicBool::new(false),
            }),
        };
        (service, inbox)
    }

    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    pub fn config(&self) -> &Config {
        &self.inner.config
    }

    /// Milliseconds since the epoch, from the service's clock.
    pub fn now(&self) -> i64 {
        self.inner.clock.now_ms()
    }

    async fn player(&self, user: &User) -> Outcome<PlayerId> {
        Ok(self
            .store()
            .player(&user.key, &user.name, self.now())
            .await?)
    }

    fn game_lock(&self, id: GameId) -> Arc<tokio::sync::Mutex<()>> {
        let mut locks = self.inner.locks.lock().expect("lock table");
        locks.entry(id).or_default().clone()
    }

    fn cpu_running(&self) -> std::sync::MutexGuard<'_, HashSet<GameId>> {
        self.inner.cpu_running.lock().expect("cpu set")
    }

    fn send(&self, reply: Reply) {
        // The receiver is gone only when the front end is shutting down.
        let _ = self.inner.outbox.send(reply);
    }

    /// Waits until no background work (CPU moves) is running.
    pub async fn settle(&self) {
        loop {
            let notified = self.inner.settled.notified();
            if self.inner.pending.load(Ordering::SeqCst) == 0 {
                return;
            }
            notified.await;
        }
    }

    fn begin_background(&self) -> BackgroundGuard {
        self.inner.pending.fetch_add(1, Ordering::SeqCst);
        BackgroundGuard {
            service: self.clone(),
        }
    }
}

/// Counts a background task until it ends, however it ends.
struct BackgroundGuard {
    service: Service,
}

impl Drop for BackgroundGuard {
    fn drop(&mut self) {
        let inner = &self.service.inner;
        if inner.pending.fetch_sub(1, Ordering::SeqCst) == 1 {
            inner.settled.notify_waiters();
        }
    }
}

//! Helpers for the service tests: a service over a fresh database (a
//! temporary SQLite file, or PostgreSQL: see `db`) with a hand-moved clock, contexts for named players, and ways to play
//! lines of moves and to check that a refused command changed nothing.
#![allow(dead_code)]

pub mod console;
pub mod db;
pub mod lines;

pub use db::TestDb;

use alfil::service::{
    ColorChoice, Config, Ctx, GameOptions, ManualClock, Outcome, Place, Refusal, Reply, Service,
    User,
};
use alfil::store::GameId;
use engine::{Color, Position, Variant};
use sqlx::Row;
use std::sync::Arc;
use tokio::sync::mpsc::UnboundedReceiver;

/// The fake clock's start: 2023-11-14.
pub const T0: i64 = 1_700_000_000_000;

pub const SERVER: &str = "guild-1";
pub const CHANNEL: &str = "general";

/// A small, fast configuration: the CPU thinks 50 ms.
pub fn config() -> Config {
    Config {
        challenge_seconds: 15 * 60,
        cpu_move_ms: 50,
        leaderboard_min_games: 3,
        leaderboard_max_deviation: 250.0,
        ..Config::default()
    }
}

/// A service over a fresh database.
pub struct Harness {
    pub service: Service,
    pub outbox: UnboundedReceiver<Reply>,
    pub clock: Arc<ManualClock>,
    pub db: TestDb,
    pub config: Config,
}

impl Harness {
    pub async fn new() -> Harness {
        Harness::with_config(config()).await
    }

    pub async fn with_config(config: Config) -> Harness {
        Harness::on(TestDb::fresh().await, config).await
    }

    /// A service over the given database.
    pub async fn on(db: TestDb, config: Config) -> Harness {
        let clock = Arc::new(ManualClock::new(T0));
        let store = db.open().await;
        let (service, outbox) = Service::new(store, clock.clone(), config.clone());
        Harness {
            service,
            outbox,
            clock,
            db,
            config,
        }
    }

    /// Stops this service (after its background work) and starts a new one
    /// over the same database file and clock, as after a restart.
    pub async fn restart(self) -> Harness {
        self.service.settle().await;
        let Harness {
            service,
            outbox,
            clock,
            db,
            config,
        } = self;
        let store = service.store().clone();
        service.release_timers().await.expect("release the timers");
        drop(service);
        drop(outbox);
        store.close().await;
        let store = db.open().await;
        let (service, outbox) = Service::new(store, clock.clone(), config.clone());
        service.resume().await.expect("resume");
        Harness {
            service,
            outbox,
            clock,
            db,
            config,
        }
    }

    /// Replies produced in the background so far (after waiting for the CPU).
    pub async fn background(&mut self) -> Vec<Reply> {
        self.service.settle().await;
        let mut replies = Vec::new();
        while let Ok(r) = self.outbox.try_recv() {
            replies.push(r);
        }
        replies
    }

    /// Every table a command could change, as text (players aside: a
    /// player is recorded on first sight, whatever they typed).
    pub async fn snapshot(&self) -> String {
        self.service.settle().await;
        self.db.dump().await
    }

    pub fn advance(&self, secs: i64) {
        self.clock.advance_secs(secs);
    }
}

/// The tables `snapshot` compares.
pub const DUMPED_TABLES: [&str; 5] = ["games", "moves", "challenges", "ratings", "servers"];

/// The tables of a database file as text, read over a connection of its own.
pub async fn dump(db: &std::path::Path) -> String {
    use sqlx::sqlite::SqliteConnectOptions;
    use sqlx::ConnectOptions;
    let mut conn = SqliteConnectOptions::new()
        .filename(db)
        .read_only(true)
        .connect()
        .await
        .expect("open db to read");
    let mut out = String::new();
    for table in DUMPED_TABLES {
        let cols: Vec<String> = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT name FROM pragma_table_info('{table}')"
        )))
        .fetch_all(&mut conn)
        .await
        .expect("columns")
        .iter()
        .map(|r| r.get::<String, _>(0))
        .collect();
        let expr = cols
            .iter()
            .map(|c| format!("quote({c})"))
            .collect::<Vec<_>>()
            .join(" || '|' || ");
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {expr} FROM {table} ORDER BY rowid"
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

pub fn user(name: &str) -> User {
    User::new(format!("test:{}", name.to_ascii_lowercase()), name)
}

/// A player in the test server's general channel.
pub fn ctx(name: &str) -> Ctx {
    ctx_at(name, SERVER, CHANNEL)
}

pub fn ctx_at(name: &str, server: &str, channel: &str) -> Ctx {
    Ctx {
        user: user(name),
        place: Place::new(server, channel),
        admin: false,
    }
}

/// The player's direct messages with the bot.
pub fn dm(name: &str) -> Ctx {
    ctx_at(name, &format!("dm:{name}"), &format!("dm-{name}"))
}

pub fn admin(name: &str) -> Ctx {
    Ctx {
        admin: true,
        ..ctx(name)
    }
}

/// The replies of a command that must succeed.
#[track_caller]
pub fn ok(result: Outcome<Vec<Reply>>) -> Vec<Reply> {
    match result {
        Ok(replies) => replies,
        Err(e) => panic!("refused: {e}"),
    }
}

/// The words of a command that must be refused for the player's reasons.
#[track_caller]
pub fn refused(result: Outcome<Vec<Reply>>) -> String {
    match result {
        Ok(replies) => panic!(
            "accepted: {:?}",
            replies.iter().map(|r| &r.text).collect::<Vec<_>>()
        ),
        Err(Refusal::Player(message)) => message,
        Err(e @ Refusal::Store(_)) => panic!("store error instead of a refusal: {e:?}"),
    }
}

/// All the replies' words, one string.
pub fn texts(replies: &[Reply]) -> String {
    replies
        .iter()
        .map(|r| r.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

pub fn opts(variant: Variant) -> GameOptions {
    GameOptions {
        color: ColorChoice::White,
        ..GameOptions::casual(variant)
    }
}

pub fn rated(variant: Variant) -> GameOptions {
    GameOptions {
        rated: true,
        ..opts(variant)
    }
}

/// `white` challenges `black` (challenger plays White) and `black`
/// accepts; the new game's number.
pub async fn new_game(h: &Harness, white: &Ctx, black: &Ctx, options: GameOptions) -> GameId {
    let options = GameOptions {
        color: ColorChoice::White,
        ..options
    };
    let challenge = ok(h.service.challenge(white, Some(&black.user), options).await);
    assert_eq!(challenge.len(), 1);
    let started = ok(h.service.accept(black, None).await);
    started[0].game.expect("the game's reply names it")
}

/// Whose turn it is in a stored game.
pub async fn turn(service: &Service, game: GameId) -> Color {
    let row = service.store().game(game).await.unwrap().expect("game");
    let variant: Variant = row.variant.parse().unwrap();
    let start = Position::from_fen(variant, &row.start_fen).unwrap();
    let plies = service.store().moves(game).await.unwrap().len();
    if plies % 2 == 0 {
        start.turn()
    } else {
        start.turn().other()
    }
}

/// Plays a line of moves (space-separated), each by the side to move;
/// the replies of the last move.
pub async fn play_line(
    service: &Service,
    white: &Ctx,
    black: &Ctx,
    game: GameId,
    line: &str,
) -> Vec<Reply> {
    let mut last = Vec::new();
    for mv in line.split_whitespace() {
        let who = match turn(service, game).await {
            Color::White => white,
            Color::Black => black,
        };
        last = match service.play_move(who, Some(game), mv).await {
            Ok(r) => r,
            Err(e) => panic!("{} could not play {mv}: {e}", who.user.name),
        };
    }
    last
}

/// The stored game row.
pub async fn row(service: &Service, game: GameId) -> alfil::store::GameRow {
    service.store().game(game).await.unwrap().expect("game")
}

/// Checks that a reply's board draws as a PNG that decodes.
pub fn assert_draws(reply: &Reply) {
    let board = reply.board.as_ref().expect("a board");
    let png = alfil::picture::png(board);
    let img = image::load_from_memory(&png).expect("a PNG that decodes");
    assert!(img.width() > 100 && img.height() > 100);
}

/// The stored game replayed with the engine (every stored move must be legal).
pub async fn replay(service: &Service, game: GameId) -> engine::Game {
    let row = service.store().game(game).await.unwrap().expect("game");
    let variant: Variant = row.variant.parse().unwrap();
    let start = Position::from_fen(variant, &row.start_fen).unwrap();
    let moves: Vec<String> = service
        .store()
        .moves(game)
        .await
        .unwrap()
        .into_iter()
        .map(|m| m.uci)
        .collect();
    engine::Game::replay(start, &moves).expect("every stored move is legal")
}

/// Some legal move of the side to move.
pub async fn any_legal(service: &Service, game: GameId) -> String {
    let g = replay(service, game).await;
    g.position().legal_moves()[0].uci()
}

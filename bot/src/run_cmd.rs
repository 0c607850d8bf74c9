//! `alfil run`: the Discord bot.

use crate::db_arg::DbArg;
use alfil::discord;
use alfil::discord::shards::ShardRange;
use alfil::service::{Config, RateLimit, Service, SystemClock};
use alfil::store::Store;
use std::sync::Arc;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    db: DbArg,
    /// Do not ask for the Message Content intent: moves only by /move and buttons
    #[arg(long)]
    no_message_content: bool,
    /// How long the CPU thinks per move, in milliseconds (the level ladder
    /// in the README was measured at 500: Master grows stronger with more)
    #[arg(long, default_value_t = 500, env = "ALFIL_CPU_MS")]
    cpu_ms: u64,
    /// Rated games a player needs before the leaderboard lists them
    #[arg(long, default_value_t = 5, env = "ALFIL_LEADERBOARD_MIN_GAMES")]
    leaderboard_min_games: i64,
    /// The largest rating deviation the leaderboard lists (a settled rating)
    #[arg(long, default_value_t = 150.0, env = "ALFIL_LEADERBOARD_MAX_DEVIATION")]
    leaderboard_max_deviation: f64,
    /// Milliseconds in a minute of the idle setting (tests shorten it)
    #[arg(
        long,
        default_value_t = 60_000,
        env = "ALFIL_IDLE_MINUTE_MS",
        hide = true
    )]
    idle_minute_ms: i64,
    /// Commands each user may give, as commands/seconds, or off
    #[arg(long, default_value = "12/10", env = "ALFIL_RATE_LIMIT")]
    rate_limit: RateLimit,
    /// The gateway shards this process runs, as first..last/total (both
    /// ends included); other processes on the same PostgreSQL run the rest
    /// [default: all shards, as many as Discord advises]
    #[arg(long, env = "ALFIL_SHARDS", value_name = "FIRST..LAST/TOTAL")]
    shards: Option<ShardRange>,
    /// How long the timers' lease lasts unrenewed, in milliseconds: when
    /// the process firing the timers dies, another one on the same
    /// database takes them over this long after its last renewal (it
    /// renews every second)
    #[arg(long, default_value_t = 30_000, env = "ALFIL_LEASE_MS", value_parser = clap::value_parser!(i64).range(2_000..))]
    lease_ms: i64,
}

const NO_TOKEN: &str = "no DISCORD_TOKEN in the environment.

To run alfil on Discord:
  1. Create an application at https://discord.com/developers/applications,
     add a bot, and copy its token.
  2. Under Bot, enable the Message Content intent (for moves typed as plain
     messages; slash commands work without it, see --no-message-content).
  3. export DISCORD_TOKEN=<the token>   (never put it in a file in the repo)
  4. Invite the bot (see the README's \"Invite the bot\" section).

To try alfil without Discord, play in the terminal:
  cargo run --release -- console";

pub fn run(args: Args) -> Result<(), String> {
    let token = std::env::var("DISCORD_TOKEN")
        .ok()
        .filter(|t| !t.trim().is_empty())
        .ok_or(NO_TOKEN)?;
    let proxy = std::env::var("ALFIL_DISCORD_PROXY")
        .ok()
        .filter(|p| !p.is_empty());
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    runtime.block_on(async move {
        let at = args.db.location()?;
        let store = Store::connect(&at)
            .await
            .map_err(|e| format!("cannot open {at}: {e}"))?;
        let config = Config {
            cpu_move_ms: args.cpu_ms,
            idle_minute_ms: args.idle_minute_ms.max(1),
            leaderboard_min_games: args.leaderboard_min_games,
            leaderboard_max_deviation: args.leaderboard_max_deviation,
            rate_limit: args.rate_limit,
            lease_ms: args.lease_ms,
            ..Config::default()
        };
        let (service, outbox) = Service::new(store.clone(), Arc::new(SystemClock), config);
        let options = discord::Options {
            token,
            proxy,
            message_content: !args.no_message_content,
            shards: args.shards,
        };
        let result = discord::run(service, outbox, options).await;
        store.close().await;
        result.map_err(|e| e.to_string())
    })
}

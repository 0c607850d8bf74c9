//! `alfil console [--db FILE] [--out DIR]`

use crate::db_arg::DbArg;
use alfil::service::{Config, RateLimit, Service, SystemClock};
use alfil::store::Store;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    db: DbArg,
    /// Where board pictures are written
    #[arg(long, default_value = "alfil-boards")]
    out: PathBuf,
    /// How long the CPU thinks per move, in milliseconds
    #[arg(long, default_value_t = 500)]
    cpu_ms: u64,
    /// Commands each user may give, as commands/seconds (off: a terminal
    /// has no strangers, and scripts are fast)
    #[arg(long, default_value = "off")]
    rate_limit: RateLimit,
}

pub fn run(args: Args) -> Result<(), String> {
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    runtime.block_on(async move {
        let at = args.db.location()?;
        let store = Store::connect(&at)
            .await
            .map_err(|e| format!("cannot open {at}: {e}"))?;
        let config = Config {
            cpu_move_ms: args.cpu_ms,
            rate_limit: args.rate_limit,
            ..Config::default()
        };
        let (service, outbox) = Service::new(store.clone(), Arc::new(SystemClock), config);
        service.resume().await.map_err(|e| e.to_string())?;
        let stdin = tokio::io::BufReader::new(tokio::io::stdin());
        let mut stdout = std::io::stdout();
        let result =
            alfil::console::run(service.clone(), outbox, stdin, &args.out, &mut stdout).await;
        if let Err(error) = service.release_timers().await {
            tracing::warn!(%error, "could not give up the timers' lease");
        }
        store.close().await;
        result.map_err(|e| e.to_string())
    })
}

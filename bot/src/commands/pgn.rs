//! `pgn [game:N]`

use super::{CommandInfo, Invocation};
use crate::service::{Ctx, Outcome, Reply, Service};

pub const INFO: CommandInfo = CommandInfo {
    name: "pgn",
    usage: "pgn [game:N]",
    help: "a game's moves as PGN",
};

pub async fn run(service: &Service, ctx: &Ctx, inv: &Invocation) -> Outcome<Vec<Reply>> {
    service.pgn(ctx, inv.game()?).await
}

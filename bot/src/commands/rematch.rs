//! `rematch [game:N]`

use super::{CommandInfo, Invocation};
use crate::service::{Ctx, Outcome, Reply, Service};

pub const INFO: CommandInfo = CommandInfo {
    name: "rematch",
    usage: "rematch [game:N]",
    help: "play the same game again with colours swapped",
};

pub async fn run(service: &Service, ctx: &Ctx, inv: &Invocation) -> Outcome<Vec<Reply>> {
    service.rematch(ctx, inv.game()?).await
}

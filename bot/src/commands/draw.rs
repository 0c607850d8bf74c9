//! `draw [game:N]`: offer a draw, or accept the one offered.

use super::{CommandInfo, Invocation};
use crate::service::{Ctx, Outcome, Reply, Service};

pub const INFO: CommandInfo = CommandInfo {
    name: "draw",
    usage: "draw [game:N]",
    help: "offer a draw, or accept your opponent's offer",
};

pub async fn run(service: &Service, ctx: &Ctx, inv: &Invocation) -> Outcome<Vec<Reply>> {
    service.draw(ctx, inv.game()?).await
}

//! `takeback [game:N]`: ask for (or agree to) taking back a move, casual games only.

use super::{CommandInfo, Invocation};
use crate::service::{Ctx, Outcome, Reply, Service};

pub const INFO: CommandInfo = CommandInfo {
    name: "takeback",
    usage: "takeback [game:N]",
    help: "ask to take back your last move (casual games), or agree to your opponent's request",
};

pub async fn run(service: &Service, ctx: &Ctx, inv: &Invocation) -> Outcome<Vec<Reply>> {
    service.takeback(ctx, inv.game()?).await
}

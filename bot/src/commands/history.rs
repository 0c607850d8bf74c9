//! `history [@user]`

use super::{CommandInfo, Invocation};
use crate::service::{Ctx, Outcome, Reply, Service};

pub const INFO: CommandInfo = CommandInfo {
    name: "history",
    usage: "history [@user]",
    help: "a player's recent games",
};

pub async fn run(service: &Service, ctx: &Ctx, inv: &Invocation) -> Outcome<Vec<Reply>> {
    service.history(ctx, inv.users.first()).await
}

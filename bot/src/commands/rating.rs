//! `rating [@user]`

use super::{CommandInfo, Invocation};
use crate::service::{Ctx, Outcome, Reply, Service};

pub const INFO: CommandInfo = CommandInfo {
    name: "rating",
    usage: "rating [@user]",
    help: "a player's ratings",
};

pub async fn run(service: &Service, ctx: &Ctx, inv: &Invocation) -> Outcome<Vec<Reply>> {
    service.rating(ctx, inv.users.first()).await
}

//! `leaderboard [variant]`

use super::{CommandInfo, Invocation};
use crate::service::{Ctx, Outcome, Reply, Service};
use engine::Variant;

pub const INFO: CommandInfo = CommandInfo {
    name: "leaderboard",
    usage: "leaderboard [shatranj|medieval|courier|byzantine]",
    help: "the best rated players of a variant",
};

pub async fn run(service: &Service, ctx: &Ctx, inv: &Invocation) -> Outcome<Vec<Reply>> {
    let variant = inv.variant()?.unwrap_or(Variant::Shatranj);
    service.leaderboard(ctx, variant).await
}

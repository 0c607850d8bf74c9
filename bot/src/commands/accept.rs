//! `accept [challenge number]`

use super::{CommandInfo, Invocation};
use crate::service::{Ctx, Outcome, Reply, Service};

pub const INFO: CommandInfo = CommandInfo {
    name: "accept",
    usage: "accept [number]",
    help: "accept a challenge (the newest one for you, or the one numbered)",
};

pub async fn run(service: &Service, ctx: &Ctx, inv: &Invocation) -> Outcome<Vec<Reply>> {
    service.accept(ctx, inv.number("challenge")?).await
}

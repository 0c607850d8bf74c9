//! `decline [challenge number]`: also withdraws one's own challenge.

use super::{CommandInfo, Invocation};
use crate::service::{Ctx, Outcome, Reply, Service};

pub const INFO: CommandInfo = CommandInfo {
    name: "decline",
    usage: "decline [number]",
    help: "decline a challenge, or withdraw your own",
};

pub async fn run(service: &Service, ctx: &Ctx, inv: &Invocation) -> Outcome<Vec<Reply>> {
    service.decline(ctx, inv.number("challenge")?).await
}

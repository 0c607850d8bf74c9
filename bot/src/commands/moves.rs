//! `moves <square> [game:N]`: where a piece can go, as dots on the board.

use super::{CommandInfo, Invocation};
use crate::service::{refuse, Ctx, Outcome, Reply, Service};

pub const INFO: CommandInfo = CommandInfo {
    name: "moves",
    usage: "moves e2 [game:N]",
    help: "show where the piece on a square can move",
};

pub async fn run(service: &Service, ctx: &Ctx, inv: &Invocation) -> Outcome<Vec<Reply>> {
    let Some(square) = inv.option("square").or_else(|| {
        inv.words
            .iter()
            .find(|w| !w.starts_with('#'))
            .map(String::as_str)
    }) else {
        return refuse("Which square? For example: moves e2.");
    };
    service.board(ctx, inv.game()?, Some(square)).await
}

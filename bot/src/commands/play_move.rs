//! `move <move> [game:N]`, or just the move on its own line.

use super::{CommandInfo, Invocation};
use crate::service::{refuse, Ctx, MoveRoute, Outcome, Reply, Service};

pub const INFO: CommandInfo = CommandInfo {
    name: "move",
    usage: "move e2e3 | move Nf3 [game:N]   (or just type the move)",
    help: "play a move in your game",
};

pub async fn run(service: &Service, ctx: &Ctx, inv: &Invocation) -> Outcome<Vec<Reply>> {
    let text = inv.option("move").map(str::to_string).unwrap_or_else(|| {
        inv.words
            .iter()
            .filter(|w| !w.starts_with('#'))
            .cloned()
            .collect::<Vec<_>>()
            .join(" ")
    });
    if text.trim().is_empty() {
        return refuse("Which move? For example: move e2e3, or move Nf3.");
    }
    let game = inv.game()?;
    if game.is_none() && service.route_move(ctx).await? == MoveRoute::Puzzle {
        return service.puzzle_move(ctx, &text).await;
    }
    service.play_move(ctx, game, &text).await
}

/// A line that is not a command: try it as a move.
pub async fn run_plain(service: &Service, ctx: &Ctx, inv: &Invocation) -> Outcome<Vec<Reply>> {
    let text = inv.words.join(" ");
    if text.split_whitespace().count() > 3 {
        return refuse(format!(
            "'{}' is not a command I know. Type help for the list.",
            text.split_whitespace().next().unwrap_or("")
        ));
    }
    if service.route_move(ctx).await? == MoveRoute::Puzzle {
        return service.puzzle_move(ctx, &text).await;
    }
    service.play_move(ctx, None, &text).await
}

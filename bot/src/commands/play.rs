//! `play [variant:V] [level:L] [color:C]`, or `play opponent:self` to play both sides.

use super::challenge::game_options;
use super::{CommandInfo, Invocation};
use crate::service::{refuse, Ctx, Outcome, Reply, Service};
use engine::search::Level;

pub const INFO: CommandInfo = CommandInfo {
    name: "play",
    usage: "play [variant:courier] [level:novice..master] [color:white|black|random] [opponent:cpu|self] [fen:<position>]",
    help: "play the CPU at a level, or both sides yourself",
};

pub async fn run(service: &Service, ctx: &Ctx, inv: &Invocation) -> Outcome<Vec<Reply>> {
    let opts = game_options(inv)?;
    if opts.rated {
        return refuse("Games against the CPU are casual: rated games are between people.");
    }
    match inv
        .option("opponent")
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("self" | "me" | "myself") => service.play_solo(ctx, opts).await,
        None | Some("cpu" | "bot" | "computer") => {
            let level = inv.level()?.unwrap_or(Level::Casual);
            service.play_cpu(ctx, opts, level).await
        }
        Some(other) => refuse(format!(
            "opponent must be cpu or self, not '{other}'; to play a person, use challenge."
        )),
    }
}

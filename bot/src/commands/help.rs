//! `help`

use super::{CommandInfo, Invocation, COMMANDS};
use crate::service::{Ctx, Outcome, Reply, Service};

pub const INFO: CommandInfo = CommandInfo {
    name: "help",
    usage: "help",
    help: "this list",
};

pub async fn run(_service: &Service, ctx: &Ctx, _inv: &Invocation) -> Outcome<Vec<Reply>> {
    let mut text = String::from(
        "**alfil** plays Shatranj, Medieval chess, Courier chess and Byzantine chess.\n",
    );
    for c in COMMANDS {
        text.push_str(&format!("\n`{}`: {}", c.usage, c.help));
    }
    text.push_str("\n\nIn a game, you can also just type a move: e2e3, Nf3, Fxd5.");
    text.push_str("\nNew to these games? `rules courier` explains one; `learn courier` teaches it task by task on the board. In a lesson you type moves the same way (a game of yours in the same channel comes first).");
    Ok(vec![Reply::private(&ctx.place, text)])
}

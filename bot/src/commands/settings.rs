//! `settings [name:value ...]`: show, or (admins) change, the server's settings.

use super::{CommandInfo, Invocation};
use crate::service::{refuse, Ctx, Outcome, Reply, Service, SettingChange};

pub const INFO: CommandInfo = CommandInfo {
    name: "settings",
    usage: "settings [stalemate:loss|draw|default] [counter:on|off|default] [moverule:N|default] [idle:minutes|off] [theme:brown|blue|green] [labels:on|off] [puzzlechannel:#channel] [puzzlehour:0-23]",
    help: "show the server's settings; admins can change them",
};

pub async fn run(service: &Service, ctx: &Ctx, inv: &Invocation) -> Outcome<Vec<Reply>> {
    let mut changes = Vec::new();
    for (name, value) in &inv.options {
        match SettingChange::parse(name, value) {
            Ok(change) => changes.push(change),
            Err(why) => return refuse(format!("Nothing was changed: {why}.")),
        }
    }
    if let Some(word) = inv.words.first() {
        return refuse(format!("Nothing was changed: write settings as name:value, e.g. stalemate:draw (not '{word}')."));
    }
    service.settings(ctx, changes).await
}

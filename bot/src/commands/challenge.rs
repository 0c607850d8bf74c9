//! `challenge [@user] variant:V rated:B color:C limit:S stalemate:loss|draw counter:on|off moverule:N`

use super::{CommandInfo, Invocation};
use crate::service::{refuse, ColorChoice, Ctx, GameOptions, Outcome, Reply, Service};
use engine::{StalemateRule, Variant};

pub const INFO: CommandInfo = CommandInfo {
    name: "challenge",
    usage: "challenge [@user] [variant:shatranj] [rated:true] [color:white|black|random] [limit:30|60] [stalemate:loss|draw] [counter:on|off] [moverule:50|70] [fen:<position, _ for spaces>]",
    help: "challenge someone (or anyone here) to a game",
};

/// Reads the options every new game takes.
pub(super) fn game_options(inv: &Invocation) -> Outcome<GameOptions> {
    let variant = inv.variant()?.unwrap_or(Variant::Shatranj);
    let mut opts = GameOptions::casual(variant);
    opts.rated = inv.flag("rated")?.unwrap_or(false);
    if let Some(c) = inv.option("color").or(inv.option("colour")) {
        opts.color = match ColorChoice::parse(c) {
            Some(c) => c,
            None => return refuse(format!("color must be white, black or random, not '{c}'.")),
        };
    }
    opts.turn_limit = match inv.option("limit").or(inv.option("time")) {
        None | Some("none") | Some("0") => None,
        Some(s) => match s.trim_end_matches('s').parse::<u32>() {
            Ok(30) => Some(30),
            Ok(60) => Some(60),
            _ => return refuse("limit must be 30 or 60 seconds per move, or none."),
        },
    };
    opts.stalemate = match inv
        .option("stalemate")
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        None => None,
        Some("loss" | "loses" | "win") => Some(StalemateRule::Loss),
        Some("draw") => Some(StalemateRule::Draw),
        Some(other) => return refuse(format!("stalemate must be loss or draw, not '{other}'.")),
    };
    opts.counter = match inv
        .option("counter")
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        None => None,
        Some("on" | "true" | "yes") => Some(true),
        Some("off" | "false" | "no") => Some(false),
        Some(other) => return refuse(format!("counter must be on or off, not '{other}'.")),
    };
    opts.move_rule = match inv.number("moverule")? {
        None => None,
        Some(n @ 10..=200) => Some(n as u32),
        Some(_) => {
            return refuse("moverule must be between 10 and 200 moves (50 and 70 are usual).")
        }
    };
    // A FEN has spaces; where a front end cannot keep them (the console
    // splits words), `_` stands for a space.
    opts.start_fen = inv.option("fen").map(|f| f.replace('_', " "));
    Ok(opts)
}

pub async fn run(service: &Service, ctx: &Ctx, inv: &Invocation) -> Outcome<Vec<Reply>> {
    let opts = game_options(inv)?;
    service.challenge(ctx, inv.users.first(), opts).await
}

//! `puzzle [variant|any|daily|hint|giveup|rating]`, and `hint`/`giveup` alone.

use super::{CommandInfo, Invocation};
use crate::service::{refuse, Ctx, Outcome, Reply, Service};
use engine::Variant;

pub const INFO: CommandInfo = CommandInfo {
    name: "puzzle",
    usage: "puzzle [shatranj|medieval|courier|byzantine|any] | puzzle daily | puzzle hint | puzzle giveup | puzzle rating",
    help: "a puzzle near your puzzle rating; answer with your moves",
};

/// What `puzzle` was asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleAction {
    New(Option<Variant>),
    Daily,
    Hint,
    GiveUp,
    Rating,
}

/// Reads the words after `puzzle` (or `variant:` as an option).
pub fn action(inv: &Invocation) -> Result<PuzzleAction, String> {
    let word = inv
        .words
        .first()
        .map(String::as_str)
        .or(inv.option("variant"))
        .unwrap_or("any")
        .to_ascii_lowercase();
    Ok(match word.as_str() {
        "any" | "" => PuzzleAction::New(None),
        "daily" | "today" => PuzzleAction::Daily,
        "hint" => PuzzleAction::Hint,
        "giveup" | "give-up" | "resign" => PuzzleAction::GiveUp,
        "rating" | "streak" => PuzzleAction::Rating,
        other => match other.parse::<Variant>() {
            Ok(v) => PuzzleAction::New(Some(v)),
            Err(_) => {
                return Err(format!(
                "'{other}' is not a puzzle choice: try puzzle, puzzle courier, puzzle daily, puzzle hint or puzzle giveup."
            ))
            }
        },
    })
}

pub async fn run(service: &Service, ctx: &Ctx, inv: &Invocation) -> Outcome<Vec<Reply>> {
    match action(inv) {
        Ok(a) => act(service, ctx, a).await,
        Err(why) => refuse(why),
    }
}

pub async fn act(service: &Service, ctx: &Ctx, action: PuzzleAction) -> Outcome<Vec<Reply>> {
    match action {
        PuzzleAction::New(v) => service.puzzle_start(ctx, v).await,
        PuzzleAction::Daily => service.puzzle_daily(ctx).await,
        PuzzleAction::Hint => service.puzzle_hint(ctx).await,
        PuzzleAction::GiveUp => service.puzzle_give_up(ctx).await,
        PuzzleAction::Rating => service.puzzle_rating_text(ctx).await,
    }
}

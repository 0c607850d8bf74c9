//! The commands players type, one file each. Every command reads its
//! arguments from an [`Invocation`] (plain words, `key:value` options and
//! mentioned users, whichever front end they came from) and runs against
//! the [`Service`]. Front ends only build invocations and show replies.

mod accept;
mod board;
mod challenge;
mod decline;
mod draw;
mod guard;
mod help;
mod history;
mod leaderboard;
mod learn;
mod moves;
mod options;
mod pgn;
mod play;
mod play_move;
pub mod puzzle;
mod rating;
mod rematch;
mod resign;
mod rules;
mod settings;
mod takeback;

pub use options::Invocation;

use crate::service::{Ctx, MoveRoute, Outcome, Refusal, Reply, Service};

/// The longest input a command reads; longer text is refused unread.
pub const MAX_INPUT: usize = 500;

/// One command: its name, a line of help, and how it runs.
pub struct CommandInfo {
    pub name: &'static str,
    pub usage: &'static str,
    pub help: &'static str,
}

/// Every command, in the order `/help` lists them.
pub const COMMANDS: &[CommandInfo] = &[
    challenge::INFO,
    accept::INFO,
    decline::INFO,
    play::INFO,
    play_move::INFO,
    board::INFO,
    moves::INFO,
    resign::INFO,
    draw::INFO,
    takeback::INFO,
    rematch::INFO,
    leaderboard::INFO,
    rating::INFO,
    history::INFO,
    pgn::INFO,
    puzzle::INFO,
    rules::INFO,
    learn::INFO,
    learn::HINT_INFO,
    settings::INFO,
    help::INFO,
];

/// Runs one invocation. A line that names no command is read as a move,
/// so players can type `e2e3` on its own.
pub async fn run(service: &Service, ctx: &Ctx, inv: Invocation) -> Vec<Reply> {
    if let Some(refused) = guard::admit(service, ctx) {
        return refused;
    }
    run_admitted(service, ctx, inv).await
}

/// Reads a typed line (console, plain chat message) and runs it; a line
/// that is too long or empty counts against the rate limit all the same.
pub async fn run_text(
    service: &Service,
    ctx: &Ctx,
    line: &str,
    mention: impl Fn(&str) -> crate::service::User,
) -> Vec<Reply> {
    if let Some(refused) = guard::admit(service, ctx) {
        return refused;
    }
    match Invocation::parse(line, mention) {
        Ok(inv) => run_admitted(service, ctx, inv).await,
        Err(message) => vec![Reply::private(&ctx.place, message)],
    }
}

async fn run_admitted(service: &Service, ctx: &Ctx, inv: Invocation) -> Vec<Reply> {
    if !guard::within_caps(&inv) {
        return vec![Reply::private(&ctx.place, guard::too_long_message())];
    }
    let result = match inv.name.as_str() {
        "challenge" => challenge::run(service, ctx, &inv).await,
        "accept" => accept::run(service, ctx, &inv).await,
        "decline" | "cancel" => decline::run(service, ctx, &inv).await,
        "play" => play::run(service, ctx, &inv).await,
        "move" | "m" => learn::route_move(service, ctx, &inv).await,
        "board" => board::run(service, ctx, &inv).await,
        "moves" => moves::run(service, ctx, &inv).await,
        "resign" => resign::run(service, ctx, &inv).await,
        "draw" => draw::run(service, ctx, &inv).await,
        "takeback" => takeback::run(service, ctx, &inv).await,
        "rematch" => rematch::run(service, ctx, &inv).await,
        "leaderboard" | "top" => leaderboard::run(service, ctx, &inv).await,
        "rating" | "ratings" => rating::run(service, ctx, &inv).await,
        "history" | "games" => history::run(service, ctx, &inv).await,
        "pgn" => pgn::run(service, ctx, &inv).await,
        "puzzle" | "puzzles" => puzzle::run(service, ctx, &inv).await,
        "giveup" => puzzle::act(service, ctx, puzzle::PuzzleAction::GiveUp).await,
        "rules" => rules::run(service, ctx, &inv).await,
        "learn" | "lesson" => learn::run(service, ctx, &inv).await,
        "hint" => hint(service, ctx, &inv).await,
        "settings" => settings::run(service, ctx, &inv).await,
        "help" => help::run(service, ctx, &inv).await,
        _ => learn::route_plain(service, ctx, &inv).await,
    };
    match result {
        Ok(replies) => replies,
        Err(Refusal::Player(message)) => vec![Reply::private(&ctx.place, message)],
        Err(error @ Refusal::Store(_)) => {
            tracing::error!(%error, command = %inv.name, "command failed");
            vec![Reply::private(&ctx.place, error.to_string())]
        }
    }
}

/// `hint` serves the puzzle being solved here, else the lesson.
async fn hint(service: &Service, ctx: &Ctx, inv: &Invocation) -> Outcome<Vec<Reply>> {
    if service.route_move(ctx).await? == MoveRoute::Puzzle {
        puzzle::act(service, ctx, puzzle::PuzzleAction::Hint).await
    } else {
        learn::hint(service, ctx, inv).await
    }
}

/// Whether a word is a command name (otherwise a line is read as a move).
pub fn is_command(word: &str) -> bool {
    let w = word.to_ascii_lowercase();
    COMMANDS.iter().any(|c| c.name == w)
        || matches!(
            w.as_str(),
            "cancel" | "m" | "top" | "ratings" | "games" | "lesson" | "puzzles" | "hint" | "giveup"
        )
}

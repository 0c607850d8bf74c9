//! The slash commands, one file each. Each only turns Discord's options
//! into an [`Invocation`](crate::commands::Invocation); the command itself
//! lives in `crate::commands`.

mod board;
mod challenge;
mod choices;
mod draw;
mod help;
mod history;
mod leaderboard;
mod learn;
mod moves;
mod pgn;
mod play;
mod play_move;
mod puzzle;
mod rating;
mod rematch;
mod resign;
mod rules;
mod settings;
mod takeback;

use super::{Data, Error};
use crate::commands::Invocation;

/// Every slash command, as registered with Discord.
pub fn all() -> Vec<poise::Command<Data, Error>> {
    vec![
        challenge::challenge(),
        play::play(),
        play_move::play_move(),
        board::board(),
        moves::moves(),
        resign::resign(),
        draw::draw(),
        takeback::takeback(),
        rematch::rematch(),
        leaderboard::leaderboard(),
        rating::rating(),
        history::history(),
        pgn::pgn(),
        puzzle::puzzle(),
        rules::rules(),
        learn::learn(),
        settings::settings(),
        help::help(),
    ]
}

/// An invocation with the given name and `key:value` options.
fn invocation(name: &str, options: &[(&str, Option<String>)]) -> Invocation {
    let mut inv = Invocation {
        name: name.into(),
        ..Invocation::default()
    };
    for (key, value) in options {
        if let Some(v) = value {
            inv.options.insert((*key).into(), v.clone());
        }
    }
    inv
}

//! `alfil`: the medieval chess bot and its tools.

mod backup_cmd;
mod console_cmd;
mod db_arg;
mod perft_cmd;
mod puzzles_cmd;
mod render_cmd;
mod run_cmd;
mod uci_cmd;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "alfil", version, about = "Medieval chess, played in chat")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Discord bot (needs DISCORD_TOKEN in the environment).
    Run(run_cmd::Args),
    /// Play in a terminal chat: `<user>: <command>` lines, boards as PNG files.
    Console(console_cmd::Args),
    /// Count the leaf nodes of the move tree (move generator check and speed).
    Perft(perft_cmd::Args),
    /// Draw a board as PNG (or a whole game as an animated GIF).
    Render(render_cmd::Args),
    /// Mine puzzles from engine games, or count the shipped ones.
    Puzzles(puzzles_cmd::Args),
    /// Play as a UCI engine on stdin/stdout (`setoption name UCI_Variant`).
    Uci(uci_cmd::Args),
    /// Copy the database consistently, even while the bot runs.
    Backup(backup_cmd::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(alfil::logging::filter(
            std::env::var("RUST_LOG").ok().as_deref(),
        ))
        .with_writer(std::io::stderr)
        .init();
    let result = match cli.command {
        Command::Run(args) => run_cmd::run(args),
        Command::Console(args) => console_cmd::run(args),
        Command::Perft(args) => perft_cmd::run(args),
        Command::Render(args) => render_cmd::run(args),
        Command::Uci(args) => uci_cmd::run(args),
        Command::Backup(args) => backup_cmd::run(args),
        Command::Puzzles(args) => puzzles_cmd::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("alfil: {message}");
            ExitCode::FAILURE
        }
    }
}

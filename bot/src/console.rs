//! `alfil console`: a terminal chat with the same commands as Discord, for
//! any number of local users. Each line is `<user>: <command>`; a line
//! without a user acts as the last one. Board pictures are written as PNG
//! files, and the database is a file, so a second run carries on.

use crate::commands;
use crate::picture;
use crate::service::{Ctx, Place, Reply, Service, User};
use std::io::Write;
use std::path::{Path, PathBuf};
use tokio::io::{AsyncBufRead, AsyncBufReadExt};
use tokio::sync::mpsc::UnboundedReceiver;

/// The console's one server and channel.
pub fn place() -> Place {
    Place::new("console", "console")
}

/// A console user: their name is their identity.
pub fn user(name: &str) -> User {
    User::new(format!("console:{}", name.to_ascii_lowercase()), name)
}

/// Splits `alice: move e2e3` into the user and the command. Options such as
/// `variant:courier` have no space after the colon, so they never look
/// like a user.
pub fn split_user(line: &str) -> (Option<&str>, &str) {
    if let Some((name, rest)) = line.split_once(':') {
        let name = name.trim();
        let plain = !name.is_empty()
            && name.len() <= 32
            && name
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '-' || c == '.');
        if plain && (rest.is_empty() || rest.starts_with(char::is_whitespace)) {
            return (Some(name), rest.trim());
        }
    }
    (None, line.trim())
}

/// Runs the console until the input ends.
pub async fn run(
    service: Service,
    mut outbox: UnboundedReceiver<Reply>,
    input: impl AsyncBufRead + Unpin,
    out_dir: &Path,
    output: &mut impl Write,
) -> std::io::Result<()> {
    std::fs::create_dir_all(out_dir)?;
    let mut lines = input.lines();
    let mut last_user = String::from("player");
    writeln!(
        output,
        "alfil console: type `<name>: <command>` (try `alice: help`). Boards go to {}",
        out_dir.display()
    )?;
    while let Some(line) = lines.next_line().await? {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if let Err(e) = service.tick().await {
            writeln!(output, "alfil: timers: {e}")?;
        }
        let (who, command) = split_user(trimmed);
        if let Some(who) = who {
            last_user = who.to_string();
        }
        if command.is_empty() {
            continue;
        }
        let ctx = Ctx {
            user: user(&last_user),
            place: place(),
            admin: true,
        };
        let replies = commands::run_text(&service, &ctx, command, user).await;
        for reply in replies {
            print_reply(&reply, out_dir, output)?;
        }
        // Wait for the CPU's answer before reading on, so scripts read
        // like a conversation.
        service.settle().await;
        while let Ok(reply) = outbox.try_recv() {
            print_reply(&reply, out_dir, output)?;
        }
        output.flush()?;
    }
    Ok(())
}

/// Prints a reply and writes its pictures.
pub fn print_reply(reply: &Reply, out_dir: &Path, output: &mut impl Write) -> std::io::Result<()> {
    let text = reply.text.replace("**", "");
    let who = if reply.ephemeral {
        "alfil (to you)"
    } else {
        "alfil"
    };
    writeln!(output, "{who}: {}", text.replace('\n', "\n       "))?;
    if let Some(board) = &reply.board {
        let path = out_dir.join(format!("{}.png", board.name));
        std::fs::write(&path, picture::png(board))?;
        writeln!(output, "       board: {}", path.display())?;
        if let Some(positions) = &reply.animation {
            let gif: PathBuf = out_dir.join(format!("{}.gif", board.name));
            std::fs::write(&gif, picture::animation(positions, board))?;
            writeln!(output, "       game: {}", gif.display())?;
        }
    }
    if !reply.buttons.is_empty() {
        let buttons: Vec<String> = reply
            .buttons
            .iter()
            .map(|b| format!("[{}] `{}`", b.label(), b.command()))
            .collect();
        writeln!(output, "       {}", buttons.join("  "))?;
    }
    Ok(())
}

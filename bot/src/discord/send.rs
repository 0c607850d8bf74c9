//! Showing the service's replies on Discord: text, the board as an image
//! in an embed, buttons, and a thread for each new game.

use super::identity::channel_id;
use crate::picture;
use crate::service::{Button, Reply, Service};
use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateAttachment, CreateButton, CreateEmbed, CreateMessage,
    CreateThread, Http,
};

/// Discord's limit for a message's text.
const MAX_CONTENT: usize = 2000;

fn content(reply: &Reply) -> String {
    let mut text = reply.text.clone();
    if text.chars().count() > MAX_CONTENT {
        text = text.chars().take(MAX_CONTENT - 1).collect::<String>() + "…";
    }
    text
}

pub fn button_id(b: &Button) -> String {
    match b {
        Button::Accept(id) => format!("accept:{id}"),
        Button::Decline(id) => format!("decline:{id}"),
        Button::Resign(id) => format!("resign:{id}"),
        Button::OfferDraw(id) => format!("draw:{id}"),
        Button::Rematch(id) => format!("rematch:{id}"),
        Button::Hint => "hint:lesson".into(),
        Button::PuzzleHint(id) => format!("puzzlehint:{id}"),
        Button::PuzzleGiveUp(id) => format!("puzzlegiveup:{id}"),
    }
}

fn components(reply: &Reply) -> Vec<CreateActionRow> {
    if reply.buttons.is_empty() {
        return Vec::new();
    }
    let buttons = reply
        .buttons
        .iter()
        .map(|b| {
            let style = match b {
                Button::Accept(_) | Button::Rematch(_) => ButtonStyle::Success,
                Button::Decline(_) | Button::Resign(_) => ButtonStyle::Danger,
                Button::OfferDraw(_) | Button::Hint | Button::PuzzleHint(_) => {
                    ButtonStyle::Secondary
                }
                Button::PuzzleGiveUp(_) => ButtonStyle::Danger,
            };
            CreateButton::new(button_id(b))
                .label(b.label())
                .style(style)
        })
        .collect();
    vec![CreateActionRow::Buttons(buttons)]
}

/// The board picture (and a finished game's animation) as attachments,
/// with an embed that shows the board.
///
/// Drawing takes a few milliseconds of CPU. It runs on tokio's blocking
/// pool so that the async workers, which read every other player's events,
/// are never held up by one board.
async fn pictures(reply: &Reply) -> (Option<CreateEmbed>, Vec<CreateAttachment>) {
    let Some(board) = reply.board.clone() else {
        return (None, Vec::new());
    };
    let animation = reply.animation.clone();
    let caption = board.caption.clone();
    let drawn = tokio::task::spawn_blocking(move || {
        let png = picture::png(&board);
        let gif = animation.map(|positions| picture::animation(&positions, &board));
        (png, gif)
    })
    .await;
    let (png, gif) = match drawn {
        Ok(drawn) => drawn,
        Err(error) => {
            // The move is stored whatever happens here: say it in words.
            tracing::error!(%error, "drawing a board failed; replying without it");
            return (None, Vec::new());
        }
    };
    let mut files = vec![CreateAttachment::bytes(png, "board.png")];
    if let Some(gif) = gif {
        files.push(CreateAttachment::bytes(gif, "game.gif"));
    }
    let embed = CreateEmbed::new()
        .image("attachment://board.png")
        .footer(serenity::CreateEmbedFooter::new(caption));
    (Some(embed), files)
}

/// A reply to a slash command or a button, as poise builds it.
pub async fn interaction_reply(reply: &Reply) -> poise::CreateReply {
    let (embed, files) = pictures(reply).await;
    let mut out = poise::CreateReply::default()
        .content(content(reply))
        .ephemeral(reply.ephemeral)
        .components(components(reply));
    if let Some(embed) = embed {
        out = out.embed(embed);
    }
    for f in files {
        out = out.attachment(f);
    }
    out
}

/// The same reply as a plain channel message.
pub async fn message(reply: &Reply) -> CreateMessage {
    let (embed, files) = pictures(reply).await;
    let mut out = CreateMessage::new()
        .content(content(reply))
        .components(components(reply));
    if let Some(embed) = embed {
        out = out.embed(embed);
    }
    out.add_files(files)
}

/// Whether Discord may accept the same request a moment later: rate
/// limited (429), a server error (5xx), or no answer at all.
pub fn retryable(error: &serenity::Error) -> bool {
    use serenity::HttpError;
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => {
            r.status_code.as_u16() == 429 || r.status_code.is_server_error()
        }
        serenity::Error::Http(HttpError::Request(_)) => true,
        _ => false,
    }
}

/// Runs `request` until it succeeds, fails for good, or has been tried
/// four times over about four seconds (longer than Discord's usual
/// retry-after), so a move's announcement is not lost to a blip.
pub async fn with_retries<T, F, Fut>(mut request: F) -> Result<T, serenity::Error>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, serenity::Error>>,
{
    let mut attempt = 0u32;
    loop {
        match request().await {
            Ok(t) => return Ok(t),
            Err(e) if attempt < 3 && retryable(&e) => {
                tracing::warn!(error = %e, attempt, "Discord refused for now; trying again");
                tokio::time::sleep(std::time::Duration::from_millis(250 << attempt)).await;
                attempt += 1;
            }
            Err(e) => return Err(e),
        }
    }
}

/// Sends a reply to its channel (retrying briefly); `None` if it could not.
pub async fn to_channel(http: &Http, reply: &Reply) -> Option<serenity::Message> {
    let channel = channel_id(&reply.place.channel)?;
    let message = message(reply).await;
    match with_retries(|| channel.send_message(http, message.clone())).await {
        Ok(msg) => Some(msg),
        Err(error) => {
            tracing::warn!(%error, channel = %channel, "could not send a message");
            None
        }
    }
}

/// Gives a new game a thread of its own, started from its first message.
pub async fn open_thread(
    http: &Http,
    service: &Service,
    reply: &Reply,
    message: &serenity::Message,
) {
    let Some(game) = reply.game else { return };
    if message.guild_id.is_none() && reply.place.server.starts_with("dm:") {
        return; // a DM is already a private table
    }
    let name = format!("Game #{game}");
    let thread = message
        .channel_id
        .create_thread_from_message(http, message.id, CreateThread::new(name))
        .await;
    match thread {
        Ok(thread) => {
            if let Err(e) = service.move_game_to(game, &thread.id.to_string()).await {
                tracing::error!(error = %e, game, "could not move the game to its thread");
                return;
            }
            let hello = CreateMessage::new().content(
                "Play here: type your moves (e2e3, Nf3) or use /move. /board shows the board, /resign and /draw are at hand.",
            );
            if let Err(e) = thread.id.send_message(http, hello).await {
                tracing::warn!(error = %e, "could not greet the game thread");
            }
        }
        Err(e) => {
            tracing::warn!(error = %e, game, "could not open a thread; the game stays in the channel")
        }
    }
}

/// Gives the daily puzzle post a thread for answers: a move typed there
/// starts the day's puzzle for whoever types it.
pub async fn open_daily_thread(
    http: &Http,
    service: &Service,
    reply: &Reply,
    message: &serenity::Message,
) {
    let Some(day) = reply.daily_post else { return };
    let name = "Daily puzzle: answers here";
    match message
        .channel_id
        .create_thread_from_message(http, message.id, CreateThread::new(name))
        .await
    {
        Ok(thread) => {
            let thread_id = thread.id.to_string();
            if let Err(e) = service
                .daily_thread_opened(&reply.place.server, day, &thread_id)
                .await
            {
                tracing::error!(error = %e, day, "could not record the daily puzzle thread");
            }
        }
        Err(e) => tracing::warn!(error = %e, day, "could not open the daily puzzle thread"),
    }
}

//! Events that are not slash commands: buttons, and plain messages that
//! are moves (in a game's thread, or in a DM with the bot).

use super::{identity, send, Data, Error};
use crate::commands::{self, Invocation, MAX_INPUT};
use poise::serenity_prelude as serenity;
use serenity::{CreateInteractionResponse, CreateInteractionResponseMessage, FullEvent};

pub async fn handle(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &FullEvent,
) -> Result<(), Error> {
    let http = &framework.serenity_context.http;
    let data = framework.user_data;
    match event {
        FullEvent::Message { new_message } => on_message(http, data, new_message).await,
        FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Component(click),
        } => on_button(http, data, click).await,
        _ => Ok(()),
    }
}

/// A button's id, `accept:3`, as the command it stands for.
pub fn button_invocation(custom_id: &str) -> Option<Invocation> {
    if custom_id == "hint:lesson" {
        // `learn hint`, not `hint`: a puzzle open here would take a bare `hint`.
        return Some(Invocation {
            name: "learn".into(),
            words: vec!["hint".into()],
            ..Invocation::default()
        });
    }
    let (action, id) = custom_id.split_once(':')?;
    let id: i64 = id.parse().ok()?;
    if let Some(word) = match action {
        "puzzlehint" => Some("hint"),
        "puzzlegiveup" => Some("giveup"),
        _ => None,
    } {
        // The session is the clicker's own one in this place.
        return Some(Invocation {
            name: "puzzle".into(),
            words: vec![word.into()],
            ..Invocation::default()
        });
    }
    let (name, key) = match action {
        "accept" => ("accept", "challenge"),
        "decline" => ("decline", "challenge"),
        "resign" => ("resign", "game"),
        "draw" => ("draw", "game"),
        "rematch" => ("rematch", "game"),
        _ => return None,
    };
    let mut inv = Invocation {
        name: name.into(),
        ..Invocation::default()
    };
    inv.options.insert(key.into(), id.to_string());
    Some(inv)
}

async fn on_button(
    http: &serenity::Http,
    data: &Data,
    click: &serenity::ComponentInteraction,
) -> Result<(), Error> {
    if !data.seen.first_time(click.id.get()) {
        return Ok(()); // a repeat: the first delivery answers
    }
    let who = identity::ctx(
        &click.user,
        click.guild_id,
        click.channel_id,
        click.member.as_ref(),
    );
    let Some(inv) = button_invocation(&click.data.custom_id) else {
        let msg = CreateInteractionResponseMessage::new()
            .content("That button is not one I know.")
            .ephemeral(true);
        click
            .create_response(http, CreateInteractionResponse::Message(msg))
            .await?;
        return Ok(());
    };
    let replies = commands::run(&data.service, &who, inv).await;
    let mut answered = false;
    for reply in &replies {
        if !answered && (reply.ephemeral || reply.place.channel == click.channel_id.to_string()) {
            let r = send::interaction_reply(reply).await;
            let respond = || {
                let msg = r
                    .clone()
                    .to_slash_initial_response(CreateInteractionResponseMessage::new());
                click.create_response(http, CreateInteractionResponse::Message(msg))
            };
            answered = true;
            if let Err(error) = send::with_retries(respond).await {
                // The click has happened; show its result in the channel.
                tracing::warn!(%error, "could not answer a button; posting instead");
                if !reply.ephemeral {
                    send::to_channel(http, reply).await;
                }
                continue;
            }
            if reply.opens_game {
                let message = click.get_response(http).await?;
                send::open_thread(http, &data.service, reply, &message).await;
            }
        } else if let Some(message) = send::to_channel(http, reply).await {
            if reply.opens_game {
                send::open_thread(http, &data.service, reply, &message).await;
            }
        }
    }
    if !answered {
        click
            .create_response(http, CreateInteractionResponse::Acknowledge)
            .await?;
    }
    Ok(())
}

/// Whether a chat line looks like a move or a command, rather than talk.
pub fn looks_like_play(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    let first = words
        .first()
        .map(|w| w.trim_start_matches('/'))
        .unwrap_or("");
    if commands::is_command(first) {
        return true;
    }
    words.len() <= 2 && text.len() <= 12 && text.chars().any(|c| ('1'..='8').contains(&c))
}

async fn on_message(
    http: &serenity::Http,
    data: &Data,
    msg: &serenity::Message,
) -> Result<(), Error> {
    if msg.author.bot || msg.content.trim().is_empty() || !data.seen.first_time(msg.id.get()) {
        return Ok(());
    }
    let in_dm = msg.guild_id.is_none();
    let in_game_thread = !in_dm
        && data
            .service
            .store()
            .game_in_channel(&msg.channel_id.to_string())
            .await
            .ok()
            .flatten()
            .is_some();
    let in_puzzle_place = !in_dm && !in_game_thread && {
        let store = data.service.store();
        let channel = msg.channel_id.to_string();
        store.is_daily_thread(&channel).await.unwrap_or(false)
            || store.has_active_session_in(&channel).await.unwrap_or(false)
    };
    if !in_dm && !in_game_thread && !in_puzzle_place {
        return Ok(()); // the bot does not read ordinary channels
    }
    let too_long = msg.content.chars().count() > MAX_INPUT;
    if !too_long && !looks_like_play(&msg.content) {
        return Ok(()); // table talk
    }
    let who = identity::ctx(&msg.author, msg.guild_id, msg.channel_id, None);
    let mentions = msg.mentions.clone();
    let mention = |name: &str| {
        mentions
            .iter()
            .find(|u| u.name == name || name.contains(&u.id.to_string()))
            .map(identity::user)
            .unwrap_or_else(|| crate::service::User::new(format!("discord-name:{name}"), name))
    };
    let replies = commands::run_text(&data.service, &who, &msg.content, mention).await;
    for reply in &replies {
        let mut to_send = reply.clone();
        if reply.ephemeral {
            // A plain message cannot be answered privately: answer its author.
            to_send.text = format!("<@{}> {}", msg.author.id, reply.text);
            to_send.place = who.place.clone();
        }
        if let Some(message) = send::to_channel(http, &to_send).await {
            if reply.opens_game {
                send::open_thread(http, &data.service, reply, &message).await;
            }
        }
    }
    Ok(())
}

//! What a user sees when a command fails before or inside our code. Every
//! interaction gets an answer: Discord shows "The application did not
//! respond" otherwise, and the user cannot tell whether anything happened.

use super::{Data, Error};
use poise::serenity_prelude as serenity;
use poise::FrameworkError;

pub async fn on_error(error: FrameworkError<'_, Data, Error>) {
    match error {
        FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().name, %error, "command failed");
            say(
                ctx,
                "Something went wrong on our side; nothing was changed. Please try again.",
            )
            .await;
        }
        // Options that do not fit the command as registered: a client with
        // an old copy of the command list, or a forged request.
        FrameworkError::CommandStructureMismatch {
            ctx, description, ..
        } => {
            tracing::warn!(command = %ctx.command().name, description, "options do not fit the command");
            let text = format!(
                "I could not read the options of /{}; nothing was changed. If Discord shows an old version of the command, try again in a minute.",
                ctx.command().name
            );
            say(poise::Context::Application(ctx), &text).await;
        }
        FrameworkError::UnknownInteraction {
            framework,
            interaction,
            ..
        } => {
            tracing::warn!(name = %interaction.data.name, "unknown command");
            let typing = interaction
                .data
                .options()
                .iter()
                .any(|o| matches!(o.value, serenity::ResolvedValue::Autocomplete { .. }));
            if typing {
                return; // an autocomplete: nothing to show
            }
            let text = format!(
                "I do not know the command /{}; nothing was changed. /help lists the commands.",
                interaction.data.name
            );
            let msg = serenity::CreateInteractionResponseMessage::new()
                .content(text)
                .ephemeral(true);
            let response = serenity::CreateInteractionResponse::Message(msg);
            let http: &serenity::Http = &framework.serenity_context.http;
            if let Err(e) = interaction.create_response(http, response).await {
                tracing::warn!(error = %e, "could not answer an unknown command");
            }
        }
        // The one command check: a slash command Discord delivered twice.
        FrameworkError::CommandCheckFailed {
            error: None, ctx, ..
        } => {
            tracing::info!(command = %ctx.command().name, "a repeated interaction, dropped");
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(error = %e, "error while handling an error");
            }
        }
    }
}

async fn say(ctx: super::Context<'_>, text: &str) {
    let reply = poise::CreateReply::default().content(text).ephemeral(true);
    if let Err(e) = ctx.send(reply).await {
        tracing::warn!(error = %e, "could not tell the user about an error");
    }
}

use super::invocation;
use crate::discord::{answer, identity, Context, Error};
use poise::serenity_prelude as serenity;

/// Suggests the legal moves of the player's game as they type.
async fn legal_moves(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let who = identity::ctx(ctx.author(), ctx.guild_id(), ctx.channel_id(), None);
    let moves = ctx.data().service.suggest_moves(&who, partial).await;
    let choices = moves
        .into_iter()
        .map(serenity::AutocompleteChoice::from)
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Play a move in your game (e2e3, Nf3, Fxd5 ...)
#[poise::command(slash_command, rename = "move")]
pub async fn play_move(
    ctx: Context<'_>,
    #[description = "Your move"]
    #[autocomplete = "legal_moves"]
    #[rename = "move"]
    text: String,
    #[description = "Which game, if you have several"] game: Option<i64>,
) -> Result<(), Error> {
    let inv = invocation(
        "move",
        &[("move", Some(text)), ("game", game.map(|g| g.to_string()))],
    );
    answer(ctx, inv).await
}

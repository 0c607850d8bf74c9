use super::invocation;
use crate::discord::{answer, identity, Context, Error};
use poise::serenity_prelude as serenity;

/// A player's ratings
#[poise::command(slash_command)]
pub async fn rating(
    ctx: Context<'_>,
    #[description = "Whose (yours if not given)"] player: Option<serenity::User>,
) -> Result<(), Error> {
    let mut inv = invocation("rating", &[]);
    inv.users.extend(player.as_ref().map(identity::user));
    answer(ctx, inv).await
}

use super::invocation;
use crate::discord::{answer, Context, Error};

/// Give up your game
#[poise::command(slash_command)]
pub async fn resign(
    ctx: Context<'_>,
    #[description = "Which game, if not your current one"] game: Option<i64>,
) -> Result<(), Error> {
    answer(
        ctx,
        invocation("resign", &[("game", game.map(|g| g.to_string()))]),
    )
    .await
}

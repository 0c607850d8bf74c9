use super::invocation;
use crate::discord::{answer, Context, Error};

/// Offer a draw, or accept your opponent's offer
#[poise::command(slash_command)]
pub async fn draw(
    ctx: Context<'_>,
    #[description = "Which game, if not your current one"] game: Option<i64>,
) -> Result<(), Error> {
    answer(
        ctx,
        invocation("draw", &[("game", game.map(|g| g.to_string()))]),
    )
    .await
}

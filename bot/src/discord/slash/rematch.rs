use super::invocation;
use crate::discord::{answer, Context, Error};

/// Play the same game again, colours swapped
#[poise::command(slash_command)]
pub async fn rematch(
    ctx: Context<'_>,
    #[description = "Which game, if not your current one"] game: Option<i64>,
) -> Result<(), Error> {
    answer(
        ctx,
        invocation("rematch", &[("game", game.map(|g| g.to_string()))]),
    )
    .await
}

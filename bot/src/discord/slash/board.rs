use super::invocation;
use crate::discord::{answer, Context, Error};

/// Show the board of your game
#[poise::command(slash_command)]
pub async fn board(
    ctx: Context<'_>,
    #[description = "Which game, if not your current one"] game: Option<i64>,
) -> Result<(), Error> {
    answer(
        ctx,
        invocation("board", &[("game", game.map(|g| g.to_string()))]),
    )
    .await
}

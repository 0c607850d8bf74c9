use super::invocation;
use crate::discord::{answer, Context, Error};

/// Ask to take back your last move (casual games), or agree to it
#[poise::command(slash_command)]
pub async fn takeback(
    ctx: Context<'_>,
    #[description = "Which game, if not your current one"] game: Option<i64>,
) -> Result<(), Error> {
    answer(
        ctx,
        invocation("takeback", &[("game", game.map(|g| g.to_string()))]),
    )
    .await
}

use super::invocation;
use crate::discord::{answer, Context, Error};

/// Your game's moves as PGN
#[poise::command(slash_command)]
pub async fn pgn(
    ctx: Context<'_>,
    #[description = "Which game, if not your current one"] game: Option<i64>,
) -> Result<(), Error> {
    answer(
        ctx,
        invocation("pgn", &[("game", game.map(|g| g.to_string()))]),
    )
    .await
}

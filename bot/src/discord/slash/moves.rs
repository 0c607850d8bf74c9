use super::invocation;
use crate::discord::{answer, Context, Error};

/// Show where the piece on a square can move
#[poise::command(slash_command)]
pub async fn moves(
    ctx: Context<'_>,
    #[description = "The piece's square, e.g. e2"] square: String,
    #[description = "Which game, if not your current one"] game: Option<i64>,
) -> Result<(), Error> {
    let inv = invocation(
        "moves",
        &[
            ("square", Some(square)),
            ("game", game.map(|g| g.to_string())),
        ],
    );
    answer(ctx, inv).await
}

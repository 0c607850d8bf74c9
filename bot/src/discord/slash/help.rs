use super::invocation;
use crate::discord::{answer, Context, Error};

/// What alfil can do
#[poise::command(slash_command)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, invocation("help", &[])).await
}

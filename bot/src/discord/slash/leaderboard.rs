use super::choices::VariantChoice;
use super::invocation;
use crate::discord::{answer, Context, Error};

/// The best rated players of a variant
#[poise::command(slash_command)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Which game (Shatranj if not given)"] variant: Option<VariantChoice>,
) -> Result<(), Error> {
    answer(
        ctx,
        invocation(
            "leaderboard",
            &[("variant", variant.map(VariantChoice::key))],
        ),
    )
    .await
}

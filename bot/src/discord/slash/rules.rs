use super::choices::VariantChoice;
use super::invocation;
use crate::discord::{answer, Context, Error};

/// How a variant is played
#[poise::command(slash_command)]
pub async fn rules(
    ctx: Context<'_>,
    #[description = "Which game (Shatranj if not given)"] variant: Option<VariantChoice>,
) -> Result<(), Error> {
    answer(
        ctx,
        invocation("rules", &[("variant", variant.map(VariantChoice::key))]),
    )
    .await
}

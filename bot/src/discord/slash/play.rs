use super::choices::{key, ColorChoice, LevelChoice, OpponentChoice, VariantChoice};
use super::invocation;
use crate::discord::{answer, Context, Error};

/// Play the CPU at a level (works in DMs too), or both sides yourself
#[poise::command(slash_command)]
pub async fn play(
    ctx: Context<'_>,
    #[description = "Which game (Shatranj if not given)"] variant: Option<VariantChoice>,
    #[description = "The CPU's strength (Casual if not given)"] level: Option<LevelChoice>,
    #[description = "Your colour"] color: Option<ColorChoice>,
    #[description = "Play the CPU, or both sides yourself"] opponent: Option<OpponentChoice>,
) -> Result<(), Error> {
    let opponent = opponent.map(|o| match o {
        OpponentChoice::Cpu => "cpu".to_string(),
        OpponentChoice::Myself => "self".to_string(),
    });
    let inv = invocation(
        "play",
        &[
            ("variant", variant.map(VariantChoice::key)),
            ("level", level.map(key)),
            ("color", color.map(key)),
            ("opponent", opponent),
        ],
    );
    answer(ctx, inv).await
}

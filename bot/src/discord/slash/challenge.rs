use super::choices::{key, ColorChoice, LimitChoice, StalemateChoice, VariantChoice};
use super::invocation;
use crate::discord::{answer, identity, Context, Error};
use poise::serenity_prelude as serenity;

/// Challenge someone (or anyone here) to a game
#[poise::command(slash_command, guild_only)]
#[allow(clippy::too_many_arguments)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "Who to challenge (leave empty: anyone here)"] opponent: Option<serenity::User>,
    #[description = "Which game (Shatranj if not given)"] variant: Option<VariantChoice>,
    #[description = "Rated game (default: casual)"] rated: Option<bool>,
    #[description = "Your colour"] color: Option<ColorChoice>,
    #[description = "Time per move"] limit: Option<LimitChoice>,
    #[description = "House rule: what stalemate means"] stalemate: Option<StalemateChoice>,
    #[description = "House rule: may a bare king capture back for a draw?"] counter: Option<bool>,
    #[description = "House rule: moves each without capture or pawn move before a draw"]
    #[min = 10]
    #[max = 200]
    moverule: Option<u32>,
) -> Result<(), Error> {
    let mut inv = invocation(
        "challenge",
        &[
            ("variant", variant.map(VariantChoice::key)),
            ("rated", rated.map(|b| b.to_string())),
            ("color", color.map(key)),
            ("limit", limit.map(LimitChoice::key)),
            ("stalemate", stalemate.map(key)),
            (
                "counter",
                counter.map(|b| if b { "on".into() } else { "off".into() }),
            ),
            ("moverule", moverule.map(|n| n.to_string())),
        ],
    );
    inv.users.extend(opponent.as_ref().map(identity::user));
    answer(ctx, inv).await
}

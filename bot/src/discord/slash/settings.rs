use super::choices::{key, StalemateChoice};
use super::invocation;
use crate::discord::{answer, Context, Error};
use poise::serenity_prelude as serenity;

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ThemeChoice {
    Brown,
    Blue,
    Green,
}

/// Show this server's settings; members who may manage the server can change them
#[poise::command(slash_command, guild_only)]
#[allow(clippy::too_many_arguments)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "Default house rule: what stalemate means"] stalemate: Option<StalemateChoice>,
    #[description = "Default house rule: bare-king counter"] counter: Option<bool>,
    #[description = "Default house rule: the move-count rule, in moves each"]
    #[min = 10]
    #[max = 200]
    moverule: Option<u32>,
    #[description = "Minutes before the CPU takes an idle player's seat (0 = never)"]
    #[max = 1440]
    idle: Option<u32>,
    #[description = "Board colours"] theme: Option<ThemeChoice>,
    #[description = "Piece name labels on the boards"] labels: Option<bool>,
    #[description = "Channel for the daily puzzle"] puzzle_channel: Option<serenity::ChannelId>,
    #[description = "Hour of the daily puzzle (UTC)"]
    #[max = 23]
    puzzle_hour: Option<u32>,
) -> Result<(), Error> {
    let on_off = |b: bool| {
        if b {
            "on".to_string()
        } else {
            "off".to_string()
        }
    };
    let inv = invocation(
        "settings",
        &[
            ("stalemate", stalemate.map(key)),
            ("counter", counter.map(on_off)),
            ("moverule", moverule.map(|n| n.to_string())),
            ("idle", idle.map(|n| n.to_string())),
            ("theme", theme.map(key)),
            ("labels", labels.map(on_off)),
            ("puzzlechannel", puzzle_channel.map(|c| c.to_string())),
            ("puzzlehour", puzzle_hour.map(|h| h.to_string())),
        ],
    );
    answer(ctx, inv).await
}

//! Which game a command means when the player does not say.

use super::{refuse, Ctx, Outcome, Service};
use crate::store::{GameId, PlayerId};

impl Service {
    /// The game named, or the player's game here: their game in this
    /// channel, their only game in this server, the game this thread
    /// holds, or their latest game in this server. A game never answers
    /// to a command from another server (or from another user's DMs).
    pub(crate) async fn find_game(
        &self,
        ctx: &Ctx,
        player: PlayerId,
        named: Option<GameId>,
    ) -> Outcome<GameId> {
        let server = &ctx.place.server;
        if let Some(id) = named {
            return match self.store().game(id).await? {
                Some(row) if &row.server == server => Ok(id),
                Some(_) => refuse(format!("Game #{id} is not played here.")),
                None => refuse(format!("There is no game #{id}.")),
            };
        }
        let mine = self.store().active_games_of(player, server).await?;
        let here: Vec<GameId> = mine
            .iter()
            .filter(|g| g.channel == ctx.place.channel)
            .map(|g| g.id)
            .collect();
        let candidates = if here.is_empty() {
            mine.iter().map(|g| g.id).collect()
        } else {
            here
        };
        match candidates.as_slice() {
            [one] => return Ok(*one),
            [] => {}
            many => {
                let list: Vec<String> = many.iter().map(|id| format!("#{id}")).collect();
                return refuse(format!(
                    "You have {} games in progress ({}): say which one with game:<number>, or play in its thread.",
                    many.len(),
                    list.join(", ")
                ));
            }
        }
        if let Some(row) = self.store().game_in_channel(&ctx.place.channel).await? {
            if &row.server == server {
                return Ok(row.id);
            }
        }
        let latest = self.store().recent_games(player, 20).await?;
        match latest.iter().find(|g| &g.server == server) {
            Some(g) => Ok(g.id),
            None => refuse("You have no game here. Start one with /challenge or /play."),
        }
    }
}

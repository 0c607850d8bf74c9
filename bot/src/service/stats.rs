//! Leaderboards, ratings, game history and PGN.

use super::games::result_line;
use super::reply::Reply;
use super::{Ctx, Outcome, Service, User};
use crate::store::GameId;
use engine::{PgnTags, Variant};

impl Service {
    /// The best established players of a variant.
    pub async fn leaderboard(&self, ctx: &Ctx, variant: Variant) -> Outcome<Vec<Reply>> {
        let cfg = self.config();
        let rows = self
            .store()
            .leaderboard(
                variant.name(),
                cfg.leaderboard_min_games,
                cfg.leaderboard_max_deviation,
                10,
            )
            .await?;
        let mut text = format!("**{} leaderboard**", variant.title());
        if rows.is_empty() {
            text.push_str(&format!(
                "\nNobody yet: a place needs {} rated games and a settled rating.",
                cfg.leaderboard_min_games
            ));
        }
        for (i, r) in rows.iter().enumerate() {
            text.push_str(&format!(
                "\n{}. {} {:.0} ({} games)",
                i + 1,
                r.name,
                r.rating,
                r.games
            ));
        }
        Ok(vec![Reply::text(&ctx.place, text)])
    }

    /// A player's ratings in every variant they played rated.
    pub async fn rating(&self, ctx: &Ctx, who: Option<&User>) -> Outcome<Vec<Reply>> {
        let user = who.unwrap_or(&ctx.user);
        let player = self.player(user).await?;
        let rows = self.store().ratings_of(player).await?;
        let mut text = format!("**{}**'s ratings", user.name);
        if rows.is_empty() {
            text.push_str(": no rated games yet (everyone starts at 1500).");
        }
        for r in rows {
            let variant: Option<Variant> = r.variant.parse().ok();
            let provisional = if r.deviation > self.config().leaderboard_max_deviation {
                "?"
            } else {
                ""
            };
            text.push_str(&format!(
                "\n- {}: {:.0}{provisional} ±{:.0} ({} games)",
                variant.map_or(r.variant.as_str(), |v| v.title()),
                r.rating,
                2.0 * r.deviation,
                r.games
            ));
        }
        Ok(vec![Reply::text(&ctx.place, text)])
    }

    /// A player's recent games.
    pub async fn history(&self, ctx: &Ctx, who: Option<&User>) -> Outcome<Vec<Reply>> {
        let user = who.unwrap_or(&ctx.user);
        let player = self.player(user).await?;
        // Someone else's games are shown only where they were played, so
        // no server (nor anyone's DMs) sees another's.
        let own = user.key == ctx.user.key;
        let games: Vec<_> = self
            .store()
            .recent_games(player, 50)
            .await?
            .into_iter()
            .filter(|g| own || g.server == ctx.place.server)
            .take(10)
            .collect();
        let mut text = format!("**{}**'s recent games", user.name);
        if games.is_empty() {
            text.push_str(": none yet.");
        }
        for g in games {
            let white = self.seat_name(&g, engine::Color::White).await?;
            let black = self.seat_name(&g, engine::Color::Black).await?;
            let variant: Option<Variant> = g.variant.parse().ok();
            text.push_str(&format!(
                "\n#{} {}: {white} – {black}, {}{}",
                g.id,
                variant.map_or(g.variant.as_str(), |v| v.title()),
                result_line(&g),
                if g.rated { ", rated" } else { "" }
            ));
        }
        Ok(vec![Reply::text(&ctx.place, text)])
    }

    /// A game's PGN.
    pub async fn pgn(&self, ctx: &Ctx, game: Option<GameId>) -> Outcome<Vec<Reply>> {
        let player = self.player(&ctx.user).await?;
        let id = self.find_game(ctx, player, game).await?;
        let text = self.pgn_of(id).await?;
        Ok(vec![
            Reply::text(&ctx.place, format!("```\n{text}```")).for_game(id)
        ])
    }

    /// The PGN text of a stored game.
    pub async fn pgn_of(&self, id: GameId) -> Outcome<String> {
        let mut loaded = self.load(id).await?;
        let row = &loaded.row;
        let date = chrono_date(row.created_at);
        let tags = PgnTags {
            event: Some(format!(
                "alfil game #{id}{}",
                if row.rated { ", rated" } else { "" }
            )),
            site: Some("alfil".into()),
            date: Some(date),
            white: Some(self.seat_name(row, engine::Color::White).await?),
            black: Some(self.seat_name(row, engine::Color::Black).await?),
        };
        // The row knows endings the moves do not show (resignation, agreement).
        if loaded.game.outcome().is_none() {
            match (row.result.as_deref(), row.reason.as_deref()) {
                (Some("1/2-1/2"), _) => loaded.game.agree_draw(),
                (Some("1-0"), _) => loaded.game.resign(engine::Color::Black),
                (Some("0-1"), _) => loaded.game.resign(engine::Color::White),
                _ => {}
            }
        }
        Ok(loaded.game.pgn(&tags))
    }
}

/// `YYYY.MM.DD` for a Unix time in milliseconds (UTC).
fn chrono_date(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .map(|t| t.format("%Y.%m.%d").to_string())
        .unwrap_or_else(|| "????.??.??".into())
}

//! Glicko-2 ratings per player and variant. Rated games are only between
//! two people; moves the CPU made in a person's seat count for that person.

use super::{Outcome, Service};
use crate::store::{GameRow, PlayerId, RatingRow};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

impl Service {
    /// New ratings for a finished game's players, and a line saying how
    /// they moved; nothing for a casual game.
    pub(crate) async fn rate(
        &self,
        row: &GameRow,
        outcome: engine::Outcome,
    ) -> Outcome<(Vec<RatingRow>, String)> {
        let (Some(white), Some(black)) = (row.players[0], row.players[1]) else {
            return Ok((Vec::new(), String::new()));
        };
        if !row.rated || white == black {
            return Ok((Vec::new(), String::new()));
        }
        let before_white = self.rating_row(white, &row.variant).await?;
        let before_black = self.rating_row(black, &row.variant).await?;
        let result = match outcome.winner() {
            Some(engine::Color::White) => Outcomes::WIN,
            Some(engine::Color::Black) => Outcomes::LOSS,
            None => Outcomes::DRAW,
        };
        let (new_white, new_black) = glicko2(
            &glicko(&before_white),
            &glicko(&before_black),
            &result,
            &Glicko2Config::new(),
        );
        let after_white = updated(&before_white, new_white);
        let after_black = updated(&before_black, new_black);
        let note = format!(
            "Ratings: {} {:.0} ({:+.0}), {} {:.0} ({:+.0})",
            after_white.name,
            after_white.rating,
            after_white.rating - before_white.rating,
            after_black.name,
            after_black.rating,
            after_black.rating - before_black.rating,
        );
        Ok((vec![after_white, after_black], note))
    }

    /// A player's rating row, or a new player's starting rating.
    pub(crate) async fn rating_row(&self, player: PlayerId, variant: &str) -> Outcome<RatingRow> {
        if let Some(row) = self.store().rating(player, variant).await? {
            return Ok(row);
        }
        let start = Glicko2Rating::new();
        Ok(RatingRow {
            player,
            name: self.store().player_name(player).await?,
            variant: variant.to_string(),
            rating: start.rating,
            deviation: start.deviation,
            volatility: start.volatility,
            games: 0,
        })
    }
}

fn glicko(row: &RatingRow) -> Glicko2Rating {
    Glicko2Rating {
        rating: row.rating,
        deviation: row.deviation,
        volatility: row.volatility,
    }
}

fn updated(before: &RatingRow, after: Glicko2Rating) -> RatingRow {
    RatingRow {
        rating: after.rating,
        deviation: after.deviation,
        volatility: after.volatility,
        games: before.games + 1,
        ..before.clone()
    }
}

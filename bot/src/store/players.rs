//! Players, their ratings, and each server's settings.

use super::{PlayerId, Result, Store};
use sqlx::Row;

/// A player's Glicko-2 rating in one variant.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub player: PlayerId,
    pub name: String,
    pub variant: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: i64,
}

/// What a server's admins have set; `None` means the variant's own rule.
#[derive(Clone, Debug, PartialEq)]
pub struct ServerSettings {
    pub stalemate: Option<String>,
    pub counter: Option<bool>,
    pub move_rule: Option<u32>,
    pub idle_seconds: u32,
    pub theme: String,
    pub labels: bool,
    pub puzzle_channel: Option<String>,
    pub puzzle_hour: Option<u32>,
}

impl Default for ServerSettings {
    fn default() -> Self {
        ServerSettings {
            stalemate: None,
            counter: None,
            move_rule: None,
            idle_seconds: 600,
            theme: "brown".into(),
            labels: false,
            puzzle_channel: None,
            puzzle_hour: None,
        }
    }
}

impl Store {
    /// The player with this front-end key, created on first sight; the
    /// display name follows the latest one seen.
    pub async fn player(&self, key: &str, name: &str, now: i64) -> Result<PlayerId> {
        // Every command looks its player up: read first, and write (a
        // transaction and a disk sync) only for a new player or a new name.
        let known = sqlx::query("SELECT id, name FROM players WHERE key = $1")
            .bind(key)
            .fetch_optional(self.pool())
            .await?;
        if let Some(r) = known {
            if r.get::<String, _>(1) == name {
                return Ok(r.get(0));
            }
        }
        let row = sqlx::query(
            "INSERT INTO players (key, name, created_at) VALUES ($1, $2, $3)
             ON CONFLICT(key) DO UPDATE SET name = excluded.name
             RETURNING id",
        )
        .bind(key)
        .bind(name)
        .bind(now)
        .fetch_one(self.pool())
        .await?;
        Ok(row.get(0))
    }

    pub async fn player_name(&self, id: PlayerId) -> Result<String> {
        let row = sqlx::query("SELECT name FROM players WHERE id = $1")
            .bind(id)
            .fetch_one(self.pool())
            .await?;
        Ok(row.get(0))
    }

    pub async fn player_key(&self, id: PlayerId) -> Result<String> {
        let row = sqlx::query("SELECT key FROM players WHERE id = $1")
            .bind(id)
            .fetch_one(self.pool())
            .await?;
        Ok(row.get(0))
    }

    pub async fn player_by_key(&self, key: &str) -> Result<Option<PlayerId>> {
        let row = sqlx::query("SELECT id FROM players WHERE key = $1")
            .bind(key)
            .fetch_optional(self.pool())
            .await?;
        Ok(row.map(|r| r.get(0)))
    }

    pub async fn rating(&self, player: PlayerId, variant: &str) -> Result<Option<RatingRow>> {
        let row = sqlx::query(
            "SELECT r.player_id, p.name, r.variant, r.rating, r.deviation, r.volatility, r.games
             FROM ratings r JOIN players p ON p.id = r.player_id
             WHERE r.player_id = $1 AND r.variant = $2",
        )
        .bind(player)
        .bind(variant)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.map(|r| rating_row(&r)))
    }

    pub async fn ratings_of(&self, player: PlayerId) -> Result<Vec<RatingRow>> {
        let rows = sqlx::query(
            "SELECT r.player_id, p.name, r.variant, r.rating, r.deviation, r.volatility, r.games
             FROM ratings r JOIN players p ON p.id = r.player_id
             WHERE r.player_id = $1 ORDER BY r.variant",
        )
        .bind(player)
        .fetch_all(self.pool())
        .await?;
        Ok(rows.iter().map(rating_row).collect())
    }

    /// The best established players of a variant.
    pub async fn leaderboard(
        &self,
        variant: &str,
        min_games: i64,
        max_deviation: f64,
        limit: i64,
    ) -> Result<Vec<RatingRow>> {
        let rows = sqlx::query(
            "SELECT r.player_id, p.name, r.variant, r.rating, r.deviation, r.volatility, r.games
             FROM ratings r JOIN players p ON p.id = r.player_id
             WHERE r.variant = $1 AND r.games >= $2 AND r.deviation <= $3
             ORDER BY r.rating DESC, r.games DESC LIMIT $4",
        )
        .bind(variant)
        .bind(min_games)
        .bind(max_deviation)
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        Ok(rows.iter().map(rating_row).collect())
    }

    pub async fn server_settings(&self, server: &str) -> Result<ServerSettings> {
        let row = sqlx::query(
            "SELECT stalemate, counter, move_rule, idle_seconds, theme, labels, puzzle_channel, puzzle_hour
             FROM servers WHERE id = $1",
        )
        .bind(server)
        .fetch_optional(self.pool())
        .await?;
        Ok(match row {
            None => ServerSettings::default(),
            Some(r) => ServerSettings {
                stalemate: r.get(0),
                counter: r.get::<Option<i64>, _>(1).map(|v| v != 0),
                move_rule: r.get::<Option<i64>, _>(2).map(|v| v as u32),
                idle_seconds: r.get::<i64, _>(3) as u32,
                theme: r.get(4),
                labels: r.get::<i64, _>(5) != 0,
                puzzle_channel: r.get(6),
                puzzle_hour: r.get::<Option<i64>, _>(7).map(|v| v as u32),
            },
        })
    }

    pub async fn save_server_settings(&self, server: &str, s: &ServerSettings) -> Result<()> {
        sqlx::query(
            "INSERT INTO servers (id, stalemate, counter, move_rule, idle_seconds, theme, labels, puzzle_channel, puzzle_hour)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
             ON CONFLICT(id) DO UPDATE SET stalemate = excluded.stalemate, counter = excluded.counter,
               move_rule = excluded.move_rule, idle_seconds = excluded.idle_seconds, theme = excluded.theme,
               labels = excluded.labels, puzzle_channel = excluded.puzzle_channel, puzzle_hour = excluded.puzzle_hour",
        )
        .bind(server)
        .bind(&s.stalemate)
        .bind(s.counter.map(i64::from))
        .bind(s.move_rule.map(i64::from))
        .bind(i64::from(s.idle_seconds))
        .bind(&s.theme)
        .bind(i64::from(s.labels))
        .bind(&s.puzzle_channel)
        .bind(s.puzzle_hour.map(i64::from))
        .execute(self.pool())
        .await?;
        Ok(())
    }
}

fn rating_row(r: &sqlx::any::AnyRow) -> RatingRow {
    RatingRow {
        player: r.get(0),
        name: r.get(1),
        variant: r.get(2),
        rating: r.get(3),
        deviation: r.get(4),
        volatility: r.get(5),
        games: r.get(6),
    }
}

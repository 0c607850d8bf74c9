//! Challenges: offers of a game that wait for an answer.

use super::{GameId, PlayerId, Result, Store};
use sqlx::any::AnyRow;
use sqlx::{AssertSqlSafe, Row};

#[derive(Clone, Debug, PartialEq)]
pub struct ChallengeRow {
    pub id: i64,
    pub server: String,
    pub channel: String,
    pub challenger: PlayerId,
    pub challenged: Option<PlayerId>,
    pub variant: String,
    pub stalemate: String,
    pub counter: bool,
    pub move_rule: u32,
    pub rated: bool,
    /// The challenger's colour: white, black or random.
    pub color: String,
    pub turn_limit: Option<u32>,
    pub created_at: i64,
    pub expires_at: i64,
    pub status: String,
    pub game_id: Option<GameId>,
    /// The position the game starts from, when not the variant's start.
    pub start_fen: Option<String>,
}

const COLUMNS: &str = "id, server, channel, challenger, challenged, variant, stalemate, counter,
    move_rule, rated, color, turn_limit, created_at, expires_at, status, game_id, start_fen";

fn challenge_row(r: &AnyRow) -> ChallengeRow {
    ChallengeRow {
        id: r.get("id"),
        server: r.get("server"),
        channel: r.get("channel"),
        challenger: r.get("challenger"),
        challenged: r.get("challenged"),
        variant: r.get("variant"),
        stalemate: r.get("stalemate"),
        counter: r.get::<i64, _>("counter") != 0,
        move_rule: r.get::<i64, _>("move_rule") as u32,
        rated: r.get::<i64, _>("rated") != 0,
        color: r.get("color"),
        turn_limit: r.get::<Option<i64>, _>("turn_limit").map(|v| v as u32),
        created_at: r.get("created_at"),
        expires_at: r.get("expires_at"),
        status: r.get("status"),
        game_id: r.get("game_id"),
        start_fen: r.get("start_fen"),
    }
}

impl Store {
    pub async fn insert_challenge(&self, c: &ChallengeRow) -> Result<i64> {
        let r = sqlx::query(
            "INSERT INTO challenges (server, channel, challenger, challenged, variant, stalemate, counter,
               move_rule, rated, color, turn_limit, created_at, expires_at, start_fen)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id",
        )
        .bind(&c.server)
        .bind(&c.channel)
        .bind(c.challenger)
        .bind(c.challenged)
        .bind(&c.variant)
        .bind(&c.stalemate)
        .bind(i64::from(c.counter))
        .bind(i64::from(c.move_rule))
        .bind(i64::from(c.rated))
        .bind(&c.color)
        .bind(c.turn_limit.map(i64::from))
        .bind(c.created_at)
        .bind(c.expires_at)
        .bind(&c.start_fen)
        .fetch_one(self.pool())
        .await?;
        Ok(r.get(0))
    }

    pub async fn challenge(&self, id: i64) -> Result<Option<ChallengeRow>> {
        let row = sqlx::query(AssertSqlSafe(format!(
            "SELECT {COLUMNS} FROM challenges WHERE id = $1"
        )))
        .bind(id)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.as_ref().map(challenge_row))
    }

    /// Open challenges in a server that this player may answer (addressed to
    /// them or open to anyone), newest first.
    pub async fn open_challenges_for(
        &self,
        server: &str,
        player: PlayerId,
        now: i64,
    ) -> Result<Vec<ChallengeRow>> {
        let rows = sqlx::query(AssertSqlSafe(format!(
            "SELECT {COLUMNS} FROM challenges
             WHERE status = 'open' AND server = $1 AND expires_at > $3 AND challenger != $2
               AND (challenged IS NULL OR challenged = $2)
             ORDER BY (challenged IS NULL), id DESC"
        )))
        .bind(server)
        .bind(player)
        .bind(now)
        .fetch_all(self.pool())
        .await?;
        Ok(rows.iter().map(challenge_row).collect())
    }

    /// Open challenges made by a player in a server.
    pub async fn challenges_by(&self, server: &str, player: PlayerId) -> Result<Vec<ChallengeRow>> {
        let rows = sqlx::query(AssertSqlSafe(format!(
            "SELECT {COLUMNS} FROM challenges WHERE status = 'open' AND server = $1 AND challenger = $2 ORDER BY id DESC"
        )))
        .bind(server)
        .bind(player)
        .fetch_all(self.pool())
        .await?;
        Ok(rows.iter().map(challenge_row).collect())
    }

    /// Moves an open challenge to a final status; false if it was no longer
    /// open (someone else answered first).
    pub async fn close_challenge(
        &self,
        id: i64,
        status: &str,
        game: Option<GameId>,
    ) -> Result<bool> {
        let done = sqlx::query(
            "UPDATE challenges SET status = $1, game_id = $2 WHERE id = $3 AND status = 'open'",
        )
        .bind(status)
        .bind(game)
        .bind(id)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Closes an open challenge as accepted and stores its game, atomically;
    /// `None` if the challenge was no longer open.
    pub async fn accept_challenge(&self, id: i64, game: &super::GameRow) -> Result<Option<GameId>> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        let still_open = sqlx::query(
            "UPDATE challenges SET status = 'accepted' WHERE id = $1 AND status = 'open'",
        )
        .bind(id)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if !still_open {
            return Ok(None);
        }
        let game_id = super::games::insert_game(&mut tx, game).await?;
        sqlx::query("UPDATE challenges SET game_id = $1 WHERE id = $2")
            .bind(game_id)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Some(game_id))
    }

    pub async fn expired_challenges(&self, now: i64) -> Result<Vec<ChallengeRow>> {
        let rows = sqlx::query(AssertSqlSafe(format!(
            "SELECT {COLUMNS} FROM challenges WHERE status = 'open' AND expires_at <= $1 ORDER BY id"
        )))
        .bind(now)
        .fetch_all(self.pool())
        .await?;
        Ok(rows.iter().map(challenge_row).collect())
    }
}

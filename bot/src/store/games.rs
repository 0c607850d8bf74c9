//! Games and their moves.

use super::{GameId, PlayerId, RatingRow, Result, Store, StoreError};
use sqlx::any::AnyRow;
use sqlx::{AssertSqlSafe, Row};

/// A game as stored: its options, seats, state of offers and timers.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub id: GameId,
    pub server: String,
    pub channel: String,
    pub variant: String,
    pub start_fen: String,
    pub stalemate: String,
    pub counter: bool,
    pub move_rule: u32,
    pub rated: bool,
    pub turn_limit: Option<u32>,
    /// Seats, White then Black: the human, or `None` for the CPU's own seat.
    pub players: [Option<PlayerId>; 2],
    pub levels: [Option<String>; 2],
    /// The CPU holds an idle human's seat.
    pub cpu_holds: [bool; 2],
    pub status: String,
    pub result: Option<String>,
    pub reason: Option<String>,
    pub draw_offer: Option<String>,
    pub takeback_offer: Option<String>,
    pub rematch_of: Option<GameId>,
    pub created_at: i64,
    pub last_move_at: i64,
    pub turn_deadline: Option<i64>,
    pub idle_deadline: Option<i64>,
    /// Raised by every write; a write names the version it read.
    pub version: i64,
}

/// One stored move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveRow {
    pub ply: i64,
    pub uci: String,
    pub san: String,
    pub by_cpu: bool,
}

const GAME_COLUMNS: &str = "id, server, channel, variant, start_fen, stalemate, counter, move_rule,
    rated, turn_limit, white, black, white_level, black_level, white_cpu_holds, black_cpu_holds,
    status, result, reason, draw_offer, takeback_offer, rematch_of, created_at, last_move_at,
    turn_deadline, idle_deadline, version";

fn game_row(r: &AnyRow) -> GameRow {
    GameRow {
        id: r.get("id"),
        server: r.get("server"),
        channel: r.get("channel"),
        variant: r.get("variant"),
        start_fen: r.get("start_fen"),
        stalemate: r.get("stalemate"),
        counter: r.get::<i64, _>("counter") != 0,
        move_rule: r.get::<i64, _>("move_rule") as u32,
        rated: r.get::<i64, _>("rated") != 0,
        turn_limit: r.get::<Option<i64>, _>("turn_limit").map(|v| v as u32),
        players: [r.get("white"), r.get("black")],
        levels: [r.get("white_level"), r.get("black_level")],
        cpu_holds: [
            r.get::<i64, _>("white_cpu_holds") != 0,
            r.get::<i64, _>("black_cpu_holds") != 0,
        ],
        status: r.get("status"),
        result: r.get("result"),
        reason: r.get("reason"),
        draw_offer: r.get("draw_offer"),
        takeback_offer: r.get("takeback_offer"),
        rematch_of: r.get("rematch_of"),
        created_at: r.get("created_at"),
        last_move_at: r.get("last_move_at"),
        turn_deadline: r.get("turn_deadline"),
        idle_deadline: r.get("idle_deadline"),
        version: r.get("version"),
    }
}

impl Store {
    /// Stores a new game; `row.id` is ignored and the new id returned.
    pub async fn insert_game(&self, row: &GameRow) -> Result<GameId> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        let id = insert_game(&mut tx, row).await?;
        tx.commit().await?;
        Ok(id)
    }

    pub async fn game(&self, id: GameId) -> Result<Option<GameRow>> {
        let row = sqlx::query(AssertSqlSafe(format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE id = $1"
        )))
        .bind(id)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.as_ref().map(game_row))
    }

    pub async fn moves(&self, game: GameId) -> Result<Vec<MoveRow>> {
        let rows =
            sqlx::query("SELECT ply, uci, san, by_cpu FROM moves WHERE game_id = $1 ORDER BY ply")
                .bind(game)
                .fetch_all(self.pool())
                .await?;
        Ok(rows
            .iter()
            .map(|r| MoveRow {
                ply: r.get(0),
                uci: r.get(1),
                san: r.get(2),
                by_cpu: r.get::<i64, _>(3) != 0,
            })
            .collect())
    }

    /// Stores a move together with the game's new state, atomically. The
    /// game's version is checked first, so a move based on a stale read
    /// (another process moved first) is refused as `Stale`; the primary key
    /// on (game, ply) would refuse it too.
    pub async fn record_move(
        &self,
        game: &mut GameRow,
        ply: i64,
        mv: &MoveRow,
        at: i64,
        ratings: &[RatingRow],
    ) -> Result<()> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        update_game(&mut tx, game).await?;
        sqlx::query("INSERT INTO moves (game_id, ply, uci, san, by_cpu, played_at) VALUES ($1, $2, $3, $4, $5, $6)")
            .bind(game.id)
            .bind(ply)
            .bind(&mv.uci)
            .bind(&mv.san)
            .bind(i64::from(mv.by_cpu))
            .bind(at)
            .execute(&mut *tx)
            .await?;
        save_ratings(&mut tx, ratings).await?;
        commit(tx, game).await?;
        Ok(())
    }

    /// Takes back the last `count` plies and stores the game's new state.
    pub async fn take_back(&self, game: &mut GameRow, from_ply: i64) -> Result<()> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        update_game(&mut tx, game).await?;
        sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
            .bind(game.id)
            .bind(from_ply)
            .execute(&mut *tx)
            .await?;
        commit(tx, game).await?;
        Ok(())
    }

    /// Stores the game's state (seats, offers, timers, result).
    pub async fn update_game(&self, game: &mut GameRow) -> Result<()> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        update_game(&mut tx, game).await?;
        commit(tx, game).await?;
        Ok(())
    }

    /// Stores a finished game and its players' new ratings together.
    pub async fn finish_game(&self, game: &mut GameRow, ratings: &[RatingRow]) -> Result<()> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        update_game(&mut tx, game).await?;
        save_ratings(&mut tx, ratings).await?;
        commit(tx, game).await?;
        Ok(())
    }

    /// Active games of a player in a server, newest first.
    pub async fn active_games_of(&self, player: PlayerId, server: &str) -> Result<Vec<GameRow>> {
        let rows = sqlx::query(AssertSqlSafe(format!(
            "SELECT {GAME_COLUMNS} FROM games
             WHERE status = 'active' AND (white = $1 OR black = $1) AND server = $2
             ORDER BY id DESC"
        )))
        .bind(player)
        .bind(server)
        .fetch_all(self.pool())
        .await?;
        Ok(rows.iter().map(game_row).collect())
    }

    /// The game that lives in a channel (a game thread), if any.
    pub async fn game_in_channel(&self, channel: &str) -> Result<Option<GameRow>> {
        let row = sqlx::query(AssertSqlSafe(format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE channel = $1 ORDER BY id DESC LIMIT 1"
        )))
        .bind(channel)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.as_ref().map(game_row))
    }

    /// Games of a player, newest first.
    pub async fn recent_games(&self, player: PlayerId, limit: i64) -> Result<Vec<GameRow>> {
        let rows = sqlx::query(AssertSqlSafe(format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE white = $1 OR black = $1 ORDER BY id DESC LIMIT $2"
        )))
        .bind(player)
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        Ok(rows.iter().map(game_row).collect())
    }

    /// Active games whose turn or idle timer has run out.
    pub async fn due_games(&self, now: i64) -> Result<Vec<GameId>> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE status = 'active'
             AND ((turn_deadline IS NOT NULL AND turn_deadline <= $1)
               OR (idle_deadline IS NOT NULL AND idle_deadline <= $1))
             ORDER BY id",
        )
        .bind(now)
        .fetch_all(self.pool())
        .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// Active games where it is the CPU's turn (to resume after a restart).
    pub async fn active_game_ids(&self) -> Result<Vec<GameId>> {
        let rows = sqlx::query("SELECT id FROM games WHERE status = 'active' ORDER BY id")
            .fetch_all(self.pool())
            .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }
}

/// Commits a transaction that wrote `game`, and raises the copy's version
/// to the stored one.
async fn commit(tx: sqlx::Transaction<'_, sqlx::Any>, game: &mut GameRow) -> Result<()> {
    tx.commit().await?;
    game.version += 1;
    Ok(())
}

/// Writes the game's row if it is still the version `g` was read at (the
/// caller raises its copy's version once the transaction commits).
async fn update_game(tx: &mut sqlx::Transaction<'_, sqlx::Any>, g: &GameRow) -> Result<()> {
    // On PostgreSQL a second writer waits for the first's row lock, then
    // finds the version moved on and updates nothing; on SQLite writers
    // take turns on the whole file, with the same result.
    let done = sqlx::query(
        "UPDATE games SET channel = $1, white = $2, black = $3, white_level = $4, black_level = $5,
           white_cpu_holds = $6, black_cpu_holds = $7, status = $8, result = $9, reason = $10,
           draw_offer = $11, takeback_offer = $12, last_move_at = $13, turn_deadline = $14, idle_deadline = $15,
           version = version + 1
         WHERE id = $16 AND version = $17",
    )
    .bind(&g.channel)
    .bind(g.players[0])
    .bind(g.players[1])
    .bind(&g.levels[0])
    .bind(&g.levels[1])
    .bind(i64::from(g.cpu_holds[0]))
    .bind(i64::from(g.cpu_holds[1]))
    .bind(&g.status)
    .bind(&g.result)
    .bind(&g.reason)
    .bind(&g.draw_offer)
    .bind(&g.takeback_offer)
    .bind(g.last_move_at)
    .bind(g.turn_deadline)
    .bind(g.idle_deadline)
    .bind(g.id)
    .bind(g.version)
    .execute(&mut **tx)
    .await?;
    if done.rows_affected() != 1 {
        return Err(StoreError::Stale(g.id));
    }
    Ok(())
}

async fn save_ratings(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    ratings: &[RatingRow],
) -> Result<()> {
    for r in ratings {
        sqlx::query(
            "INSERT INTO ratings (player_id, variant, rating, deviation, volatility, games)
             VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT(player_id, variant) DO UPDATE SET rating = excluded.rating,
               deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games",
        )
        .bind(r.player)
        .bind(&r.variant)
        .bind(r.rating)
        .bind(r.deviation)
        .bind(r.volatility)
        .bind(r.games)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

pub(super) async fn insert_game(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    row: &GameRow,
) -> Result<GameId> {
    let r = sqlx::query(
        "INSERT INTO games (server, channel, variant, start_fen, stalemate, counter, move_rule,
           rated, turn_limit, white, black, white_level, black_level, rematch_of, created_at,
           last_move_at, turn_deadline, idle_deadline)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING id",
    )
    .bind(&row.server)
    .bind(&row.channel)
    .bind(&row.variant)
    .bind(&row.start_fen)
    .bind(&row.stalemate)
    .bind(i64::from(row.counter))
    .bind(i64::from(row.move_rule))
    .bind(i64::from(row.rated))
    .bind(row.turn_limit.map(i64::from))
    .bind(row.players[0])
    .bind(row.players[1])
    .bind(&row.levels[0])
    .bind(&row.levels[1])
    .bind(row.rematch_of)
    .bind(row.created_at)
    .bind(row.last_move_at)
    .bind(row.turn_deadline)
    .bind(row.idle_deadline)
    .fetch_one(&mut **tx)
    .await?;
    Ok(r.get(0))
}

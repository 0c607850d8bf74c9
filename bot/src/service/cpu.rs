//! The CPU at the table: its own seats, seats it holds for idle players,
//! and the single moves it makes when a turn limit runs out.

use super::games::{color_word, Loaded};
use super::reply::Reply;
use super::{Ctx, Outcome, Service};
use crate::store::{GameId, GameRow, PlayerId};
use engine::search::{Level, Limits, Searcher};
use engine::{Color, Game, Move};
use std::time::Duration;

/// The level the CPU plays a seat at.
pub(crate) fn level_of(row: &GameRow, color: Color) -> Level {
    row.levels[color.index()]
        .as_deref()
        .and_then(Level::from_name)
        .unwrap_or(Level::Club)
}

/// The level whose strength is nearest a rating.
pub(crate) fn level_near(rating: f64) -> Level {
    Level::ALL
        .into_iter()
        .min_by_key(|l| (l.elo() as f64 - rating).abs() as i64)
        .expect("levels exist")
}

impl Service {
    /// Thinks on a blocking thread, never on the async workers.
    /// `id` is the game's: each game gets its own errors from a weak level,
    /// so replaying a line that once won does not win again by rote.
    pub(crate) async fn think(&self, id: GameId, game: &Game, level: Level) -> Option<Move> {
        let game = game.clone();
        let seed = (id as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ game.start().hash();
        let time = Duration::from_millis(self.config().cpu_move_ms);
        let start = std::time::Instant::now();
        let best = tokio::task::spawn_blocking(move || {
            level.choose_move(&game, seed, Some(time)).map(|r| r.best)
        })
        .await
        .ok()
        .flatten();
        // Weak levels decide at once; taking the whole thinking time keeps
        // the pace even, and leaves a returning player a fair moment to
        // take the seat back before the CPU moves.
        tokio::time::sleep(time.saturating_sub(start.elapsed())).await;
        best
    }

    /// Whether the CPU, playing `color`, takes a draw: only when it stands worse.
    pub(crate) fn cpu_accepts_draw(&self, loaded: &Loaded, color: Color) -> bool {
        let mut searcher = Searcher::with_hash(1);
        let Some(result) = searcher.search_game(&loaded.game, Limits::nodes(20_000)) else {
            return true;
        };
        let for_cpu = if loaded.game.position().turn() == color {
            result.score
        } else {
            -result.score
        };
        for_cpu < -50
    }

    /// Sets the timers for the side to move: the turn limit, and the idle
    /// takeover (only between two people, where a waiting human is stuck).
    pub(crate) async fn set_deadlines(&self, loaded: &mut Loaded) -> Outcome<()> {
        let turn = loaded.game.position().turn();
        let now = self.now();
        let row = &mut loaded.row;
        row.turn_deadline = None;
        row.idle_deadline = None;
        if row.status != "active" || loaded_cpu_drives(row, turn) {
            return Ok(());
        }
        row.turn_deadline = row.turn_limit.map(|s| now + i64::from(s) * 1000);
        let two_people = row.players[0].is_some()
            && row.players[1].is_some()
            && row.players[0] != row.players[1];
        if two_people {
            let idle = self
                .store()
                .server_settings(&row.server)
                .await?
                .idle_seconds;
            if idle > 0 {
                row.idle_deadline = Some(now + i64::from(idle) * self.config().idle_minute_ms / 60);
            }
        }
        Ok(())
    }

    /// Any command of a player in their game hands back a seat the CPU held.
    pub(crate) async fn reclaim_seats(
        &self,
        loaded: &mut Loaded,
        player: PlayerId,
        ctx: &Ctx,
    ) -> Outcome<Vec<Reply>> {
        let held: Vec<Color> = loaded
            .seats_of(player)
            .into_iter()
            .filter(|c| loaded.row.cpu_holds[c.index()])
            .collect();
        if held.is_empty() {
            return Ok(Vec::new());
        }
        for c in &held {
            loaded.row.cpu_holds[c.index()] = false;
            loaded.row.levels[c.index()] = None;
        }
        self.set_deadlines(loaded).await?;
        self.store().update_game(&mut loaded.row).await?;
        Ok(vec![Reply::text(
            &ctx.place,
            format!(
                "Welcome back, {}: you have your {} seat again in game #{}.",
                ctx.user.name,
                color_word(held[0]),
                loaded.row.id
            ),
        )
        .for_game(loaded.row.id)])
    }

    /// Starts the CPU thinking if it is to move in this game.
    pub(crate) fn schedule_cpu_if_due(&self, loaded: &Loaded) {
        let turn = loaded.game.position().turn();
        if loaded.is_active() && loaded.cpu_drives(turn) {
            self.schedule_cpu(loaded.row.id);
        }
    }

    /// Plays the CPU's moves in a game in the background, for as long as it
    /// is the CPU's turn; replies go to the outbox.
    pub(crate) fn schedule_cpu(&self, id: GameId) {
        if !self.cpu_running().insert(id) {
            return;
        }
        let guard = self.begin_background();
        let service = self.clone();
        tokio::spawn(async move {
            let _guard = guard;
            if let Err(e) = service.cpu_loop(id).await {
                service.cpu_running().remove(&id);
                tracing::error!(game = id, error = %e, "CPU move failed");
            }
        });
    }

    async fn cpu_loop(&self, id: GameId) -> Outcome<()> {
        loop {
            let snapshot = self.load(id).await?;
            let turn = snapshot.game.position().turn();
            let due = snapshot.is_active() && snapshot.cpu_drives(turn);
            let mv = if due {
                self.think(id, &snapshot.game, level_of(&snapshot.row, turn))
                    .await
            } else {
                None
            };
            let lock = self.game_lock(id);
            let _turn = lock.lock().await;
            let mut fresh = self.load(id).await?;
            // The same moves, not just as many: a takeback and a new move
            // while the CPU thought leave the count alone but not the board.
            let unchanged = fresh.game.moves() == snapshot.game.moves()
                && fresh.is_active()
                && fresh.cpu_drives(turn);
            let due_now = fresh.is_active() && fresh.cpu_drives(fresh.game.position().turn());
            match mv {
                Some(mv) if unchanged => {
                    let reply = self.apply_move(&mut fresh, mv, true).await?;
                    self.send(reply);
                }
                // (A due move the search could not find ends the loop too,
                // rather than spinning.)
                _ if !due_now || (due && unchanged) => {
                    // Nothing more for the CPU to do; leave while holding
                    // the game's lock so a new request cannot slip past.
                    self.cpu_running().remove(&id);
                    return Ok(());
                }
                // The game moved on while the CPU thought (or a player moved
                // into its turn before it looked): look again.
                _ => {}
            }
        }
    }

    /// After a restart: let the CPU move wherever it was its turn.
    pub async fn resume(&self) -> Outcome<usize> {
        // Another live process that holds the timers resumed them already
        // (and would fire their timers): leave them to it.
        if !self.claim_timers().await?.0 {
            return Ok(0);
        }
        self.resume_cpu_turns().await
    }

    /// Starts the CPU in every active game where it is to move.
    pub(crate) async fn resume_cpu_turns(&self) -> Outcome<usize> {
        let mut resumed = 0;
        for id in self.store().active_game_ids().await? {
            let loaded = self.load(id).await?;
            if loaded.is_active() && loaded.cpu_drives(loaded.game.position().turn()) {
                self.schedule_cpu(id);
                resumed += 1;
            }
        }
        Ok(resumed)
    }
}

fn loaded_cpu_drives(row: &GameRow, color: Color) -> bool {
    row.players[color.index()].is_none() || row.cpu_holds[color.index()]
}

//! Timers: expiring challenges, turn limits and idle takeovers. They live
//! in the database as deadlines, so a restart loses none of them. With
//! several processes on one database, only the holder of the timers'
//! lease fires them, so each fires once; when the holder dies, its lease
//! runs out and the next process to tick takes the timers over.

use super::cpu::level_near;
use super::games::color_word;
use super::reply::Reply;
use super::{Outcome, Place, Service};
use engine::Color;
use std::sync::atomic::Ordering;

/// The lease whose holder fires every timer.
const TIMERS_LEASE: &str = "timers";

impl Service {
    /// Fires every timer that is due; replies go to the outbox. The front
    /// end calls this about once a second; tests call it with a set clock.
    pub async fn tick(&self) -> Outcome<()> {
        let (held, newly) = self.claim_timers().await?;
        if !held {
            return Ok(());
        }
        if newly {
            // The last holder may have died with CPU turns to play.
            self.resume_cpu_turns().await?;
        }
        let now = self.now();
        for c in self.store().expired_challenges(now).await? {
            if self.store().close_challenge(c.id, "expired", None).await? {
                let name = self.store().player_name(c.challenger).await?;
                self.send(Reply::text(
                    &Place::new(&c.server, &c.channel),
                    format!(
                        "{name}'s challenge #{} has expired: nobody accepted it in time.",
                        c.id
                    ),
                ));
            }
        }
        for id in self.store().due_games(now).await? {
            self.fire_game_timer(id, now).await?;
        }
        self.post_daily_puzzles().await?;
        Ok(())
    }

    /// Takes or renews the timers' lease: (held now, newly taken).
    pub(crate) async fn claim_timers(&self) -> Outcome<(bool, bool)> {
        let now = self.now();
        let until = now + self.config().lease_ms;
        let owner = &self.inner.owner;
        let held = self
            .store()
            .claim_lease(TIMERS_LEASE, owner, now, until)
            .await?;
        let was = self.inner.holds_timers.swap(held, Ordering::SeqCst);
        if held != was {
            tracing::info!(owner, held, "timers' lease changed hands");
        }
        Ok((held, held && !was))
    }

    /// Gives the timers up at a clean shutdown, so another process takes
    /// them over at once rather than when the lease runs out.
    pub async fn release_timers(&self) -> Outcome<()> {
        if self.inner.holds_timers.swap(false, Ordering::SeqCst) {
            self.store()
                .release_lease(TIMERS_LEASE, &self.inner.owner)
                .await?;
        }
        Ok(())
    }

    async fn fire_game_timer(&self, id: i64, now: i64) -> Outcome<()> {
        let lock = self.game_lock(id);
        let _turn = lock.lock().await;
        let mut loaded = self.load(id).await?;
        if !loaded.is_active() {
            return Ok(());
        }
        let turn = loaded.game.position().turn();
        let place = Place::new(&loaded.row.server, &loaded.row.channel);
        let name = self.seat_name(&loaded.row, turn).await?;
        if loaded.row.idle_deadline.is_some_and(|t| t <= now) {
            let rating = self.rating_or_default(&loaded, turn).await?;
            let level = level_near(rating);
            loaded.row.cpu_holds[turn.index()] = true;
            loaded.row.levels[turn.index()] = Some(level.name().into());
            loaded.row.turn_deadline = None;
            loaded.row.idle_deadline = None;
            self.store().update_game(&mut loaded.row).await?;
            let minutes = self
                .store()
                .server_settings(&loaded.row.server)
                .await?
                .idle_seconds
                / 60;
            self.send(
                Reply::text(
                    &place,
                    format!(
                        "{name} has been away for {minutes} minutes, so the CPU ({level}) takes the {} seat in game #{id} until they come back. {name}: any command of yours in this game hands it back.",
                        color_word(turn)
                    ),
                )
                .for_game(id),
            );
            self.schedule_cpu(id);
        } else if loaded.row.turn_deadline.is_some_and(|t| t <= now) {
            let level = level_near(self.rating_or_default(&loaded, turn).await?);
            let Some(mv) = self.think(id, &loaded.game, level).await else {
                return Ok(());
            };
            // Stored first: if another process moved meanwhile, the move
            // is refused and nobody is told it was made.
            let reply = self.apply_move(&mut loaded, mv, true).await?;
            self.send(
                Reply::text(
                    &place,
                    format!("{name} ran out of time for this move, so the CPU moves for them."),
                )
                .for_game(id),
            );
            self.send(reply);
            self.schedule_cpu_if_due(&loaded);
        }
        Ok(())
    }

    async fn rating_or_default(&self, loaded: &super::games::Loaded, color: Color) -> Outcome<f64> {
        Ok(match loaded.row.players[color.index()] {
            Some(p) => self
                .store()
                .rating(p, loaded.variant().name())
                .await?
                .map_or(1500.0, |r| r.rating),
            None => 1500.0,
        })
    }
}

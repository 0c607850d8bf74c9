//! Leases: work only one process may do at a time (firing timers). The
//! owner renews its lease while it lives; once the lease has run out,
//! another process takes it over.

use super::{Result, Store};

impl Store {
    /// Takes the lease `name` for `owner` until `until`, or renews it: true
    /// if `owner` holds it now. It is taken from another owner only once
    /// that owner's lease has expired (`expires_at <= now`). One statement,
    /// so two processes asking at once cannot both win.
    pub async fn claim_lease(&self, name: &str, owner: &str, now: i64, until: i64) -> Result<bool> {
        let row = sqlx::query(
            "INSERT INTO leases (name, owner, expires_at) VALUES ($1, $2, $3)
             ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
             WHERE leases.owner = excluded.owner OR leases.expires_at <= $4
             RETURNING owner",
        )
        .bind(name)
        .bind(owner)
        .bind(until)
        .bind(now)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.is_some())
    }

    /// Gives a lease up at a clean shutdown, so another process need not
    /// wait for it to expire.
    pub async fn release_lease(&self, name: &str, owner: &str) -> Result<()> {
        sqlx::query("DELETE FROM leases WHERE name = $1 AND owner = $2")
            .bind(name)
            .bind(owner)
            .execute(self.pool())
            .await?;
        Ok(())
    }
}

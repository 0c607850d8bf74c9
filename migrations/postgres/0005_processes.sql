-- Several processes on one database (PostgreSQL; SQLite works the same).

-- Each write of a game's row names the version it read and raises it, so a
-- write based on a stale read (another process moved first) is refused,
-- never merged.
ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 0;

-- Work only one process may do at a time (firing timers): held by its
-- owner until it expires, renewed while the owner lives, taken over after.
CREATE TABLE leases (
    name        TEXT PRIMARY KEY,
    owner       TEXT NOT NULL,
    expires_at  BIGINT NOT NULL
);

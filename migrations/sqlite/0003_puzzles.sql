-- Puzzles (loaded from bot/puzzles/*.csv at start), the players' puzzle
-- ratings and attempts, and the daily puzzle post.

CREATE TABLE puzzles (
    id          TEXT PRIMARY KEY,
    variant     TEXT NOT NULL,
    fen         TEXT NOT NULL,
    moves       TEXT NOT NULL,   -- coordinate moves, space-separated, ours first
    themes      TEXT NOT NULL,   -- space-separated
    rating      REAL NOT NULL,   -- Glicko-2, moves as players solve it or fail
    deviation   REAL NOT NULL,
    volatility  REAL NOT NULL,
    plays       INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX puzzles_by_rating ON puzzles(variant, rating);

-- One puzzle rating per player, over all variants (as on lichess).
CREATE TABLE puzzle_ratings (
    player_id   INTEGER PRIMARY KEY REFERENCES players(id),
    rating      REAL NOT NULL,
    deviation   REAL NOT NULL,
    volatility  REAL NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    streak      INTEGER NOT NULL DEFAULT 0,   -- daily puzzles solved on consecutive days
    best_streak INTEGER NOT NULL DEFAULT 0,
    streak_day  INTEGER                       -- the day (days since 1970) of the last daily solve
);

-- Only a player's first attempt at a puzzle is rated.
CREATE TABLE puzzle_attempts (
    player_id   INTEGER NOT NULL REFERENCES players(id),
    puzzle_id   TEXT NOT NULL REFERENCES puzzles(id),
    result      REAL NOT NULL,   -- 1 solved, 0.5 solved with a hint, 0 failed
    at          INTEGER NOT NULL,
    PRIMARY KEY (player_id, puzzle_id)
);

-- A puzzle being solved: one per player and place.
CREATE TABLE puzzle_sessions (
    id          INTEGER PRIMARY KEY,
    player_id   INTEGER NOT NULL REFERENCES players(id),
    server      TEXT NOT NULL,
    channel     TEXT NOT NULL,
    puzzle_id   TEXT NOT NULL REFERENCES puzzles(id),
    step        INTEGER NOT NULL DEFAULT 0,   -- moves of the line played so far
    rated       INTEGER NOT NULL,             -- the first attempt: its result counts
    hinted      INTEGER NOT NULL DEFAULT 0,
    daily_day   INTEGER,                      -- set when this is the daily puzzle
    status      TEXT NOT NULL DEFAULT 'active',  -- active | solved | failed
    started_at  INTEGER NOT NULL
);
CREATE INDEX puzzle_sessions_active ON puzzle_sessions(status, player_id, server, channel);

-- The puzzle of each day, chosen once so every server posts the same one.
CREATE TABLE daily_puzzles (
    day         INTEGER PRIMARY KEY,
    puzzle_id   TEXT NOT NULL REFERENCES puzzles(id)
);

-- What was posted where: at most one post per server and day, across restarts.
CREATE TABLE daily_posts (
    server      TEXT NOT NULL,
    day         INTEGER NOT NULL,
    channel     TEXT NOT NULL,
    thread      TEXT,            -- the thread opened for answers (Discord)
    posted_at   INTEGER NOT NULL,
    PRIMARY KEY (server, day)
);

-- Who solved the daily puzzle (first try, no hint), for the next day's post.
CREATE TABLE daily_solves (
    day         INTEGER NOT NULL,
    player_id   INTEGER NOT NULL REFERENCES players(id),
    at          INTEGER NOT NULL,
    PRIMARY KEY (day, player_id)
);

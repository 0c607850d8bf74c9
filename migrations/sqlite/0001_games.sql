-- Players, games and their moves, challenges, ratings and server settings.

CREATE TABLE players (
    id          INTEGER PRIMARY KEY,
    -- "discord:<snowflake>" or "console:<name>": who the player is on which front end.
    key         TEXT NOT NULL UNIQUE,
    name        TEXT NOT NULL,
    created_at  INTEGER NOT NULL
);

CREATE TABLE servers (
    id              TEXT PRIMARY KEY,
    stalemate       TEXT,            -- 'loss' | 'draw' | NULL for the variant's rule
    counter         INTEGER,         -- 0 | 1 | NULL
    move_rule       INTEGER,         -- moves each | NULL
    idle_seconds    INTEGER NOT NULL DEFAULT 600,  -- 0 = off
    theme           TEXT NOT NULL DEFAULT 'brown',
    labels          INTEGER NOT NULL DEFAULT 0,
    puzzle_channel  TEXT,
    puzzle_hour     INTEGER
);

CREATE TABLE challenges (
    id              INTEGER PRIMARY KEY,
    server          TEXT NOT NULL,
    channel         TEXT NOT NULL,
    challenger      INTEGER NOT NULL REFERENCES players(id),
    challenged      INTEGER REFERENCES players(id),   -- NULL: open to anyone
    variant         TEXT NOT NULL,
    stalemate       TEXT NOT NULL,
    counter         INTEGER NOT NULL,
    move_rule       INTEGER NOT NULL,
    rated           INTEGER NOT NULL,
    color           TEXT NOT NULL,   -- challenger's: 'white' | 'black' | 'random'
    turn_limit      INTEGER,         -- seconds per move, NULL = none
    created_at      INTEGER NOT NULL,
    expires_at      INTEGER NOT NULL,
    status          TEXT NOT NULL DEFAULT 'open',  -- open | accepted | declined | expired | cancelled
    game_id         INTEGER REFERENCES games(id)
);
CREATE INDEX challenges_open ON challenges(status, expires_at);

CREATE TABLE games (
    id              INTEGER PRIMARY KEY,
    server          TEXT NOT NULL,
    channel         TEXT NOT NULL,
    variant         TEXT NOT NULL,
    start_fen       TEXT NOT NULL,
    stalemate       TEXT NOT NULL,
    counter         INTEGER NOT NULL,
    move_rule       INTEGER NOT NULL,
    rated           INTEGER NOT NULL,
    turn_limit      INTEGER,
    white           INTEGER REFERENCES players(id),  -- NULL: the CPU's own seat
    black           INTEGER REFERENCES players(id),
    white_level     TEXT,            -- CPU level for a CPU seat
    black_level     TEXT,
    white_cpu_holds INTEGER NOT NULL DEFAULT 0,  -- the CPU holds an idle human's seat
    black_cpu_holds INTEGER NOT NULL DEFAULT 0,
    status          TEXT NOT NULL DEFAULT 'active',  -- active | finished
    result          TEXT,            -- '1-0' | '0-1' | '1/2-1/2'
    reason          TEXT,
    draw_offer      TEXT,            -- 'white' | 'black'
    takeback_offer  TEXT,
    rematch_of      INTEGER REFERENCES games(id),
    created_at      INTEGER NOT NULL,
    last_move_at    INTEGER NOT NULL,
    turn_deadline   INTEGER,         -- when the CPU makes the move for a slow player
    idle_deadline   INTEGER          -- when the CPU takes an idle player's seat
);
CREATE INDEX games_active ON games(status, server, channel);

CREATE TABLE moves (
    game_id     INTEGER NOT NULL REFERENCES games(id),
    ply         INTEGER NOT NULL,
    uci         TEXT NOT NULL,
    san         TEXT NOT NULL,
    by_cpu      INTEGER NOT NULL DEFAULT 0,
    played_at   INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
);

CREATE TABLE ratings (
    player_id   INTEGER NOT NULL REFERENCES players(id),
    variant     TEXT NOT NULL,
    rating      REAL NOT NULL,
    deviation   REAL NOT NULL,
    volatility  REAL NOT NULL,
    games       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (player_id, variant)
);

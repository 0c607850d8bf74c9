-- The course: each player's place in each variant's lessons (see
-- migrations/sqlite/0004_lessons.sql).

CREATE TABLE lessons (
    player      BIGINT NOT NULL REFERENCES players(id),
    variant     TEXT NOT NULL,
    task        TEXT NOT NULL,
    fen         TEXT,
    at_square   TEXT,
    visited     TEXT NOT NULL DEFAULT '',
    solved      BIGINT NOT NULL DEFAULT 0,
    updated_at  BIGINT NOT NULL,
    PRIMARY KEY (player, variant)
);

CREATE TABLE lesson_active (
    player      BIGINT PRIMARY KEY REFERENCES players(id),
    variant     TEXT NOT NULL
);

-- The course: each player's place in each variant's lessons, and which
-- course (if any) their moves go to when they have no game there.

CREATE TABLE lessons (
    player      INTEGER NOT NULL REFERENCES players(id),
    variant     TEXT NOT NULL,
    task        TEXT NOT NULL,    -- id of the task they are on; '' once the course is done
    fen         TEXT,             -- position inside a task of several moves; NULL at its start
    at_square   TEXT,             -- where that task's piece stands now
    visited     TEXT NOT NULL DEFAULT '',  -- goal squares already visited, space separated
    solved      INTEGER NOT NULL DEFAULT 0, -- tasks solved (not skipped)
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (player, variant)
);

CREATE TABLE lesson_active (
    player      INTEGER PRIMARY KEY REFERENCES players(id),
    variant     TEXT NOT NULL
);

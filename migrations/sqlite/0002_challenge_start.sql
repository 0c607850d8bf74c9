-- A challenge may start its game from a position other than the variant's start.
ALTER TABLE challenges ADD COLUMN start_fen TEXT;  -- NULL: the variant's start

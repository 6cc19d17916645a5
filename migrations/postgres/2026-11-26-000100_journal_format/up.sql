-- The journal format a game was created in (see docs/protocol.md): 1 for every game made before format 2,
-- whose hashes keep their rules; new games are written in format 2. Entry 0 of a format 2 game says it too;
-- the column lets a game be loaded from its most recent entries alone.
ALTER TABLE games ADD COLUMN journal_format INTEGER NOT NULL DEFAULT 1;

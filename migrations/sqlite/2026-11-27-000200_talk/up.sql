-- Table talk: what players write to each other in a game. Kept beside the journal, never in its hash chain:
-- a message changes no game state, and `tegami verify` reads the journal alone. The author is a seat, not an
-- account, so a deleted account's messages stay under the journal's pseudonym.
CREATE TABLE talk_messages (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id  BIGINT NOT NULL REFERENCES games(id),
    at       TEXT NOT NULL,
    seat     INTEGER NOT NULL,
    -- NULL: to the whole table; else private to this seat (where the game allows it).
    to_seat  INTEGER,
    body     TEXT NOT NULL,
    -- How it was written: api, web or email.
    channel  TEXT NOT NULL
);
CREATE INDEX talk_messages_game ON talk_messages(game_id, id);

-- What the game's creator chose; a game without a row has the defaults (no private messages, spectators read
-- the table).
CREATE TABLE talk_settings (
    game_id          BIGINT PRIMARY KEY NOT NULL REFERENCES games(id),
    private_messages BOOLEAN NOT NULL DEFAULT 0,
    spectators_read  BOOLEAN NOT NULL DEFAULT 1
);

-- Seats an account no longer wants to read in a game (for that account only).
CREATE TABLE talk_mutes (
    account_id BIGINT NOT NULL REFERENCES accounts(id),
    game_id    BIGINT NOT NULL REFERENCES games(id),
    seat       INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (account_id, game_id, seat)
);

-- Messages reported to the operator, once per reporter.
CREATE TABLE talk_reports (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    message_id  BIGINT NOT NULL REFERENCES talk_messages(id),
    account_id  BIGINT NOT NULL REFERENCES accounts(id),
    reason      TEXT NOT NULL,
    created_at  TEXT NOT NULL
);
CREATE UNIQUE INDEX talk_reports_once ON talk_reports(message_id, account_id);

-- Each player's private note on a game, read by nobody else.
CREATE TABLE talk_notes (
    account_id BIGINT NOT NULL REFERENCES accounts(id),
    game_id    BIGINT NOT NULL REFERENCES games(id),
    body       TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (account_id, game_id)
);

-- An event may be a message instead of journal entries (it then covers none: from_seq = to_seq + 1).
ALTER TABLE events ADD COLUMN message_id BIGINT;

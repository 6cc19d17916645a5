-- Email: the transactional outbox, single-use reply tokens and notification preferences.

-- One row per email, written in the same transaction as the change it tells of. The worker claims a due row
-- (claimed_until), sends `message` (the complete RFC 5322 text), then sets sent_at; a failure records the
-- error and pushes next_attempt_at back exponentially. Times are RFC 3339 UTC with milliseconds.
CREATE TABLE outbox (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id         BIGINT REFERENCES games(id),
    account_id      BIGINT REFERENCES accounts(id),
    kind            TEXT NOT NULL,
    sender          TEXT NOT NULL,
    recipient       TEXT NOT NULL,
    subject         TEXT NOT NULL,
    message_id      TEXT NOT NULL UNIQUE,
    message         TEXT NOT NULL,
    created_at      TEXT NOT NULL,
    next_attempt_at TEXT NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT,
    claimed_until   TEXT,
    sent_at         TEXT
);
CREATE INDEX outbox_due ON outbox(sent_at, next_attempt_at);

-- A turn email's reply token (stored as its SHA-256): it answers one decision of one seat, once.
CREATE TABLE reply_tokens (
    token_hash TEXT PRIMARY KEY NOT NULL,
    game_id    BIGINT NOT NULL REFERENCES games(id),
    account_id BIGINT NOT NULL REFERENCES accounts(id),
    seat       INTEGER NOT NULL,
    decision   TEXT NOT NULL,
    created_at TEXT NOT NULL,
    used_at    TEXT
);
CREATE INDEX reply_tokens_game ON reply_tokens(game_id, seat);

-- every_turn (the default when absent), daily_digest or none. The unsubscribe token is the secret in the
-- List-Unsubscribe link.
CREATE TABLE mail_prefs (
    account_id        BIGINT PRIMARY KEY NOT NULL REFERENCES accounts(id),
    notify            TEXT NOT NULL,
    unsubscribe_token TEXT NOT NULL UNIQUE
);

-- The live turn feed: one event per committed change of a game, webhooks and their deliveries.

-- The last event id handed out. Taken (row-locked on PostgreSQL) in the transaction that records an event, so
-- event ids are gapless and commit in id order: a reader that has seen id N has seen every event before it.
CREATE TABLE event_counter (
    id      INTEGER PRIMARY KEY NOT NULL,
    last_id BIGINT NOT NULL
);
INSERT INTO event_counter (id, last_id) VALUES (1, 0);

-- One row per committed change of a game (a move and the bot answers, timeouts and reveal it caused, a join,
-- a creation): it covers journal entries from_seq to to_seq. `pending` is the JSON of the decisions asked
-- after the change, with their seats; readers see them as the game's rules let them.
CREATE TABLE events (
    id       BIGINT PRIMARY KEY NOT NULL,
    game_id  BIGINT NOT NULL REFERENCES games(id),
    from_seq BIGINT NOT NULL,
    to_seq   BIGINT NOT NULL,
    status   TEXT NOT NULL,
    pending  TEXT NOT NULL,
    at       TEXT NOT NULL
);
CREATE INDEX events_game ON events(game_id, id);

-- A URL an account has asked to be told of its games' events at, signed with `secret` (HMAC-SHA256).
-- Set up with an API token, it stops when the token is revoked. Disabled (disabled_at, with the reason) after
-- too many failed attempts in a row.
CREATE TABLE webhooks (
    id                   INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id           BIGINT NOT NULL REFERENCES accounts(id),
    token_id             BIGINT REFERENCES api_tokens(id),
    url                  TEXT NOT NULL,
    secret               TEXT NOT NULL,
    created_at           TEXT NOT NULL,
    consecutive_failures INTEGER NOT NULL DEFAULT 0,
    disabled_at          TEXT,
    disabled_reason      TEXT
);
CREATE INDEX webhooks_account ON webhooks(account_id);

-- One event for one webhook, queued in the transaction of the change. The body is fixed when queued (the
-- event as the webhook's owner may see it); the worker claims due rows (claimed_until) like the outbox.
CREATE TABLE webhook_deliveries (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    webhook_id      BIGINT NOT NULL REFERENCES webhooks(id),
    event_id        BIGINT NOT NULL REFERENCES events(id),
    body            TEXT NOT NULL,
    created_at      TEXT NOT NULL,
    next_attempt_at TEXT NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    claimed_until   TEXT,
    delivered_at    TEXT,
    abandoned_at    TEXT
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(delivered_at, abandoned_at, next_attempt_at);
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries(webhook_id, id);

-- Every attempt at a delivery: the HTTP status, or why there was none.
CREATE TABLE webhook_attempts (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    delivery_id BIGINT NOT NULL REFERENCES webhook_deliveries(id),
    at          TEXT NOT NULL,
    status      INTEGER,
    error       TEXT,
    duration_ms BIGINT NOT NULL
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_id, id);

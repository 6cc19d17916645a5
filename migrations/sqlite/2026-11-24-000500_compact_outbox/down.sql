-- Back to an outbox of rendered emails only: compact rows (never rendered) cannot be kept.
DELETE FROM outbox WHERE message IS NULL AND sent_at IS NULL;
CREATE TABLE outbox_rendered (
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
INSERT INTO outbox_rendered
SELECT id, game_id, account_id, kind, COALESCE(sender, ''), COALESCE(recipient, ''), COALESCE(subject, ''),
       message_id, COALESCE(message, ''), created_at, next_attempt_at, attempts, last_error, claimed_until, sent_at
FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_rendered RENAME TO outbox;
CREATE INDEX outbox_due ON outbox(sent_at, next_attempt_at);

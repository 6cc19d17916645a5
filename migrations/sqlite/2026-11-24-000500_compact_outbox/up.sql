-- A compact outbox: an email caused by a move is stored as what must be sent (kind, game, account, the
-- journal seq it describes, the seat and decision it asks about) and rendered by the mail worker at send
-- time; only rare emails (address checks, invitations, answers to email moves) are stored rendered, and a
-- sent email's rendered text is dropped. So sender, recipient, subject and message may now be NULL.
-- What stays of a sent email for the retention is kept small: the Message-ID is no longer indexed (it is
-- random, or a game's thread root, and nothing looks rows up by it), and the index that finds due rows holds
-- unsent rows only. SQLite cannot drop NOT NULL in place: the table is rebuilt with its rows and ids.
CREATE TABLE outbox_compact (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id         BIGINT REFERENCES games(id),
    account_id      BIGINT REFERENCES accounts(id),
    kind            TEXT NOT NULL,
    sender          TEXT,
    recipient       TEXT,
    subject         TEXT,
    message_id      TEXT NOT NULL,
    message         TEXT,
    created_at      TEXT NOT NULL,
    next_attempt_at TEXT NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT,
    claimed_until   TEXT,
    sent_at         TEXT,
    seq             BIGINT,
    seat            INTEGER,
    decision        TEXT
);
INSERT INTO outbox_compact (id, game_id, account_id, kind, sender, recipient, subject, message_id, message,
                            created_at, next_attempt_at, attempts, last_error, claimed_until, sent_at)
SELECT id, game_id, account_id, kind, sender, recipient, subject, message_id,
       CASE WHEN sent_at IS NULL THEN message END,
       created_at, next_attempt_at, attempts, last_error, claimed_until, sent_at
FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_compact RENAME TO outbox;
CREATE INDEX outbox_due ON outbox(next_attempt_at) WHERE sent_at IS NULL;

-- Accounts, credentials and games. Timestamps are RFC 3339 UTC text; JSON is stored as text.
CREATE TABLE accounts (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    email         TEXT NOT NULL UNIQUE,
    display_name  TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created_at    TEXT NOT NULL
);

CREATE TABLE api_tokens (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id   BIGINT NOT NULL REFERENCES accounts(id),
    name         TEXT NOT NULL,
    token_hash   TEXT NOT NULL UNIQUE,
    created_at   TEXT NOT NULL,
    last_used_at TEXT,
    revoked_at   TEXT
);

CREATE TABLE signing_keys (
    kid        TEXT PRIMARY KEY NOT NULL,
    account_id BIGINT NOT NULL REFERENCES accounts(id),
    public_key TEXT NOT NULL,
    name       TEXT,
    created_at TEXT NOT NULL,
    revoked_at TEXT
);

CREATE TABLE games (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    slug            TEXT NOT NULL,
    options         TEXT NOT NULL,
    -- The secret seed (hex); published in the journal's last entry once the game is over.
    seed            TEXT NOT NULL,
    seed_commitment TEXT NOT NULL,
    status          TEXT NOT NULL,
    created_by      BIGINT NOT NULL REFERENCES accounts(id),
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL,
    head_seq        BIGINT NOT NULL,
    head_hash       TEXT NOT NULL,
    -- The state after entry head_seq (a cache: always rebuildable from the journal).
    snapshot        TEXT NOT NULL
);

CREATE TABLE seats (
    game_id       BIGINT NOT NULL REFERENCES games(id),
    seat          INTEGER NOT NULL,
    kind          TEXT NOT NULL,
    account_id    BIGINT REFERENCES accounts(id),
    invited_email TEXT,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_account ON seats(account_id);

-- Append-only: rows are never updated or deleted. (game_id, seq) makes racing appends collide.
CREATE TABLE journal (
    game_id   BIGINT NOT NULL REFERENCES games(id),
    seq       BIGINT NOT NULL,
    at        TEXT NOT NULL,
    body      TEXT NOT NULL,
    nonce     TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash      TEXT NOT NULL,
    events    TEXT NOT NULL,
    -- The signed move, also inside body; indexed so a retried submission is recognised.
    signature TEXT,
    PRIMARY KEY (game_id, seq)
);
CREATE UNIQUE INDEX journal_signature ON journal(signature) WHERE signature IS NOT NULL;

CREATE TABLE server_settings (
    name  TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);

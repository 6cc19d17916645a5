-- The PostgreSQL twin of migrations/sqlite/2026-11-24-000300_account_security.
-- Sessions recorded server-side, so that signing out (here or everywhere) revokes a token before it expires;
-- each session JWT names its row. A session ends at expires_at, which each use pushes forward (the idle limit),
-- never beyond ends_at (the absolute limit).
CREATE TABLE sessions (
    id           TEXT PRIMARY KEY NOT NULL,
    account_id   BIGINT NOT NULL REFERENCES accounts(id),
    created_at   TEXT COLLATE "C" NOT NULL,
    last_seen_at TEXT COLLATE "C" NOT NULL,
    expires_at   TEXT COLLATE "C" NOT NULL,
    ends_at      TEXT COLLATE "C" NOT NULL,
    revoked_at   TEXT COLLATE "C",
    client       TEXT,
    user_agent   TEXT
);
CREATE INDEX sessions_account ON sessions(account_id);

-- Password reset links: the token stored as SHA-256, single use, expiring. One live link per account.
CREATE TABLE password_resets (
    account_id BIGINT PRIMARY KEY NOT NULL REFERENCES accounts(id),
    token_hash TEXT NOT NULL UNIQUE,
    created_at TEXT COLLATE "C" NOT NULL,
    expires_at TEXT COLLATE "C" NOT NULL,
    used_at    TEXT COLLATE "C"
);

-- Attempt counters for throttling (sign-in, registration, password reset, inbound mail), shared by every
-- instance on the database: one fixed window per key.
CREATE TABLE throttle (
    key          TEXT PRIMARY KEY NOT NULL,
    window_start BIGINT NOT NULL,
    hits         BIGINT NOT NULL
);

-- A deleted account keeps its row (journals, seats and signing keys point at it) under a pseudonym.
ALTER TABLE accounts ADD COLUMN deleted_at TEXT COLLATE "C";

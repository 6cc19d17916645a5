-- Further addresses an account sends email replies from. One is proved by a single-use, expiring link
-- emailed to it (its token stored as SHA-256, cleared once used); only a proved address moves for the
-- account, and an address is proved by one account at most. Removing an address deletes its row.
CREATE TABLE mail_addresses (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id       BIGINT NOT NULL REFERENCES accounts(id),
    address          TEXT NOT NULL,
    token_hash       TEXT UNIQUE,
    token_expires_at TEXT,
    created_at       TEXT NOT NULL,
    proved_at        TEXT
);
CREATE UNIQUE INDEX mail_addresses_account_address ON mail_addresses(account_id, address);
CREATE UNIQUE INDEX mail_addresses_proved_once ON mail_addresses(address) WHERE proved_at IS NOT NULL;

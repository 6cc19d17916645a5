-- Proof that an account holds its address: a link (its token stored as SHA-256) emailed at registration.
-- Accounts without a row here, or with verified_at NULL, have not proved their address.
CREATE TABLE email_verifications (
    account_id  BIGINT PRIMARY KEY NOT NULL REFERENCES accounts(id),
    token_hash  TEXT NOT NULL UNIQUE,
    created_at  TEXT COLLATE "C" NOT NULL,
    verified_at TEXT COLLATE "C"
);

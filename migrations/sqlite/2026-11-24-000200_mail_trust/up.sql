-- Who may move by email, and invitations that cannot be used to flood an address.

-- How a move that arrived by email came in and what authenticated it, beside its journal entry (the hashed
-- entry itself is unchanged, so old journals still verify). channel: `email_reply` (a reply token, checked
-- against the sender's address) or `email_signed` (a signed move block); token_hash: the SHA-256 of the
-- reply token used (NULL for a signed block); authenticated_by: what vouched for the sender, e.g.
-- `reply_token+from` or `reply_token+from+dmarc`, or `signature`.
CREATE TABLE move_receipts (
    game_id          BIGINT NOT NULL REFERENCES games(id),
    seq              BIGINT NOT NULL,
    channel          TEXT NOT NULL,
    message_id       TEXT,
    sender           TEXT,
    token_hash       TEXT,
    authenticated_by TEXT NOT NULL,
    received_at      TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- One row per invitation email, for the daily limits per inviting account and per invited address.
CREATE TABLE invitations_sent (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    inviter_id BIGINT NOT NULL REFERENCES accounts(id),
    recipient  TEXT NOT NULL,
    game_id    BIGINT NOT NULL REFERENCES games(id),
    created_at TEXT NOT NULL
);
CREATE INDEX invitations_sent_inviter ON invitations_sent(inviter_id, created_at);
CREATE INDEX invitations_sent_recipient ON invitations_sent(recipient, created_at);

-- An invited address's "never invite me again" link (token) and whether it was used (opted_out_at).
CREATE TABLE invitation_optouts (
    recipient    TEXT PRIMARY KEY NOT NULL,
    token        TEXT NOT NULL UNIQUE,
    created_at   TEXT NOT NULL,
    opted_out_at TEXT
);

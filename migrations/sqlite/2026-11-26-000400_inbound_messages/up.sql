-- Inbound messages already handled, so that a message delivered again (an MTA retrying after a timeout,
-- a mail service posting twice) is answered as it was the first time: no second move, no second email.
-- Keyed by the SHA-256 of its Message-ID, authors, sender, reply reference and DMARC verdict; no address
-- is kept. Rows are
-- deleted 14 days after they were written (longer than any MTA retries a message).
CREATE TABLE inbound_messages (
    key_hash    TEXT PRIMARY KEY NOT NULL,
    received_at TEXT NOT NULL,
    game_id     BIGINT NOT NULL,
    seat        INTEGER,
    seq         BIGINT,
    -- NULL: the move was applied (seat and seq say which entry); else the refusal's code.
    code        TEXT
);
CREATE INDEX inbound_messages_received_at ON inbound_messages(received_at);

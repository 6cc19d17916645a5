-- The events of entries written since the upgrade stay deflated: only the server that wrote them reads them.
CREATE TABLE journal_text (
    game_id        BIGINT NOT NULL REFERENCES games(id),
    seq            BIGINT NOT NULL,
    at             TEXT NOT NULL,
    body           TEXT NOT NULL,
    nonce          TEXT NOT NULL,
    prev_hash      TEXT NOT NULL,
    hash           TEXT NOT NULL,
    events         BLOB NOT NULL,
    signature_hash BLOB,
    hidden_seat    BOOLEAN NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seq)
);
INSERT INTO journal_text (game_id, seq, at, body, nonce, prev_hash, hash, events, signature_hash, hidden_seat)
SELECT game_id, seq, at, body,
       CASE WHEN length(nonce) = 32 THEN lower(hex(nonce)) ELSE CAST(nonce AS TEXT) END,
       coalesce(lag(CASE WHEN length(hash) = 32 THEN lower(hex(hash)) ELSE CAST(hash AS TEXT) END)
           OVER (PARTITION BY game_id ORDER BY seq), printf('%.64c', '0')),
       CASE WHEN length(hash) = 32 THEN lower(hex(hash)) ELSE CAST(hash AS TEXT) END, events, signature_hash, hidden_seat
FROM journal ORDER BY game_id, seq;
DROP TABLE journal;
ALTER TABLE journal_text RENAME TO journal;
CREATE UNIQUE INDEX journal_signature_hash ON journal(signature_hash) WHERE signature_hash IS NOT NULL;

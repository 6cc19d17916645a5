-- A smaller journal row (the issue's 1.5 KB of database per move): the hash and nonce as their 32 bytes
-- instead of 64 hex characters, the events as bytes (the server writes them deflated, see
-- `service::games::compact_events`, and still reads the plain JSON of the rows written before), and no prev_hash, which is always the hash of the game's previous entry
-- (64 zeros for entry 0) and is put back when the journal is read. Nothing hashed changes: the server turns
-- the bytes back into the same lower-case hex. A nonce that is not lower-case hex (none is stored: the
-- server writes lower-case hex and checks it on replay) is kept as its text's bytes, so that nothing is lost.
-- The table is rebuilt rather than altered so that its rows are written compactly once.
CREATE TABLE journal_compact (
    game_id        BIGINT NOT NULL REFERENCES games(id),
    seq            BIGINT NOT NULL,
    at             TEXT NOT NULL,
    body           TEXT NOT NULL,
    nonce          BLOB NOT NULL,
    hash           BLOB NOT NULL,
    events         BLOB NOT NULL,
    signature_hash BLOB,
    hidden_seat    BOOLEAN NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seq)
);
INSERT INTO journal_compact (game_id, seq, at, body, nonce, hash, events, signature_hash, hidden_seat)
SELECT game_id, seq, at, body,
       CASE WHEN lower(hex(unhex(nonce))) = nonce THEN unhex(nonce) ELSE CAST(nonce AS BLOB) END,
       CASE WHEN lower(hex(unhex(hash))) = hash THEN unhex(hash) ELSE CAST(hash AS BLOB) END,
       CAST(events AS BLOB), signature_hash, hidden_seat
FROM journal ORDER BY game_id, seq;
DROP TABLE journal;
ALTER TABLE journal_compact RENAME TO journal;
CREATE UNIQUE INDEX journal_signature_hash ON journal(signature_hash) WHERE signature_hash IS NOT NULL;

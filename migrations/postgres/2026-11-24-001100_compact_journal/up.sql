-- A smaller journal row (the issue's 1.5 KB of database per move): the hash and nonce as their 32 bytes
-- instead of 64 hex characters, the events as bytes (the server writes them deflated, see
-- `service::games::compact_events`, and still reads the plain JSON of the rows written before), and no prev_hash, which is always the hash of the game's previous entry
-- (64 zeros for entry 0) and is put back when the journal is read. Nothing hashed changes: the server turns
-- the bytes back into the same lower-case hex. A nonce that is not lower-case hex (none is stored: the
-- server writes lower-case hex and checks it on replay) is kept as its text's bytes, so that nothing is lost.
ALTER TABLE journal ALTER COLUMN nonce TYPE BYTEA
    USING CASE WHEN nonce ~ '^([0-9a-f]{2})*$' THEN decode(nonce, 'hex') ELSE convert_to(nonce, 'UTF8') END;
ALTER TABLE journal ALTER COLUMN hash TYPE BYTEA
    USING CASE WHEN hash ~ '^([0-9a-f]{2})*$' THEN decode(hash, 'hex') ELSE convert_to(hash, 'UTF8') END;
ALTER TABLE journal DROP COLUMN prev_hash;
ALTER TABLE journal ALTER COLUMN events TYPE BYTEA USING convert_to(events, 'UTF8');

-- The events of entries written since the upgrade stay deflated: only the server that wrote them reads them.
ALTER TABLE journal ADD COLUMN prev_hash TEXT;
UPDATE journal j SET prev_hash = coalesce(
    (SELECT CASE WHEN length(p.hash) = 32 THEN encode(p.hash, 'hex') ELSE convert_from(p.hash, 'UTF8') END FROM journal p WHERE p.game_id = j.game_id AND p.seq = j.seq - 1), repeat('0', 64));
ALTER TABLE journal ALTER COLUMN prev_hash SET NOT NULL;
ALTER TABLE journal ALTER COLUMN hash TYPE TEXT
    USING CASE WHEN length(hash) = 32 THEN encode(hash, 'hex') ELSE convert_from(hash, 'UTF8') END;
ALTER TABLE journal ALTER COLUMN nonce TYPE TEXT
    USING CASE WHEN length(nonce) = 32 THEN encode(nonce, 'hex') ELSE convert_from(nonce, 'UTF8') END;

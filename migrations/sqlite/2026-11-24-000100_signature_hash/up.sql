-- A retried signed move is recognised by the SHA-256 of its JWS (32 bytes, indexed) instead of by the JWS
-- itself: the entry's body holds the JWS already, and a second copy plus its index cost ~1 KB a move.
-- tegami_sha256 is registered on the connection by the server before it migrates (`db::migrate`).
ALTER TABLE journal ADD COLUMN signature_hash BLOB;
UPDATE journal SET signature_hash = tegami_sha256(signature) WHERE signature IS NOT NULL;
CREATE UNIQUE INDEX journal_signature_hash ON journal(signature_hash) WHERE signature_hash IS NOT NULL;
DROP INDEX journal_signature;
ALTER TABLE journal DROP COLUMN signature;

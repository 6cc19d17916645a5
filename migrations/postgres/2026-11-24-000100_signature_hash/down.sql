ALTER TABLE journal ADD COLUMN signature TEXT;
UPDATE journal SET signature = (body::jsonb) ->> 'signature' WHERE signature_hash IS NOT NULL;
CREATE UNIQUE INDEX journal_signature ON journal(signature) WHERE signature IS NOT NULL;
DROP INDEX journal_signature_hash;
ALTER TABLE journal DROP COLUMN signature_hash;

-- A compact outbox: an email caused by a move is stored as what must be sent (kind, game, account, the
-- journal seq it describes, the seat and decision it asks about) and rendered by the mail worker at send
-- time; only rare emails (address checks, invitations, answers to email moves) are stored rendered, and a
-- sent email's rendered text is dropped. So sender, recipient, subject and message may now be NULL.
-- What stays of a sent email for the retention is kept small: the Message-ID is no longer indexed (it is
-- random, or a game's thread root, and nothing looks rows up by it), and the index that finds due rows holds
-- unsent rows only.
ALTER TABLE outbox ALTER COLUMN sender DROP NOT NULL;
ALTER TABLE outbox ALTER COLUMN recipient DROP NOT NULL;
ALTER TABLE outbox ALTER COLUMN subject DROP NOT NULL;
ALTER TABLE outbox ALTER COLUMN message DROP NOT NULL;
ALTER TABLE outbox ADD COLUMN seq BIGINT;
ALTER TABLE outbox ADD COLUMN seat INTEGER;
ALTER TABLE outbox ADD COLUMN decision TEXT;
UPDATE outbox SET message = NULL WHERE sent_at IS NOT NULL;
ALTER TABLE outbox DROP CONSTRAINT outbox_message_id_key;
DROP INDEX outbox_due;
CREATE INDEX outbox_due ON outbox(next_attempt_at) WHERE sent_at IS NULL;

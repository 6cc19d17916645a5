-- Back to an outbox of rendered emails only: compact rows (never rendered) cannot be kept.
DELETE FROM outbox WHERE message IS NULL AND sent_at IS NULL;
UPDATE outbox SET sender = COALESCE(sender, ''), recipient = COALESCE(recipient, ''),
                  subject = COALESCE(subject, ''), message = COALESCE(message, '');
DROP INDEX outbox_due;
CREATE INDEX outbox_due ON outbox(sent_at, next_attempt_at);
ALTER TABLE outbox ADD CONSTRAINT outbox_message_id_key UNIQUE (message_id);
ALTER TABLE outbox DROP COLUMN decision;
ALTER TABLE outbox DROP COLUMN seat;
ALTER TABLE outbox DROP COLUMN seq;
ALTER TABLE outbox ALTER COLUMN sender SET NOT NULL;
ALTER TABLE outbox ALTER COLUMN recipient SET NOT NULL;
ALTER TABLE outbox ALTER COLUMN subject SET NOT NULL;
ALTER TABLE outbox ALTER COLUMN message SET NOT NULL;

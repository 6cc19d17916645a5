-- Answers to decisions the rules keep anonymous (Pending.public = false): other seats may not learn who answered.
ALTER TABLE journal ADD COLUMN hidden_seat BOOLEAN NOT NULL DEFAULT false;

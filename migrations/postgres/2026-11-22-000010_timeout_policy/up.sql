-- What a missed deadline does where the rules name no default answer: forfeit or skip.
ALTER TABLE games ADD COLUMN timeout_policy TEXT NOT NULL DEFAULT 'forfeit';

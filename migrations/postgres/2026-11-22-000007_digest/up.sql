-- When the last daily digest went to a player who asked for digests.
ALTER TABLE mail_prefs ADD COLUMN last_digest_at TEXT COLLATE "C";

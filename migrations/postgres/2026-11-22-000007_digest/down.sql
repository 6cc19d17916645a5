ALTER TABLE mail_prefs DROP COLUMN last_digest_at;

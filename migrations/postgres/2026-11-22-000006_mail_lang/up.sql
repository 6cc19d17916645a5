-- The language of a player's emails: en or ja.
ALTER TABLE mail_prefs ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';

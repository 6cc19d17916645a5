ALTER TABLE mail_prefs DROP COLUMN away_until;

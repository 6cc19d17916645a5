ALTER TABLE mail_prefs DROP COLUMN lang;

DROP TABLE game_follows;
DROP TABLE talk_mailed;
ALTER TABLE mail_prefs DROP COLUMN talk_email;
ALTER TABLE mail_prefs DROP COLUMN turn_email;

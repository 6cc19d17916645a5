DROP TABLE mail_prefs;
DROP TABLE reply_tokens;
DROP TABLE outbox;

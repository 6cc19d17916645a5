-- A player away until this time (RFC 3339 UTC): their deadlines are pushed back by the time away.
ALTER TABLE mail_prefs ADD COLUMN away_until TEXT COLLATE "C";

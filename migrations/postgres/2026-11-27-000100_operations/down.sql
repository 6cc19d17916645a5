ALTER TABLE accounts DROP COLUMN suspended_reason;
ALTER TABLE accounts DROP COLUMN suspended_at;
DROP TABLE imported_keys;
ALTER TABLE games DROP COLUMN mail_pictures;

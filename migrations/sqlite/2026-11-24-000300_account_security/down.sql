ALTER TABLE accounts DROP COLUMN deleted_at;
DROP TABLE throttle;
DROP TABLE password_resets;
DROP TABLE sessions;

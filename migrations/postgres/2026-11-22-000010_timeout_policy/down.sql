ALTER TABLE games DROP COLUMN timeout_policy;

ALTER TABLE games DROP COLUMN journal_format;

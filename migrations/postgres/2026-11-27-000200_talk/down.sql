ALTER TABLE events DROP COLUMN message_id;
DROP TABLE talk_notes;
DROP TABLE talk_reports;
DROP TABLE talk_mutes;
DROP TABLE talk_settings;
DROP TABLE talk_messages;

ALTER TABLE journal DROP COLUMN hidden_seat;

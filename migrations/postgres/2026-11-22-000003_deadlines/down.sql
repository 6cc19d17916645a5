DROP TABLE decision_deadlines;
ALTER TABLE games DROP COLUMN deadline_hours;

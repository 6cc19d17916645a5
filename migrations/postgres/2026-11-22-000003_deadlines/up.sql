-- Per-decision time limits. games.deadline_hours: the limit of each decision of the game (NULL: none;
-- games created before this migration have none). One row per decision asked of a player while it is pending.
ALTER TABLE games ADD COLUMN deadline_hours INTEGER;

CREATE TABLE decision_deadlines (
    game_id     BIGINT NOT NULL REFERENCES games(id),
    decision    TEXT NOT NULL,
    seat        INTEGER NOT NULL,
    due_at      TEXT COLLATE "C" NOT NULL,
    remind_at   TEXT COLLATE "C" NOT NULL,
    reminded_at TEXT COLLATE "C",
    PRIMARY KEY (game_id, decision)
);
CREATE INDEX decision_deadlines_due ON decision_deadlines(due_at);

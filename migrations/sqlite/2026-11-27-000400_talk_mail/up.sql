-- Whether a turn email waits and stays unsent for a decision the player answered meanwhile or is looking at
-- on an open page (`unless_seen`, the default), or always goes out at once (`always`).
ALTER TABLE mail_prefs ADD COLUMN turn_email TEXT NOT NULL DEFAULT 'unless_seen';
-- Which messages alone send an email: `off`, `table_and_private` or `private_only` (the default).
ALTER TABLE mail_prefs ADD COLUMN talk_email TEXT NOT NULL DEFAULT 'private_only';

-- The newest message of a game that an email to a player has carried: the next email carries those after it.
CREATE TABLE talk_mailed (
    account_id      BIGINT NOT NULL REFERENCES accounts(id),
    game_id         BIGINT NOT NULL REFERENCES games(id),
    last_message_id BIGINT NOT NULL,
    PRIMARY KEY (account_id, game_id)
);

-- Players following a game between their turns: told of every move by an email each (`email`) or in their
-- daily digest (`digest`).
CREATE TABLE game_follows (
    account_id BIGINT NOT NULL REFERENCES accounts(id),
    game_id    BIGINT NOT NULL REFERENCES games(id),
    how        TEXT NOT NULL,
    PRIMARY KEY (account_id, game_id)
);

-- Whether this game's emails carry the board picture (a game may leave it out: the text board stays).
ALTER TABLE games ADD COLUMN mail_pictures BOOLEAN NOT NULL DEFAULT true;
-- Public keys kept by `import` for the seats whose player has no account here: the journal's signatures
-- still verify, and the key stays bound to the seat it signed for, not to any account.
CREATE TABLE imported_keys (
    game_id    BIGINT NOT NULL REFERENCES games(id),
    seat       INTEGER NOT NULL,
    kid        TEXT NOT NULL,
    public_key TEXT NOT NULL,
    PRIMARY KEY (game_id, seat, kid)
);
-- An account the operator suspended (`tegami-server admin accounts suspend`): it cannot sign in, use its
-- sessions or tokens, or move; its games and deadlines run on.
ALTER TABLE accounts ADD COLUMN suspended_at TEXT COLLATE "C";
ALTER TABLE accounts ADD COLUMN suspended_reason TEXT;

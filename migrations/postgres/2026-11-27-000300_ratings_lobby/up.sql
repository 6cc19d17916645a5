-- Ratings, the lobby, the archive and profiles (issue 27).
-- Rated: the game's result moves its players' ratings (chosen at creation; games before this were not).
ALTER TABLE games ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;
-- Listed: the game's open seats are shown in the public lobby; unlisted games are reached by invitation or link.
ALTER TABLE games ADD COLUMN listed BOOLEAN NOT NULL DEFAULT FALSE;
-- Whether a player's profile (games, results, ratings) is shown to others.
ALTER TABLE accounts ADD COLUMN profile_public BOOLEAN NOT NULL DEFAULT TRUE;

-- One Weng-Lin (OpenSkill) rating per player and game: the estimate and its uncertainty (one standard deviation).
CREATE TABLE ratings (
    account_id  BIGINT NOT NULL REFERENCES accounts(id),
    slug        TEXT NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    uncertainty DOUBLE PRECISION NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    updated_at  TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (account_id, slug)
);
-- The leaderboard of a game, best first.
CREATE INDEX ratings_leaderboard ON ratings(slug, rating DESC, account_id);

-- Each person's result in each finished game (recorded in the transaction that ends it): profiles count games
-- played and won from it, and the archive finds a player's games through it.
CREATE TABLE game_results (
    game_id     BIGINT NOT NULL REFERENCES games(id),
    seat        INTEGER NOT NULL,
    account_id  BIGINT NOT NULL REFERENCES accounts(id),
    slug        TEXT NOT NULL,
    rank        INTEGER NOT NULL,
    won         BOOLEAN NOT NULL,
    finished_at TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_results_by_account ON game_results(account_id, slug, game_id);

-- Lists page by id (keyset): by status, and by status within a game.
CREATE INDEX games_by_status ON games(status, id);
CREATE INDEX games_by_status_and_slug ON games(status, slug, id);
-- A player's games, newest first.
CREATE INDEX seats_by_account ON seats(account_id, game_id);

-- Games that finished before 2026-11-27-000300_ratings_lobby have no game_results rows (they are recorded in the
-- transaction that ends a game) and were left unlisted by that migration's default, so profiles and the archive
-- missed them. They are listed (a finished game is only ever shown in the archive, never in the lobby) and queued
-- here: each person's rank comes from the game's rules, which SQL cannot run, so the server records them at its
-- next start (`service::results::record_old_results`) and empties the queue.
CREATE TABLE results_to_record (
    game_id BIGINT PRIMARY KEY REFERENCES games(id)
);
INSERT INTO results_to_record (game_id)
    SELECT id FROM games
    WHERE status = 'finished' AND NOT EXISTS (SELECT 1 FROM game_results r WHERE r.game_id = games.id);
UPDATE games SET listed = 1 WHERE id IN (SELECT game_id FROM results_to_record);

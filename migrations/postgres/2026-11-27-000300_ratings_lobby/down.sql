DROP INDEX seats_by_account;
DROP INDEX games_by_status_and_slug;
DROP INDEX games_by_status;
DROP TABLE ratings;
DROP INDEX game_results_by_account;
DROP TABLE game_results;
ALTER TABLE accounts DROP COLUMN profile_public;
ALTER TABLE games DROP COLUMN listed;
ALTER TABLE games DROP COLUMN rated;

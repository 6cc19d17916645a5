DROP TABLE server_settings;
DROP TABLE journal;
DROP TABLE seats;
DROP TABLE games;
DROP TABLE signing_keys;
DROP TABLE api_tokens;
DROP TABLE accounts;

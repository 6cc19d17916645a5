//! Issue 30: bots answer from the server's bot worker. A game with a bot in every seat plays to its end
//! through the real server and verifies, in each of the five games; decisions pending when the server stops
//! are answered after it starts again.

use std::time::{Duration, Instant};

use e2e::{Player, Server};
use serde_json::Value;
use shared::journal::{Actor, EntryBody, Match};

/// Waits until game `id` is finished, or fails at `deadline`.
fn wait_finished(player: &Player, server: &Server, id: &str, deadline: Instant) -> Value {
    loop {
        let detail = player.run(&["show", id, "--json"]).ok("show --json").json();
        if detail["status"] == "finished" {
            return detail;
        }
        assert!(Instant::now() < deadline, "game {id} not over in time: {detail}\nlog:\n{}", server.log());
        std::thread::sleep(Duration::from_millis(200));
    }
}

fn new_bot_game(player: &Player, slug: &str, seats: &[&str]) -> (String, Value) {
    let mut args = vec!["new", slug];
    for seat in seats {
        args.extend(["--seat", seat]);
    }
    args.push("--json");
    let created = player.run(&args).ok("new").json();
    (created["id"].as_i64().expect("game id").to_string(), created)
}

/// Every game with a bot in each seat, at the smallest table it seats: the searching seat is `easy` (the
/// shortest search, so the test is bounded in time on a debug build) and the others are random bots.
const ALL_BOT_TABLES: [(&str, &[&str]); 5] = [
    ("uosao", &["bot:easy", "bot", "bot"]),
    ("shinobazu", &["bot:easy", "bot", "bot"]),
    ("shidouban", &["bot:easy", "bot"]),
    ("senbat", &["bot:easy", "bot"]),
    ("suriagehara", &["bot:easy", "bot"]),
];

/// Whether the journal of `listing` holds a move by `seat` journaled as a bot's.
fn has_bot_move(listing: &Value, seat: u64) -> bool {
    listing["entries"].as_array().expect("entries").iter().any(|e| {
        let body = &e["body"];
        body["type"] == "move" && body["seat"] == seat && body["by"] == "bot"
    })
}

/// Random bots' answers checked per game against the generator they must have used (each check replays the
/// journal up to the answer).
const RANDOM_ANSWERS_CHECKED: usize = 20;

/// Checks that the first random bots' answers in game `id` (read whole from the server's database) are the
/// ones their generator, drawn from the game's seed and the decision, gives: a game's bots answer the same
/// way every time it is played from the same seed. Returns how many were checked.
fn random_bots_answered_from_the_seed(server: &Server, id: &str, seed: &str, random_seats: &[u8]) -> usize {
    let seed: [u8; 32] = hex::decode(seed).expect("hex seed").try_into().expect("32 bytes");
    let mut conn = tegami_api::db::open(&server.database.url).expect("the server's database");
    let entries = tegami_api::service::game_record::whole_journal(&mut conn, id.parse().unwrap()).expect("journal");
    let mut checked = 0;
    for (i, entry) in entries.iter().enumerate() {
        let EntryBody::Move { seat, decision, action, by: Actor::Bot, .. } = &entry.body else { continue };
        if !random_seats.contains(seat) {
            continue;
        }
        let before = Match::replay(&entries[..i], seed).expect("the journal replays");
        let mut rng = tegami_api::bot_worker::thinking_rng(&seed, *seat, decision);
        let expected = before.game().random_action(before.state(), decision, &mut rng);
        assert_eq!(expected.as_ref(), Some(action), "game {id}, entry {i}: the random bot's answer");
        checked += 1;
        if checked == RANDOM_ANSWERS_CHECKED {
            break;
        }
    }
    checked
}

e2e::on_both_backends! {
    fn every_game_with_a_bot_in_every_seat_plays_to_the_end_and_verifies(db) {
        let server = Server::start(db);
        let watcher = Player::new("Alice", &server);
        watcher.register();
        // All five at once on one server: the bot worker plays them side by side.
        let games: Vec<(&str, String)> = ALL_BOT_TABLES
            .iter()
            .map(|(slug, seats)| {
                let (id, created) = new_bot_game(&watcher, slug, seats);
                let kinds: Vec<&str> =
                    created["seats"].as_array().unwrap().iter().map(|s| s["kind"].as_str().unwrap()).collect();
                assert_eq!(kinds, vec!["bot"; seats.len()], "{slug}: {created}");
                assert!(created["seats"][0]["name"].as_str().unwrap().starts_with("bot:easy"), "{slug}: {created}");
                (*slug, id)
            })
            .collect();
        // One bound for all five (they play at once).
        let deadline = Instant::now() + Duration::from_secs(600);
        for (slug, id) in &games {
            let finished = wait_finished(&watcher, &server, id, deadline);
            assert!(finished["outcome"]["ranks"].as_array().is_some(), "{slug}: {finished}");
            watcher.run(&["verify", id]).ok(&format!("{slug}: verify"));
            let journal = watcher.run(&["log", id, "--json"]).ok(&format!("{slug}: log --json")).json();
            assert!(has_bot_move(&journal, 0), "{slug}: the searching bot's moves are journaled as a bot's");
            assert!(has_bot_move(&journal, 1), "{slug}: the random bot's moves are journaled as a bot's");
            let seed = journal["seed"].as_str().expect("the seed is revealed at the end");
            let random_seats: Vec<u8> = (1..ALL_BOT_TABLES.iter().find(|t| t.0 == *slug).unwrap().1.len() as u8).collect();
            let checked = random_bots_answered_from_the_seed(&server, id, seed, &random_seats);
            assert!(checked > 0, "{slug}: no random bot's answer to check");
        }
    }
}

e2e::on_both_backends! {
    fn the_bot_worker_answers_decisions_left_pending_by_a_restart(db) {
        let server = Server::start(db);
        let watcher = Player::new("Alice", &server);
        watcher.register();
        let (id, created) = new_bot_game(&watcher, "uosao", &["bot:normal", "bot:normal", "bot:normal"]);
        assert_eq!(created["status"], "active", "{created}");
        let before = watcher.run(&["show", &id, "--json"]).ok("show --json").json();
        assert_eq!(before["status"], "active", "the bots are still playing when the server stops: {before}");
        // Killed at once, while the bots still owe decisions.
        let server = server.restart();
        let finished = wait_finished(&watcher, &server, &id, Instant::now() + Duration::from_secs(600));
        assert!(finished["outcome"]["ranks"].as_array().is_some(), "{finished}");
        watcher.run(&["verify", &id]).ok("verify");
    }
}

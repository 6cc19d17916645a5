//! Issue 30: bots that search answer from the server's bot worker. A game with a bot in every seat plays to
//! its end through the real server and verifies; decisions pending when the server stops are answered after
//! it starts again.

use std::time::{Duration, Instant};

use e2e::{Player, Server};
use serde_json::Value;

/// Waits until game `id` is finished, or fails after `limit`.
fn wait_finished(player: &Player, server: &Server, id: &str, limit: Duration) -> Value {
    let deadline = Instant::now() + limit;
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

e2e::on_both_backends! {
    fn every_seat_a_searching_bot_plays_to_the_end_and_verifies(db) {
        let server = Server::start(db);
        let watcher = Player::new("Alice", &server);
        watcher.register();
        let (id, created) = new_bot_game(&watcher, "uosao", &["bot:easy", "bot:normal", "bot"]);
        let kinds: Vec<&str> = created["seats"].as_array().unwrap().iter().map(|s| s["kind"].as_str().unwrap()).collect();
        assert_eq!(kinds, ["bot", "bot", "bot"]);
        assert!(created["seats"][0]["name"].as_str().unwrap().starts_with("bot:easy"), "{created}");
        let finished = wait_finished(&watcher, &server, &id, Duration::from_secs(300));
        assert!(finished["outcome"]["ranks"].as_array().is_some(), "{finished}");
        watcher.run(&["verify", &id]).ok("verify");
        let journal = watcher.run(&["log", &id, "--json"]);
        if journal.code == 0 {
            assert!(journal.stdout.contains("\"bot\""), "the searching bots' moves are journaled as a bot's");
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
        let finished = wait_finished(&watcher, &server, &id, Duration::from_secs(600));
        assert!(finished["outcome"]["ranks"].as_array().is_some(), "{finished}");
        watcher.run(&["verify", &id]).ok("verify");
    }
}

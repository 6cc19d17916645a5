//! `tegami wait` and the shell bot in `examples/` against the real server: woken by the event stream, with
//! distinct exit codes for "your turn", "game over" and "timed out".

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use e2e::{Player, Server, bin_dir, binary};

fn new_game(p: &Player, seats: &[&str]) -> String {
    let mut args = vec!["new", "uosao"];
    for s in seats {
        args.extend(["--seat", s]);
    }
    args.push("--json");
    p.run(&args).ok("new").json()["id"].as_i64().expect("game id").to_string()
}

e2e::on_both_backends! {
    fn wait_answers_your_turn_game_over_and_timed_out(db) {
        let server = Server::start(db);
        let alice = Player::new("Alice", &server);
        alice.register();
        let solo = new_game(&alice, &["me", "bot", "bot"]);
        let mine = alice.run(&["wait", &solo, "--json"]);
        assert_eq!(mine.code, 0, "{}", mine.stderr);
        assert!(!mine.json()["my_pending"].as_array().unwrap().is_empty());
        let any = alice.run(&["wait", "--timeout", "5", "--json"]).ok("wait for any game").json();
        assert_eq!(any["id"].to_string(), solo);

        // Waiting for players: nothing is asked of anyone yet.
        let pending = new_game(&alice, &["me", "open", "bot"]);
        let started = Instant::now();
        let idle = alice.run(&["wait", &pending, "--timeout", "1"]);
        assert_eq!(idle.code, 8, "timed out: {}", idle.stderr);
        assert!(idle.stderr.contains("nothing asked of you"), "{}", idle.stderr);
        assert!(started.elapsed() < Duration::from_secs(10));
        assert_eq!(alice.run(&["wait", "999999"]).code, 3, "an unknown game is refused");

        // A wait started before the game does is woken by the join that starts it (or by the moves after).
        let bob = Player::new("Bob", &server);
        bob.register();
        let waiting = Command::new(binary("tegami"))
            .args(["wait", &pending, "--timeout", "60", "--json"])
            .env("TEGAMI_SERVER", &server.url)
            .env("TEGAMI_CONFIG_DIR", alice.config.path())
            .env_remove("TEGAMI_TOKEN")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(500));
        bob.run(&["join", &pending]).ok("join");
        let mut waiting = waiting;
        let deadline = Instant::now() + Duration::from_secs(30);
        let status = loop {
            if let Some(status) = waiting.try_wait().unwrap() {
                break status;
            }
            // If Bob is asked first, he answers; then Alice is asked.
            let listing = bob.run(&["moves", &pending, "--json"]).ok("moves").json();
            if let Some(d) = listing.as_array().and_then(|a| a.first()) {
                let notation = d["choices"]["options"][0]["notation"].as_str().unwrap().to_string();
                let decision = d["decision"]["decision"].as_str().unwrap().to_string();
                bob.run(&["play", &pending, "--decision", &decision, &notation]).ok("bob plays");
            }
            assert!(Instant::now() < deadline, "`tegami wait` was not woken");
            std::thread::sleep(Duration::from_millis(100));
        };
        assert_eq!(status.code(), Some(0));

        // The shell bot plays the solo game to its end and exits 0; then waiting says it is over.
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/bot.sh");
        let path = format!("{}:{}", bin_dir().display(), std::env::var("PATH").unwrap_or_default());
        let bot = Command::new("sh")
            .arg(script)
            .arg(&solo)
            .env("PATH", path)
            .env("TEGAMI_SERVER", &server.url)
            .env("TEGAMI_CONFIG_DIR", alice.config.path())
            .env("BOT_TIMEOUT", "60")
            .env_remove("TEGAMI_TOKEN")
            .output()
            .unwrap();
        assert!(bot.status.success(), "bot.sh: {}", String::from_utf8_lossy(&bot.stderr));
        assert_eq!(alice.run(&["show", &solo, "--json"]).ok("show").json()["status"], "finished");
        let over = alice.run(&["wait", &solo]);
        assert_eq!(over.code, 7, "{}", over.stderr);
        assert!(over.stderr.contains("is over"), "{}", over.stderr);
    }
}

//! A complete 3-player UOSAO game played from the shell: the real server, the real `tegami` binary,
//! three people with their own config dirs. Then the finished game is verified offline.

use e2e::{Player, Server};
use serde_json::Value;

fn my_moves(p: &Player, game: &str) -> Vec<Value> {
    p.run(&["moves", game, "--json"]).ok("moves --json").json().as_array().cloned().unwrap_or_default()
}

e2e::on_both_backends! {
    fn three_players_finish_a_uosao_game_from_the_shell(db) {
        let server = Server::start(db);
        let alice = Player::new("Alice", &server);
        let bob = Player::new("Bob", &server);
        let carol = Player::new("Carol", &server);
        for p in [&alice, &bob, &carol] {
            p.register();
        }
        assert!(alice.run(&["whoami"]).ok("whoami").stdout.contains("alice@example.com"));

        let created = alice
            .run(&["new", "uosao", "--seat", "me", "--seat", "invite:bob@example.com", "--seat", "invite:carol@example.com", "--json"])
            .ok("new")
            .json();
        let id = created["id"].as_i64().expect("game id").to_string();
        assert_eq!(created["status"], "waiting");
        bob.run(&["join", &id]).ok("bob joins");
        carol.run(&["join", &id]).ok("carol joins");
        let listed = alice.run(&["games", "--json"]).ok("games").json();
        assert_eq!(listed[0]["status"], "active");

        let players = [&alice, &bob, &carol];
        let mut moves_made = 0;
        let mut turn = 0usize;
        loop {
            let detail = alice.run(&["show", &id, "--json"]).ok("show --json").json();
            if detail["status"] == "finished" {
                break;
            }
            assert!(moves_made < 1_000, "the game should end");
            let mut moved = false;
            for p in players {
                let moves = my_moves(p, &id);
                let Some(decision) = moves.first() else { continue };
                // What the player sees before deciding: a board that fits, and the prompt with options.
                let board = p.run(&["show", &id]).ok("show");
                assert!(!board.stdout.trim().is_empty());
                let listing = p.run(&["moves", &id]).ok("moves");
                let options = decision["choices"]["options"].as_array().expect("options");
                let pick = options[turn % options.len()]["notation"].as_str().expect("notation").to_string();
                assert!(listing.stdout.contains(&pick), "`tegami moves` lists {pick}:\n{}", listing.stdout);
                p.run(&["play", &id, &pick]).ok(&format!("{} plays {pick}", p.name));
                moves_made += 1;
                turn += 1;
                moved = true;
                break;
            }
            assert!(moved, "the game is active, so someone must have a decision");
        }
        assert!(moves_made > 10, "a whole game takes many moves, not {moves_made}");

        let finished = bob.run(&["show", &id, "--json"]).ok("final show").json();
        let ranks = finished["outcome"]["ranks"].as_array().expect("outcome with ranks");
        assert_eq!(ranks.len(), 3);
        let shown = carol.run(&["show", &id]).ok("final board");
        assert!(!shown.stdout.is_empty());
        for lang in ["en", "ja"] {
            let out = alice.run(&["show", &id, "--lang", lang, "--width", "80"]).ok("show lang");
            for line in out.stdout.lines() {
                assert!(line.chars().count() <= 80 * 2, "line too long: {line}");
            }
        }
        let log = alice.run(&["log", &id]).ok("log");
        assert!(log.stdout.lines().count() > moves_made);
        // The others' private events read in the third person, in each language: "YEL played R2.", not
        // "told to Bob: You played R2.".
        for (lang, told_to, retold) in [("en", "told to", " played "), ("ja", "への通知", "を出しました")] {
            let log = alice.run(&["log", &id, "--lang", lang]).ok("log --lang").stdout;
            assert!(!log.contains(told_to), "a private event is told in the second person to others:\n{log}");
            let others: Vec<&str> = log
                .lines()
                .map(str::trim)
                .filter(|l| l.contains(retold) && !l.starts_with("You ") && !l.starts_with("あなた"))
                .collect();
            assert!(others.len() >= 2, "no private event of another seat retold in {lang}:\n{log}");
        }
        carol.run(&["verify", &id]).ok("verify");
        let saved = alice.run(&["log", &id, "--json"]).ok("log --json");
        let file = alice.config.path().join("journal.json");
        std::fs::write(&file, saved.stdout).unwrap();
        alice.run(&["verify", "--file", file.to_str().unwrap()]).ok("verify --file");
    }
}

e2e::on_both_backends! {
    fn rejections_and_failures_have_distinct_exit_codes(db) {
        let server = Server::start(db);
        let alice = Player::new("Alice", &server);
        alice.register();
        let created = alice.run(&["new", "uosao", "--seat", "me", "--seat", "bot", "--seat", "bot", "--json"]).ok("new").json();
        let id = created["id"].as_i64().unwrap().to_string();

        let bad_move = alice.run(&["play", &id, "this-is-not-a-move"]);
        assert_eq!(bad_move.code, 3, "a refused move exits 3: {}", bad_move.stderr);
        assert!(!bad_move.stderr.is_empty());
        let unknown = alice.run(&["show", "4242"]);
        assert_eq!(unknown.code, 3, "{}", unknown.stderr);
        assert!(unknown.stderr.contains("4242"), "{}", unknown.stderr);
        let usage = alice.run(&["play"]);
        assert_eq!(usage.code, 2, "usage errors exit 2");
        let stranger = Player::new("Stranger", &server);
        let not_logged_in = stranger.run(&["games"]);
        assert_eq!(not_logged_in.code, 6, "{}", not_logged_in.stderr);
        assert!(not_logged_in.stderr.contains("tegami login"), "{}", not_logged_in.stderr);

        let url = server.url.clone();
        drop(server);
        let offline = Player { server: url, ..alice };
        let down = offline.run(&["show", &id]);
        assert_eq!(down.code, 4, "network failures exit 4: {}", down.stderr);
    }
}

e2e::on_both_backends! {
    fn the_game_survives_a_server_restart(db) {
        let server = Server::start(db);
        let alice = Player::new("Alice", &server);
        alice.register();
        let created = alice.run(&["new", "uosao", "--seat", "me", "--seat", "bot", "--seat", "bot", "--json"]).ok("new").json();
        let id = created["id"].as_i64().unwrap().to_string();
        let pick = my_moves(&alice, &id)[0]["choices"]["options"][0]["notation"].as_str().unwrap().to_string();
        alice.run(&["play", &id, &pick]).ok("play");
        let before = alice.run(&["show", &id, "--json"]).ok("show").json();

        let _server = server.restart();
        let after = alice.run(&["show", &id, "--json"]).ok("show after restart").json();
        assert_eq!(before["head_hash"], after["head_hash"]);
        assert_eq!(before["view"], after["view"]);
        let pick = my_moves(&alice, &id)[0]["choices"]["options"][0]["notation"].as_str().unwrap().to_string();
        alice.run(&["play", &id, &pick]).ok("play after restart");
    }
}

e2e::on_both_backends! {
    fn email_preferences_and_vacations_are_set_from_the_shell(db) {
        let server = Server::start(db);
        let alice = Player::new("Alice", &server);
        alice.register();
        assert!(alice.run(&["notify"]).ok("notify").stdout.contains("every-turn"));
        let set = alice.run(&["notify", "daily-digest", "--mail-lang", "ja"]).ok("notify daily-digest");
        assert!(set.stdout.contains("daily-digest") && set.stdout.contains("ja"), "{}", set.stdout);
        let json = alice.run(&["notify", "--json"]).ok("notify --json").json();
        assert_eq!((json["notify"].as_str(), json["lang"].as_str()), (Some("daily_digest"), Some("ja")));
        let bad = alice.run(&["notify", "hourly"]);
        assert_eq!(bad.code, 2, "{}", bad.stderr);

        let day = day_in(10);
        let away = alice.run(&["vacation", "--until", &day]).ok("vacation --until");
        assert!(away.stdout.contains(&day), "{}", away.stdout);
        let too_far = alice.run(&["vacation", "--until", &day_in(400)]);
        assert_eq!(too_far.code, 3, "the server refuses long vacations: {}", too_far.stderr);
        assert!(alice.run(&["vacation"]).ok("vacation").stdout.contains("away until"));
        assert!(alice.run(&["vacation", "--back"]).ok("vacation --back").stdout.contains("not away"));
        assert_eq!(alice.run(&["vacation", "--until", "soon"]).code, 2);

        alice.run(&["resend-verification"]).ok("resend-verification");

        // A game's time limit and what a missed deadline does, chosen at creation and shown with the board.
        let args = ["new", "uosao", "--seat", "me", "--seat", "bot", "--seat", "bot", "--deadline", "12"];
        let created = alice.run(&[&args[..], &["--on-timeout", "skip", "--json"]].concat()).ok("new --on-timeout");
        let id = created.json()["id"].as_i64().unwrap().to_string();
        assert_eq!(created.json()["timeout_policy"], "skip");
        let shown = alice.run(&["show", &id]).ok("show");
        assert!(shown.stdout.contains("time limit: 12 h per decision; a missed one is skipped"), "{}", shown.stdout);
        let bad = alice.run(&[&args[..], &["--on-timeout", "wait"]].concat());
        assert_eq!(bad.code, 2, "{}", bad.stderr);
        assert!(bad.stderr.contains("`forfeit` or `skip`"), "{}", bad.stderr);
    }
}

/// The UTC day `days` from today as `YYYY-MM-DD` (civil-from-days, proleptic Gregorian).
fn day_in(days: i64) -> String {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64;
    let z = now / 86_400 + days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

e2e::on_both_backends! {
    fn an_invited_seat_waits_until_the_address_is_proved(db) {
        let server = Server::start(db);
        let alice = Player::new("Alice", &server);
        alice.register();
        let dave = Player::new("Dave", &server);
        dave.run_with_stdin(&["register", "--email", &dave.email, "--name", "Dave", "--password-stdin"], "correct-horse-battery\n")
            .ok("register without confirming");
        let created = alice
            .run(&["new", "uosao", "--seat", "me", "--seat", "invite:dave@example.com", "--seat", "bot", "--json"])
            .ok("new")
            .json();
        let id = created["id"].as_i64().unwrap().to_string();
        let refused = dave.run(&["join", &id]);
        assert_eq!(refused.code, 3, "{}", refused.stderr);
        assert!(refused.stderr.contains("verif") || refused.stderr.contains("confirm"), "{}", refused.stderr);
        dave.confirm_address();
        dave.run(&["join", &id]).ok("join after proving the address");
    }
}

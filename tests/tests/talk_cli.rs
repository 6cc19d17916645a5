//! Table talk from the shell (issue 26): `tegami say` (and `--to`), the messages in `show`, `log` and
//! `watch`, `tegami note`; a whole shinobazu game around it still verifies.

use e2e::{Player, Server, play_to_end};

e2e::on_both_backends! {
    fn players_talk_from_the_shell_and_the_journal_still_verifies(db) {
        let server = Server::start(db);
        let players: Vec<Player> = ["Alice", "Bob", "Carol"].iter().map(|n| Player::new(n, &server)).collect();
        for p in &players {
            p.register();
        }
        let new = players[0]
            .run(&["new", "shinobazu", "--seat", "me", "--seat", &format!("invite:{}", players[1].email),
                   "--seat", &format!("invite:{}", players[2].email), "--json"])
            .ok("new");
        let id = new.json()["id"].as_i64().unwrap().to_string();
        for p in &players[1..] {
            p.run(&["join", &id]).ok("join");
        }

        let said = players[0].run(&["say", &id, "good", "luck,", "everyone"]).ok("say");
        assert!(said.stdout.contains(&format!("game {id}")), "{}", said.stdout);
        // Private messages are off unless the creator allows them: refused, saying so.
        let private = players[1].run(&["say", &id, "--to", "0", "psst"]);
        assert_ne!(private.code, 0);
        assert!(private.stderr.contains("private"), "{}", private.stderr);
        let json = players[1].run(&["say", &id, "hi", "Alice", "--json"]).ok("say --json").json();
        assert_eq!((json["text"].as_str(), json["seat"].as_u64()), (Some("hi Alice"), Some(1)));

        let shown = players[2].run(&["show", &id]).ok("show");
        assert!(shown.stdout.contains("Messages:") && shown.stdout.contains("good luck, everyone"), "{}", shown.stdout);
        assert!(shown.stdout.contains("Bob (seat 1)") && shown.stdout.contains("hi Alice"), "{}", shown.stdout);

        players[0].run(&["note", &id, "Bob", "bluffs"]).ok("note");
        assert_eq!(players[0].run(&["note", &id]).ok("note").stdout.trim(), "Bob bluffs");
        assert!(players[1].run(&["note", &id]).ok("note").stdout.contains("no note"));

        play_to_end(&players, "shinobazu", &id, 5_000);
        let log = players[2].run(&["log", &id]).ok("log");
        assert!(log.stdout.contains("good luck, everyone") && log.stdout.contains("hi Alice"), "{}", log.stdout);
        // `watch` of a finished game prints it and its messages, then ends.
        let watched = players[1].run(&["watch", &id]).ok("watch");
        assert!(watched.stdout.contains("good luck, everyone"), "{}", watched.stdout);
        players[2].run(&["verify", &id]).ok("verify");
    }
}

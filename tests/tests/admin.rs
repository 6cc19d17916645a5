//! Issue #28: the operator's `tegami-server admin …` commands on SQLite and PostgreSQL: accounts listed,
//! shown, suspended (no sign-in, no moves, sessions gone) and let back, deleted; sessions listed and revoked
//! with the API tokens; the mail queue listed, retried and dropped; games listed (stuck ones found, a page
//! at a time, as lines or JSON) and ending one wrongly refused; every change logged with who made it. That an
//! ended game verifies is `verifiers.rs`'s `an_operator_ended_game_verifies_and_says_who_ended_it`.

use diesel::RunQueryDsl;
use e2e::{Player, Server};

fn admin(server: &Server, args: &[&str]) -> e2e::Run {
    let mut all = vec!["admin", "--operator", "ops-on-call"];
    all.extend_from_slice(args);
    server.command(&all, b"")
}

/// The tab-separated line of `listing` whose first field is `first`.
fn row<'a>(listing: &'a str, first: &str) -> Vec<&'a str> {
    listing
        .lines()
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .find(|fields| fields[0] == first)
        .unwrap_or_else(|| panic!("no line `{first}` in:\n{listing}"))
}

const PASSWORD: &str = "correct-horse-battery\n";

e2e::on_both_backends! {
    fn the_operator_administers_accounts_sessions_and_mail(db) {
        let server = Server::start(db);
        let (alice, bob) = (Player::new("Alice", &server), Player::new("Bob", &server));
        alice.register();
        bob.register();
        let created = alice.run(&["new", "senbat", "--seat", "me", "--seat", &format!("invite:{}", bob.email), "--json"]);
        let game = created.ok("new").json()["id"].as_i64().expect("game id").to_string();
        bob.run(&["join", &game]).ok("bob joins");

        let listed = admin(&server, &["accounts", "list"]).ok("accounts list").stdout;
        assert_eq!(row(&listed, "id")[1], "email", "a header: {listed}");
        let bob_line = listed.lines().find(|l| l.contains(&bob.email)).expect("Bob listed").to_string();
        let bob_id = bob_line.split('\t').next().unwrap().to_string();
        assert!(bob_line.contains("\tactive\t"), "{bob_line}");

        // Suspended: signed out, cannot sign in again or move; the game waits on its deadlines as usual.
        let suspended = admin(&server, &["accounts", "suspend", &bob.email, "--reason", "abuse report 7"]).ok("suspend");
        assert!(suspended.stderr.contains("admin: account suspended") && suspended.stderr.contains("ops-on-call"), "logged: {}", suspended.stderr);
        let shown = admin(&server, &["accounts", "show", &bob_id]).ok("show").stdout;
        assert_eq!(row(&shown, "state")[1], "suspended", "{shown}");
        assert_eq!(row(&shown, "reason")[1], "abuse report 7", "{shown}");
        assert_eq!(row(&shown, "sessions")[1], "0", "signed out: {shown}");
        assert!(row(&shown, "games")[1].contains(&format!("{game} senbat active")), "{shown}");
        assert_ne!(bob.run(&["moves", &game]).code, 0, "the suspended account's session is gone");
        let login = bob.run_with_stdin(&["login", "--email", &bob.email, "--password-stdin"], PASSWORD);
        assert_ne!(login.code, 0);
        assert!(login.stderr.contains("suspended"), "says why: {}", login.stderr);
        let twice = admin(&server, &["accounts", "unsuspend", &bob.email]).ok("unsuspend");
        assert!(twice.stdout.contains("again"), "{}", twice.stdout);
        assert_eq!(admin(&server, &["accounts", "unsuspend", &bob.email]).code, 65, "not suspended any more");
        bob.run_with_stdin(&["login", "--email", &bob.email, "--password-stdin"], PASSWORD).ok("Bob signs in again");
        bob.run(&["moves", &game]).ok("and reads his moves");

        // Sessions: listed, then revoked with the API tokens.
        alice.run(&["token", "create", "scripts"]).ok("a token");
        let sessions = admin(&server, &["sessions", "list", &alice.email]).ok("sessions list").stdout;
        assert!(sessions.lines().count() >= 2, "a header and Alice's session: {sessions}");
        let revoked = admin(&server, &["sessions", "revoke", &alice.email, "--tokens"]).ok("revoke").stdout;
        assert!(revoked.contains("1 API token(s) revoked"), "{revoked}");
        assert_ne!(alice.run(&["games"]).code, 0, "Alice is signed out");
        assert_eq!(admin(&server, &["sessions", "list", &alice.email]).ok("list").stdout.lines().count(), 1);

        // The mail queue: held emails listed, one dropped, the rest made due and sent once released.
        // What was queued before is sent first, so that the held queue holds only the game-over emails.
        let quiet = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while admin(&server, &["mail", "queue"]).ok("queue").stdout.lines().count() > 1 {
            assert!(std::time::Instant::now() < quiet, "the queue does not drain");
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
        server.command(&["mail", "hold"], b"").ok("hold");
        bob.run(&["resign", &game, "--yes"]).ok("Bob resigns: game-over emails are queued");
        let queue = admin(&server, &["mail", "queue"]).ok("queue").stdout;
        let queued: Vec<String> = queue.lines().skip(1).map(|l| l.split('\t').next().unwrap().to_string()).collect();
        assert!(queued.len() >= 2, "{queue}");
        admin(&server, &["mail", "drop", &queued[0]]).ok("drop");
        assert_eq!(admin(&server, &["mail", "drop", &queued[0]]).code, 65, "already closed");
        let retried = admin(&server, &["mail", "retry", "--all"]).ok("retry").stdout;
        assert!(retried.contains(&format!("{} email(s) due now", queued.len() - 1)), "{retried}");
        assert_eq!(admin(&server, &["mail", "retry"]).code, 65, "neither ids nor --all");
        let after = admin(&server, &["mail", "queue"]).ok("queue").stdout;
        assert!(!after.lines().any(|l| l.starts_with(&format!("{}\t", queued[0]))), "dropped: {after}");

        // Deleted: as its owner would close it.
        admin(&server, &["accounts", "delete", &bob_id]).ok("delete");
        let shown = admin(&server, &["accounts", "show", &bob_id]).ok("show").stdout;
        assert_eq!(row(&shown, "state")[1], "deleted", "{shown}");
        assert_eq!(admin(&server, &["accounts", "show", "nobody@example.com"]).code, 65);
    }
}

/// Makes game `id` look untouched since January, as a game nobody has answered for months is.
fn leave_untouched_for_months(server: &Server, id: &str) {
    let sql = format!("UPDATE games SET updated_at = '2026-01-01T00:00:00Z' WHERE id = {id}");
    let changed = match tegami_api::db::open(&server.database.url).expect("the server's database") {
        tegami_api::db::Conn::Sqlite(mut c) => diesel::sql_query(&sql).execute(&mut c),
        tegami_api::db::Conn::Postgres(mut c) => diesel::sql_query(&sql).execute(&mut c),
    };
    assert_eq!(changed.expect("updated"), 1);
}

e2e::on_both_backends! {
    fn the_operator_lists_games_finds_stuck_ones_and_cannot_end_one_wrongly(db) {
        let server = Server::start(db);
        let (alice, bob) = (Player::new("Alice", &server), Player::new("Bob", &server));
        alice.register();
        bob.register();
        let invite = format!("invite:{}", bob.email);
        let mut ids = Vec::new();
        for _ in 0..3 {
            let new = ["new", "senbat", "--seat", "me", "--seat", &invite, "--deadline", "none", "--json"];
            ids.push(alice.run(&new).ok("new").json()["id"].as_i64().expect("id").to_string());
        }
        for id in &ids[..2] {
            bob.run(&["join", id]).ok("Bob joins");
        }
        leave_untouched_for_months(&server, &ids[0]);

        let listed = admin(&server, &["games", "list"]).ok("games list").stdout;
        assert_eq!(row(&listed, "id")[1..4], ["game", "status", "players"], "a header: {listed}");
        let first = row(&listed, &ids[0]);
        assert_eq!(first[1..3], ["senbat", "active"], "{listed}");
        assert!(first[3].contains("Alice") && first[3].contains("Bob"), "{listed}");
        assert_eq!(first[6], "none", "no deadline: {listed}");
        assert_eq!(first[7], "stuck", "{listed}");
        assert_eq!(row(&listed, &ids[1])[7], "", "moved today, so not stuck: {listed}");
        assert_eq!(row(&listed, &ids[2])[2], "waiting", "{listed}");

        let stuck = admin(&server, &["games", "list", "--stuck", "--json"]).ok("--stuck").json();
        let stuck_ids: Vec<String> =
            stuck["games"].as_array().expect("games").iter().map(|g| g["id"].to_string()).collect();
        assert_eq!(stuck_ids, vec![ids[0].clone()], "{stuck}");
        assert_eq!(stuck["next_after"], serde_json::Value::Null);
        let waiting = admin(&server, &["games", "list", "--status", "waiting", "--game", "senbat"]).ok("filter").stdout;
        assert_eq!(waiting.lines().count(), 2, "a header and the waiting game: {waiting}");

        // A page at a time: the first page says where the next starts, the next holds the rest.
        let page = admin(&server, &["games", "list", "--limit", "2", "--json"]).ok("page 1").json();
        assert_eq!(page["games"].as_array().expect("games").len(), 2, "{page}");
        let next = page["next_after"].to_string();
        assert_eq!(next, ids[1], "{page}");
        let rest = admin(&server, &["games", "list", "--limit", "2", "--after", &next, "--json"]).ok("page 2").json();
        assert_eq!(rest["games"][0]["id"].to_string(), ids[2], "{rest}");
        assert_eq!(rest["next_after"], serde_json::Value::Null, "{rest}");
        let text = admin(&server, &["games", "list", "--limit", "1"]).ok("page of lines").stdout;
        assert!(text.ends_with(&format!("(more: --after {})\n", ids[0])), "{text}");

        // Bad input: a clear refusal, exit 65, nothing written.
        let end = |args: &[&str]| {
            let mut all = vec!["games", "end"];
            all.extend_from_slice(args);
            admin(&server, &all)
        };
        let refusals = [
            (end(&["999999", "--result", "abandoned", "--reason", "gone"]), "no game `999999`"),
            (end(&[&ids[0], "--result", "adjudicated", "--ranks", "1,2,3", "--reason", "x"]), "3 place(s) given for a game of 2 seats"),
            (end(&[&ids[0], "--result", "adjudicated", "--reason", "x"]), "gives every seat its place"),
            (end(&[&ids[0], "--result", "adjudicated", "--ranks", "2,2", "--reason", "x"]), "its place is 1"),
            (end(&[&ids[0], "--result", "abandoned", "--ranks", "1,2", "--reason", "x"]), "an abandoned game has no places"),
            (end(&[&ids[0], "--result", "abandoned", "--reason", "  "]), "the reason is empty"),
        ];
        for (run, says) in refusals {
            assert_eq!(run.code, 65, "refused: {}", run.stderr);
            assert!(run.stderr.contains(says), "says `{says}`: {}", run.stderr);
        }
        let missing_reason = end(&[&ids[0], "--result", "abandoned"]);
        assert_eq!(missing_reason.code, 2, "clap asks for the reason: {}", missing_reason.stderr);
        assert_eq!(alice.run(&["show", &ids[0], "--json"]).ok("show").json()["status"], "active", "nothing written");

        end(&[&ids[0], "--result", "abandoned", "--reason", "nobody answers"]).ok("ended");
        let again = end(&[&ids[0], "--result", "abandoned", "--reason", "twice"]);
        assert_eq!(again.code, 65, "a finished game cannot end again: {}", again.stderr);
        assert!(again.stderr.contains("already ended"), "{}", again.stderr);
        let listed = admin(&server, &["games", "list", "--status", "finished"]).ok("finished").stdout;
        assert_eq!(row(&listed, &ids[0])[2], "finished", "{listed}");
    }
}

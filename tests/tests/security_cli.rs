//! Security from the shell: a hostile display name (one the server refuses today, planted in the database as
//! an older server or a restored backup could hold it) reaches an opponent's terminal only as visible
//! escapes, checked byte by byte; and the account lifecycle commands through the real binaries.

use diesel::prelude::*;
use e2e::{Player, Server};
use tegami_api::db::schema::accounts;

const HOSTILE: &str = "\u{1b}]0;pwned\u{7}\u{1b}[2J\u{202e}evil\u{9b}31m";
/// What the CLI must print instead: every control and bidi character as `\u{…}`.
const SHOWN: &str = "\\u{1b}]0;pwned\\u{7}\\u{1b}[2J\\u{202e}evil\\u{9b}31m";

fn hostile(bytes: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(bytes);
    text.chars()
        .find(|c| {
            (c.is_control() && *c != '\n' && *c != '\t')
                || matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
        })
        .map(|c| format!("U+{:04X}", u32::from(c)))
}

e2e::on_both_backends! {
    fn f1_hostile_names_reach_the_terminal_only_as_visible_escapes(db) {
        let server = Server::start(db);
        let mallory = Player::new("Mallory", &server);
        let alice = Player::new("Alice", &server);
        mallory.register();
        alice.register();
        // The server refuses such a name at registration (422)...
        let refused = mallory.run_with_stdin(
            &["register", "--email", "m2@example.com", "--name", HOSTILE, "--password-stdin"],
            "correct-horse-battery\n",
        );
        assert_eq!(refused.code, 3, "{}", refused.stderr);
        assert!(refused.stderr.contains("control character"), "{}", refused.stderr);
        // Invisible characters too (issue #23): a zero-width joiner, a tag character, a Hangul filler.
        for name in ["Mal\u{200d}lory", "Mallory\u{e0041}", "\u{3164}"] {
            let refused = mallory.run_with_stdin(
                &["register", "--email", "m3@example.com", "--name", name, "--password-stdin"],
                "correct-horse-battery\n",
            );
            assert_eq!(refused.code, 3, "{name:?}: {}", refused.stderr);
            assert!(refused.stderr.contains("invisible or formatting character"), "{}", refused.stderr);
        }
        assert_eq!(hostile(refused.stderr.as_bytes()), None, "{:?}", refused.stderr);
        // ...so plant it the way an older server would have stored it.
        let mut conn = tegami_api::db::open(&server.database.url).unwrap();
        diesel::update(accounts::table.filter(accounts::email.eq("mallory@example.com")))
            .set(accounts::display_name.eq(HOSTILE))
            .execute(&mut conn)
            .unwrap();
        let created = mallory
            .run(&["new", "uosao", "--seat", "me", "--seat", "invite:alice@example.com", "--seat", "bot", "--json"])
            .ok("new");
        let id = created.json()["id"].as_i64().unwrap().to_string();
        alice.run(&["join", &id]).ok("join");

        for args in [
            vec!["show", id.as_str()],
            vec!["games"],
            vec!["log", id.as_str()],
            vec!["moves", id.as_str()],
            vec!["show", id.as_str(), "--json"],
            vec!["log", id.as_str(), "--json"],
        ] {
            let run = alice.run(&args);
            assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
            for (stream, bytes) in [("stdout", run.stdout.as_bytes()), ("stderr", run.stderr.as_bytes())] {
                assert_eq!(hostile(bytes), None, "`tegami {}` printed a raw control character on {stream}", args.join(" "));
            }
            if args.contains(&"--json") {
                // Still JSON, and the name survives exactly (as \u escapes) for scripts.
                let value = run.json();
                assert!(value.to_string().contains("pwned"), "{value}");
                assert!(run.stdout.contains("\\u001b]0;pwned\\u0007\\u001b[2J\\u202eevil\\u009b31m"), "{}", run.stdout);
            } else if args[0] == "show" {
                assert!(run.stdout.contains(SHOWN), "`show` names the seat with visible escapes:\n{}", run.stdout);
            }
        }
        let show = alice.run(&["show", &id]).ok("show");
        let line = show.stdout.lines().find(|l| l.contains("pwned")).expect("mallory's seat is listed");
        let expected_bytes = SHOWN.as_bytes();
        let at = line.find(SHOWN).expect("the escaped name, byte for byte");
        assert_eq!(&line.as_bytes()[at..at + expected_bytes.len()], expected_bytes);

        // Issue #23: a line break or tab in a stored name is escaped too, so that the name cannot print a
        // line of its own ("Alice: your turn") in someone else's terminal.
        diesel::update(accounts::table.filter(accounts::email.eq("mallory@example.com")))
            .set(accounts::display_name.eq("Mallory\nAlice, it is your turn\tnow"))
            .execute(&mut conn)
            .unwrap();
        for args in [vec!["show", id.as_str()], vec!["games"]] {
            let run = alice.run(&args).ok("list");
            assert!(run.stdout.contains("Mallory\\u{a}Alice, it is your turn\\u{9}now"), "{args:?}:\n{}", run.stdout);
            assert!(!run.stdout.lines().any(|l| l.starts_with("Alice, it is your turn")), "{}", run.stdout);
        }
    }
}

e2e::on_both_backends! {
    fn account_lifecycle_from_the_shell(db) {
        let server = Server::start(db);
        let alice = Player::new("Alice", &server);
        alice.register();
        // A second machine of alice's.
        let laptop = Player::new("Alice", &server);
        laptop.run_with_stdin(&["login", "--email", "alice@example.com", "--password-stdin"], "correct-horse-battery\n").ok("login");
        let sessions = alice.run(&["sessions", "--json"]).ok("sessions").json();
        assert_eq!(sessions.as_array().unwrap().len(), 2);
        let listing = alice.run(&["sessions"]).ok("sessions");
        assert!(listing.stdout.contains("(this one)"), "{}", listing.stdout);
        let laptop_id = sessions.as_array().unwrap().iter().find(|s| s["current"] == false).unwrap()["id"].as_str().unwrap().to_string();
        alice.run(&["sessions", "revoke", &laptop_id]).ok("sessions revoke");
        let refused = laptop.run(&["whoami"]);
        assert_eq!(refused.code, 6, "signed out: {}", refused.stderr);

        // Password change: the current one, then the new one, from stdin.
        alice.run_with_stdin(&["password", "change", "--password-stdin"], "correct-horse-battery\nbrand-new-horse\n").ok("password change");
        laptop.run_with_stdin(&["login", "--email", "alice@example.com", "--password-stdin"], "brand-new-horse\n").ok("login with the new password");

        // Reset by email: the email carries the command to run.
        alice.run(&["password", "reset", "--email", "alice@example.com"]).ok("reset request");
        let token = wait_for_reset_token(&server, "alice@example.com");
        alice.run_with_stdin(&["password", "reset", "--token", &token, "--password-stdin"], "third-horse-battery\n").ok("reset");
        let again = alice.run_with_stdin(&["password", "reset", "--token", &token, "--password-stdin"], "fourth-horse-battery\n");
        assert_eq!(again.code, 3, "single use: {}", again.stderr);
        assert_eq!(laptop.run(&["whoami"]).code, 6, "a reset signs out every session");
        alice.run_with_stdin(&["login", "--email", "alice@example.com", "--password-stdin"], "third-horse-battery\n").ok("login");

        // Export to a private file.
        let file = alice.config.path().join("me.json");
        alice.run(&["account", "export", "-o", file.to_str().unwrap()]).ok("export");
        let exported: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert_eq!(exported["account"]["email"], "alice@example.com");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o600);
        }

        // Logout everywhere, then log in and delete (the prompt refuses without `y`).
        laptop.run_with_stdin(&["login", "--email", "alice@example.com", "--password-stdin"], "third-horse-battery\n").ok("login");
        let token = alice.run(&["token", "create", "ci", "--json"]).ok("token create").json()["secret"].as_str().unwrap().to_string();
        let out = alice.run(&["logout", "--everywhere"]).ok("logout --everywhere");
        assert!(out.stdout.contains("signed out 2 sessions"), "{}", out.stdout);
        assert_eq!(laptop.run(&["whoami"]).code, 6);
        assert_eq!(alice.run(&["--token", &token, "whoami"]).code, 0, "API tokens stay without --tokens");
        // `--tokens` revokes them too (issue #23).
        alice.run_with_stdin(&["login", "--email", "alice@example.com", "--password-stdin"], "third-horse-battery\n").ok("login");
        let out = alice.run(&["logout", "--everywhere", "--tokens"]).ok("logout --everywhere --tokens");
        assert!(out.stdout.contains("revoked 1 API token\n"), "{}", out.stdout);
        assert_eq!(alice.run(&["--token", &token, "whoami"]).code, 6, "the token is revoked");
        // The login kept this machine's known-device token, privately, across the logout.
        let device = alice.config.path().join("device.toml");
        assert!(std::fs::read_to_string(&device).unwrap().contains("alice@example.com"));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&device).unwrap().permissions().mode() & 0o777, 0o600);
        }
        alice.run_with_stdin(&["login", "--email", "alice@example.com", "--password-stdin"], "third-horse-battery\n").ok("login");
        let declined = alice.run_with_stdin(&["account", "delete"], "n\n");
        assert_ne!(declined.code, 0);
        assert!(declined.stderr.contains("not deleted"), "{}", declined.stderr);
        alice.run_with_stdin(&["account", "delete", "--yes", "--password-stdin"], "third-horse-battery\n").ok("delete");
        assert_eq!(alice.run(&["whoami"]).code, 6);
        let gone = laptop.run_with_stdin(&["login", "--email", "alice@example.com", "--password-stdin"], "third-horse-battery\n");
        assert_eq!(gone.code, 3, "{}", gone.stderr);
        alice.run(&["logout"]).ok("logout when the session is gone");
    }
}

fn wait_for_reset_token(server: &Server, to: &str) -> String {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        for entry in std::fs::read_dir(server.mail_dir()).into_iter().flatten().flatten() {
            let raw = std::fs::read(entry.path()).unwrap_or_default();
            let Some(message) = mail_parser::MessageParser::default().parse(&raw) else { continue };
            let addressed = message.to().and_then(|a| a.first()).and_then(|a| a.address()) == Some(to);
            let text = message.body_text(0).unwrap_or_default().into_owned();
            if let (true, Some(line)) = (addressed, text.lines().find(|l| l.contains("tegami password reset --token")))
            {
                return line.split_whitespace().last().unwrap().to_string();
            }
        }
        assert!(std::time::Instant::now() < deadline, "no reset email reached {to}");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

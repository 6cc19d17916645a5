//! Play by email end to end: a 3-player UOSAO game created from the shell with the real `tegami` binary,
//! then played to the end only by replying to the turn emails the real server writes (.eml files, no SMTP
//! server configured), each reply delivered through `tegami-server mail-in` as an MTA pipe would.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use e2e::{Player, Server};
use mail_parser::MessageParser;

struct Email {
    to: String,
    subject: String,
    text: String,
    reply_to: String,
}

fn read(path: &std::path::Path) -> Email {
    let raw = std::fs::read(path).unwrap();
    let m = MessageParser::default().parse(&raw).expect("an email");
    let addr = |a: Option<&mail_parser::Address>| {
        a.and_then(|a| a.first()).and_then(|x| x.address()).unwrap_or_default().to_string()
    };
    Email {
        to: addr(m.to()),
        subject: m.subject().unwrap_or_default().to_string(),
        text: m.body_text(0).map(|b| b.replace('\r', "")).unwrap_or_default(),
        reply_to: addr(m.reply_to()),
    }
}

fn reply(mail: &Email, move_text: &str) -> Vec<u8> {
    format!(
        "From: <{}>\r\nTo: <{}>\r\nSubject: Re: {}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{move_text}\r\n\r\n\
         On Sun, 22 Nov 2026, tegami wrote:\r\n> {}\r\n",
        mail.to,
        mail.reply_to,
        mail.subject,
        mail.text.lines().next().unwrap_or_default()
    )
    .into_bytes()
}

e2e::on_both_backends! {
    fn a_game_created_from_the_shell_is_played_by_email_replies(db) {
        let server = Server::start(db);
        let alice = Player::new("Alice", &server);
        let bob = Player::new("Bob", &server);
        let carol = Player::new("Carol", &server);
        for p in [&alice, &bob, &carol] {
            p.register();
        }
        let created = alice
            .run(&["new", "uosao", "--seat", "me", "--seat", "invite:bob@example.com", "--seat", "invite:carol@example.com", "--json"])
            .ok("new")
            .json();
        let id = created["id"].as_i64().expect("game id").to_string();
        bob.run(&["join", &id]).ok("bob joins");
        carol.run(&["join", &id]).ok("carol joins");

        let mut handled = BTreeSet::new();
        let mut moves = 0;
        let mut waited = Instant::now();
        loop {
            let detail = alice.run(&["show", &id, "--json"]).ok("show --json").json();
            if detail["status"] == "finished" {
                break;
            }
            let mut files: Vec<_> = std::fs::read_dir(server.mail_dir())
                .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
                .unwrap_or_default();
            files.retain(|p: &std::path::PathBuf| p.extension().is_some_and(|x| x == "eml") && !handled.contains(p));
            files.sort();
            let Some(next) = files.first().cloned() else {
                assert!(waited.elapsed() < Duration::from_secs(30), "no turn email arrived");
                std::thread::sleep(Duration::from_millis(50));
                continue;
            };
            handled.insert(next.clone());
            let mail = read(&next);
            if !mail.subject.contains("your move") {
                continue;
            }
            let legal: Vec<&str> = mail
                .text
                .split("Legal moves:\n")
                .nth(1)
                .expect("legal moves listed")
                .lines()
                .take_while(|l| l.starts_with("  "))
                .map(str::trim)
                .collect();
            let out = server.mail_in(&reply(&mail, legal[moves % legal.len()])).ok("mail-in");
            assert!(out.stdout.contains("\"applied\""), "{}", out.stdout);
            moves += 1;
            waited = Instant::now();
            assert!(moves < 500, "the game should end");
        }
        assert!(moves > 10, "a whole game takes many moves, not {moves}");
        let log = carol.run(&["log", &id]).ok("log");
        assert!(log.stdout.contains("(by email)"), "{}", log.stdout);
        carol.run(&["verify", &id]).ok("verify");
    }
}

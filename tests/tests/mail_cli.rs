//! Play by email end to end: a 3-player UOSAO game created from the shell with the real `tegami` binary,
//! then played to the end only by replying to the turn emails the real server writes (.eml files, no SMTP
//! server configured), each reply delivered through `tegami-server mail-in` as an MTA pipe would. Then a
//! further reply address added, proved and removed with `tegami mail-address`, its mail going through a
//! real SMTP server.

#[path = "../../api/tests/common/smtp.rs"]
#[allow(dead_code)]
mod smtp;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use e2e::{Player, Server};
use mail_parser::MessageParser;

struct Email {
    kind: String,
    to: String,
    subject: String,
    text: String,
    reply_to: String,
}

fn read(path: &std::path::Path) -> Email {
    parse(&std::fs::read(path).unwrap())
}

fn parse(raw: &[u8]) -> Email {
    let m = MessageParser::default().parse(raw).expect("an email");
    let addr = |a: Option<&mail_parser::Address>| {
        a.and_then(|a| a.first()).and_then(|x| x.address()).unwrap_or_default().to_string()
    };
    Email {
        kind: m.header_raw("X-Tegami-Kind").unwrap_or_default().trim().to_string(),
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
            if mail.kind != "turn" {
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
        let verified = carol.run(&["verify", &id]).ok("verify");
        let said = format!("{}{}", verified.stdout, verified.stderr);
        assert!(
            said.contains(&format!("{moves} moves by email reply, attested by the server (not signed by the player)")),
            "{said}"
        );
    }
}

/// The emails of `kind` to `to` the SMTP sink holds, once it holds more than `n`.
fn received(sink: &smtp::SmtpSink, kind: &str, to: &str, n: usize) -> Vec<Email> {
    let pick = |all: &[smtp::Received]| -> Vec<Email> {
        all.iter().map(|m| parse(&m.data)).filter(|m| m.kind == kind && m.to == to).collect()
    };
    pick(&sink.wait_until(kind, |all| pick(all).len() > n))
}

e2e::on_both_backends! {
    fn a_reply_address_is_added_proved_and_removed_from_the_shell(db) {
        let sink = smtp::SmtpSink::start();
        let server = Server::start_with(db, &[("TEGAMI_SMTP_URL", sink.url())]);
        let alice = Player::new("Alice", &server);
        alice
            .run_with_stdin(&["register", "--email", &alice.email, "--name", "Alice", "--password-stdin"], "correct-horse-battery\n")
            .ok("register");
        let work = "alice@work.example";
        let listed = alice.run(&["mail-address", "list"]).ok("list");
        assert!(listed.stdout.contains("no added addresses"), "{}", listed.stdout);

        let added = alice.run(&["mail-address", "add", work]).ok("add");
        assert!(added.stdout.contains(&format!("a link to prove `{work}` was emailed to it")), "{}", added.stdout);
        let pending = alice.run(&["mail-address", "list", "--json"]).ok("list --json").json();
        assert_eq!((pending[0]["address"].as_str(), pending[0]["status"].as_str()), (Some(work), Some("pending")), "{pending}");
        let refused = alice.run(&["mail-address", "add", &alice.email]);
        assert_eq!(refused.code, 3, "{}", refused.stderr);
        assert!(refused.stderr.contains("already your account's address"), "{}", refused.stderr);

        // The link reaches the added address over SMTP; opening it shows a button, which proves it.
        let confirm = &received(&sink, "mail_address_confirm", work, 0)[0];
        let route = "/api/v1/mail-addresses/confirm?token=";
        let at = confirm.text.find(route).expect("the link");
        let path: String = confirm.text[at..].chars().take_while(|c| !c.is_whitespace()).collect();
        let page = e2e::http_get(&server.url, &path);
        assert!(page.starts_with("HTTP/1.0 200") || page.starts_with("HTTP/1.1 200"), "{page}");
        let proved = reqwest::blocking::Client::new().post(format!("{}{path}", server.url)).send().unwrap();
        assert_eq!(proved.status(), 200);
        let table = alice.run(&["mail-address", "list"]).ok("list");
        assert!(table.stdout.contains(work) && table.stdout.contains("proved"), "{}", table.stdout);

        // A reply from the proved address moves.
        let created = alice.run(&["new", "uosao", "--seat", "me", "--seat", "bot", "--seat", "bot", "--json"]).ok("new").json();
        let id = created["id"].as_i64().expect("game id").to_string();
        let turn = &received(&sink, "turn", &alice.email, 0)[0];
        let first = |mail: &Email| -> String {
            mail.text.split("Legal moves:\n").nth(1).expect("legal moves listed").lines().next().unwrap().trim().to_string()
        };
        let mut from_work = reply(turn, &first(turn));
        from_work = String::from_utf8(from_work).unwrap().replacen(&format!("From: <{}>", alice.email), &format!("From: <{work}>"), 1).into_bytes();
        let out = server.mail_in(&from_work).ok("mail-in");
        assert!(out.stdout.contains("\"applied\""), "{}", out.stdout);

        // Removed by address: the next reply from it changes nothing and Alice is told at her own address.
        let removed = alice.run(&["mail-address", "remove", work, "--json"]).ok("remove").json();
        assert_eq!(removed["removed"], pending[0]["id"]);
        // The move asked alice's next decision at once: the turn email asking it confirms the move.
        let accepted = &received(&sink, "turn", &alice.email, 1)[1];
        let before = alice.run(&["log", &id, "--json"]).ok("log").json()["entries"].as_array().unwrap().len();
        let late = String::from_utf8(reply(accepted, &first(accepted))).unwrap()
            .replacen(&format!("From: <{}>", alice.email), &format!("From: <{work}>"), 1);
        let out = server.mail_in(late.as_bytes()).ok("mail-in");
        assert!(out.stdout.contains("wrong_sender"), "{}", out.stdout);
        let after = alice.run(&["log", &id, "--json"]).ok("log").json()["entries"].as_array().unwrap().len();
        assert_eq!(before, after, "nothing changed");
        let told = &received(&sink, "reply_refused", &alice.email, 0)[0];
        assert!(told.text.contains(work), "{}", told.text);
        let again = alice.run(&["mail-address", "remove", work]);
        assert_eq!(again.code, 3, "{}", again.stderr);
        assert!(again.stderr.contains("no added address"), "{}", again.stderr);
    }
}

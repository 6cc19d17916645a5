//! Never twice: the real `tegami-server` process gets SIGTERM while its SMTP relay holds back the `250` of
//! an email. The worker claims nothing more, waits for that answer, records the email as sent and hands the
//! rest of its batch back; after a restart every email goes out exactly once.

mod common;

use std::collections::BTreeMap;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::mailbox;
use common::smtp::SmtpSink;
use diesel::prelude::*;
use serde_json::json;
use tegami_api::db::schema::outbox;
use tegami_api::db::scratch::ScratchDatabase;

fn start(database: &str, smtp: &str, port: u16, log: &std::path::Path) -> Child {
    let log = std::fs::OpenOptions::new().create(true).append(true).open(log).unwrap();
    Command::new(env!("CARGO_BIN_EXE_tegami-server"))
        .env("TEGAMI_BIND", format!("127.0.0.1:{port}"))
        .env("TEGAMI_DATABASE_URL", database)
        .env("TEGAMI_SMTP_URL", smtp)
        .env("TEGAMI_MAIL_POLL_MS", "50")
        .env("TEGAMI_MAIL_TURN_WAIT_SECS", "0")
        .env("TEGAMI_REQUIRE_VERIFIED_EMAIL", "false")
        .env("TEGAMI_LOG", "info")
        .env_remove("TEGAMI_CONFIG")
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .expect("tegami-server starts")
}

fn wait_healthy(client: &reqwest::blocking::Client, base: &str) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while client.get(format!("{base}/healthz")).send().map(|r| r.status() != 200).unwrap_or(true) {
        assert!(Instant::now() < deadline, "the server did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn unsent(database: &str) -> i64 {
    let mut conn = tegami_api::db::connect(database).unwrap().get().unwrap();
    outbox::table.filter(outbox::sent_at.is_null()).count().get_result(&mut *conn).unwrap()
}

tegami_api::on_both_backends! {
    fn sigterm_while_the_relay_is_slow_sends_nothing_twice(db) {
        let dir = tempfile::tempdir().unwrap();
        let database = ScratchDatabase::on(db, dir.path());
        let log = dir.path().join("server.log");
        let sink = SmtpSink::start_slow(Duration::from_millis(1500));
        let port = common::smtp::free_port();
        let base = format!("http://127.0.0.1:{port}");
        let client = reqwest::blocking::Client::new();
        let mut server = start(&database.url, &sink.url(), port, &log);
        wait_healthy(&client, &base);

        // Two players with games against bots: verification, game-start and turn emails queue up.
        for name in ["alice", "bob"] {
            let email = format!("{name}@example.com");
            let r = client.post(format!("{base}/api/v1/accounts"))
                .json(&json!({"email": email, "display_name": name, "password": "password-123"}))
                .send().unwrap();
            assert_eq!(r.status(), 201);
            let session: serde_json::Value = client.post(format!("{base}/api/v1/sessions"))
                .json(&json!({"email": email, "password": "password-123"}))
                .send().unwrap().json().unwrap();
            let token = session["token"].as_str().unwrap();
            let r = client.post(format!("{base}/api/v1/games")).bearer_auth(token)
                .json(&json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]}))
                .send().unwrap();
            assert_eq!(r.status(), 201);
        }
        let queued: i64 = {
            let mut conn = tegami_api::db::connect(&database.url).unwrap().get().unwrap();
            outbox::table.count().get_result(&mut *conn).unwrap()
        };
        assert!(queued >= 6, "{queued} emails queued");

        // No idle keep-alive connection keeps the HTTP side waiting.
        drop(client);
        // The relay has taken the first email and holds back its 250: SIGTERM now.
        sink.wait_until("the first email in flight", |m| !m.is_empty());
        let at_signal = sink.messages().len();
        let status = Command::new("kill").args(["-TERM", &server.id().to_string()]).status().unwrap();
        assert!(status.success());
        let deadline = Instant::now() + Duration::from_secs(25);
        let exit = loop {
            if let Some(exit) = server.try_wait().unwrap() {
                break exit;
            }
            assert!(Instant::now() < deadline, "the server did not stop after SIGTERM");
            std::thread::sleep(Duration::from_millis(20));
        };
        let text = std::fs::read_to_string(&log).unwrap();
        assert!(exit.success(), "exit {exit:?}; log:\n{text}");
        assert_eq!(sink.messages().len(), at_signal, "no send began after SIGTERM; log:\n{text}");
        assert!(text.contains("mail worker stopped"), "{text}");
        assert_eq!(unsent(&database.url), queued - at_signal as i64, "the send in flight was recorded as sent");

        // A restart sends the rest, each exactly once.
        let client = reqwest::blocking::Client::new();
        let mut server = start(&database.url, &sink.url(), port, &log);
        wait_healthy(&client, &base);
        let deadline = Instant::now() + Duration::from_secs(60);
        while unsent(&database.url) > 0 {
            assert!(Instant::now() < deadline, "emails left unsent");
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = server.kill();
        let _ = server.wait();
        let mut seen: BTreeMap<String, usize> = BTreeMap::new();
        for m in sink.messages() {
            *seen.entry(mailbox::parse(&m.data).message_id).or_default() += 1;
        }
        let twice: Vec<_> = seen.iter().filter(|(_, n)| **n > 1).collect();
        assert!(twice.is_empty(), "sent twice: {twice:?}");
        assert_eq!(seen.len() as i64, queued, "every queued email was sent");
    }
}

//! Issue #23 point G: SIGTERM stops the real `tegami-server` at once when what is open is idle: a keep-alive
//! connection between requests, a connection that never sent a request, and an event stream. actix-web's
//! graceful stop alone waits for each of them (the stream up to its 30-second shutdown timeout).

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tegami_api::db::scratch::ScratchDatabase;

fn start(database: &str, mail_dir: &std::path::Path, port: u16, log: &std::path::Path) -> Child {
    let log = std::fs::File::create(log).unwrap();
    Command::new(env!("CARGO_BIN_EXE_tegami-server"))
        .env("TEGAMI_BIND", format!("127.0.0.1:{port}"))
        .env("TEGAMI_DATABASE_URL", database)
        .env("TEGAMI_MAIL_DIR", mail_dir)
        .env("TEGAMI_REQUIRE_VERIFIED_EMAIL", "false")
        .env("TEGAMI_LOG", "info")
        .env_remove("TEGAMI_CONFIG")
        .env_remove("TEGAMI_SMTP_URL")
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .expect("tegami-server starts")
}

/// Reads from `stream` until the headers of an answer are in; returns them.
fn read_head(stream: &mut TcpStream) -> String {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        assert_eq!(stream.read(&mut byte).expect("the answer arrives"), 1, "the connection closed early");
        head.push(byte[0]);
    }
    String::from_utf8(head).unwrap()
}

/// Whether the server closed `stream` (a read ends) within `wait`.
fn closed_within(stream: &mut TcpStream, wait: Duration) -> bool {
    stream.set_read_timeout(Some(wait)).unwrap();
    let mut rest = [0u8; 4096];
    let deadline = Instant::now() + wait;
    while Instant::now() < deadline {
        match stream.read(&mut rest) {
            Ok(0) | Err(_) if Instant::now() < deadline => return true,
            Ok(_) => continue,
            _ => return false,
        }
    }
    false
}

tegami_api::on_both_backends! {
    fn sigterm_closes_idle_connections_and_event_streams_at_once(db) {
        let dir = tempfile::tempdir().unwrap();
        let database = ScratchDatabase::on(db, dir.path());
        let log = dir.path().join("server.log");
        let port = common::smtp::free_port();
        let base = format!("http://127.0.0.1:{port}");
        let mut server = start(&database.url, dir.path(), port, &log);
        let client = reqwest::blocking::Client::new();
        let deadline = Instant::now() + Duration::from_secs(30);
        while client.get(format!("{base}/healthz")).send().map(|r| r.status() != 200).unwrap_or(true) {
            assert!(Instant::now() < deadline, "the server did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
        let r = client.post(format!("{base}/api/v1/accounts"))
            .json(&json!({"email": "ada@example.com", "display_name": "Ada", "password": "password-123"}))
            .send().unwrap();
        assert_eq!(r.status(), 201);
        let session: Value = client.post(format!("{base}/api/v1/sessions"))
            .json(&json!({"email": "ada@example.com", "password": "password-123"}))
            .send().unwrap().json().unwrap();
        let token = session["token"].as_str().unwrap();

        // A keep-alive connection, idle after one answer.
        let mut idle = TcpStream::connect(("127.0.0.1", port)).unwrap();
        idle.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
        let head = read_head(&mut idle);
        assert!(head.starts_with("HTTP/1.1 200"), "{head}");
        // An event stream, open and quiet.
        let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        stream.write_all(format!(
            "GET /api/v1/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\nAuthorization: Bearer {token}\r\n\r\n"
        ).as_bytes()).unwrap();
        let head = read_head(&mut stream);
        assert!(head.starts_with("HTTP/1.1 200") && head.contains("text/event-stream"), "{head}");
        // A connection that has sent nothing yet.
        let mut silent = TcpStream::connect(("127.0.0.1", port)).unwrap();
        std::thread::sleep(Duration::from_millis(200));

        let signalled = Instant::now();
        let status = Command::new("kill").args(["-TERM", &server.id().to_string()]).status().unwrap();
        assert!(status.success());
        assert!(closed_within(&mut idle, Duration::from_secs(2)), "the idle connection was closed");
        assert!(closed_within(&mut stream, Duration::from_secs(2)), "the event stream ended");
        let exited = loop {
            if let Some(exit) = server.try_wait().unwrap() {
                break exit;
            }
            if signalled.elapsed() > Duration::from_secs(20) {
                let _ = server.kill();
                panic!("the server still runs 20 s after SIGTERM; log:\n{}", std::fs::read_to_string(&log).unwrap());
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let took = signalled.elapsed();
        let text = std::fs::read_to_string(&log).unwrap();
        assert!(exited.success(), "{exited:?}; log:\n{text}");
        assert!(took < Duration::from_secs(3), "stopping took {took:?}; log:\n{text}");
        assert!(closed_within(&mut silent, Duration::from_secs(1)), "the silent connection is closed too");
        assert!(text.contains("closed the idle connections"), "{text}");
    }
}

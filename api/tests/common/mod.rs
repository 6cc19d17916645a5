//! A real tegami-server on a free port with its own fresh database (SQLite file or PostgreSQL database, see
//! `tegami_api::db::scratch`), and a blocking client that talks to it.

#![allow(dead_code)]

pub mod mailbox;
pub mod smtp;
pub mod sse;

use std::sync::mpsc;

use reqwest::blocking::{Client, Response};
use serde_json::{Value, json};
use shared::api_types::{GameDetail, LegalMoves, MoveClaims};
use shared::signing::KeyPair;
use tegami_api::db::scratch::{Backend, ScratchDatabase};
use tegami_api::settings::Settings;
use tegami_api::startup::Application;

pub struct TestApp {
    pub base: String,
    pub client: Client,
    pub settings: Settings,
    handle: actix_web::dev::ServerHandle,
    thread: Option<std::thread::JoinHandle<()>>,
    dir: std::sync::Arc<tempfile::TempDir>,
    database: std::sync::Arc<ScratchDatabase>,
}

impl TestApp {
    pub fn spawn(backend: Backend) -> TestApp {
        Self::spawn_with(backend, |_| {})
    }

    /// A server with test settings changed by `tweak` (e.g. an SMTP URL).
    pub fn spawn_with(backend: Backend, tweak: impl FnOnce(&mut Settings)) -> TestApp {
        let dir = std::sync::Arc::new(tempfile::tempdir().expect("temp dir"));
        let database = std::sync::Arc::new(ScratchDatabase::on(backend, dir.path()));
        let mut settings = Settings::for_tests(&dir.path().join("tegami.db"));
        settings.database_url = database.url.clone();
        tweak(&mut settings);
        Self::start(settings, dir, database)
    }

    fn start(
        settings: Settings,
        dir: std::sync::Arc<tempfile::TempDir>,
        database: std::sync::Arc<ScratchDatabase>,
    ) -> TestApp {
        let (tx, rx) = mpsc::channel();
        let s = settings.clone();
        let thread = std::thread::spawn(move || {
            actix_web::rt::System::new().block_on(async move {
                let app = Application::build(s).expect("server builds");
                tx.send((app.port(), app.handle())).expect("test alive");
                app.run().await.expect("server runs");
            })
        });
        let (port, handle) = rx.recv().expect("server started");
        TestApp {
            base: format!("http://127.0.0.1:{port}"),
            client: Client::new(),
            settings,
            handle,
            thread: Some(thread),
            dir,
            database,
        }
    }

    /// Stops this server (HTTP and mail worker) and starts a new one on the same database and settings.
    pub fn restart(mut self) -> TestApp {
        self.stop();
        Self::start(self.settings.clone(), self.dir.clone(), self.database.clone())
    }

    pub fn stop(&mut self) {
        let handle = self.handle.clone();
        actix_web::rt::System::new().block_on(handle.stop(true));
        if let Some(t) = self.thread.take() {
            t.join().expect("server thread ends");
        }
    }

    /// The database of this server, opened directly (for checks behind the API).
    pub fn db(&self) -> tegami_api::db::PooledConn {
        tegami_api::db::connect(&self.settings.database_url).unwrap().get().unwrap()
    }

    /// Runs `tegami-server mail-in` on this server's database with `raw` on stdin; returns its exit code
    /// and stdout.
    pub fn mail_in(&self, raw: &[u8]) -> (i32, String) {
        use std::io::Write;
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tegami-server"))
            .arg("mail-in")
            .env("TEGAMI_DATABASE_URL", &self.settings.database_url)
            .env("TEGAMI_PUBLIC_URL", &self.settings.public_url)
            .env("TEGAMI_MAIL_FROM", &self.settings.mail.from)
            .env("TEGAMI_MAIL_REPLY_ADDRESS", &self.settings.mail.reply_address)
            .env("TEGAMI_MAIL_REFUSALS_PER_HOUR", self.settings.mail.refusals_per_hour.to_string())
            .env("TEGAMI_MAIL_REFUSALS_PER_GAME_PER_HOUR", self.settings.mail.refusals_per_game_per_hour.to_string())
            .env("TEGAMI_MAIL_TURN_WAIT_SECS", self.settings.mail.turn_wait_secs.to_string())
            .env("TEGAMI_LOG", "warn")
            .env_remove("TEGAMI_CONFIG")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("tegami-server runs");
        child.stdin.take().unwrap().write_all(raw).unwrap();
        let out = child.wait_with_output().unwrap();
        (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
    }

    /// POSTs `raw` to the inbound endpoint with `secret`.
    pub fn inbound(&self, raw: &[u8], secret: Option<&str>) -> Response {
        let mut req = self.client.post(self.url("/api/v1/mail/inbound")).body(raw.to_vec());
        if let Some(s) = secret {
            req = req.header("X-Tegami-Inbound-Secret", s);
        }
        req.send().expect("request sent")
    }

    /// Waits (up to 30 s) until the game emails this server wrote satisfy `pred`; returns them all.
    pub fn wait_for_mail(&self, what: &str, pred: impl Fn(&[mailbox::Mail]) -> bool) -> Vec<mailbox::Mail> {
        self.wait_for_emails(what, mailbox::game_mails, pred)
    }

    /// The same for every email, game or not (invitations, address checks).
    pub fn wait_for_any_mail(&self, what: &str, pred: impl Fn(&[mailbox::Mail]) -> bool) -> Vec<mailbox::Mail> {
        self.wait_for_emails(what, mailbox::eml_files, pred)
    }

    fn wait_for_emails(
        &self,
        what: &str,
        read: fn(&std::path::Path) -> Vec<mailbox::Mail>,
        pred: impl Fn(&[mailbox::Mail]) -> bool,
    ) -> Vec<mailbox::Mail> {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        loop {
            let all = read(&self.settings.mail.dir);
            if pred(&all) {
                return all;
            }
            assert!(std::time::Instant::now() < deadline, "timed out waiting for {what}: {} emails", all.len());
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub fn get(&self, path: &str, token: Option<&str>) -> Response {
        let mut req = self.client.get(self.url(path));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        req.send().expect("request sent")
    }

    pub fn post(&self, path: &str, token: Option<&str>, body: &Value) -> Response {
        let mut req = self.client.post(self.url(path)).json(body);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        req.send().expect("request sent")
    }

    pub fn put(&self, path: &str, token: Option<&str>, body: &Value) -> Response {
        let mut req = self.client.put(self.url(path)).json(body);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        req.send().expect("request sent")
    }

    pub fn delete(&self, path: &str, token: Option<&str>) -> Response {
        let mut req = self.client.delete(self.url(path));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        req.send().expect("request sent")
    }

    /// How many entries the journal of `game` has (as a spectator reads it).
    pub fn journal_len(&self, game: i64) -> usize {
        let j: Value = self.get(&format!("/api/v1/games/{game}/journal"), None).json().unwrap();
        j["entries"].as_array().unwrap().len()
    }

    /// A UOSAO game of `player`'s against two bots; its id.
    pub fn uosao_against_bots(&self, player: &Player) -> i64 {
        let r = self.post(
            "/api/v1/games",
            Some(&player.token),
            &json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]}),
        );
        assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
        r.json::<Value>().unwrap()["id"].as_i64().unwrap()
    }

    /// Registers, logs in and registers a fresh signing key.
    pub fn player(&self, name: &str) -> Player {
        let email = format!("{name}@example.com");
        let r = self.post(
            "/api/v1/accounts",
            None,
            &json!({"email": email, "display_name": name, "password": "password-123"}),
        );
        assert_eq!(r.status(), 201, "register {name}: {}", r.text().unwrap_or_default());
        let r = self.post("/api/v1/sessions", None, &json!({"email": email, "password": "password-123"}));
        assert_eq!(r.status(), 200);
        let session: Value = r.json().unwrap();
        let token = session["token"].as_str().unwrap().to_string();
        let id = session["account"]["id"].as_i64().unwrap();
        let key = KeyPair::generate().unwrap();
        let r = self.post("/api/v1/keys", Some(&token), &json!({"public_key": key.public_key()}));
        assert_eq!(r.status(), 201);
        Player { id, email, token, key }
    }
}

pub struct Player {
    pub id: i64,
    pub email: String,
    pub token: String,
    pub key: KeyPair,
}

impl Player {
    pub fn sign(&self, game: i64, seat: u8, decision: &str, action: &Value) -> String {
        let claims =
            MoveClaims { game, seat, decision: decision.to_string(), action: action.clone(), iat: 1_800_000_000 };
        self.key.sign(&claims).unwrap()
    }

    pub fn detail(&self, app: &TestApp, game: i64) -> GameDetail {
        let r = app.get(&format!("/api/v1/games/{game}"), Some(&self.token));
        assert_eq!(r.status(), 200);
        r.json().unwrap()
    }

    pub fn moves(&self, app: &TestApp, game: i64) -> Vec<LegalMoves> {
        let r = app.get(&format!("/api/v1/games/{game}/moves"), Some(&self.token));
        assert_eq!(r.status(), 200);
        r.json().unwrap()
    }

    /// Signs and submits the first legal answer of my first pending decision.
    pub fn play_first_option(&self, app: &TestApp, game: i64) -> Response {
        let moves = self.moves(app, game);
        let seat = self.detail(app, game).summary.my_seat.expect("seated");
        self.submit(app, game, &self.sign(game, seat, &moves[0].decision.decision, &moves[0].choices.options[0].action))
    }

    pub fn submit(&self, app: &TestApp, game: i64, signed: &str) -> Response {
        app.post(&format!("/api/v1/games/{game}/moves"), Some(&self.token), &json!({"move": signed}))
    }
}

/// Asserts a problem+json response with this status and code; returns its body.
pub fn problem(r: Response, status: u16, code: &str) -> Value {
    assert_eq!(r.status().as_u16(), status, "expected {status} {code}");
    let ct = r.headers().get("content-type").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
    assert!(ct.starts_with("application/problem+json"), "content type {ct}");
    let body: Value = r.json().unwrap();
    assert_eq!(body["code"], code, "{body}");
    assert_eq!(body["status"], status);
    assert!(!body["detail"].as_str().unwrap().is_empty());
    body
}

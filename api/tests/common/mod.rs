//! A real tegami-server on a free port with its own SQLite file, and a blocking client that talks to it.

#![allow(dead_code)]

use std::sync::mpsc;

use reqwest::blocking::{Client, Response};
use serde_json::{Value, json};
use shared::api_types::{GameDetail, LegalMoves, MoveClaims};
use shared::signing::KeyPair;
use tegami_api::settings::Settings;
use tegami_api::startup::Application;

pub struct TestApp {
    pub base: String,
    pub client: Client,
    _dir: tempfile::TempDir,
}

impl TestApp {
    pub fn spawn() -> TestApp {
        let dir = tempfile::tempdir().expect("temp dir");
        let settings = Settings::for_tests(&dir.path().join("tegami.db"));
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            actix_web::rt::System::new().block_on(async move {
                let app = Application::build(settings).expect("server builds");
                tx.send(app.port()).expect("test alive");
                app.run().await.expect("server runs");
            })
        });
        let port = rx.recv().expect("server started");
        TestApp { base: format!("http://127.0.0.1:{port}"), client: Client::new(), _dir: dir }
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

    pub fn delete(&self, path: &str, token: Option<&str>) -> Response {
        let mut req = self.client.delete(self.url(path));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        req.send().expect("request sent")
    }

    /// Registers, logs in and registers a fresh signing key.
    pub fn player(&self, name: &str) -> Player {
        let email = format!("{name}@example.com");
        let r = self.post("/api/v1/accounts", None, &json!({"email": email, "display_name": name, "password": "password-123"}));
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

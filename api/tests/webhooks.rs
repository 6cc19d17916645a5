//! Webhooks against a real HTTP receiver: every signature checked, retries after a 500, a webhook that keeps
//! failing disabled and its owner emailed, and private targets refused.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{TestApp, problem};
use hmac::{Hmac, Mac};
use serde_json::{Value, json};
use sha2::Sha256;
use shared::api_types::{CreatedWebhook, GameEvent, Webhook, WebhookDelivery};

/// One request the receiver got, and the status it answered.
#[derive(Clone, Debug)]
struct Received {
    headers: Vec<(String, String)>,
    body: String,
    answered: u16,
}

impl Received {
    fn header(&self, name: &str) -> &str {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str()).unwrap_or("")
    }
}

/// A real HTTP/1.1 server on 127.0.0.1 answering each request with the next status of `answers` (the last
/// one for ever after).
struct Receiver {
    url: String,
    got: Arc<Mutex<Vec<Received>>>,
}

impl Receiver {
    fn start(answers: Vec<u16>) -> Receiver {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://127.0.0.1:{}/hook", listener.local_addr().unwrap().port());
        let got = Arc::new(Mutex::new(Vec::new()));
        let log = got.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { continue };
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let mut request_line = String::new();
                if reader.read_line(&mut request_line).is_err() {
                    continue;
                }
                let mut headers = Vec::new();
                loop {
                    let mut line = String::new();
                    reader.read_line(&mut line).unwrap();
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    let (name, value) = line.split_once(':').unwrap();
                    headers.push((name.trim().to_string(), value.trim().to_string()));
                }
                let length: usize = headers
                    .iter()
                    .find(|(n, _)| n.eq_ignore_ascii_case("content-length"))
                    .map(|(_, v)| v.parse().unwrap())
                    .unwrap_or(0);
                let mut body = vec![0; length];
                reader.read_exact(&mut body).unwrap();
                let mut log = log.lock().unwrap();
                let answered = answers.get(log.len()).or(answers.last()).copied().unwrap();
                log.push(Received { headers, body: String::from_utf8(body).unwrap(), answered });
                drop(log);
                let _ = write!(stream, "HTTP/1.1 {answered} X\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
            }
        });
        Receiver { url, got }
    }

    fn wait_for(&self, what: &str, pred: impl Fn(&[Received]) -> bool) -> Vec<Received> {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let got = self.got.lock().unwrap().clone();
            if pred(&got) {
                return got;
            }
            assert!(Instant::now() < deadline, "timed out waiting for {what}; got {got:?}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// Checks the `Tegami-Signature` header as a receiver would: HMAC-SHA256 of `<t>.<body>` keyed with the secret.
fn assert_signed(r: &Received, secret: &str) {
    let header = r.header("Tegami-Signature");
    let (t, v1) = header
        .split_once(',')
        .and_then(|(t, v)| Some((t.strip_prefix("t=")?, v.strip_prefix("v1=")?)))
        .unwrap_or_else(|| panic!("bad signature header `{header}`"));
    let t: i64 = t.parse().unwrap();
    assert!((chrono_now() - t).abs() < 300, "a fresh timestamp");
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{t}.{}", r.body).as_bytes());
    mac.verify_slice(&hex::decode(v1).unwrap()).expect("the signature verifies");
}

fn chrono_now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64
}

fn register(app: &TestApp, token: &str, url: &str, secret: &str) -> CreatedWebhook {
    let r = app.post("/api/v1/webhooks", Some(token), &json!({"url": url, "secret": secret}));
    assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
    r.json().unwrap()
}

fn deliveries(app: &TestApp, token: &str, hook: i64) -> Vec<WebhookDelivery> {
    let r = app.get(&format!("/api/v1/webhooks/{hook}/deliveries"), Some(token));
    assert_eq!(r.status(), 200);
    r.json().unwrap()
}

tegami_api::on_both_backends! {
    fn every_delivery_is_signed_and_retried_after_a_500(db) {
        let app = TestApp::spawn_with(db, |s| s.webhooks.disable_after = 3);
        let alice = app.player("alice");
        let secret = "a-secret-of-twenty-chars";
        let receiver = Receiver::start(vec![500, 500, 200]);
        let hook = register(&app, &alice.token, &receiver.url, secret);
        assert_eq!(hook.secret, secret);
        let r = app.post("/api/v1/games", Some(&alice.token), &json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]}));
        assert_eq!(r.status(), 201);
        let game = r.json::<shared::api_types::GameDetail>().unwrap().summary.id;
        let got = receiver.wait_for("the creation delivered after two 500s", |g| g.len() >= 3);
        assert_eq!(got.iter().map(|r| r.answered).collect::<Vec<_>>(), [500, 500, 200]);
        for r in &got {
            assert_signed(r, secret);
            assert_eq!(r.header("Content-Type"), "application/json");
            assert_eq!(r.body, got[0].body, "a retry sends the same body");
            assert_eq!(r.header("Tegami-Delivery-Id"), got[0].header("Tegami-Delivery-Id"));
        }
        let created: GameEvent = serde_json::from_str(&got[0].body).unwrap();
        assert_eq!((created.game, created.my_seat), (game, Some(0)));
        assert_eq!(got[0].header("Tegami-Event-Id"), created.id.to_string());

        for _ in 0..2 {
            assert_eq!(alice.play_first_option(&app, game).status(), 201);
        }
        let got = receiver.wait_for("two moves delivered", |g| g.len() >= 5);
        for r in &got {
            assert_signed(r, secret);
        }
        let ids: Vec<i64> = got[2..].iter().map(|r| serde_json::from_str::<GameEvent>(&r.body).unwrap().id).collect();
        assert_eq!(ids, [created.id, created.id + 1, created.id + 2], "each event once, in order");

        let listed = deliveries(&app, &alice.token, hook.webhook.id);
        assert_eq!(listed.len(), 3);
        let first = listed.last().unwrap();
        assert_eq!(first.state, "delivered");
        assert_eq!(first.attempts.iter().map(|a| a.status).collect::<Vec<_>>(), [Some(500), Some(500), Some(200)]);
        let hooks: Vec<Webhook> = app.get("/api/v1/webhooks", Some(&alice.token)).json().unwrap();
        assert_eq!(hooks.len(), 1);
        assert_eq!((hooks[0].consecutive_failures, hooks[0].disabled_at.clone()), (0, None), "a success resets the count");
        // Nobody else may see or delete it.
        let mallory = app.player("mallory");
        problem(app.get(&format!("/api/v1/webhooks/{}/deliveries", hook.webhook.id), Some(&mallory.token)), 404, "unknown_webhook");
        problem(app.delete(&format!("/api/v1/webhooks/{}", hook.webhook.id), Some(&mallory.token)), 404, "unknown_webhook");
        assert_eq!(app.delete(&format!("/api/v1/webhooks/{}", hook.webhook.id), Some(&alice.token)).status(), 204);
        assert!(app.get("/api/v1/webhooks", Some(&alice.token)).json::<Vec<Webhook>>().unwrap().is_empty());
    }
}

#[test]
fn a_webhook_that_keeps_failing_is_disabled_and_its_owner_told() {
    let app = TestApp::spawn_with(tegami_api::db::scratch::Backend::Sqlite, |s| s.webhooks.disable_after = 3);
    let alice = app.player("alice");
    let receiver = Receiver::start(vec![500]);
    let hook = register(&app, &alice.token, &receiver.url, "another-secret-of-20");
    let r = app.post(
        "/api/v1/games",
        Some(&alice.token),
        &json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]}),
    );
    assert_eq!(r.status(), 201);
    receiver.wait_for("three failed attempts", |g| g.len() >= 3);
    let mails =
        app.wait_for_any_mail("the webhook-disabled email", |m| m.iter().any(|m| m.subject.contains("webhook")));
    let mail = mails.iter().find(|m| m.subject.contains("webhook")).unwrap();
    assert_eq!(mail.to, alice.email);
    assert!(mail.text.contains(&receiver.url), "{}", mail.text);
    let hooks: Vec<Webhook> = app.get("/api/v1/webhooks", Some(&alice.token)).json().unwrap();
    assert!(hooks[0].disabled_at.is_some());
    assert!(hooks[0].disabled_reason.as_deref().unwrap().contains("HTTP 500"), "{:?}", hooks[0].disabled_reason);
    let listed = deliveries(&app, &alice.token, hook.webhook.id);
    assert_eq!(listed[0].state, "abandoned");
    assert_eq!(listed[0].attempts.len(), 3);
    // Disabled: a later event is not even queued.
    let game = app.get("/api/v1/games", Some(&alice.token)).json::<Value>().unwrap()[0]["id"].as_i64().unwrap();
    assert_eq!(alice.play_first_option(&app, game).status(), 201);
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(deliveries(&app, &alice.token, hook.webhook.id).len(), 1);
    assert_eq!(receiver.got.lock().unwrap().len(), 3);
}

#[test]
fn private_targets_and_bad_urls_are_refused() {
    let app = TestApp::spawn_with(tegami_api::db::scratch::Backend::Sqlite, |s| s.webhooks.allow_private = false);
    let alice = app.player("alice");
    for url in [
        "http://127.0.0.1:9/hook",
        "http://localhost/hook",
        "http://[::1]/x",
        "http://169.254.169.254/latest",
        "http://10.0.0.8/",
    ] {
        let body = problem(
            app.post("/api/v1/webhooks", Some(&alice.token), &json!({"url": url})),
            422,
            "private_webhook_target",
        );
        assert!(body["detail"].as_str().unwrap().contains("public address"), "{body}");
    }
    for url in ["ftp://example.com/x", "not a url", "https://user:pw@example.com/"] {
        problem(app.post("/api/v1/webhooks", Some(&alice.token), &json!({"url": url})), 422, "bad_webhook_url");
    }
    problem(
        app.post("/api/v1/webhooks", Some(&alice.token), &json!({"url": "http://127.0.0.1/", "secret": "short"})),
        422,
        "private_webhook_target",
    );
    problem(app.post("/api/v1/webhooks", None, &json!({"url": "https://example.com/"})), 401, "login_required");
    assert!(app.get("/api/v1/webhooks", Some(&alice.token)).json::<Vec<Webhook>>().unwrap().is_empty());
}

#[test]
fn a_generated_secret_is_shown_once_and_a_short_one_refused() {
    let app = TestApp::spawn(tegami_api::db::scratch::Backend::Sqlite);
    let alice = app.player("alice");
    let r = app.post("/api/v1/webhooks", Some(&alice.token), &json!({"url": "http://127.0.0.1:9/hook"}));
    assert_eq!(r.status(), 201);
    let created: CreatedWebhook = r.json().unwrap();
    assert!(created.secret.starts_with("whsec_") && created.secret.len() > 30);
    let listed = app.get("/api/v1/webhooks", Some(&alice.token)).text().unwrap();
    assert!(!listed.contains(&created.secret), "the secret is never listed");
    problem(
        app.post("/api/v1/webhooks", Some(&alice.token), &json!({"url": "http://127.0.0.1:9/", "secret": "short"})),
        422,
        "bad_webhook_secret",
    );
}

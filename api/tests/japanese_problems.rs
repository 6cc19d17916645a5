//! Issue 24 for the API's refusals: a client that asks for Japanese (`Accept-Language: ja`) reads every
//! problem's `title` and `detail` in Japanese, whatever the code; one that asks for nothing reads English.
//!
//! A problem whose own detail has no Japanese text says what its code means (`problem-code-…` in the
//! catalogs), so every code the server can answer with needs that message: the first test finds every code
//! in the server's sources, the second triggers the codes reachable over plain HTTP.

mod common;

use std::fs;
use std::path::Path;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use common::{Player, TestApp};
use regex::Regex;
use reqwest::blocking::RequestBuilder;
use reqwest::header;
use serde_json::{Value, json};
use tegami_api::db::scratch::Backend;

fn rust_sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push((path.display().to_string(), fs::read_to_string(&path).unwrap()));
        }
    }
}

#[test]
fn every_problem_code_and_status_of_the_server_has_a_meaning_in_the_catalogs() {
    let mut sources = Vec::new();
    rust_sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut sources);
    let constructor = Regex::new(
        r#"ApiError::(?:new|bad_request|unauthorized|forbidden|not_found|conflict|unprocessable)\(\s*(?:StatusCode::([A-Z_]+),\s*|[a-z:_]*StatusCode::([A-Z_]+),\s*)?"([a-z_]+)""#,
    )
    .unwrap();
    let mut codes = 0;
    let mut missing = Vec::new();
    for (path, source) in &sources {
        for capture in constructor.captures_iter(source) {
            codes += 1;
            let code = &capture[3];
            let id = format!("problem-code-{}", code.replace('_', "-"));
            if !catalog::has(&id) {
                missing.push(format!("{path}: `{code}` (add `{id}` to catalog/locales/*/problems.ftl)"));
            }
        }
    }
    assert!(codes > 100, "the pattern found only {codes} problem constructors");
    assert!(missing.is_empty(), "problem codes without a meaning in the catalogs:\n{}", missing.join("\n"));
    for status in [400, 401, 403, 404, 405, 409, 413, 422, 429, 500, 503] {
        assert!(catalog::has(&format!("problem-title-{status}")), "no title for status {status}");
    }
}

fn has_japanese(text: &str) -> bool {
    text.chars().any(|c| matches!(c as u32, 0x3040..=0x30FF | 0x4E00..=0x9FFF))
}

/// The words of three or more ASCII letters left once `code spans` and the few names every language writes
/// the same way are taken out.
fn english_words(text: &str) -> Vec<String> {
    let rest = Regex::new(r"`[^`]*`").unwrap().replace_all(text, " ");
    Regex::new(r"[A-Za-z]{3,}")
        .unwrap()
        .find_iter(&rest)
        .map(|m| m.as_str().to_owned())
        .filter(|w| !["tegami", "API", "JSON", "Webhook", "HTTP", "NUL", "base64url", "docs"].contains(&w.as_str()))
        .collect()
}

struct Asker {
    seen: Vec<String>,
}

impl Asker {
    /// Sends `request` twice, once asking for Japanese and once for nothing, and checks the problem.
    fn expect(&mut self, status: u16, code: &str, request: impl Fn() -> RequestBuilder) {
        let japanese = request().header(header::ACCEPT_LANGUAGE, "ja").send().expect("request sent");
        let body = common::problem(japanese, status, code);
        let (title, detail) = (body["title"].as_str().unwrap(), body["detail"].as_str().unwrap());
        for (what, text) in [("title", title), ("detail", detail)] {
            assert!(has_japanese(text), "{code}: the {what} is not Japanese: {text:?}");
            assert!(english_words(text).is_empty(), "{code}: English in the Japanese {what} {text:?}");
        }
        let english = common::problem(request().send().expect("request sent"), status, code);
        let (title, detail) = (english["title"].as_str().unwrap(), english["detail"].as_str().unwrap());
        assert!(!has_japanese(title) && !has_japanese(detail), "{code}: Japanese for an English reader: {english}");
        self.seen.push(code.to_owned());
    }
}

fn issue24_problems_reach_a_japanese_client_in_japanese(backend: Backend) {
    let app = TestApp::spawn(backend);
    let hanako: Player = app.player("hanako");
    let game = app.uosao_against_bots(&hanako);
    let client = app.client.clone();
    let url = |path: &str| app.url(path);
    let token = hanako.token.clone();
    let mut asker = Asker { seen: Vec::new() };

    asker.expect(404, "no_route", || client.get(url("/api/v1/nowhere")));
    asker.expect(405, "method_not_allowed", || client.patch(url("/api/v1/games")));
    asker.expect(401, "login_required", || client.get(url("/api/v1/me")));
    asker.expect(401, "bad_token", || client.get(url("/api/v1/me")).bearer_auth("not-a-token"));
    asker.expect(400, "malformed_body", || {
        client.post(url("/api/v1/sessions")).header(header::CONTENT_TYPE, "application/json").body("{")
    });
    asker.expect(400, "malformed_path", || client.get(url("/api/v1/games/not-a-number")));
    asker.expect(401, "bad_credentials", || {
        client.post(url("/api/v1/sessions")).json(&json!({"email": "hanako@example.com", "password": "wrong-password"}))
    });
    asker.expect(409, "email_taken", || {
        client
            .post(url("/api/v1/accounts"))
            .json(&json!({"email": "hanako@example.com", "display_name": "jiro", "password": "password-123"}))
    });
    asker.expect(422, "weak_password", || {
        client
            .post(url("/api/v1/accounts"))
            .json(&json!({"email": "taro@example.com", "display_name": "taro", "password": "short"}))
    });
    asker.expect(404, "unknown_game_type", || client.get(url("/api/v1/game-types/chess/rules")));
    asker.expect(404, "unknown_game", || client.get(url("/api/v1/games/999999")).bearer_auth(&token));
    asker.expect(404, "unknown_key", || client.delete(url("/api/v1/keys/no-such-key")).bearer_auth(&token));
    asker.expect(404, "unknown_token", || client.delete(url("/api/v1/tokens/999999")).bearer_auth(&token));
    asker.expect(404, "unknown_webhook", || client.delete(url("/api/v1/webhooks/999999")).bearer_auth(&token));
    asker.expect(422, "bad_key", || {
        client.post(url("/api/v1/keys")).bearer_auth(&token).json(&json!({"public_key": "x".repeat(200)}))
    });
    asker.expect(400, "malformed_move", || {
        client.post(url(&format!("/api/v1/games/{game}/moves"))).bearer_auth(&token).json(&json!({"move": "garbage"}))
    });
    // A header naming another algorithm than Ed25519's.
    let signed = hanako.sign(game, 0, "d0", &json!("x"));
    let header = json!({"alg": "HS256", "kid": hanako.key.kid()}).to_string();
    let other_alg = format!("{}.{}", URL_SAFE_NO_PAD.encode(header), signed.split_once('.').unwrap().1);
    asker.expect(400, "malformed_move", || {
        client.post(url(&format!("/api/v1/games/{game}/moves"))).bearer_auth(&token).json(&json!({"move": other_alg}))
    });

    let moves: Value = app.get(&format!("/api/v1/games/{game}/moves"), Some(&token)).json().unwrap();
    let decision = moves[0]["decision"]["decision"].as_str().unwrap().to_owned();
    let signed = hanako.sign(game, 0, &decision, &json!({"nonsense": true}));
    asker.expect(400, "malformed_action", || {
        client.post(url(&format!("/api/v1/games/{game}/moves"))).bearer_auth(&token).json(&json!({"move": signed}))
    });
    let wrong_game = hanako.sign(game + 1, 0, &decision, &moves[0]["choices"]["options"][0]["action"]);
    asker.expect(400, "wrong_game", || {
        client.post(url(&format!("/api/v1/games/{game}/moves"))).bearer_auth(&token).json(&json!({"move": wrong_game}))
    });
    assert!(asker.seen.len() >= 18, "{:?}", asker.seen);
}

#[test]
fn issue24_problems_reach_a_japanese_client_in_japanese_on_sqlite() {
    issue24_problems_reach_a_japanese_client_in_japanese(Backend::Sqlite);
}

#[test]
fn issue24_problems_reach_a_japanese_client_in_japanese_on_postgres() {
    if tegami_api::db::scratch::postgres_available() {
        issue24_problems_reach_a_japanese_client_in_japanese(Backend::Postgres);
    }
}

//! A player that talks to the server's HTTP API directly (not through the CLI), for the tests that need
//! several servers or a server that dies under them: an account, a session and a signing key.

use reqwest::blocking::Client;
use serde_json::{Value, json};
use shared::signing::KeyPair;

pub struct HttpPlayer {
    pub http: Client,
    pub token: String,
    pub key: KeyPair,
}

impl HttpPlayer {
    /// Registers `name@example.com` on the server at `base`, logs in and registers a new signing key.
    pub fn register(http: &Client, base: &str, name: &str) -> HttpPlayer {
        let email = format!("{name}@example.com");
        let body = json!({"email": email, "display_name": name, "password": "password-123"});
        let r = http.post(format!("{base}/api/v1/accounts")).json(&body).send().unwrap();
        assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
        let session: Value = http.post(format!("{base}/api/v1/sessions")).json(&body).send().unwrap().json().unwrap();
        let token = session["token"].as_str().unwrap().to_string();
        let key = KeyPair::generate().unwrap();
        let r = http
            .post(format!("{base}/api/v1/keys"))
            .bearer_auth(&token)
            .json(&json!({"public_key": key.public_key()}))
            .send()
            .unwrap();
        assert_eq!(r.status(), 201);
        HttpPlayer { http: http.clone(), token, key }
    }
}

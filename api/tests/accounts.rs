mod common;

use common::{TestApp, problem};
use serde_json::{Value, json};

tegami_api::on_both_backends! {
    fn healthz_answers(db) {
        let app = TestApp::spawn(db);
        let r = app.get("/healthz", None);
        assert_eq!(r.status(), 200);
        assert_eq!(r.json::<Value>().unwrap()["status"], "ok");
    }
}

tegami_api::on_both_backends! {
    fn register_login_and_whoami(db) {
        let app = TestApp::spawn(db);
        let p = app.player("alice");
        let me: Value = app.get("/api/v1/me", Some(&p.token)).json().unwrap();
        assert_eq!(me["email"], "alice@example.com");
        assert_eq!(me["display_name"], "alice");
        assert!(me.get("password_hash").is_none());
    }
}

tegami_api::on_both_backends! {
    fn bad_account_requests_get_clear_problems(db) {
        let app = TestApp::spawn(db);
        app.player("bob");
        let dup = app.post("/api/v1/accounts", None, &json!({"email": "BOB@example.com", "display_name": "b", "password": "password-123"}));
        problem(dup, 409, "email_taken");
        let weak = app.post("/api/v1/accounts", None, &json!({"email": "c@example.com", "display_name": "c", "password": "short"}));
        problem(weak, 422, "weak_password");
        let bad_email = app.post("/api/v1/accounts", None, &json!({"email": "nope", "display_name": "c", "password": "password-123"}));
        problem(bad_email, 422, "bad_email");
        let wrong = app.post("/api/v1/sessions", None, &json!({"email": "bob@example.com", "password": "password-999"}));
        problem(wrong, 401, "bad_credentials");
        let malformed = app
            .client
            .post(app.url("/api/v1/accounts"))
            .header("content-type", "application/json")
            .body("{not json")
            .send()
            .unwrap();
        problem(malformed, 400, "malformed_body");
        let missing_field = app.post("/api/v1/accounts", None, &json!({"email": "d@example.com"}));
        problem(missing_field, 400, "malformed_body");
        problem(app.get("/api/v1/me", None), 401, "login_required");
        problem(app.get("/api/v1/me", Some("garbage")), 401, "bad_token");
        problem(app.get("/api/v1/nowhere", None), 404, "no_route");
    }
}

tegami_api::on_both_backends! {
    fn api_tokens_authenticate_until_revoked(db) {
        let app = TestApp::spawn(db);
        let p = app.player("carol");
        let r = app.post("/api/v1/tokens", Some(&p.token), &json!({"name": "my script"}));
        assert_eq!(r.status(), 201);
        let created: Value = r.json().unwrap();
        let secret = created["secret"].as_str().unwrap().to_string();
        assert!(secret.starts_with("tgm_"));
        let me: Value = app.get("/api/v1/me", Some(&secret)).json().unwrap();
        assert_eq!(me["email"], "carol@example.com");
        let list: Vec<Value> = app.get("/api/v1/tokens", Some(&p.token)).json().unwrap();
        assert_eq!(list.len(), 1);
        assert!(list[0].get("secret").is_none(), "secrets are shown once");
        assert!(list[0]["last_used_at"].is_string());
        let id = created["id"].as_i64().unwrap();
        assert_eq!(app.delete(&format!("/api/v1/tokens/{id}"), Some(&p.token)).status(), 204);
        problem(app.get("/api/v1/me", Some(&secret)), 401, "bad_token");
        problem(app.delete(&format!("/api/v1/tokens/{id}"), Some(&p.token)), 404, "unknown_token");
    }
}

tegami_api::on_both_backends! {
    fn signing_keys_register_idempotently(db) {
        let app = TestApp::spawn(db);
        let p = app.player("dave");
        let again = app.post("/api/v1/keys", Some(&p.token), &json!({"public_key": p.key.public_key()}));
        assert_eq!(again.status(), 200);
        let keys: Vec<Value> = app.get("/api/v1/keys", Some(&p.token)).json().unwrap();
        assert_eq!(keys.len(), 1);
        assert_eq!(keys[0]["kid"], p.key.kid());
        problem(app.post("/api/v1/keys", Some(&p.token), &json!({"public_key": "not-a-key"})), 422, "bad_key");
        let eve = app.player("eve");
        problem(app.post("/api/v1/keys", Some(&eve.token), &json!({"public_key": p.key.public_key()})), 409, "key_taken");
    }
}

tegami_api::on_both_backends! {
    fn the_session_secret_survives_a_restart(db) {
        // Both servers share one database: a token from the first must work on the second.
        let dir = tempfile::tempdir().unwrap();
        let database = tegami_api::db::scratch::ScratchDatabase::on(db, dir.path());
        let start = |url: String| {
            let (tx, rx) = std::sync::mpsc::channel();
            let mut settings = tegami_api::settings::Settings::for_tests(&dir.path().join("unused.db"));
            settings.database_url = url;
            let thread = std::thread::spawn(move || {
                actix_web::rt::System::new().block_on(async move {
                    let app = tegami_api::startup::Application::build(settings).unwrap();
                    tx.send((app.port(), app.handle())).unwrap();
                    app.run().await.unwrap();
                })
            });
            let (port, handle) = rx.recv().unwrap();
            (format!("http://127.0.0.1:{port}"), handle, thread)
        };
        let (first, first_server, first_thread) = start(database.url.clone());
        let client = reqwest::blocking::Client::new();
        let body = json!({"email": "f@example.com", "display_name": "f", "password": "password-123"});
        assert_eq!(client.post(format!("{first}/api/v1/accounts")).json(&body).send().unwrap().status(), 201);
        let session: Value =
            client.post(format!("{first}/api/v1/sessions")).json(&body).send().unwrap().json().unwrap();
        // Stopped first: on SQLite only one server may run on the file.
        actix_web::rt::System::new().block_on(first_server.stop(true));
        first_thread.join().unwrap();
        let (second, _, _) = start(database.url.clone());
        let me = client.get(format!("{second}/api/v1/me")).bearer_auth(session["token"].as_str().unwrap()).send().unwrap();
        assert_eq!(me.status(), 200);
    }
}

tegami_api::on_both_backends! {
    fn the_api_document_and_its_docs_page_are_served(db) {
        let app = TestApp::spawn(db);
        let doc: Value = app.get("/openapi.json", None).json().unwrap();
        assert!(doc["openapi"].as_str().unwrap().starts_with("3.1"));
        assert!(doc["paths"]["/api/v1/games/{id}/moves"]["post"].is_object());
        let page = app.get("/docs", None);
        assert_eq!(page.status(), 200);
        let html = page.text().unwrap();
        assert!(html.contains("<html") || html.contains("<!doctype"), "{html}");
    }
}

tegami_api::on_both_backends! {
    fn look_alike_names_are_refused_in_both_languages(db) {
        // Issue #23: a name whose Unicode TR39 skeleton equals an existing account's (Cyrillic а for Latin a,
        // capital I or the digit 1 for l, full-width letters, the same name in capitals) is refused with a 409
        // that says why in English and Japanese; a distinct name is taken.
        let app = TestApp::spawn(db);
        app.player("alice");
        let register = |n: usize, name: &str| {
            app.post("/api/v1/accounts", None, &json!({"email": format!("twin{n}@example.com"), "display_name": name, "password": "password-123"}))
        };
        for (n, twin) in ["\u{0430}lice", "aIice", "a1ice", "ａｌｉｃｅ", "ALICE", "alice"].into_iter().enumerate() {
            let body = problem(register(n, twin), 409, "name_looks_like");
            assert!(body["detail"].as_str().unwrap().contains("looks like"), "{body}");
            assert!(body["detail_ja"].as_str().unwrap().contains("見分けがつきません"), "{body}");
        }
        assert_eq!(register(10, "alicia").status(), 201, "a distinct name is taken");
    }
}

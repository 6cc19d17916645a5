//! The players' rules of each game: `GET /api/v1/game-types/{slug}/rules` serves the committed
//! `docs/rules/` text (Markdown, or JSON when asked), `GET /game-types` points to it, and turn and
//! invitation emails link to it in the reader's language.

mod common;

use common::{TestApp, problem};
use serde_json::{Value, json};
use shared::registry;

/// The committed document, read from the repository (the server serves a copy built into it).
fn committed(slug: &str, lang: &str) -> String {
    let name = if lang == "ja" { format!("{slug}.ja.md") } else { format!("{slug}.md") };
    std::fs::read_to_string(format!("{}/../docs/rules/{name}", env!("CARGO_MANIFEST_DIR"))).expect("committed rules")
}

tegami_api::on_both_backends! {
    fn every_game_serves_its_rules_in_both_languages(db) {
        let app = TestApp::spawn(db);
        for slug in registry::slugs() {
            for (query, lang) in [("", "en"), ("?lang=en", "en"), ("?lang=ja", "ja")] {
                let r = app.get(&format!("/api/v1/game-types/{slug}/rules{query}"), None);
                assert_eq!(r.status(), 200, "{slug}{query}");
                let ct = r.headers()["content-type"].to_str().unwrap().to_string();
                assert_eq!(ct, "text/markdown; charset=utf-8");
                assert_eq!(r.headers()["vary"].to_str().unwrap(), "Accept");
                assert_eq!(r.text().unwrap(), committed(slug, lang), "{slug}{query} is the committed text");
            }
        }
        // JSON only when asked for by name; a browser's */* gets the Markdown.
        let r = app.client.get(app.url("/api/v1/game-types/shidouban/rules?lang=ja"))
            .header("Accept", "text/html, application/json;q=0.9").send().unwrap();
        assert_eq!(r.status(), 200);
        assert!(r.headers()["content-type"].to_str().unwrap().starts_with("application/json"));
        let body: Value = r.json().unwrap();
        assert_eq!(body["slug"], "shidouban");
        assert_eq!(body["lang"], "ja");
        assert_eq!(body["markdown"].as_str().unwrap(), committed("shidouban", "ja"));
        let r = app.client.get(app.url("/api/v1/game-types/senbat/rules")).header("Accept", "*/*").send().unwrap();
        assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/markdown"));
    }

    fn unknown_games_and_languages_are_refused_with_what_is_allowed(db) {
        let app = TestApp::spawn(db);
        let body = problem(app.get("/api/v1/game-types/chess/rules", None), 404, "unknown_game_type");
        let detail = body["detail"].as_str().unwrap();
        for slug in registry::slugs() {
            assert!(detail.contains(slug), "{detail}");
        }
        for bad in ["fr", "JA", "", "en,ja"] {
            let body = problem(app.get(&format!("/api/v1/game-types/uosao/rules?lang={bad}"), None), 400, "unknown_lang");
            for &lang in catalog::LANGUAGES {
                let code = format!("`{}`", catalog::code(lang));
                assert!(body["detail"].as_str().unwrap().contains(&code), "{body}");
            }
        }
        // An unknown game is reported before a bad language.
        problem(app.get("/api/v1/game-types/chess/rules?lang=fr", None), 404, "unknown_game_type");
    }

    fn the_game_types_point_to_their_rules(db) {
        let app = TestApp::spawn(db);
        let types: Vec<Value> = app.get("/api/v1/game-types", None).json().unwrap();
        assert_eq!(types.len(), registry::slugs().len());
        for t in &types {
            let slug = t["slug"].as_str().unwrap();
            let url = t["rules_url"].as_str().unwrap();
            let expected = format!("{}/api/v1/game-types/{slug}/rules", app.settings.public_url);
            assert_eq!(url, expected);
            let path = url.strip_prefix(&app.settings.public_url).unwrap();
            assert_eq!(app.get(path, None).text().unwrap(), committed(slug, "en"));
        }
    }

    fn turn_and_invitation_emails_link_to_the_rules(db) {
        let app = TestApp::spawn(db);
        let rules = |slug: &str, query: &str| format!("{}/api/v1/game-types/{slug}/rules{query}", app.settings.public_url);
        let alice = app.player("alice");
        let r = app.put("/api/v1/me/notifications", Some(&alice.token), &json!({"notify": "every_turn", "lang": "ja"}));
        assert_eq!(r.status(), 200, "{}", r.text().unwrap_or_default());
        let seats = json!([{"kind": "me"}, {"kind": "invite", "email": "dora@example.com"}]);
        let r = app.post("/api/v1/games", Some(&alice.token), &json!({"slug": "senbat", "seats": seats}));
        assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());

        // The invitee has no account, so no language yet: the invitation links to both.
        let all = app.wait_for_any_mail("the invitation", |m| m.iter().any(|x| x.to == "dora@example.com"));
        let invitation = all.iter().find(|m| m.to == "dora@example.com").unwrap();
        assert!(invitation.text.contains(&format!("The rules: {}\n", rules("senbat", ""))), "{}", invitation.text);
        assert!(invitation.text.contains(&format!("ルール: {}", rules("senbat", "?lang=ja"))), "{}", invitation.text);

        // A turn email links to the rules in the player's own language.
        let bob = app.player("bob");
        let seats = json!([{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]);
        let r = app.post("/api/v1/games", Some(&bob.token), &json!({"slug": "uosao", "seats": seats}));
        assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
        let r = app.post("/api/v1/games", Some(&alice.token), &json!({"slug": "shidouban", "seats": [{"kind": "me"}, {"kind": "bot"}]}));
        assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
        // Each of them plays one game, so their turn emails are of that game.
        let is_turn_for = |to: &'static str| move |x: &common::mailbox::Mail| x.to == to && x.kind == "turn";
        let turn_for = |to: &'static str| move |m: &[common::mailbox::Mail]| m.iter().any(is_turn_for(to));
        let all = app.wait_for_mail("bob's turn email", turn_for("bob@example.com"));
        let mail = all.iter().find(|m| is_turn_for("bob@example.com")(m)).unwrap();
        assert!(mail.text.contains(&format!("The rules: {}\n", rules("uosao", ""))), "{}", mail.text);
        let all = app.wait_for_mail("alice's turn email", turn_for("alice@example.com"));
        let mail = all.iter().find(|m| is_turn_for("alice@example.com")(m)).unwrap();
        assert!(mail.text.contains(&format!("ルール: {}\n", rules("shidouban", "?lang=ja"))), "{}", mail.text);
    }
}

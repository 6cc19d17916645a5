//! Table talk over real HTTP (issue 26): messages reach exactly the readers allowed, by the listing, both
//! event streams and webhooks; the refusals say what is wrong in both languages; the rate limit and mutes
//! hold; reports reach the operator; notes stay private; the journal is untouched.

mod common;

use std::time::Duration;

use common::sse::Stream;
use common::{Player, TestApp, problem};
use serde_json::{Value, json};
use shared::api_types::{GameEvent, MessageListing, TalkMessage, WebhookDelivery};

/// A three-player shinobazu game of alice (seat 0), bob (1) and carol (2), started; its id.
fn shinobazu(app: &TestApp, alice: &Player, bob: &Player, carol: &Player) -> i64 {
    let r = app.post(
        "/api/v1/games",
        Some(&alice.token),
        &json!({"slug": "shinobazu", "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]}),
    );
    assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
    let game = r.json::<Value>().unwrap()["id"].as_i64().unwrap();
    for p in [bob, carol] {
        let r = app.post(&format!("/api/v1/games/{game}/join"), Some(&p.token), &json!({}));
        assert_eq!(r.status(), 200, "{}", r.text().unwrap_or_default());
    }
    game
}

fn allow_private(app: &TestApp, alice: &Player, game: i64) {
    let r = app.put(&format!("/api/v1/games/{game}/talk"), Some(&alice.token), &json!({"private_messages": true}));
    assert_eq!(r.status(), 200, "{}", r.text().unwrap_or_default());
}

fn say(app: &TestApp, p: &Player, game: i64, body: Value) -> TalkMessage {
    let r = app.post(&format!("/api/v1/games/{game}/messages"), Some(&p.token), &body);
    assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
    r.json().unwrap()
}

fn listing(app: &TestApp, token: Option<&str>, game: i64) -> Vec<TalkMessage> {
    let r = app.get(&format!("/api/v1/games/{game}/messages"), token);
    assert_eq!(r.status(), 200, "{}", r.text().unwrap_or_default());
    r.json::<MessageListing>().unwrap().messages
}

/// The messages among the events a stream carries until it is quiet for a while.
fn streamed_messages(stream: &Stream) -> Vec<TalkMessage> {
    let mut out = Vec::new();
    while let Some(frame) = stream.next_within(Duration::from_secs(3)) {
        if frame.event.as_deref() == Some("game") {
            let event: GameEvent = frame.game();
            if let Some(m) = event.message {
                assert!(event.entries.is_empty(), "a message event carries no entry");
                out.push(m);
            }
        }
    }
    out
}

fn texts(messages: &[TalkMessage]) -> Vec<&str> {
    messages.iter().map(|m| m.text.as_str()).collect()
}

fn open(app: &TestApp, path: &str, token: Option<&str>) -> Stream {
    let stream = Stream::open(&app.url(path), token, None);
    assert_eq!(stream.status, 200);
    assert_eq!(stream.next().event.as_deref(), Some("ready"));
    stream
}

tegami_api::on_both_backends! {
    fn every_message_reaches_every_allowed_reader_once_and_no_other(db) {
        let app = TestApp::spawn_with(db, |s| s.webhooks.allow_private = true);
        let (alice, bob, carol) = (app.player("alice"), app.player("bob"), app.player("carol"));
        let game = shinobazu(&app, &alice, &bob, &carol);
        allow_private(&app, &alice, game);
        let head_before = alice.detail(&app, game).head_hash;
        let journal_before = app.journal_len(game);
        let hooks: Vec<i64> = [&alice, &bob, &carol]
            .iter()
            .map(|p| {
                let r = app.post("/api/v1/webhooks", Some(&p.token),
                    &json!({"url": "http://127.0.0.1:9/hook", "secret": "a-webhook-secret-of-16+"}));
                assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
                r.json::<Value>().unwrap()["id"].as_i64().unwrap()
            })
            .collect();
        let streams = [
            open(&app, "/api/v1/events", Some(&alice.token)),
            open(&app, &format!("/api/v1/games/{game}/events"), Some(&bob.token)),
            open(&app, "/api/v1/events", Some(&carol.token)),
            open(&app, &format!("/api/v1/games/{game}/events"), None),
        ];

        let table = say(&app, &alice, game, json!({"text": "  Good luck, everyone!\nHave fun.  "}));
        assert_eq!(table.text, "Good luck, everyone!\nHave fun.", "trimmed, line break kept, nothing added");
        assert_eq!((table.seat, table.author.as_str(), table.to), (0, "alice", None));
        let private = say(&app, &bob, game, json!({"text": "alice, shall we gang up on carol?", "to": 0}));
        assert_eq!(private.to, Some(0));
        let reply = say(&app, &alice, game, json!({"text": "日本語も書けます", "to": 1}));

        // The listing: players read the table and their own private messages; spectators the table.
        assert_eq!(texts(&listing(&app, Some(&alice.token), game)), [&table.text, &private.text, &reply.text]);
        assert_eq!(texts(&listing(&app, Some(&bob.token), game)), [&table.text, &private.text, &reply.text]);
        assert_eq!(texts(&listing(&app, Some(&carol.token), game)), [&table.text]);
        assert_eq!(texts(&listing(&app, None, game)), [&table.text]);

        // The streams: each message once, to exactly the same readers.
        let seen: Vec<Vec<TalkMessage>> = streams.iter().map(streamed_messages).collect();
        assert_eq!(seen[0], [table.clone(), private.clone(), reply.clone()], "alice's account stream");
        assert_eq!(seen[1], [table.clone(), private.clone(), reply.clone()], "bob's game stream");
        assert_eq!(seen[2], std::slice::from_ref(&table), "carol's account stream");
        assert_eq!(seen[3], std::slice::from_ref(&table), "a spectator's stream");

        // Webhooks: carol's never carries the private messages' events.
        let delivered = |hook: i64, token: &str| -> Vec<i64> {
            let r = app.get(&format!("/api/v1/webhooks/{hook}/deliveries"), Some(token));
            assert_eq!(r.status(), 200);
            r.json::<Vec<WebhookDelivery>>().unwrap().iter().map(|d| d.event_id).collect()
        };
        let (alice_events, carol_events) = (delivered(hooks[0], &alice.token), delivered(hooks[2], &carol.token));
        assert_eq!(alice_events.len(), carol_events.len() + 2, "alice {alice_events:?}, carol {carol_events:?}");
        assert!(carol_events.iter().all(|e| alice_events.contains(e)));
        assert_eq!(delivered(hooks[1], &bob.token), alice_events);

        // Messages live beside the journal, not in it.
        assert_eq!(app.journal_len(game), journal_before);
        assert_eq!(alice.detail(&app, game).head_hash, head_before);
    }
}

tegami_api::on_both_backends! {
    fn bad_messages_are_refused_in_both_languages(db) {
        let app = TestApp::spawn(db);
        let (alice, bob, carol) = (app.player("alice"), app.player("bob"), app.player("carol"));
        let dave = app.player("dave");
        let game = shinobazu(&app, &alice, &bob, &carol);
        let path = format!("/api/v1/games/{game}/messages");
        let check = |p: &Player, body: Value, status: u16, code: &str| {
            let body = problem(app.post(&path, Some(&p.token), &body), status, code);
            assert!(body["detail_ja"].as_str().is_some_and(|d| !d.is_empty()), "{body}");
            body
        };
        let long = check(&alice, json!({"text": "x".repeat(2001)}), 422, "bad_message");
        assert!(long["detail"].as_str().unwrap().contains("2001"), "{long}");
        check(&alice, json!({"text": "  \n "}), 422, "bad_message");
        let bidi = check(&alice, json!({"text": "see file\u{202e}txt.exe"}), 422, "bad_message");
        assert!(bidi["detail"].as_str().unwrap().contains("U+202E"), "{bidi}");
        check(&alice, json!({"text": "bell\u{7}"}), 422, "bad_message");
        check(&alice, json!({"text": "psst", "to": 1}), 422, "private_messages_off");
        allow_private(&app, &alice, game);
        let to_self = check(&alice, json!({"text": "me", "to": 0}), 422, "bad_recipient");
        assert_eq!(to_self["allowed"], json!(["1", "2"]));
        check(&alice, json!({"text": "nobody", "to": 7}), 422, "bad_recipient");
        check(&dave, json!({"text": "let me in"}), 403, "not_a_player");
        problem(app.post(&path, None, &json!({"text": "hi"})), 401, "login_required");
        problem(app.post(&path, Some(&alice.token), &json!({"txt": "hi"})), 400, "malformed_body");
        problem(app.post("/api/v1/games/999/messages", Some(&alice.token), &json!({"text": "hi"})), 404, "unknown_game");
        problem(app.get(&format!("{path}?limit=0"), None), 400, "bad_limit");
        problem(app.put(&format!("/api/v1/games/{game}/talk"), Some(&bob.token), &json!({})), 403, "not_the_creator");
        assert!(listing(&app, Some(&alice.token), game).is_empty(), "nothing refused was kept");
    }
}

tegami_api::on_both_backends! {
    fn the_rate_limit_and_mutes_hold(db) {
        let app = TestApp::spawn(db);
        let (alice, bob, carol) = (app.player("alice"), app.player("bob"), app.player("carol"));
        let game = shinobazu(&app, &alice, &bob, &carol);
        let limit = tegami_api::service::talk::MESSAGES_PER_WINDOW;
        for i in 0..limit {
            say(&app, &bob, game, json!({"text": format!("message {i}")}));
        }
        let r = app.post(&format!("/api/v1/games/{game}/messages"), Some(&bob.token), &json!({"text": "one more"}));
        assert!(r.headers().get("retry-after").is_some());
        let body = problem(r, 429, "too_many_requests");
        assert!(body["detail_ja"].is_string());
        // The limit is per player: alice still writes.
        say(&app, &alice, game, json!({"text": "slow down, bob"}));

        // carol mutes bob: his messages, old and new, are gone for her, not for alice.
        let stream = open(&app, "/api/v1/events", Some(&carol.token));
        let r = app.put(&format!("/api/v1/games/{game}/mutes/1"), Some(&carol.token), &json!(null));
        assert_eq!(r.status(), 200);
        assert_eq!(r.json::<Value>().unwrap()["seats"], json!([1]));
        assert_eq!(texts(&listing(&app, Some(&carol.token), game)), ["slow down, bob"]);
        assert_eq!(listing(&app, Some(&alice.token), game).len(), limit as usize + 1);
        say(&app, &alice, game, json!({"text": "carol, are you there?"}));
        problem(app.put(&format!("/api/v1/games/{game}/mutes/0"), Some(&alice.token), &json!(null)), 422, "bad_seat");
        assert_eq!(texts(&streamed_messages(&stream)), ["carol, are you there?"]);
        problem(app.put(&format!("/api/v1/games/{game}/mutes/2"), Some(&carol.token), &json!(null)), 422, "bad_seat");
        let r = app.delete(&format!("/api/v1/games/{game}/mutes/1"), Some(&carol.token));
        assert_eq!(r.json::<Value>().unwrap()["seats"], json!([]));
        assert_eq!(listing(&app, Some(&carol.token), game).len(), limit as usize + 2);
    }
}

tegami_api::on_both_backends! {
    fn spectators_read_the_table_unless_the_creator_closes_it(db) {
        let app = TestApp::spawn(db);
        let (alice, bob, carol) = (app.player("alice"), app.player("bob"), app.player("carol"));
        let dave = app.player("dave");
        let game = shinobazu(&app, &alice, &bob, &carol);
        let r = app.put(&format!("/api/v1/games/{game}/talk"), Some(&alice.token), &json!({"spectators_read": false}));
        assert_eq!(r.json::<Value>().unwrap(), json!({"private_messages": false, "spectators_read": false}));
        let stream = open(&app, &format!("/api/v1/games/{game}/events"), Some(&dave.token));
        say(&app, &bob, game, json!({"text": "players only"}));
        problem(app.get(&format!("/api/v1/games/{game}/messages"), None), 403, "talk_closed");
        problem(app.get(&format!("/api/v1/games/{game}/messages"), Some(&dave.token)), 403, "talk_closed");
        assert!(streamed_messages(&stream).is_empty());
        assert_eq!(texts(&listing(&app, Some(&carol.token), game)), ["players only"]);
    }
}

tegami_api::on_both_backends! {
    fn reports_reach_the_operator_and_notes_stay_private(db) {
        let app = TestApp::spawn(db);
        let (alice, bob, carol) = (app.player("alice"), app.player("bob"), app.player("carol"));
        let game = shinobazu(&app, &alice, &bob, &carol);
        let rude = say(&app, &bob, game, json!({"text": "something rude"}));
        let path = format!("/api/v1/games/{game}/messages/{}/report", rude.id);
        let r = app.post(&path, Some(&carol.token), &json!({"reason": "insults"}));
        assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
        let r = app.post(&path, Some(&carol.token), &json!({"reason": "again"}));
        assert_eq!(r.status(), 200, "a second report returns the first");
        problem(app.post(&format!("/api/v1/games/{game}/messages/999/report"), Some(&carol.token), &json!({})), 404, "unknown_message");
        let reports = tegami_api::service::talk::reports(&mut app.db()).unwrap();
        assert_eq!(reports.len(), 1);
        assert_eq!((reports[0].message.id, reports[0].reporter, reports[0].reason.as_str()), (rude.id, carol.id, "insults"));

        let note = format!("/api/v1/games/{game}/note");
        let r = app.put(&note, Some(&alice.token), &json!({"text": "bob bluffs a lot"}));
        assert_eq!(r.status(), 200);
        let r = app.get(&note, Some(&alice.token));
        assert_eq!(r.json::<Value>().unwrap()["text"], "bob bluffs a lot");
        assert_eq!(app.get(&note, Some(&bob.token)).json::<Value>().unwrap()["text"], "");
        problem(app.get(&note, None), 401, "login_required");
        let dave = app.player("dave");
        problem(app.put(&note, Some(&dave.token), &json!({"text": "x"})), 403, "not_a_player");
        problem(app.put(&note, Some(&alice.token), &json!({"text": "a\u{200b}b"})), 422, "bad_message");

        // The account export carries what alice may read and her note.
        let export: Value = app.get("/api/v1/me/export", Some(&alice.token)).json().unwrap();
        let talk = &export["talk"][0];
        assert_eq!(talk["game"], game);
        assert_eq!(talk["messages"][0]["text"], "something rude");
        assert_eq!(talk["note"]["text"], "bob bluffs a lot");
    }
}

tegami_api::on_both_backends! {
    fn a_game_export_carries_its_talk_and_notes(db) {
        let app = TestApp::spawn(db);
        let (alice, bob, carol) = (app.player("alice"), app.player("bob"), app.player("carol"));
        let game = shinobazu(&app, &alice, &bob, &carol);
        allow_private(&app, &alice, game);
        say(&app, &alice, game, json!({"text": "table"}));
        say(&app, &bob, game, json!({"text": "private", "to": 2}));
        assert_eq!(app.put(&format!("/api/v1/games/{game}/note"), Some(&carol.token), &json!({"text": "mine"})).status(), 200);
        let export = tegami_api::service::transfer::export(&mut app.db(), game).unwrap();
        assert_eq!(export.talk.messages.len(), 2);

        let other = TestApp::spawn(db);
        let (alice2, _bob2, carol2) = (other.player("alice"), other.player("bob"), other.player("carol"));
        let mail = tegami_api::mail::MailContext::new(&other.settings);
        tegami_api::service::transfer::import(&mut other.db(), &mail, &export).unwrap();
        assert_eq!(texts(&listing(&other, Some(&carol2.token), game)), ["table", "private"]);
        assert_eq!(texts(&listing(&other, Some(&alice2.token), game)), ["table"]);
        let note: Value = other.get(&format!("/api/v1/games/{game}/note"), Some(&carol2.token)).json().unwrap();
        assert_eq!(note["text"], "mine");
    }
}

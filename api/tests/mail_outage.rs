//! SMTP outages: moves go on while the mail server is down, across a server restart, and once it is back
//! every queued email is delivered exactly once.

mod common;

use std::collections::BTreeSet;

use common::mailbox;
use common::smtp::{SmtpSink, Store, free_port};
use common::{Player, TestApp};
use diesel::prelude::*;
use serde_json::json;
use tegami_api::db::schema::outbox;

type Row = (i64, String, i32, Option<String>, Option<String>);

fn rows(app: &TestApp) -> Vec<Row> {
    outbox::table
        .select((outbox::id, outbox::message_id, outbox::attempts, outbox::last_error, outbox::sent_at))
        .order(outbox::id.asc())
        .load(&mut *app.db())
        .unwrap()
}

fn wait_for(what: &str, mut pred: impl FnMut() -> bool) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while !pred() {
        assert!(std::time::Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Plays alice's pending decision through the REST API (the bots answer at once).
fn play(app: &TestApp, p: &Player, game: i64) {
    let moves = p.moves(app, game);
    let m = &moves[0];
    let seat = p.detail(app, game).summary.my_seat.unwrap();
    let r = p.submit(app, game, &p.sign(game, seat, &m.decision.decision, &m.choices.options[0].action));
    assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
}

tegami_api::on_both_backends! {
    fn mail_queued_during_an_outage_and_a_restart_is_delivered_once(db) {
        let port = free_port();
        let app = TestApp::spawn_with(db, |s| s.mail.smtp_url = Some(format!("smtp://127.0.0.1:{port}")));
        let alice = app.player("alice");
        let r = app.post(
            "/api/v1/games",
            Some(&alice.token),
            &json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]}),
        );
        assert_eq!(r.status(), 201);
        let game = r.json::<serde_json::Value>().unwrap()["id"].as_i64().unwrap();
        play(&app, &alice, game);
        play(&app, &alice, game);
        // The worker keeps trying and records why it fails.
        wait_for("failed attempts", || rows(&app).iter().all(|r| r.2 >= 2 && r.3.is_some()));
        assert!(rows(&app).iter().all(|r| r.4.is_none()), "nothing is sent while SMTP is down");

        let app = app.restart();
        play(&app, &alice, game);
        let queued = rows(&app);
        assert_eq!(
            queued.len(),
            6,
            "the address verification, the game-start email, and one turn email per decision asked of alice"
        );
        assert!(queued.iter().all(|r| r.4.is_none()));

        let sink = SmtpSink::start_on(port, Store::default());
        wait_for("every email sent", || rows(&app).iter().all(|r| r.4.is_some()));
        // Give a duplicate the chance to show up before counting.
        std::thread::sleep(std::time::Duration::from_millis(500));
        let received: Vec<String> = sink.messages().iter().map(|m| mailbox::parse(&m.data).message_id).collect();
        let stored: BTreeSet<String> = rows(&app).iter().map(|r| r.1.trim_matches(['<', '>']).to_string()).collect();
        assert_eq!(received.len(), stored.len(), "each email exactly once: {received:?}");
        assert_eq!(received.iter().cloned().collect::<BTreeSet<_>>(), stored);
        assert!(rows(&app).iter().all(|r| r.3.is_none()), "a sent email keeps no error");
    }
}

tegami_api::on_both_backends! {
    fn a_permanent_refusal_is_not_retried(db) {
        let sink = SmtpSink::start();
        let url = sink.url();
        let app = TestApp::spawn_with(db, |s| s.mail.smtp_url = Some(url));
        let r = app.post(
            "/api/v1/accounts",
            None,
            &json!({"email": "bounce@example.com", "display_name": "b", "password": "password-123"}),
        );
        assert_eq!(r.status(), 201);
        let alice = app.player("alice");
        sink.wait_until("alice's verification email", |m| m.iter().any(|x| x.to == vec![alice.email.clone()]));
        wait_for("the refusal recorded", || {
            rows(&app).iter().any(|r| r.3.as_deref().is_some_and(|e| e.starts_with("gave up")))
        });
        std::thread::sleep(std::time::Duration::from_millis(500));
        let bounced: Vec<Row> = rows(&app).into_iter().filter(|r| r.3.is_some()).collect();
        assert_eq!(bounced.len(), 1);
        assert_eq!(bounced[0].2, 1, "one attempt, no retry");
        assert!(bounced[0].3.as_deref().unwrap().contains("550"), "{:?}", bounced[0].3);
        assert!(bounced[0].4.is_none());
    }
}

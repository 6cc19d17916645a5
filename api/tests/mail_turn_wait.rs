//! Turn emails wait (issue 25): with a wait set, a turn email is not sent for a decision its player answered
//! meanwhile, nor while the player has the game open on a page; a player who asked for every turn email gets
//! it at once, page open or not. Mail goes through a real SMTP server.

mod common;

use std::time::{Duration, Instant};

use common::mailbox;
use common::smtp::SmtpSink;
use common::{Player, TestApp};
use diesel::prelude::*;
use serde_json::{Value, json};
use tegami_api::db::schema::outbox;

/// How long a turn email waits in this test. A decision the test answers takes some requests: on a machine busy
/// with the rest of the suite they took longer than 3 s once, and than 6 s once, so what must not be mailed is
/// the decisions answered within the wait for certain (timed by the test).
const WAIT_SECS: u64 = 6;

/// The game page's event stream held open by `p`'s browser (the session cookie is the session token).
fn open_page(app: &TestApp, p: &Player, game: i64) -> reqwest::blocking::Response {
    let client = reqwest::blocking::Client::builder().timeout(None).build().unwrap();
    let r = client
        .get(app.url(&format!("/games/{game}/events")))
        .header("Accept", "text/event-stream")
        .header("Cookie", format!("tegami_session={}", p.token))
        .send()
        .unwrap();
    assert_eq!(r.status(), 200);
    r
}

/// The outbox row of the turn email asking `p` decision `decision`, once it is closed: why it was not sent
/// (None: it was sent).
fn closed_turn_email(app: &TestApp, p: &Player, decision: &str) -> Option<String> {
    let until = Instant::now() + Duration::from_secs(WAIT_SECS + 20);
    loop {
        let row: Option<(Option<String>, Option<String>)> = outbox::table
            .filter(outbox::kind.eq("turn"))
            .filter(outbox::account_id.eq(p.id))
            .filter(outbox::decision.eq(decision))
            .filter(outbox::sent_at.is_not_null())
            .select((outbox::sent_at, outbox::last_error))
            .first(&mut app.db())
            .optional()
            .unwrap();
        if let Some((_, why)) = row {
            return why;
        }
        assert!(Instant::now() < until, "the turn email asking {decision} was never closed");
        std::thread::sleep(Duration::from_millis(100));
    }
}

tegami_api::on_both_backends! {
    fn a_waiting_turn_email_is_dropped_when_answered_or_looked_at_and_sent_at_once_when_always(db) {
        let sink = SmtpSink::start();
        let url = sink.url();
        let app = TestApp::spawn_with(db, |s| {
            s.mail.smtp_url = Some(url);
            s.mail.turn_wait_secs = WAIT_SECS;
        });
        let players = [app.player("alice"), app.player("bob"), app.player("carol")];
        let carol = &players[2];
        let r = app.put("/api/v1/me/notifications", Some(&carol.token), &json!({"notify": "every_turn", "turn_email": "always"}));
        assert_eq!(r.status(), 200);
        let prefs: Value = r.json().unwrap();
        assert_eq!((prefs["turn_email"].as_str(), prefs["talk_email"].as_str()), (Some("always"), Some("private_only")));
        let r = app.post("/api/v1/games", Some(&players[0].token),
            &json!({"slug": "shinobazu", "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]}));
        assert_eq!(r.status(), 201);
        let game = r.json::<Value>().unwrap()["id"].as_i64().unwrap();
        // When the decision asked now was asked at the latest: just before the request that asked it.
        let mut asked_since = Instant::now();
        for p in &players[1..] {
            asked_since = Instant::now();
            assert_eq!(app.post(&format!("/api/v1/games/{game}/join"), Some(&p.token), &json!({})).status(), 200);
        }
        // The decisions of alice and bob answered within the wait for certain, which must never be mailed; on a
        // machine busy with the whole suite an answer can come later (then it may be mailed, and is not counted).
        let mut answered_in_time: Vec<String> = Vec::new();
        // carol looks at the game all along: her choice wins over the open page.
        let _carol_page = open_page(&app, carol, game);

        let (mut looked_at, mut answered, mut always) = (false, false, false);
        for _ in 0..30 {
            if looked_at && answered && always {
                break;
            }
            let asked = players.iter().find(|p| p.detail(&app, game).summary.my_turn).expect("someone is asked");
            let decision = asked.moves(&app, game)[0].decision.decision.clone();
            if asked.id == carol.id {
                if !always {
                    // Her first decision: the email may already be in the sink, so count from none rather than
                    // from what is there now.
                    sink.wait_until("carol's turn email", |m| {
                        m.iter().map(|x| mailbox::parse(&x.data)).any(|x| x.kind == "turn" && x.to == carol.email)
                    });
                    always = true;
                }
            } else if !looked_at {
                let page = open_page(&app, asked, game);
                // Open before the email's wait ended (on a busy machine it may not be: then the next decision).
                if asked_since.elapsed() < Duration::from_secs(WAIT_SECS) {
                    let why = closed_turn_email(&app, asked, &decision);
                    assert!(why.as_deref().is_some_and(|w| w.contains("open page")), "{why:?}");
                    looked_at = true;
                }
                drop(page);
            } else if !answered {
                let answering = Instant::now();
                assert!(asked.play_first_option(&app, game).status().is_success());
                if asked_since.elapsed() < Duration::from_secs(WAIT_SECS) {
                    // Answered within the wait: the email is dropped.
                    let why = closed_turn_email(&app, asked, &decision);
                    assert!(why.as_deref().is_some_and(|w| w.contains("answered")), "{why:?}");
                    answered = true;
                    answered_in_time.push(decision);
                }
                asked_since = answering;
                continue;
            }
            let answering = Instant::now();
            assert!(asked.play_first_option(&app, game).status().is_success());
            if asked.id != carol.id && asked_since.elapsed() < Duration::from_secs(WAIT_SECS) {
                answered_in_time.push(decision);
            }
            asked_since = answering;
        }
        assert!(looked_at && answered && always, "every case was met");
        let mailed: Vec<String> = outbox::table
            .filter(outbox::kind.eq("turn"))
            .filter(outbox::account_id.eq_any([players[0].id, players[1].id]))
            .filter(outbox::sent_at.is_not_null())
            .filter(outbox::last_error.is_null())
            .select(outbox::decision.assume_not_null())
            .load(&mut app.db())
            .unwrap();
        let mailed_in_time: Vec<&String> = mailed.iter().filter(|d| answered_in_time.contains(d)).collect();
        assert!(
            mailed_in_time.is_empty(),
            "alice and bob were mailed decisions they answered within the wait: {mailed_in_time:?}"
        );
    }
}

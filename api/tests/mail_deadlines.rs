//! Deadlines with a controllable clock: a reminder before the deadline, a forfeit (UOSAO has no default
//! answer) or, under the skip policy, a random legal answer, journaled as a server `Timeout` entry when it
//! passes, and sweeps that never apply it twice.

mod common;

use common::mailbox;
use common::{TestApp, problem};
use diesel::prelude::*;
use serde_json::{Value, json};
use tegami_api::db::schema::{decision_deadlines, games};

fn create(app: &TestApp, token: &str, extra: Value) -> i64 {
    let mut body = json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]});
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    let r = app.post("/api/v1/games", Some(token), &body);
    assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
    r.json::<Value>().unwrap()["id"].as_i64().unwrap()
}

fn timeouts(app: &TestApp, game: i64) -> Vec<Value> {
    timeouts_seen_by(app, game, None)
}

/// The timeout entries as the holder of `token` reads them (a seat reads its own in full).
fn timeouts_seen_by(app: &TestApp, game: i64, token: Option<&str>) -> Vec<Value> {
    let j: Value = app.get(&format!("/api/v1/games/{game}/journal"), token).json().unwrap();
    j["entries"].as_array().unwrap().iter().filter(|e| e["body"]["type"] == "timeout").cloned().collect()
}

fn deadline_rows(app: &TestApp, game: i64) -> i64 {
    decision_deadlines::table.filter(decision_deadlines::game_id.eq(game)).count().get_result(&mut *app.db()).unwrap()
}

tegami_api::on_both_backends! {
    fn a_missed_deadline_is_reminded_then_forfeited_once(db) {
        let app = TestApp::spawn(db);
        let alice = app.player("alice");
        let game = create(&app, &alice.token, json!({"deadline_hours": 2}));
        let mails = app.wait_for_mail("the turn email", |m| m.iter().any(|x| x.kind == "turn"));
        let turn = mailbox::of_kind(&mails, "turn")[0].clone();
        assert!(turn.text.contains("== Deadline ==\nAnswer by "), "{}", turn.text);
        // The deadline text names what happens in this game: UOSAO has no default answer, the policy is forfeit.
        assert!(turn.text.contains("If you do not, you forfeit this game"), "{}", turn.text);
        assert_eq!(deadline_rows(&app, game), 1);

        // Answering in time moves the deadline to the next decision.
        let seat = alice.detail(&app, game).summary.my_seat.unwrap();
        let r = alice.play_first_option(&app, game);
        assert_eq!(r.status(), 201);
        assert_eq!(deadline_rows(&app, game), 1);

        // An hour before the deadline (half the 2-hour limit, as 24 hours is longer): a reminder, once.
        app.settings.clock.advance(chrono::Duration::minutes(61));
        let mails = app.wait_for_mail("the reminder", |m| m.iter().any(|x| x.kind == "reminder"));
        let reminder = mails.iter().find(|x| x.kind == "reminder").unwrap();
        assert_eq!(reminder.to, alice.email);
        assert!(reminder.text.contains("Legal moves:"));
        assert!(timeouts(&app, game).is_empty(), "not yet due");

        // The deadline passes: the seat forfeits, as one server entry.
        app.settings.clock.advance(chrono::Duration::minutes(60));
        app.wait_for_mail("the result email", |m| m.iter().any(|x| x.kind == "game_over"));
        let t = timeouts(&app, game);
        assert_eq!(t.len(), 1);
        assert_eq!(t[0]["body"]["seat"], json!(seat));
        assert!(t[0]["body"]["action"].is_null(), "UOSAO has no default answer: a forfeit");
        let done = alice.detail(&app, game);
        assert_eq!(done.outcome.as_ref().unwrap().ranks[seat as usize], 3, "the forfeiting seat is ranked last");
        assert_eq!(deadline_rows(&app, game), 0);

        // Later sweeps change nothing.
        app.settings.clock.advance(chrono::Duration::days(10));
        std::thread::sleep(std::time::Duration::from_millis(400));
        assert_eq!(timeouts(&app, game).len(), 1);
        let reminders =
            mailbox::game_mails(&app.settings.mail.dir).iter().filter(|x| x.kind == "reminder").count();
        assert_eq!(reminders, 1);
    }
}

tegami_api::on_both_backends! {
    fn under_the_skip_policy_a_missed_deadline_skips_the_turn(db) {
        let app = TestApp::spawn(db);
        let alice = app.player("alice");
        let game = create(&app, &alice.token, json!({"deadline_hours": 2, "timeout_policy": "skip"}));
        let detail = alice.detail(&app, game);
        assert_eq!(detail.timeout_policy, shared::api_types::TimeoutPolicy::Skip);
        assert_eq!(detail.deadline_hours, Some(2));
        let seat = detail.summary.my_seat.unwrap();
        let asked = alice.moves(&app, game)[0].clone();
        let entries_before = detail.summary.entries;
        let mails = app.wait_for_mail("the turn email", |m| m.iter().any(|x| x.kind == "turn"));
        let turn = mailbox::of_kind(&mails, "turn")[0].clone();
        assert!(turn.text.contains("If you do not, your turn is skipped"), "{}", turn.text);

        // Two deadlines pass, one after the other: each time the server answers for Alice and she plays on.
        for round in 1..=2 {
            app.settings.clock.advance(chrono::Duration::minutes(121));
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
            while timeouts(&app, game).len() < round {
                assert!(std::time::Instant::now() < deadline, "deadline {round} never applied");
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
        }
        assert!(timeouts(&app, game)[0]["body"]["action"].is_null(), "others do not read it before the end");
        let t = timeouts_seen_by(&app, game, Some(&alice.token));
        assert_eq!(t.len(), 2);
        assert_eq!(t[0]["body"]["seat"], json!(seat));
        assert_eq!(t[0]["body"]["decision"], json!(asked.decision.decision));
        let skipped = &t[0]["body"]["action"];
        assert!(asked.choices.options.iter().any(|o| o.action == *skipped), "a legal answer: {skipped}");
        let now = alice.detail(&app, game);
        assert_eq!(now.summary.status, shared::api_types::GameStatus::Active, "nobody forfeited");
        assert!(now.summary.my_turn, "Alice is still asked (and may answer herself)");
        assert!(now.summary.entries > entries_before + 2, "the bots played on after each skip");

        // Answering in time works as ever.
        let moves = alice.moves(&app, game);
        let r = alice.submit(
            &app,
            game,
            &alice.sign(game, seat, &moves[0].decision.decision, &moves[0].choices.options[0].action),
        );
        assert_eq!(r.status(), 201);
        assert_eq!(timeouts(&app, game).len(), 2);
        problem(
            app.post(
                "/api/v1/games",
                Some(&alice.token),
                &json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}], "timeout_policy": "wait"}),
            ),
            400,
            "malformed_body",
        );
    }
}

tegami_api::on_both_backends! {
    fn the_limit_defaults_to_three_days_and_can_be_lifted(db) {
        let app = TestApp::spawn(db);
        let alice = app.player("alice");
        let default = create(&app, &alice.token, json!({}));
        let none = create(&app, &alice.token, json!({"deadline_hours": null}));
        let hours: Vec<Option<i32>> =
            games::table.order(games::id.asc()).select(games::deadline_hours).load(&mut *app.db()).unwrap();
        assert_eq!(hours, vec![Some(72), None]);
        assert_eq!(deadline_rows(&app, default), 1);
        assert_eq!(deadline_rows(&app, none), 0);
        let mails = app.wait_for_mail("two turn emails", |m| m.iter().filter(|x| x.kind == "turn").count() >= 2);
        let unlimited =
            mails.iter().find(|m| m.kind == "turn" && m.subject.ends_with(&format!(" #{none}"))).unwrap();
        assert!(unlimited.text.contains("No time limit"), "{}", unlimited.text);
        problem(
            app.post(
                "/api/v1/games",
                Some(&alice.token),
                &json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}], "deadline_hours": 0}),
            ),
            422,
            "bad_deadline",
        );

        app.settings.clock.advance(chrono::Duration::days(4));
        app.wait_for_mail("the forfeit of the default game", |m| {
            m.iter().any(|x| x.kind == "game_over" && x.subject.ends_with(&format!(" #{default}")))
        });
        assert_eq!(timeouts(&app, default).len(), 1);
        assert!(timeouts(&app, none).is_empty(), "no limit, no timeout");
    }
}

tegami_api::on_both_backends! {
    fn a_vacation_pauses_the_clock(db) {
        let app = TestApp::spawn(db);
        let alice = app.player("alice");
        let game = create(&app, &alice.token, json!({"deadline_hours": 2}));
        let put = |body: Value| {
            app.put("/api/v1/me/vacation", Some(&alice.token), &body)
        };
        let until = app.settings.clock.now() + chrono::Duration::days(1);
        let r = put(json!({"until": until.to_rfc3339()}));
        assert_eq!(r.status(), 200, "{}", r.text().unwrap_or_default());
        assert!(app.get("/api/v1/me/vacation", Some(&alice.token)).json::<Value>().unwrap()["until"].is_string());
        problem(put(json!({"until": "2001-01-01T00:00:00Z"})), 422, "bad_vacation");
        problem(put(json!({"until": "soon"})), 400, "bad_time");

        // Three hours later the 2-hour deadline would have passed; a day away pushed it back.
        app.settings.clock.advance(chrono::Duration::hours(3));
        std::thread::sleep(std::time::Duration::from_millis(400));
        assert!(timeouts(&app, game).is_empty(), "no deadline runs out during a vacation");
        // A day and two hours (plus a little) after the vacation began, it has.
        app.settings.clock.advance(chrono::Duration::hours(23) + chrono::Duration::minutes(1));
        app.wait_for_mail("the forfeit", |m| m.iter().any(|x| x.kind == "game_over"));
        assert_eq!(timeouts(&app, game).len(), 1);
    }
}

//! Invitations cannot flood an address: daily limits per inviting account and per invited address, and a
//! "never invite me again" link in every invitation that the server honours. Mail goes through a real SMTP
//! server.

mod common;

use common::mailbox;
use common::smtp::SmtpSink;
use common::{Player, TestApp, problem};
use serde_json::{Value, json};

fn invite(app: &TestApp, host: &Player, email: &str) -> reqwest::blocking::Response {
    app.post(
        "/api/v1/games",
        Some(&host.token),
        &json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "invite", "email": email}, {"kind": "bot"}]}),
    )
}

fn invitations_to(sink: &SmtpSink, email: &str) -> Vec<mailbox::Mail> {
    sink.messages()
        .iter()
        .map(|m| mailbox::parse(&m.data))
        .filter(|m| m.kind == "invitation" && m.to == email)
        .collect()
}

tegami_api::on_both_backends! {
    fn invitations_are_limited_and_can_be_refused_for_good(db) {
        let sink = SmtpSink::start();
        let url = sink.url();
        let app = TestApp::spawn_with(db, |s| {
            s.mail.smtp_url = Some(url);
            s.mail.invitations_per_account_per_day = 3;
            s.mail.invitations_per_recipient_per_day = 2;
        });
        let alice = app.player("alice");
        let bob = app.player("bob");

        // Two invitations to one address in a day, then no more, and no game is made for the refused one.
        assert_eq!(invite(&app, &alice, "dora@example.net").status(), 201);
        assert_eq!(invite(&app, &bob, "dora@example.net").status(), 201);
        let body = problem(invite(&app, &alice, "dora@example.net"), 429, "recipient_invitation_limit");
        assert!(body["detail"].as_str().unwrap().contains("dora@example.net"), "{body}");
        let games = |p: &Player| app.get("/api/v1/games", Some(&p.token)).json::<Vec<Value>>().unwrap().len();
        assert_eq!(games(&alice), 1, "the refused game was not created");

        // An account may invite three addresses a day.
        assert_eq!(invite(&app, &alice, "erin@example.net").status(), 201);
        assert_eq!(invite(&app, &alice, "finn@example.net").status(), 201);
        problem(invite(&app, &alice, "gus@example.net"), 429, "invitation_limit");
        assert_eq!(games(&alice), 3);

        sink.wait_until("four invitations", |m| m.iter().filter(|x| mailbox::parse(&x.data).kind == "invitation").count() >= 4);
        std::thread::sleep(std::time::Duration::from_millis(300));
        assert_eq!(invitations_to(&sink, "dora@example.net").len(), 2);
        assert!(invitations_to(&sink, "gus@example.net").is_empty());

        // Erin never wants another one: the link in the email asks first (a GET changes nothing), then honours it.
        let invitation = invitations_to(&sink, "erin@example.net").remove(0);
        let start = invitation.text.find("/api/v1/invitations/never/").expect("the link is in the email");
        let path: String = invitation.text[start..].chars().take_while(|c| !c.is_whitespace()).collect();
        let header = invitation.list_unsubscribe.clone().expect("List-Unsubscribe");
        assert!(header.contains(&path), "{header}");
        let page = app.get(&path, None);
        assert_eq!(page.status(), 200);
        assert!(page.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
        let html = page.text().unwrap();
        assert!(html.contains("<form method=\"post\"") && html.contains("Never invite me again"), "{html}");
        assert_eq!(invite(&app, &bob, "erin@example.net").status(), 201, "a GET opted nobody out");
        let done = app.client.post(app.url(&path)).send().unwrap();
        assert_eq!(done.status(), 200);
        let body = problem(invite(&app, &bob, "erin@example.net"), 422, "invitations_refused");
        assert!(body["detail"].as_str().unwrap().contains("asked never to be invited"), "{body}");
        assert!(app.get(&path, None).text().unwrap().contains("already"), "the page says it is done");
        problem(app.get("/api/v1/invitations/never/nope", None), 404, "unknown_link");
        problem(app.client.post(app.url("/api/v1/invitations/never/nope")).send().unwrap(), 404, "unknown_link");

        // A registered player is no stranger: invitations to them count against neither limit (alice has used
        // her three), and tell them how to take the seat, not to register.
        let carol = app.player("carol");
        for _ in 0..3 {
            assert_eq!(invite(&app, &alice, &carol.email).status(), 201);
        }
        sink.wait_until("carol's invitations", |m| {
            m.iter().map(|x| mailbox::parse(&x.data)).filter(|x| x.kind == "invitation" && x.to == carol.email).count() == 3
        });
        let to_carol = invitations_to(&sink, &carol.email).remove(0);
        assert!(!to_carol.text.contains("Register") && !to_carol.text.contains("登録"), "{}", to_carol.text);
        assert!(to_carol.text.contains("Hello carol") && to_carol.text.contains("/games/"), "{}", to_carol.text);
    }
}

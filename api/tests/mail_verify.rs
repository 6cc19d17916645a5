//! Invitations and verified addresses: registering emails a link that proves the address, and with
//! `require_verified_email` an invited seat can only be taken once it is proved.

mod common;

use common::mailbox::Mail;
use common::{TestApp, problem};
use serde_json::{Value, json};

fn link_in(mail: &Mail) -> String {
    let start = mail.text.find("http://127.0.0.1/api/v1/verify-email/").expect("a verification link");
    let url: String = mail.text[start..].chars().take_while(|c| !c.is_whitespace()).collect();
    url.strip_prefix("http://127.0.0.1").unwrap().to_string()
}

tegami_api::on_both_backends! {
    fn invited_seats_need_a_verified_address(db) {
        let app = TestApp::spawn_with(db, |s| s.mail.require_verified = true);
        let alice = app.player("alice");
        let r = app.post(
            "/api/v1/games",
            Some(&alice.token),
            &json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "invite", "email": "bob@example.com"}, {"kind": "open"}]}),
        );
        assert_eq!(r.status(), 201);
        let game = r.json::<Value>().unwrap()["id"].as_i64().unwrap();
        let mails = app.wait_for_any_mail("the invitation", |m| m.iter().any(|x| x.to == "bob@example.com"));
        let invitation = mails.iter().find(|x| x.to == "bob@example.com").unwrap();
        assert_eq!(invitation.kind, "invitation");
        assert!(!invitation.subject.contains("alice"), "no inviter's text in the subject: {}", invitation.subject);
        assert!(invitation.text.contains("alice invites you to play"), "{}", invitation.text);
        assert!(invitation.text.contains(&format!("tegami join {game}")));
        assert!(invitation.text.contains("ご招待"), "the invitee's language is unknown, so Japanese follows English");

        let bob = app.player("bob");
        problem(app.post(&format!("/api/v1/games/{game}/join"), Some(&bob.token), &json!({})), 403, "email_unverified");
        // The open seat needs no proof.
        let carol = app.player("carol");
        let r = app.post(&format!("/api/v1/games/{game}/join"), Some(&carol.token), &json!({}));
        assert_eq!(r.status(), 200, "{}", r.text().unwrap_or_default());

        let mails = app.wait_for_any_mail("bob's verification", |m| {
            m.iter().any(|x| x.to == bob.email && x.subject.contains("confirm"))
        });
        let confirm = mails.iter().find(|x| x.to == bob.email && x.subject.contains("confirm")).unwrap();
        assert!(confirm.text.contains("確認"), "{}", confirm.text);
        let first_link = link_in(confirm);
        // A new link replaces the old one.
        let r = app.post("/api/v1/me/verify-email", Some(&bob.token), &json!({}));
        assert_eq!(r.status(), 202);
        let mails = app.wait_for_any_mail("bob's second link", |m| {
            m.iter().filter(|x| x.to == bob.email && x.subject.contains("confirm")).count() == 2
        });
        let second_link = link_in(mails.iter().rfind(|x| x.to == bob.email && x.subject.contains("confirm")).unwrap());
        assert_ne!(first_link, second_link);
        problem(app.get(&first_link, None), 404, "unknown_link");
        problem(app.get("/api/v1/verify-email/0000", None), 404, "unknown_link");
        problem(app.post(&format!("/api/v1/games/{game}/join"), Some(&bob.token), &json!({})), 403, "email_unverified");
        let r = app.get(&second_link, None);
        assert_eq!(r.status(), 200);
        let r = app.post(&format!("/api/v1/games/{game}/join"), Some(&bob.token), &json!({}));
        assert_eq!(r.status(), 200, "{}", r.text().unwrap_or_default());
        assert_eq!(r.json::<Value>().unwrap()["status"], "active");
    }
}

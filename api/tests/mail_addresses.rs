//! Further addresses a player sends replies from (issue #16: "or another address the player has added and
//! proved"): adding one emails a single-use, expiring link to it; only once the link is followed does a reply
//! from it move, and removing it stops that at once. A reply from a pending or removed address changes
//! nothing and the player is told at the account address. Mail goes through a real SMTP server.

mod common;

use common::mailbox::{self, Mail};
use common::smtp::SmtpSink;
use common::{Player, TestApp, problem};
use diesel::prelude::*;
use serde_json::{Value, json};
use tegami_api::db::schema::{mail_addresses, move_receipts};

const ROUTE: &str = "/api/v1/mail-addresses/confirm?token=";

/// Every email of `kind` the sink holds once it holds more than `n`.
fn all_of(sink: &SmtpSink, kind: &str, n: usize) -> Vec<Mail> {
    let all = sink.wait_until(kind, |m| m.iter().filter(|x| mailbox::parse(&x.data).kind == kind).count() > n);
    all.iter().map(|x| mailbox::parse(&x.data)).filter(|m| m.kind == kind).collect()
}

fn nth(sink: &SmtpSink, kind: &str, n: usize) -> Mail {
    all_of(sink, kind, n).into_iter().nth(n).unwrap()
}

/// The confirmation link (path and query) of the `n`-th confirmation email, which must be to `to`.
fn link(sink: &SmtpSink, n: usize, to: &str) -> String {
    let mail = nth(sink, "mail_address_confirm", n);
    assert_eq!(mail.to, to);
    let at = mail.text.find(ROUTE).expect("the email carries the link");
    mail.text[at..].chars().take_while(|c| !c.is_whitespace()).collect()
}

fn add(app: &TestApp, player: &Player, address: &str) -> reqwest::blocking::Response {
    app.post("/api/v1/me/mail-addresses", Some(&player.token), &json!({"address": address}))
}

fn listed(app: &TestApp, player: &Player) -> Vec<Value> {
    let r = app.get("/api/v1/me/mail-addresses", Some(&player.token));
    assert_eq!(r.status(), 200);
    r.json().unwrap()
}

fn confirm(app: &TestApp, link: &str) -> reqwest::blocking::Response {
    app.client.post(app.url(link)).send().unwrap()
}

fn with_smtp(db: tegami_api::db::scratch::Backend) -> (SmtpSink, TestApp) {
    let sink = SmtpSink::start();
    let url = sink.url();
    let app = TestApp::spawn_with(db, |s| s.mail.smtp_url = Some(url));
    (sink, app)
}

tegami_api::on_both_backends! {
    fn a_reply_from_an_added_address_moves_only_once_proved_and_never_after_removal(db) {
        let (sink, app) = with_smtp(db);
        let alice = app.player("alice");
        let work = "alice@work.example";
        let r = add(&app, &alice, "Alice@Work.Example");
        assert_eq!(r.status(), 201);
        let added: Value = r.json().unwrap();
        assert_eq!((added["address"].as_str(), added["status"].as_str()), (Some(work), Some("pending")), "{added}");
        let confirm_link = link(&sink, 0, work);

        // Pending: a reply from it is refused, and Alice is told at her account address why.
        let game = app.uosao_against_bots(&alice);
        let turn = nth(&sink, "turn", 0);
        let before = app.journal_len(game);
        let legal = mailbox::legal_moves(&turn.text);
        let outcome: Value = app.inbound(&mailbox::reply(&turn, work, &legal[0]), Some("inbound-secret")).json().unwrap();
        assert_eq!((outcome["outcome"].as_str(), outcome["code"].as_str()), (Some("refused"), Some("unproved_sender")), "{outcome}");
        assert_eq!(app.journal_len(game), before, "nothing changed");
        let refusal = nth(&sink, "reply_refused", 0);
        assert_eq!(refusal.to, alice.email);
        assert!(refusal.text.contains("have not proved yet"), "{}", refusal.text);

        // Opening the link shows a page and changes nothing (a mail scanner may open it); the button proves.
        let page = app.client.get(app.url(&confirm_link)).send().unwrap();
        assert_eq!(page.status(), 200);
        let html = page.text().unwrap();
        assert!(html.contains(work) && html.contains("method=\"post\""), "{html}");
        assert_eq!(listed(&app, &alice)[0]["status"], "pending");
        let done = confirm(&app, &confirm_link);
        assert_eq!(done.status(), 200);
        let proved = listed(&app, &alice);
        assert_eq!((proved[0]["status"].as_str(), proved[0]["proved_at"].is_string()), (Some("proved"), true), "{proved:?}");
        problem(confirm(&app, &confirm_link), 404, "unknown_link");

        // Proved: a reply from it (to the refusal's fresh token) moves, as one from the account address does.
        let legal = mailbox::legal_moves(&refusal.text);
        let (code, out) = app.mail_in(&mailbox::reply(&refusal, work, &legal[0]));
        assert_eq!(code, 0, "{out}");
        assert!(out.contains("\"applied\""), "{out}");
        assert!(app.journal_len(game) > before);
        let senders: Vec<(Option<String>, String)> = move_receipts::table
            .filter(move_receipts::game_id.eq(game))
            .select((move_receipts::sender, move_receipts::authenticated_by))
            .load(&mut *app.db())
            .unwrap();
        assert_eq!(senders, vec![(Some(work.to_string()), "reply_token+from".to_string())]);

        // Removed: the very next reply from it is refused and Alice is told; her own address still moves.
        // The move asked alice's next decision at once: the turn email asking it confirms the move.
        let confirmation = nth(&sink, "turn", 1);
        let id = proved[0]["id"].as_i64().unwrap();
        assert_eq!(app.delete(&format!("/api/v1/me/mail-addresses/{id}"), Some(&alice.token)).status(), 204);
        assert!(listed(&app, &alice).is_empty());
        let next = mailbox::legal_moves(&confirmation.text);
        let n = app.journal_len(game);
        let outcome: Value = app.inbound(&mailbox::reply(&confirmation, work, &next[0]), Some("inbound-secret")).json().unwrap();
        assert_eq!(outcome["code"], "wrong_sender", "{outcome}");
        assert_eq!(app.journal_len(game), n);
        let told = nth(&sink, "reply_refused", 1);
        assert_eq!(told.to, alice.email);
        assert!(told.text.contains(work) && told.text.contains("another address you added and proved"), "{}", told.text);
        let (code, out) = app.mail_in(&mailbox::reply(&told, &alice.email, &mailbox::legal_moves(&told.text)[0]));
        assert_eq!(code, 0, "{out}");
        assert!(out.contains("\"applied\""), "{out}");
        // Nothing ever went to the added address but its confirmation link.
        let to_work: Vec<String> = sink.messages().iter().filter(|m| m.to.iter().any(|t| t.contains(work)))
            .map(|m| mailbox::parse(&m.data).kind).collect();
        assert_eq!(to_work, vec!["mail_address_confirm".to_string()]);
    }
}

tegami_api::on_both_backends! {
    fn refusals_in_japanese_for_a_pending_address(db) {
        let (sink, app) = with_smtp(db);
        let alice = app.player("alice");
        let r = app.put("/api/v1/me/notifications", Some(&alice.token), &json!({"notify": "every_turn", "lang": "ja"}));
        assert_eq!(r.status(), 200);
        assert_eq!(add(&app, &alice, "alice@phone.example").status(), 201);
        app.uosao_against_bots(&alice);
        let turn = nth(&sink, "turn", 0);
        // Refused before the move is read: the first line need not be one.
        let outcome: Value =
            app.inbound(&mailbox::reply(&turn, "alice@phone.example", "R1"), Some("inbound-secret")).json().unwrap();
        assert_eq!(outcome["code"], "unproved_sender", "{outcome}");
        let refusal = nth(&sink, "reply_refused", 0);
        assert!(refusal.text.contains("まだ確認していないアドレス"), "{}", refusal.text);
    }
}

tegami_api::on_both_backends! {
    fn adding_is_validated_limited_single_use_and_expires(db) {
        let (sink, app) = with_smtp(db);
        let alice = app.player("alice");
        let bob = app.player("bob");
        problem(add(&app, &alice, "not an address"), 422, "bad_email");
        problem(add(&app, &alice, &format!("{}@example.com", "a".repeat(300))), 422, "bad_email");
        problem(add(&app, &alice, "a@example.com\r\nBcc: x@evil.example"), 422, "bad_email");
        problem(add(&app, &alice, "ALICE@example.com"), 409, "mail_address_is_yours");
        problem(add(&app, &alice, "bob@example.com"), 409, "mail_address_taken");
        let r = app.client.post(app.url("/api/v1/me/mail-addresses")).bearer_auth(&alice.token)
            .header("content-type", "application/json").body("{\"address\": 3}").send().unwrap();
        problem(r, 400, "malformed_body");

        // Both ask for the same address; the first to prove it has it, the other's link is then refused.
        assert_eq!(add(&app, &alice, "shared@example.org").status(), 201);
        assert_eq!(add(&app, &bob, "shared@example.org").status(), 201);
        let alices = link(&sink, 0, "shared@example.org");
        let bobs = link(&sink, 1, "shared@example.org");
        assert_eq!(confirm(&app, &bobs).status(), 200);
        problem(confirm(&app, &alices), 409, "mail_address_taken");
        assert_eq!(listed(&app, &alice)[0]["status"], "pending");
        problem(add(&app, &alice, "shared@example.org"), 409, "mail_address_taken");
        problem(add(&app, &bob, "shared@example.org"), 409, "mail_address_proved");
        // A proved reply address cannot open an account of its own.
        let newcomer = json!({"email": "shared@example.org", "display_name": "Sharer", "password": "password-123"});
        problem(app.post("/api/v1/accounts", None, &newcomer), 409, "email_taken");
        // Bob cannot remove Alice's.
        let alices_id = listed(&app, &alice)[0]["id"].as_i64().unwrap();
        problem(app.delete(&format!("/api/v1/me/mail-addresses/{alices_id}"), Some(&bob.token)), 404, "unknown_mail_address");

        // Adding a pending address again sends a new link and retires the old one.
        assert_eq!(add(&app, &alice, "later@example.org").status(), 201);
        let first = link(&sink, 2, "later@example.org");
        assert_eq!(add(&app, &alice, "later@example.org").status(), 200);
        let second = link(&sink, 3, "later@example.org");
        assert_ne!(first, second);
        problem(confirm(&app, &first), 404, "unknown_link");
        // Links expire after 48 hours.
        app.settings.clock.advance(chrono::Duration::hours(49));
        problem(app.get(&second, None), 410, "link_expired");
        problem(confirm(&app, &second), 410, "link_expired");
        problem(app.get("/api/v1/mail-addresses/confirm", None), 400, "malformed_query");

        // At most five added addresses, pending ones included.
        for i in 0..3 {
            assert_eq!(add(&app, &alice, &format!("extra{i}@example.org")).status(), 201);
        }
        assert_eq!(listed(&app, &alice).len(), 5);
        let body = problem(add(&app, &alice, "sixth@example.org"), 409, "too_many_mail_addresses");
        assert!(body["detail"].as_str().unwrap().contains("remove one first"), "{body}");
        // Tokens are stored hashed: no link's secret is in the table.
        let hashes: Vec<Option<String>> =
            mail_addresses::table.select(mail_addresses::token_hash).load(&mut *app.db()).unwrap();
        let secret = second.rsplit('=').next().unwrap().to_string();
        assert!(hashes.iter().flatten().all(|h| *h != secret && h.len() == 64), "{hashes:?}");
    }
}

tegami_api::on_both_backends! {
    fn confirmation_emails_are_throttled_per_account_and_per_address(db) {
        let app = TestApp::spawn_with(db, |s| {
            s.security.throttle_account_limit = 3;
            s.security.throttle_window_secs = 600;
        });
        let alice = app.player("alice");
        let bob = app.player("bob");
        for _ in 0..3 {
            assert!(add(&app, &alice, "target@example.org").status().is_success());
        }
        let r = add(&app, &alice, "other@example.org");
        assert!(r.headers().get("retry-after").is_some());
        let body = problem(r, 429, "too_many_requests");
        assert!(body["detail"].as_str().unwrap().contains("address confirmation emails"), "{body}");
        // Another account cannot go on mailing the same address either.
        problem(add(&app, &bob, "target@example.org"), 429, "too_many_requests");
        assert_eq!(add(&app, &bob, "bobs@example.org").status(), 201);
        app.settings.clock.advance(chrono::Duration::seconds(601));
        assert_eq!(add(&app, &alice, "other@example.org").status(), 201);
    }
}

tegami_api::on_both_backends! {
    fn export_lists_added_addresses_and_deletion_removes_them(db) {
        let (sink, app) = with_smtp(db);
        let alice = app.player("alice");
        assert_eq!(add(&app, &alice, "alice@work.example").status(), 201);
        assert_eq!(confirm(&app, &link(&sink, 0, "alice@work.example")).status(), 200);
        assert_eq!(add(&app, &alice, "alice@phone.example").status(), 201);
        let export: Value = app.get("/api/v1/me/export", Some(&alice.token)).json().unwrap();
        let listed: Vec<(&str, &str)> = export["mail_addresses"].as_array().unwrap().iter()
            .map(|a| (a["address"].as_str().unwrap(), a["status"].as_str().unwrap())).collect();
        assert_eq!(listed, vec![("alice@work.example", "proved"), ("alice@phone.example", "pending")]);

        let r = app.client.delete(app.url("/api/v1/me")).bearer_auth(&alice.token).json(&json!({"password": "password-123"})).send().unwrap();
        assert_eq!(r.status(), 204);
        let left: i64 = mail_addresses::table.count().get_result(&mut *app.db()).unwrap();
        assert_eq!(left, 0);
        // The address is free for someone else to prove.
        let carol = app.player("carol");
        assert_eq!(add(&app, &carol, "alice@work.example").status(), 201);
    }
}

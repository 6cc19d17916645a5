//! Only the player moves: a reply must come from the seat's address (and, when the settings ask, pass DMARC
//! as the receiving MTA reports it); anyone else's reply changes nothing and the player is told. Every
//! email about a pending decision carries a fresh reply token, so replying to a refusal or a confirmation
//! works; how each move arrived is recorded beside the journal. Mail goes through a real SMTP server.

mod common;

use common::TestApp;
use common::mailbox::{self, Mail};
use common::smtp::SmtpSink;
use diesel::prelude::*;
use serde_json::Value;
use tegami_api::db::schema::move_receipts;
use tegami_api::settings::ReplyTokenIn;

/// The `n`-th email of `kind` the sink received (waiting for it), and how many emails it had then.
fn nth(sink: &SmtpSink, kind: &str, n: usize) -> Mail {
    let all = sink.wait_until(kind, |m| m.iter().filter(|x| mailbox::parse(&x.data).kind == kind).count() > n);
    all.iter().map(|x| mailbox::parse(&x.data)).filter(|m| m.kind == kind).nth(n).unwrap()
}

fn receipts(app: &TestApp, game: i64) -> Vec<(String, Option<String>, String)> {
    move_receipts::table
        .filter(move_receipts::game_id.eq(game))
        .order(move_receipts::seq.asc())
        .select((move_receipts::channel, move_receipts::sender, move_receipts::authenticated_by))
        .load(&mut *app.db())
        .unwrap()
}

/// `raw` with `headers` put on top (as a receiving MTA adds its own).
fn with_headers(headers: &str, raw: Vec<u8>) -> Vec<u8> {
    let mut out = headers.as_bytes().to_vec();
    out.extend(raw);
    out
}

tegami_api::on_both_backends! {
    fn a_reply_from_someone_else_changes_nothing_and_the_player_is_told(db) {
        let sink = SmtpSink::start();
        let url = sink.url();
        let app = TestApp::spawn_with(db, |s| s.mail.smtp_url = Some(url));
        let alice = app.player("alice");
        let game = app.uosao_against_bots(&alice);
        let turn = nth(&sink, "turn", 0);
        assert!(!turn.subject.contains("ref:"), "the token left the subject: {}", turn.subject);
        let before = app.journal_len(game);
        let legal = mailbox::legal_moves(&turn.text);

        // Mallory holds a forwarded turn email: her reply is refused, and Alice (not Mallory) is told.
        let forged = mailbox::reply(&turn, "mallory@evil.test", &legal[0]);
        let outcome: Value = app.inbound(&forged, Some("inbound-secret")).json().unwrap();
        assert_eq!((outcome["outcome"].as_str(), outcome["code"].as_str()), (Some("refused"), Some("wrong_sender")), "{outcome}");
        assert_eq!(app.journal_len(game), before, "nothing changed");
        let (code, out) = app.mail_in(&forged);
        assert_eq!(code, 0);
        assert!(out.contains("wrong_sender"), "{out}");
        let refusal = nth(&sink, "reply_refused", 0);
        assert_eq!(refusal.to, alice.email);
        assert!(refusal.text.contains("mallory@evil.test"), "{}", refusal.text);
        assert!(refusal.text.contains("only replies sent from your own address"), "{}", refusal.text);
        assert!(sink.messages().iter().all(|m| m.to.iter().all(|t| !t.contains("mallory"))), "nothing to Mallory");

        // The refusal carries a fresh reply token for the decision still pending: replying to it works.
        let fresh = refusal.reply_to.clone().expect("a reply address");
        assert!(fresh.starts_with("play+") && Some(&fresh) != turn.reply_to.as_ref(), "{fresh}");
        let legal = mailbox::legal_moves(&refusal.text);
        let (code, out) = app.mail_in(&mailbox::reply(&refusal, &alice.email, &legal[0]));
        assert_eq!(code, 0, "{out}");
        assert!(out.contains("\"applied\""), "{out}");
        // The original turn email still answered nothing, but its decision is gone: late.
        let outcome: Value =
            app.inbound(&mailbox::reply(&turn, &alice.email, &legal[0]), Some("inbound-secret")).json().unwrap();
        assert_eq!(outcome["code"], "stale_decision", "{outcome}");

        // The move asked alice's next decision at once: one turn email confirms it and asks that decision,
        // with its own token; replying to it works too.
        let confirmation = nth(&sink, "turn", 1);
        assert!(confirmation.text.replace('\n', " ").contains("was accepted, and the next decision is yours too"), "{}", confirmation.text);
        assert!(confirmation.reply_to.as_deref().is_some_and(|r| r.starts_with("play+")), "{confirmation:?}");
        let next = mailbox::legal_moves(&confirmation.text);
        let n = app.journal_len(game);
        let (code, out) = app.mail_in(&mailbox::reply(&confirmation, &alice.email, &next[0]));
        assert_eq!(code, 0, "{out}");
        assert!(out.contains("\"applied\""), "{out}");
        assert!(app.journal_len(game) > n);

        let recorded = receipts(&app, game);
        assert_eq!(recorded.len(), 2);
        for (channel, sender, by) in &recorded {
            assert_eq!((channel.as_str(), sender.as_deref(), by.as_str()), ("email_reply", Some(alice.email.as_str()), "reply_token+from"));
        }
    }
}

tegami_api::on_both_backends! {
    fn dmarc_is_required_when_asked_and_tokens_can_ride_in_the_references(db) {
        let sink = SmtpSink::start();
        let url = sink.url();
        let app = TestApp::spawn_with(db, |s| {
            s.mail.smtp_url = Some(url);
            s.mail.require_dmarc = true;
            s.mail.authserv_id = Some("mx.tegami.test".into());
            s.mail.reply_token_in = ReplyTokenIn::References;
        });
        let alice = app.player("alice");
        let game = app.uosao_against_bots(&alice);
        let turn = nth(&sink, "turn", 0);
        // The reply address is the bare one; the token is in the Message-ID the reply cites.
        assert_eq!(turn.reply_to.as_deref(), Some("play@tegami.test"));
        assert!(turn.message_id.starts_with("tegami.reply."), "{}", turn.message_id);
        let legal = mailbox::legal_moves(&turn.text);
        let before = app.journal_len(game);

        // No Authentication-Results, then one from a server that is not ours: not proved.
        let plain = mailbox::reply(&turn, &alice.email, &legal[0]);
        let outcome: Value = app.inbound(&plain, Some("inbound-secret")).json().unwrap();
        assert_eq!(outcome["code"], "dmarc_failed", "{outcome}");
        let forged = with_headers("Authentication-Results: evil.test; dmarc=pass header.from=example.com\r\n", plain.clone());
        let outcome: Value = app.inbound(&forged, Some("inbound-secret")).json().unwrap();
        assert_eq!(outcome["code"], "dmarc_failed", "{outcome}");
        let failed = with_headers("Authentication-Results: mx.tegami.test; dmarc=fail header.from=example.com\r\n", plain.clone());
        let outcome: Value = app.inbound(&failed, Some("inbound-secret")).json().unwrap();
        assert_eq!(outcome["code"], "dmarc_failed", "{outcome}");
        assert_eq!(app.journal_len(game), before);
        let refusal = nth(&sink, "reply_refused", 0);
        assert!(refusal.text.contains("DMARC"), "{}", refusal.text);

        // Our MTA vouches for the sender's domain: applied.
        let passed = with_headers(
            "Authentication-Results: mx.tegami.test;\r\n spf=pass smtp.mailfrom=example.com;\r\n dmarc=pass (p=reject) header.from=example.com\r\n",
            plain,
        );
        let outcome: Value = app.inbound(&passed, Some("inbound-secret")).json().unwrap();
        assert_eq!(outcome["outcome"], "applied", "{outcome}");
        assert_eq!(receipts(&app, game), vec![("email_reply".to_string(), Some(alice.email.clone()), "reply_token+from+dmarc".to_string())]);
    }
}

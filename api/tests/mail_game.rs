//! A whole three-player UOSAO game played by email: after creation (and the invited players joining),
//! every move is a reply to a turn email, delivered through `tegami-server mail-in` or the inbound HTTP
//! endpoint. Mail goes out through lettre's real SMTP transport to an SMTP server on loopback.

mod common;

use std::collections::{BTreeSet, HashMap};

use common::mailbox;
use common::smtp::SmtpSink;
use common::{Player, TestApp};
use diesel::prelude::*;
use serde_json::{Value, json};
use shared::api_types::{GameStatus, JournalListing};
use shared::journal::{Actor, EntryBody};
use tegami_api::db::schema::move_receipts;
use unicode_width::UnicodeWidthStr;

fn board(app: &TestApp, p: &Player, game: i64) -> String {
    let r = app.get(&format!("/api/v1/games/{game}/board?width=72"), Some(&p.token));
    assert_eq!(r.status(), 200);
    r.text().unwrap()
}

tegami_api::on_both_backends! {
    fn a_whole_game_is_played_by_replying_to_emails(db) {
        let sink = SmtpSink::start();
        let url = sink.url();
        let app = TestApp::spawn_with(db, |s| s.mail.smtp_url = Some(url));
        let alice = app.player("alice");
        let bob = app.player("bob");
        let carol = app.player("carol");
        let seats =
            json!([{"kind": "me"}, {"kind": "invite", "email": bob.email}, {"kind": "invite", "email": carol.email}]);
        let r = app.post("/api/v1/games", Some(&alice.token), &json!({"slug": "uosao", "seats": seats}));
        assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
        let game = r.json::<Value>().unwrap()["id"].as_i64().unwrap();

        // The invitations arrive first (after the address verifications of registration).
        let is_invitation = |m: &common::smtp::Received| mailbox::parse(&m.data).kind == "invitation";
        let all = sink.wait_until("two invitations", |m| m.iter().filter(|x| is_invitation(x)).count() >= 2);
        let invitations: Vec<_> = all.into_iter().filter(is_invitation).collect();
        let invited: BTreeSet<String> = invitations.iter().map(|m| mailbox::parse(&m.data).to).collect();
        assert_eq!(invited, BTreeSet::from([bob.email.clone(), carol.email.clone()]));
        for m in &invitations {
            let mail = mailbox::parse(&m.data);
            assert!(!mail.subject.contains("alice"), "the inviter's words stay out of the subject: {}", mail.subject);
            assert!(mail.text.contains("alice invites you to play"), "{}", mail.text);
            assert!(mail.text.contains(&format!("tegami join {game}")));
            assert!(mail.text.contains("/api/v1/invitations/never/"), "{}", mail.text);
        }
        for p in [&bob, &carol] {
            let r = app.post(&format!("/api/v1/games/{game}/join"), Some(&p.token), &json!({}));
            assert_eq!(r.status(), 200, "{}", r.text().unwrap_or_default());
        }

        let players: HashMap<String, &Player> = [&alice, &bob, &carol].into_iter().map(|p| (p.email.clone(), p)).collect();
        let mut handled = 0;
        let mut moves = 0;
        let mut turn_emails = 0;
        let mut confirmations = 0;
        let mut over_emails = Vec::new();
        let mut via_http = false;
        let mut started: BTreeSet<String> = BTreeSet::new();
        let subject = format!("[tegami] UOSAO (Right King, Left King) #{game}");
        while over_emails.len() < 3 {
            let all = sink.wait_until("the next email", |m| m.len() > handled);
            let received = all[handled].clone();
            handled += 1;
            let mail = mailbox::parse(&received.data);
            assert_eq!(received.to, vec![mail.to.clone()], "the envelope goes to the addressee");
            if mail.kind == "verify_email" || mail.kind == "invitation" {
                continue;
            }
            let player = players[&mail.to];
            // Every email of the game to a player is in one thread, opened by a game-start email that was sent
            // first, and has one subject, without internal codes.
            let root = format!("tegami.game.{game}.{}@tegami.test", player.id);
            assert_eq!(mail.subject, subject);
            if mail.kind == "game_start" {
                assert_eq!(mail.message_id, root);
                assert!(mail.in_reply_to.is_empty(), "the thread starts here");
                assert!(mail.text.contains("== Players =="), "{}", mail.text);
                assert!(started.insert(mail.to.clone()), "one game-start email per player");
                continue;
            }
            assert!(started.contains(&mail.to), "the thread root was sent before the {} email", mail.kind);
            assert_eq!(mail.references, format!("<{root}>"));
            assert_eq!(mail.in_reply_to, mail.references);
            // Prose is wrapped at 72 columns; only the board may be wider (at most 78).
            let mut in_board = false;
            for line in mail.text.lines() {
                if line.starts_with("== ") {
                    in_board = line.contains("view") || line.contains("position");
                }
                let limit = if in_board { 78 } else { 72 };
                assert!(line.width() <= limit, "a {}-column line in a {} email:\n{line}", line.width(), mail.kind);
            }
            assert!(mail.html.contains("name=\"viewport\""), "responsive HTML");
            if mail.kind != "reply_accepted" {
                assert!(mail.html.contains("<a href=\"http://127.0.0.1/api/v1/games/"), "clickable links:\n{}", mail.html);
            }
            if mail.kind == "reply_accepted" {
                confirmations += 1;
                continue;
            }
            if mail.kind == "game_over" {
                assert!(mail.text.contains("== Result =="));
                over_emails.push(mail.to.clone());
                continue;
            }
            assert_eq!(mail.kind, "turn");
            // One email per decision: a turn asked by the player's own move by email confirms that move too.
            if mail.text.replace('\n', " ").contains("was accepted, and the next decision is yours too") {
                confirmations += 1;
            }
            let first = mail.text.lines().next().unwrap();
            assert!(first.starts_with("Your move in UOSAO") && first.contains(" season ") && first.contains(" round "), "{first}");
            // The legal moves are listed once, with one example of a reply.
            assert_eq!(mail.text.matches("Legal moves:").count(), 1, "{}", mail.text);
            assert_eq!(mail.text.matches("for example:").count(), 1, "{}", mail.text);
            turn_emails += 1;
            // The recipient's own board, exactly as `tegami show` gets it, in both parts.
            let expected = board(&app, player, game);
            assert!(
                mail.text.contains(expected.trim_end_matches('\n')),
                "turn email to {} lacks their board:\n{}",
                mail.to,
                mail.text
            );
            // The HTML part shows it as a picture (api/tests/mail_pictures.rs checks which).
            assert!(mail.html.contains("<img src=\"cid:board."), "HTML part lacks the board's picture");
            assert!(mail.list_unsubscribe.as_deref().is_some_and(|u| u.contains("/api/v1/unsubscribe/")));
            let reply_to = mail.reply_to.clone().expect("a reply address");
            assert!(reply_to.starts_with("play+") && reply_to.ends_with("@tegami.test"), "{reply_to}");
            let legal = mailbox::legal_moves(&mail.text);
            assert!(!legal.is_empty());
            let choice = &legal[moves % legal.len()];
            let raw = mailbox::reply(&mail, &player.email, choice);
            via_http = !via_http;
            if via_http {
                let r = app.inbound(&raw, Some("inbound-secret"));
                assert_eq!(r.status(), 200, "{}", r.text().unwrap_or_default());
                let outcome: Value = r.json().unwrap();
                assert_eq!(outcome["outcome"], "applied", "{outcome}");
            } else {
                let (code, out) = app.mail_in(&raw);
                assert_eq!(code, 0, "mail-in: {out}");
                assert!(out.contains("\"applied\""), "{out}");
            }
            moves += 1;
            assert!(moves < 500, "the game does not end");
        }
        assert_eq!(over_emails.iter().collect::<BTreeSet<_>>().len(), 3, "each player gets the result once");
        assert_eq!(started.len(), 3, "every player's thread was opened");
        assert_eq!(confirmations, moves, "every applied reply is confirmed, once");
        assert_eq!(turn_emails, moves, "one turn email per decision");

        let done = alice.detail(&app, game);
        assert_eq!(done.summary.status, GameStatus::Finished);
        let journal: JournalListing = app.get(&format!("/api/v1/games/{game}/journal"), None).json().unwrap();
        let by_mail = journal.entries.iter().filter(|e| matches!(e.body, EntryBody::Move { by: Actor::Mail, .. })).count();
        let all_moves = journal.entries.iter().filter(|e| matches!(e.body, EntryBody::Move { .. })).count();
        assert_eq!((by_mail, all_moves), (moves, moves), "every move came by email");
        // How each move arrived is recorded beside the journal: channel, Message-ID, token hash, what vouched.
        let receipts: Vec<(String, Option<String>, Option<String>, String)> = move_receipts::table
            .filter(move_receipts::game_id.eq(game))
            .select((move_receipts::channel, move_receipts::message_id, move_receipts::token_hash, move_receipts::authenticated_by))
            .load(&mut *app.db())
            .unwrap();
        assert_eq!(receipts.len(), moves);
        for (channel, message_id, token_hash, by) in &receipts {
            assert_eq!((channel.as_str(), by.as_str()), ("email_reply", "reply_token+from"));
            assert!(message_id.as_deref().is_some_and(|m| m.ends_with("@client.test>")), "{message_id:?}");
            assert_eq!(token_hash.as_deref().map(str::len), Some(64));
        }
        // Nothing was sent twice.
        let ids: Vec<String> = sink.messages().iter().map(|m| mailbox::parse(&m.data).message_id).collect();
        assert_eq!(ids.iter().collect::<BTreeSet<_>>().len(), ids.len());
    }
}

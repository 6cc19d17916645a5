//! Inbound mail that must never loop or flood, and replies read as people write them (issue #23): every
//! email tegami sends says it is automatic and no automatic message is answered; refusals to one address
//! are limited; a message delivered again is answered once; a reply is judged by its `Sender` when it has
//! several authors; a reply to a confirmation is answered usefully; bottom-posted, HTML-only and
//! full-width replies move. Mail goes through a real SMTP server.

mod common;

use common::TestApp;
use common::mailbox::{self, Mail};
use common::smtp::SmtpSink;
use serde_json::{Value, json};

/// `text` with its line wrapping undone.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn of_kind(sink: &SmtpSink, kind: &str) -> Vec<Mail> {
    sink.messages().iter().map(|m| mailbox::parse(&m.data)).filter(|m| m.kind == kind).collect()
}

/// The `n`-th email of `kind` the sink received (waiting for it).
fn nth(sink: &SmtpSink, kind: &str, n: usize) -> Mail {
    sink.wait_until(kind, |m| m.iter().filter(|x| mailbox::parse(&x.data).kind == kind).count() > n);
    of_kind(sink, kind).remove(n)
}

/// The number of emails of `kind` once the server has had time to send any more.
fn settled_count(sink: &SmtpSink, kind: &str) -> usize {
    std::thread::sleep(std::time::Duration::from_millis(600));
    of_kind(sink, kind).len()
}

fn with_sink(
    db: tegami_api::db::scratch::Backend,
    tweak: impl FnOnce(&mut tegami_api::settings::Settings),
) -> (SmtpSink, TestApp) {
    let sink = SmtpSink::start();
    let url = sink.url();
    let app = TestApp::spawn_with(db, |s| {
        s.mail.smtp_url = Some(url);
        tweak(s);
    });
    (sink, app)
}

fn outcome(app: &TestApp, raw: &[u8]) -> Value {
    let r = app.inbound(raw, Some("inbound-secret"));
    assert_eq!(r.status(), 200);
    r.json().unwrap()
}

/// A reply to `to` (its reply address) with these header lines on top and `body` as its text.
fn message(to: &Mail, headers: &str, body: &str) -> Vec<u8> {
    format!(
        "{headers}To: <{}>\r\nSubject: Re: {}\r\nMessage-ID: {}\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\n{}\r\n",
        to.reply_to.as_deref().unwrap(),
        to.subject,
        mailbox::fresh_message_id(),
        body.replace('\n', "\r\n")
    )
    .into_bytes()
}

tegami_api::on_both_backends! {
    fn automatic_messages_are_never_answered(db) {
        let (sink, app) = with_sink(db, |_| {});
        let alice = app.player("alice");
        let game = app.uosao_against_bots(&alice);
        let turn = nth(&sink, "turn", 0);
        let raw = String::from_utf8_lossy(&turn.raw).into_owned();
        assert!(raw.contains("Auto-Submitted: auto-generated\r\n"), "the turn email says it is automatic");
        let legal = mailbox::legal_moves(&turn.text);
        let before = app.journal_len(game);

        let from = format!("From: Alice <{}>\r\n", alice.email);
        for marks in [
            "Auto-Submitted: auto-replied\r\n",
            "Auto-Submitted: auto-generated\r\n",
            "Precedence: junk\r\n",
            "Precedence: bulk\r\n",
            "Return-Path: <>\r\n",
            "Return-Path: <MAILER-DAEMON@mx.example.com>\r\n",
            "X-Autoreply: yes\r\n",
            "List-Id: <players.lists.example.com>\r\n",
        ] {
            // An out-of-office reply that happens to begin with a legal move changes nothing either.
            let ooo = message(&turn, &format!("{marks}{from}"), &legal[0]);
            let (code, out) = app.mail_in(&ooo);
            assert_eq!(code, 0, "{marks}: {out}");
            assert!(out.contains("\"outcome\":\"ignored\"") && out.contains("\"automatic\""), "{marks}: {out}");
            let o = outcome(&app, &ooo);
            assert_eq!((o["outcome"].as_str(), o["code"].as_str()), (Some("ignored"), Some("automatic")), "{o}");
        }
        // A bounce of a token nobody knows is not bounced back either (exit 0, not 67).
        let mut unknown = turn.clone();
        unknown.reply_to = Some("play+ffffffffffffffffffffffffffffffff@tegami.test".into());
        let dsn = message(&unknown, "Return-Path: <>\r\nFrom: MAILER-DAEMON@mx.example.com\r\n", "mailbox full");
        assert_eq!(app.mail_in(&dsn).0, 0);

        assert_eq!(settled_count(&sink, "reply_refused"), 0, "no email answers a machine");
        assert_eq!(app.journal_len(game), before, "nothing moved");
        // The reply token is untouched: the player's own reply still moves.
        let o = outcome(&app, &mailbox::reply(&turn, &alice.email, &legal[0]));
        assert_eq!(o["outcome"], "applied", "{o}");
        // The bots answer at once, so the move's confirmation is alice's next turn email.
        let next = nth(&sink, "turn", 1);
        assert!(String::from_utf8_lossy(&next.raw).contains("Auto-Submitted: auto-generated\r\n"));
    }
}

tegami_api::on_both_backends! {
    fn refusals_to_one_address_are_limited_per_game_and_in_all(db) {
        let (sink, app) = with_sink(db, |s| {
            s.mail.refusals_per_game_per_hour = 3;
            s.mail.refusals_per_hour = 5;
        });
        let alice = app.player("alice");
        let game = app.uosao_against_bots(&alice);
        let turn = nth(&sink, "turn", 0);
        let legal = mailbox::legal_moves(&turn.text);
        // Mallory holds alice's turn email and replies 17 times: alice hears of the first 3.
        for i in 0..17 {
            let o = outcome(&app, &mailbox::reply(&turn, "mallory@evil.test", &legal[0]));
            assert_eq!(o["code"], "wrong_sender", "{o}");
            assert_eq!(o["mailed"], i < 3, "reply {i}: {o}");
        }
        sink.wait_until("three refusals", |m| m.iter().filter(|x| mailbox::parse(&x.data).kind == "reply_refused").count() >= 3);
        assert_eq!(settled_count(&sink, "reply_refused"), 3);
        assert!(sink.messages().iter().all(|m| m.to.iter().all(|t| !t.contains("mallory"))), "nothing to Mallory");

        // Another game: two more, then the address has had its five for the hour.
        let other = app.uosao_against_bots(&alice);
        let turn2 = nth(&sink, "turn", 1);
        assert_ne!(turn2.reply_to, turn.reply_to);
        for i in 0..3 {
            let o = outcome(&app, &mailbox::reply(&turn2, "mallory@evil.test", "whatever"));
            assert_eq!(o["game"], other);
            assert_eq!(o["mailed"], i < 2, "reply {i} about game {other}: {o}");
        }
        assert_eq!(settled_count(&sink, "reply_refused"), 5);

        // An hour later, refusals are mailed again.
        app.settings.clock.advance(chrono::Duration::minutes(61));
        let o = outcome(&app, &mailbox::reply(&turn, "mallory@evil.test", &legal[0]));
        assert_eq!((o["code"].as_str(), o["mailed"].as_bool()), (Some("wrong_sender"), Some(true)), "{o}");
        sink.wait_until("the sixth refusal", |m| m.iter().filter(|x| mailbox::parse(&x.data).kind == "reply_refused").count() >= 6);
        assert!(game != other);
    }
}

tegami_api::on_both_backends! {
    fn a_message_delivered_again_is_answered_once(db) {
        let (sink, app) = with_sink(db, |_| {});
        let alice = app.player("alice");
        let game = app.uosao_against_bots(&alice);
        let turn = nth(&sink, "turn", 0);
        let good = mailbox::reply(&turn, &alice.email, &mailbox::legal_moves(&turn.text)[0]);
        let first = outcome(&app, &good);
        assert_eq!((first["outcome"].as_str(), first["repeated"].as_bool()), (Some("applied"), Some(false)), "{first}");
        let after = app.journal_len(game);
        // The MTA delivers it again (a retry after a timeout): taken as already done.
        let (code, out) = app.mail_in(&good);
        assert_eq!(code, 0, "{out}");
        let again: Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(again["outcome"], "applied", "{again}");
        assert_eq!(again["repeated"], true, "{again}");
        assert_eq!((again["game"].clone(), again["seq"].clone()), (first["game"].clone(), first["seq"].clone()));
        assert_eq!(outcome(&app, &good)["repeated"], true);
        assert_eq!(app.journal_len(game), after, "no second move");
        // The move's confirmation and the next question (alice's again: the bots answer at once) are one email.
        nth(&sink, "turn", 1);
        assert_eq!(settled_count(&sink, "turn"), 2, "one email for the move and the next question");
        assert_eq!(of_kind(&sink, "reply_accepted").len(), 0, "no separate confirmation");
        assert_eq!(of_kind(&sink, "reply_refused").len(), 0, "and no refusal");

        // A refused message delivered twice is refused by one email.
        let turn2 = nth(&sink, "turn", 1);
        let empty = mailbox::reply(&turn2, &alice.email, "");
        let o = outcome(&app, &empty);
        assert_eq!((o["code"].as_str(), o["mailed"].as_bool(), o["repeated"].as_bool()), (Some("no_move"), Some(true), Some(false)), "{o}");
        let o = outcome(&app, &empty);
        assert_eq!((o["code"].as_str(), o["mailed"].as_bool(), o["repeated"].as_bool()), (Some("no_move"), Some(false), Some(true)), "{o}");
        nth(&sink, "reply_refused", 0);
        assert_eq!(settled_count(&sink, "reply_refused"), 1);

        // A new message with the spent token is another message: refused as used.
        let o = outcome(&app, &mailbox::reply(&turn, &alice.email, &mailbox::legal_moves(&turn.text)[0]));
        assert_eq!((o["code"].as_str(), o["repeated"].as_bool()), (Some("reply_used"), Some(false)), "{o}");
        // Messages are remembered for 14 days.
        app.settings.clock.advance(chrono::Duration::days(15));
        let o = outcome(&app, &good);
        assert_eq!((o["code"].as_str(), o["repeated"].as_bool()), (Some("reply_used"), Some(false)), "{o}");
    }
}

/// `raw` (from `mailbox::reply`) with its `From:` line replaced by `from_lines`.
fn sent_as(raw: Vec<u8>, from_lines: &str) -> Vec<u8> {
    let text = String::from_utf8(raw).unwrap();
    let (_, rest) = text.split_once("\r\n").unwrap();
    format!("{from_lines}{rest}").into_bytes()
}

tegami_api::on_both_backends! {
    fn a_reply_with_several_authors_is_judged_by_its_sender(db) {
        let (sink, app) = with_sink(db, |_| {});
        let alice = app.player("alice");
        let game = app.uosao_against_bots(&alice);
        let turn = nth(&sink, "turn", 0);
        let legal = mailbox::legal_moves(&turn.text);
        let before = app.journal_len(game);
        let a = &alice.email;
        let reply = || mailbox::reply(&turn, a, &legal[0]);

        // Two authors and no Sender: which one sent it cannot be told.
        let o = outcome(&app, &sent_as(reply(), &format!("From: Alice <{a}>, Mallory <mallory@evil.test>\r\n")));
        assert_eq!(o["code"], "ambiguous_sender", "{o}");
        let refusal = nth(&sink, "reply_refused", 0);
        assert_eq!(refusal.to, alice.email);
        assert!(flat(&refusal.text).contains("names several authors"), "{}", refusal.text);
        // Alice as the author, sent by Mallory: judged by the Sender.
        let o = outcome(&app, &sent_as(reply(), &format!("From: <{a}>\r\nSender: <mallory@evil.test>\r\n")));
        assert_eq!(o["code"], "wrong_sender", "{o}");
        assert!(o["detail"].as_str().unwrap().contains("mallory@evil.test"), "{o}");
        // Alice as the Sender of someone else's message: one of its authors must be hers.
        let o = outcome(&app, &sent_as(reply(), &format!("From: <mallory@evil.test>, <carol@example.com>\r\nSender: <{a}>\r\n")));
        assert_eq!(o["code"], "wrong_sender", "{o}");
        assert!(o["detail"].as_str().unwrap().contains("on behalf of"), "{o}");
        assert_eq!(app.journal_len(game), before);
        // Alice sending for herself and a friend: her move.
        let o = outcome(&app, &sent_as(reply(), &format!("From: <carol@example.com>, Alice <{a}>\r\nSender: Alice <{a}>\r\n")));
        assert_eq!(o["outcome"], "applied", "{o}");
        let receipts: Vec<Option<String>> = {
            use diesel::prelude::*;
            use tegami_api::db::schema::move_receipts;
            move_receipts::table
                .filter(move_receipts::game_id.eq(game))
                .select(move_receipts::sender)
                .load(&mut *app.db())
                .unwrap()
        };
        assert_eq!(receipts, vec![Some(alice.email.clone())], "the receipt names the sender judged");
    }
}

tegami_api::on_both_backends! {
    fn a_reply_to_a_confirmation_is_answered_usefully(db) {
        let (sink, app) = with_sink(db, |_| {});
        let alice = app.player("alice");
        let bob = app.player("bob");
        let r = app.post(
            "/api/v1/games",
            Some(&alice.token),
            &json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "bot"}]}),
        );
        assert_eq!(r.status(), 201);
        let game = r.json::<Value>().unwrap()["id"].as_i64().unwrap();
        assert_eq!(app.post(&format!("/api/v1/games/{game}/join"), Some(&bob.token), &json!({})).status(), 200);
        // Alice answers by email (bob answers by the API only while nothing is asked of her) until a
        // confirmation asks nothing more of her: she waits for bob.
        let mut to_answer: Option<Mail> = None;
        let mut confirmations = 0;
        let confirmation = loop {
            while alice.moves(&app, game).is_empty() {
                to_answer = None;
                if !bob.moves(&app, game).is_empty() {
                    assert_eq!(bob.play_first_option(&app, game).status(), 201);
                }
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
            let email = match to_answer.take() {
                Some(email) => email,
                None => {
                    let turns = |m: &[common::smtp::Received]| {
                        m.iter().map(|x| mailbox::parse(&x.data)).filter(|x| x.kind == "turn" && x.to == alice.email).count()
                    };
                    let seen = turns(&sink.messages());
                    if seen == 0 {
                        sink.wait_until("alice's turn email", |m| turns(m) > 0);
                    }
                    of_kind(&sink, "turn").into_iter().rfind(|m| m.to == alice.email).unwrap()
                }
            };
            let alices_turns = |m: &[common::smtp::Received]| {
                m.iter().map(|x| mailbox::parse(&x.data)).filter(|x| x.kind == "turn" && x.to == alice.email).count()
            };
            let accepted = |m: &[common::smtp::Received]| {
                m.iter().map(|x| mailbox::parse(&x.data)).filter(|x| x.kind == "reply_accepted").count()
            };
            let turns_before = alices_turns(&sink.messages());
            let o = outcome(&app, &mailbox::reply(&email, &alice.email, &mailbox::legal_moves(&email.text)[0]));
            assert_eq!(o["outcome"], "applied", "{o}");
            // A move whose next question is alice's again comes back as one turn email; otherwise as a
            // confirmation.
            sink.wait_until("alice's confirmation or next turn email", |m| {
                accepted(m) > confirmations || alices_turns(m) > turns_before
            });
            let mut confirmations_now = of_kind(&sink, "reply_accepted");
            if confirmations_now.len() <= confirmations {
                to_answer = of_kind(&sink, "turn").into_iter().rfind(|m| m.to == alice.email);
                continue;
            }
            let confirmation = confirmations_now.remove(confirmations);
            confirmations += 1;
            if confirmation.reply_to.as_deref().is_some_and(|r| r.contains('+')) {
                to_answer = Some(confirmation);
                continue;
            }
            break confirmation;
        };
        assert!(alice.moves(&app, game).is_empty(), "nothing is asked of alice until bob moves");
        assert_eq!(confirmation.reply_to.as_deref(), Some("play@tegami.test"), "replies to it reach the server");

        // "Thanks!" to the confirmation: not an unknown recipient, but a message at the table (issue 26).
        let reply_to_confirmation = |from: &str, text: &str| {
            format!(
                "From: <{from}>\r\nTo: tegami <play@tegami.test>\r\nSubject: Re: {}\r\nIn-Reply-To: <{}>\r\n\
                 References: {} <{1}>\r\nMessage-ID: {}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{text}\r\n",
                confirmation.subject,
                confirmation.message_id,
                confirmation.references,
                mailbox::fresh_message_id()
            )
            .into_bytes()
        };
        let thanks = |from: &str| reply_to_confirmation(from, "Thanks!");
        let o = outcome(&app, &thanks(&alice.email));
        assert_eq!(o["outcome"], "message", "{o}");
        let said: Value = app.get(&format!("/api/v1/games/{game}/messages"), Some(&bob.token)).json().unwrap();
        assert_eq!(said["messages"][0]["text"], "Thanks!", "{said}");
        // Anyone else citing the thread is not answered at all (its Message-ID is no secret).
        problem_404(app.inbound(&thanks("mallory@evil.test"), Some("inbound-secret")));
        assert_eq!(app.mail_in(&thanks("mallory@evil.test")).0, 67);

        // Once bob has moved, a move sent to the confirmation gets a reply address for alice's pending move.
        while alice.moves(&app, game).is_empty() {
            if !bob.moves(&app, game).is_empty() {
                assert_eq!(bob.play_first_option(&app, game).status(), 201);
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        let legal = alice.moves(&app, game)[0].choices.options[0].notation.clone();
        let o = outcome(&app, &reply_to_confirmation(&alice.email, &legal));
        assert_eq!(o["code"], "nothing_asked", "{o}");
        let answer = nth(&sink, "reply_refused", 0);
        assert!(flat(&answer.text).contains("A move is asked of you now"), "{}", answer.text);
        assert!(answer.reply_to.as_deref().is_some_and(|r| r.starts_with("play+")), "{:?}", answer.reply_to);
        let before = app.journal_len(game);
        let o = outcome(&app, &mailbox::reply(&answer, &alice.email, &mailbox::legal_moves(&answer.text)[0]));
        assert_eq!(o["outcome"], "applied", "{o}");
        assert!(app.journal_len(game) > before);
    }
}

fn problem_404(r: reqwest::blocking::Response) {
    common::problem(r, 404, "unknown_reply");
}

/// `text` typed on a Japanese keyboard: ASCII letters, digits and signs full-width.
fn full_width(text: &str) -> String {
    text.chars().map(|c| if c.is_ascii_graphic() { char::from_u32(c as u32 + 0xFEE0).unwrap() } else { c }).collect()
}

tegami_api::on_both_backends! {
    fn bottom_posted_html_only_and_full_width_replies_move(db) {
        let (sink, app) = with_sink(db, |_| {});
        let alice = app.player("alice");
        let game = app.uosao_against_bots(&alice);
        let from = format!("From: Alice <{}>\r\n", alice.email);
        let mut seen = 0;
        let mut next = |sink: &SmtpSink| {
            let t = nth(sink, "turn", seen);
            seen += 1;
            let m = mailbox::legal_moves(&t.text)[0].clone();
            (t, m)
        };
        let applied = |raw: Vec<u8>| {
            let o = outcome(&app, &raw);
            assert_eq!(o["outcome"], "applied", "{o}: {}", String::from_utf8_lossy(&raw));
        };

        // Thunderbird: the attribution line, the quote, then the answer.
        let (turn, mv) = next(&sink);
        let quote: String = turn.text.lines().take(8).map(|l| format!("> {l}\n")).collect();
        applied(message(&turn, &from, &format!("On 03/12/2026 10:00, tegami wrote:\n{quote}\n{mv}\n\n-- \nAlice")));

        // The same in Japanese, with the answer typed full-width and the quote marked ＞.
        let (turn, mv) = next(&sink);
        let quote: String = turn.text.lines().take(8).map(|l| format!("＞ {l}\n")).collect();
        applied(message(&turn, &from, &format!("2026年12月3日(火) 10:00 tegami <{}>:\n{quote}\n{}\n", turn.reply_to.clone().unwrap(), full_width(&mv))));

        // Outlook, HTML only: the answer in a div, the original pasted under a From/Sent block.
        let (turn, mv) = next(&sink);
        let html = format!(
            "<html><head><style>p{{margin:0}}</style></head><body><div>{mv}</div><div><br></div><hr>\
             <div id=\"divRplyFwdMsg\"><b>From:</b> tegami &lt;{}&gt;<br><b>Sent:</b> Tuesday</div><div>{}</div></body></html>",
            turn.reply_to.clone().unwrap(),
            turn.text.replace('\n', "<br>")
        );
        let raw = format!(
            "{from}To: <{}>\r\nSubject: RE: {}\r\nMessage-ID: {}\r\nMIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n\r\n{html}\r\n",
            turn.reply_to.clone().unwrap(),
            turn.subject,
            mailbox::fresh_message_id()
        );
        applied(raw.into_bytes());

        // A Japanese phone: ISO-2022-JP, full-width answer, the iPhone's line under it.
        let (turn, mv) = next(&sink);
        let text = format!("{}\r\n\r\niPhoneから送信\r\n", full_width(&mv));
        let (jis, _, _) = encoding_rs::ISO_2022_JP.encode(&text);
        let mut raw = format!(
            "{from}To: <{}>\r\nSubject: Re: {}\r\nMessage-ID: {}\r\nMIME-Version: 1.0\r\n\
             Content-Type: text/plain; charset=ISO-2022-JP\r\nContent-Transfer-Encoding: 7bit\r\n\r\n",
            turn.reply_to.clone().unwrap(),
            turn.subject,
            mailbox::fresh_message_id()
        )
        .into_bytes();
        raw.extend_from_slice(&jis);
        applied(raw);

        let j: Value = app.get(&format!("/api/v1/games/{game}/journal"), Some(&alice.token)).json().unwrap();
        let by_mail = j["entries"].as_array().unwrap().iter().filter(|e| e["body"]["by"] == "mail").count();
        assert_eq!(by_mail, 4);
    }
}

//! Replies that must change nothing: malformed, forged, replayed, late, unparsable or illegal; and replies
//! in the encodings mail clients really use. Mail goes to .eml files here (the embedded default).

mod common;

use common::mailbox::{self, Mail};
use common::{Player, TestApp, problem};
use serde_json::{Value, json};

/// A game of alice against two bots; returns its id and alice's first turn email.
fn setup(app: &TestApp) -> (Player, i64, Mail) {
    let alice = app.player("alice");
    let r = app.post(
        "/api/v1/games",
        Some(&alice.token),
        &json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]}),
    );
    assert_eq!(r.status(), 201);
    let game = r.json::<Value>().unwrap()["id"].as_i64().unwrap();
    let mails = app.wait_for_mail("the first turn email", |m| m.iter().any(|x| x.kind == "turn"));
    (alice, game, mailbox::of_kind(&mails, "turn")[0].clone())
}

fn last_subject(app: &TestApp) -> String {
    mailbox::game_mails(&app.settings.mail.dir).last().map(|m| m.subject.clone()).unwrap_or_default()
}

tegami_api::on_both_backends! {
    fn bad_replies_change_nothing_and_say_why(db) {
        let app = TestApp::spawn(db);
        let (alice, game, turn) = setup(&app);
        let before = app.journal_len(game);
        let token = turn.reply_to.clone().unwrap();

        // Not an email at all.
        assert_eq!(app.mail_in(b"\x00\x01 garbage").0, 65);
        problem(app.inbound(b"", Some("inbound-secret")), 400, "unreadable_message");
        // Wrong or missing secret.
        problem(app.inbound(&mailbox::reply(&turn, &alice.email, "R1"), Some("wrong")), 403, "bad_inbound_secret");
        problem(app.inbound(&mailbox::reply(&turn, &alice.email, "R1"), None), 403, "bad_inbound_secret");

        // A forged token: refused, and nobody is mailed (the sender may be anyone).
        let mut forged = turn.clone();
        forged.reply_to = Some("play+0123456789abcdef0123456789abcdef@tegami.test".into());
        forged.subject = "[tegami] UOSAO — your move".into();
        let mails_before = mailbox::game_mails(&app.settings.mail.dir).len();
        assert_eq!(app.mail_in(&mailbox::reply(&forged, "mallory@evil.test", "R1")).0, 67);
        problem(
            app.inbound(&mailbox::reply(&forged, "mallory@evil.test", "R1"), Some("inbound-secret")),
            404,
            "unknown_reply",
        );
        std::thread::sleep(std::time::Duration::from_millis(300));
        assert_eq!(mailbox::game_mails(&app.settings.mail.dir).len(), mails_before, "no email to a stranger");

        // No move, then a move that does not parse: an error email with the legal options; the token survives.
        let (code, out) = app.mail_in(&mailbox::reply(&turn, &alice.email, ""));
        assert_eq!(code, 0);
        assert!(out.contains("no_move"), "{out}");
        let mails = app.wait_for_mail("the refusal", |m| m.len() > mails_before);
        let refusal = mails.last().unwrap();
        assert_eq!(refusal.to, alice.email);
        assert_eq!(refusal.kind, "reply_refused");
        assert_eq!(refusal.subject, turn.subject, "one subject for the whole game, without internal codes");
        assert!(refusal.text.contains("The reply has no move"), "{}", refusal.text);
        assert!(refusal.text.contains("Legal moves:"), "{}", refusal.text);
        let r = app.inbound(&mailbox::reply(&turn, &alice.email, "Q99 please"), Some("inbound-secret"));
        let outcome: Value = r.json().unwrap();
        assert_eq!(
            (outcome["outcome"].as_str(), outcome["code"].as_str()),
            (Some("refused"), Some("bad_notation")),
            "{outcome}"
        );
        app.wait_for_mail("the second refusal", |m| m.last().is_some_and(|l| l.text.contains("`Q99 please` is not a move here")));
        assert_eq!(app.journal_len(game), before, "refused replies change nothing");

        // A good reply is applied once; the same reply again is a replay.
        let good = mailbox::legal_moves(&turn.text)[0].clone();
        let (code, out) = app.mail_in(&mailbox::reply(&turn, &alice.email, &good));
        assert_eq!(code, 0, "{out}");
        assert!(out.contains("applied"), "{out}");
        let after = app.journal_len(game);
        assert!(after > before);
        // Alice's next decision follows at once: the turn email asking it confirms the move.
        let confirms = |x: &Mail| x.text.replace('\n', " ").contains("was accepted");
        app.wait_for_mail("the confirmation", |m| m.iter().any(confirms));
        let (code, out) = app.mail_in(&mailbox::reply(&turn, &alice.email, &good));
        assert_eq!(code, 0);
        assert!(out.contains("reply_used"), "{out}");
        assert_eq!(app.journal_len(game), after, "a replayed reply changes nothing");
        app.wait_for_mail("the replay refusal", |m| m.last().is_some_and(|l| l.text.contains("already answered")));

        // A late reply: the decision was answered through the API before the email reply came.
        let turn2 = app.wait_for_mail("the second turn email", |m| {
            m.iter().filter(|x| x.kind == "turn").count() >= 2
        })
        .into_iter()
        .filter(|x| x.kind == "turn")
        .nth(1)
        .unwrap();
        assert_ne!(turn2.reply_to.as_deref(), Some(token.as_str()), "each decision has its own token");
        let r = alice.play_first_option(&app, game);
        assert_eq!(r.status(), 201);
        let now = app.journal_len(game);
        let late = mailbox::reply(&turn2, &alice.email, &mailbox::legal_moves(&turn2.text)[0]);
        let outcome: Value = app.inbound(&late, Some("inbound-secret")).json().unwrap();
        assert_eq!(outcome["code"], "stale_decision", "{outcome}");
        assert_eq!(app.journal_len(game), now, "a late reply changes nothing");
        app.wait_for_mail("the late refusal", |m| m.last().is_some_and(|l| l.text.contains("no longer pending")));
        assert_eq!(last_subject(&app), format!("[tegami] UOSAO (Right King, Left King) #{game}"));
    }
}

/// The newest turn email.
fn newest_turn(app: &TestApp, seen: usize) -> Mail {
    app.wait_for_mail("a new turn email", |m| m.iter().filter(|x| x.kind == "turn").count() > seen)
        .into_iter()
        .filter(|x| x.kind == "turn")
        .nth(seen)
        .unwrap()
}

fn encoded_reply(turn: &Mail, from: &str, headers: &str, body: &[u8]) -> Vec<u8> {
    let mut raw = format!(
        "From: Alice <{from}>\r\nTo: {}\r\nSubject: =?UTF-8?B?UmU6?= {}\r\nMIME-Version: 1.0\r\n{headers}\r\n",
        turn.reply_to.clone().unwrap(),
        turn.subject
    )
    .into_bytes();
    raw.extend_from_slice(body);
    raw
}

tegami_api::on_both_backends! {
    fn replies_in_real_world_encodings_and_signed_blocks_are_understood(db) {
        let app = TestApp::spawn(db);
        let (alice, game, first) = setup(&app);
        let mut seen = 0;
        let mut turn = first;
        let applied = |raw: Vec<u8>| {
            let (code, out) = app.mail_in(&raw);
            assert_eq!(code, 0, "{out}");
            assert!(out.contains("\"applied\""), "{out}: {}", String::from_utf8_lossy(&raw));
        };
        let mv = |t: &Mail| mailbox::legal_moves(&t.text)[0].clone();

        // quoted-printable, top-posted above a Japanese client's quote header.
        let body = format!(
            "{}=20\r\n\r\n2026=E5=B9=B411=E6=9C=8822=E6=97=A5 12:00 tegami <play@tegami.test>:\r\n> =E5=BC=95=E7=94=A8\r\n",
            mv(&turn)
        );
        applied(encoded_reply(
            &turn,
            &alice.email,
            "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n",
            body.as_bytes(),
        ));
        seen += 1;
        turn = newest_turn(&app, seen);

        // base64, with a signature.
        use base64::Engine as _;
        let text = format!("{}\r\n-- \r\nAlice\r\n", mv(&turn));
        let body = base64::engine::general_purpose::STANDARD.encode(text) + "\r\n";
        applied(encoded_reply(
            &turn,
            &alice.email,
            "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n",
            body.as_bytes(),
        ));
        seen += 1;
        turn = newest_turn(&app, seen);

        // ISO-2022-JP: the move below a line quoted with a full-width mark ("＞引用" in JIS): only a decoded
        // body shows the mark.
        let mut body = b"\x1b$B!d0zMQ\x1b(B\r\n".to_vec();
        body.extend_from_slice(format!("{}\r\n", mv(&turn)).as_bytes());
        applied(encoded_reply(
            &turn,
            &alice.email,
            "Content-Type: text/plain; charset=ISO-2022-JP\r\nContent-Transfer-Encoding: 7bit\r\n",
            &body,
        ));
        seen += 1;
        turn = newest_turn(&app, seen);

        // multipart/alternative with an HTML part; the token only in the subject (the address lost its tag), as
        // in emails sent before tokens left the subject.
        let mut no_tag = turn.clone();
        let token = turn.reply_to.as_deref().unwrap().trim_start_matches("play+").split('@').next().unwrap().to_string();
        no_tag.reply_to = Some("play@tegami.test".into());
        no_tag.subject = format!("{} [ref:{token}]", turn.subject);
        let body = format!(
            "--b1\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{}\r\n--b1\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>{}</p>\r\n--b1--\r\n",
            mv(&turn),
            mv(&turn)
        );
        applied(encoded_reply(
            &no_tag,
            &alice.email,
            "Content-Type: multipart/alternative; boundary=\"b1\"\r\n",
            body.as_bytes(),
        ));
        seen += 1;
        turn = newest_turn(&app, seen);

        // A signed move block pasted into a message to the bare address, no token anywhere.
        let moves = alice.moves(&app, game);
        let seat = alice.detail(&app, game).summary.my_seat.unwrap();
        let jws = alice.sign(game, seat, &moves[0].decision.decision, &moves[0].choices.options[0].action);
        let raw = format!(
            "From: <{}>\r\nTo: <play@tegami.test>\r\nSubject: my move\r\nContent-Type: text/plain\r\n\r\nHere:\r\n\r\n{jws}\r\n",
            alice.email
        );
        let n = app.journal_len(game);
        applied(raw.clone().into_bytes());
        assert!(app.journal_len(game) > n);
        let j: Value = app.get(&format!("/api/v1/games/{game}/journal"), Some(&alice.token)).json().unwrap();
        let signed = j["entries"].as_array().unwrap().iter().filter(|e| e["body"]["signature"] == json!(jws)).count();
        assert_eq!(signed, 1, "the signed move is journaled with its signature");
        // The same block again changes nothing; a tampered block is forged (no reply).
        let outcome: Value = app.inbound(raw.as_bytes(), Some("inbound-secret")).json().unwrap();
        assert_eq!(outcome["code"], "duplicate", "{outcome}");
        let mut parts: Vec<String> = jws.split('.').map(str::to_string).collect();
        parts[2] = parts[2].chars().rev().collect();
        let tampered = raw.replace(&jws, &parts.join("."));
        assert_eq!(app.mail_in(tampered.as_bytes()).0, 67);
        let _ = turn;

        // Moves by email are journaled as such.
        let by: Vec<String> = j["entries"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["body"]["seat"] == json!(seat) && e["body"]["type"] == "move")
            .map(|e| e["body"]["by"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(by, vec!["mail", "mail", "mail", "mail", "player"]);
    }
}

tegami_api::on_both_backends! {
    fn notification_preferences_are_honoured(db) {
        let app = TestApp::spawn(db);
        let alice = app.player("alice");
        let r = app.get("/api/v1/me/notifications", Some(&alice.token));
        assert_eq!(r.json::<Value>().unwrap()["notify"], "every_turn");
        let r = app.put("/api/v1/me/notifications", Some(&alice.token), &json!({"notify": "none"}));
        assert_eq!(r.status(), 200);
        let r = app.post(
            "/api/v1/games",
            Some(&alice.token),
            &json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]}),
        );
        assert_eq!(r.status(), 201);
        std::thread::sleep(std::time::Duration::from_millis(400));
        assert!(mailbox::game_mails(&app.settings.mail.dir).is_empty(), "no turn email for `none`");

        let r = app.put("/api/v1/me/notifications", Some(&alice.token), &json!({"notify": "every_turn"}));
        assert_eq!(r.status(), 200);
        let game = app.get("/api/v1/games", Some(&alice.token)).json::<Value>().unwrap()[0]["id"].as_i64().unwrap();
        let r = alice.play_first_option(&app, game);
        assert_eq!(r.status(), 201);
        let mails = app.wait_for_mail("a turn email", |m| !m.is_empty());
        let link = mails[0].list_unsubscribe.clone().expect("List-Unsubscribe");
        let path = link.trim_matches(['<', '>']).strip_prefix("http://127.0.0.1").unwrap().to_string();
        // Opening the link (as a link scanner does: any type, redirects followed) changes nothing: it leads
        // to a page that asks to confirm.
        let no_redirects = reqwest::blocking::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
        let r = no_redirects.get(app.url(&path)).header("Accept", "*/*").send().unwrap();
        assert_eq!(r.status(), 303);
        assert_eq!(r.headers()["location"], path.replace("/api/v1/unsubscribe/", "/unsubscribe/"));
        let r = app.client.get(app.url(&path)).header("Accept", "*/*").send().unwrap();
        assert_eq!(r.status(), 200);
        assert!(r.text().unwrap().contains("method=\"post\""), "a page with a confirm button");
        assert_eq!(app.get("/api/v1/me/notifications", Some(&alice.token)).json::<Value>().unwrap()["notify"], "every_turn");
        problem(no_redirects.get(app.url("/api/v1/unsubscribe/nope")).send().unwrap(), 404, "unknown_link");
        // The one-click POST of RFC 8058 unsubscribes, and says how to get the emails back without an API.
        let r = app
            .client
            .post(app.url(&path))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body("List-Unsubscribe=One-Click")
            .send()
            .unwrap();
        assert_eq!(r.status(), 200);
        let said = r.text().unwrap();
        assert!(said.contains("/unsubscribe/") && !said.contains("PUT /api"), "{said}");
        assert_eq!(app.get("/api/v1/me/notifications", Some(&alice.token)).json::<Value>().unwrap()["notify"], "none");
        problem(app.client.post(app.url("/api/v1/unsubscribe/nope")).send().unwrap(), 404, "unknown_link");
    }
}

tegami_api::on_both_backends! {
    fn emails_speak_the_players_language(db) {
        let app = TestApp::spawn(db);
        let alice = app.player("alice");
        let r = app.put("/api/v1/me/notifications", Some(&alice.token), &json!({"notify": "every_turn", "lang": "ja"}));
        assert_eq!(r.status(), 200);
        assert_eq!(app.get("/api/v1/me/notifications", Some(&alice.token)).json::<Value>().unwrap()["lang"], "ja");
        let r = app.post(
            "/api/v1/games",
            Some(&alice.token),
            &json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]}),
        );
        assert_eq!(r.status(), 201);
        let game = r.json::<Value>().unwrap()["id"].as_i64().unwrap();
        let mails = app.wait_for_mail("the turn email", |m| m.iter().any(|x| x.kind == "turn"));
        let turn = mailbox::of_kind(&mails, "turn")[0].clone();
        assert_eq!(turn.subject, format!("[tegami] 右王左王 #{game}"));
        assert!(turn.text.starts_with(&format!("右王左王 #{game}であなたの番です")), "{}", turn.text);
        let board = app.get(&format!("/api/v1/games/{game}/board?width=72&lang=ja"), Some(&alice.token)).text().unwrap();
        assert!(turn.text.contains(board.trim_end_matches('\n')), "the Japanese board:\n{}", turn.text);
        assert!(turn.text.contains("合法手:"), "{}", turn.text);
        // The reply works the same.
        let first = turn.text.split("合法手:\n").nth(1).unwrap().lines().next().unwrap().trim().to_string();
        let (code, out) = app.mail_in(&mailbox::reply(&turn, &alice.email, &first));
        assert_eq!(code, 0, "{out}");
        assert!(out.contains("applied"), "{out}");
        let confirms = |x: &Mail| x.text.replace('\n', "").contains("を受け付けました");
        let mails = app.wait_for_mail("the Japanese confirmation", |m| {
            m.len() >= 3 && (m.iter().any(confirms) || panic!("{:?}", m.iter().map(|x| &x.text).collect::<Vec<_>>()))
        });
        let accepted = mails.iter().find(|x| confirms(x)).unwrap().text.clone();
        assert!(accepted.replace('\n', "").contains("を受け付けました"), "{accepted}");
        // A refusal gives its reason in Japanese too.
        let (code, out) = app.mail_in(&mailbox::reply(&turn, &alice.email, &first));
        assert_eq!(code, 0, "{out}");
        assert!(out.contains("reply_used"), "{out}");
        let mails = app.wait_for_mail("the Japanese refusal", |m| m.iter().any(|x| x.kind == "reply_refused"));
        let refusal = mailbox::of_kind(&mails, "reply_refused")[0].clone();
        assert!(refusal.text.contains("このメールにはすでに返信済みです"), "{}", refusal.text);
        assert!(!refusal.text.contains("already answered"), "{}", refusal.text);
    }
}

tegami_api::on_both_backends! {
    fn a_daily_digest_carries_the_turn_emails(db) {
        let app = TestApp::spawn(db);
        let alice = app.player("alice");
        let r = app.put("/api/v1/me/notifications", Some(&alice.token), &json!({"notify": "daily_digest"}));
        assert_eq!(r.status(), 200);
        let r = app.post(
            "/api/v1/games",
            Some(&alice.token),
            &json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]}),
        );
        assert_eq!(r.status(), 201);
        let digests = |m: &[Mail]| m.iter().filter(|x| x.subject.contains("daily digest")).cloned().collect::<Vec<_>>();
        // The first digest goes at once; it carries the turn email, which is never sent alone.
        let first = digests(&app.wait_for_mail("the first digest", |m| !digests(m).is_empty()))[0].clone();
        let inner = mailbox::attached(&first);
        assert_eq!(inner.len(), 1);
        assert_eq!(inner[0].kind, "turn");
        assert!(mailbox::game_mails(&app.settings.mail.dir).iter().all(|m| m.kind != "turn"));
        // The digest has its own List-Unsubscribe (one click), and carries each email whole: `message/rfc822`
        // parts may have no transfer encoding but 7bit, 8bit or binary (RFC 2046).
        assert!(first.list_unsubscribe.as_deref().is_some_and(|u| u.contains("/api/v1/unsubscribe/")), "{:?}", first.list_unsubscribe);
        let raw = String::from_utf8_lossy(&first.raw).replace("\r\n", "\n");
        assert!(raw.contains("\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\n"), "{raw}");
        let attached_part = raw.split("Content-Type: message/rfc822").nth(1).expect("an attached email");
        let part_headers = attached_part.split("\n\n").next().unwrap();
        assert!(part_headers.contains("Content-Transfer-Encoding: 7bit"), "{part_headers}");
        // Replying to the attached turn email plays the move; the next decision, which that move asked, comes
        // at once in one email that confirms the move too (not a confirmation now and a digest part tomorrow).
        let (code, out) = app.mail_in(&mailbox::reply(&inner[0], &alice.email, &mailbox::legal_moves(&inner[0].text)[0]));
        assert_eq!(code, 0, "{out}");
        assert!(out.contains("applied"), "{out}");
        let mails = app.wait_for_mail("the confirming turn email", |m| m.iter().any(|x| x.kind == "turn"));
        let confirming = mailbox::of_kind(&mails, "turn")[0].clone();
        assert!(confirming.text.replace('\n', " ").contains("was accepted, and the next decision is yours too"), "{}", confirming.text);
        assert!(mails.iter().all(|m| m.kind != "reply_accepted"), "no second email about the same move");
        // A move made otherwise: the next turn waits for the next day.
        let r = alice.play_first_option(&app, game_of(&app, &alice));
        assert_eq!(r.status(), 201);
        std::thread::sleep(std::time::Duration::from_millis(400));
        assert_eq!(digests(&mailbox::game_mails(&app.settings.mail.dir)).len(), 1, "at most one digest a day");
        app.settings.clock.advance(chrono::Duration::hours(25));
        let all = app.wait_for_mail("the second digest", |m| digests(m).len() == 2);
        let second = mailbox::attached(&digests(&all)[1]);
        assert_eq!(second.len(), 1);
        assert_ne!(second[0].reply_to, inner[0].reply_to);
    }
}

fn game_of(app: &TestApp, player: &common::Player) -> i64 {
    app.get("/api/v1/games", Some(&player.token)).json::<Value>().unwrap()[0]["id"].as_i64().unwrap()
}

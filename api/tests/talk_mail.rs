//! Table talk by email (issue 26): the words after the move line of a reply (top- and bottom-posted, UTF-8
//! and ISO-2022-JP) are a message at the table, `@seat` makes them private where the game allows it, and a
//! reply that is only text is a message; each reaches exactly its readers. Mail goes through a real SMTP
//! server.

mod common;

use common::mailbox::{self, Mail};
use common::smtp::SmtpSink;
use common::{Player, TestApp};
use serde_json::{Value, json};
use shared::api_types::{MessageListing, TalkMessage};

fn outcome(app: &TestApp, raw: &[u8]) -> Value {
    let r = app.inbound(raw, Some("inbound-secret"));
    assert_eq!(r.status(), 200);
    r.json().unwrap()
}

fn listing(app: &TestApp, p: &Player, game: i64) -> Vec<TalkMessage> {
    let r = app.get(&format!("/api/v1/games/{game}/messages"), Some(&p.token));
    assert_eq!(r.status(), 200);
    r.json::<MessageListing>().unwrap().messages
}

/// The player whose turn it is, and the turn email to them not yet answered (`answered` holds the
/// Message-IDs of those that were).
fn whose_turn<'a>(
    app: &TestApp,
    sink: &SmtpSink,
    players: &'a [Player],
    game: i64,
    answered: &mut Vec<String>,
) -> (usize, &'a Player, Mail) {
    let i = players.iter().position(|p| p.detail(app, game).summary.my_turn).expect("someone is asked");
    let p = &players[i];
    let fresh = |m: &[common::smtp::Received]| -> Option<Mail> {
        m.iter()
            .map(|x| mailbox::parse(&x.data))
            .rfind(|x| x.kind == "turn" && x.to == p.email && !answered.contains(&x.message_id))
    };
    sink.wait_until("an unanswered turn email", |m| fresh(m).is_some());
    let mail = fresh(&sink.messages()).unwrap();
    answered.push(mail.message_id.clone());
    (i, p, mail)
}

fn bottom_posted(mail: &Mail, from: &str, body: &str) -> Vec<u8> {
    let quoted: String = mail.text.lines().take(5).map(|l| format!("> {l}\r\n")).collect();
    format!(
        "From: <{from}>\r\nTo: <{}>\r\nSubject: Re: {}\r\nIn-Reply-To: <{}>\r\nMessage-ID: {}\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\nOn Sun, 22 Nov 2026 at 10:00, tegami <{0}> wrote:\r\n{quoted}\r\n{}\r\n",
        mail.reply_to.as_deref().unwrap(),
        mail.subject,
        mail.message_id,
        mailbox::fresh_message_id(),
        body.replace('\n', "\r\n"),
    )
    .into_bytes()
}

fn iso_2022_jp(mail: &Mail, from: &str, body: &str) -> Vec<u8> {
    let text = format!("{}\r\n\r\n> {}\r\n", body.replace('\n', "\r\n"), mail.text.lines().next().unwrap_or(""));
    let (jis, _, _) = encoding_rs::ISO_2022_JP.encode(&text);
    let mut raw = format!(
        "From: <{from}>\r\nTo: <{}>\r\nSubject: Re: {}\r\nMessage-ID: {}\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=ISO-2022-JP\r\nContent-Transfer-Encoding: 7bit\r\n\r\n",
        mail.reply_to.as_deref().unwrap(),
        mail.subject,
        mailbox::fresh_message_id()
    )
    .into_bytes();
    raw.extend_from_slice(&jis);
    raw
}

tegami_api::on_both_backends! {
    fn words_after_the_move_are_a_message_and_only_text_is_one(db) {
        let sink = SmtpSink::start();
        let url = sink.url();
        let app = TestApp::spawn_with(db, |s| s.mail.smtp_url = Some(url));
        let players = [app.player("alice"), app.player("bob"), app.player("carol")];
        let r = app.post("/api/v1/games", Some(&players[0].token),
            &json!({"slug": "shinobazu", "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]}));
        assert_eq!(r.status(), 201);
        let game = r.json::<Value>().unwrap()["id"].as_i64().unwrap();
        for p in &players[1..] {
            assert_eq!(app.post(&format!("/api/v1/games/{game}/join"), Some(&p.token), &json!({})).status(), 200);
        }
        let r = app.put(&format!("/api/v1/games/{game}/talk"), Some(&players[0].token), &json!({"private_messages": true}));
        assert_eq!(r.status(), 200);

        let mut answered = Vec::new();
        // Top-posted, UTF-8: the move, a blank line, a message.
        let (first, p, turn) = whose_turn(&app, &sink, &players, game, &mut answered);
        let mv = &mailbox::legal_moves(&turn.text)[0];
        let o = outcome(&app, &mailbox::reply(&turn, &p.email, &format!("{mv}\n\nGood luck, all!\nMay the tiles be kind.")));
        assert_eq!(o["outcome"], "applied", "{o}");

        // Bottom-posted under the quote, private to the next seat by `@seat`.
        let (second, q, turn) = whose_turn(&app, &sink, &players, game, &mut answered);
        let third = (0..3).find(|i| *i != second && *i != first).unwrap_or((second + 1) % 3);
        let to = (second + 1) % 3;
        let mv = &mailbox::legal_moves(&turn.text)[0];
        let o = outcome(&app, &bottom_posted(&turn, &q.email, &format!("{mv}\n\n@{to} between you and me: nice opening")));
        assert_eq!(o["outcome"], "applied", "{o}");

        // ISO-2022-JP from a Japanese phone.
        let (_, r_player, turn) = whose_turn(&app, &sink, &players, game, &mut answered);
        let mv = &mailbox::legal_moves(&turn.text)[0];
        let o = outcome(&app, &iso_2022_jp(&turn, &r_player.email, &format!("{mv}\n\nよろしくお願いします")));
        assert_eq!(o["outcome"], "applied", "{o}");

        // Only text, in answer to a turn email: a message, and the move is still asked.
        let (_, s, turn) = whose_turn(&app, &sink, &players, game, &mut answered);
        let before = app.journal_len(game);
        let raw = mailbox::reply(&turn, &s.email, "Hmm, let me think.\nBack tonight.");
        let o = outcome(&app, &raw);
        assert_eq!(o["outcome"], "message", "{o}");
        // Delivered again: written once.
        let again = outcome(&app, &raw);
        assert_eq!((again["outcome"].as_str(), again["repeated"].as_bool()), (Some("message"), Some(true)), "{again}");
        assert_eq!(app.journal_len(game), before, "a message moves nothing");
        assert!(s.detail(&app, game).summary.my_turn);

        let table = ["Good luck, all!\nMay the tiles be kind.", "よろしくお願いします", "Hmm, let me think.\nBack tonight."];
        let private = "between you and me: nice opening";
        for (i, p) in players.iter().enumerate() {
            let texts: Vec<String> = listing(&app, p, game).into_iter().map(|m| m.text).collect();
            let mut expected: Vec<&str> = table[..1].to_vec();
            if i == second || i == to {
                expected.push(private);
            }
            expected.extend(&table[1..]);
            assert_eq!(texts, expected, "what player {i} reads (third seat {third})");
        }
        let private_message = listing(&app, &players[to], game).into_iter().find(|m| m.text == private).unwrap();
        assert_eq!((private_message.seat as usize, private_message.to), (second, Some(to as u8)));
    }
}

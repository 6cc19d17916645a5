//! Table talk reaches players by email (issue 26): each turn email carries the messages its player may read
//! that were written since their last email, and a message sends an email of its own as each player chose
//! (`talk_email`: off, private only, table and private). Every message reaches each allowed reader's
//! mailbox exactly once, and no other. Mail goes through a real SMTP server.

mod common;

use common::mailbox::{self, Mail};
use common::smtp::SmtpSink;
use common::{Player, TestApp};
use serde_json::{Value, json};

fn say(app: &TestApp, p: &Player, game: i64, text: &str, to: Option<u8>) {
    let r = app.post(&format!("/api/v1/games/{game}/messages"), Some(&p.token), &json!({"text": text, "to": to}));
    assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
}

fn mails_to(sink: &SmtpSink, p: &Player) -> Vec<Mail> {
    sink.messages().iter().map(|m| mailbox::parse(&m.data)).filter(|m| m.to == p.email).collect()
}

tegami_api::on_both_backends! {
    fn every_message_reaches_each_reader_by_email_once(db) {
        let sink = SmtpSink::start();
        let url = sink.url();
        let app = TestApp::spawn_with(db, |s| s.mail.smtp_url = Some(url));
        let players = [app.player("alice"), app.player("bob"), app.player("carol")];
        for (p, choice) in players.iter().zip(["table_and_private", "private_only", "off"]) {
            let r = app.put("/api/v1/me/notifications", Some(&p.token), &json!({"notify": "every_turn", "talk_email": choice}));
            assert_eq!(r.status(), 200);
            assert_eq!(r.json::<Value>().unwrap()["talk_email"], choice);
        }
        let r = app.post("/api/v1/games", Some(&players[0].token),
            &json!({"slug": "shinobazu", "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]}));
        let game = r.json::<Value>().unwrap()["id"].as_i64().unwrap();
        let r = app.put(&format!("/api/v1/games/{game}/talk"), Some(&players[0].token), &json!({"private_messages": true}));
        assert_eq!(r.status(), 200);
        for p in &players[1..] {
            assert_eq!(app.post(&format!("/api/v1/games/{game}/join"), Some(&p.token), &json!({})).status(), 200);
        }
        let seat_of = |p: &Player| p.detail(&app, game).summary.my_seat.unwrap();
        let seats: Vec<u8> = players.iter().map(seat_of).collect();
        sink.wait_until("the first turn email", |m| m.iter().any(|x| mailbox::parse(&x.data).kind == "turn"));

        // (author, to, text): to the table, privately, with markup that must stay text.
        let messages: Vec<(usize, Option<usize>, &str)> = vec![
            (0, None, "alice to the table: <b>good luck</b>"),
            (1, Some(2), "bob to carol alone: watch the east"),
            (2, Some(1), "carol to bob alone: thanks"),
            (2, None, "carol to the table: here we go"),
            (1, Some(0), "bob to alice alone: nice start"),
        ];
        for (author, to, text) in &messages {
            say(&app, &players[*author], game, text, to.map(|t| seats[t]));
        }
        // The emails of their own: alice gets one for carol's table message and bob's private one (together
        // or apart), bob for carol's private one, carol none.
        sink.wait_until("alice's and bob's talk emails", |m| {
            let talk_to = |p: &Player| m.iter().map(|x| mailbox::parse(&x.data)).filter(|x| x.kind == "talk" && x.to == p.email)
                .map(|x| x.text).collect::<String>();
            let (a, b) = (talk_to(&players[0]), talk_to(&players[1]));
            a.contains("here we go") && a.contains("nice start") && b.contains("thanks")
        });
        // Everyone plays until each has had a turn email written after the messages.
        let turns = |p: &Player| mails_to(&sink, p).iter().filter(|m| m.kind == "turn").count();
        let first: Vec<usize> = players.iter().map(turns).collect();
        for _ in 0..12 {
            if players.iter().zip(&first).all(|(p, n)| turns(p) > *n) {
                break;
            }
            let had: Vec<usize> = players.iter().map(turns).collect();
            let asked = players.iter().find(|p| p.detail(&app, game).summary.my_turn).expect("someone is asked");
            assert!(asked.play_first_option(&app, game).status().is_success());
            let next = players.iter().position(|p| p.detail(&app, game).summary.my_turn).expect("someone is asked");
            let email = players[next].email.clone();
            sink.wait_until("the next turn email", |m| {
                m.iter().map(|x| mailbox::parse(&x.data)).filter(|x| x.kind == "turn" && x.to == email).count() > had[next]
            });
        }
        for (i, p) in players.iter().enumerate() {
            let mails = mails_to(&sink, p);
            for (author, to, text) in &messages {
                let readable = *author != i && to.is_none_or(|t| t == i);
                let times = mails.iter().filter(|m| m.text.contains(text)).count();
                assert_eq!(times, usize::from(readable), "{text:?} in player {i}'s emails");
                if readable && text.contains("<b>") {
                    let html = &mails.iter().find(|m| m.text.contains(text)).unwrap().html;
                    assert!(html.contains("&lt;b&gt;good luck&lt;/b&gt;") && !html.contains("<b>good luck"), "a message is text in HTML");
                }
            }
            if i == 2 {
                assert!(mails.iter().all(|m| m.kind != "talk"), "carol asked for no emails of messages alone");
            }
        }
    }
}

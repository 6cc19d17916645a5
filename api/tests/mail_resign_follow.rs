//! Resigning by email (issue 26): `resign` as the answer asks to confirm and changes nothing; only a second
//! reply `resign` to the confirmation email, or the button behind its link (never opening the link), resigns;
//! a reply quoting the confirmation's words does not. Following a game: a player who asked to be told of
//! every move gets an email for each move that asks nothing of them.

mod common;

use common::mailbox::{self, Mail};
use common::{Player, TestApp};
use reqwest::header;
use serde_json::{Value, json};

fn outcome(app: &TestApp, raw: &[u8]) -> Value {
    let r = app.inbound(raw, Some("inbound-secret"));
    assert_eq!(r.status(), 200);
    r.json().unwrap()
}

fn status(app: &TestApp, p: &Player, game: i64) -> String {
    serde_json::to_value(p.detail(app, game).summary.status).unwrap().as_str().unwrap().to_string()
}

fn newest(mails: &[Mail], kind: &str, to: &str) -> Option<Mail> {
    mails.iter().rfind(|m| m.kind == kind && m.to == to).cloned()
}

/// The link to the resign page an email carries, on the test server (whose public URL has no port).
fn resign_link(app: &TestApp, mail: &Mail) -> String {
    let at = mail.text.find("/resign/").expect("a resign link");
    app.url(mail.text[at..].split_whitespace().next().unwrap())
}

tegami_api::on_both_backends! {
    fn resign_by_email_needs_a_second_reply_or_the_button_behind_the_link(db) {
        let app = TestApp::spawn(db);
        let alice = app.player("alice");
        let game = app.uosao_against_bots(&alice);
        let mails = app.wait_for_mail("alice's turn email", |m| newest(m, "turn", &alice.email).is_some());
        let turn = newest(&mails, "turn", &alice.email).unwrap();
        let entries = app.journal_len(game);

        // `resign` as the answer: nothing changes, a confirmation is asked.
        let o = outcome(&app, &mailbox::reply(&turn, &alice.email, "resign"));
        assert_eq!(o["outcome"], "resign_asked", "{o}");
        assert_eq!((app.journal_len(game), status(&app, &alice, game).as_str()), (entries, "active"));
        let mails = app.wait_for_mail("the confirmation", |m| newest(m, "resign_confirm", &alice.email).is_some());
        let confirm = newest(&mails, "resign_confirm", &alice.email).unwrap();

        // Opening the link changes nothing; a reply that only quotes the email's words changes nothing.
        let link = resign_link(&app, &confirm);
        let page = reqwest::blocking::get(&link).unwrap();
        assert_eq!(page.status(), 200);
        assert!(page.text().unwrap().contains("method=\"post\""));
        let o = outcome(&app, &mailbox::reply(&confirm, &alice.email, ""));
        assert_eq!((o["outcome"].as_str(), o["code"].as_str()), (Some("refused"), Some("resign_not_confirmed")), "{o}");
        let o = outcome(&app, &mailbox::reply(&confirm, &alice.email, "no, I play on"));
        assert_eq!(o["code"], "resign_not_confirmed", "{o}");
        assert_eq!((app.journal_len(game), status(&app, &alice, game).as_str()), (entries, "active"));

        // The second `resign`, in answer to the confirmation: resigned, once.
        let o = outcome(&app, &mailbox::reply(&confirm, &alice.email, "Resign"));
        assert_eq!(o["outcome"], "resigned", "{o}");
        assert_ne!(status(&app, &alice, game), "active");
        assert_eq!(reqwest::blocking::get(&link).unwrap().status(), 404, "the link is spent");

        // Another game, resigned by the button behind the link.
        let game = app.uosao_against_bots(&alice);
        let mails = app.wait_for_mail("the new turn email", |m| m.iter().any(|x| x.kind == "turn" && x.subject.contains(&format!("#{game}"))));
        let turn = mails.iter().rfind(|x| x.kind == "turn" && x.subject.contains(&format!("#{game}"))).unwrap().clone();
        assert_eq!(outcome(&app, &mailbox::reply(&turn, &alice.email, "投了"))["outcome"], "resign_asked");
        let mails = app.wait_for_mail("the second confirmation", |m| {
            m.iter().any(|x| x.kind == "resign_confirm" && x.subject.contains(&format!("#{game}")))
        });
        let confirm = mails.iter().rfind(|x| x.kind == "resign_confirm" && x.subject.contains(&format!("#{game}"))).unwrap();
        let link = resign_link(&app, confirm);
        let browser = reqwest::blocking::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
        let page = browser.get(&link).send().unwrap();
        let cookies: Vec<String> = page.headers().get_all(header::SET_COOKIE).iter()
            .map(|c| c.to_str().unwrap().split(';').next().unwrap().to_string()).collect();
        let body = page.text().unwrap();
        assert_eq!(status(&app, &alice, game), "active", "opening the page changes nothing");
        let at = body.find("name=\"csrf\" value=\"").unwrap() + "name=\"csrf\" value=\"".len();
        let csrf = body[at..].split('"').next().unwrap().to_string();
        let done = browser.post(&link).header(header::COOKIE, cookies.join("; ")).form(&[("csrf", csrf.as_str())]).send().unwrap();
        assert_eq!(done.status(), 200);
        assert_ne!(status(&app, &alice, game), "active");
    }

    fn a_follower_is_told_of_every_move_that_asks_nothing_of_them(db) {
        let app = TestApp::spawn(db);
        let players = [app.player("alice"), app.player("bob"), app.player("carol")];
        let r = app.post("/api/v1/games", Some(&players[0].token),
            &json!({"slug": "shinobazu", "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]}));
        let game = r.json::<Value>().unwrap()["id"].as_i64().unwrap();
        for p in &players[1..] {
            assert_eq!(app.post(&format!("/api/v1/games/{game}/join"), Some(&p.token), &json!({})).status(), 200);
        }
        let bob = &players[1];
        assert_eq!(app.get(&format!("/api/v1/games/{game}/follow"), Some(&bob.token)).json::<Value>().unwrap()["follow"], "off");
        let r = app.put(&format!("/api/v1/games/{game}/follow"), Some(&bob.token), &json!({"follow": "email"}));
        assert_eq!(r.json::<Value>().unwrap()["follow"], "email");
        let stranger = app.player("dave");
        let r = app.put(&format!("/api/v1/games/{game}/follow"), Some(&stranger.token), &json!({"follow": "email"}));
        common::problem(r, 403, "not_a_player");
        let r = app.put(&format!("/api/v1/games/{game}/follow"), Some(&bob.token), &json!({"follow": "hourly"}));
        assert_eq!(r.status(), 400);

        // Moves until one by someone else asks nothing of bob.
        let mut told = 0;
        for _ in 0..10 {
            let asked = players.iter().find(|p| p.detail(&app, game).summary.my_turn).unwrap();
            assert!(asked.play_first_option(&app, game).status().is_success());
            let bob_asked_now = bob.detail(&app, game).summary.my_turn;
            if asked.id != bob.id && !bob_asked_now {
                told += 1;
                app.wait_for_mail("bob's move email", |m| m.iter().filter(|x| x.kind == "move_made" && x.to == bob.email).count() >= told);
                break;
            }
        }
        assert_eq!(told, 1, "a move by someone else that asked nothing of bob came");
        let mails = app.wait_for_mail("everything", |_| true);
        assert!(mails.iter().all(|m| m.kind != "move_made" || m.to == bob.email), "only bob follows the game");
    }
}

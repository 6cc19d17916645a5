//! The board as a picture in turn emails: the HTML part shows an inline PNG of the recipient's own view
//! (mail clients do not show SVG), drawn from the same SVG as the web page; the text part keeps the ASCII
//! board.

mod common;

use common::{TestApp, mailbox};
use mail_parser::{MessageParser, MimeHeaders};
use serde_json::{Value, json};
use shared::api_types::GameDetail;
use shared::{Lang, RenderContext};
use tegami_api::mail::picture::png_of_svg;
use tegami_api::on_both_backends;
use tegami_api::service::notify::EMAIL_WIDTH;

/// The inline pictures of an email: (Content-ID, content type, bytes).
fn inline_parts(raw: &[u8]) -> Vec<(String, String, Vec<u8>)> {
    let m = MessageParser::default().parse(raw).expect("a parsable email");
    m.parts
        .iter()
        .filter(|p| p.content_disposition().is_some_and(|d| d.ctype() == "inline"))
        .map(|p| {
            let ct =
                p.content_type().map(|c| format!("{}/{}", c.ctype(), c.subtype().unwrap_or(""))).unwrap_or_default();
            (p.content_id().unwrap_or_default().to_string(), ct, p.contents().to_vec())
        })
        .collect()
}

/// The picture `detail`'s viewer should get: their own view, drawn as the server draws it for emails.
fn expected_picture(detail: &GameDetail) -> Vec<u8> {
    let game = shared::registry::game(&detail.summary.slug).expect("a known game");
    let names = detail.summary.seats.iter().map(|s| s.name.clone()).collect();
    let ctx = RenderContext { lang: Lang::En, width: EMAIL_WIDTH, seat_names: names, region: None, narrow: true };
    png_of_svg(&game.render_svg(&detail.view.value(), &ctx).unwrap()).unwrap().png
}

fn width_and_height(png: &[u8]) -> (u32, u32) {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a PNG");
    let be = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
    (be(16), be(20))
}

on_both_backends! {
    fn every_games_turn_email_shows_the_players_own_board_as_an_inline_picture(db) {
        let app = TestApp::spawn(db);
        let alice = app.player("alice");
        for slug in ["uosao", "shinobazu", "shidouban", "senbat", "suriagehara"] {
            let min = shared::registry::game(slug).unwrap().info().min_seats as usize;
            let mut seats = vec![json!({"kind": "me"})];
            seats.resize(min.max(2), json!({"kind": "bot"}));
            let r = app.post("/api/v1/games", Some(&alice.token), &json!({"slug": slug, "seats": seats}));
            assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
            let game = r.json::<GameDetail>().unwrap().summary.id;
            let turn_of = |mails: &[mailbox::Mail]| {
                mails.iter().find(|m| m.kind == "turn" && m.message_id.contains(&format!("game.{game}."))).cloned()
            };
            let mail = turn_of(&app.wait_for_mail(&format!("{slug}: alice's turn email"), |m| turn_of(m).is_some()))
                .unwrap();
            // Nothing moves until alice does: her view now is her view when the email was written.
            let detail = alice.detail(&app, game);
            assert!(detail.summary.my_turn, "{slug}");

            let parts = inline_parts(&mail.raw);
            assert_eq!(parts.len(), 1, "{slug}: one inline picture");
            let (cid, content_type, png) = &parts[0];
            assert_eq!(content_type, "image/png", "{slug}");
            assert!(mail.html.contains(&format!("<img src=\"cid:{cid}\"")), "{slug}: the HTML shows it: {}", mail.html);
            // Beside the picture, the same board as text, folded (for clients that show no pictures).
            assert_eq!(mail.html.matches("<pre").count(), 1, "{slug}: one text board in HTML: {}", mail.html);
            assert!(mail.html.find("<img").unwrap() < mail.html.find("<details").unwrap(), "{slug}: {}", mail.html);
            let (w, h) = width_and_height(png);
            assert!(w >= 200 && h >= 100, "{slug}: a {w}×{h} picture");
            // Drawn at the size it is shown (at most an email's 600-pixel column, 1.5 pixels per CSS pixel),
            // with a palette: light.
            let shown: u32 = mail.html.split("width=\"").nth(1).unwrap().split('"').next().unwrap().parse().unwrap();
            assert!(shown <= 600 && w <= shown * 3 / 2 + 1, "{slug}: {w} px shown at {shown}");
            assert_eq!(png[25], 3, "{slug}: a palette PNG");
            assert!(png.len() < 60_000, "{slug}: a {} byte picture", png.len());
            assert!(
                *png == expected_picture(&detail),
                "{slug}: the picture is alice's own view, as the API shows it to her"
            );
            // The text part keeps the board as text.
            let board = app.get(&format!("/api/v1/games/{game}/board?width={EMAIL_WIDTH}"), Some(&alice.token));
            assert_eq!(board.status(), 200);
            let board = board.text().unwrap();
            let first_line = board.lines().find(|l| !l.trim().is_empty()).unwrap().trim_end();
            assert!(mail.text.contains(first_line), "{slug}: the text part has the ASCII board:\n{}", mail.text);
        }
    }
}

on_both_backends! {
    fn a_players_picture_differs_from_the_other_seats_and_shows_no_other_hand(db) {
        // Shinobazu's hands are secret: two players in one game get two different pictures, each equal to
        // their own view's drawing and not to the other's.
        let app = TestApp::spawn(db);
        let alice = app.player("alice");
        let bob = app.player("bob");
        let seats = json!([{"kind": "me"}, {"kind": "invite", "email": bob.email}, {"kind": "bot"}]);
        let r = app.post("/api/v1/games", Some(&alice.token), &json!({"slug": "shinobazu", "seats": seats}));
        assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
        let game = r.json::<GameDetail>().unwrap().summary.id;
        let r = app.post(&format!("/api/v1/games/{game}/join"), Some(&bob.token), &json!({}));
        assert!(r.status().is_success(), "{}", r.text().unwrap_or_default());
        let pictures = |to: &str| -> Vec<Vec<u8>> {
            let mails = app.wait_for_mail(&format!("a turn email to {to}"), |m| {
                m.iter().any(|m| m.kind == "turn" && m.to == to)
            });
            mails.iter().filter(|m| m.kind == "turn" && m.to == to).map(|m| inline_parts(&m.raw)[0].2.clone()).collect()
        };
        // Whoever is asked first: their picture is their own view.
        let (first, other) = if alice.detail(&app, game).summary.my_turn { (&alice, &bob) } else { (&bob, &alice) };
        let theirs = pictures(&first.email);
        assert_eq!(theirs.last().unwrap(), &expected_picture(&first.detail(&app, game)));
        assert_ne!(theirs.last().unwrap(), &expected_picture(&other.detail(&app, game)), "each seat its own picture");
        let hands: Vec<Value> = [first, other].iter().map(|p| p.detail(&app, game).view.value()["seats"].clone()).collect();
        assert_ne!(hands[0], hands[1], "the two views differ");
    }
}

on_both_backends! {
    fn a_game_created_without_mail_pictures_sends_its_boards_as_text_only(db) {
        // Issue #23: a per-game option leaves the picture out of every email of the game; the text board stays,
        // in the text part and in HTML.
        let app = TestApp::spawn(db);
        let alice = app.player("alice");
        let seats = json!([{"kind": "me"}, {"kind": "bot"}]);
        let body = json!({"slug": "suriagehara", "seats": seats, "mail_pictures": false});
        let r = app.post("/api/v1/games", Some(&alice.token), &body);
        assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
        let game = r.json::<GameDetail>().unwrap().summary.id;
        let turn_of = |mails: &[mailbox::Mail]| {
            mails.iter().find(|m| m.kind == "turn" && m.message_id.contains(&format!("game.{game}."))).cloned()
        };
        let mail = turn_of(&app.wait_for_mail("alice's turn email", |m| turn_of(m).is_some())).unwrap();
        assert!(inline_parts(&mail.raw).is_empty(), "no picture");
        assert!(!mail.html.contains("<img"), "{}", mail.html);
        assert!(mail.html.contains("<pre"), "the board as text in HTML: {}", mail.html);
        let board = app.get(&format!("/api/v1/games/{game}/board?width={EMAIL_WIDTH}"), Some(&alice.token));
        let board = board.text().unwrap();
        let first_line = board.lines().find(|l| !l.trim().is_empty()).unwrap().trim_end();
        assert!(mail.text.contains(first_line), "the text part has the board:\n{}", mail.text);
        assert!(mail.raw.len() < 60_000, "a light email: {} bytes", mail.raw.len());

        // A game created without the member keeps its pictures; a member of the wrong type is a 4xx.
        let r = app.post("/api/v1/games", Some(&alice.token), &json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}], "mail_pictures": "no"}));
        assert!(r.status().is_client_error(), "{}", r.status());
    }
}

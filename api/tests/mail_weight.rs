//! The weight of every kind of email, for each game: invitation, game start, turn, the turn that confirms
//! a move by email, confirmation, refusal, reminder, digest and result. A typical email (the median of a
//! game's) stays under 60 KB and none passes 150 KB (before: a suriagehara turn email was ~835 KB).

mod common;

use common::mailbox::{self, Mail};
use common::{Player, TestApp};
use serde_json::json;
use shared::api_types::GameDetail;

const TYPICAL_MAX: usize = 60 * 1024;
const ANY_MAX: usize = 150 * 1024;

/// Every email the server wrote so far.
fn all(app: &TestApp) -> Vec<Mail> {
    mailbox::eml_files(&app.settings.mail.dir)
}

/// The first legal answer listed for one of `player`'s pending decisions, in the game's notation.
fn first_notation(app: &TestApp, player: &Player, game: i64) -> Option<String> {
    player.moves(app, game).iter().find_map(|m| m.choices.options.first().map(|o| o.notation.clone()))
}

fn is_over(app: &TestApp, player: &Player, game: i64) -> bool {
    player.detail(app, game).summary.status == shared::api_types::GameStatus::Finished
}

/// Plays a few decisions of `game`: alice by replying to her turn emails (each answered move brings a
/// confirmation, or the next turn email confirming it), bob (daily digest) through the API; then a late
/// reply (a refusal), an hour on the clock (reminders) and both resigning (the results).
fn play_every_kind_of_email(app: &TestApp, alice: &Player, bob: &Player, game: i64, digests_before: usize) {
    let mut answered: Vec<String> = Vec::new();
    for _ in 0..6 {
        if is_over(app, alice, game) {
            break;
        }
        if alice.detail(app, game).summary.my_turn {
            let this_game = format!("game.{game}.");
            let unanswered = |x: &Mail| {
                x.to == alice.email
                    && x.kind == "turn"
                    && x.message_id.contains(&this_game)
                    && !answered.contains(&x.message_id)
            };
            let turns = app.wait_for_any_mail("alice's turn email", |m| m.iter().any(unanswered));
            let turn = turns.into_iter().rfind(unanswered).unwrap();
            let Some(answer) = first_notation(app, alice, game) else { break };
            answered.push(turn.message_id.clone());
            let (code, out) = app.mail_in(&mailbox::reply(&turn, &alice.email, &answer));
            assert_eq!(code, 0, "{out}");
        } else if bob.detail(app, game).summary.my_turn {
            let Some(answer) = bob.moves(app, game).into_iter().find(|m| !m.choices.options.is_empty()) else { break };
            let seat = bob.detail(app, game).summary.my_seat.unwrap();
            let signed = bob.sign(game, seat, &answer.decision.decision, &answer.choices.options[0].action);
            let r = bob.submit(app, game, &signed);
            if r.status() == 409 {
                break;
            }
            assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
        } else {
            break;
        }
    }
    // A reply to an email already answered: refused, with the reason.
    if let Some(used) = all(app).into_iter().find(|m| answered.first() == Some(&m.message_id)) {
        let before = all(app).iter().filter(|m| m.kind == "reply_refused").count();
        let (code, out) = app.mail_in(&mailbox::reply(&used, &alice.email, "whatever"));
        assert_eq!(code, 0, "{out}");
        app.wait_for_any_mail("the refusal", |m| m.iter().filter(|x| x.kind == "reply_refused").count() > before);
    }
    // An hour later: a reminder of each pending decision (the limit is two hours).
    if !is_over(app, alice, game) {
        let before = all(app).iter().filter(|m| m.kind == "reminder").count();
        app.settings.clock.advance(chrono::Duration::minutes(61));
        app.wait_for_any_mail("a reminder", |m| m.iter().filter(|x| x.kind == "reminder").count() > before);
    }
    for player in [alice, bob] {
        if !is_over(app, player, game) {
            let r = app.post(&format!("/api/v1/games/{game}/resign"), Some(&player.token), &json!({}));
            assert!(r.status().is_success(), "{}", r.text().unwrap_or_default());
        }
    }
    app.wait_for_any_mail("the results", |m| {
        m.iter().filter(|x| x.kind == "game_over" && x.message_id.contains(&format!("game.{game}."))).count() == 2
    });
    // A day later (at the latest): bob's digest of the turns he was asked, if any.
    app.settings.clock.advance(chrono::Duration::hours(25));
    if digest_parts(app, game) > 0 {
        app.wait_for_any_mail("bob's digest", |m| m.iter().filter(|x| x.kind == "digest").count() > digests_before);
    }
}

/// The smallest text an email's board picture may show, in CSS pixels, when a phone shows it 390 px wide.
const SMALLEST_EMAIL_TEXT_PX: f64 = 11.0;

/// Every text of the board picture that `game`'s emails show, for each seat in both languages, is at least
/// [`SMALLEST_EMAIL_TEXT_PX`] high when the picture is shown on a phone.
fn assert_pictures_read_on_a_phone(app: &TestApp, slug: &str, game: i64) {
    let loaded = tegami_api::service::game_record::load(&mut app.db(), game).unwrap();
    for seat in 0..2 {
        for lang in [shared::Lang::En, shared::Lang::Ja] {
            let svg = tegami_api::service::notify::picture_svg(&loaded, seat, lang).unwrap();
            let width: f64 = svg.split("viewBox=\"0 0 ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
            let shown = width.min(390.0);
            for size in svg.split("font-size=\"").skip(1) {
                let size: f64 = size.split('"').next().unwrap().parse().unwrap();
                let px = size * shown / width;
                assert!(px >= SMALLEST_EMAIL_TEXT_PX, "{slug}: a {px:.1} px text in seat {seat}'s {lang:?} picture");
            }
        }
    }
}

/// The turn emails of `game` queued for a daily digest.
fn digest_parts(app: &TestApp, game: i64) -> i64 {
    use diesel::prelude::*;
    use tegami_api::db::schema::outbox;
    outbox::table
        .filter(outbox::game_id.eq(game))
        .filter(outbox::kind.eq("digest_part"))
        .count()
        .get_result(&mut *app.db())
        .unwrap()
}

tegami_api::on_both_backends! {
    fn every_kind_of_email_of_every_game_is_light(db) {
        let app = TestApp::spawn(db);
        let alice = app.player("alice");
        let bob = app.player("bob");
        let r = app.put("/api/v1/me/notifications", Some(&bob.token), &json!({"notify": "daily_digest", "lang": "ja"}));
        assert_eq!(r.status(), 200);
        for slug in ["uosao", "shinobazu", "shidouban", "senbat", "suriagehara"] {
            let seen = all(&app).len();
            let digests_before = all(&app).iter().filter(|m| m.kind == "digest").count();
            let min = shared::registry::game(slug).unwrap().info().min_seats as usize;
            let mut seats = vec![json!({"kind": "me"}), json!({"kind": "invite", "email": bob.email})];
            seats.resize(min.max(2), json!({"kind": "bot"}));
            let body = json!({"slug": slug, "seats": seats, "deadline_hours": 2});
            let r = app.post("/api/v1/games", Some(&alice.token), &body);
            assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
            let game = r.json::<GameDetail>().unwrap().summary.id;
            let r = app.post(&format!("/api/v1/games/{game}/join"), Some(&bob.token), &json!({}));
            assert!(r.status().is_success(), "{}", r.text().unwrap_or_default());
            play_every_kind_of_email(&app, &alice, &bob, game, digests_before);

            let mails: Vec<Mail> = all(&app).into_iter().skip(seen).collect();
            let kinds: std::collections::BTreeSet<&str> = mails.iter().map(|m| m.kind.as_str()).collect();
            let mut expected = vec!["invitation", "game_start", "turn", "reply_refused", "game_over"];
            if digest_parts(&app, game) > 0 {
                expected.push("digest");
            }
            for kind in expected {
                assert!(kinds.contains(kind), "{slug}: no {kind} email among {kinds:?}");
            }
            assert!(
                kinds.contains("reply_accepted") || mails.iter().any(|m| m.text.replace('\n', " ").contains("was accepted")),
                "{slug}: no confirmation among {kinds:?}"
            );
            let mut sizes: Vec<usize> = mails.iter().map(|m| m.raw.len()).collect();
            // TEGAMI_MAIL_SAMPLES=DIR keeps each email's HTML part there, to look at in a browser.
            if let Ok(dir) = std::env::var("TEGAMI_MAIL_SAMPLES") {
                for (i, m) in mails.iter().enumerate() {
                    std::fs::write(format!("{dir}/{slug}-{i:02}-{}.html", m.kind), &m.html).unwrap();
                }
            }
            for m in &mails {
                println!("{slug:12} {:14} {:7} bytes", m.kind, m.raw.len());
                assert!(m.raw.len() <= ANY_MAX, "{slug}: a {} byte {} email", m.raw.len(), m.kind);
            }
            sizes.sort();
            let median = sizes[sizes.len() / 2];
            assert!(median <= TYPICAL_MAX, "{slug}: the median email is {median} bytes");
            let turn_sizes: Vec<usize> = mails.iter().filter(|m| m.kind == "turn").map(|m| m.raw.len()).collect();
            let largest_turn = turn_sizes.iter().max().copied().unwrap_or(0);
            println!("{slug:12} median {median} bytes, largest turn email {largest_turn} bytes");
            assert_pictures_read_on_a_phone(&app, slug, game);
            // Long lists of answers are summarised: no email lists hundreds of lines.
            for m in &mails {
                assert!(m.text.lines().count() < 200, "{slug}: a {}-line {} email", m.text.lines().count(), m.kind);
            }
        }
    }
}

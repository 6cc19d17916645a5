//! The compact outbox: a move stores what must be sent, not the email; the mail worker renders it at send
//! time from the game as it was at the move, mints its reply token then, and keeps no rendered text once it
//! is sent. Daily digests name each email they carry. And the database grows by at most 1.5 KB a move,
//! emails included. Mail goes through lettre's real SMTP transport to an SMTP server on loopback.

mod common;

use common::mailbox::{self, Mail};
use common::smtp::{SmtpSink, Store, free_port};
use common::{Player, TestApp};
use diesel::prelude::*;
use serde_json::{Value, json};
use shared::api_types::GameStatus;
use tegami_api::db::schema::{outbox, reply_tokens};

/// Waits for `pred`, as long as a debug build on a busy machine may take to render a few hundred emails
/// with their pictures (a bound for the test, not a speed target).
fn wait_for(what: &str, mut pred: impl FnMut() -> bool) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(300);
    while !pred() {
        assert!(std::time::Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

fn unsent(app: &TestApp) -> i64 {
    outbox::table.filter(outbox::sent_at.is_null()).count().get_result(&mut *app.db()).unwrap()
}

/// A game of `p` against two bots.
fn game_against_bots(app: &TestApp, p: &Player) -> i64 {
    let r = app.post(
        "/api/v1/games",
        Some(&p.token),
        &json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]}),
    );
    assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
    r.json::<Value>().unwrap()["id"].as_i64().unwrap()
}

fn board(app: &TestApp, p: &Player, game: i64) -> String {
    let r = app.get(&format!("/api/v1/games/{game}/board?width=72"), Some(&p.token));
    assert_eq!(r.status(), 200);
    r.text().unwrap().trim_end_matches('\n').to_string()
}

fn received(sink: &SmtpSink) -> Vec<Mail> {
    sink.messages().iter().map(|m| mailbox::parse(&m.data)).collect()
}

tegami_api::on_both_backends! {
    fn emails_rendered_late_tell_the_game_as_it_was_and_keep_no_secret(db) {
        // The SMTP server is down at first: the emails of two moves wait in the outbox.
        let port = free_port();
        // Retries 3 s apart: alice's move below falls between two attempts, so the first email is rendered
        // after it (an attempt that began before the move would tell the game as it was then, rightly).
        let app = TestApp::spawn_with(db, |s| {
            s.mail.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
            (s.mail.retry_base_ms, s.mail.retry_max_ms) = (3000, 3000);
        });
        let alice = app.player("alice");
        let game = game_against_bots(&app, &alice);
        let first_board = board(&app, &alice, game);
        wait_for("a failed attempt at the first turn email, and none under way", || {
            outbox::table
                .filter(outbox::kind.eq("turn"))
                .select((outbox::last_error, outbox::claimed_until))
                .load::<(Option<String>, Option<String>)>(&mut *app.db())
                .unwrap()
                .iter()
                .any(|(error, claimed)| error.is_some() && claimed.is_none())
        });
        let r = alice.play_first_option(&app, game);
        assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
        let second_board = board(&app, &alice, game);
        assert_ne!(first_board, second_board, "the move changed alice's view");

        // What a move stored is a notice, not an email: no rendered text, no reply token in clear.
        let turns: Vec<(Option<String>, Option<i64>, Option<String>)> = outbox::table
            .filter(outbox::kind.eq("turn"))
            .order(outbox::id.asc())
            .select((outbox::message, outbox::seq, outbox::decision))
            .load(&mut *app.db())
            .unwrap();
        assert_eq!(turns.len(), 2);
        assert!(turns.iter().all(|(message, seq, decision)| message.is_none() && seq.is_some() && decision.is_some()));

        let sink = SmtpSink::start_on(port, Store::default());
        wait_for("every email sent", || unsent(&app) == 0);
        let mails = received(&sink);
        // In the order they were queued (a retried email may go out after a newer one).
        let queued: Vec<String> = outbox::table
            .filter(outbox::kind.eq("turn"))
            .order(outbox::id.asc())
            .select(outbox::message_id)
            .load(&mut *app.db())
            .unwrap();
        let turn_mails: Vec<Mail> = queued
            .iter()
            .map(|id| mails.iter().find(|m| format!("<{}>", m.message_id) == *id).expect("each turn email sent").clone())
            .collect();
        assert_eq!(mailbox::of_kind(&mails, "turn").len(), 2, "{mails:?}");
        // Each turn email shows alice's board as it was when the turn was asked, not as it is now.
        assert!(turn_mails[0].text.contains(&first_board), "the first turn email:\n{}", turn_mails[0].text);
        assert!(!turn_mails[0].text.contains(&second_board));
        assert!(turn_mails[1].text.contains(&second_board), "the second turn email:\n{}", turn_mails[1].text);
        // The first asks a decision settled since it was written, and says so; the second gives its deadline.
        assert!(turn_mails[0].text.contains("This decision was settled after this email was written"), "{}", turn_mails[0].text);
        assert!(turn_mails[1].text.contains("Answer by "), "{}", turn_mails[1].text);

        // One reply token per email sent: those minted for attempts that failed were taken back.
        let tokens: i64 = reply_tokens::table.filter(reply_tokens::game_id.eq(game)).count().get_result(&mut *app.db()).unwrap();
        assert_eq!(tokens, 2);
        // Sent emails keep no rendered text (nor the reply tokens in it); their Message-ID stays.
        let kept: Vec<(i64, Option<String>, String)> = outbox::table
            .select((outbox::id, outbox::message, outbox::message_id))
            .load(&mut *app.db())
            .unwrap();
        assert!(kept.iter().all(|(_, message, _)| message.is_none()));
        let sent_ids: std::collections::BTreeSet<String> = mails.iter().map(|m| format!("<{}>", m.message_id)).collect();
        let stored_ids: std::collections::BTreeSet<String> = kept.iter().map(|k| k.2.clone()).collect();
        assert_eq!(sent_ids, stored_ids, "each stored Message-ID is the one sent");

        // The stale email's token is refused as late; the current one plays.
        let (code, out) = app.mail_in(&mailbox::reply(&turn_mails[0], &alice.email, &mailbox::legal_moves(&turn_mails[0].text)[0]));
        assert_eq!(code, 0, "{out}");
        assert!(out.contains("stale_decision"), "{out}");
        let (code, out) = app.mail_in(&mailbox::reply(&turn_mails[1], &alice.email, &mailbox::legal_moves(&turn_mails[1].text)[0]));
        assert_eq!(code, 0, "{out}");
        assert!(out.contains("\"applied\""), "{out}");

        // Past the retention (7 days), sent emails are deleted.
        app.settings.clock.advance(chrono::Duration::days(8));
        let sent_before: Vec<i64> = kept.iter().map(|k| k.0).collect();
        wait_for("sent emails pruned", || {
            outbox::table.filter(outbox::id.eq_any(&sent_before)).count().get_result::<i64>(&mut *app.db()).unwrap() == 0
        });
    }
}

tegami_api::on_both_backends! {
    fn an_email_whose_player_unsubscribed_before_it_went_out_is_not_sent(db) {
        let port = free_port();
        let app = TestApp::spawn_with(db, |s| s.mail.smtp_url = Some(format!("smtp://127.0.0.1:{port}")));
        let alice = app.player("alice");
        game_against_bots(&app, &alice);
        // Rendering reads the player's preferences as they are when the email goes out: the next attempt
        // at each game email closes it unsent, while the SMTP server is still down.
        let r = app.put("/api/v1/me/notifications", Some(&alice.token), &json!({"notify": "none"}));
        assert_eq!(r.status(), 200);
        wait_for("the game emails closed", || unsent(&app) == 1);
        let sink = SmtpSink::start_on(port, Store::default());
        wait_for("the outbox done", || unsent(&app) == 0);
        let kinds: Vec<String> = received(&sink).into_iter().map(|m| m.kind).collect();
        assert_eq!(kinds, vec!["verify_email".to_string()], "only the address check went out");
        let closed: Vec<(String, Option<String>)> = outbox::table
            .filter(outbox::kind.ne("verify_email"))
            .select((outbox::kind, outbox::last_error))
            .load(&mut *app.db())
            .unwrap();
        assert_eq!(closed.len(), 2, "the game-start and turn emails: {closed:?}");
        assert!(closed.iter().all(|(_, e)| e.as_deref().is_some_and(|e| e.starts_with("not sent: "))), "{closed:?}");
        let tokens: i64 = reply_tokens::table.count().get_result(&mut *app.db()).unwrap();
        assert_eq!(tokens, 0, "no token for an email never sent");
    }
}

/// The "- …" lines of a digest's own text that name its emails.
fn digest_labels(digest: &Mail) -> Vec<String> {
    digest.text.lines().filter_map(|l| l.strip_prefix("- ")).map(str::to_string).collect()
}

tegami_api::on_both_backends! {
    fn a_digest_names_each_email_it_carries_in_the_players_language(db) {
        let sink = SmtpSink::start();
        let url = sink.url();
        let app = TestApp::spawn_with(db, |s| s.mail.smtp_url = Some(url));
        let alice = app.player("alice");
        let kenji = app.player("kenji");
        for (p, lang) in [(&alice, "en"), (&kenji, "ja")] {
            let r = app.put("/api/v1/me/notifications", Some(&p.token), &json!({"notify": "daily_digest", "lang": lang}));
            assert_eq!(r.status(), 200);
        }
        let alice_game = game_against_bots(&app, &alice);
        let kenji_game = game_against_bots(&app, &kenji);
        let digests = |m: &[common::smtp::Received]| {
            let digest = |x: &Mail| x.kind == "digest";
            m.iter().map(|x| mailbox::parse(&x.data)).filter(digest).collect::<Vec<_>>()
        };
        let all = sink.wait_until("two digests", |m| digests(m).len() == 2);
        let by = |to: &str| digests(&all).into_iter().find(|d| d.to == to).expect("a digest for each player");

        // The English digest: "Your turn in UOSAO (Right King, Left King) #12: move 3 — <the prompt>".
        let en = by(&alice.email);
        assert!(en.subject.contains("daily digest"), "{}", en.subject);
        let entries = alice.detail(&app, alice_game).summary.entries;
        let labels = digest_labels(&en);
        assert_eq!(labels.len(), 1, "{}", en.text);
        let head = format!("Your turn in UOSAO (Right King, Left King) #{alice_game}: move {entries} — ");
        let prompt = labels[0].strip_prefix(&head).unwrap_or_else(|| panic!("{} is not `{head}…`", labels[0]));
        let attached = mailbox::attached(&en);
        assert_eq!(attached.len(), 1);
        assert!(attached[0].text.contains(prompt), "the label's prompt `{prompt}` is the attached email's:\n{}", attached[0].text);
        assert!(prompt.chars().any(char::is_alphabetic));

        // The Japanese digest, in Japanese.
        let ja = by(&kenji.email);
        assert!(ja.subject.contains("ダイジェスト"), "{}", ja.subject);
        assert!(ja.text.contains("本日のtegamiダイジェスト"), "{}", ja.text);
        let entries = kenji.detail(&app, kenji_game).summary.entries;
        let labels = digest_labels(&ja);
        assert_eq!(labels.len(), 1, "{}", ja.text);
        let head = format!("右王左王 #{kenji_game}であなたの番：{entries}手目 — ");
        let prompt = labels[0].strip_prefix(&head).unwrap_or_else(|| panic!("{} is not `{head}…`", labels[0]));
        let attached = mailbox::attached(&ja);
        assert!(attached[0].text.contains(prompt), "`{prompt}` in:\n{}", attached[0].text);
        // No turn email went out on its own.
        assert!(received(&sink).iter().all(|m| m.kind != "turn"));
    }
}

#[derive(QueryableByName)]
struct Pages {
    #[diesel(sql_type = diesel::sql_types::Text)]
    name: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    bytes: i64,
}

/// The tables and indexes that hold emails: the outbox and the reply tokens the emails carry.
const EMAIL_TABLES: [&str; 5] =
    ["outbox", "outbox_due", "reply_tokens", "reply_tokens_game", "sqlite_autoindex_reply_tokens_1"];

/// The bytes of the SQLite file after a checkpoint (every committed page written to it, the WAL emptied):
/// `page_count * page_size`, and of those the pages of the email tables (SQLite's `dbstat`).
fn database_bytes(app: &TestApp) -> (i64, i64) {
    let mut conn = app.db();
    diesel::sql_query("PRAGMA wal_checkpoint(TRUNCATE)").execute(&mut *conn).ok();
    let file: Pages = diesel::sql_query(
        "SELECT 'file' AS name, page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()",
    )
    .get_result(&mut *conn)
    .unwrap();
    let tables: Vec<Pages> =
        diesel::sql_query("SELECT name, CAST(SUM(pgsize) AS BIGINT) AS bytes FROM dbstat GROUP BY name")
            .load(&mut *conn)
            .unwrap();
    let emails = tables.iter().filter(|t| EMAIL_TABLES.contains(&t.name.as_str())).map(|t| t.bytes).sum();
    (file.bytes, emails)
}

/// Prints where the bytes went, per move: each table's and index's pages (`dbstat`, whole file, so including
/// what was there before the games) and the journal's and events' columns (`length()` sums).
fn print_breakdown(app: &TestApp, moves: u64) {
    let mut conn = app.db();
    let tables: Vec<Pages> = diesel::sql_query(
        "SELECT name, CAST(SUM(pgsize) AS BIGINT) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC",
    )
    .load(&mut *conn)
    .unwrap();
    let columns: Vec<Pages> = diesel::sql_query(
        "SELECT 'journal.' || name AS name, CAST(bytes AS BIGINT) AS bytes FROM (\
           SELECT 'at' AS name, SUM(length(at)) AS bytes FROM journal UNION ALL \
           SELECT 'body', SUM(length(body)) FROM journal UNION ALL \
           SELECT 'nonce', SUM(length(nonce)) FROM journal UNION ALL \
           SELECT 'hash', SUM(length(hash)) FROM journal UNION ALL \
           SELECT 'events', SUM(length(events)) FROM journal UNION ALL \
           SELECT 'signature_hash', SUM(length(signature_hash)) FROM journal) UNION ALL \
         SELECT 'events.' || name, CAST(bytes AS BIGINT) FROM (\
           SELECT 'status' AS name, SUM(length(status)) AS bytes FROM events UNION ALL \
           SELECT 'pending', SUM(length(pending)) FROM events UNION ALL \
           SELECT 'at', SUM(length(at)) FROM events)",
    )
    .load(&mut *conn)
    .unwrap();
    for t in tables.iter().chain(&columns) {
        println!("  {:<40} {:>6.0} bytes per move", t.name, t.bytes as f64 / moves as f64);
    }
}

/// Whole UOSAO games between three players who get every turn email, every move signed and played through
/// the API; measured from before the games are created to after their last email is sent, per journal
/// entry, so it includes the game-start, turn and result emails and the reply tokens they carry (sent
/// emails are kept for the retention; this is before any pruning).
///
/// The emails add at most 0.5 KB a move (before the compact outbox: about 8 KB each), and the whole file, the
/// issue's measure, grows by at most 1.5 KB a move (1,536 bytes): growth is counted in whole 4 KB pages
/// (about 15 bytes a move each here), after a checkpoint. About 1.38 KB when measured: the journal row's
/// body (signed move) ~420 B, compressed events ~200 B, nonce and hash as 32 bytes each, no stored prev_hash;
/// the breakdown is printed.
#[test]
fn a_move_costs_at_most_one_and_a_half_kilobytes_of_database_emails_included() {
    let sink = SmtpSink::start();
    let url = sink.url();
    let app = TestApp::spawn_with(tegami_api::db::scratch::Backend::Sqlite, |s| s.mail.smtp_url = Some(url));
    let players = [app.player("alice"), app.player("bob"), app.player("carol")];
    wait_for("the address checks sent", || unsent(&app) == 0);
    let before = database_bytes(&app);
    let mut moves = 0;
    for _ in 0..6 {
        let seats = json!([{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]);
        let r = app.post("/api/v1/games", Some(&players[0].token), &json!({"slug": "uosao", "seats": seats}));
        assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
        let game = r.json::<Value>().unwrap()["id"].as_i64().unwrap();
        for p in &players[1..] {
            let r = app.post(&format!("/api/v1/games/{game}/join"), Some(&p.token), &json!({}));
            assert_eq!(r.status(), 200, "{}", r.text().unwrap_or_default());
        }
        loop {
            let mut played = false;
            for p in &players {
                if !p.detail(&app, game).my_pending.is_empty() {
                    let r = p.play_first_option(&app, game);
                    assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
                    played = true;
                }
            }
            if !played {
                break;
            }
        }
        let done = players[0].detail(&app, game);
        assert_eq!(done.summary.status, GameStatus::Finished);
        moves += done.summary.entries;
    }
    wait_for("every email sent", || unsent(&app) == 0);
    let after = database_bytes(&app);
    let emails = received(&sink).len();
    print_breakdown(&app, moves);
    let per_move = |after: i64, before: i64| (after - before) as f64 / moves as f64;
    let (file, mail) = (per_move(after.0, before.0), per_move(after.1, before.1));
    println!(
        "{moves} journal entries, {emails} emails: the file grew {file:.0} bytes per move, the emails' tables {mail:.0}"
    );
    assert!(emails as u64 > moves, "the games sent emails ({emails} for {moves} entries)");
    assert!(mail <= 512.0, "the emails cost {mail:.0} bytes per move, over 0.5 KB");
    assert!(file <= 1536.0, "the database grew {file:.0} bytes per move, over 1.5 KB");
}

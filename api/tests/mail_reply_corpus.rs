//! Replies as real mail clients write them: a corpus of raw messages (`tests/fixtures/replies/`, one per
//! client layout: Gmail, Outlook, Apple Mail, Thunderbird, K-9 and the Japanese carriers docomo, au and
//! SoftBank, in English and Japanese, top- and bottom-posted, plain and HTML-only, in quoted-printable,
//! base64, ISO-2022-JP and Shift_JIS), each answering the turn email with token `TOKEN` by `B5@me/P` (typed
//! full-width on Japanese phones), by nothing, or by a machine. Each is read by the parser, and then
//! delivered to a running server through its inbound endpoint, with mail going through a real SMTP server.

mod common;

use std::path::PathBuf;

use common::TestApp;
use common::mailbox;
use common::smtp::SmtpSink;
use serde_json::{Value, json};
use tegami_api::mail::inbound::{self, ReadingRules};

const TOKEN: &str = "0123456789abcdef0123456789abcdef";

#[derive(Clone, Copy, Debug, PartialEq)]
enum Expect {
    /// The answer read from the reply.
    Move(&'static str),
    /// A reply with no answer in it (only the quoted email, whose moves must never be read).
    NoMove,
    /// Sent by a machine: never read, never answered.
    Automatic,
}

use Expect::*;

/// Every file of the corpus, with what it answers and who wrote it.
const CORPUS: [(&str, Expect, &str); 22] = [
    ("gmail_top_en.eml", Move("B5@me/P"), "alice@example.com"),
    ("gmail_top_ja.eml", Move("B5@me/P"), "hanako@example.jp"),
    ("gmail_empty.eml", NoMove, "alice@example.com"),
    ("outlook_top_en.eml", Move("B5@me/P"), "alice@example.com"),
    ("outlook_html_only.eml", Move("B5@me/P"), "alice@example.com"),
    ("outlook_html_empty.eml", NoMove, "alice@example.com"),
    ("outlook_ja_iso2022jp.eml", Move("B5@me/P"), "hanako@example.jp"),
    ("apple_iphone_html_only.eml", Move("B5@me/P"), "alice@example.com"),
    ("apple_iphone_plain.eml", Move("B5@me/P"), "alice@example.com"),
    ("apple_iphone_ja_fullwidth.eml", Move("B5@me/P"), "hanako@example.jp"),
    ("thunderbird_bottom_en.eml", Move("B5@me/P"), "alice@example.com"),
    ("thunderbird_bottom_ja.eml", Move("B5@me/P"), "hanako@example.jp"),
    ("thunderbird_html_bottom.eml", Move("B5@me/P"), "alice@example.com"),
    ("k9_top.eml", Move("B5@me/P"), "alice@example.com"),
    ("k9_bottom.eml", Move("B5@me/P"), "alice@example.com"),
    ("docomo_iso2022jp.eml", Move("B5@me/P"), "hanako@docomo.ne.jp"),
    ("au_sjis_bottom.eml", Move("B5@me/P"), "taro@ezweb.ne.jp"),
    ("softbank_utf8_base64.eml", Move("B5@me/P"), "jiro@i.softbank.jp"),
    ("out_of_office_en.eml", Automatic, "alice@example.com"),
    ("out_of_office_ja.eml", Automatic, "hanako@example.jp"),
    ("vacation_precedence_bulk.eml", Automatic, "alice@example.com"),
    ("bounce_dsn.eml", Automatic, "mailer-daemon@mail.example.net"),
];

fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/replies")
}

fn read(name: &str) -> Vec<u8> {
    std::fs::read(corpus_dir().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

const RULES: ReadingRules<'static> = ReadingRules { reply_local: "play", domain: "tegami.test", authserv_id: None };

#[test]
fn every_layout_of_the_corpus_yields_its_answer() {
    let mut files: Vec<String> = std::fs::read_dir(corpus_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".eml"))
        .collect();
    files.sort();
    let mut listed: Vec<String> = CORPUS.iter().map(|(n, _, _)| n.to_string()).collect();
    listed.sort();
    assert_eq!(files, listed, "every file of the corpus is checked, and only those");

    for (name, expect, author) in CORPUS {
        let reply = inbound::parse(&read(name), &RULES).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(reply.token.as_deref(), Some(TOKEN), "{name}: the token");
        assert_eq!(reply.from.as_deref(), Some(author), "{name}: the author");
        match expect {
            Move(m) => {
                assert_eq!(reply.first_line.as_deref(), Some(m), "{name}: the answer");
                assert_eq!(reply.automatic, None, "{name}: a person wrote it");
            }
            NoMove => {
                assert_eq!(reply.first_line, None, "{name}: no answer (the quoted email is never read)");
                assert_eq!(reply.automatic, None, "{name}: a person wrote it");
            }
            Automatic => assert!(reply.automatic.is_some(), "{name}: sent by a machine"),
        }
    }
}

/// `raw` answering `token` from `address` (the corpus's own token and author replaced in its headers).
fn addressed(raw: &[u8], token: &str, author: &str, address: &str) -> Vec<u8> {
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").expect("a header block");
    let head = String::from_utf8(raw[..split].to_vec()).expect("ASCII headers");
    let mut out = head.replace(TOKEN, token).replace(author, address).into_bytes();
    out.extend_from_slice(&raw[split..]);
    out
}

tegami_api::on_both_backends! {
    fn the_corpus_delivered_to_a_server_is_answered_as_read(db) {
        let sink = SmtpSink::start();
        let url = sink.url();
        let app = TestApp::spawn_with(db, |s| s.mail.smtp_url = Some(url));
        let alice = app.player("alice");
        let r = app.post(
            "/api/v1/games",
            Some(&alice.token),
            &json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]}),
        );
        assert_eq!(r.status(), 201);
        let kinds = |sink: &SmtpSink, kind: &str| {
            sink.messages().iter().map(|m| mailbox::parse(&m.data)).filter(|m| m.kind == kind).collect::<Vec<_>>()
        };
        sink.wait_until("the turn email", |m| m.iter().any(|x| mailbox::parse(&x.data).kind == "turn"));
        let turn = kinds(&sink, "turn").remove(0);
        let token = turn.reply_to.as_deref().unwrap().trim_start_matches("play+").split('@').next().unwrap().to_string();

        let mut answered = 0;
        for (name, expect, author) in CORPUS {
            let raw = addressed(&read(name), &token, author, &alice.email);
            let outcome: Value = app.inbound(&raw, Some("inbound-secret")).json().unwrap();
            match expect {
                Move(m) => {
                    // Not a move in this game: the refusal quotes what was read.
                    assert_eq!(outcome["code"], "bad_notation", "{name}: {outcome}");
                    assert!(outcome["detail"].as_str().unwrap().starts_with(&format!("`{m}` is not a move here")), "{name}: {outcome}");
                    answered += 1;
                }
                NoMove => {
                    assert_eq!(outcome["code"], "no_move", "{name}: {outcome}");
                    answered += 1;
                }
                Automatic => assert_eq!(
                    (outcome["outcome"].as_str(), outcome["code"].as_str()),
                    (Some("ignored"), Some("automatic")),
                    "{name}: {outcome}"
                ),
            }
            if expect != Automatic {
                assert_eq!(outcome["mailed"], true, "{name}: {outcome}");
            }
        }
        sink.wait_until("the refusals", |m| {
            m.iter().filter(|x| mailbox::parse(&x.data).kind == "reply_refused").count() >= answered
        });
        std::thread::sleep(std::time::Duration::from_millis(500));
        let refusals = kinds(&sink, "reply_refused");
        assert_eq!(refusals.len(), answered, "one refusal per reply a person wrote, none to a machine");
        assert!(refusals.iter().all(|r| r.to == alice.email));
        assert!(refusals.iter().any(|r| r.text.contains("`B5@me/P` is not a move here")));
        for m in sink.messages() {
            let parsed = mail_parser::MessageParser::default().parse(&m.data).unwrap();
            assert_eq!(
                parsed.header_raw("Auto-Submitted").map(str::trim),
                Some("auto-generated"),
                "every email tegami sends is marked automatic"
            );
        }
    }
}

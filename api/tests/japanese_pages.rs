//! Issue 24: a reader of Japanese reads Japanese. For every game, the home page, my games, the new-game form,
//! the key list, the email settings page and the game page (the player's own turn), and the game-start,
//! turn and game-over emails, all in Japanese, hold no English word; nor does an engine's refusal, shown on
//! a Japanese page and told in a Japanese refusal email.
//!
//! The rule: after taking out what is not prose (URLs, `code spans`, `<code>` elements, the players' and
//! games' names, the game's move notation), no run of three or more ASCII letters is left but the few words
//! every language writes the same way ([`SAME_IN_EVERY_LANGUAGE`]). The boards themselves (the SVG picture
//! and the text board of an email) are the engines' renderings, checked by the engines' own tests.

mod common;

use std::collections::HashMap;

use common::{TestApp, mailbox};
use regex::Regex;
use reqwest::blocking::{Client, Response};
use reqwest::header;
use serde_json::{Value, json};
use shared::Lang;
use shared::api_types::LegalMoves;
use shared::registry;
use tegami_api::db::scratch::Backend;

/// Words written with Latin letters in Japanese too: the product's name and technical names.
/// Keys are named as their keycaps say (`Tab`, `Enter`, `Escape`) in the board's keyboard help.
const SAME_IN_EVERY_LANGUAGE: &[&str] =
    &["tegami", "API", "CLI", "JSON", "JavaScript", "UTC", "Webhook", "POST", "GET", "Tab", "Enter", "Escape"];

/// Notation that is not a move: UOSAO's colour codes, which name the roads in its line (`LK C YEL T RK`).
const NOTATION: &[&str] = &["RED", "YEL", "GRN", "BLU", "PUR"];

/// The English words left in `text` once URLs, code (`code spans`, JSON objects, hexadecimal key ids),
/// `names` (names and notation) and the words every language shares are taken out.
fn english_words(text: &str, names: &[String]) -> Vec<String> {
    let mut rest = Regex::new(r"https?://\S+").unwrap().replace_all(text, " ").into_owned();
    rest = Regex::new(r"`[^`]*`|\{[^{}]*\}|\b[0-9a-f]{16,}\b").unwrap().replace_all(&rest, " ").into_owned();
    let mut names: Vec<&String> = names.iter().filter(|n| !n.trim().is_empty()).collect();
    // Longest first, so that a name holding a shorter one goes whole.
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    for name in names {
        rest = rest.replace(name.as_str(), " ");
    }
    Regex::new(r"[A-Za-z]{3,}")
        .unwrap()
        .find_iter(&rest)
        .map(|m| m.as_str().to_string())
        .filter(|w| ![SAME_IN_EVERY_LANGUAGE, NOTATION].concat().contains(&w.as_str()))
        .collect()
}

/// The text a reader sees on a page: no board picture or text board (the engine's, read in Japanese by
/// `shared/tests/japanese_text.rs`), no scripts, no `<code>`, nothing
/// marked as English (the language switch names English in English), no tags; `aria-label`s count as text.
fn visible_text(html: &str) -> String {
    let mut text = Regex::new(
        r#"(?s)<svg.*?</svg>|<script.*?</script>|<code>.*?</code>|<pre[ >].*?</pre>|<head>.*?</head>|<(a|option) [^>]*lang="en"[^>]*>.*?</(a|option)>"#,
    )
    .unwrap()
    .replace_all(html, " ")
    .into_owned();
    let labels: Vec<String> =
        Regex::new(r#"aria-label="([^"]*)""#).unwrap().captures_iter(&text).map(|c| c[1].to_string()).collect();
    text = Regex::new(r"<[^>]*>").unwrap().replace_all(&text, " ").into_owned();
    text.push(' ');
    text.push_str(&labels.join(" "));
    text.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'")
}

/// An email's text without its boards (the sections whose heading names a board).
fn email_prose(mail: &mailbox::Mail) -> String {
    let boards = [catalog::t!(Lang::Ja, "mail-your-view"), catalog::t!(Lang::Ja, "mail-final-position")];
    let mut out = format!("{}\n", mail.subject);
    let mut in_board = false;
    for line in mail.text.lines() {
        if let Some(heading) = line.strip_prefix("== ").and_then(|l| l.strip_suffix(" ==")) {
            in_board = boards.iter().any(|b| b == heading);
        }
        if !in_board {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

std::thread_local! {
    /// What each check found, reported all at once at the end of a test.
    static FOUND: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

fn assert_japanese(what: &str, text: &str, names: &[String]) {
    let words = english_words(text, names);
    if !words.is_empty() {
        FOUND.with(|f| f.borrow_mut().push(format!("{what} has English words {words:?}:\n{text}\n")));
    }
}

/// Fails with everything the checks found.
fn no_english_found() {
    let found = FOUND.with(|f| f.take());
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// A browser that reads Japanese, signed in with a cookie.
struct Browser {
    base: String,
    client: Client,
    cookies: HashMap<String, String>,
}

struct Page {
    status: u16,
    body: String,
}

impl Browser {
    fn new(app: &TestApp) -> Browser {
        let client = Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
        Browser { base: app.base.clone(), client, cookies: HashMap::new() }
    }

    fn read(&mut self, r: Response) -> Page {
        for c in r.headers().get_all(header::SET_COOKIE) {
            let c = c.to_str().unwrap();
            let (name, value) = c.split(';').next().unwrap().split_once('=').unwrap();
            if value.is_empty() || c.contains("Max-Age=0") {
                self.cookies.remove(name);
            } else {
                self.cookies.insert(name.to_string(), value.to_string());
            }
        }
        Page { status: r.status().as_u16(), body: r.text().unwrap() }
    }

    fn cookie_header(&self) -> String {
        self.cookies.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ")
    }

    fn get(&mut self, path: &str) -> Page {
        let r = self
            .client
            .get(format!("{}{path}", self.base))
            .header(header::ACCEPT, "text/html")
            .header(header::ACCEPT_LANGUAGE, "ja-JP,ja;q=0.9")
            .header(header::COOKIE, self.cookie_header())
            .send()
            .unwrap();
        self.read(r)
    }

    fn post(&mut self, path: &str, fields: &[(&str, &str)]) -> Page {
        let r = self
            .client
            .post(format!("{}{path}", self.base))
            .header(header::ACCEPT, "text/html")
            .header(header::ACCEPT_LANGUAGE, "ja-JP,ja;q=0.9")
            .header(header::COOKIE, self.cookie_header())
            .form(fields)
            .send()
            .unwrap();
        self.read(r)
    }

    /// The page at `path`, which must be there, checked for English.
    fn japanese_page(&mut self, path: &str, names: &[String]) -> Page {
        let page = self.get(path);
        assert_eq!(page.status, 200, "{path}: {}", page.body);
        assert!(page.body.contains("<html lang=\"ja\""), "{path} is not marked Japanese");
        assert_japanese(path, &visible_text(&page.body), names);
        page
    }
}

fn csrf_of(html: &str) -> String {
    let at = html.find("name=\"csrf\" value=\"").expect("a CSRF field") + "name=\"csrf\" value=\"".len();
    html[at..].split('"').next().unwrap().to_string()
}

/// Hanako: registered on the pages, reading Japanese there and in her emails, with an API token and a key.
struct Hanako {
    browser: Browser,
    player: common::Player,
}

fn hanako(app: &TestApp) -> Hanako {
    let mut browser = Browser::new(app);
    let form = browser.get("/register");
    let registered = browser.post(
        "/register",
        &[
            ("csrf", &csrf_of(&form.body)),
            ("display_name", "hanako"),
            ("email", "hanako@example.com"),
            ("password", "password-123"),
        ],
    );
    assert_eq!(registered.status, 303, "{}", registered.body);
    let r = app.post("/api/v1/sessions", None, &json!({"email": "hanako@example.com", "password": "password-123"}));
    assert_eq!(r.status(), 200);
    let session: Value = r.json().unwrap();
    let token = session["token"].as_str().unwrap().to_string();
    let key = shared::signing::KeyPair::generate().unwrap();
    assert_eq!(app.post("/api/v1/keys", Some(&token), &json!({"public_key": key.public_key()})).status(), 201);
    let r = app.put("/api/v1/me/notifications", Some(&token), &json!({"notify": "every_turn", "lang": "ja"}));
    assert_eq!(r.status(), 200, "{}", r.text().unwrap_or_default());
    let player = common::Player {
        id: session["account"]["id"].as_i64().unwrap(),
        email: "hanako@example.com".into(),
        token,
        key,
    };
    Hanako { browser, player }
}

/// Names and notation of a game: the seats' names, the game's name in every language, and every answer
/// `legal` offers.
fn names_of(app: &TestApp, h: &Hanako, id: i64, legal: &[LegalMoves]) -> Vec<String> {
    let detail = h.player.detail(app, id);
    let mut names: Vec<String> = detail.summary.seats.iter().map(|s| s.name.clone()).collect();
    names.push(detail.summary.name.en.clone());
    names.push(detail.summary.name.ja.clone());
    names.push(h.player.email.clone());
    for l in legal {
        names.extend(l.choices.options.iter().map(|o| o.notation.clone()));
    }
    names
}

fn mails_to(app: &TestApp, kind: &str) -> Vec<mailbox::Mail> {
    mailbox::of_kind(&mailbox::eml_files(&app.settings.mail.dir), kind)
        .into_iter()
        .filter(|m| m.to == "hanako@example.com")
        .collect()
}

/// A game of `slug` for Hanako and bots, as many as the game needs: its id.
fn game_against_bots(app: &TestApp, h: &Hanako, slug: &str) -> i64 {
    let info = registry::game(slug).unwrap().info();
    let mut seats = vec![json!({"kind": "me"})];
    seats.extend((1..info.min_seats).map(|_| json!({"kind": "bot"})));
    let r = app.post("/api/v1/games", Some(&h.player.token), &json!({"slug": slug, "seats": seats}));
    assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
    r.json::<Value>().unwrap()["id"].as_i64().unwrap()
}

#[test]
fn issue24_every_game_page_and_email_for_a_japanese_reader_is_japanese() {
    let app = TestApp::spawn(Backend::Sqlite);
    let mut h = hanako(&app);
    let general: Vec<String> = registry::games()
        .iter()
        .flat_map(|g| [g.info().name.en.clone(), g.info().name.ja.clone(), g.slug().to_string()])
        .chain(["hanako".to_string(), h.player.email.clone()])
        // Bots are named by their seat, as players are by their display name.
        .chain((1..=4).map(|seat| format!("bot {seat}")))
        .collect();
    h.browser.japanese_page("/", &general);
    h.browser.japanese_page("/keys", &general);
    h.browser.japanese_page("/settings", &general);
    for game in registry::games() {
        let slug = game.slug();
        h.browser.japanese_page(&format!("/games/new?game={slug}"), &general);
        let id = game_against_bots(&app, &h, slug);
        let legal = h.player.moves(&app, id);
        let names = [names_of(&app, &h, id, &legal), general.clone()].concat();
        h.browser.japanese_page(&format!("/games/{id}"), &names);
        h.browser.japanese_page("/games", &names);
        let turn = app.wait_for_mail(&format!("{slug}: the turn email"), |_| {
            mails_to(&app, "turn").iter().any(|m| m.subject.contains(&format!("#{id}")))
        });
        let _ = turn;
        for kind in ["game_start", "turn"] {
            for mail in mails_to(&app, kind).iter().filter(|m| m.subject.contains(&format!("#{id}"))) {
                assert_japanese(&format!("{slug}: the {kind} email"), &email_prose(mail), &names);
            }
        }
        // The email settings page behind the turn email's unsubscribe link.
        let turn = mails_to(&app, "turn").into_iter().find(|m| m.subject.contains(&format!("#{id}"))).unwrap();
        let unsubscribe = turn.list_unsubscribe.clone().unwrap();
        let token = unsubscribe.trim_matches(['<', '>']).rsplit('/').next().unwrap().to_string();
        h.browser.japanese_page(&format!("/unsubscribe/{token}"), &names);
        // Resigning ends the game (or it goes on among the bots to its end): the game-over email.
        let r = app.post(&format!("/api/v1/games/{id}/resign"), Some(&h.player.token), &json!({}));
        assert!(r.status().is_success(), "{slug}: resign: {}", r.text().unwrap_or_default());
        app.wait_for_mail(&format!("{slug}: the game-over email"), |_| {
            mails_to(&app, "game_over").iter().any(|m| m.subject.contains(&format!("#{id}")))
        });
        for mail in mails_to(&app, "game_over").iter().filter(|m| m.subject.contains(&format!("#{id}"))) {
            assert_japanese(&format!("{slug}: the game-over email"), &email_prose(mail), &names);
        }
        h.browser.japanese_page(&format!("/games/{id}"), &names);
    }
    no_english_found();
}

#[test]
fn issue24_an_engine_refusal_reaches_a_japanese_reader_in_japanese() {
    let app = TestApp::spawn(Backend::Sqlite);
    let mut h = hanako(&app);
    let id = game_against_bots(&app, &h, "uosao");
    let seat = h.player.detail(&app, id).summary.my_seat.unwrap();
    // An answer that was legal once (a card since played) is refused by the rules later.
    let mut offered: Vec<(Value, String)> = Vec::new();
    let (decision, old, old_notation, legal) = loop {
        let legal = h.player.moves(&app, id);
        let m = legal.first().expect("the game asks Hanako until she can be refused").clone();
        let now: Vec<&Value> = m.choices.options.iter().map(|o| &o.action).collect();
        if let Some((old, notation)) = offered.iter().find(|(a, _)| !now.contains(&a)) {
            break (m.decision.decision.clone(), old.clone(), notation.clone(), legal);
        }
        offered.extend(m.choices.options.iter().map(|o| (o.action.clone(), o.notation.clone())));
        let r = h.player.submit(&app, id, &h.player.sign(id, seat, &m.decision.decision, &m.choices.options[0].action));
        assert_eq!(r.status(), 201);
    };
    let names = [names_of(&app, &h, id, &legal), vec![old_notation.clone(), "hanako".into()]].concat();
    // Through the API, the problem's detail follows `Accept-Language` (and carries the other language too).
    let refuse_by_api = |language: &str| {
        let signed = h.player.sign(id, seat, &decision, &old);
        let r = app
            .client
            .post(app.url(&format!("/api/v1/games/{id}/moves")))
            .bearer_auth(&h.player.token)
            .header(header::ACCEPT_LANGUAGE, language)
            .json(&json!({"move": signed}))
            .send()
            .unwrap();
        common::problem(r, 422, "illegal_move")
    };
    let in_japanese = refuse_by_api("ja-JP,ja;q=0.9,en;q=0.5");
    assert_japanese("the API's problem detail", in_japanese["detail"].as_str().unwrap(), &names);
    let in_english = refuse_by_api("en");
    assert!(!english_words(in_english["detail"].as_str().unwrap(), &names).is_empty(), "{in_english}");
    // `details` carries the refusal in every language whatever the request asked, and the deprecated
    // `detail_ja` is its Japanese.
    for answer in [&in_english, &in_japanese] {
        assert_eq!(answer["details"]["en"], in_english["detail"], "{answer}");
        assert_eq!(answer["details"]["ja"], in_japanese["detail"], "{answer}");
        assert_eq!(answer["detail_ja"], in_japanese["detail"], "{answer}");
    }
    // On the page: the signed move through the form is refused, in Japanese.
    let page = h.browser.get(&format!("/games/{id}"));
    let signed = h.player.sign(id, seat, &decision, &old);
    let refused =
        h.browser.post(&format!("/games/{id}/moves"), &[("csrf", &csrf_of(&page.body)), ("signed_move", &signed)]);
    assert_eq!(refused.status, 422, "{}", refused.body);
    let alert =
        refused.body.split("role=\"alert\">").nth(1).expect("the refusal is shown").split("</p>").next().unwrap();
    assert!(refused.body.contains("data-code=\"illegal_move\" role=\"alert\""), "{}", refused.body);
    assert_japanese("the refusal on the game page", &visible_text(alert), &names);
    assert_japanese("the game page with a refusal", &visible_text(&refused.body), &names);
    // By email: a reply with that answer is refused, and the refusal email says why in Japanese.
    let turn = app.wait_for_mail("the turn email", |_| {
        mails_to(&app, "turn").iter().any(|m| m.subject.contains(&format!("#{id}")))
    });
    let turn = mailbox::of_kind(&turn, "turn").into_iter().rfind(|m| m.to == h.player.email).unwrap();
    let r = app.inbound(&mailbox::reply(&turn, &h.player.email, &old_notation), Some("inbound-secret"));
    assert!(r.status().is_success(), "{}", r.text().unwrap_or_default());
    app.wait_for_any_mail("the refusal email", |_| !mails_to(&app, "reply_refused").is_empty());
    let refusal = mails_to(&app, "reply_refused").remove(0);
    assert_japanese("the refusal email", &email_prose(&refusal), &names);
    no_english_found();
}

#[test]
fn the_rule_finds_english_and_lets_names_notation_urls_and_code_through() {
    let names = vec!["hanako".to_string(), "R2".to_string(), "move done".to_string()];
    assert!(
        english_words("hanako: R2 を出しました。`tegami verify 3` https://x.test/games/3 move done", &names).is_empty()
    );
    assert_eq!(english_words("待ち: waiting for bob", &names), ["waiting", "for", "bob"]);
    assert_eq!(visible_text("<p aria-label=\"Site\">サイト<code>illegal_move</code></p>").trim(), "サイト   Site");
}

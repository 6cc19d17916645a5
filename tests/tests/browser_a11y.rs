//! Accessibility of every kind of page, checked by axe-core (`tests/vendor/axe-core`, run inside the page
//! in headless Chromium) against WCAG 2.0, 2.1 and 2.2 A and AA and axe's best practices: no violation on
//! any page, at a phone's width (390 px) and a desktop's (1280 px), in English and in Japanese. The pages
//! are those of a visitor who is not signed in and those of a player with a game of each kind waiting for
//! their answer, a finished game and its replay, the resign pages (from the game page and from the email's
//! link), the email settings behind the unsubscribe link, settings, keys, a profile, a leaderboard, the
//! lobby, the archive and the error pages; what a reader can open (the board in words) is checked open.
//! Every board, the replay's too, must be readable on a phone (`board_misfits`). Every game page is kept as
//! a screenshot at each width and language, under `target/screenshots/`, to be looked at.
//!
//! Needs chromedriver and Chromium, as `browser.rs` does.

mod browser_driver;

use std::path::Path;
use std::time::{Duration, Instant};

use browser_driver::{
    Browser, addressee, board_misfits, browser_programs, new_game, newest_mail, play_by_touch, register_and_confirm,
};
use e2e::{Backend, Player, Server};
use serde_json::json;

const AXE: &str = include_str!("../vendor/axe-core/axe.min.js");

/// axe's rule tags: WCAG 2.x A and AA, and its best practices.
const TAGS: [&str; 6] = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

const WIDTHS: [u32; 2] = [390, 1280];
const HEIGHT: u32 = 900;
const LANGS: [&str; 2] = ["en", "ja"];
const GAMES: [&str; 5] = ["uosao", "shinobazu", "shidouban", "senbat", "suriagehara"];

/// A page to check: what it is, its address, and whether its screenshot is kept.
struct Page {
    name: String,
    path: String,
    screenshot: bool,
}

fn page(name: &str, path: impl Into<String>) -> Page {
    Page { name: name.to_string(), path: path.into(), screenshot: false }
}

/// axe's violations on the page shown, one line each (rule, impact, what it asks, and every element).
fn violations(browser: &Browser) -> Vec<String> {
    browser.script(&format!("{AXE}\n;return typeof window.axe"), json!([]));
    let found = browser.async_script(
        "const done = arguments[arguments.length - 1]; \
         axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']}) \
           .then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help, \
              nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html.slice(0, 160), \
                summary: (n.failureSummary || '').replace(/\\s+/g, ' ')}))})))) \
           .catch(e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));",
        json!([TAGS]),
    );
    let Some(list) = found.as_array() else { panic!("axe gave no list: {found}") };
    list.iter()
        .map(|v| {
            let nodes: Vec<String> = v["nodes"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|n| format!("      {}  {}\n        {}", n["target"], n["html"], n["summary"]))
                .collect();
            format!("  {} ({}): {}\n{}", v["id"], v["impact"], v["help"], nodes.join("\n"))
        })
        .collect()
}

/// The newest email of `kind` to `to` whose subject holds `subject`, as raw bytes, waiting for it.
fn newest_mail_about(server: &Server, kind: &str, to: &str, subject: &str) -> Vec<u8> {
    newest_mail(server, &format!("{kind} email about {subject} reached {to}"), |raw, m| {
        let wanted = m.header_raw("X-Tegami-Kind").map(str::trim) == Some(kind)
            && addressee(m) == to
            && m.subject().unwrap_or_default().contains(subject);
        wanted.then(|| raw.to_vec())
    })
}

/// The path of the first link in `raw`'s text that holds `marker`, from `marker` on.
fn link_in(raw: &[u8], marker: &str) -> String {
    let m = mail_parser::MessageParser::default().parse(raw).unwrap();
    let text = m.body_text(0).unwrap_or_default().to_string();
    let at = text.find(marker).unwrap_or_else(|| panic!("no {marker} link in:\n{text}"));
    text[at..].split(|c: char| c.is_whitespace() || c == '>').next().unwrap().to_string()
}

/// The page behind the `List-Unsubscribe` link of email `raw`.
fn unsubscribe_page(raw: &[u8]) -> String {
    let m = mail_parser::MessageParser::default().parse(raw).unwrap();
    let link = m.header_raw("List-Unsubscribe").expect("a List-Unsubscribe header").trim().trim_matches(['<', '>']);
    let token = link.rsplit('/').next().unwrap();
    format!("/unsubscribe/{token}")
}

/// A reply to `raw` from `from` saying `words`, as a mail client would send it.
fn reply(raw: &[u8], from: &str, words: &str) -> Vec<u8> {
    let m = mail_parser::MessageParser::default().parse(raw).unwrap();
    let reply_to = m.reply_to().and_then(|a| a.first()).and_then(|a| a.address()).unwrap_or_default().to_string();
    let subject = m.subject().unwrap_or_default();
    format!(
        "From: <{from}>\r\nTo: <{reply_to}>\r\nSubject: Re: {subject}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\
         {words}\r\n"
    )
    .into_bytes()
}

/// Checks each page at each width in `lang` (switched with the header's language link), saving the
/// screenshots asked for into `shots`; returns every violation, by page.
fn check_pages(browser: &Browser, server: &Server, pages: &[Page], shots: &Path) -> Vec<String> {
    let mut failures = Vec::new();
    for lang in LANGS {
        browser.go(&format!("{}/lang/{lang}?back=/", server.url));
        for width in WIDTHS {
            browser.resize(width, HEIGHT);
            for p in pages {
                browser.go(&format!("{}{}", server.url, p.path));
                let shown = browser.script("return document.documentElement.lang", json!([]));
                // A board is readable on a phone: no text under 12 px, nothing past the screen's edge. A phone's
                // scrollbar takes no width (headless Chromium's takes 15 px): it is hidden while the board is measured.
                let misfits = if width <= 390 && p.screenshot {
                    browser.script("document.documentElement.style.scrollbarWidth = 'none'", json!([]));
                    let misfits = board_misfits(browser);
                    browser.script("document.documentElement.style.scrollbarWidth = ''", json!([]));
                    misfits
                } else {
                    Vec::new()
                };
                if !misfits.is_empty() {
                    failures.push(format!("{} ({}) in {lang} does not fit {width}px: {misfits:#?}", p.name, p.path));
                }
                if p.screenshot {
                    let shot = browser.whole_page_screenshot(width, HEIGHT, 6000);
                    std::fs::write(shots.join(format!("{}-{lang}-{width}.png", p.name)), shot).unwrap();
                }
                // What a reader can open is checked open.
                browser.script("document.querySelectorAll('details').forEach(d => d.open = true)", json!([]));
                let found = violations(browser);
                if !found.is_empty() {
                    failures.push(format!("{} ({}) in {lang} at {width}px:\n{}", p.name, p.path, found.join("\n")));
                }
                // Error pages speak every language at once, under English.
                let lang_ok = shown == json!(lang) || p.name.starts_with("error") && shown == json!("en");
                assert!(lang_ok, "{} in {lang} is in {shown}: {}", p.name, browser.text());
            }
        }
    }
    failures
}

#[test]
fn every_kind_of_page_passes_axe_at_phone_and_desktop_widths_in_english_and_japanese() {
    let Some((driver, chromium)) = browser_programs() else { return };
    let started = Instant::now();
    let server = Server::start(Backend::Sqlite);
    let shots = e2e::bin_dir().join("..").join("screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    let browser = Browser::start(&driver, &chromium, 1280);
    browser.script_timeout(Duration::from_secs(120));

    // Someone else's game with a seat open: the lobby lists it, and their profile shows it.
    let bob = Player::new("Bob", &server);
    bob.register();
    let open = bob.run(&["new", "uosao", "--seat", "me", "--seat", "open", "--seat", "bot", "--json"]).ok("new").json();
    let open = open["id"].as_i64().expect("game id");
    let bob_id = bob.run(&["whoami", "--json"]).ok("whoami").json()["id"].as_i64().expect("Bob's account id");

    let public = [
        page("home", "/"),
        page("sign-in", "/sign-in"),
        page("register", "/register"),
        page("password-reset", "/password-reset"),
        page("password-reset-confirm", "/password-reset/confirm?token=unknown"),
        page("lobby", "/lobby"),
        page("archive", "/archive"),
        page("rules", "/rules/shidouban"),
        page("leaderboard", "/leaderboard/uosao"),
        page("profile", format!("/players/{bob_id}")),
        page("spectated-game", format!("/games/{open}")),
        page("never-invite-unknown", "/invitations/never/unknown"),
        page("error-404", "/no-such-page"),
    ];
    let mut failures = check_pages(&browser, &server, &public, &shots);

    // A player with a game of each kind waiting for their answer.
    browser.go(&format!("{}/lang/en?back=/", server.url));
    browser.resize(1280, HEIGHT);
    let email = register_and_confirm(&browser, &server, "Aiko");
    let confirmed = browser.url();
    let mut games = Vec::new();
    for slug in GAMES {
        let id = new_game(&browser, &server, slug);
        assert!(browser.find("form[data-sign=move]").is_some(), "{slug}: an answer is asked: {}", browser.text());
        games.push((slug, id));
    }
    // A move signed in the browser (its key listed, the journal grown), and the next answer asked again.
    let (_, first) = games[0];
    browser.go(&format!("{}/games/{first}", server.url));
    play_by_touch(&browser, 0, false).expect("UOSAO's answers can be touched");
    let deadline = Instant::now() + Duration::from_secs(30);
    while browser.find("form[data-sign=move]").is_none() {
        assert!(Instant::now() < deadline, "the bots did not answer in game {first}: {}", browser.text());
        std::thread::sleep(Duration::from_millis(300));
        browser.go(&format!("{}/games/{first}", server.url));
    }
    // A message at the table (sent by the page's script, which then shows it).
    browser.type_into("#talk-text", "Good luck, bots!\nお手柔らかに。");
    browser.click("form.write button[type=submit]");
    let deadline = Instant::now() + Duration::from_secs(30);
    while browser.find("#talk-messages li.message").is_none() {
        assert!(Instant::now() < deadline, "the message is not shown: {}", browser.text());
        std::thread::sleep(Duration::from_millis(100));
    }
    // A finished game: resigned from its page, then played to its end by the bots.
    let finished = new_game(&browser, &server, "uosao");
    browser.go(&format!("{}/games/{finished}/resign", server.url));
    browser.click_and_wait("main form[action$='/resign'] button[type=submit]");
    let deadline = Instant::now() + Duration::from_secs(60);
    while browser.find("section.outcome").is_none() {
        assert!(Instant::now() < deadline, "the bots did not finish game {finished}: {}", browser.text());
        std::thread::sleep(Duration::from_millis(300));
        browser.go(&format!("{}/games/{finished}", server.url));
    }
    // The email links: the unsubscribe page, and the resign page asked for by replying `resign`.
    let (email_slug, email_game) = games[1];
    let turn = newest_mail_about(&server, "turn", &email, &format!("#{email_game}"));
    let unsubscribe = unsubscribe_page(&turn);
    server.mail_in(&reply(&turn, &email, "resign")).ok("mail-in");
    let asked = newest_mail_about(&server, "resign_confirm", &email, &format!("#{email_game}"));
    let resign_link = link_in(&asked, "/resign/");

    let mut pages: Vec<Page> = GAMES
        .iter()
        .zip(&games)
        .map(|(slug, (_, id))| Page { name: format!("game-{slug}"), path: format!("/games/{id}"), screenshot: true })
        .collect();
    pages.extend([
        Page { name: "game-finished".into(), path: format!("/games/{finished}"), screenshot: true },
        Page { name: "replay".into(), path: format!("/games/{finished}/replay/1"), screenshot: true },
        page("resign-confirm", format!("/games/{}/resign", games[0].1)),
        page("resign-by-email", resign_link),
        page("unsubscribe", unsubscribe),
        page("email-confirmed", confirmed.trim_start_matches(&server.url)),
        page("home-signed-in", "/"),
        page("my-games", "/games"),
        page("new-game", "/games/new"),
        page("new-game-chosen", "/games/new?game=senbat"),
        page("lobby-signed-in", "/lobby"),
        page("archive-signed-in", "/archive"),
        page("settings", "/settings"),
        page("keys", "/keys"),
        page("sign-out-everywhere", "/sign-out/everywhere"),
        page("profile-signed-in", format!("/players/{bob_id}")),
        page("error-no-game", "/games/999999"),
    ]);
    failures.extend(check_pages(&browser, &server, &pages, &shots));
    eprintln!(
        "a11y: {} pages checked at {WIDTHS:?} px in {LANGS:?} in {:.0?} ({email_slug} game {email_game} for the \
         email links); screenshots in {}",
        public.len() + pages.len(),
        started.elapsed(),
        shots.display()
    );
    assert!(
        failures.is_empty(),
        "{} pages fail (axe, or a board on a phone):\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// The new-game form of each game, whose options differ (checkboxes, numbers, lists, a list per seat), and the
/// form sent back with a wrong option: no violation at either width in either language; screenshots kept as
/// `new-game-<game>-<lang>-<width>.png`.
#[test]
fn every_games_new_game_form_passes_axe_at_phone_and_desktop_widths_in_english_and_japanese() {
    let Some((driver, chromium)) = browser_programs() else { return };
    let server = Server::start(Backend::Sqlite);
    let shots = e2e::bin_dir().join("..").join("screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    let browser = Browser::start(&driver, &chromium, 1280);
    browser.script_timeout(Duration::from_secs(120));
    register_and_confirm(&browser, &server, "Yui");
    let pages: Vec<Page> =
        GAMES.iter().map(|slug| page(&format!("new-game-{slug}"), format!("/games/new?game={slug}"))).collect();
    let mut failures = check_pages(&browser, &server, &pages, &shots);
    for lang in LANGS {
        browser.go(&format!("{}/lang/{lang}?back=/", server.url));
        for width in WIDTHS {
            browser.resize(width, HEIGHT);
            for p in &pages {
                browser.go(&format!("{}{}", server.url, p.path));
                let shot = browser.whole_page_screenshot(width, HEIGHT, 6000);
                std::fs::write(shots.join(format!("{}-{lang}-{width}.png", p.name)), shot).unwrap();
            }
            browser.go(&format!("{}/games/new?game=suriagehara", server.url));
            browser.script(
                "document.querySelector('form[action=\"/games/new\"][method=post]').noValidate = true; \
                 document.getElementById('option-turns').value = '99';",
                json!([]),
            );
            browser.click_and_wait("form[action='/games/new'][method=post] button[type=submit]");
            assert!(browser.find("p.error[data-code=bad_options]").is_some(), "refused: {}", browser.text());
            let shot = browser.whole_page_screenshot(width, HEIGHT, 6000);
            std::fs::write(shots.join(format!("new-game-refused-{lang}-{width}.png")), shot).unwrap();
            let found = violations(&browser);
            if !found.is_empty() {
                failures.push(format!("the refused new game in {lang} at {width}px:\n{}", found.join("\n")));
            }
        }
    }
    assert!(failures.is_empty(), "{} pages fail axe:\n{}", failures.len(), failures.join("\n\n"));
}

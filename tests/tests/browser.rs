//! The pages in a real browser: headless Chromium driven through chromedriver (the W3C WebDriver protocol,
//! spoken here over HTTP with the blocking client the other tests use), against the real `tegami-server`
//! binary. One test registers, confirms the address with the link from the real email, creates a UOSAO
//! game against two bots and plays it to the end by clicking (every move signed in the browser with its
//! WebCrypto key), then checks the game with `tegami verify`. Another opens the game page of each of the
//! five games at 390 and 1280 pixels and keeps the screenshots under `target/browser-screenshots/`.
//!
//! Chromium and chromedriver come from Debian (`apt-get install chromium chromium-driver`, as `.ci/run`
//! does). Without them these tests fail when TEGAMI_TEST_BROWSER=require (CI sets it) and are skipped
//! loudly otherwise.

mod browser_driver;

use std::time::{Duration, Instant};

use browser_driver::{
    Browser, browser_programs, confirmation_link, new_game, not_blank, register, register_and_confirm,
};
use e2e::{Backend, Player, Server};
use serde_json::json;

#[test]
fn a_whole_uosao_game_is_played_by_clicking_and_verifies() {
    let Some((driver, chromium)) = browser_programs() else { return };
    let server = Server::start(Backend::Sqlite);
    let browser = Browser::start(&driver, &chromium, 390);
    let email = register(&browser, &server, "Ada");
    // The confirmation link from the real email, opened in the browser (the API link lands on the page).
    browser.go(&confirmation_link(&server, &email));
    assert!(browser.url().contains("/confirm-email/"), "{}", browser.url());
    assert!(browser.text().contains("confirmed"), "{}", browser.text());
    let id = new_game(&browser, &server, "uosao");
    let mut moves = 0;
    while browser.find("form[data-sign=move]").is_some() {
        choose_first_answer(&browser);
        browser.click_and_wait("form[data-sign=move] button[type=submit]");
        assert!(browser.find("p.error").is_none(), "move {moves} refused: {}", browser.text());
        moves += 1;
        assert!(moves < 400, "the game does not end");
    }
    assert!(browser.find("section.outcome").is_some(), "over after {moves} moves: {}", browser.text());
    // The browser's key is listed like any key.
    browser.go(&format!("{}/keys", server.url));
    assert!(browser.text().contains("web browser"), "{}", browser.text());
    // Anyone can check the game: every move signed in the browser verifies.
    let checker = Player::new("Checker", &server);
    let run = checker.run(&["verify", &id.to_string(), "--json"]).ok("tegami verify");
    let report = run.json();
    assert_eq!(report["ok"], true, "{report}");
    assert!(moves > 1, "a whole game takes more than one move");
    eprintln!("browser: UOSAO game {id} played to the end in {moves} clicked, signed moves");
}

/// Picks the first answer of the move form: none is chosen in advance.
fn choose_first_answer(browser: &Browser) {
    if browser.find("form[data-sign=move] input[type=radio]").is_some() {
        browser.click("form[data-sign=move] input[type=radio]");
    } else {
        browser
            .script("const s = document.querySelector('form[data-sign=move] select'); s.selectedIndex = 1;", json!([]));
    }
}

#[test]
fn every_game_page_renders_at_phone_and_desktop_widths() {
    let Some((driver, chromium)) = browser_programs() else { return };
    let server = Server::start(Backend::Sqlite);
    let out = e2e::bin_dir().join("..").join("browser-screenshots");
    std::fs::create_dir_all(&out).unwrap();
    let browser = Browser::start(&driver, &chromium, 1280);
    register(&browser, &server, "Shoko");
    for slug in ["uosao", "shinobazu", "shidouban", "senbat", "suriagehara"] {
        let id = new_game(&browser, &server, slug);
        for width in [390, 1280] {
            browser.call("POST", "/window/rect", Some(json!({"width": width, "height": 900})));
            browser.go(&format!("{}/games/{id}", server.url));
            assert!(browser.find(".board svg").is_some(), "{slug}: a picture: {}", browser.text());
            // Nothing wider than the window: no sideways scrolling of the page itself.
            let overflow = browser.script("return document.documentElement.scrollWidth - window.innerWidth", json!([]));
            assert!(overflow.as_i64().unwrap_or(0) <= 0, "{slug} at {width}px overflows by {overflow}");
            let shot = browser.screenshot();
            assert!(not_blank(&shot), "{slug} at {width}px is blank");
            std::fs::write(out.join(format!("{slug}-{width}.png")), &shot).unwrap();
        }
    }
}

/// The new-game form asks each option with a control of its own: a game is created with options other than the
/// standard game's by choosing and typing in them, after the form has come back once with a wrong number (the
/// values kept, the reason in words), and the game reports the options chosen.
#[test]
fn a_game_is_created_with_options_chosen_in_the_form() {
    let Some((driver, chromium)) = browser_programs() else { return };
    let server = Server::start(Backend::Sqlite);
    let browser = Browser::start(&driver, &chromium, 390);
    register_and_confirm(&browser, &server, "Hana");
    browser.go(&format!("{}/games/new?game=suriagehara", server.url));
    assert!(browser.find("textarea").is_none(), "no JSON box: {}", browser.text());
    // The browser itself holds the number to the schema's bounds; the server does too, for a form sent anyway.
    assert_eq!(browser.script("return document.getElementById('option-turns').max", json!([])), json!("12"));
    browser.script("document.querySelector('form[action=\"/games/new\"][method=post]').noValidate = true", json!([]));
    browser.script("document.getElementById('option-turns').value = ''", json!([]));
    browser.type_into("#option-turns", "13");
    browser.script(
        "const s = document.getElementById('option-supreme_commander'); s.value = 'carrier_lost'; \
         s.dispatchEvent(new Event('change'))",
        json!([]),
    );
    browser.click_and_wait("form[action='/games/new'][method=post] button[type=submit]");
    let refusal = browser.text();
    assert!(refusal.contains("Number of turns: “13” is not allowed; give a whole number from 6 to 12."), "{refusal}");
    let kept = browser.script(
        "return [document.getElementById('option-turns').value, document.getElementById('option-supreme_commander').value]",
        json!([]),
    );
    assert_eq!(kept, json!(["13", "carrier_lost"]));
    browser.script("document.getElementById('option-turns').value = ''", json!([]));
    browser.type_into("#option-turns", "10");
    browser.script("document.getElementById('option-first_move').value = 'commander_not_behind_line'", json!([]));
    browser.click_and_wait("form[action='/games/new'][method=post] button[type=submit]");
    let url = browser.url();
    let id: i64 = url
        .rsplit('/')
        .next()
        .unwrap()
        .parse()
        .unwrap_or_else(|_| panic!("not a game page: {url}: {}", browser.text()));
    let reply = e2e::http_get(&server.url, &format!("/api/v1/games/{id}"));
    let detail: serde_json::Value = serde_json::from_str(reply.split("\r\n\r\n").nth(1).unwrap()).unwrap();
    assert_eq!(
        detail["options"],
        json!({"turns": 10, "supreme_commander": "carrier_lost", "first_move": "commander_not_behind_line"}),
        "{detail}"
    );
}

/// The decision `player` has in game `id`, as (decision id, first answer's notation), if any.
fn first_decision(player: &Player, id: &str) -> Option<(String, String)> {
    let listing = player.run(&["moves", id, "--json"]).ok("moves --json").json();
    let decision = listing.as_array()?.first()?.clone();
    let notation = decision["choices"]["options"][0]["notation"].as_str()?.to_string();
    Some((decision["decision"]["decision"].as_str()?.to_string(), notation))
}

#[test]
fn the_game_page_follows_the_game_without_reloading() {
    let Some((driver, chromium)) = browser_programs() else { return };
    let server = Server::start(Backend::Sqlite);
    let browser = Browser::start(&driver, &chromium, 390);
    let email = register_and_confirm(&browser, &server, "Ada");
    let alice = Player::new("Alice", &server);
    alice.register();
    let created =
        alice.run(&["new", "uosao", "--seat", "me", "--seat", &format!("invite:{email}"), "--seat", "bot", "--json"]);
    let id = created.ok("new").json()["id"].as_i64().expect("game id").to_string();
    browser.go(&format!("{}/games/{id}", server.url));
    browser.click_and_wait("form[action$='/join'] button[type=submit]");
    let mut followed = 0;
    let mut turn_seen = false;
    for _ in 0..6 {
        if browser.find("form[data-sign=move]").is_some() {
            choose_first_answer(&browser);
            browser.click_and_wait("form[data-sign=move] button[type=submit]");
            continue;
        }
        let Some((decision, notation)) = first_decision(&alice, &id) else { break };
        // The page is not reloaded: this mark survives only in the same document.
        browser.script("window.__sameDocument = true", json!([]));
        let entries = |b: &Browser| b.script("return document.querySelectorAll('#journal li').length", json!([]));
        let before = entries(&browser);
        alice.run(&["play", &id, "--decision", &decision, &notation]).ok("Alice plays");
        let deadline = Instant::now() + Duration::from_secs(20);
        while entries(&browser) == before {
            assert!(Instant::now() < deadline, "the page did not follow Alice's move: {}", browser.text());
            std::thread::sleep(Duration::from_millis(100));
        }
        assert_eq!(browser.script("return window.__sameDocument === true", json!([])), json!(true), "reloaded");
        // Times are the reader's, also in the part that was replaced.
        let local = browser.script("return document.querySelectorAll('#journal time[data-local]').length", json!([]));
        assert!(local.as_i64().unwrap_or(0) > 0, "journal times shown locally: {}", browser.text());
        followed += 1;
        // The bot may answer after Alice: wait until the page has settled on whose turn it is.
        std::thread::sleep(Duration::from_millis(800));
        if browser.find("form[data-sign=move]").is_some() {
            let title = browser.script("return document.title", json!([]));
            assert!(title.as_str().unwrap_or_default().starts_with("Your turn · "), "title: {title}");
            turn_seen = true;
        }
    }
    assert!(followed > 0 && turn_seen, "followed {followed} moves; saw my turn come: {turn_seen}");
}

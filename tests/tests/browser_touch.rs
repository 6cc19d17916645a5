//! Boards you can touch, in a real browser (headless Chromium through chromedriver, against the real
//! `tegami-server` binary; see `browser.rs` for the programs needed). A game of each of the five games is
//! played to the end against bots by touching the board only: clicks on the picture's spots and on the touch
//! buttons, some answers dragged from one spot to another, and the form's own "Sign and play"; nothing is
//! typed. Then `tegami verify` (the real CLI binary) checks each game. One move is made with the keyboard
//! alone, and every game's board is checked to fit a 390-pixel phone screen.

mod browser_driver;

use browser_driver::{
    ARROW_RIGHT, Browser, ENTER, TAB, board_misfits, browser_programs, new_game, play_by_touch, register,
    register_and_confirm,
};
use e2e::{Backend, Player, Server};
use serde_json::json;

/// Plays game `slug` against bots to the end by touching its board at a `width`-pixel window, then verifies
/// it with the CLI. At a phone's width every position is also checked to fit the screen.
fn played_to_the_end_by_touch(slug: &str, width: u32) {
    let Some((driver, chromium)) = browser_programs() else { return };
    let server = Server::start(Backend::Sqlite);
    let browser = Browser::start(&driver, &chromium, width);
    register_and_confirm(&browser, &server, "Tomo");
    let id = new_game(&browser, &server, slug);
    let (mut touched, mut by_form) = (0, 0);
    while browser.find("form[data-sign=move]").is_some() {
        if width <= 390 {
            let misfits = board_misfits(&browser);
            assert!(misfits.is_empty(), "{slug} after {touched} moves does not fit {width} px: {misfits:#?}");
        }
        // Every third answer with two spots on the board is dragged from the first to the second.
        match play_by_touch(&browser, touched * 7 + 3, touched % 3 == 1) {
            Some(_) => touched += 1,
            None => {
                // A decision the game leaves to notation (Shidouban's sides, allocations and order):
                // its listed answers are picked in the form, still without typing.
                browser.click("form[data-sign=move] input[type=radio]");
                browser.click_and_wait("form[data-sign=move] button[type=submit]");
                by_form += 1;
            }
        }
        assert!(browser.find("p.error").is_none(), "{slug}: move {touched} refused: {}", browser.text());
        assert!(touched + by_form < 400, "{slug}: the game does not end");
    }
    assert!(browser.find("section.outcome").is_some(), "{slug}: over after {touched} moves: {}", browser.text());
    assert!(touched > by_form && touched > 1, "{slug}: {touched} moves touched, {by_form} chosen in the form");
    let checker = Player::new("Checker", &server);
    let report = checker.run(&["verify", &id.to_string(), "--json"]).ok("tegami verify").json();
    assert_eq!(report["ok"], true, "{report}");
    eprintln!("browser: {slug} game {id} played to the end in {touched} touched moves ({by_form} from the form)");
}

#[test]
fn a_uosao_game_is_played_to_the_end_by_touching_the_board_on_a_phone_and_verifies() {
    played_to_the_end_by_touch("uosao", 390);
}

#[test]
fn a_shinobazu_game_is_played_to_the_end_by_touching_the_board_and_verifies() {
    played_to_the_end_by_touch("shinobazu", 1280);
}

#[test]
fn a_shidouban_game_is_played_to_the_end_by_touching_the_board_on_a_phone_and_verifies() {
    played_to_the_end_by_touch("shidouban", 390);
}

#[test]
fn a_senbat_game_is_played_to_the_end_by_touching_the_board_and_verifies() {
    played_to_the_end_by_touch("senbat", 1280);
}

#[test]
fn a_suriagehara_game_is_played_to_the_end_by_touching_the_board_on_a_phone_and_verifies() {
    played_to_the_end_by_touch("suriagehara", 390);
}

#[test]
fn a_move_is_made_with_the_keyboard_alone() {
    let Some((driver, chromium)) = browser_programs() else { return };
    let server = Server::start(Backend::Sqlite);
    let browser = Browser::start(&driver, &chromium, 1280);
    register_and_confirm(&browser, &server, "Kei");
    new_game(&browser, &server, "uosao");
    let journal = |b: &Browser| b.script("return document.querySelectorAll('#journal li').length", json!([]));
    let before = journal(&browser);
    let focused = |b: &Browser| {
        b.script(
            "const e = document.activeElement; return e ? (e.dataset && e.dataset.spot ? 'spot ' + e.dataset.spot : \
             e.tagName + ' ' + (e.textContent || '').trim()) : ''",
            json!([]),
        )
        .as_str()
        .unwrap_or_default()
        .to_string()
    };
    // Tab reaches the board's first touchable spot: a card of the hand.
    let mut presses = 0;
    while !focused(&browser).starts_with("spot card:") {
        browser.press(TAB);
        presses += 1;
        assert!(presses < 80, "Tab never reached a card of the hand: {}", focused(&browser));
    }
    // The arrow keys move between the touchable cards; Enter touches the one focused.
    let first = focused(&browser);
    browser.press(ARROW_RIGHT);
    let card = focused(&browser);
    assert!(card.starts_with("spot card:"), "the arrow left the cards: {card} (from {first})");
    browser.press(ENTER);
    // The keyboard is taken on to the face buttons (Tab and Shift+Tab move between them); Enter presses one.
    while !focused(&browser).starts_with("spot button:") {
        browser.press(TAB);
        presses += 1;
        assert!(presses < 120, "Tab never reached a face button: {}", focused(&browser));
    }
    browser.press(ENTER);
    let chosen = browser.chosen_answer().unwrap_or_else(|| panic!("nothing chosen: {}", browser.text()));
    assert!(chosen.starts_with('R') || chosen.starts_with('L'), "a move toward a king: {chosen}");
    assert!(browser.text().contains(&format!("Your answer: {chosen}")), "previewed: {}", browser.text());
    // On to "Sign and play", and Enter plays.
    while !focused(&browser).starts_with("BUTTON Sign and play") {
        browser.press(TAB);
        presses += 1;
        assert!(presses < 200, "Tab never reached Sign and play: {}", focused(&browser));
    }
    enter_plays(&browser);
    assert_ne!(journal(&browser), before, "the move is in the journal: {}", browser.text());
}

/// Presses Enter on "Sign and play" and waits for the page the move brings, which must not be a refusal.
fn enter_plays(browser: &Browser) {
    browser.script("window.__tegamiOld = true", json!([]));
    browser.press(ENTER);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while browser.script("return !window.__tegamiOld && document.readyState === 'complete'", json!([])) != json!(true) {
        assert!(std::time::Instant::now() < deadline, "no new page after Enter: {}", browser.text());
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(browser.find("p.error").is_none(), "refused: {}", browser.text());
}

/// The spot the keyboard is on (`spot pose:…`), else the focused element's tag and words.
fn focused(browser: &Browser) -> String {
    browser
        .script(
            "const e = document.activeElement; return e ? (e.dataset && e.dataset.spot ? 'spot ' + e.dataset.spot : \
             e.tagName + ' ' + (e.textContent || '').trim()) : ''",
            json!([]),
        )
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// `(position, heading)` of a deployment's notation: `deploy OG1 at 290,110 h0 form …` → `("290,110", "h0")`.
fn pose_of(answer: &str) -> (String, String) {
    let word_after =
        |key: &str| answer.split_whitespace().skip_while(|w| *w != key).nth(1).unwrap_or_default().to_string();
    let heading = answer.split_whitespace().find(|w| w.starts_with('h')).unwrap_or_default().to_string();
    (word_after("at"), heading)
}

/// The answer the move form holds once it differs from `before` (a deployment is read back by the server first).
fn answer_changed_from(browser: &Browser, before: Option<&str>) -> String {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
    loop {
        let now = browser.chosen_answer();
        if let Some(answer) = now.filter(|a| Some(a.as_str()) != before) {
            return answer;
        }
        assert!(std::time::Instant::now() < deadline, "no new answer after {before:?}: {}", browser.text());
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

#[test]
fn a_sonae_is_placed_and_turned_with_the_keyboard() {
    let Some((driver, chromium)) = browser_programs() else { return };
    let server = Server::start(Backend::Sqlite);
    let browser = Browser::start(&driver, &chromium, 1280);
    register_and_confirm(&browser, &server, "Masa");
    new_game(&browser, &server, "senbat");
    // Organised by touch (the quick organisation), then the page waits for the bot and offers the deployment.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let deploying =
        |b: &Browser| b.gestures().iter().any(|g| g["spots"][0].as_str().is_some_and(|s| s.starts_with("pose:")));
    while !deploying(&browser) {
        assert!(std::time::Instant::now() < deadline, "no deployment offered: {}", browser.text());
        if browser.find("form[data-sign=move]").is_some() && !browser.gestures().is_empty() {
            play_by_touch(&browser, 0, false);
        } else {
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
    }
    assert!(browser.text().contains("R turns to the next legal facing"), "{}", browser.text());
    let journal = |b: &Browser| b.script("return document.querySelectorAll('#journal li').length", json!([]));
    let before = journal(&browser);
    let mut presses = 0;
    while !focused(&browser).starts_with("spot pose:") {
        browser.press(TAB);
        presses += 1;
        assert!(presses < 80, "Tab never reached a position: {}", focused(&browser));
    }
    // The arrows move among the positions; R takes the one focused and turns it to a legal facing.
    browser.press(ARROW_RIGHT);
    let position = focused(&browser);
    assert!(position.starts_with("spot pose:"), "{position}");
    browser.press("r");
    let first = answer_changed_from(&browser, None);
    assert!(first.starts_with("deploy "), "{first}");
    // R again: the next legal facing, at the same position.
    browser.press("R");
    let turned = answer_changed_from(&browser, Some(&first));
    assert_eq!(pose_of(&turned).0, pose_of(&first).0, "{first} → {turned}");
    assert_ne!(pose_of(&turned).1, pose_of(&first).1, "R turns: {first} → {turned}");
    // An arrow moves the position and keeps the facing.
    browser.press(ARROW_RIGHT);
    let moved = answer_changed_from(&browser, Some(&turned));
    assert_ne!(pose_of(&moved).0, pose_of(&turned).0, "the arrow moves: {turned} → {moved}");
    assert_eq!(pose_of(&moved).1, pose_of(&turned).1, "the facing is kept: {turned} → {moved}");
    assert!(browser.text().contains(&format!("Your answer: {moved}")), "previewed: {}", browser.text());
    // Enter confirms: the keyboard is on "Sign and play", and Enter plays.
    browser.press(ENTER);
    assert!(focused(&browser).starts_with("BUTTON Sign and play"), "{}", focused(&browser));
    enter_plays(&browser);
    assert_ne!(journal(&browser), before, "the deployment is in the journal: {}", browser.text());
}

/// Each game of `slugs` opened at a 390-pixel window: what of its board does not fit, by game.
fn boards_at_phone_width(slugs: &[&str]) -> Vec<(String, Vec<String>)> {
    let Some((driver, chromium)) = browser_programs() else { return Vec::new() };
    let server = Server::start(Backend::Sqlite);
    let browser = Browser::start(&driver, &chromium, 390);
    register(&browser, &server, "Hana");
    slugs
        .iter()
        .map(|slug| {
            let id = new_game(&browser, &server, slug);
            browser.go(&format!("{}/games/{id}", server.url));
            (slug.to_string(), board_misfits(&browser))
        })
        .filter(|(_, misfits)| !misfits.is_empty())
        .collect()
}

#[test]
fn boards_of_uosao_shinobazu_and_shidouban_fit_a_phone_screen() {
    let misfits = boards_at_phone_width(&["uosao", "shinobazu", "shidouban"]);
    assert!(misfits.is_empty(), "{misfits:#?}");
}

#[test]
fn boards_of_senbat_and_suriagehara_fit_a_phone_screen() {
    // board2: senbat's and suriagehara's narrow pictures come with their gestures.
    let misfits = boards_at_phone_width(&["senbat", "suriagehara"]);
    assert!(misfits.is_empty(), "{misfits:#?}");
}

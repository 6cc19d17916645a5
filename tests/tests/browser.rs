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

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use e2e::{Backend, Player, Server};
use serde_json::{Value, json};

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

fn find_program(env: &str, names: &[&str]) -> Option<PathBuf> {
    if let Ok(path) = std::env::var(env) {
        return Some(PathBuf::from(path)).filter(|p| p.is_file());
    }
    let dirs = std::env::var_os("PATH")?;
    names.iter().find_map(|name| std::env::split_paths(&dirs).map(|d| d.join(name)).find(|p| p.is_file()))
}

/// chromedriver and Chromium, or None (after saying so loudly) when they are missing and not required.
fn browser_programs() -> Option<(PathBuf, PathBuf)> {
    let driver = find_program("TEGAMI_CHROMEDRIVER", &["chromedriver"]);
    let chromium = find_program("TEGAMI_CHROMIUM", &["chromium", "chromium-browser", "google-chrome"]);
    match (driver, chromium) {
        (Some(d), Some(c)) => Some((d, c)),
        _ => {
            let message =
                "chromedriver or chromium is missing: install them (apt-get install chromium chromium-driver)";
            assert!(std::env::var("TEGAMI_TEST_BROWSER").as_deref() != Ok("require"), "{message}");
            eprintln!("\n!!!!!!!!\n!!! SKIPPED: browser test: {message}\n!!!!!!!!\n");
            None
        }
    }
}

/// One headless Chromium session.
struct Browser {
    driver: Child,
    http: reqwest::blocking::Client,
    session: String,
}

impl Browser {
    fn start(driver: &PathBuf, chromium: &PathBuf, width: u32) -> Browser {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let driver = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let http = reqwest::blocking::Client::builder().timeout(Duration::from_secs(60)).build().unwrap();
        let base = format!("http://127.0.0.1:{port}");
        let deadline = Instant::now() + Duration::from_secs(20);
        while http.get(format!("{base}/status")).send().is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not answer");
            std::thread::sleep(Duration::from_millis(100));
        }
        let caps = json!({"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
            "binary": chromium,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     format!("--window-size={width},900"), "--lang=en-US"]}}}});
        let reply: Value = http.post(format!("{base}/session")).json(&caps).send().unwrap().json().unwrap();
        let session = reply["value"]["sessionId"].as_str().unwrap_or_else(|| panic!("no session: {reply}")).to_string();
        let mut browser = Browser { driver, http, session: format!("{base}/session/{session}") };
        browser.session = format!("{base}/session/{session}");
        browser
    }

    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let url = format!("{}{path}", self.session);
        let request = match method {
            "GET" => self.http.get(url),
            "DELETE" => self.http.delete(url),
            _ => self.http.post(url).json(&body.unwrap_or(json!({}))),
        };
        let reply: Value = request.send().expect("chromedriver answers").json().expect("JSON from chromedriver");
        if reply["value"].get("error").is_some() {
            panic!("WebDriver {method} {path}: {}", reply["value"]);
        }
        reply["value"].clone()
    }

    fn go(&self, url: &str) {
        self.call("POST", "/url", Some(json!({"url": url})));
    }

    fn script(&self, script: &str, args: Value) -> Value {
        self.call("POST", "/execute/sync", Some(json!({"script": script, "args": args})))
    }

    fn find(&self, css: &str) -> Option<String> {
        let url = format!("{}/elements", self.session);
        let reply: Value =
            self.http.post(url).json(&json!({"using": "css selector", "value": css})).send().unwrap().json().unwrap();
        reply["value"].as_array()?.first().and_then(|e| e[ELEMENT].as_str()).map(str::to_string)
    }

    fn element(&self, css: &str) -> String {
        self.find(css).unwrap_or_else(|| panic!("no `{css}` on {}:\n{}", self.url(), self.text()))
    }

    fn type_into(&self, css: &str, text: &str) {
        let id = self.element(css);
        self.call("POST", &format!("/element/{id}/value"), Some(json!({"text": text})));
    }

    fn click(&self, css: &str) {
        let id = self.element(css);
        self.call("POST", &format!("/element/{id}/click"), None);
    }

    fn url(&self) -> String {
        self.call("GET", "/url", None).as_str().unwrap_or_default().to_string()
    }

    fn text(&self) -> String {
        self.script("return document.body ? document.body.innerText : ''", json!([]))
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// Clicks `css` and waits until a new page has loaded (the old document is gone).
    fn click_and_wait(&self, css: &str) {
        self.script("window.__tegamiOld = true", json!([]));
        self.click(css);
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let done = self.script("return !window.__tegamiOld && document.readyState === 'complete'", json!([]));
            if done == json!(true) {
                return;
            }
            assert!(Instant::now() < deadline, "no new page after clicking `{css}`: {}", self.text());
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn screenshot(&self) -> Vec<u8> {
        use base64::Engine as _;
        let data = self.call("GET", "/screenshot", None);
        base64::engine::general_purpose::STANDARD.decode(data.as_str().unwrap()).unwrap()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.http.delete(&self.session).send();
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// The newest address-confirmation link emailed to `email` (from the .eml files the server wrote).
fn confirmation_link(server: &Server, email: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let mut names: Vec<PathBuf> =
            std::fs::read_dir(server.mail_dir()).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
        names.sort();
        for path in names.iter().rev() {
            let raw = std::fs::read(path).unwrap();
            let Some(message) = mail_parser::MessageParser::default().parse(&raw) else { continue };
            let to = message.to().and_then(|a| a.first()).and_then(|a| a.address()).unwrap_or_default().to_string();
            let text = message.body_text(0).unwrap_or_default().to_string();
            if to == email
                && let Some(i) = text.find("/api/v1/verify-email/")
            {
                let start = text[..i].rfind("http").unwrap();
                return text[start..].split_whitespace().next().unwrap().to_string();
            }
        }
        assert!(Instant::now() < deadline, "no confirmation email reached {email}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn register(browser: &Browser, server: &Server, name: &str) -> String {
    // Addresses are stored (and emailed) in lower case.
    let email = format!("{}@example.com", name.to_lowercase());
    browser.go(&format!("{}/register", server.url));
    browser.type_into("#display_name", name);
    browser.type_into("#email", &email);
    browser.type_into("#password", "correct-horse-battery");
    browser.click_and_wait("form.stack button[type=submit]");
    assert!(browser.url().ends_with("/games?welcome=1"), "registered: {}", browser.text());
    email
}

/// A new game of `slug` from the form: me in the first seat, bots in the others the game needs.
fn new_game(browser: &Browser, server: &Server, slug: &str) -> i64 {
    browser.go(&format!("{}/games/new?game={slug}", server.url));
    browser.click_and_wait("form[action='/games/new'][method=post] button[type=submit]");
    let url = browser.url();
    url.rsplit('/').next().unwrap().parse().unwrap_or_else(|_| panic!("not a game page: {url}: {}", browser.text()))
}

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

fn not_blank(png_bytes: &[u8]) -> bool {
    let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let pixels = &buf[..info.buffer_size()];
    let step = info.color_type.samples();
    let mut colours = std::collections::HashSet::new();
    for px in pixels.chunks(step) {
        colours.insert(px.to_vec());
        if colours.len() > 16 {
            return true;
        }
    }
    false
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

//! Driving headless Chromium from the browser tests: chromedriver spoken to over HTTP (the W3C WebDriver
//! protocol), and the steps the tests share: registering, starting a game against bots, touching the
//! board (`api/assets/web/touch.js`) and checking that a board fits a phone's screen. Each browser test
//! uses part of it.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use e2e::Server;
use serde_json::{Value, json};

pub const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

pub fn find_program(env: &str, names: &[&str]) -> Option<PathBuf> {
    if let Ok(path) = std::env::var(env) {
        return Some(PathBuf::from(path)).filter(|p| p.is_file());
    }
    let dirs = std::env::var_os("PATH")?;
    names.iter().find_map(|name| std::env::split_paths(&dirs).map(|d| d.join(name)).find(|p| p.is_file()))
}

/// chromedriver and Chromium, or None (after saying so loudly) when they are missing and not required.
pub fn browser_programs() -> Option<(PathBuf, PathBuf)> {
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
pub struct Browser {
    driver: Child,
    http: reqwest::blocking::Client,
    session: String,
}

impl Browser {
    pub fn start(driver: &PathBuf, chromium: &PathBuf, width: u32) -> Browser {
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

    pub fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
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

    pub fn go(&self, url: &str) {
        self.call("POST", "/url", Some(json!({"url": url})));
    }

    pub fn script(&self, script: &str, args: Value) -> Value {
        self.call("POST", "/execute/sync", Some(json!({"script": script, "args": args})))
    }

    pub fn find(&self, css: &str) -> Option<String> {
        let url = format!("{}/elements", self.session);
        let reply: Value =
            self.http.post(url).json(&json!({"using": "css selector", "value": css})).send().unwrap().json().unwrap();
        reply["value"].as_array()?.first().and_then(|e| e[ELEMENT].as_str()).map(str::to_string)
    }

    pub fn element(&self, css: &str) -> String {
        self.find(css).unwrap_or_else(|| panic!("no `{css}` on {}:\n{}", self.url(), self.text()))
    }

    pub fn type_into(&self, css: &str, text: &str) {
        let id = self.element(css);
        self.call("POST", &format!("/element/{id}/value"), Some(json!({"text": text})));
    }

    pub fn click(&self, css: &str) {
        let id = self.element(css);
        self.call("POST", &format!("/element/{id}/click"), None);
    }

    pub fn url(&self) -> String {
        self.call("GET", "/url", None).as_str().unwrap_or_default().to_string()
    }

    pub fn text(&self) -> String {
        self.script("return document.body ? document.body.innerText : ''", json!([]))
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// Clicks `css` and waits until a new page has loaded (the old document is gone).
    pub fn click_and_wait(&self, css: &str) {
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

    pub fn screenshot(&self) -> Vec<u8> {
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

/// What `found` makes of the newest email the server wrote (as .eml files) that it accepts, waiting up to 30 s
/// for one; `what` names it when none comes.
pub fn newest_mail<T>(server: &Server, what: &str, found: impl Fn(&[u8], &mail_parser::Message) -> Option<T>) -> T {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let mut names: Vec<PathBuf> =
            std::fs::read_dir(server.mail_dir()).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
        names.sort();
        for path in names.iter().rev() {
            let raw = std::fs::read(path).unwrap();
            let Some(message) = mail_parser::MessageParser::default().parse(&raw) else { continue };
            if let Some(it) = found(&raw, &message) {
                return it;
            }
        }
        assert!(Instant::now() < deadline, "no {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The first address of an email's To header.
pub fn addressee(message: &mail_parser::Message) -> String {
    message.to().and_then(|a| a.first()).and_then(|a| a.address()).unwrap_or_default().to_string()
}

/// The newest address-confirmation link emailed to `email`.
pub fn confirmation_link(server: &Server, email: &str) -> String {
    newest_mail(server, &format!("confirmation email reached {email}"), |_, message| {
        let text = message.body_text(0).unwrap_or_default().to_string();
        let i = text.find("/api/v1/verify-email/").filter(|_| addressee(message) == email)?;
        let start = text[..i].rfind("http").unwrap();
        Some(text[start..].split_whitespace().next().unwrap().to_string())
    })
}

pub fn register(browser: &Browser, server: &Server, name: &str) -> String {
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

/// Registers `name` from the page and follows the confirmation link emailed to them; returns the address.
pub fn register_and_confirm(browser: &Browser, server: &Server, name: &str) -> String {
    let email = register(browser, server, name);
    browser.go(&confirmation_link(server, &email));
    email
}

/// A new game of `slug` from the form: me in the first seat, bots in the others the game needs.
pub fn new_game(browser: &Browser, server: &Server, slug: &str) -> i64 {
    browser.go(&format!("{}/games/new?game={slug}", server.url));
    browser.click_and_wait("form[action='/games/new'][method=post] button[type=submit]");
    let url = browser.url();
    url.rsplit('/').next().unwrap().parse().unwrap_or_else(|_| panic!("not a game page: {url}: {}", browser.text()))
}

pub fn not_blank(png_bytes: &[u8]) -> bool {
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

// ---- touching the board ----

/// WebDriver's key codes.
pub const TAB: &str = "\u{E004}";
pub const ENTER: &str = "\u{E007}";
pub const ARROW_RIGHT: &str = "\u{E014}";

impl Browser {
    /// The element of spot `spot` the visitor can touch now: in the picture shown (a page holds a wide and a
    /// narrow one) or among the touch buttons.
    pub fn spot(&self, spot: &str) -> String {
        let found = self.script(
            "return Array.from(document.querySelectorAll('[data-spot]')).find(e => e.dataset.spot === arguments[0] \
             && e.getClientRects().length > 0 && !e.disabled) || null",
            json!([spot]),
        );
        found[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("no spot `{spot}` to touch on {}:\n{}", self.url(), self.text()))
            .to_string()
    }

    /// A real click (pointer down and up) on `element`, brought to the middle of the window first, as a finger
    /// would: WebDriver clicks the middle of the part in view, which for a spot cut by the window's edge may lie
    /// outside the spot's own shape (then the picture around it takes the click).
    pub fn click_element(&self, element: &str) {
        self.script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", json!([{ELEMENT: element}]));
        self.call("POST", &format!("/element/{element}/click"), None);
    }

    /// A drag with the mouse from the middle of one element to the middle of another.
    pub fn drag(&self, from: &str, to: &str) {
        let actions = json!({"actions": [{"type": "pointer", "id": "finger", "parameters": {"pointerType": "mouse"},
            "actions": [
                {"type": "pointerMove", "origin": {ELEMENT: from}, "x": 0, "y": 0},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerMove", "origin": {ELEMENT: to}, "x": 0, "y": 0, "duration": 150},
                {"type": "pointerUp", "button": 0}]}]});
        self.call("POST", "/actions", Some(actions));
        self.call("DELETE", "/actions", None);
    }

    /// Presses and releases `key` (a character or one of the WebDriver key codes above).
    pub fn press(&self, key: &str) {
        let actions = json!({"actions": [{"type": "key", "id": "keyboard",
            "actions": [{"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]}]});
        self.call("POST", "/actions", Some(actions));
    }

    /// The gestures the page offers for its decisions (`[{spots, answer}]`), as `touch.js` reads them.
    pub fn gestures(&self) -> Vec<Value> {
        let all = self.script(
            "return Array.from(document.querySelectorAll('.touch script.gestures')).flatMap(s => JSON.parse(s.textContent))",
            json!([]),
        );
        all.as_array().cloned().unwrap_or_default()
    }

    /// The answer chosen in the move form (the label of the checked radio button or the list's entry), if any.
    pub fn chosen_answer(&self) -> Option<String> {
        let chosen = self.script(
            "const f = document.querySelector('form[data-sign=move]'); if (!f) return null; \
             const r = f.querySelector('input[name=action]:checked'); \
             if (r) { const l = f.querySelector('label[for=\"' + r.id + '\"]'); return l ? l.textContent.trim() : ''; } \
             const s = f.querySelector('select[name=action]'); \
             return s && s.value ? s.options[s.selectedIndex].textContent.trim() : null;",
            json!([]),
        );
        chosen.as_str().map(str::to_string)
    }

    /// Waits until the move form holds `answer` (it may be read back by the server first).
    pub fn wait_for_answer(&self, answer: &str) {
        let deadline = Instant::now() + Duration::from_secs(15);
        while self.chosen_answer().as_deref() != Some(answer) {
            assert!(
                Instant::now() < deadline,
                "touching did not choose `{answer}` (chosen: {:?}): {}",
                self.chosen_answer(),
                self.text()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// Plays one move by touching: gesture number `pick` (modulo how many there are) of those the page offers,
/// touched spot by spot (a two-spot gesture on the board dragged from the first to the second when `drag`),
/// then the form's own "Sign and play". Returns the answer played, or None when the page offers no gesture
/// (a decision the game leaves to notation).
pub fn play_by_touch(browser: &Browser, pick: usize, drag: bool) -> Option<String> {
    let gestures = browser.gestures();
    if gestures.is_empty() {
        return None;
    }
    let gesture = &gestures[pick % gestures.len()];
    let spots: Vec<String> =
        gesture["spots"].as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect();
    let answer = gesture["answer"].as_str().unwrap().to_string();
    let on_board = |s: &String| !s.starts_with("button:");
    if drag && spots.len() >= 2 && on_board(&spots[0]) && on_board(&spots[1]) {
        let (from, to) = (browser.spot(&spots[0]), browser.spot(&spots[1]));
        browser.drag(&from, &to);
        for spot in &spots[2..] {
            browser.click_element(&browser.spot(spot));
        }
    } else {
        for spot in &spots {
            browser.click_element(&browser.spot(spot));
        }
    }
    browser.wait_for_answer(&answer);
    browser.click_and_wait("form[data-sign=move] button[type=submit]");
    Some(answer)
}

/// What of the board shown at the window's width lies outside the window sideways, and which texts of its
/// picture are drawn under 12 CSS pixels: empty when the board fits a phone.
pub fn board_misfits(browser: &Browser) -> Vec<String> {
    let found = browser.script(
        "const out = []; const width = window.innerWidth; \
         const picture = Array.from(document.querySelectorAll('.board .picture')).find(p => p.getClientRects().length > 0); \
         if (!picture) return ['no picture shown']; \
         const svg = picture.querySelector('svg'); \
         const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width; \
         for (const e of svg.querySelectorAll('*')) { \
           if (e.tagName === 'title') continue; \
           const r = e.getBoundingClientRect(); \
           if (r.width === 0 && r.height === 0) continue; \
           if (r.left < -0.5 || r.right > width + 0.5) out.push(e.tagName + ' ' + (e.textContent || e.getAttribute('data-spot') || '').trim().slice(0, 40) + ' spans ' + Math.round(r.left) + '..' + Math.round(r.right) + ' of ' + width); \
           if (e.tagName === 'text') { const px = parseFloat(e.getAttribute('font-size')) * scale; \
             if (px < 11.99) out.push('text ' + e.textContent.slice(0, 40) + ' is ' + px.toFixed(1) + ' px'); } \
         } \
         return out;",
        json!([]),
    );
    found.as_array().unwrap().iter().map(|v| v.as_str().unwrap_or_default().to_string()).collect()
}

// ---- checking pages ----

impl Browser {
    /// Runs `script` as an asynchronous script: it ends by calling its last argument with the result.
    pub fn async_script(&self, script: &str, args: Value) -> Value {
        self.call("POST", "/execute/async", Some(json!({"script": script, "args": args})))
    }

    /// How long a script may run before chromedriver gives up on it.
    pub fn script_timeout(&self, limit: Duration) {
        self.call("POST", "/timeouts", Some(json!({"script": limit.as_millis() as u64})));
    }

    pub fn resize(&self, width: u32, height: u32) {
        self.call("POST", "/window/rect", Some(json!({"width": width, "height": height})));
    }

    /// A screenshot of the whole page at `width` (the window made as tall as the page, up to `max_height`,
    /// then `height` again).
    pub fn whole_page_screenshot(&self, width: u32, height: u32, max_height: u32) -> Vec<u8> {
        let page_height = self.script("return document.documentElement.scrollHeight", json!([]));
        let tall = (page_height.as_u64().unwrap_or(height as u64) as u32 + 200).clamp(height, max_height);
        self.resize(width, tall);
        let shot = self.screenshot();
        self.resize(width, height);
        shot
    }
}

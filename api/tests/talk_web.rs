//! Table talk on the game page (issue 26), without JavaScript: the panel shows each visitor exactly the
//! messages it may read, a player writes by a plain form POST and reload, and keeps a private note.

mod common;

use std::collections::HashMap;

use common::TestApp;
use reqwest::blocking::{Client, Response};
use reqwest::header;
use serde_json::{Value, json};

/// A browser without JavaScript: keeps cookies, follows no redirects by itself.
struct Visitor {
    base: String,
    client: Client,
    cookies: HashMap<String, String>,
}

struct Page {
    status: u16,
    location: Option<String>,
    body: String,
}

impl Visitor {
    fn new(app: &TestApp) -> Visitor {
        let client = Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
        Visitor { base: app.base.clone(), client, cookies: HashMap::new() }
    }

    fn read(&mut self, r: Response) -> Page {
        for c in r.headers().get_all(header::SET_COOKIE) {
            let pair = c.to_str().unwrap().split(';').next().unwrap().to_string();
            let (name, value) = pair.split_once('=').unwrap();
            self.cookies.insert(name.to_string(), value.to_string());
        }
        let location = r.headers().get(header::LOCATION).map(|v| v.to_str().unwrap().to_string());
        Page { status: r.status().as_u16(), location, body: r.text().unwrap() }
    }

    fn cookie_header(&self) -> String {
        self.cookies.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ")
    }

    fn get(&mut self, path: &str) -> Page {
        let r = self
            .client
            .get(format!("{}{path}", self.base))
            .header(header::ACCEPT, "text/html")
            .header(header::ACCEPT_LANGUAGE, "en")
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
            .header(header::COOKIE, self.cookie_header())
            .form(fields)
            .send()
            .unwrap();
        self.read(r)
    }

    /// Opens `path` and posts `fields` to `action` with the page's CSRF token.
    fn submit(&mut self, path: &str, action: &str, fields: &[(&str, &str)]) -> Page {
        let page = self.get(path);
        assert_eq!(page.status, 200, "{path}: {}", page.body);
        let at = page.body.find("name=\"csrf\" value=\"").expect("a CSRF field") + "name=\"csrf\" value=\"".len();
        let csrf = page.body[at..].split('"').next().unwrap().to_string();
        let mut all = vec![("csrf", csrf.as_str())];
        all.extend_from_slice(fields);
        self.post(action, &all)
    }
}

tegami_api::on_both_backends! {
    fn the_panel_shows_each_visitor_its_messages_and_takes_a_form_post(db) {
        let app = TestApp::spawn(db);
        let (bob, carol) = (app.player("bob"), app.player("carol"));
        let r = app.post("/api/v1/games", Some(&bob.token),
            &json!({"slug": "shinobazu", "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]}));
        let game = r.json::<Value>().unwrap()["id"].as_i64().unwrap();
        assert_eq!(app.put(&format!("/api/v1/games/{game}/talk"), Some(&bob.token), &json!({"private_messages": true})).status(), 200);
        assert_eq!(app.post(&format!("/api/v1/games/{game}/join"), Some(&carol.token), &json!({})).status(), 200);
        let mut alice = Visitor::new(&app);
        let registered = alice.submit("/register", "/register",
            &[("display_name", "alice"), ("email", "alice@example.com"), ("password", "password-123")]);
        assert_eq!(registered.status, 303);
        let page_path = format!("/games/{game}");
        assert_eq!(alice.submit(&page_path, &format!("/games/{game}/join"), &[]).status, 303);

        // alice writes from the page: a plain form POST, answered by a redirect back to the panel.
        let written = alice.submit(&page_path, &format!("/games/{game}/messages"), &[("text", "Hello from the web <b>page</b>"), ("to", "")]);
        assert_eq!((written.status, written.location.as_deref()), (303, Some(format!("/games/{game}#talk").as_str())));
        let said: Value = app.get(&format!("/api/v1/games/{game}/messages"), Some(&carol.token)).json().unwrap();
        assert_eq!(said["messages"][0]["text"], "Hello from the web <b>page</b>");
        let r = app.post(&format!("/api/v1/games/{game}/messages"), Some(&bob.token), &json!({"text": "carol, only you read this", "to": 1}));
        assert_eq!(r.status(), 201);

        let page = alice.get(&page_path);
        assert!(page.body.contains("Hello from the web &lt;b&gt;page&lt;/b&gt;"), "escaped, shown");
        // Its time as every time on the pages: a <time> the page's script shows in the reader's time zone.
        let talk = page.body.split("id=\"talk-messages\"").nth(1).unwrap();
        assert!(talk.contains("<span class=\"at\"><time datetime=\""), "{talk}");
        assert!(!page.body.contains("only you read this"), "a private message to another seat is not on alice's page");
        assert!(page.body.contains("name=\"to\""), "private messages are allowed: a recipient list");
        let mut spectator = Visitor::new(&app);
        let seen = spectator.get(&page_path);
        assert!(seen.body.contains("Hello from the web"));
        assert!(!seen.body.contains("only you read this"));
        assert!(!seen.body.contains("action=\"/games/1/messages\""), "spectators do not write");

        // A refusal is a page saying why; nothing is written.
        let empty = alice.submit(&page_path, &format!("/games/{game}/messages"), &[("text", "   ")]);
        assert_eq!(empty.status, 422, "{}", empty.body);
        let said: Value = app.get(&format!("/api/v1/games/{game}/messages"), Some(&carol.token)).json().unwrap();
        assert_eq!(said["messages"].as_array().unwrap().len(), 2);

        // A private note, kept from the page, read by alice alone.
        let kept = alice.submit(&page_path, &format!("/games/{game}/note"), &[("text", "carol opens strong")]);
        assert_eq!(kept.status, 303);
        assert!(alice.get(&page_path).body.contains("carol opens strong"));
        assert!(!spectator.get(&page_path).body.contains("carol opens strong"));
        assert_eq!(app.get(&format!("/api/v1/games/{game}/note"), Some(&carol.token)).json::<Value>().unwrap()["text"], "");
    }
}

//! The web pages, over real HTTP against a real server and database: HTML in English and Japanese under a
//! strict policy, register / sign in / sign out with the session cookie and CSRF, every link of real
//! emails landing on a page, the game pages (own view, spectator view, a signed move through the form),
//! and the same throttling as the API. The pages in a real browser are tested in `tests/tests/browser.rs`.

mod common;

use std::collections::HashMap;

use common::TestApp;
use reqwest::blocking::{Client, Response};
use reqwest::header;
use serde_json::{Value, json};
use shared::registry;

/// A browser without JavaScript: keeps cookies, follows no redirects by itself, asks for HTML.
struct Visitor {
    base: String,
    client: Client,
    cookies: HashMap<String, String>,
    lang: &'static str,
}

struct Page {
    status: u16,
    location: Option<String>,
    content_type: String,
    cache_control: String,
    csp: String,
    set_cookies: Vec<String>,
    body: String,
}

impl Visitor {
    fn new(app: &TestApp) -> Visitor {
        let client = Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
        Visitor { base: app.base.clone(), client, cookies: HashMap::new(), lang: "en" }
    }

    fn cookie_header(&self) -> String {
        self.cookies.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ")
    }

    fn read(&mut self, r: Response) -> Page {
        let header_text = |r: &Response, h: header::HeaderName| {
            r.headers().get(h).map(|v| v.to_str().unwrap().to_string()).unwrap_or_default()
        };
        let set_cookies: Vec<String> =
            r.headers().get_all(header::SET_COOKIE).iter().map(|v| v.to_str().unwrap().to_string()).collect();
        for c in &set_cookies {
            let pair = c.split(';').next().unwrap();
            let (name, value) = pair.split_once('=').unwrap();
            if value.is_empty() || c.contains("Max-Age=0") {
                self.cookies.remove(name);
            } else {
                self.cookies.insert(name.to_string(), value.to_string());
            }
        }
        let location = r.headers().get(header::LOCATION).map(|v| v.to_str().unwrap().to_string());
        Page {
            status: r.status().as_u16(),
            content_type: header_text(&r, header::CONTENT_TYPE),
            cache_control: header_text(&r, header::CACHE_CONTROL),
            csp: header_text(&r, header::CONTENT_SECURITY_POLICY),
            location,
            set_cookies,
            body: r.text().unwrap(),
        }
    }

    fn get(&mut self, path: &str) -> Page {
        let r = self
            .client
            .get(format!("{}{path}", self.base))
            .header(header::ACCEPT, "text/html,application/xhtml+xml,*/*;q=0.8")
            .header(header::ACCEPT_LANGUAGE, self.lang)
            .header(header::COOKIE, self.cookie_header())
            .send()
            .unwrap();
        self.read(r)
    }

    /// GET, following redirects on this site.
    fn open(&mut self, path: &str) -> Page {
        let mut page = self.get(path);
        for _ in 0..5 {
            match (&page.location, page.status) {
                (Some(to), 301..=308) => page = self.get(&to.clone()),
                _ => break,
            }
        }
        page
    }

    fn post(&mut self, path: &str, fields: &[(&str, &str)]) -> Page {
        self.post_with(path, fields, &[])
    }

    /// `post` with more headers (what a browser adds: `Origin`, `Sec-Fetch-Site`).
    fn post_with(&mut self, path: &str, fields: &[(&str, &str)], headers: &[(&str, &str)]) -> Page {
        let mut request = self
            .client
            .post(format!("{}{path}", self.base))
            .header(header::ACCEPT, "text/html")
            .header(header::COOKIE, self.cookie_header())
            .form(fields);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let r = request.send().unwrap();
        self.read(r)
    }

    /// Opens the form at `path` and posts `fields` with its CSRF token.
    fn submit(&mut self, path: &str, action: &str, fields: &[(&str, &str)]) -> Page {
        let form = self.open(path);
        assert_eq!(form.status, 200, "{path}: {}", form.body);
        let csrf = csrf_of(&form.body);
        let mut all = vec![("csrf", csrf.as_str())];
        all.extend_from_slice(fields);
        self.post(action, &all)
    }

    fn register(&mut self, name: &str) -> Page {
        let email = format!("{name}@example.com");
        self.submit(
            "/register",
            "/register",
            &[("display_name", name), ("email", &email), ("password", "password-123")],
        )
    }
}

fn csrf_of(html: &str) -> String {
    let at = html.find("name=\"csrf\" value=\"").expect("a CSRF field") + "name=\"csrf\" value=\"".len();
    html[at..].split('"').next().unwrap().to_string()
}

fn assert_html(page: &Page, what: &str) {
    assert!(page.content_type.starts_with("text/html"), "{what}: {} {}\n{}", page.status, page.content_type, page.body);
    assert!(page.body.starts_with("<!DOCTYPE html>"), "{what}: {}", page.body);
}

tegami_api::on_both_backends! {
    fn pages_are_html_in_both_languages_under_a_strict_policy(db) {
        let app = TestApp::spawn(db);
        let mut v = Visitor::new(&app);
        let home = v.open("/");
        assert_eq!(home.status, 200);
        assert_html(&home, "/");
        assert!(home.body.contains("<html lang=\"en\""));
        // Scripts and styles from this server only, nothing inline.
        assert!(home.csp.contains("script-src 'self'") && home.csp.contains("style-src 'self'"), "{}", home.csp);
        assert!(!home.csp.contains("unsafe"), "{}", home.csp);
        assert!(!home.body.contains("<script>") && !home.body.contains("style="), "no inline script or style");
        for game in registry::games() {
            let info = game.info();
            assert!(home.body.contains(&info.name.en), "{} is listed", info.slug);
            let rules = v.open(&format!("/rules/{}", info.slug));
            assert_eq!(rules.status, 200);
            assert_html(&rules, "rules");
            assert!(rules.body.contains("<h2>") || rules.body.contains("<h1>"), "rules as HTML");
        }
        assert_eq!(v.open("/rules/chess").status, 404);
        // Japanese from Accept-Language, and from the switch (a cookie), which wins over the header.
        v.lang = "ja,en;q=0.5";
        let ja = v.open("/");
        assert!(ja.body.contains("<html lang=\"ja\"") && ja.body.contains("手紙で遊ぶボードゲーム"), "{}", ja.body);
        let switched = v.get("/lang/en?back=/register");
        assert_eq!((switched.status, switched.location.as_deref()), (303, Some("/register")));
        assert!(v.open("/").body.contains("<html lang=\"en\""));
        // The switch never sends anyone off the site.
        assert_eq!(v.get("/lang/ja?back=//evil.example/").location.as_deref(), Some("/"));
        // The assets come from the binary, named by their content and kept by browsers for a year.
        let home = v.open("/").body;
        let asset = |stem: &str| {
            let start = home.find(&format!("/assets/web/{stem}-")).unwrap_or_else(|| panic!("{stem} in {home}"));
            home[start..].split('"').next().unwrap().to_string()
        };
        let css = v.get(&asset("tegami"));
        assert!(css.status == 200 && css.content_type.starts_with("text/css"));
        assert!(css.cache_control.contains("immutable"), "{}", css.cache_control);
        let js = v.get(&asset("sign"));
        assert!(js.status == 200 && js.content_type.starts_with("text/javascript") && js.body.contains("Ed25519"));
        let live = v.get(&asset("live"));
        assert!(live.status == 200 && live.body.contains("EventSource"));
        let icon = v.get(&asset("favicon"));
        assert!(icon.status == 200 && icon.content_type.starts_with("image/svg+xml"));
        let old = v.get("/favicon.ico");
        assert_eq!((old.status, old.location.as_deref()), (301, Some(asset("favicon").as_str())));
        assert_eq!(v.get("/assets/web/tegami.css").status, 404, "only the hashed names are served");
        // The API keeps its own answers.
        let r = app.get("/api/v1/nothing-here", None);
        assert_eq!(r.status(), 404);
        assert!(r.headers()["content-type"].to_str().unwrap().starts_with("application/problem+json"));
    }

    fn register_sign_in_and_out_with_a_session_cookie_and_csrf(db) {
        let app = TestApp::spawn(db);
        let mut v = Visitor::new(&app);
        // A form without its token changes nothing.
        v.open("/register");
        let forged = v.post("/register", &[("csrf", "forged"), ("display_name", "Ada"), ("email", "ada@example.com"), ("password", "password-123")]);
        assert_eq!(forged.status, 403);
        assert_html(&forged, "forged");
        assert!(forged.body.contains("csrf_failed"));
        // Bad input shows the form again with what was wrong.
        let weak = v.submit("/register", "/register", &[("display_name", "Ada"), ("email", "ada@example.com"), ("password", "short")]);
        assert_eq!(weak.status, 422);
        assert!(weak.body.contains("weak_password") && weak.body.contains("ada@example.com"), "{}", weak.body);
        let done = v.register("ada");
        assert_eq!((done.status, done.location.as_deref()), (303, Some("/games?welcome=1")), "{}", done.body);
        let session = done.set_cookies.iter().find(|c| c.starts_with("tegami_session=")).expect("a session cookie");
        assert!(session.contains("HttpOnly") && session.contains("SameSite=Lax") && session.contains("Path=/"), "{session}");
        assert!(!session.contains("Secure"), "plain http: no Secure flag");
        let games = v.open("/games?welcome=1");
        assert_eq!(games.status, 200);
        assert!(games.body.contains("/sign-out"), "signed in");
        // The same address again is refused with the API's code.
        let mut other = Visitor::new(&app);
        let taken = other.register("ada");
        assert_eq!(taken.status, 409);
        assert!(taken.body.contains("email_taken"));
        // Sign out ends the session row: the old cookie no longer signs anyone in.
        let old = v.cookies.get("tegami_session").cloned().unwrap();
        let page = v.open("/games");
        let out = v.post("/sign-out", &[("csrf", &csrf_of(&page.body))]);
        assert_eq!(out.status, 303);
        v.cookies.insert("tegami_session".into(), old);
        assert_eq!(v.get("/games").location.as_deref(), Some("/sign-in?next=/games"));
        // Sign in: a wrong password is a 401 form, the right one a session and the page asked for.
        let wrong = v.submit("/sign-in", "/sign-in", &[("email", "ada@example.com"), ("password", "nope-nope-nope")]);
        assert_eq!(wrong.status, 401);
        assert!(wrong.body.contains("bad_credentials"));
        let good = v.submit("/sign-in?next=/keys", "/sign-in", &[("email", "ada@example.com"), ("password", "password-123"), ("next", "/keys")]);
        assert_eq!((good.status, good.location.as_deref()), (303, Some("/keys")));
        assert_eq!(v.open("/keys").status, 200);
        // `next` never leaves the site.
        let away = v.submit("/sign-in", "/sign-in", &[("email", "ada@example.com"), ("password", "password-123"), ("next", "https://evil.example/")]);
        assert_eq!(away.location.as_deref(), Some("/games"));
    }

    fn sign_in_is_throttled_like_the_api(db) {
        let app = TestApp::spawn_with(db, |s| s.security.throttle_account_limit = 3);
        let mut v = Visitor::new(&app);
        let mut last = 0;
        for _ in 0..4 {
            last = v.submit("/sign-in", "/sign-in", &[("email", "nobody@example.com"), ("password", "whatever-123")]).status;
        }
        assert_eq!(last, 429);
        // The API counts the same attempts.
        let r = app.post("/api/v1/sessions", None, &json!({"email": "nobody@example.com", "password": "x"}));
        assert_eq!(r.status(), 429);
    }

    fn every_link_in_real_emails_lands_on_a_page(db) {
        let app = TestApp::spawn(db);
        let mut v = Visitor::new(&app);
        assert_eq!(v.register("ada").status, 303);
        // Bea plays against Ada and a bot, and invites Cy: invitation, start and turn emails.
        let bea = app.player("bea");
        let r = app.post("/api/v1/games", Some(&bea.token), &json!({"slug": "uosao", "seats": [
            {"kind": "me"}, {"kind": "invite", "email": "ada@example.com"}, {"kind": "bot"}]}));
        assert_eq!(r.status(), 201, "{}", r.text().unwrap());
        let r = app.post("/api/v1/games", Some(&bea.token), &json!({"slug": "uosao", "seats": [
            {"kind": "me"}, {"kind": "invite", "email": "cy@example.com"}, {"kind": "bot"}]}));
        assert_eq!(r.status(), 201);
        let r = app.post("/api/v1/games", Some(&bea.token), &json!({"slug": "uosao", "seats": [
            {"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]}));
        assert_eq!(r.status(), 201);
        let r = app.post("/api/v1/password-reset", None, &json!({"email": "ada@example.com"}));
        assert_eq!(r.status(), 202);
        let mails = app.wait_for_any_mail("verification, invitation and reset emails", |m| {
            ["verify_email", "invitation", "password_reset"].iter().all(|k| m.iter().any(|x| x.kind == *k))
                && m.iter().any(|x| x.kind == "turn" || x.kind == "game_start")
        });
        let mut links: Vec<String> = Vec::new();
        for mail in &mails {
            for text in [&mail.text, &mail.html] {
                for (i, _) in text.match_indices("http://127.0.0.1") {
                    // Where the emails' own linkifier ends a URL (`mail::compose`), and at any non-ASCII character.
                    let url: String = text[i..].chars().take_while(|c| c.is_ascii() && !c.is_whitespace() && !"<>\"'`)".contains(*c)).collect();
                    let path = url.trim_start_matches("http://127.0.0.1").trim_end_matches(['.', ',']).replace("&amp;", "&");
                    let path = if path.is_empty() { "/".to_string() } else { path };
                    if !links.contains(&path) {
                        links.push(path);
                    }
                }
            }
        }
        let kinds: Vec<&str> = mails.iter().map(|m| m.kind.as_str()).collect();
        assert!(links.iter().any(|l| l.starts_with("/api/v1/verify-email/")), "{kinds:?} {links:?}");
        assert!(links.iter().any(|l| l.starts_with("/api/v1/invitations/never/")), "{links:?}");
        assert!(links.iter().any(|l| l.contains("/rules")), "{links:?}");
        assert!(links.iter().any(|l| l.starts_with("/api/v1/unsubscribe/")), "{links:?}");
        assert!(links.iter().any(|l| l.contains("/board")), "{links:?}");
        assert!(links.contains(&"/".to_string()), "the invitation's register link: {links:?}");
        for link in &links {
            let page = v.open(link);
            assert_html(&page, link);
            assert_eq!(page.status, 200, "{link}: {}", page.body);
        }
        // "Never invite me again" (Cy's link) asks first, then works from the browser under the page policy.
        let to_cy = mails.iter().find(|m| m.to == "cy@example.com" && m.kind == "invitation").unwrap();
        let never =
            links.iter().find(|l| l.starts_with("/api/v1/invitations/never/") && to_cy.text.contains(l.as_str())).unwrap();
        let ask = v.open(never);
        assert!(ask.csp.contains("form-action 'self'"), "{}", ask.csp);
        let action = never.replace("/api/v1/invitations/never/", "/invitations/never/");
        assert!(ask.body.contains(&format!("action=\"{action}\"")), "{}", ask.body);
        let done = v.post(&action, &[("csrf", &csrf_of(&ask.body))]);
        assert_eq!(done.status, 200, "{}", done.body);
        let r = app.post("/api/v1/games", Some(&bea.token), &json!({"slug": "uosao", "seats": [
            {"kind": "me"}, {"kind": "invite", "email": "cy@example.com"}, {"kind": "bot"}]}));
        assert_eq!(r.status(), 422, "cy asked never to be invited");
        // Ada's page lists the game she is invited to, whose page says who invites her to what.
        let mine = v.open("/games");
        assert!(mine.body.contains("Invitations") && mine.body.contains("href=\"/games/1\""), "{}", mine.body);
        let invitation = v.open("/games/1");
        assert!(invitation.body.contains("bea invites players to a game of") && invitation.body.contains("/games/1/join"), "{}", invitation.body);
        // The API answers scripts as before (no redirect without `text/html` asked by name).
        let verify = links.iter().find(|l| l.starts_with("/api/v1/verify-email/")).unwrap();
        let r = app.get(verify, None);
        assert_eq!(r.status(), 200);
        assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/plain"));
    }

    fn unsubscribe_takes_a_confirm_step(db) {
        let app = TestApp::spawn(db);
        let bea = app.player("bea");
        let r = app.post("/api/v1/games", Some(&bea.token), &json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]}));
        assert_eq!(r.status(), 201);
        let mails = app.wait_for_mail("a turn email", |m| m.iter().any(|x| x.list_unsubscribe.is_some()));
        let link = mails.iter().find_map(|m| m.list_unsubscribe.clone()).unwrap();
        let path = link.trim_matches(['<', '>']).trim_start_matches("http://127.0.0.1").to_string();
        let mut v = Visitor::new(&app);
        let confirm = v.open(&path);
        assert_eq!(confirm.status, 200);
        assert!(confirm.body.contains("method=\"post\""), "a confirm button, nothing done yet");
        let prefs: Value = app.get("/api/v1/me/notifications", Some(&bea.token)).json().unwrap();
        assert_ne!(prefs["notify"], "none", "{prefs}");
        let action = path.replace("/api/v1/unsubscribe/", "/unsubscribe/");
        let done = v.post(&action, &[("csrf", &csrf_of(&confirm.body))]);
        assert_eq!(done.status, 200, "{}", done.body);
        let prefs: Value = app.get("/api/v1/me/notifications", Some(&bea.token)).json().unwrap();
        assert_eq!(prefs["notify"], "none", "{prefs}");
        // A player who plays only by email gets them back on the same page.
        let again = v.open(&action);
        assert!(again.body.contains("value=\"resume\""), "{}", again.body);
        let resumed = v.post(&action, &[("csrf", &csrf_of(&again.body)), ("action", "resume")]);
        assert_eq!(resumed.status, 200, "{}", resumed.body);
        let prefs: Value = app.get("/api/v1/me/notifications", Some(&bea.token)).json().unwrap();
        assert_eq!(prefs["notify"], "every_turn", "{prefs}");
    }

    fn password_reset_from_the_pages(db) {
        let app = TestApp::spawn(db);
        let mut v = Visitor::new(&app);
        assert_eq!(v.register("ada").status, 303);
        let sent = v.submit("/password-reset", "/password-reset", &[("email", "ada@example.com")]);
        assert_eq!(sent.status, 200);
        let mails = app.wait_for_any_mail("the reset email", |m| m.iter().any(|x| x.kind == "password_reset"));
        let text = &mails.iter().find(|m| m.kind == "password_reset").unwrap().text;
        let token: String = text[text.find("--token ").unwrap() + 8..].chars().take_while(|c| c.is_ascii_hexdigit()).collect();
        let bad = v.submit("/password-reset/confirm", "/password-reset/confirm", &[("token", "nope"), ("new_password", "new-password-9")]);
        assert_eq!(bad.status, 404);
        assert!(bad.body.contains("bad_reset_token"));
        let done = v.submit("/password-reset/confirm", "/password-reset/confirm", &[("token", &token), ("new_password", "new-password-9")]);
        assert_eq!(done.status, 200, "{}", done.body);
        let r = app.post("/api/v1/sessions", None, &json!({"email": "ada@example.com", "password": "new-password-9"}));
        assert_eq!(r.status(), 200);
    }

    fn the_game_page_shows_each_viewer_their_own_view_and_takes_signed_moves(db) {
        let app = TestApp::spawn(db);
        // Ada plays in the browser (signed in with a cookie); her signing key is registered through the
        // page's key endpoint, as the signing script does.
        let mut v = Visitor::new(&app);
        assert_eq!(v.register("ada").status, 303);
        let key = shared::signing::KeyPair::generate().unwrap();
        let keys = v.open("/keys");
        let registered = v.post("/keys", &[("csrf", &csrf_of(&keys.body)), ("public_key", &key.public_key()), ("name", "web browser")]);
        assert_eq!(registered.status, 200, "{}", registered.body);
        let kid: Value = serde_json::from_str(&registered.body).unwrap();
        assert!(v.open("/keys").body.contains(kid["kid"].as_str().unwrap()), "the key is listed");
        // A new game from the form: Ada and two bots.
        let form = v.open("/games/new?game=uosao");
        let created = v.post("/games/new", &[("csrf", &csrf_of(&form.body)), ("slug", "uosao"), ("seat0", "me"), ("seat1", "bot"),
            ("seat2", "bot"), ("seat3", "none"), ("options", ""), ("deadline_hours", "48"), ("timeout_policy", "skip")]);
        assert_eq!(created.status, 303, "{}", created.body);
        let game_path = created.location.clone().unwrap();
        let id: i64 = game_path.trim_start_matches("/games/").parse().unwrap();
        let page = v.open(&game_path);
        assert_eq!(page.status, 200);
        assert!(page.body.contains("<svg"), "the board as a picture");
        assert!(page.body.contains("data-sign=\"move\""), "a move form on Ada's turn");
        assert!(page.body.contains("48"), "the time limit");
        let list = v.open("/games");
        assert!(list.body.contains("my-turn") && list.body.contains(&format!("/games/{id}")), "{}", list.body);
        // An answer typed in notation is read back as an answer to sign.
        let label_at = page.body.find("for=\"choice-0-0\">").unwrap() + "for=\"choice-0-0\">".len();
        let notation = page.body[label_at..].split('<').next().unwrap().replace("&amp;", "&");
        let decision = page.body.split("data-decision=\"").nth(1).unwrap().split('"').next().unwrap().to_string();
        let read_back = v.client.get(format!("{}/games/{id}", app.base))
            .query(&[("decision", decision.as_str()), ("notation", notation.as_str())])
            .header(header::COOKIE, v.cookie_header()).send().unwrap().text().unwrap();
        assert!(read_back.contains("id=\"choice-0-typed\""), "{notation} read back: {read_back}");
        // An unsigned form post is refused with a reason.
        let unsigned = v.post(&format!("/games/{id}/moves"), &[("csrf", &csrf_of(&page.body)), ("signed_move", "")]);
        assert_eq!(unsigned.status, 422);
        assert!(unsigned.body.contains("signature_required"));
        // A signed move through the form: the first listed answer, signed with the registered key.
        let attr = |name: &str| {
            let at = page.body.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
            page.body[at..].split('"').next().unwrap().to_string()
        };
        let action_json = attr("name=\"action\" id=\"choice-0-0\" value").replace("&quot;", "\"");
        let action: Value = serde_json::from_str(&action_json).unwrap();
        let claims = shared::api_types::MoveClaims {
            game: id,
            seat: attr("data-seat").parse().unwrap(),
            decision: attr("data-decision"),
            action,
            iat: 1_800_000_000,
        };
        let signed = key.sign(&claims).unwrap();
        let played = v.post(&format!("/games/{id}/moves"), &[("csrf", &csrf_of(&page.body)), ("signed_move", &signed)]);
        assert_eq!((played.status, played.location.as_deref()), (303, Some(game_path.as_str())), "{}", played.body);
        let journal: Value = app.get(&format!("/api/v1/games/{id}/journal"), None).json().unwrap();
        assert!(journal["entries"].as_array().unwrap().len() > 1);
        // A replayed move is not applied twice.
        let again = v.post(&format!("/games/{id}/moves"), &[("csrf", &csrf_of(&page.body)), ("signed_move", &signed)]);
        assert!(again.status == 303 || again.status == 409, "{} {}", again.status, again.body);
        // Revoked from the key list, the key signs no new move (the moves it signed stay in the journal).
        let kid = kid["kid"].as_str().unwrap().to_string();
        let keys = v.open("/keys");
        let revoked = v.post(&format!("/keys/{kid}/revoke"), &[("csrf", &csrf_of(&keys.body))]);
        assert_eq!((revoked.status, revoked.location.as_deref()), (303, Some("/keys")));
        assert!(v.open("/keys").body.contains("revoked"));
        let next = v.open(&game_path);
        let decision = next.body.split("data-decision=\"").nth(1).unwrap().split('"').next().unwrap().to_string();
        let value_at = next.body.find("id=\"choice-0-0\" value=\"").unwrap() + "id=\"choice-0-0\" value=\"".len();
        let action: Value = serde_json::from_str(&next.body[value_at..].split('"').next().unwrap().replace("&quot;", "\"")).unwrap();
        let claims = shared::api_types::MoveClaims { game: id, seat: claims.seat, decision, action, iat: 1_800_000_001 };
        let refused = v.post(&format!("/games/{id}/moves"), &[("csrf", &csrf_of(&next.body)), ("signed_move", &key.sign(&claims).unwrap())]);
        assert_eq!(refused.status, 403, "{}", refused.body);
        assert!(refused.body.contains("key_revoked"), "{}", refused.body);
        // A spectator sees the game but no answers to give.
        let mut spectator = Visitor::new(&app);
        let seen = spectator.open(&game_path);
        assert_eq!(seen.status, 200);
        assert!(seen.body.contains("<svg") && !seen.body.contains("data-sign"), "spectators get no move form");
        assert_eq!(v.open("/games/999999").status, 404);
        assert_eq!(v.open("/games/abc").status, 404);
    }

    fn a_player_resigns_from_the_page_after_being_asked_once_more(db) {
        let app = TestApp::spawn(db);
        let mut v = Visitor::new(&app);
        assert_eq!(v.register("ada").status, 303);
        let form = v.open("/games/new?game=uosao");
        let created = v.post("/games/new", &[("csrf", &csrf_of(&form.body)), ("slug", "uosao"), ("seat0", "me"), ("seat1", "bot"),
            ("seat2", "bot"), ("seat3", "none"), ("options", ""), ("deadline_hours", "48"), ("timeout_policy", "skip")]);
        assert_eq!(created.status, 303, "{}", created.body);
        let game_path = created.location.clone().unwrap();
        let resign_path = format!("{game_path}/resign");
        assert!(v.open(&game_path).body.contains(&format!("href=\"{resign_path}\"")), "a way to resign");
        // Others may not: a spectator's page has no such link, and the confirmation refuses them.
        let mut spectator = Visitor::new(&app);
        assert!(!spectator.open(&game_path).body.contains(&resign_path));
        assert_eq!(spectator.register("bea").status, 303);
        let refused = spectator.open(&resign_path);
        assert_eq!(refused.status, 403, "{}", refused.body);
        assert!(refused.body.contains("not_a_player"));
        // The confirmation page asks; a forged form changes nothing.
        let confirm = v.open(&resign_path);
        assert_eq!(confirm.status, 200);
        assert!(confirm.body.contains("cannot be undone"), "{}", confirm.body);
        let entries = || app.get(&format!("/api/v1/games/{}/journal", game_path.trim_start_matches("/games/")), None)
            .json::<Value>().unwrap()["entries"].as_array().unwrap().clone();
        let before = entries().len();
        let forged = v.post(&resign_path, &[("csrf", "forged")]);
        assert_eq!(forged.status, 403, "{}", forged.body);
        assert_eq!(entries().len(), before);
        let done = v.post(&resign_path, &[("csrf", &csrf_of(&confirm.body))]);
        assert_eq!((done.status, done.location.as_deref()), (303, Some(game_path.as_str())), "{}", done.body);
        let after = entries();
        assert!(after.iter().any(|e| e["body"]["type"] == "resign"), "the resignation is journaled: {after:?}");
        assert!(!v.open(&game_path).body.contains(&format!("href=\"{resign_path}\"")), "resigned once, no link");
        let again = v.post(&resign_path, &[("csrf", &csrf_of(&confirm.body))]);
        // Refused: the game moved on, which the game's page says in words (a 303 there), or not allowed.
        let sent_back = again.status == 303 && again.location.as_deref().is_some_and(|l| l.starts_with(&format!("{game_path}?refused=")));
        assert!(sent_back || again.status == 403, "{} {:?} {}", again.status, again.location, again.body);
    }

    fn no_page_shows_a_seat_anything_another_seat_may_not_see(db) {
        use shared::{RenderContext, Viewer};
        let app = TestApp::spawn(db);
        let (ada, bea) = (app.player("ada"), app.player("bea"));
        let info = registry::game("shinobazu").unwrap().info();
        let mut seats = vec![json!({"kind": "me"}), json!({"kind": "open"})];
        while seats.len() < info.min_seats as usize {
            seats.push(json!({"kind": "bot"}));
        }
        let r = app.post("/api/v1/games", Some(&ada.token), &json!({"slug": "shinobazu", "seats": seats}));
        assert_eq!(r.status(), 201, "{}", r.text().unwrap());
        let id = r.json::<Value>().unwrap()["id"].as_i64().unwrap();
        assert_eq!(app.post(&format!("/api/v1/games/{id}/join"), Some(&bea.token), &json!({})).status(), 200);
        // A few moves, so that there are private events (cards played face down). The bot's turns come from its
        // worker, in its own time: the players wait for it rather than run out of rounds.
        let mut played = 0;
        let waited_since = std::time::Instant::now();
        while played < 8 {
            let mut moved = false;
            for p in [&ada, &bea] {
                if !p.moves(&app, id).is_empty() {
                    assert!(p.play_first_option(&app, id).status().is_success());
                    (played, moved) = (played + 1, true);
                }
            }
            if !moved {
                assert!(waited_since.elapsed() < std::time::Duration::from_secs(60), "the bot never moved");
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
        }
        let signed_in = |email: &str| {
            let mut v = Visitor::new(&app);
            let done = v.submit("/sign-in", "/sign-in", &[("email", email), ("password", "password-123")]);
            assert_eq!(done.status, 303);
            v
        };
        let mut readers = [(Viewer::Spectator, Visitor::new(&app)), (Viewer::Seat(0), signed_in(&ada.email)),
            (Viewer::Seat(1), signed_in(&bea.email))];
        let loaded = tegami_api::service::game_record::load(&mut app.db(), id).unwrap();
        let journal = tegami_api::service::game_record::whole_journal(&mut app.db(), id).unwrap();
        let over = loaded.game.is_over();
        let escape = |t: &str| t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;");
        let mut private_events = 0;
        for (viewer, visitor) in readers.iter_mut() {
            let page = visitor.open(&format!("/games/{id}"));
            assert_eq!(page.status, 200);
            // The picture is exactly the viewer's own view.
            let ctx = RenderContext { lang: shared::Lang::En, width: 80, seat_names: loaded.names.clone(), region: None, narrow: false };
            let svg = loaded.game.game().render_svg(&loaded.game.view(*viewer), &ctx).unwrap();
            assert!(page.body.contains(&svg), "{viewer:?} sees its own view");
            // No event text this viewer may not read appears (unless the same text is also its own).
            let events = journal.iter().flat_map(|e| e.events.iter());
            let (mine, hidden): (Vec<_>, Vec<_>) = events.partition(|ev| ev.visible_to(*viewer, over));
            for ev in hidden {
                if mine.iter().any(|m| m.text.en == ev.text.en) {
                    continue;
                }
                private_events += 1;
                assert!(!page.body.contains(&escape(&ev.text.en)), "{viewer:?} must not read `{}`", ev.text.en);
            }
            // Answers are offered only to the seat they are asked of.
            let own_forms = page.body.matches("data-sign=\"move\"").count();
            let asked = match viewer { Viewer::Seat(s) => loaded.game.pending().iter().filter(|p| p.seat == *s).count(), _ => 0 };
            assert!(own_forms <= asked, "{viewer:?}: {own_forms} forms for {asked} decisions");
        }
        assert!(private_events > 0, "the game had secrets to keep");
    }

    fn behind_https_the_cookies_are_secure(db) {
        let app = TestApp::spawn_with(db, |s| s.public_url = "https://tegami.test".into());
        let mut v = Visitor::new(&app);
        let form = v.open("/register");
        // The `__Host-` prefix: only this host, over https, can set these cookies (no sibling domain).
        let csrf = form.set_cookies.iter().find(|c| c.starts_with("__Host-tegami_csrf=")).expect("a CSRF cookie");
        assert!(csrf.contains("Secure") && csrf.contains("Path=/") && !csrf.contains("Domain"), "{csrf}");
        let done = v.register("ada");
        let session = done.set_cookies.iter().find(|c| c.starts_with("__Host-tegami_session=")).expect("a session cookie");
        assert!(session.contains("Secure") && session.contains("HttpOnly") && !session.contains("Domain"), "{session}");
        // The cookies without the prefix count for nothing there.
        let token = v.cookies.remove("__Host-tegami_session").unwrap();
        v.cookies.insert("tegami_session".into(), token.clone());
        assert_eq!(v.get("/games").location.as_deref(), Some("/sign-in?next=/games"));
        v.cookies.insert("__Host-tegami_session".into(), token);
        assert_eq!(v.get("/games").status, 200);
    }

    fn issue23_a_b_redirects_go_only_to_paths_on_this_site_and_never_fail(db) {
        let app = TestApp::spawn(db);
        let r = app.post("/api/v1/accounts", None, &json!({"email": "ada@example.com", "display_name": "Ada", "password": "password-123"}));
        assert_eq!(r.status(), 201);
        let mut v = Visitor::new(&app);
        // As given in the address (percent-encoded once), what the language switch must refuse.
        let hostile = [
            "/%09/evil.example/x",
            "/%0d%0a/evil.example",
            "/ok%0d%0aSet-Cookie:%20a=b",
            "/ok%0aLocation:%20https://evil.example",
            "%5C%5Cevil.example",
            "/%5Cevil.example",
            "/%5C/evil.example",
            "//evil.example/x",
            "/%2F/evil.example",
            "/%252F/evil.example",
            "/%25%30%39/evil.example",
            "https:evil.example",
            "https://evil.example/",
            "evil.example",
            "%09/games",
            "/a%7Fb",
        ];
        for back in hostile {
            let page = v.get(&format!("/lang/ja?back={back}"));
            assert_eq!((page.status, page.location.as_deref()), (303, Some("/")), "back={back}");
        }
        for (back, to) in [
            ("/games", "/games"),
            ("/games%3Fstatus%3Dactive%26page%3D2", "/games?status=active&page=2"),
            ("/rules/uosao?lang=ja", "/rules/uosao?lang=ja"),
            ("/games/3%23journal", "/games/3#journal"),
        ] {
            let page = v.get(&format!("/lang/en?back={back}"));
            assert_eq!((page.status, page.location.as_deref()), (303, Some(to)), "back={back}");
        }
        // `next` after a real sign-in, as the form posts it (decoded).
        let decoded = [
            "/\t/evil.example/x",
            "/\r\n/evil.example",
            "/ok\r\nSet-Cookie: a=b",
            "\\\\evil.example",
            "/\\evil.example",
            "//evil.example",
            "/%2F/evil.example",
            "/%09/evil.example",
            "https:evil.example",
            "https://evil.example/",
        ];
        for next in decoded {
            let page = v.submit("/sign-in", "/sign-in", &[("email", "ada@example.com"), ("password", "password-123"), ("next", next)]);
            assert_eq!((page.status, page.location.as_deref()), (303, Some("/games")), "next={next:?}");
        }
        let page = v.submit("/sign-in", "/sign-in", &[("email", "ada@example.com"), ("password", "password-123"), ("next", "/games?status=finished")]);
        assert_eq!((page.status, page.location.as_deref()), (303, Some("/games?status=finished")));
        // The form shows a hostile `next` back harmlessly, and a refused sign-in is a page, not a 500.
        let form = v.get("/sign-in?next=/%0d%0a/evil.example");
        assert_eq!(form.status, 200);
        let refused = v.submit("/sign-in", "/sign-in", &[("email", "ada@example.com"), ("password", "wrong-wrong"), ("next", "/\r\n")]);
        assert_eq!(refused.status, 401);
    }

    fn issue23_c_sign_out_everywhere_offers_to_revoke_api_tokens(db) {
        let app = TestApp::spawn(db);
        let mut v = Visitor::new(&app);
        assert_eq!(v.register("ada").status, 303);
        let session = app.post("/api/v1/sessions", None, &json!({"email": "ada@example.com", "password": "password-123"}));
        let api_session = session.json::<Value>().unwrap()["token"].as_str().unwrap().to_string();
        let token = app.post("/api/v1/tokens", Some(&api_session), &json!({"name": "ci"})).json::<Value>().unwrap()["secret"]
            .as_str()
            .unwrap()
            .to_string();
        let keys = v.open("/keys");
        assert!(keys.body.contains("/sign-out/everywhere"), "the keys page links to it");
        // Both languages say what the box does.
        let form = v.open("/sign-out/everywhere");
        assert_eq!(form.status, 200);
        assert!(form.body.contains("name=\"tokens\"") && form.body.contains("revoke every API token"), "{}", form.body);
        v.lang = "ja";
        let ja = v.open("/sign-out/everywhere");
        assert!(ja.body.contains("すべてのAPIトークンも失効させる"), "{}", ja.body);
        // Without the box: every session ends, the token stays.
        let done = v.post_with("/sign-out/everywhere", &[("csrf", &csrf_of(&ja.body))], &[("Accept-Language", "ja")]);
        assert_eq!(done.status, 200);
        assert!(done.body.contains("APIトークンはそのまま"), "{}", done.body);
        assert_eq!(app.get("/api/v1/me", Some(&api_session)).status(), 401);
        assert_eq!(app.get("/api/v1/me", Some(&token)).status(), 200);
        assert_eq!(v.get("/sign-out/everywhere").status, 401, "signed out here too");
        // With the box ticked: the token is revoked too.
        v.lang = "en";
        assert_eq!(v.submit("/sign-in", "/sign-in", &[("email", "ada@example.com"), ("password", "password-123")]).status, 303);
        let done = v.submit("/sign-out/everywhere", "/sign-out/everywhere", &[("tokens", "on")]);
        assert_eq!(done.status, 200);
        assert!(done.body.contains("1 API token revoked"), "{}", done.body);
        assert_eq!(app.get("/api/v1/me", Some(&token)).status(), 401);
    }

    fn issue23_d_csrf_tokens_are_bound_to_the_session_and_forms_to_this_site(db) {
        let app = TestApp::spawn(db);
        // The attacker's own anonymous visit: a cookie and the token that goes with it.
        let mut attacker = Visitor::new(&app);
        let theirs = attacker.open("/sign-in");
        let attacker_token = csrf_of(&theirs.body);
        let attacker_cookie = attacker.cookies.get("tegami_csrf").cloned().expect("a pre-session cookie");
        // The victim signs in; the pre-session nonce is replaced.
        let mut v = Visitor::new(&app);
        let before = v.open("/register");
        let anonymous_token = csrf_of(&before.body);
        let done = v.post("/register", &[("csrf", &anonymous_token), ("display_name", "Ada"), ("email", "ada@example.com"), ("password", "password-123")]);
        assert_eq!(done.status, 303);
        assert!(done.set_cookies.iter().any(|c| c.starts_with("tegami_csrf=")), "a new nonce at sign-in: {:?}", done.set_cookies);
        let page = v.open("/keys");
        let own = csrf_of(&page.body);
        assert_ne!(own, anonymous_token);
        // The attacker's pair, planted in the victim's browser: refused with the victim's session.
        let mut planted = Visitor::new(&app);
        planted.cookies = v.cookies.clone();
        planted.cookies.insert("tegami_csrf".into(), attacker_cookie);
        let forged = planted.post("/sign-out", &[("csrf", &attacker_token)]);
        assert_eq!(forged.status, 403);
        assert!(forged.body.contains("csrf_failed"), "{}", forged.body);
        // The victim's own token from before signing in is no good either.
        let stale = v.post("/sign-out", &[("csrf", &anonymous_token)]);
        assert_eq!(stale.status, 403);
        // The right token from another site: refused by its Origin, or its Sec-Fetch-Site without one.
        for headers in [
            vec![("Origin", "http://evil.example")],
            vec![("Origin", "http://evil.example"), ("Sec-Fetch-Site", "same-origin")],
            vec![("Origin", "null"), ("Sec-Fetch-Site", "cross-site")],
            vec![("Sec-Fetch-Site", "cross-site")],
            vec![("Sec-Fetch-Site", "same-site")],
        ] {
            let refused = v.post_with("/sign-out", &[("csrf", &own)], &headers);
            assert_eq!(refused.status, 403, "{headers:?}");
            assert!(refused.body.contains("cross_site_form"), "{headers:?}: {}", refused.body);
        }
        assert_eq!(app.get("/api/v1/me", None).status(), 401);
        assert_eq!(v.get("/keys").status, 200, "still signed in");
        // From this site it works: `Origin: null` with `Sec-Fetch-Site: same-origin` (what browsers send from
        // this site's own pages under `Referrer-Policy: no-referrer`), or the origin the server is addressed as.
        let out = v.post_with("/sign-out", &[("csrf", &own)], &[("Origin", "null"), ("Sec-Fetch-Site", "same-origin")]);
        assert_eq!(out.status, 303);
        assert_eq!(v.get("/keys").status, 401);
        let origin = app.base.clone();
        let form = v.open("/sign-in");
        let fields = [("csrf", csrf_of(&form.body)), ("email", "ada@example.com".into()), ("password", "password-123".into())];
        let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let back = v.post_with("/sign-in", &fields, &[("Origin", &origin), ("Sec-Fetch-Site", "same-origin")]);
        assert_eq!(back.status, 303);
    }

    fn issue23_f_a_known_browser_signs_in_while_the_account_is_locked(db) {
        let app = TestApp::spawn_with(db, |s| {
            s.security.throttle_account_limit = 3;
            s.security.throttle_window_secs = 600;
        });
        let mut v = Visitor::new(&app);
        assert_eq!(v.register("ada").status, 303);
        let csrf = csrf_of(&v.open("/games").body);
        assert_eq!(v.post("/sign-out", &[("csrf", &csrf)]).status, 303);
        let first = v.submit("/sign-in", "/sign-in", &[("email", "ada@example.com"), ("password", "password-123")]);
        assert_eq!(first.status, 303);
        let device = first.set_cookies.iter().find(|c| c.starts_with("tegami_device=")).expect("a known-device cookie");
        assert!(device.contains("HttpOnly") && device.contains("Max-Age="), "{device}");
        let csrf = csrf_of(&v.open("/games").body);
        assert_eq!(v.post("/sign-out", &[("csrf", &csrf)]).status, 303);
        // Ten wrong passwords from elsewhere lock the account...
        for _ in 0..3 {
            let r = app.post("/api/v1/sessions", None, &json!({"email": "ada@example.com", "password": "guess-guess"}));
            assert_eq!(r.status(), 401);
        }
        let mut stranger = Visitor::new(&app);
        let locked = stranger.submit("/sign-in", "/sign-in", &[("email", "ada@example.com"), ("password", "password-123")]);
        assert_eq!(locked.status, 429);
        // ...but not for the browser Ada signed in with before.
        let known = v.submit("/sign-in", "/sign-in", &[("email", "ada@example.com"), ("password", "password-123")]);
        assert_eq!((known.status, known.location.as_deref()), (303, Some("/games")));
    }

    fn the_settings_page_changes_what_the_cli_can(db) {
        let app = TestApp::spawn(db);
        let mut v = Visitor::new(&app);
        assert_eq!(v.get("/settings").location.as_deref(), Some("/sign-in?next=/settings"));
        v.register("ada");
        let page = v.open("/settings");
        assert_eq!(page.status, 200);
        assert_html(&page, "/settings");
        for section in ["id=\"notifications\"", "id=\"vacation\"", "id=\"addresses\"", "id=\"sessions\"", "id=\"tokens\""] {
            assert!(page.body.contains(section), "{section}");
        }
        assert!(page.body.contains("this browser"), "the current session is marked");
        // Notifications and their language, as `PUT /api/v1/me/notifications` stores them.
        let saved = v.submit("/settings", "/settings/notifications", &[("notify", "daily_digest"), ("lang", "ja")]);
        assert_eq!(saved.status, 303, "{}", saved.body);
        let shown = v.open(saved.location.as_deref().unwrap());
        assert!(shown.body.contains("Your email settings are saved."));
        assert!(shown.body.contains("value=\"daily_digest\" checked"), "the choice is shown");
        let bad = v.submit("/settings", "/settings/notifications", &[("notify", "hourly"), ("lang", "ja")]);
        assert_eq!(bad.status, 400);
        assert!(bad.body.contains("every_turn, daily_digest or none"), "{}", bad.body);
        // A vacation: a day, checked as the API checks it.
        let day = (chrono::Utc::now() + chrono::Duration::days(5)).format("%Y-%m-%d").to_string();
        assert_eq!(v.submit("/settings", "/settings/vacation", &[("back", &day)]).status, 303);
        assert!(v.open("/settings").body.contains(&format!("datetime=\"{day}T00:00:00")), "away until that day");
        let past = v.submit("/settings", "/settings/vacation", &[("back", "2001-01-01")]);
        assert_eq!(past.status, 422, "{}", past.body);
        assert_eq!(v.submit("/settings", "/settings/vacation", &[("back", "soon")]).status, 400);
        assert_eq!(v.submit("/settings", "/settings/vacation", &[("back", "")]).status, 303);
        assert!(v.open("/settings").body.contains("You are not away."));
        // An added address waits for its link; it can be removed.
        assert_eq!(v.submit("/settings", "/settings/mail-addresses", &[("address", "ada@work.example")]).status, 303);
        let listed = v.open("/settings").body;
        assert!(listed.contains("ada@work.example") && listed.contains("waiting for the emailed link"), "{listed}");
        assert_eq!(v.submit("/settings", "/settings/mail-addresses", &[("address", "not an address")]).status, 422);
        let at = listed.find("/settings/mail-addresses/").unwrap();
        let remove = listed[at..].split('"').next().unwrap().to_string();
        let csrf = csrf_of(&listed);
        assert_eq!(v.post(&remove, &[("csrf", &csrf)]).status, 303);
        assert!(!v.open("/settings").body.contains("ada@work.example"));
        // A token is shown once, works with the API, and is revoked from the page.
        let made = v.submit("/settings", "/settings/tokens", &[("name", "my script")]);
        assert_eq!(made.status, 200);
        let at = made.body.find("<code class=\"secret\">").unwrap() + "<code class=\"secret\">".len();
        let secret = made.body[at..].split('<').next().unwrap().to_string();
        assert_eq!(app.get("/api/v1/me", Some(&secret)).status(), 200);
        assert!(!v.open("/settings").body.contains(&secret), "shown only once");
        let listed = v.open("/settings").body;
        let at = listed.find("/settings/tokens/").unwrap();
        let revoke = listed[at..].split('"').next().unwrap().to_string();
        assert_eq!(v.post(&revoke, &[("csrf", &csrf_of(&listed))]).status, 303);
        assert_eq!(app.get("/api/v1/me", Some(&secret)).status(), 401);
        // Another session is listed and signed out from here.
        let mut phone = Visitor::new(&app);
        phone.submit("/sign-in", "/sign-in", &[("email", "ada@example.com"), ("password", "password-123")]);
        assert_eq!(phone.open("/games").status, 200);
        let listed = v.open("/settings").body;
        let at = listed.find("/settings/sessions/").unwrap();
        let sign_out = listed[at..].split('"').next().unwrap().to_string();
        assert_eq!(v.post(&sign_out, &[("csrf", &csrf_of(&listed))]).status, 303);
        assert_eq!(phone.get("/games").location.as_deref(), Some("/sign-in?next=/games"), "the phone is signed out");
        assert_eq!(v.open("/games").status, 200, "this browser is not");
        // In Japanese too.
        v.lang = "ja";
        assert!(v.open("/settings").body.contains("メール通知"));
    }
}

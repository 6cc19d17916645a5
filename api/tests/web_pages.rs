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
        // The assets come from the binary.
        let css = v.get("/assets/web/tegami.css");
        assert!(css.status == 200 && css.content_type.starts_with("text/css"));
        let js = v.get("/assets/web/sign.js");
        assert!(js.status == 200 && js.content_type.starts_with("text/javascript") && js.body.contains("Ed25519"));
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
        assert_eq!(bad.status, 422);
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
        assert!(again.status == 409 || again.status == 403, "{} {}", again.status, again.body);
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
        // A few moves, so that there are private events (hands dealt, cards drawn).
        for _ in 0..6 {
            for p in [&ada, &bea] {
                if !p.moves(&app, id).is_empty() {
                    assert!(p.play_first_option(&app, id).status().is_success());
                }
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
        let loaded = tegami_api::service::games::load(&mut app.db(), id).unwrap();
        let journal = tegami_api::service::games::whole_journal(&mut app.db(), id).unwrap();
        let over = loaded.game.is_over();
        let escape = |t: &str| t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;");
        let mut private_events = 0;
        for (viewer, visitor) in readers.iter_mut() {
            let page = visitor.open(&format!("/games/{id}"));
            assert_eq!(page.status, 200);
            // The picture is exactly the viewer's own view.
            let ctx = RenderContext { lang: shared::Lang::En, width: 80, seat_names: loaded.names.clone(), region: None };
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
        assert!(form.set_cookies.iter().any(|c| c.starts_with("tegami_csrf=") && c.contains("Secure")), "{:?}", form.set_cookies);
        let done = v.register("ada");
        let session = done.set_cookies.iter().find(|c| c.starts_with("tegami_session=")).expect("a session cookie");
        assert!(session.contains("Secure") && session.contains("HttpOnly"), "{session}");
    }
}

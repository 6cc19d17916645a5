//! Issue 25's game-page leftovers and issue 27's web leftovers, over real HTTP against a real server and
//! database: the replay in the page (every step at its own address, the board as this viewer saw it), texts
//! that read right (whose private event it was, a stale move in words, the error pages in both languages with
//! a way on, the header's sign-in coming back, prose instead of JSON and commands), the lobby's filters, the
//! new game's rating and listing, results of games finished before results were kept, and ratings in the
//! personal-data export.

mod common;

use std::collections::HashMap;

use common::{Player, TestApp};
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use reqwest::blocking::{Client, Response};
use reqwest::header;
use serde_json::{Value, json};
use shared::registry;
use tegami_api::db::schema::{game_results, games, results_to_record};

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
        for c in r.headers().get_all(header::SET_COOKIE).iter().map(|v| v.to_str().unwrap().to_string()) {
            let (name, value) = c.split(';').next().unwrap().split_once('=').unwrap();
            if value.is_empty() || c.contains("Max-Age=0") {
                self.cookies.remove(name);
            } else {
                self.cookies.insert(name.to_string(), value.to_string());
            }
        }
        Page {
            status: r.status().as_u16(),
            location: r.headers().get(header::LOCATION).map(|v| v.to_str().unwrap().to_string()),
            content_type: r
                .headers()
                .get(header::CONTENT_TYPE)
                .map(|v| v.to_str().unwrap().to_string())
                .unwrap_or_default(),
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
            .header(header::ACCEPT_LANGUAGE, self.lang)
            .header(header::COOKIE, self.cookie_header())
            .form(fields)
            .send()
            .unwrap();
        self.read(r)
    }

    fn sign_in(app: &TestApp, player: &Player) -> Visitor {
        let mut v = Visitor::new(app);
        let form = v.open("/sign-in");
        let done = v.post(
            "/sign-in",
            &[("csrf", &csrf_of(&form.body)), ("email", &player.email), ("password", "password-123")],
        );
        assert_eq!(done.status, 303, "{}", done.body);
        v
    }
}

fn csrf_of(html: &str) -> String {
    let at = html.find("name=\"csrf\" value=\"").expect("a CSRF field") + "name=\"csrf\" value=\"".len();
    html[at..].split('"').next().unwrap().to_string()
}

fn escape(t: &str) -> String {
    t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A game of `slug` for `player` against bots (as few as the game needs); its id.
fn against_bots(app: &TestApp, player: &Player, slug: &str) -> i64 {
    let info = registry::game(slug).unwrap().info();
    let mut seats = vec![json!({"kind": "me"})];
    while seats.len() < info.min_seats as usize {
        seats.push(json!({"kind": "bot"}));
    }
    let r = app.post("/api/v1/games", Some(&player.token), &json!({"slug": slug, "seats": seats}));
    assert_eq!(r.status(), 201, "{}", r.text().unwrap());
    r.json::<Value>().unwrap()["id"].as_i64().unwrap()
}

/// Plays `player`'s first legal answers `moves` times (while the game asks them anything).
fn play_some(app: &TestApp, player: &Player, id: i64, moves: usize) {
    for _ in 0..moves {
        if player.moves(app, id).is_empty() {
            break;
        }
        let r = player.play_first_option(app, id);
        assert!(r.status().is_success(), "{}", r.text().unwrap());
    }
}

fn resign(app: &TestApp, player: &Player, id: i64) {
    let r = app.post(&format!("/api/v1/games/{id}/resign"), Some(&player.token), &json!({}));
    assert!(r.status().is_success(), "{}", r.text().unwrap());
}

/// The page's step links: (first, previous, next, last), each the address it goes to if it is a link.
fn step_links(body: &str) -> [Option<String>; 4] {
    let nav = body.split("<nav class=\"replay\"").nth(1).expect("the replay's steps").split("</nav>").next().unwrap();
    ["first", "prev", "next", "last"].map(|step| {
        let marker = format!("data-replay=\"{step}\"");
        nav.split("<a ")
            .find(|a| a.contains(&marker))
            .map(|a| a.split("href=\"").nth(1).unwrap().split('"').next().unwrap().to_string())
    })
}

tegami_api::on_both_backends! {
    fn the_replay_steps_through_a_game_as_each_viewer_saw_it(db) {
        use shared::{RenderContext, Viewer};
        let app = TestApp::spawn(db);
        let ada = app.player("ada");
        let id = against_bots(&app, &ada, "shinobazu");
        play_some(&app, &ada, id, 4);
        let mut v = Visitor::sign_in(&app, &ada);
        let mut spectator = Visitor::new(&app);
        // The game page leads to the replay, and each journal line to its own step.
        let game = v.open(&format!("/games/{id}"));
        assert!(game.body.contains(&format!("href=\"/games/{id}/replay/0\"")), "{}", game.body);
        assert!(game.body.contains(&format!("href=\"/games/{id}/replay/1\"")), "a journal line's step");
        // The replay without a step starts at the game as it is now.
        let last = app.journal_len(id) as u64 - 1;
        let start = v.get(&format!("/games/{id}/replay"));
        assert_eq!((start.status, start.location.as_deref()), (303, Some(format!("/games/{id}/replay/{last}").as_str())));
        for at in 0..=last {
            let loaded = tegami_api::service::replay::load_at(&mut app.db(), id, at).unwrap();
            for (viewer, visitor) in [(Viewer::Seat(0), &mut v), (Viewer::Spectator, &mut spectator)] {
                let page = visitor.open(&format!("/games/{id}/replay/{at}"));
                assert_eq!(page.status, 200, "step {at}: {}", page.body);
                // The board is exactly this viewer's view just after that entry.
                let ctx = RenderContext { lang: shared::Lang::En, width: 80, seat_names: loaded.names.clone(), region: None, narrow: false };
                let svg = loaded.game.game().render_svg(&loaded.game.view(viewer), &ctx).unwrap();
                assert!(page.body.contains(&svg), "step {at}: {viewer:?} sees its own view then");
                assert!(page.body.contains(&format!("Entry {at} of {last}")), "step {at}");
                let [first, previous, next, end] = step_links(&page.body);
                let to = |n: u64| Some(format!("/games/{id}/replay/{n}"));
                assert_eq!(first, (at > 0).then(|| to(0).unwrap()), "step {at}");
                assert_eq!(previous, at.checked_sub(1).and_then(to), "step {at}");
                assert_eq!(next, (at < last).then(|| to(at + 1).unwrap()), "step {at}");
                assert_eq!(end, (at < last).then(|| to(last).unwrap()), "step {at}");
                // The links are for ← and → too.
                if next.is_some() {
                    assert!(page.body.contains("rel=\"next\""), "step {at}");
                }
            }
        }
        // A step past the end is refused as a page, naming the range; one that is no number is no page.
        let past = v.get(&format!("/games/{id}/replay/{}", last + 1));
        assert_eq!(past.status, 400, "{}", past.body);
        assert!(past.content_type.starts_with("text/html") && past.body.contains("bad_at"), "{}", past.body);
        assert_eq!(v.get(&format!("/games/{id}/replay/x")).status, 404);
        assert_eq!(v.get("/games/999999/replay/0").status, 404);
        // In Japanese.
        v.lang = "ja";
        let ja = v.open(&format!("/games/{id}/replay/1"));
        assert!(ja.body.contains("の再生") && ja.body.contains(&format!("記録 1（全 {last}）")), "{}", ja.body);
        assert!(ja.body.contains("前へ") && ja.body.contains("次へ"));
    }

    fn a_finished_game_tells_whose_private_event_it_was(db) {
        let app = TestApp::spawn(db);
        let ada = app.player("ada");
        let id = against_bots(&app, &ada, "shinobazu");
        play_some(&app, &ada, id, 3);
        resign(&app, &ada, id);
        let loaded = tegami_api::service::game_record::load(&mut app.db(), id).unwrap();
        assert!(loaded.game.is_over());
        let journal = tegami_api::service::game_record::whole_journal(&mut app.db(), id).unwrap();
        let mut v = Visitor::sign_in(&app, &ada);
        let mut spectator = Visitor::new(&app);
        let pages = [(0u8, v.open(&format!("/games/{id}"))), (u8::MAX, spectator.open(&format!("/games/{id}")))];
        let mut told = 0;
        for event in journal.iter().flat_map(|e| e.events.iter()) {
            let shared::engine::Audience::Only(seats) = &event.audience else { continue };
            let names: Vec<&str> = seats.iter().map(|&s| loaded.names[s as usize].as_str()).collect();
            for (seat, page) in &pages {
                let text = escape(&event.text.en);
                if seats.contains(seat) {
                    assert!(page.body.contains(&text), "seat {seat} reads its own `{}`", event.text.en);
                } else {
                    // Another seat's event reads as told to that seat, never as the reader's own.
                    let as_told = escape(&format!("to {}: {}", names.join(", "), event.text.en));
                    assert!(page.body.contains(&as_told), "`{}` is told as {as_told}", event.text.en);
                    told += 1;
                }
            }
        }
        assert!(told > 0, "the bot's hand was told to it alone");
    }

    fn a_stale_move_says_so_in_words_at_the_games_address(db) {
        let app = TestApp::spawn(db);
        let ada = app.player("ada");
        let id = against_bots(&app, &ada, "shinobazu");
        let mut v = Visitor::sign_in(&app, &ada);
        let page = v.open(&format!("/games/{id}"));
        let moves = ada.moves(&app, id);
        let decision = moves[0].decision.decision.clone();
        let options = &moves[0].choices.options;
        assert!(options.len() > 1, "two answers to choose from");
        // The answer is given elsewhere first (another tab, the CLI); then the page's form sends another.
        let r = ada.submit(&app, id, &ada.sign(id, 0, &decision, &options[0].action));
        assert!(r.status().is_success());
        let late = ada.sign(id, 0, &decision, &options[1].action);
        let refused = v.post(&format!("/games/{id}/moves"), &[("csrf", &csrf_of(&page.body)), ("signed_move", &late)]);
        assert_eq!(refused.status, 303, "{}", refused.body);
        let back = refused.location.unwrap();
        assert_eq!(back, format!("/games/{id}?refused=stale_decision"));
        let shown = v.open(&back);
        assert_eq!(shown.status, 200);
        let alert = shown.body.split("role=\"alert\">").nth(1).expect("the refusal is told").split("</p>").next().unwrap();
        assert!(alert.contains("already settled"), "{alert}");
        for raw in ["stale_decision", &decision, "`", "pending"] {
            assert!(!alert.contains(raw), "no `{raw}` in {alert}");
        }
        v.lang = "ja";
        let ja = v.open(&back);
        assert!(ja.body.contains("すでに決まっています"), "{}", ja.body);
        // An unknown code in the address shows nothing.
        assert!(!v.open(&format!("/games/{id}?refused=<b>")).body.contains("role=\"alert\""));
    }

    fn error_pages_speak_every_language_and_lead_on(db) {
        let app = TestApp::spawn(db);
        let mut v = Visitor::new(&app);
        for path in ["/games/open", "/no/such/page", "/games/12x/replay/0"] {
            let page = v.get(path);
            assert_eq!(page.status, 404, "{path}: {}", page.body);
            assert!(page.content_type.starts_with("text/html"), "{path}: {}", page.content_type);
            assert!(page.body.contains("Page not found") && page.body.contains("ページが見つかりません"), "{path}: {}", page.body);
            assert!(!page.body.contains("deserialize"), "{path}: {}", page.body);
            for link in ["href=\"/\"", "href=\"/lobby\"", "href=\"/archive\"", "href=\"/sign-in\""] {
                assert!(page.body.contains(link), "{path}: a way on ({link})");
            }
            assert!(page.body.contains("lang=\"ja\""), "the Japanese is marked as such");
        }
        // The API keeps its own answers, for browsers too.
        let api = v.get("/api/v1/nothing-here");
        assert_eq!(api.status, 404);
        assert!(api.content_type.starts_with("application/problem+json"), "{}", api.content_type);
        // Signed out, the settings page sends to sign in and back.
        let settings = v.get("/settings");
        assert_eq!((settings.status, settings.location.as_deref()), (303, Some("/sign-in?next=/settings")));
    }

    fn the_headers_sign_in_comes_back_to_the_page(db) {
        let app = TestApp::spawn(db);
        let ada = app.player("ada");
        let id = against_bots(&app, &ada, "shinobazu");
        let mut v = Visitor::new(&app);
        let game = v.open(&format!("/games/{id}"));
        let link = format!("href=\"/sign-in?next=/games/{id}\"");
        assert!(game.body.split("<main").next().unwrap().contains(&link), "the header's link: {}", game.body);
        let form = v.open(&format!("/sign-in?next=/games/{id}"));
        let done = v.post("/sign-in", &[("csrf", &csrf_of(&form.body)), ("email", &ada.email), ("password", "password-123"), ("next", &format!("/games/{id}"))]);
        assert_eq!((done.status, done.location.as_deref()), (303, Some(format!("/games/{id}").as_str())));
        // The sign-in page's own header link does not send back to itself.
        let mut other = Visitor::new(&app);
        assert!(!other.open("/sign-in").body.contains("next=/sign-in"));
        // Signed out in another tab: the move form carries the words (and the way back) for the signing script.
        let page = Visitor::sign_in(&app, &ada).open(&format!("/games/{id}"));
        assert!(page.body.contains("data-signed-out=\"You are no longer signed in here"), "{}", page.body);
        assert!(page.body.contains(&format!("data-sign-in-href=\"/sign-in?next=/games/{id}\"")));
    }

    fn the_whole_journal_link_shows_the_json(db) {
        let app = TestApp::spawn(db);
        let ada = app.player("ada");
        let id = against_bots(&app, &ada, "shinobazu");
        let mut v = Visitor::new(&app);
        let page = v.open(&format!("/games/{id}"));
        let link = format!("/api/v1/games/{id}/journal?limit=1000");
        assert!(page.body.contains(&format!("href=\"{link}\"")), "{}", page.body);
        let journal = v.get(&link);
        assert_eq!(journal.status, 200, "a browser is not sent back to the page");
        assert!(journal.content_type.starts_with("application/json"), "{}", journal.content_type);
        assert!(serde_json::from_str::<Value>(&journal.body).unwrap()["entries"].is_array());
        // An email's link without a page size still lands on the page.
        assert_eq!(v.get(&format!("/api/v1/games/{id}/journal")).location, Some(format!("/games/{id}")));
    }

    fn the_home_and_new_game_pages_read_as_prose(db) {
        let app = TestApp::spawn(db);
        let ada = app.player("ada");
        for lang in ["en", "ja"] {
            let mut v = Visitor::sign_in(&app, &ada);
            v.lang = lang;
            let home = v.open("/");
            let main = home.body.split("<main").nth(1).unwrap();
            for raw in ["{&quot;", "{\"", "`", "tegami rules", "2–2"] {
                assert!(!main.contains(raw), "{lang}: no `{raw}` on the home page");
            }
            for game in registry::games() {
                let info = game.info();
                if info.min_seats == info.max_seats {
                    let players = if lang == "en" { format!("{} players", info.min_seats) } else { format!("{}人", info.min_seats) };
                    assert!(main.contains(&players), "{lang}: {players} for {}", info.slug);
                }
                let form = v.open(&format!("/games/new?game={}", info.slug));
                assert!(!form.body.contains(&format!("{}–{}", info.min_seats, info.min_seats)), "{lang} {}", info.slug);
                assert!(form.body.contains("name=\"rating\"") && form.body.contains("name=\"unlisted\""), "{lang} {}", info.slug);
            }
        }
    }

    fn the_new_game_form_chooses_rating_and_listing(db) {
        let app = TestApp::spawn(db);
        let ada = app.player("ada");
        let mut v = Visitor::sign_in(&app, &ada);
        let create = |v: &mut Visitor, seat1: &str, extra: &[(&str, &str)]| -> (i64, bool, bool) {
            let form = v.open("/games/new?game=suriagehara");
            let csrf = csrf_of(&form.body);
            let mut fields = vec![("csrf", csrf.as_str()), ("slug", "suriagehara"), ("seat0", "me"), ("seat1", seat1),
                ("options", ""), ("deadline_hours", "48"), ("timeout_policy", "skip")];
            fields.extend_from_slice(extra);
            let created = v.post("/games/new", &fields);
            assert_eq!(created.status, 303, "{}", created.body);
            let id: i64 = created.location.unwrap().trim_start_matches("/games/").parse().unwrap();
            let (rated, listed) = games::table.find(id).select((games::rated, games::listed)).first(&mut *app.db()).unwrap();
            (id, rated, listed)
        };
        let (_, rated, listed) = create(&mut v, "open", &[("rating", "auto")]);
        assert!(rated && listed, "people only: rated and listed by default");
        let (_, rated, _) = create(&mut v, "bot", &[("rating", "auto")]);
        assert!(!rated, "a game with a bot is never rated");
        let (unlisted, rated, listed) = create(&mut v, "open", &[("rating", "unrated"), ("unlisted", "on")]);
        assert!(!rated && !listed);
        // The unlisted game is not in the lobby; the listed one is, and its seat is taken from there.
        let lobby = Visitor::new(&app).open("/lobby");
        assert!(!lobby.body.contains(&format!("href=\"/games/{unlisted}\"")), "{}", lobby.body);
        // A rating choice that is not one is refused by name, and nothing is created.
        let form = v.open("/games/new?game=suriagehara");
        let refused = v.post("/games/new", &[("csrf", &csrf_of(&form.body)), ("slug", "suriagehara"), ("seat0", "me"), ("seat1", "open"), ("rating", "maybe")]);
        assert_eq!(refused.status, 422, "{}", refused.body);
        assert!(refused.body.contains("data-code=\"bad_rating\""), "{}", refused.body);
    }

    fn the_new_game_form_asks_each_option_by_name_and_keeps_the_values_of_a_refusal(db) {
        let app = TestApp::spawn(db);
        let ada = app.player("ada");
        for lang in ["en", "ja"] {
            let mut v = Visitor::sign_in(&app, &ada);
            v.lang = lang;
            for game in registry::games() {
                let form = v.open(&format!("/games/new?game={}", game.slug()));
                assert!(!form.body.contains("name=\"options\""), "{lang} {}: no JSON box", game.slug());
                for member in game.default_options().as_object().unwrap().keys() {
                    let id = format!("id=\"option-{member}");
                    assert!(form.body.contains(&id), "{lang} {}: a control for `{member}`", game.slug());
                }
            }
        }
        let mut v = Visitor::sign_in(&app, &ada);
        // uosao: colours for the seats taken (seat 3 left empty), another king scoring.
        let form = v.open("/games/new?game=uosao");
        assert!(form.body.contains("<label for=\"option-king_scoring\">Who scores when a soldier reaches a king</label>"), "{}", form.body);
        let csrf = csrf_of(&form.body);
        let created = v.post("/games/new", &[("csrf", csrf.as_str()), ("slug", "uosao"), ("seat0", "me"), ("seat1", "bot"),
            ("seat2", "none"), ("seat3", "bot"), ("option-colours-0", "PUR"), ("option-colours-3", "GRN"), ("option-colours-1", "RED"),
            ("option-king_scoring", "reacher_only"), ("option-caught_card", "counts"), ("deadline_hours", "48")]);
        assert_eq!(created.status, 303, "{}", created.body);
        let id: i64 = created.location.unwrap().trim_start_matches("/games/").parse().unwrap();
        let detail: Value = app.get(&format!("/api/v1/games/{id}"), None).json().unwrap();
        assert_eq!(detail["options"], json!({"colours": ["PUR", "RED", "GRN"], "caught_card": "counts", "king_scoring": "reacher_only"}));
        // senbat: the quick start ticked and a turn limit; an empty seat number stays to chance.
        let form = v.open("/games/new?game=senbat");
        let created = v.post("/games/new", &[("csrf", &csrf_of(&form.body)), ("slug", "senbat"), ("seat0", "me"), ("seat1", "bot"),
            ("option-quickstart", "on"), ("option-turn_limit", "9"), ("option-oda_seat", ""), ("option-first_seat", "1"),
            ("option-movement", "exact"), ("option-sowing", "MV-CH-RD-SH"), ("option-both_win", "non_acting")]);
        assert_eq!(created.status, 303, "{}", created.body);
        let id: i64 = created.location.unwrap().trim_start_matches("/games/").parse().unwrap();
        let detail: Value = app.get(&format!("/api/v1/games/{id}"), None).json().unwrap();
        let options = &detail["options"];
        assert_eq!((&options["quickstart"], &options["turn_limit"], &options["first_seat"]), (&json!(true), &json!(9), &json!(1)), "{options}");
        assert_eq!((&options["oda_seat"], &options["movement"], &options["sowing"]), (&Value::Null, &json!("exact"), &json!("MV-CH-RD-SH")));
        // A number out of range comes back in words, in the reader's language, with every value kept.
        for (lang, words) in [("en", "Number of turns: “13” is not allowed; give a whole number from 6 to 12."),
                              ("ja", "ターン数：「13」は選べません。6から12までの整数を入れてください。")] {
            v.lang = lang;
            let form = v.open("/games/new?game=suriagehara");
            let refused = v.post("/games/new", &[("csrf", &csrf_of(&form.body)), ("slug", "suriagehara"), ("seat0", "me"), ("seat1", "bot"),
                ("option-turns", "13"), ("option-supreme_commander", "carrier_lost"), ("option-first_move", "no_unit_rearward")]);
            assert_eq!(refused.status, 422, "{}", refused.body);
            assert!(refused.body.contains("data-code=\"bad_options\""), "{}", refused.body);
            assert!(refused.body.contains(words), "{lang}: {}", refused.body);
            assert!(!refused.body.contains("JSON"), "{lang}: {}", refused.body);
            assert!(refused.body.contains("value=\"13\""), "the number is kept: {}", refused.body);
            assert!(refused.body.contains("<option value=\"carrier_lost\" selected>"), "the choice is kept: {}", refused.body);
        }
        // The game itself judges the rest, as for the API: two seats of one colour.
        v.lang = "en";
        let form = v.open("/games/new?game=uosao");
        let refused = v.post("/games/new", &[("csrf", &csrf_of(&form.body)), ("slug", "uosao"), ("seat0", "me"), ("seat1", "bot"),
            ("seat2", "bot"), ("option-colours-0", "RED"), ("option-colours-1", "RED"), ("option-colours-2", "BLU")]);
        assert_eq!(refused.status, 422, "{}", refused.body);
        assert!(refused.body.contains("<option value=\"BLU\" selected>"), "{}", refused.body);
        // The refusal names the colours as the form does, the codes after them.
        assert!(refused.body.contains("red (RED)") && refused.body.contains("a colour of its own"), "{}", refused.body);
    }

    fn the_lobby_page_filters_pages_and_seats_like_the_api(db) {
        let app = TestApp::spawn(db);
        let (ada, bea) = (app.player("ada"), app.player("bea"));
        let open_game = |slug: &str, seats: usize, body: Value| -> i64 {
            let mut seat_list = vec![json!({"kind": "me"})];
            while seat_list.len() < seats {
                seat_list.push(json!({"kind": "open"}));
            }
            let mut request = json!({"slug": slug, "seats": seat_list});
            for (k, val) in body.as_object().unwrap() {
                request[k] = val.clone();
            }
            let r = app.post("/api/v1/games", Some(&ada.token), &request);
            assert_eq!(r.status(), 201, "{}", r.text().unwrap());
            r.json::<Value>().unwrap()["id"].as_i64().unwrap()
        };
        let shinobazu = open_game("suriagehara", 2, json!({"deadline_hours": 24}));
        let uosao = open_game("uosao", 3, json!({"rated": false}));
        let untimed = open_game("uosao", 4, json!({"deadline_hours": null}));
        let mut v = Visitor::new(&app);
        let ids = |page: &Page| -> Vec<i64> {
            [shinobazu, uosao, untimed].into_iter().filter(|id| page.body.contains(&format!("href=\"/games/{id}\""))).collect()
        };
        let all = v.open("/lobby");
        assert_eq!(all.status, 200, "{}", all.body);
        assert!(all.body.contains("name=\"time_limit\"") && all.body.contains("name=\"rated\""), "the filter form");
        assert_eq!(ids(&all), vec![shinobazu, uosao, untimed]);
        // An unset field of the form is no filter; each set one filters as the API does.
        for (query, expected) in [
            ("game=&players=&time_limit=&lang=&rated=", vec![shinobazu, uosao, untimed]),
            ("game=uosao&players=&time_limit=&lang=&rated=", vec![uosao, untimed]),
            ("game=&players=4&time_limit=&lang=&rated=", vec![untimed]),
            ("game=&players=&time_limit=24&lang=&rated=", vec![shinobazu]),
            ("game=&players=&time_limit=none&lang=&rated=", vec![untimed]),
            ("game=&players=&time_limit=&lang=en&rated=false", vec![uosao]),
            ("game=&players=&time_limit=&lang=ja&rated=", vec![]),
        ] {
            let page = v.open(&format!("/lobby?{query}"));
            assert_eq!(page.status, 200, "{query}: {}", page.body);
            assert_eq!(ids(&page), expected, "{query}");
            // The API takes only the fields that are set.
            let set: Vec<&str> = query.split('&').filter(|p| !p.ends_with('=')).collect();
            let api: Value = app.get(&format!("/api/v1/lobby?{}", set.join("&")), None).json().unwrap();
            let api_ids: Vec<i64> = api["games"].as_array().unwrap().iter().map(|g| g["id"].as_i64().unwrap()).collect();
            let mut sorted = expected.clone();
            sorted.sort_unstable_by(|a, b| b.cmp(a));
            assert_eq!(api_ids, sorted, "{query}: the page and the API agree");
        }
        // The chosen filters stay chosen, and a filter that cannot be read is a page naming it.
        assert!(v.open("/lobby?game=uosao").body.contains("value=\"uosao\" selected"));
        let bad = v.get("/lobby?players=many");
        assert_eq!(bad.status, 400);
        assert!(bad.content_type.starts_with("text/html") && bad.body.contains("bad_players"), "{}", bad.body);
        // A seat is taken from the lobby.
        let mut b = Visitor::sign_in(&app, &bea);
        let lobby = b.open("/lobby?game=suriagehara");
        let joined = b.post(&format!("/games/{shinobazu}/join"), &[("csrf", &csrf_of(&lobby.body))]);
        assert_eq!((joined.status, joined.location), (303, Some(format!("/games/{shinobazu}"))));
        assert!(!ids(&b.open("/lobby")).contains(&shinobazu), "a full game leaves the lobby");
    }

    fn games_finished_before_results_were_kept_appear_in_profiles_and_the_archive(db) {
        let app = TestApp::spawn(db);
        let ada = app.player("ada");
        let id = against_bots(&app, &ada, "shinobazu");
        play_some(&app, &ada, id, 2);
        resign(&app, &ada, id);
        // What a database upgraded by 2026-11-27-000300 holds for a game that ended before it: no results
        // and not listed. The migration that fills them is made to run again on it.
        {
            let mut conn = app.db();
            diesel::delete(game_results::table.filter(game_results::game_id.eq(id))).execute(&mut *conn).unwrap();
            diesel::update(games::table.find(id)).set(games::listed.eq(false)).execute(&mut *conn).unwrap();
            conn.batch_execute(
                "DROP TABLE results_to_record; DELETE FROM __diesel_schema_migrations WHERE version = '20261127000350'",
            )
            .unwrap();
        }
        let profile = |app: &TestApp| app.get(&format!("/api/v1/players/{}", ada.id), None).json::<Value>().unwrap();
        let in_archive = |app: &TestApp| -> bool {
            let page: Value = app.get(&format!("/api/v1/archive?player={}", ada.id), None).json().unwrap();
            page["games"].as_array().unwrap().iter().any(|g| g["id"] == id)
        };
        assert!(!in_archive(&app), "missing before the migration: {}", profile(&app));
        let app = app.restart();
        assert!(in_archive(&app), "found by player after the migration");
        let played: i64 = profile(&app)["records"].as_array().unwrap().iter().filter(|r| r["slug"] == "shinobazu").map(|r| r["played"].as_i64().unwrap()).sum();
        assert_eq!(played, 1, "{}", profile(&app));
        let (rank, won): (i32, bool) = game_results::table
            .filter(game_results::game_id.eq(id))
            .select((game_results::rank, game_results::won))
            .first(&mut *app.db())
            .unwrap();
        assert!(rank > 1 && !won, "ada resigned: not first, and not a winner ({rank}, {won})");
        let queued: i64 = results_to_record::table.count().get_result(&mut *app.db()).unwrap();
        assert_eq!(queued, 0, "the queue is emptied");
        // And on the pages.
        let archive = Visitor::new(&app).open(&format!("/archive?player={}", ada.id));
        assert!(archive.body.contains(&format!("href=\"/games/{id}\"")), "{}", archive.body);
        // A restart with nothing queued changes nothing.
        let app = app.restart();
        assert_eq!(game_results::table.filter(game_results::game_id.eq(id)).count().get_result::<i64>(&mut *app.db()).unwrap(), 1);
    }

    fn the_personal_data_export_holds_my_ratings(db) {
        let app = TestApp::spawn(db);
        let (ada, bea) = (app.player("ada"), app.player("bea"));
        let r = app.post("/api/v1/games", Some(&ada.token), &json!({"slug": "suriagehara", "seats": [{"kind": "me"}, {"kind": "open"}]}));
        assert_eq!(r.status(), 201);
        let id = r.json::<Value>().unwrap()["id"].as_i64().unwrap();
        assert_eq!(app.post(&format!("/api/v1/games/{id}/join"), Some(&bea.token), &json!({})).status(), 200);
        resign(&app, &bea, id);
        let export: Value = app.get("/api/v1/me/export", Some(&ada.token)).json().unwrap();
        let ratings = export["ratings"].as_array().expect("ratings in the export");
        assert_eq!(ratings.len(), 1, "{export}");
        assert_eq!(ratings[0]["slug"], "suriagehara");
        assert_eq!(ratings[0]["games"], 1);
        assert_eq!(ratings[0]["wins"], 1);
        assert!(ratings[0]["rating"].as_f64().is_some() && ratings[0]["uncertainty"].as_f64().is_some());
        let bea_export: Value = app.get("/api/v1/me/export", Some(&bea.token)).json().unwrap();
        assert_eq!(bea_export["ratings"][0]["wins"], 0, "{bea_export}");
    }
}

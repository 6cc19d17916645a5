//! Lists cost the same however many games there are: `cargo bench -p api --bench lists`.
//!
//! Starts tegami-server in this process on two fresh SQLite databases, one with 10 finished games and one with
//! 10,000 (one real game against bots, finished by a resignation, then copied row by row in SQL), and times page 1
//! (10 games) of the archive (`GET /api/v1/archive`), of the archive of one game type, and of my finished games
//! (`GET /api/v1/games?status=finished`) on each, in the same run; it prints the mean time per request and the
//! ratio large/small, which stays near 1 because every list is read by id from an index (keyset paging), never
//! counted or offset. Settings (environment): `TEGAMI_BENCH_GAMES` (default 10000), `TEGAMI_BENCH_REQUESTS` per
//! measurement (default 200).

use std::sync::mpsc;
use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection;
use reqwest::blocking::Client;
use serde_json::{Value, json};
use tegami_api::settings::Settings;
use tegami_api::startup::Application;

struct Server {
    base: String,
    handle: actix_web::dev::ServerHandle,
    thread: Option<std::thread::JoinHandle<()>>,
    _dir: tempfile::TempDir,
    file: std::path::PathBuf,
}

impl Server {
    fn start() -> Server {
        let dir = tempfile::tempdir().expect("a folder for the database");
        let file = dir.path().join("tegami.db");
        let settings = Settings::for_tests(&file);
        let (tx, rx) = mpsc::channel();
        let thread = std::thread::spawn(move || {
            actix_web::rt::System::new().block_on(async move {
                let app = Application::build(settings).expect("server builds");
                tx.send((app.port(), app.handle())).expect("bench alive");
                app.run().await.expect("server runs");
            })
        });
        let (port, handle) = rx.recv().expect("server started");
        Server { base: format!("http://127.0.0.1:{port}"), handle, thread: Some(thread), _dir: dir, file }
    }

    fn stop(&mut self) {
        actix_web::rt::System::new().block_on(self.handle.stop(true));
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// A player's token, and `games` finished games of theirs: one played, the rest copied from it.
fn seed(server: &Server, client: &Client, games: u64) -> String {
    let post = |path: &str, token: Option<&str>, body: Value| {
        let mut req = client.post(format!("{}{path}", server.base)).json(&body);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let r = req.send().expect("the server answers");
        assert!(r.status().is_success(), "{path}: {}", r.status());
        r.json::<Value>().unwrap_or(Value::Null)
    };
    post(
        "/api/v1/accounts",
        None,
        json!({"email": "bench@example.com", "display_name": "bench", "password": "password-123"}),
    );
    let session = post("/api/v1/sessions", None, json!({"email": "bench@example.com", "password": "password-123"}));
    let token = session["token"].as_str().expect("a session token").to_string();
    let seats = json!([{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]);
    let game = post("/api/v1/games", Some(&token), json!({"slug": "uosao", "seats": seats}));
    let id = game["id"].as_i64().expect("a game id");
    post(&format!("/api/v1/games/{id}/resign"), Some(&token), json!({}));
    let copies = games - 1;
    let columns = "slug, options, seed, seed_commitment, status, created_by, created_at, updated_at, head_seq, \
                   head_hash, snapshot, deadline_hours, timeout_policy, journal_format, rated, listed";
    let sql = format!(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {copies})
         INSERT INTO games ({columns}) SELECT {columns} FROM games, n WHERE id = {id};
         INSERT INTO seats (game_id, seat, kind, account_id, invited_email)
           SELECT g.id, s.seat, s.kind, s.account_id, s.invited_email FROM games g, seats s
           WHERE s.game_id = {id} AND g.id > {id};
         INSERT INTO journal (game_id, seq, at, body, nonce, hash, events, signature_hash, hidden_seat)
           SELECT g.id, j.seq, j.at, j.body, j.nonce, j.hash, j.events, NULL, j.hidden_seat FROM games g, journal j
           WHERE j.game_id = {id} AND g.id > {id} AND j.seq >= (SELECT head_seq - 1 FROM games WHERE id = {id});"
    );
    let url = format!("sqlite://{}", server.file.display());
    let mut conn = tegami_api::db::open(&url).expect("the bench opens its database");
    tegami_api::on_backend!((&mut conn), |c| c.batch_execute(&sql)).expect("the copies are inserted");
    token
}

/// The mean time of `requests` GETs of `path` (after a warm-up), checking that each lists a page of 10 games.
fn mean_time(client: &Client, server: &Server, token: &str, path: &str, requests: u64) -> Duration {
    let get = || {
        let r = client.get(format!("{}{path}", server.base)).bearer_auth(token).send().expect("the server answers");
        assert!(r.status().is_success(), "{path}: {}", r.status());
        r.json::<Value>().expect("JSON")
    };
    for _ in 0..20 {
        get();
    }
    let started = Instant::now();
    for _ in 0..requests {
        let body = get();
        let listed = body.get("games").unwrap_or(&body).as_array().map_or(0, Vec::len);
        assert_eq!(listed, 10, "{path}: page 1 holds 10 games");
    }
    started.elapsed() / u32::try_from(requests).unwrap_or(u32::MAX)
}

fn main() {
    let large = env_number("TEGAMI_BENCH_GAMES", 10_000);
    let requests = env_number("TEGAMI_BENCH_REQUESTS", 200);
    let client = Client::new();
    let paths =
        ["/api/v1/archive?limit=10", "/api/v1/archive?game=uosao&limit=10", "/api/v1/games?status=finished&limit=10"];
    println!("page 1 (10 games) of each list, mean of {requests} requests, SQLite");
    println!("{:<42} {:>12} {:>12} {:>7}", "list", "10 games", format!("{large} games"), "ratio");
    let mut small = Server::start();
    let small_token = seed(&small, &client, 10);
    let mut big = Server::start();
    let big_token = seed(&big, &client, large);
    for path in paths {
        let a = mean_time(&client, &small, &small_token, path, requests);
        let b = mean_time(&client, &big, &big_token, path, requests);
        println!("{path:<42} {:>10.2}ms {:>10.2}ms {:>7.2}", ms(a), ms(b), ms(b) / ms(a));
    }
    small.stop();
    big.stop();
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

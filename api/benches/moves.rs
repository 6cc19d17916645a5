//! How fast the server takes signed moves, per backend: `cargo bench -p api --bench moves`.
//!
//! Each move goes through the same service call as `POST /api/v1/games/{id}/moves` (signature check, game
//! row lock, journal replay-free resume, rules, bots' answers, journal append, snapshot, outbox) on a fresh
//! database, one player against two bots in UOSAO, games played back to back. HTTP is left out: it is the
//! same on both backends. PostgreSQL is measured when `TEGAMI_TEST_POSTGRES_URL` (default
//! postgres://postgres@127.0.0.1:5432/test) answers. `TEGAMI_BENCH_MOVES=N` sets the number of moves
//! (default 400).

use std::time::{Duration, Instant};

use shared::api_types::{CreateGameRequest, GameStatus, MoveClaims, RegisterRequest, SeatRequest, TimeoutPolicy};
use shared::signing::KeyPair;
use tegami_api::db::scratch::{Backend, ScratchDatabase, postgres_available};
use tegami_api::mail::MailContext;
use tegami_api::service::{accounts, games};
use tegami_api::settings::Settings;

fn main() {
    let moves: usize = std::env::var("TEGAMI_BENCH_MOVES").ok().and_then(|v| v.parse().ok()).unwrap_or(400);
    println!("{:<10} {:>8} {:>10} {:>9} {:>9} {:>9}", "backend", "moves", "moves/s", "p50 ms", "p95 ms", "p99 ms");
    for backend in [Backend::Sqlite, Backend::Postgres] {
        if backend == Backend::Postgres && !postgres_available() {
            println!("{:<10} skipped: PostgreSQL unreachable", "postgres");
            continue;
        }
        let dir = tempfile::tempdir().expect("temp dir");
        let database = ScratchDatabase::on(backend, dir.path());
        let mut latencies = run(&database, dir.path(), moves);
        latencies.sort();
        let total: Duration = latencies.iter().sum();
        let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize].as_secs_f64() * 1e3;
        println!(
            "{:<10} {:>8} {:>10.0} {:>9.2} {:>9.2} {:>9.2}",
            format!("{backend:?}").to_lowercase(),
            latencies.len(),
            latencies.len() as f64 / total.as_secs_f64(),
            at(0.50),
            at(0.95),
            at(0.99)
        );
    }
}

/// Plays `moves` signed moves; returns how long each took.
fn run(database: &ScratchDatabase, dir: &std::path::Path, moves: usize) -> Vec<Duration> {
    let mut settings = Settings::for_tests(&dir.join("unused.db"));
    settings.database_url = database.url.clone();
    let mail = MailContext::new(&settings);
    let pool = tegami_api::db::connect(&database.url).expect("database opens");
    let mut conn = pool.get().expect("a connection");
    let request = RegisterRequest {
        email: "bench@example.com".into(),
        display_name: "bench".into(),
        password: "password-123".into(),
    };
    let account = accounts::register(&mut conn, &mail, &request).expect("registered").id;
    let key = KeyPair::generate().expect("key");
    accounts::register_key(&mut conn, account, &key.public_key(), None).expect("key registered");
    let new_game = || CreateGameRequest {
        slug: "uosao".into(),
        options: serde_json::Value::Null,
        seats: vec![SeatRequest::Me, SeatRequest::Bot, SeatRequest::Bot],
        deadline_hours: None,
        timeout_policy: TimeoutPolicy::Forfeit,
    };
    let mut game = games::create(&mut conn, &mail, account, new_game()).expect("game created").summary.id;
    let mut latencies = Vec::with_capacity(moves);
    while latencies.len() < moves {
        let detail = games::detail(&mut conn, game, Some(account)).expect("detail");
        if detail.summary.status == GameStatus::Finished {
            game = games::create(&mut conn, &mail, account, new_game()).expect("game created").summary.id;
            continue;
        }
        let legal = games::legal_moves(&mut conn, account, game).expect("legal moves");
        let asked = &legal[0];
        let option = &asked.choices.options[latencies.len() % asked.choices.options.len()];
        let claims = MoveClaims {
            game,
            seat: detail.summary.my_seat.expect("seated"),
            decision: asked.decision.decision.clone(),
            action: option.action.clone(),
            iat: 1_800_000_000,
        };
        let signed = key.sign(&claims).expect("signed");
        let started = Instant::now();
        games::submit(&mut conn, &mail, account, game, &signed).expect("move accepted");
        latencies.push(started.elapsed());
    }
    latencies
}

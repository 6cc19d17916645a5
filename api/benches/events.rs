//! The live event feed against the real `tegami-server` binary: `cargo bench -p api --bench events`.
//!
//! 1. Delay, per backend: one player against two bots in UOSAO submits signed moves over HTTP while an
//!    account-wide SSE stream is open; for each move, the delay from its commit to its event on the stream.
//!    The commit happens somewhere between sending the move and receiving the answer, so two figures bound
//!    it: from the answer (the commit is done by then; 0 when the event came first) and from sending.
//!    On PostgreSQL also across instances: the stream is open on a second server process on the same
//!    database, which learns of the move by LISTEN/NOTIFY. `TEGAMI_BENCH_EVENT_MOVES=N` moves (default 200).
//!    PostgreSQL when it answers (`TEGAMI_TEST_POSTGRES_URL`, see `tegami_api::db::scratch`).
//! 2. Memory, on SQLite: the server's resident memory (VmRSS, and its peak VmHWM) before and after opening
//!    N idle game streams (`TEGAMI_BENCH_STREAMS`, default 10,000; target: at most 200 MB in all), once as
//!    the server ships (it tunes glibc's malloc, see `tegami_api::malloc`) and once with glibc's malloc as it
//!    comes (`TEGAMI_MALLOC_TUNING=false`). This process raises its open-file limit to what that needs (the
//!    server inherits it); when the hard limit is too low it says so and opens as many streams as it can.
//!
//! All traffic is on loopback, bounded in count, and every wait has a deadline.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use shared::api_types::{GameDetail, GameStatus, LegalMoves, MoveClaims};
use shared::signing::KeyPair;
use tegami_api::db::scratch::{Backend, ScratchDatabase, postgres_available};

/// The target: one instance holds this many idle streams ...
const TARGET_STREAMS: usize = 10_000;
/// ... in at most this much resident memory.
const TARGET_RSS_MB: f64 = 200.0;
/// Open files this process and the server need beyond one per stream (libraries, the database, the pool).
const SPARE_FILES: u64 = 512;

struct Server {
    child: Child,
    base: String,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `tegami-server` on `database`; it inherits this process's open-file limit.
fn start(database: &ScratchDatabase, dir: &std::path::Path) -> Server {
    start_with(database, dir, &[])
}

fn start_with(database: &ScratchDatabase, dir: &std::path::Path, env: &[(&str, &str)]) -> Server {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let addr = format!("127.0.0.1:{port}");
    let child = Command::new(env!("CARGO_BIN_EXE_tegami-server"))
        .env("TEGAMI_BIND", &addr)
        .env("TEGAMI_DATABASE_URL", &database.url)
        .env("TEGAMI_MAIL_DIR", dir.join("mail"))
        .env("TEGAMI_LOG", "warn")
        .env("TEGAMI_DB_POOL_SIZE", "16")
        .env_remove("TEGAMI_CONFIG")
        .env_remove("TEGAMI_SMTP_URL")
        .env_remove("TEGAMI_EVENTS_POLL_MS")
        .env_remove("TEGAMI_MALLOC_TUNING")
        .env_remove("MALLOC_ARENA_MAX")
        .env_remove("MALLOC_MMAP_THRESHOLD_")
        .env_remove("GLIBC_TUNABLES")
        .envs(env.iter().copied())
        .stdout(Stdio::null())
        .spawn()
        .expect("tegami-server starts");
    let base = format!("http://{addr}");
    let deadline = Instant::now() + Duration::from_secs(60);
    while TcpStream::connect(&addr).is_err() {
        assert!(Instant::now() < deadline, "the server did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    Server { child, base, addr }
}

/// `VmRSS` and `VmHWM` (peak) of process `pid`, in KiB, and its number of threads.
fn memory_kib(pid: u32) -> (u64, u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"), field("Threads:"))
}

/// Raises this process's soft limit on open files towards `wanted` (up to the hard limit); returns the limit
/// in force.
fn raise_open_files(wanted: u64) -> u64 {
    match rlimit::increase_nofile_limit(wanted) {
        Ok(limit) => {
            if limit < wanted {
                println!(
                    "open files: the hard limit allows {limit}, {wanted} wanted; raise it (as root: `ulimit -Hn {wanted}`, or \
                     `LimitNOFILE=` in a systemd unit) to open every stream"
                );
            }
            limit
        }
        Err(e) => {
            let (soft, _) = rlimit::Resource::NOFILE.get().unwrap_or((1024, 1024));
            println!("open files: cannot raise the limit ({e}); staying at {soft}");
            soft
        }
    }
}

struct Account {
    http: reqwest::blocking::Client,
    token: String,
    key: KeyPair,
}

fn account(server: &Server) -> Account {
    let http = reqwest::blocking::Client::new();
    let body = json!({"email": "bench@example.com", "display_name": "bench", "password": "password-123"});
    assert!(http.post(format!("{}/api/v1/accounts", server.base)).json(&body).send().unwrap().status().is_success());
    let session: Value =
        http.post(format!("{}/api/v1/sessions", server.base)).json(&body).send().unwrap().json().unwrap();
    let token = session["token"].as_str().unwrap().to_string();
    let key = KeyPair::generate().unwrap();
    http.post(format!("{}/api/v1/keys", server.base))
        .bearer_auth(&token)
        .json(&json!({"public_key": key.public_key()}))
        .send()
        .unwrap();
    Account { http, token, key }
}

fn new_game(server: &Server, a: &Account) -> i64 {
    let body = json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]});
    let r = a.http.post(format!("{}/api/v1/games", server.base)).bearer_auth(&a.token).json(&body).send().unwrap();
    r.json::<GameDetail>().unwrap().summary.id
}

/// Event ids as they arrive on an SSE stream, with their arrival time.
fn follow(server: &Server, token: &str) -> mpsc::Receiver<(i64, Instant)> {
    let mut stream = TcpStream::connect(&server.addr).unwrap();
    write!(
        stream,
        "GET /api/v1/events HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n",
        server.addr
    )
    .unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let reader = BufReader::new(stream);
        let mut id = None;
        for line in reader.lines() {
            let Ok(line) = line else { return };
            if let Some(v) = line.strip_prefix("id: ") {
                id = v.trim().parse().ok();
            } else if line == "event: game"
                && let Some(id) = id
                && tx.send((id, Instant::now())).is_err()
            {
                return;
            }
        }
    });
    rx
}

fn quantiles(mut xs: Vec<Duration>) -> (f64, f64) {
    xs.sort();
    let at = |q: f64| xs[((xs.len() - 1) as f64 * q) as usize].as_secs_f64() * 1e3;
    (at(0.5), at(0.99))
}

/// Where the stream is read: on the instance the moves are posted to, or on another one.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reader {
    SameInstance,
    OtherInstance,
}

fn delay(backend: Backend, reader: Reader, moves: usize) {
    let dir = tempfile::tempdir().unwrap();
    let database = ScratchDatabase::on(backend, dir.path());
    let server = start(&database, dir.path());
    let other = (reader == Reader::OtherInstance).then(|| start(&database, dir.path()));
    let a = account(&server);
    let events = follow(other.as_ref().unwrap_or(&server), &a.token);
    // The stream is open once its `ready` event went out; a second's wait covers it (and the LISTEN).
    std::thread::sleep(Duration::from_secs(1));
    let mut game = new_game(&server, &a);
    let mut after_answer = Vec::with_capacity(moves);
    let mut after_send = Vec::with_capacity(moves);
    while after_answer.len() < moves {
        let detail: GameDetail = a
            .http
            .get(format!("{}/api/v1/games/{game}", server.base))
            .bearer_auth(&a.token)
            .send()
            .unwrap()
            .json()
            .unwrap();
        if detail.summary.status == GameStatus::Finished {
            game = new_game(&server, &a);
            continue;
        }
        let legal: Vec<LegalMoves> = a
            .http
            .get(format!("{}/api/v1/games/{game}/moves", server.base))
            .bearer_auth(&a.token)
            .send()
            .unwrap()
            .json()
            .unwrap();
        let claims = MoveClaims {
            game,
            seat: detail.summary.my_seat.unwrap(),
            decision: legal[0].decision.decision.clone(),
            action: legal[0].choices.options[0].action.clone(),
            iat: 1_800_000_000,
        };
        let signed = a.key.sign(&claims).unwrap();
        // Events of earlier games and moves are drained first.
        while events.try_recv().is_ok() {}
        let sent = Instant::now();
        let r = a
            .http
            .post(format!("{}/api/v1/games/{game}/moves", server.base))
            .bearer_auth(&a.token)
            .json(&json!({"move": signed}))
            .send()
            .unwrap();
        let answered = Instant::now();
        assert_eq!(r.status(), 201);
        let (_, arrived) = events.recv_timeout(Duration::from_secs(10)).expect("the move's event within 10 s");
        after_answer.push(arrived.saturating_duration_since(answered));
        after_send.push(arrived - sent);
    }
    let (a50, a99) = quantiles(after_answer);
    let (s50, s99) = quantiles(after_send);
    let label = match reader {
        Reader::SameInstance => format!("{backend:?}").to_lowercase(),
        Reader::OtherInstance => format!("{}, other instance", format!("{backend:?}").to_lowercase()),
    };
    println!(
        "{label:<26} {moves:>5} moves  commit→event ≥ p50 {a50:>6.2} ms  p99 {a99:>6.2} ms   ≤ p50 {s50:>6.2} ms  p99 {s99:>6.2} ms"
    );
}

fn memory(streams: usize, label: &str, env: &[(&str, &str)]) {
    let dir = tempfile::tempdir().unwrap();
    let database = ScratchDatabase::on(Backend::Sqlite, dir.path());
    let server = start_with(&database, dir.path(), env);
    let a = account(&server);
    let game = new_game(&server, &a);
    std::thread::sleep(Duration::from_millis(500));
    let pid = server.child.id();
    let (before, _, _) = memory_kib(pid);
    let started = Instant::now();
    let mut open = Vec::with_capacity(streams);
    for i in 0..streams {
        let mut s = match TcpStream::connect(&server.addr) {
            Ok(s) => s,
            Err(e) => {
                println!("stopped at {i} streams: {e}");
                break;
            }
        };
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        write!(s, "GET /api/v1/games/{game}/events HTTP/1.1\r\nHost: {}\r\n\r\n", server.addr).unwrap();
        open.push(s);
    }
    // Each stream is open once its first bytes (status line and `retry:`) arrived.
    for s in &mut open {
        let mut first = [0u8; 12];
        s.read_exact(&mut first).expect("the stream answers");
        assert_eq!(&first, b"HTTP/1.1 200");
    }
    let opened = started.elapsed();
    std::thread::sleep(Duration::from_secs(2));
    let (after, peak, threads) = memory_kib(pid);
    let mb = |kib: u64| kib as f64 / 1024.0;
    println!(
        "{label}: {} idle streams ({:.2} × the target's {TARGET_STREAMS}) opened in {:.1} s; server RSS {:.1} MB \
         before, {:.1} MB after, peak {:.1} MB ({:.2} × the target's {TARGET_RSS_MB} MB); {:.1} KiB per stream; \
         {threads} threads",
        open.len(),
        open.len() as f64 / TARGET_STREAMS as f64,
        opened.as_secs_f64(),
        mb(before),
        mb(after),
        mb(peak),
        mb(peak) / TARGET_RSS_MB,
        after.saturating_sub(before) as f64 / open.len().max(1) as f64,
    );
}

fn main() {
    let moves = std::env::var("TEGAMI_BENCH_EVENT_MOVES").ok().and_then(|v| v.parse().ok()).unwrap_or(200);
    let streams: usize =
        std::env::var("TEGAMI_BENCH_STREAMS").ok().and_then(|v| v.parse().ok()).unwrap_or(TARGET_STREAMS);
    let limit = raise_open_files(streams as u64 + SPARE_FILES);
    let streams = streams.min(limit.saturating_sub(SPARE_FILES) as usize);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "tegami live events: {moves} moves per line, {streams} idle streams, {cores} cores, open-file limit {limit}"
    );
    delay(Backend::Sqlite, Reader::SameInstance, moves);
    if postgres_available() {
        delay(Backend::Postgres, Reader::SameInstance, moves);
        delay(Backend::Postgres, Reader::OtherInstance, moves);
    } else {
        println!("postgres   skipped: PostgreSQL unreachable");
    }
    memory(streams, "as shipped (malloc tuned)", &[]);
    memory(streams, "glibc's malloc as it comes", &[("TEGAMI_MALLOC_TUNING", "false")]);
}

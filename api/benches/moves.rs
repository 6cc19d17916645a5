//! The write path at the disk's limit: `cargo bench -p api --bench moves`.
//!
//! Starts the real `tegami-server` (release build) on a fresh database and drives N concurrent UOSAO games
//! whose three seats are all players: per move, the seat asked gets its legal moves and POSTs a signed move
//! over a keep-alive HTTP connection. For a fixed time per concurrency it prints moves/s, the latency of the
//! POST (p50/p95/p99), the server's CPU time per move, in all and by thread (HTTP workers, blocking pool,
//! writer, actix's system thread, others: read from `/proc/<pid>/task/*/stat` over the timed window), the CPU
//! spent beside it (the players, i.e. this process; PostgreSQL's processes when it runs on this machine; the
//! share of the machine left idle), and the
//! database's growth per move (emails included), the games started in the window and the time that took, the
//! emails sent, and, in the same run, what the disk and the database can do
//! without tegami: the raw rate of single-row commits (a transaction that inserts one ~1.5 KB row and
//! updates one ~2 KB row) on SQLite with `synchronous=FULL` (and NORMAL, for reference) in the same folder,
//! and single-row inserts on PostgreSQL at 32 clients (`pgbench` where installed, else the same load from 32
//! connections of this process), with the ratios. Then: the latency of a move at journal length 5,000 against 50, and the
//! server's memory with 10,000 active games. On request (`instructions`), the instructions the server executes
//! per move, counted by valgrind's callgrind, which unlike CPU time do not vary with the machine's load.
//!
//! Settings (environment): `TEGAMI_BENCH_SECS` per measurement (default 8), `TEGAMI_BENCH_SQLITE_GAMES`
//! (default `1,4,16`), `TEGAMI_BENCH_POSTGRES_GAMES` (default `1,8,32`), `TEGAMI_BENCH_ACTIVE_GAMES` (default
//! 10000; 0 skips), `TEGAMI_BENCH_PARTS` (default `rate,length,memory`: which of them to run; `instructions`
//! too, if asked for), `TEGAMI_BENCH_INSTRUCTION_SECS` (default 40), `TEGAMI_BENCH_PROFILES` (a folder that
//! keeps the callgrind profiles),
//! `TEGAMI_BENCH_DIR` (folder for the SQLite files, default the system's temp folder), `TEGAMI_BENCH_SERVER`
//! (another `tegami-server` binary to measure, e.g. one built before a change),
//! `TEGAMI_TEST_POSTGRES_URL` (default postgres://postgres@127.0.0.1:5432/test; PostgreSQL is skipped when it
//! does not answer).

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::Text;
use serde_json::{Value, json};
use shared::api_types::{GameDetail, GameStatus, LegalMoves, MoveAccepted, MoveClaims};
use shared::signing::KeyPair;
use tegami_api::db::scratch::{Backend, ScratchDatabase, postgres_available};

fn main() {
    let parts = std::env::var("TEGAMI_BENCH_PARTS").unwrap_or_else(|_| "rate,length,memory".into());
    let part = |name: &str| parts.split(',').any(|p| p.trim() == name);
    let secs = env_number("TEGAMI_BENCH_SECS", 8);
    let window = Duration::from_secs(secs);
    let dir = match std::env::var_os("TEGAMI_BENCH_DIR") {
        Some(d) => tempfile::tempdir_in(d),
        None => tempfile::tempdir(),
    }
    .expect("a folder for the databases");
    println!("tegami write path, {secs} s per measurement, SQLite files in {}", dir.path().display());

    if part("rate") {
        commit_rates(dir.path(), window);
    }
    if part("length") {
        journal_length(dir.path());
    }
    if part("instructions") {
        instructions(dir.path());
    }
    let active = env_number("TEGAMI_BENCH_ACTIVE_GAMES", 10_000) as usize;
    if part("memory") && active > 0 {
        memory_with_active_games(dir.path(), active);
    }
}

/// moves/s and latency against the raw commit rates, at each concurrency.
fn commit_rates(dir: &Path, window: Duration) {
    let full = raw_sqlite(dir, "FULL", window);
    let normal = raw_sqlite(dir, "NORMAL", window);
    println!("raw SQLite single-row commits/s: FULL {full:.0}, NORMAL {normal:.0}");
    println!();
    println!(
        "{:<9} {:>5} {:>7} {:>8} {:>7} {:>7} {:>7} {:>9} {:>9} {:>10} {:>6}",
        "backend",
        "games",
        "moves",
        "moves/s",
        "p50 ms",
        "p95 ms",
        "p99 ms",
        "cpu ms/mv",
        "bytes/mv",
        "raw c/s",
        "ratio"
    );
    for games in env_list("TEGAMI_BENCH_SQLITE_GAMES", &[1, 4, 16]) {
        let run = Run::measure(Backend::Sqlite, dir, games, window);
        run.print("sqlite", games, full);
    }
    let postgres = postgres_available();
    if postgres {
        let (raw, by) = raw_postgres(PGBENCH_CLIENTS, window);
        println!("raw PostgreSQL single-row inserts/s at {PGBENCH_CLIENTS} clients ({by}): {raw:.0}");
        for games in env_list("TEGAMI_BENCH_POSTGRES_GAMES", &[1, 8, 32]) {
            let run = Run::measure(Backend::Postgres, dir, games, window);
            run.print("postgres", games, raw);
        }
    } else {
        println!("postgres  skipped: PostgreSQL unreachable");
    }
    println!();
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn env_list(name: &str, default: &[usize]) -> Vec<usize> {
    match std::env::var(name) {
        Ok(v) => v.split(',').filter_map(|n| n.trim().parse().ok()).collect(),
        Err(_) => default.to_vec(),
    }
}

/// The journal-like row and the game-like row of the raw commit measurements.
fn raw_rows() -> (String, String) {
    ("j".repeat(1500), "g".repeat(2000))
}

/// Single-row commits per second on SQLite in `dir` with `PRAGMA synchronous = sync` (WAL, as the server).
fn raw_sqlite(dir: &Path, sync: &str, window: Duration) -> f64 {
    let path = dir.join(format!("raw-{sync}.db"));
    let mut conn = SqliteConnection::establish(&path.display().to_string()).expect("raw SQLite file");
    conn.batch_execute(&format!(
        "PRAGMA journal_mode = WAL; PRAGMA synchronous = {sync}; \
         CREATE TABLE journal (id INTEGER PRIMARY KEY, body TEXT NOT NULL); \
         CREATE TABLE game (id INTEGER PRIMARY KEY, body TEXT NOT NULL); INSERT INTO game VALUES (1, '');"
    ))
    .expect("raw tables");
    let (entry, game) = raw_rows();
    let started = Instant::now();
    let mut commits = 0u64;
    while started.elapsed() < window / 2 {
        conn.immediate_transaction(|c| {
            diesel::sql_query("INSERT INTO journal (body) VALUES (?)").bind::<Text, _>(&entry).execute(c)?;
            diesel::sql_query("UPDATE game SET body = ? WHERE id = 1").bind::<Text, _>(&game).execute(c)
        })
        .expect("raw commit");
        commits += 1;
    }
    commits as f64 / started.elapsed().as_secs_f64()
}

/// The clients of the PostgreSQL baseline.
const PGBENCH_CLIENTS: usize = 32;

/// Single-row inserts per second on PostgreSQL with `clients` connections committing at once (each insert
/// its own transaction, a ~1.5 KB row, as a journal entry): `pgbench` itself where it is installed, else the
/// same load from this process. Returns the rate and what measured it.
fn raw_postgres(clients: usize, window: Duration) -> (f64, &'static str) {
    let database = ScratchDatabase::postgres();
    let mut setup = PgConnection::establish(&database.url).expect("raw PostgreSQL database");
    setup.batch_execute("CREATE TABLE journal (id BIGSERIAL PRIMARY KEY, body TEXT NOT NULL)").expect("raw table");
    let insert = format!("INSERT INTO journal (body) VALUES ('{}')", raw_rows().0);
    if let Some(rate) = pgbench(&database.url, &insert, clients, window) {
        return (rate, "pgbench");
    }
    let commits = AtomicU64::new(0);
    let started = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..clients {
            let (url, commits, insert) = (&database.url, &commits, &insert);
            s.spawn(move || {
                let mut conn = PgConnection::establish(url).expect("raw connection");
                while started.elapsed() < window / 2 {
                    conn.batch_execute(insert).expect("raw insert");
                    commits.fetch_add(1, Ordering::Relaxed);
                }
            });
        }
    });
    (commits.into_inner() as f64 / started.elapsed().as_secs_f64(), "in-bench")
}

/// `pgbench` running `statement` on `clients` connections for half the window: its transactions per second
/// (`None` if it is not installed or failed).
fn pgbench(url: &str, statement: &str, clients: usize, window: Duration) -> Option<f64> {
    let script = tempfile::NamedTempFile::new().ok()?;
    std::fs::write(script.path(), format!("{statement};\n")).ok()?;
    let seconds = (window.as_secs() / 2).max(1).to_string();
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()).min(clients).to_string();
    let output = Command::new("pgbench")
        .args(["-n", "-c", &clients.to_string(), "-j", &threads, "-T", &seconds, "-f"])
        .arg(script.path())
        .arg(url)
        .stderr(Stdio::null())
        .output()
        .ok()
        .filter(|o| o.status.success())?;
    let text = String::from_utf8_lossy(&output.stdout);
    text.lines().find_map(|l| l.strip_prefix("tps = ")?.split_whitespace().next()?.parse().ok())
}

/// A `tegami-server` process (release build) on a fresh database; killed on drop.
struct Server {
    child: Child,
    base: String,
    database: ScratchDatabase,
    /// Where the server writes the emails it sends (one file each).
    mail: PathBuf,
}

impl Server {
    /// Starts the server, SQLite committing as `synchronous` says (`full`, the server's default, but where
    /// only memory is measured).
    fn start(backend: Backend, dir: &Path, name: &str, synchronous: &str) -> Server {
        Server::start_as(Command::new(server_binary()), backend, dir, name, synchronous)
    }

    /// [`Server::start`] with the server run by `command` (the server's binary, or a tool that runs it).
    fn start_as(mut command: Command, backend: Backend, dir: &Path, name: &str, synchronous: &str) -> Server {
        let folder = dir.join(name);
        std::fs::create_dir_all(&folder).expect("server folder");
        let database = match backend {
            Backend::Sqlite => ScratchDatabase::sqlite(&folder.join("tegami.db")),
            Backend::Postgres => ScratchDatabase::postgres(),
        };
        let port = TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
        // The server logs (warnings and errors) to its standard output.
        let log = std::fs::File::create(folder.join("server.log")).expect("log file");
        let child = command
            .env("TEGAMI_BIND", format!("127.0.0.1:{port}"))
            .env("TEGAMI_DATABASE_URL", &database.url)
            .env("TEGAMI_LOG", "warn")
            .env("TEGAMI_MAIL_DIR", folder.join("mail"))
            .env("TEGAMI_REQUIRE_VERIFIED_EMAIL", "false")
            .env("TEGAMI_SQLITE_SYNCHRONOUS", synchronous)
            .env_remove("TEGAMI_DB_POOL_SIZE")
            .env_remove("TEGAMI_SMTP_URL")
            .env_remove("TEGAMI_CONFIG")
            .stdout(log.try_clone().expect("log file"))
            .stderr(log)
            .spawn()
            .expect("tegami-server starts");
        eprintln!("  ({name}: tegami-server pid {})", child.id());
        let server = Server { child, base: format!("http://127.0.0.1:{port}"), database, mail: folder.join("mail") };
        let http = Http::new();
        // Under valgrind the server starts some fifty times slower.
        let deadline = Instant::now() + Duration::from_secs(180);
        while http.get(&format!("{}/healthz", server.base), None).map(|r| r.status != 200).unwrap_or(true) {
            assert!(Instant::now() < deadline, "tegami-server did not start; see {}", folder.display());
            std::thread::sleep(Duration::from_millis(50));
        }
        server
    }

    /// How many emails the server has sent so far.
    fn emails_sent(&self) -> usize {
        fn files(dir: &Path) -> usize {
            std::fs::read_dir(dir).map_or(0, |entries| {
                entries
                    .flatten()
                    .map(|entry| match entry.file_type() {
                        Ok(kind) if kind.is_dir() => files(&entry.path()),
                        _ => 1,
                    })
                    .sum()
            })
        }
        files(&self.mail)
    }

    /// CPU time the server has used (user + system), in all and by thread.
    fn cpu(&self) -> CpuSample {
        let pid = self.child.id();
        let total = stat_ticks(&format!("/proc/{pid}/stat"));
        let threads = std::fs::read_dir(format!("/proc/{pid}/task"))
            .map(|tasks| {
                tasks
                    .filter_map(|t| t.ok()?.file_name().to_str()?.parse::<u32>().ok())
                    .map(|tid| {
                        // The main thread is named after the binary, which `TEGAMI_BENCH_SERVER` may have renamed.
                        let comm = if tid == pid {
                            MAIN_THREAD.to_string()
                        } else {
                            std::fs::read_to_string(format!("/proc/{pid}/task/{tid}/comm")).unwrap_or_default()
                        };
                        (tid, (comm.trim().to_string(), stat_ticks(&format!("/proc/{pid}/task/{tid}/stat"))))
                    })
                    .collect()
            })
            .unwrap_or_default();
        CpuSample { total, threads }
    }

    /// Resident memory in MB: now (`VmRSS`) and at its peak (`VmHWM`).
    fn rss_mb(&self) -> (f64, f64) {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap_or_default();
        let mb = |field: &str| {
            let kb = status
                .lines()
                .find_map(|l| l.strip_prefix(field))
                .and_then(|v| v.split_whitespace().next().and_then(|n| n.parse::<f64>().ok()));
            kb.unwrap_or(0.0) / 1024.0
        };
        (mb("VmRSS:"), mb("VmHWM:"))
    }

    /// The bytes the database holds (SQLite: used pages, WAL included; PostgreSQL: `pg_database_size`).
    fn database_bytes(&self) -> i64 {
        #[derive(QueryableByName)]
        struct Size {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            bytes: i64,
        }
        let sql = match self.database.backend {
            Backend::Sqlite => {
                "SELECT (page_count - freelist_count) * page_size AS bytes \
                 FROM pragma_page_count(), pragma_freelist_count(), pragma_page_size()"
            }
            Backend::Postgres => "SELECT pg_database_size(current_database()) AS bytes",
        };
        let mut conn = tegami_api::db::open(&self.database.url).expect("database opens");
        diesel::sql_query(sql).get_result::<Size>(&mut conn).expect("database size").bytes
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The server measured: `TEGAMI_BENCH_SERVER` (another build, e.g. the code before a change, to compare on
/// the same machine in the same minutes) or the one built with this benchmark.
fn server_binary() -> PathBuf {
    std::env::var_os("TEGAMI_BENCH_SERVER").map_or_else(|| env!("CARGO_BIN_EXE_tegami-server").into(), Into::into)
}

/// User + system clock ticks of a `/proc/…/stat` file (0 if it is gone).
fn stat_ticks(path: &str) -> u64 {
    let stat = std::fs::read_to_string(path).unwrap_or_default();
    let fields: Vec<&str> = stat.rsplit_once(") ").map(|(_, rest)| rest.split(' ').collect()).unwrap_or_default();
    [11, 12].iter().filter_map(|&i| fields.get(i).and_then(|f| f.parse::<u64>().ok())).sum()
}

/// The server's CPU clock ticks at one moment: in all, and by live thread (id: name and ticks).
struct CpuSample {
    total: u64,
    threads: std::collections::HashMap<u32, (String, u64)>,
}

/// What the server's main thread is called in a [`CpuSample`].
const MAIN_THREAD: &str = "(main)";

/// The thread groups the CPU is reported by, from the threads' names.
const THREAD_GROUPS: [&str; 6] = ["http", "blocking", "writer", "system", "pictures", "other"];

fn thread_group(name: &str) -> &'static str {
    // Names as the kernel keeps them, cut to 15 bytes: actix's HTTP workers are `actix-rt|system:0|arbiter:N`
    // (`actix-server ac…` is the accept loop), tokio's blocking pool `tokio-rt-worker` (`tokio-runtime-w…` in
    // older tokio); the main thread is told apart by its id.
    if name.starts_with("actix-rt") {
        "http"
    } else if name.starts_with("tokio-rt") || name.starts_with("tokio-runtime") {
        "blocking"
    } else if name == "tegami-writer" {
        "writer"
    } else if name == tegami_api::mail::picture::DRAWING_THREAD {
        // The emails' board pictures (game start and end emails of the games the benchmark plays through).
        "pictures"
    } else if name == MAIN_THREAD {
        // The main thread runs actix's system (the server's own tasks: mail, events, bots, webhooks).
        "system"
    } else {
        "other"
    }
}

/// The server's CPU over a window: in all, and by thread group (threads that ended inside the window count
/// as "other", from the process's total).
struct CpuUse {
    total: Duration,
    groups: [Duration; THREAD_GROUPS.len()],
}

impl CpuUse {
    fn between(before: &CpuSample, after: &CpuSample) -> CpuUse {
        let tick = |t: u64| Duration::from_secs_f64(t as f64 / clock_ticks() as f64);
        let mut groups = [0u64; THREAD_GROUPS.len()];
        for (tid, (name, ticks)) in &after.threads {
            let earlier = before.threads.get(tid).map_or(0, |(_, t)| *t);
            let group = THREAD_GROUPS.iter().position(|g| *g == thread_group(name)).expect("a known group");
            groups[group] += ticks.saturating_sub(earlier);
        }
        let total = after.total.saturating_sub(before.total);
        let counted: u64 = groups.iter().sum();
        groups[THREAD_GROUPS.len() - 1] += total.saturating_sub(counted);
        CpuUse { total: tick(total), groups: groups.map(tick) }
    }
}

/// What the machine's CPU is spent on besides the server, at one moment (clock ticks): this process (the
/// players), each PostgreSQL process running on this machine, and the machine's busy and idle time.
struct MachineSample {
    players: u64,
    postgres: std::collections::HashMap<u32, u64>,
    busy: u64,
    idle: u64,
}

impl MachineSample {
    fn now() -> MachineSample {
        let postgres = std::fs::read_dir("/proc")
            .map(|entries| {
                entries
                    .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
                    .filter(|pid| {
                        std::fs::read_to_string(format!("/proc/{pid}/comm")).is_ok_and(|c| c.trim() == "postgres")
                    })
                    .map(|pid| (pid, stat_ticks(&format!("/proc/{pid}/stat"))))
                    .collect()
            })
            .unwrap_or_default();
        // The first line of /proc/stat: user nice system idle iowait irq softirq steal …, in ticks.
        let stat = std::fs::read_to_string("/proc/stat").unwrap_or_default();
        let times: Vec<u64> =
            stat.lines().next().unwrap_or_default().split_whitespace().skip(1).filter_map(|t| t.parse().ok()).collect();
        let at = |i: usize| times.get(i).copied().unwrap_or(0);
        let (idle, busy) = (at(3) + at(4), at(0) + at(1) + at(2) + at(5) + at(6) + at(7));
        MachineSample { players: stat_ticks("/proc/self/stat"), postgres, busy, idle }
    }
}

/// The CPU spent beside the server's over a window: by the players, by PostgreSQL (when it runs on this machine:
/// its processes' ticks, those that started inside the window counted whole), and the share of the machine left
/// idle.
struct BesideServer {
    players: u64,
    postgres: Option<u64>,
    idle_share: f64,
}

impl BesideServer {
    fn between(before: &MachineSample, after: &MachineSample) -> BesideServer {
        let postgres = (!after.postgres.is_empty()).then(|| {
            after
                .postgres
                .iter()
                .map(|(pid, ticks)| ticks.saturating_sub(*before.postgres.get(pid).unwrap_or(&0)))
                .sum()
        });
        let (busy, idle) = (after.busy.saturating_sub(before.busy), after.idle.saturating_sub(before.idle));
        BesideServer {
            players: after.players.saturating_sub(before.players),
            postgres,
            idle_share: idle as f64 / (busy + idle).max(1) as f64,
        }
    }
}

fn ticks_ms(ticks: u64) -> f64 {
    ticks as f64 * 1e3 / clock_ticks() as f64
}

fn clock_ticks() -> u64 {
    Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(100)
}

/// A player: a session and a signing key.
#[derive(Clone)]
struct Person {
    token: String,
    key: KeyPair,
}

fn register(http: &Http, base: &str, name: &str) -> Person {
    let body = json!({"email": format!("{name}@example.com"), "display_name": name, "password": "password-123"});
    let r = http.post(&format!("{base}/api/v1/accounts"), None, &body).expect("register");
    assert_eq!(r.status, 201, "register: {}", r.text());
    let session: Value = http.post(&format!("{base}/api/v1/sessions"), None, &body).expect("log in").json();
    let token = session["token"].as_str().expect("session token").to_string();
    let key = KeyPair::generate().expect("key");
    let r = http.post(&format!("{base}/api/v1/keys"), Some(&token), &json!({"public_key": key.public_key()}));
    assert_eq!(r.expect("key").status, 201);
    Person { token, key }
}

/// A player's HTTP client: keep-alive HTTP/1.1 on the calling thread (ureq). The load generator runs on the
/// server's machine, and reqwest's blocking client, which hands each request to a runtime thread and back,
/// took more than half as much CPU per move as the server.
#[derive(Clone)]
struct Http(ureq::Agent);

/// An answer's status and body.
struct Answer {
    status: u16,
    body: Vec<u8>,
}

impl Answer {
    fn json<T: serde::de::DeserializeOwned>(&self) -> T {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.text()))
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

impl Http {
    fn new() -> Http {
        Http(ureq::Agent::config_builder().http_status_as_error(false).build().into())
    }

    fn get(&self, url: &str, token: Option<&str>) -> Result<Answer, ureq::Error> {
        let mut request = self.0.get(url);
        if let Some(token) = token {
            request = request.header("Authorization", format!("Bearer {token}"));
        }
        Self::answer(request.call()?)
    }

    fn post(&self, url: &str, token: Option<&str>, body: &Value) -> Result<Answer, ureq::Error> {
        let mut request = self.0.post(url);
        if let Some(token) = token {
            request = request.header("Authorization", format!("Bearer {token}"));
        }
        Self::answer(request.send_json(body)?)
    }

    fn answer(mut response: ureq::http::Response<ureq::Body>) -> Result<Answer, ureq::Error> {
        Ok(Answer { status: response.status().as_u16(), body: response.body_mut().read_to_vec()? })
    }
}

/// One game's players, all people, on one keep-alive connection.
struct Table {
    http: Http,
    base: String,
    seats: Vec<Person>,
    game: i64,
    /// The seats asked something, as the last answer said.
    asked: Vec<u8>,
    turn: usize,
    /// How long each game started after the first took to start (created and joined by the other seats).
    starts: Vec<Duration>,
}

impl Table {
    /// A table that plays UOSAO games one after the other.
    fn new(base: &str, seats: &[Person]) -> Table {
        let mut table = Table::at(base, seats, 0);
        table.new_game();
        table
    }

    /// A table at game `game`, already running.
    fn at(base: &str, seats: &[Person], game: i64) -> Table {
        let (http, base, seats) = (Http::new(), base.to_string(), seats.to_vec());
        Table { http, base, seats, game, asked: Vec::new(), turn: 0, starts: Vec::new() }
    }

    fn new_game(&mut self) {
        let body = json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]});
        let r = self.http.post(&format!("{}/api/v1/games", self.base), Some(&self.seats[0].token), &body);
        let created: GameDetail = r.expect("create").json();
        self.game = created.summary.id;
        for seat in 1..3 {
            let url = format!("{}/api/v1/games/{}/join", self.base, self.game);
            let r = self.http.post(&url, Some(&self.seats[seat].token), &json!({"seat": seat})).expect("join");
            assert_eq!(r.status, 200, "join: {}", r.text());
            let joined: GameDetail = r.json();
            self.asked = joined.pending.iter().filter_map(|p| p.seat).collect();
        }
    }

    /// Makes one move (a new game once this one is over); returns how long the POST took.
    fn play(&mut self) -> Duration {
        loop {
            if let Some(took) = self.play_here() {
                return took;
            }
            // Not a move's latency, but time a table plays no move: what starting games costs is reported apart.
            let started = Instant::now();
            self.new_game();
            self.starts.push(started.elapsed());
        }
    }

    /// Makes one move in this game; `None` if the game is over.
    fn play_here(&mut self) -> Option<Duration> {
        {
            let order: Vec<u8> = self.asked.iter().copied().chain(0..self.seats.len() as u8).collect();
            for seat in order {
                let person = &self.seats[seat as usize];
                let url = format!("{}/api/v1/games/{}/moves", self.base, self.game);
                let moves: Vec<LegalMoves> = self.http.get(&url, Some(&person.token)).expect("legal moves").json();
                let Some(m) = moves.first().filter(|m| !m.choices.options.is_empty()) else { continue };
                self.turn += 1;
                let options = &m.choices.options;
                let claims = MoveClaims {
                    game: self.game,
                    seat,
                    decision: m.decision.decision.clone(),
                    action: options[self.turn % options.len()].action.clone(),
                    iat: 1_800_000_000,
                };
                let signed = person.key.sign(&claims).expect("signed");
                let started = Instant::now();
                let r = self.http.post(&url, Some(&person.token), &json!({"move": signed})).expect("move");
                let took = started.elapsed();
                assert_eq!(r.status, 201, "move: {}", r.text());
                let accepted: MoveAccepted = r.json();
                self.asked = accepted.game.pending.iter().filter_map(|p| p.seat).collect();
                if accepted.game.summary.status == GameStatus::Finished {
                    self.asked.clear();
                }
                return Some(took);
            }
            // Nobody is asked anything: the game is over.
            None
        }
    }
}

/// `games` tables of three new players each, warmed up by a few moves outside any measurement.
fn warm_tables(server: &Server, games: usize) -> Vec<Table> {
    let setup = Http::new();
    let people: Vec<Person> = (0..3).map(|i| register(&setup, &server.base, &format!("p{i}"))).collect();
    let mut tables: Vec<Table> = (0..games).map(|_| Table::new(&server.base, &people)).collect();
    for table in &mut tables {
        for _ in 0..3 {
            table.play();
        }
    }
    tables.iter_mut().for_each(|table| table.starts.clear());
    tables
}

/// Plays all `tables` at once, each on a thread of its own, for `window`; returns each move's latency.
fn play_all(tables: &mut [Table], window: Duration) -> Vec<Duration> {
    let started = Instant::now();
    std::thread::scope(|s| {
        let running: Vec<_> = tables
            .iter_mut()
            .map(|table| {
                s.spawn(move || {
                    let mut took = Vec::new();
                    while started.elapsed() < window {
                        took.push(table.play());
                    }
                    took
                })
            })
            .collect();
        running.into_iter().flat_map(|t| t.join().expect("table thread")).collect()
    })
}

/// One measurement: `games` tables playing for `window`.
struct Run {
    latencies: Vec<Duration>,
    elapsed: Duration,
    cpu: CpuUse,
    bytes: i64,
    /// How long each game started inside the window took to start (created, then joined by two seats).
    starts: Vec<Duration>,
    /// Emails sent inside the window: their board pictures are the `pictures` threads' CPU, which varies with
    /// how many games started and ended in the window.
    emails: usize,
    /// The server's threads as named at the end (for the by-thread report).
    thread_names: Vec<String>,
    /// The CPU spent beside the server's.
    beside: BesideServer,
}

impl Run {
    fn measure(backend: Backend, dir: &Path, games: usize, window: Duration) -> Run {
        // The default pool (8) on both backends: moves go through the group-commit writer's own connection,
        // the pool only serves the reads (legal moves, signing keys).
        let server = Server::start(backend, dir, &format!("{backend:?}-{games}").to_lowercase(), "full");
        let mut tables = warm_tables(&server, games);
        let (cpu, bytes, emails) = (server.cpu(), server.database_bytes(), server.emails_sent());
        let beside = MachineSample::now();
        let started = Instant::now();
        let mut latencies = play_all(&mut tables, window);
        let elapsed = started.elapsed();
        let beside = BesideServer::between(&beside, &MachineSample::now());
        latencies.sort();
        let after = server.cpu();
        let mut thread_names: Vec<String> = after.threads.values().map(|(name, _)| name.clone()).collect();
        thread_names.sort();
        thread_names.dedup();
        let cpu = CpuUse::between(&cpu, &after);
        let emails = server.emails_sent() - emails;
        let mut starts: Vec<Duration> = tables.iter().flat_map(|table| table.starts.clone()).collect();
        starts.sort();
        Run { latencies, elapsed, cpu, bytes: server.database_bytes() - bytes, starts, emails, thread_names, beside }
    }

    fn moves(&self) -> usize {
        self.latencies.len()
    }

    fn rate(&self) -> f64 {
        self.moves() as f64 / self.elapsed.as_secs_f64()
    }

    fn quantile_ms(&self, q: f64) -> f64 {
        let i = ((self.latencies.len().max(1) - 1) as f64 * q).round() as usize;
        self.latencies.get(i).map_or(0.0, |d| d.as_secs_f64() * 1e3)
    }

    fn print(&self, backend: &str, games: usize, raw: f64) {
        let moves = self.moves().max(1) as f64;
        println!(
            "{:<9} {:>5} {:>7} {:>8.0} {:>7.1} {:>7.1} {:>7.1} {:>9.2} {:>9.0} {:>10.0} {:>5.2}x",
            backend,
            games,
            self.moves(),
            self.rate(),
            self.quantile_ms(0.50),
            self.quantile_ms(0.95),
            self.quantile_ms(0.99),
            self.cpu.total.as_secs_f64() * 1e3 / moves,
            self.bytes as f64 / moves,
            raw,
            self.rate() / raw
        );
        let by_thread: Vec<String> = THREAD_GROUPS
            .iter()
            .zip(&self.cpu.groups)
            .map(|(group, cpu)| format!("{group} {:.3}", cpu.as_secs_f64() * 1e3 / moves))
            .collect();
        println!("          cpu ms/mv by thread: {} (threads: {})", by_thread.join(", "), self.thread_names.join(", "));
        let postgres = match (backend, self.beside.postgres) {
            ("postgres", Some(ticks)) => format!(", PostgreSQL's processes {:.3}", ticks_ms(ticks) / moves),
            ("postgres", None) => ", PostgreSQL's processes not on this machine".to_string(),
            _ => String::new(),
        };
        println!(
            "          cpu ms/mv beside the server: the players (this process) {:.3}{postgres}; the machine idle {:.0}%",
            ticks_ms(self.beside.players) / moves,
            self.beside.idle_share * 100.0
        );
        let total: Duration = self.starts.iter().sum();
        let median = self.starts.get(self.starts.len() / 2).copied().unwrap_or_default();
        println!(
            "          games started: {} (median {:.1} ms, all {:.2} s of the tables' time); emails sent: {} ({:.3}/mv)",
            self.starts.len(),
            median.as_secs_f64() * 1e3,
            total.as_secs_f64(),
            self.emails,
            self.emails as f64 / moves
        );
    }
}

/// Journal lengths compared.
const SHORT: usize = 50;
const LONG: usize = 5_000;
/// Entries played before the journals are padded to their lengths.
const PLAYED: i64 = 10;
/// Pairs of games compared (UOSAO games end: one pair gives a few dozen moves at each length).
const LENGTH_PAIRS: usize = 4;

/// The latency of a move at journal length 50 and at 5,000, one move at a time, alternating between two
/// UOSAO games played over HTTP to `PLAYED` entries. No engine's game runs to 5,000 entries (UOSAO ends near
/// 100, and random playouts of the others end within a few hundred), so both are made long in the database:
/// a game's entries move up (its head and events with them) and rows copied from its own entries fill the
/// seqs below, to 50 entries in one game and 5,000 in the other. A move reads the game row, its snapshot and
/// its most recent entries and never checks the chain, so it works on both as on a game played that long,
/// while the journal table, its indexes and the game's rows in them are as large as such a game makes them
/// (the padded journals do not verify: they are a benchmark's instrument, not games).
fn journal_length(dir: &Path) {
    let server = Server::start(Backend::Sqlite, dir, "journal-length", "full");
    let setup = Http::new();
    let people: Vec<Person> = (0..3).map(|i| register(&setup, &server.base, &format!("p{i}"))).collect();
    let mut took: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    // A pair of games at a time, each played until either ends (UOSAO: some 30 to 80 moves).
    for _pair in 0..LENGTH_PAIRS {
        let mut tables: Vec<Table> = (0..2).map(|_| Table::new(&server.base, &people)).collect();
        for (table, length) in tables.iter_mut().zip([SHORT, LONG]) {
            while entries(&server, table.game) < PLAYED {
                table.play_here().expect("UOSAO runs past 10 entries");
            }
            lengthen(&server, table.game, length - entries(&server, table.game) as usize);
        }
        'play: loop {
            for (table, took) in tables.iter_mut().zip(&mut took) {
                match table.play_here() {
                    Some(t) => took.push(t),
                    None => break 'play,
                }
            }
        }
    }
    let median = |v: &mut Vec<Duration>| {
        v.sort();
        v.get(v.len() / 2).map_or(f64::NAN, |d| d.as_secs_f64() * 1e3)
    };
    let (short, long) = (median(&mut took[0]), median(&mut took[1]));
    println!(
        "journal length: p50 {short:.2} ms at {SHORT} entries, {long:.2} ms at {LONG} ({} moves each): {:.2}x \
         (target <= 1.2x)",
        took[1].len(),
        long / short
    );
}

/// How many entries game `game` has.
fn entries(server: &Server, game: i64) -> i64 {
    use tegami_api::db::schema::games;
    let mut conn = tegami_api::db::open(&server.database.url).expect("database opens");
    games::table.find(game).select(games::head_seq).first::<i64>(&mut conn).expect("the game") + 1
}

/// Puts `padding` entries in front of game `game`'s journal (see [`journal_length`]).
fn lengthen(server: &Server, game: i64, padding: usize) {
    let mut conn = tegami_api::db::open(&server.database.url).expect("database opens");
    let real = entries(server, game);
    let shift = padding as i64;
    let mut run = |sql: String| conn.batch_execute(&sql).unwrap_or_else(|e| panic!("{sql}: {e}"));
    run("BEGIN IMMEDIATE".into());
    run(format!("UPDATE journal SET seq = seq + {shift} WHERE game_id = {game}"));
    run(format!("UPDATE events SET from_seq = from_seq + {shift}, to_seq = to_seq + {shift} WHERE game_id = {game}"));
    run(format!("UPDATE games SET head_seq = head_seq + {shift} WHERE id = {game}"));
    for seq in 0..shift {
        let copied = shift + seq % real;
        run(format!(
            "INSERT INTO journal (game_id, seq, at, body, nonce, hash, events, hidden_seat) \
             SELECT game_id, {seq}, at, body, nonce, hash, events, hidden_seat FROM journal \
             WHERE game_id = {game} AND seq = {copied}"
        ));
    }
    run("COMMIT".into());
}

/// The bound on the server's memory with 10,000 active games.
const RSS_TARGET_MB: u32 = 200;

/// The server's memory after 10,000 games were created and each got a move.
fn memory_with_active_games(dir: &Path, count: usize) {
    // Without an fsync per commit: this measures memory, and 10,000 games take 40,000 writes to set up.
    let server = Server::start(Backend::Sqlite, dir, "active", "normal");
    let setup = Http::new();
    let people: Vec<Person> = (0..3).map(|i| register(&setup, &server.base, &format!("p{i}"))).collect();
    let started = Instant::now();
    let made = AtomicU64::new(0);
    let workers = 8;
    std::thread::scope(|s| {
        for _ in 0..workers {
            let (server, people, made) = (&server, &people, &made);
            s.spawn(move || {
                while made.fetch_add(1, Ordering::Relaxed) < count as u64 {
                    Table::new(&server.base, people).play();
                }
            });
        }
    });
    let (rss, peak) = server.rss_mb();
    println!(
        "{count} active games (created and moved in {:.0} s): server RSS {rss:.0} MB, peak {peak:.0} MB \
         (target <= {RSS_TARGET_MB} MB: {:.2}x of it)",
        started.elapsed().as_secs_f64(),
        peak / RSS_TARGET_MB as f64
    );
}

/// Tables played under callgrind: few, since valgrind runs the server some fifty times slower.
const INSTRUCTION_GAMES: usize = 4;

/// The instructions the server executes per move, in all and by thread, counted by valgrind's callgrind: SQLite
/// `FULL`, `INSTRUCTION_GAMES` tables played for `TEGAMI_BENCH_INSTRUCTION_SECS` (default 40) once warmed up,
/// game starts included as in the timed runs. Unlike CPU time, the count does not vary with what else the
/// machine runs (runs of the same build agree within a few thousandths), so it tells builds apart on a busy
/// machine where the timed runs cannot. It leaves out the kernel's share (sockets, the WAL's writes and
/// `fsync`), and counts every byte a `rep stos` writes as an instruction: a large `memset` weighs more here
/// than its time. The per-thread profiles are kept in `TEGAMI_BENCH_PROFILES` when it is set, for
/// `callgrind_annotate --inclusive=yes`.
fn instructions(dir: &Path) {
    if Command::new("callgrind_control").arg("--version").output().is_err() {
        println!("instructions skipped: valgrind (callgrind) is not installed");
        return;
    }
    let window = Duration::from_secs(env_number("TEGAMI_BENCH_INSTRUCTION_SECS", 40));
    let profiles = std::env::var_os("TEGAMI_BENCH_PROFILES").map_or_else(|| dir.join("callgrind"), PathBuf::from);
    std::fs::create_dir_all(&profiles).expect("a folder for the profiles");
    let mut valgrind = Command::new("valgrind");
    valgrind
        .args(["--tool=callgrind", "--instr-atstart=no", "--separate-threads=yes"])
        .arg(format!("--callgrind-out-file={}", profiles.join("callgrind.%p").display()))
        .arg(server_binary());
    let server = Server::start_as(valgrind, Backend::Sqlite, dir, "instructions", "full");
    let mut tables = warm_tables(&server, INSTRUCTION_GAMES);
    let pid = server.child.id().to_string();
    callgrind_control(&["--instr=on", &pid]);
    callgrind_control(&["--zero", &pid]);
    let entries_before = journal_rows(&server);
    let moves = play_all(&mut tables, window).len();
    callgrind_control(&["--instr=off", &pid]);
    let entries = journal_rows(&server) - entries_before;
    callgrind_control(&["--dump", &pid]);
    drop(server);
    let mut groups = [0u64; THREAD_GROUPS.len()];
    for profile in std::fs::read_dir(&profiles).expect("the profiles").flatten() {
        let name = profile.file_name().to_string_lossy().into_owned();
        if !name.starts_with(&format!("callgrind.{pid}.")) {
            continue;
        }
        let text = std::fs::read_to_string(profile.path()).expect("a profile");
        let group = THREAD_GROUPS.iter().position(|g| *g == profile_group(&text)).expect("a known group");
        groups[group] += profile_instructions(&text);
    }
    let total: u64 = groups.iter().sum();
    let per_move = |n: u64| n as f64 / moves.max(1) as f64 / 1e6;
    let by_thread: Vec<String> =
        THREAD_GROUPS.iter().zip(groups).map(|(group, n)| format!("{group} {:.3}", per_move(n))).collect();
    println!(
        "instructions under callgrind (sqlite, {INSTRUCTION_GAMES} games, {} s): {moves} moves, {entries} journal \
         entries; {:.3} M per move, {:.3} M per entry",
        window.as_secs(),
        per_move(total),
        total as f64 / entries.max(1) as f64 / 1e6
    );
    println!("          M per move by thread: {}", by_thread.join(", "));
    if std::env::var_os("TEGAMI_BENCH_PROFILES").is_some() {
        println!("          profiles: {}/callgrind.{pid}.*", profiles.display());
    }
}

/// Runs `callgrind_control` with `args`, which waits until valgrind has done what it asks.
fn callgrind_control(args: &[&str]) {
    let done = Command::new("callgrind_control").args(args).stdout(Stdio::null()).status();
    assert!(done.is_ok_and(|s| s.success()), "callgrind_control {args:?} failed");
}

/// The rows of the server's journal, all games'.
fn journal_rows(server: &Server) -> i64 {
    use tegami_api::db::schema::journal;
    let mut conn = tegami_api::db::open(&server.database.url).expect("database opens");
    journal::table.count().get_result(&mut conn).expect("the journal's rows")
}

/// The instructions a callgrind profile counted (its first event, `Ir`) since the counters were zeroed: its
/// `totals:` line (its `summary:` line wraps below zero once the counters were zeroed).
fn profile_instructions(profile: &str) -> u64 {
    profile
        .lines()
        .find_map(|l| l.strip_prefix("totals:"))
        .and_then(|counts| counts.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// Functions only the writer thread runs: any one of them tells its profile (the optimiser inlines some of them
/// into the thread's start, depending on the build).
const WRITER_FUNCTIONS: [&str; 4] = [
    "tegami_api::db::writer::write_batches",
    "tegami_api::db::writer::run_batch",
    "tegami_api::events::listen::announcing_once",
    "tegami_api::events::deferred::recording_at_end",
];

/// The thread group of one thread's callgrind profile, told by what the thread ran (a profile names no
/// thread): valgrind's first thread is the main one.
fn profile_group(profile: &str) -> &'static str {
    let ran = |function: &str| profile.contains(function);
    if profile.lines().any(|l| l == "thread: 1") {
        "system"
    } else if WRITER_FUNCTIONS.iter().any(|f| ran(f)) {
        "writer"
    } else if ran("tegami_api::mail::picture::") {
        "pictures"
    } else if ran("actix_http::h1::dispatcher") {
        "http"
    } else if ran("tokio::runtime::blocking::pool") {
        "blocking"
    } else {
        "other"
    }
}

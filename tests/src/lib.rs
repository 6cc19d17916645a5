//! Harness for end-to-end tests: starts the real `tegami-server` binary on a free port with its own fresh
//! database (a SQLite file or a PostgreSQL database: every test runs on both, see
//! `tegami_api::db::scratch`), and runs the real `tegami` binary with a config dir per player.
//!
//! The binaries are the ones `cargo test --workspace` builds into the target directory (the api and cli
//! packages have integration tests, so cargo builds their binaries before running any test).

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
pub use tegami_api::db::scratch::{Backend, ScratchDatabase, postgres_available};
pub use tegami_api::on_both_backends;

pub mod client_tools;

/// The directory holding the workspace's binaries (target/debug).
pub fn bin_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    // target/debug/deps/<test> -> target/debug
    exe.parent().and_then(Path::parent).expect("target dir").to_path_buf()
}

pub fn binary(name: &str) -> PathBuf {
    let path = bin_dir().join(name);
    assert!(
        path.exists(),
        "`{}` is missing: run the tests with `cargo test --workspace`, which builds it",
        path.display()
    );
    path
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").expect("bind").local_addr().expect("addr").port()
}

/// A running tegami-server; killed on drop.
pub struct Server {
    pub url: String,
    pub dir: std::sync::Arc<tempfile::TempDir>,
    pub database: std::sync::Arc<ScratchDatabase>,
    child: Child,
    /// Which instance on this database this is (each writes its own log).
    instance: usize,
    /// Settings beyond the harness's own, as environment variables.
    env: Vec<(String, String)>,
}

impl Server {
    pub fn start(backend: Backend) -> Server {
        Self::start_with(backend, &[])
    }

    /// A server with extra settings as environment variables, e.g. `("TEGAMI_SMTP_URL", …)`.
    pub fn start_with(backend: Backend, env: &[(&str, String)]) -> Server {
        let dir = tempfile::tempdir().expect("temp dir");
        let database = ScratchDatabase::on(backend, dir.path());
        let env = env.iter().map(|(k, v)| (k.to_string(), v.clone())).collect();
        Self::start_in(std::sync::Arc::new(dir), std::sync::Arc::new(database), None, 0, env)
    }

    /// Another `tegami-server` process on this server's database and mail folder (as N instances behind a
    /// load balancer would be).
    pub fn another_instance(&self, instance: usize) -> Server {
        self.another_instance_with(instance, &[])
    }

    /// [`Server::another_instance`] with settings of its own beside this one's (the same variable replaced).
    pub fn another_instance_with(&self, instance: usize, env: &[(&str, String)]) -> Server {
        let mut own: Vec<(String, String)> =
            self.env.iter().filter(|(k, _)| !env.iter().any(|(name, _)| name == k)).cloned().collect();
        own.extend(env.iter().map(|(k, v)| (k.to_string(), v.clone())));
        Self::start_in(self.dir.clone(), self.database.clone(), None, instance, own)
    }

    /// Starts the server on `port`, or on a free port when none is given. A free port can be taken by another
    /// test between being found and being bound (tests start servers in parallel): the server then fails to
    /// bind and exits, and another port is tried. Only its own log's "listening" line counts as started, since
    /// a health check on a taken port would reach the other test's server.
    fn start_in(
        dir: std::sync::Arc<tempfile::TempDir>,
        database: std::sync::Arc<ScratchDatabase>,
        port: Option<u16>,
        instance: usize,
        env: Vec<(String, String)>,
    ) -> Server {
        const ATTEMPTS: usize = 5;
        for attempt in 1..=ATTEMPTS {
            let log_path = dir.path().join(format!("server-{instance}.log"));
            let log = std::fs::OpenOptions::new().create(true).append(true).open(&log_path).expect("log file");
            // A restarted server appends to the log of the one before: only what follows is this one's.
            let logged_before = log.metadata().expect("log file").len() as usize;
            let chosen = port.unwrap_or_else(free_port);
            let child = Command::new(binary("tegami-server"))
                .env("TEGAMI_BIND", format!("127.0.0.1:{chosen}"))
                .env("TEGAMI_DATABASE_URL", &database.url)
                .env("TEGAMI_LOG", "info")
                // Emails (no SMTP server configured) go to .eml files beside the database, not into the cwd.
                .env("TEGAMI_MAIL_DIR", dir.path().join("mail"))
                .env("TEGAMI_MAIL_POLL_MS", "100")
                // Turn emails at once: the test of the wait sets its own.
                .env("TEGAMI_MAIL_TURN_WAIT_SECS", "0")
                .env_remove("TEGAMI_SMTP_URL")
                .env_remove("TEGAMI_CONFIG")
                .env_remove("TEGAMI_JWT_SECRET")
                .envs(env.iter().map(|(k, v)| (k, v)))
                .stdout(Stdio::null())
                .stderr(log)
                .spawn()
                .expect("tegami-server starts");
            let url = format!("http://127.0.0.1:{chosen}");
            let mut server =
                Server { url, dir: dir.clone(), database: database.clone(), child, instance, env: env.clone() };
            if server.wait_listening(logged_before) {
                server.wait_healthy();
                return server;
            }
            assert!(port.is_none() && attempt < ATTEMPTS, "tegami-server did not start; log:\n{}", server.log());
        }
        unreachable!("every attempt either returns or fails")
    }

    /// Whether this process logged that it listens (after `logged_before` bytes of its log), rather than exit.
    fn wait_listening(&mut self, logged_before: usize) -> bool {
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            if self.log().get(logged_before..).is_some_and(|own| own.contains("tegami-server listening")) {
                return true;
            }
            if self.child.try_wait().expect("the server's status").is_some() {
                return false;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!("tegami-server neither listened nor exited within 30 s; log:\n{}", self.log());
    }

    fn wait_healthy(&self) {
        let deadline = Instant::now() + Duration::from_secs(30);
        let addr = self.url.trim_start_matches("http://").to_string();
        while Instant::now() < deadline {
            if let Ok(mut stream) = std::net::TcpStream::connect(&addr) {
                use std::io::{Read, Write};
                let _ = stream.write_all(b"GET /healthz HTTP/1.0\r\n\r\n");
                let mut reply = String::new();
                let _ = stream.read_to_string(&mut reply);
                if reply.starts_with("HTTP/1.0 200") || reply.starts_with("HTTP/1.1 200") {
                    return;
                }
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("tegami-server did not become healthy; log:\n{}", self.log());
    }

    /// The folder the server writes its emails to (.eml files).
    pub fn mail_dir(&self) -> PathBuf {
        self.dir.path().join("mail")
    }

    /// Runs `tegami-server mail-in` on this server's database with `raw` on stdin (an MTA pipe).
    pub fn mail_in(&self, raw: &[u8]) -> Run {
        self.command(&["mail-in"], raw)
    }

    /// Runs `tegami-server ARGS` (migrate, export, import, …) on this server's database and settings.
    pub fn command(&self, args: &[&str], stdin: &[u8]) -> Run {
        use std::io::Write;
        let mut child = Command::new(binary("tegami-server"))
            .args(args)
            .env("TEGAMI_DATABASE_URL", &self.database.url)
            .env("TEGAMI_BIND", self.url.trim_start_matches("http://"))
            .env("TEGAMI_LOG", "warn")
            // As the server's: `mail-in` queues the turn emails a move by email asks.
            .env("TEGAMI_MAIL_TURN_WAIT_SECS", "0")
            .env_remove("TEGAMI_CONFIG")
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("tegami-server starts");
        child.stdin.take().expect("stdin").write_all(stdin).expect("write stdin");
        Run::from(child.wait_with_output().expect("tegami-server finishes"))
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join(format!("server-{}.log", self.instance))).unwrap_or_default()
    }

    /// Kills the server and starts a new process on the same port and database, with `env` beside (or
    /// replacing) its settings.
    pub fn restart_with(mut self, env: &[(&str, String)]) -> Server {
        self.env.retain(|(k, _)| !env.iter().any(|(name, _)| name == k));
        self.env.extend(env.iter().map(|(k, v)| (k.to_string(), v.clone())));
        self.restart()
    }

    /// Kills the server and starts a new process on the same port and database.
    pub fn restart(mut self) -> Server {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let port: u16 = self.url.rsplit(':').next().and_then(|p| p.parse().ok()).expect("port in url");
        Self::start_in(
            self.dir.clone(),
            self.database.clone(),
            Some(port),
            self.instance,
            std::mem::take(&mut self.env),
        )
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One person at a terminal: the real `tegami` binary with their own config dir.
pub struct Player {
    pub name: String,
    pub email: String,
    pub config: tempfile::TempDir,
    pub server: String,
    /// Where the server writes the emails this person receives.
    pub mail_dir: PathBuf,
}

/// What a CLI run produced.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    fn from(output: Output) -> Run {
        Run {
            code: output.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        }
    }

    pub fn ok(self, what: &str) -> Run {
        assert_eq!(self.code, 0, "`{what}` failed:\nstdout:\n{}\nstderr:\n{}", self.stdout, self.stderr);
        self
    }

    pub fn json(&self) -> Value {
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| panic!("not JSON ({e}):\n{}", self.stdout))
    }
}

impl Player {
    pub fn new(name: &str, server: &Server) -> Player {
        Player {
            name: name.to_string(),
            email: format!("{}@example.com", name.to_lowercase()),
            config: tempfile::tempdir().expect("config dir"),
            server: server.url.clone(),
            mail_dir: server.mail_dir(),
        }
    }

    pub fn run_with_stdin(&self, args: &[&str], stdin: &str) -> Run {
        use std::io::Write;
        let mut child = Command::new(binary("tegami"))
            .args(args)
            .env("TEGAMI_SERVER", &self.server)
            .env("TEGAMI_CONFIG_DIR", self.config.path())
            .env("NO_COLOR", "1")
            .env("COLUMNS", "100")
            .env_remove("TEGAMI_TOKEN")
            .env_remove("TEGAMI_LANG")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("tegami runs");
        child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("write stdin");
        Run::from(child.wait_with_output().expect("tegami finishes"))
    }

    pub fn run(&self, args: &[&str]) -> Run {
        self.run_with_stdin(args, "")
    }

    /// `tegami register`, then the player proves the address by opening the emailed link, as a person
    /// would; afterwards they are logged in with a signing key.
    pub fn register(&self) {
        self.run_with_stdin(
            &["register", "--email", &self.email, "--name", &self.name, "--password-stdin"],
            "correct-horse-battery\n",
        )
        .ok("register");
        self.confirm_address();
    }

    /// Opens the verification link of the newest email that carries one for this address.
    pub fn confirm_address(&self) {
        let deadline = Instant::now() + Duration::from_secs(30);
        let path = loop {
            if let Some(path) = self.verification_link() {
                break path;
            }
            assert!(Instant::now() < deadline, "no verification email reached {}", self.email);
            std::thread::sleep(Duration::from_millis(50));
        };
        let reply = http_get(&self.server, &path);
        assert!(reply.starts_with("HTTP/1.1 200") || reply.starts_with("HTTP/1.0 200"), "confirming failed:\n{reply}");
    }

    fn verification_link(&self) -> Option<String> {
        const ROUTE: &str = "/api/v1/verify-email/";
        let mut found = None;
        let mut names: Vec<PathBuf> = std::fs::read_dir(&self.mail_dir).ok()?.flatten().map(|e| e.path()).collect();
        names.sort();
        for path in names {
            let Ok(raw) = std::fs::read(&path) else { continue };
            let Some(message) = mail_parser::MessageParser::default().parse(&raw) else { continue };
            let to = message.to().and_then(|a| a.first()).and_then(|a| a.address()).unwrap_or_default();
            if !to.eq_ignore_ascii_case(&self.email) {
                continue;
            }
            let text = message.body_text(0).unwrap_or_default();
            if let Some(i) = text.find(ROUTE) {
                found = Some(text[i..].chars().take_while(|c| !c.is_whitespace()).collect());
            }
        }
        found
    }
}

/// A plain HTTP/1.0 GET against `server`; returns the whole response.
pub fn http_get(server: &str, path: &str) -> String {
    use std::io::{Read, Write};
    let addr = server.trim_start_matches("http://");
    let mut stream = std::net::TcpStream::connect(addr).expect("server reachable");
    write!(stream, "GET {path} HTTP/1.0\r\nHost: {addr}\r\n\r\n").expect("request sent");
    let mut reply = String::new();
    stream.read_to_string(&mut reply).expect("reply read");
    reply
}

/// Plays a whole game of `slug` from the shell: `humans` registered players (the first creates the game
/// and invites the others), the remaining `bots` seats filled by the server's bots. Every human decision
/// is taken with `tegami moves --json` and `tegami play`, choosing among the listed options (or the
/// examples of a described space) with a fixed pseudo-random sequence. Returns the game id and the
/// number of moves the humans made, and the players.
pub fn play_whole_game(
    server: &Server,
    slug: &str,
    humans: usize,
    bots: usize,
    max_moves: usize,
) -> (String, usize, Vec<Player>) {
    let names = ["Alice", "Bob", "Carol", "Dave", "Erin"];
    let players: Vec<Player> = names[..humans].iter().map(|n| Player::new(n, server)).collect();
    for p in &players {
        p.register();
    }
    let mut args: Vec<String> = vec!["new".into(), slug.into(), "--seat".into(), "me".into()];
    for p in &players[1..] {
        args.extend(["--seat".into(), format!("invite:{}", p.email)]);
    }
    for _ in 0..bots {
        args.extend(["--seat".into(), "bot".into()]);
    }
    args.push("--json".into());
    let argv: Vec<&str> = args.iter().map(String::as_str).collect();
    let id = players[0].run(&argv).ok("new").json()["id"].as_i64().expect("game id").to_string();
    for p in &players[1..] {
        p.run(&["join", &id]).ok("join");
    }
    let moves = play_to_end(&players, slug, &id, max_moves);
    let finished = players[0].run(&["show", &id, "--json"]).ok("final show").json();
    assert!(finished["outcome"]["ranks"].as_array().is_some(), "{slug}: finished with an outcome");
    players[humans - 1].run(&["verify", &id]).ok("verify");
    (id, moves, players)
}

/// Plays game `id` from the shell until it ends: whichever of `players` has a decision takes it with `tegami
/// moves --json` and `tegami play`, choosing among the listed options (or the examples of a described space)
/// with a fixed pseudo-random sequence. Returns how many moves the players made.
pub fn play_to_end(players: &[Player], slug: &str, id: &str, max_moves: usize) -> usize {
    let mut moves = 0usize;
    let mut lcg: u64 = 0x2545_f491_4f6c_dd1d;
    loop {
        let detail = players[0].run(&["show", id, "--json"]).ok("show --json").json();
        if detail["status"] == "finished" {
            break;
        }
        assert!(moves < max_moves, "{slug}: not over after {moves} moves");
        let mut moved = false;
        for p in players {
            let listing = p.run(&["moves", id, "--json"]).ok("moves --json").json();
            let Some(decision) = listing.as_array().and_then(|a| a.first()) else { continue };
            let options = decision["choices"]["options"].as_array().expect("options or examples");
            assert!(!options.is_empty(), "{slug}: decision {} lists nothing to answer", decision["decision"]);
            lcg = lcg.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let pick =
                options[(lcg >> 33) as usize % options.len()]["notation"].as_str().expect("notation").to_string();
            let id_arg = decision["decision"]["decision"].as_str().expect("decision id").to_string();
            p.run(&["play", id, "--decision", &id_arg, &pick]).ok(&format!("{slug}: {} plays `{pick}`", p.name));
            if moves.is_multiple_of(25) {
                let board = p.run(&["show", id]).ok("show");
                assert!(!board.stdout.trim().is_empty());
            }
            moves += 1;
            moved = true;
            break;
        }
        assert!(moved, "{slug}: the game is active, so some human must have a decision (bots answer at once)");
    }
    moves
}

//! Running tegami for a club, end to end with the real binaries (see docs/operating.md): Prometheus metrics
//! scraped during a real game, one server per SQLite file, backup and restore with held mail,
//! `serve --hold-mail` and `mail release`, and `mail-in` answering with the server's settings.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use e2e::{Backend, Player, Server, binary, free_port, http_get, play_to_end};

/// GET `url`, with a bearer token if given: the status and the body.
fn get(url: &str, token: Option<&str>) -> (u16, String) {
    let mut request = reqwest::blocking::Client::new().get(url);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().expect("server reachable");
    (response.status().as_u16(), response.text().expect("a body"))
}

/// The value of the sample `name` whose labels include `labels`, in a Prometheus text exposition.
fn sample(text: &str, name: &str, labels: &[(&str, &str)]) -> Option<f64> {
    text.lines().filter(|l| !l.starts_with('#')).find_map(|line| {
        let (series, value) = line.rsplit_once(' ')?;
        let (metric, given) = match series.split_once('{') {
            Some((metric, rest)) => (metric, rest.trim_end_matches('}')),
            None => (series, ""),
        };
        let matches =
            metric == name && labels.iter().all(|(k, v)| given.split(',').any(|pair| pair == format!("{k}=\"{v}\"")));
        if matches { value.parse().ok() } else { None }
    })
}

fn expect_sample(text: &str, name: &str, labels: &[(&str, &str)]) -> f64 {
    sample(text, name, labels).unwrap_or_else(|| panic!("no `{name}` {labels:?} in:\n{text}"))
}

/// The .eml files in `dir`.
fn emails(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "eml")).collect())
        .unwrap_or_default();
    found.sort();
    found
}

fn wait_for(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Long enough for the mail worker (polling every 100 ms in these tests) to have sent anything due.
fn several_mail_polls() {
    std::thread::sleep(Duration::from_millis(1500));
}

/// `tegami-server ARGS` with only the environment given (nothing of the harness's server settings).
fn bare(args: &[&str], env: &[(&str, &str)], stdin: &[u8]) -> (i32, String, String) {
    use std::io::Write;
    let mut child = Command::new(binary("tegami-server"))
        .args(args)
        .env_clear()
        .env("TEGAMI_LOG", "warn")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tegami-server runs");
    child.stdin.take().expect("stdin").write_all(stdin).expect("stdin written");
    let out = child.wait_with_output().expect("tegami-server finishes");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Waits for `child` to exit (at most 30 s, then kills it and fails).
fn exit_of(mut child: Child, what: &str) -> (std::process::ExitStatus, String) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Some(status) = child.try_wait().expect("child status") {
            let mut stderr = String::new();
            use std::io::Read;
            child.stderr.take().expect("stderr").read_to_string(&mut stderr).expect("stderr read");
            return (status, stderr);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("{what} did not exit");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A game of senbat between `alice` and `bob` (invited, joining): invitation, start and turn emails.
fn senbat(alice: &Player, bob: &Player) -> String {
    let created = alice.run(&["new", "senbat", "--seat", "me", "--seat", &format!("invite:{}", bob.email), "--json"]);
    let id = created.ok("new").json()["id"].as_i64().expect("game id").to_string();
    bob.run(&["join", &id]).ok("bob joins");
    id
}

e2e::on_both_backends! {
    fn metrics_scraped_during_a_game_hold_its_counters(db) {
        let token = "a-scrape-token-for-the-test";
        let server = Server::start_with(db, &[("TEGAMI_METRICS_TOKEN", token.to_string())]);
        let url = format!("{}/metrics", server.url);
        let (status, body) = get(&url, None);
        assert_eq!(status, 401, "{body}");
        assert!(body.contains("metrics_token_required"), "{body}");
        assert_eq!(get(&url, Some("not-the-token")).0, 401);

        let health: serde_json::Value = serde_json::from_str(&get(&format!("{}/healthz", server.url), None).1).unwrap();
        assert_eq!(health["version"], env!("CARGO_PKG_VERSION"), "{health}");

        let alice = Player::new("Alice", &server);
        alice.register();
        let created = alice.run(&["new", "shinobazu", "--seat", "me", "--seat", "bot", "--seat", "bot", "--json"]);
        let id = created.ok("new").json()["id"].as_i64().expect("game id").to_string();

        let (status, during) = get(&url, Some(token));
        assert_eq!(status, 200, "{during}");
        assert_eq!(expect_sample(&during, "tegami_games", &[("status", "active")]), 1.0);
        assert_eq!(expect_sample(&during, "tegami_games", &[("status", "finished")]), 0.0);
        assert_eq!(expect_sample(&during, "tegami_build_info", &[("version", env!("CARGO_PKG_VERSION"))]), 1.0);
        assert_eq!(expect_sample(&during, "tegami_outgoing_held", &[]), 0.0);
        assert_eq!(expect_sample(&during, "tegami_event_streams_open", &[]), 0.0);
        assert!(expect_sample(&during, "tegami_emails_total", &[("outcome", "sent")]) >= 1.0, "the address proof");
        assert!(expect_sample(&during, "tegami_db_pool_wait_seconds_count", &[]) >= 1.0);
        assert!(expect_sample(&during, "tegami_db_pool_connections", &[]) >= 1.0);
        assert!(sample(&during, "tegami_emails_queued", &[]).is_some());
        assert!(sample(&during, "tegami_emails_oldest_queued_seconds", &[]).is_some());
        assert!(sample(&during, "tegami_webhook_deliveries_pending", &[]).is_some());
        // The refused scrapes above, by route template and status.
        let refused = [("method", "GET"), ("route", "/metrics"), ("status", "401")];
        assert_eq!(expect_sample(&during, "tegami_http_requests_total", &refused), 2.0);

        let moves = play_to_end(std::slice::from_ref(&alice), "shinobazu", &id, 500) as f64;
        assert!(moves >= 1.0);
        let (_, after) = get(&url, Some(token));
        let accepted = [("kind", "move"), ("outcome", "accepted")];
        assert_eq!(expect_sample(&after, "tegami_moves_total", &accepted), moves);
        assert_eq!(expect_sample(&after, "tegami_move_duration_seconds_count", &[("kind", "move")]), moves);
        let posted = [("method", "POST"), ("route", "/api/v1/games/{id}/moves"), ("status", "201")];
        assert_eq!(expect_sample(&after, "tegami_http_requests_total", &posted), moves);
        assert!(expect_sample(&after, "tegami_http_request_duration_seconds_count", &[("route", "/api/v1/games/{id}/moves")]) >= moves);
        // Every move went through the group-commit writer, in batches of one or more.
        assert_eq!(expect_sample(&after, "tegami_writer_batch_size_sum", &[]), moves);
        assert!(expect_sample(&after, "tegami_writer_batch_size_count", &[]) >= 1.0);
        assert_eq!(expect_sample(&after, "tegami_games", &[("status", "finished")]), 1.0);
        assert_eq!(expect_sample(&after, "tegami_games", &[("status", "active")]), 0.0);
        // Route templates, never the paths as sent.
        assert!(!after.contains(&format!("/api/v1/games/{id}/")), "a raw path as a label:\n{after}");
    }

    fn held_mail_is_sent_only_once_released(db) {
        let server = Server::start(db);
        let alice = Player::new("Alice", &server);
        let bob = Player::new("Bob", &server);
        alice.register();
        bob.register();
        let server = server.restart_with(&[("TEGAMI_HOLD_MAIL", "true".to_string())]);
        let before = emails(&server.mail_dir()).len();
        senbat(&alice, &bob);
        several_mail_polls();
        assert_eq!(emails(&server.mail_dir()).len(), before, "an email left while mail was held");
        let status = server.command(&["mail", "status"], b"").ok("mail status");
        assert!(status.stdout.starts_with("held: held by `serve --hold-mail`"), "{}", status.stdout);

        let released = server.command(&["mail", "release"], b"").ok("mail release");
        assert!(released.stdout.contains("released"), "{}", released.stdout);
        wait_for("the held emails", || emails(&server.mail_dir()).len() > before);
        assert_eq!(server.command(&["mail", "status"], b"").ok("mail status").stdout.trim(), "sending");

        let backup = server.dir.path().join("backup.db");
        let refused = server.command(&["backup", backup.to_str().unwrap()], b"");
        match db {
            Backend::Sqlite => assert_eq!(refused.code, 0, "{}", refused.stderr),
            Backend::Postgres => {
                assert_eq!(refused.code, 64, "{}", refused.stderr);
                assert!(refused.stderr.contains("pg_dump") && refused.stderr.contains("pg_restore"), "{}", refused.stderr);
            }
        }
    }

    fn mail_in_with_only_the_database_url_answers_with_the_servers_settings(db) {
        let server = Server::start_with(db, &[
            ("TEGAMI_PUBLIC_URL", "https://games.example.org".to_string()),
            ("TEGAMI_MAIL_FROM", "games@example.org".to_string()),
            ("TEGAMI_MAIL_REQUIRE_DMARC", "true".to_string()),
        ]);
        let alice = Player::new("Alice", &server);
        let bob = Player::new("Bob", &server);
        alice.register();
        bob.register();
        senbat(&alice, &bob);
        // The first turn email, to whichever player it went.
        let mut turn = None;
        wait_for("a turn email", || {
            turn = emails(&server.mail_dir()).into_iter().find_map(|path| {
                let raw = std::fs::read(&path).ok()?;
                let message = mail_parser::MessageParser::default().parse(&raw)?;
                let kind = message.header_raw("X-Tegami-Kind")?.trim().to_string();
                let address = |a: Option<&mail_parser::Address>| {
                    a.and_then(|a| a.first()).and_then(|x| x.address()).map(str::to_string)
                };
                if kind != "turn" {
                    return None;
                }
                Some((address(message.to())?, address(message.reply_to())?))
            });
            turn.is_some()
        });
        let (to, reply_to) = turn.unwrap();
        assert!(reply_to.starts_with("play+") && reply_to.ends_with("@example.org"), "{reply_to}");
        // From the player's own address, but with no DMARC verdict: the server requires one.
        let reply = format!(
            "From: <{to}>\r\nTo: <{reply_to}>\r\nSubject: Re: your turn\r\nContent-Type: text/plain\r\n\r\nresign\r\n"
        );
        let before = emails(&server.mail_dir()).len();
        let (code, stdout, stderr) =
            bare(&["--database-url", &server.database.url, "mail-in"], &[], reply.as_bytes());
        assert_eq!(code, 0, "{stderr}");
        assert!(stdout.contains("\"refused\"") && stdout.contains("dmarc_failed"), "{stdout}\n{stderr}");
        assert!(!stderr.contains("differ"), "{stderr}");
        let mut refusal = None;
        wait_for("the refusal email", || {
            refusal = emails(&server.mail_dir()).into_iter().skip(before).find_map(|path| {
                let raw = std::fs::read(&path).ok()?;
                let message = mail_parser::MessageParser::default().parse(&raw)?;
                let kind = message.header_raw("X-Tegami-Kind")?.trim().to_string();
                (kind == "reply_refused").then(|| String::from_utf8_lossy(&raw).into_owned())
            });
            refusal.is_some()
        });
        let refusal = refusal.unwrap();
        let from = refusal.lines().find(|l| l.starts_with("From: ")).unwrap_or_default();
        assert!(from.ends_with("<games@example.org>"), "{from}");
        assert!(!refusal.contains("127.0.0.1"), "the default settings in the refusal:\n{refusal}");

        // Given settings of its own that differ, mail-in uses them and says which differ.
        let config = server.dir.path().join("other.toml");
        std::fs::write(&config, "public_url = \"https://games.example.org\"\nmail_from = \"games@example.org\"\n").unwrap();
        let (code, stdout, stderr) = bare(
            &["--config", config.to_str().unwrap(), "--database-url", &server.database.url, "mail-in"],
            &[],
            reply.as_bytes(),
        );
        assert_eq!(code, 0, "{stderr}");
        assert!(stderr.contains("differ") && stderr.contains("mail_require_dmarc"), "{stderr}");
        assert!(!stdout.contains("dmarc_failed"), "its own settings (no DMARC) were not used: {stdout}");
    }
}

#[test]
fn metrics_on_a_separate_address_are_served_there_only() {
    let port = free_port();
    let server = Server::start_with(Backend::Sqlite, &[("TEGAMI_METRICS_BIND", format!("127.0.0.1:{port}"))]);
    assert_eq!(get(&format!("{}/metrics", server.url), None).0, 404, "not on the main address");
    let (status, body) = get(&format!("http://127.0.0.1:{port}/metrics"), None);
    assert_eq!(status, 200, "{body}");
    assert_eq!(expect_sample(&body, "tegami_build_info", &[("version", env!("CARGO_PKG_VERSION"))]), 1.0);
    assert_eq!(get(&format!("http://127.0.0.1:{port}/healthz"), None).0, 404, "nothing but /metrics there");
    let (_, again) = get(&format!("http://127.0.0.1:{port}/metrics"), None);
    let scraped = [("method", "GET"), ("route", "/metrics"), ("status", "200")];
    assert_eq!(expect_sample(&again, "tegami_http_requests_total", &scraped), 1.0);
}

#[test]
fn a_second_server_on_a_busy_sqlite_file_refuses_to_start() {
    let server = Server::start(Backend::Sqlite);
    let second = Command::new(binary("tegami-server"))
        .env_clear()
        .env("TEGAMI_DATABASE_URL", &server.database.url)
        .env("TEGAMI_BIND", format!("127.0.0.1:{}", free_port()))
        .env("TEGAMI_MAIL_DIR", server.dir.path().join("mail"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tegami-server starts");
    let (status, stderr) = exit_of(second, "the second server");
    assert!(!status.success(), "a second server ran on the file: {stderr}");
    assert!(stderr.contains("is in use by another tegami-server (process "), "{stderr}");
    let health = http_get(&server.url, "/healthz");
    assert!(health.starts_with("HTTP/1.1 200") || health.starts_with("HTTP/1.0 200"), "{health}");
}

#[test]
fn a_restored_backup_sends_nothing_until_released() {
    let server = Server::start(Backend::Sqlite);
    let alice = Player::new("Alice", &server);
    let bob = Player::new("Bob", &server);
    alice.register();
    bob.register();
    server.command(&["mail", "hold"], b"").ok("mail hold");
    let sent = emails(&server.mail_dir()).len();
    senbat(&alice, &bob);
    several_mail_polls();
    assert_eq!(emails(&server.mail_dir()).len(), sent, "held mail went out");

    // A backup while the server runs; never over an existing file.
    let backup = server.dir.path().join("backup.db");
    let backup_arg = backup.to_str().unwrap();
    server.command(&["backup", backup_arg], b"").ok("backup");
    assert_eq!(server.command(&["backup", backup_arg], b"").code, 73);
    // As if taken from a server that was sending: the copy holds queued emails and no hold.
    let (code, _, stderr) = bare(&["--database-url", &format!("sqlite://{backup_arg}"), "mail", "release"], &[], b"");
    assert_eq!(code, 0, "{stderr}");

    // Not over the file of a running server.
    let refused = server.command(&["restore", backup_arg], b"");
    assert_eq!(refused.code, 75, "{}", refused.stderr);
    assert!(refused.stderr.contains("in use by another tegami-server"), "{}", refused.stderr);
    // Not something that is no backup.
    let junk = server.dir.path().join("junk.db");
    std::fs::write(&junk, "not a database").unwrap();
    assert_eq!(server.command(&["restore", junk.to_str().unwrap()], b"").code, 65);

    let elsewhere = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", elsewhere.path().join("tegami.db").display());
    let mail_dir = elsewhere.path().join("mail");
    let (code, _, stderr) = bare(&["--database-url", &url, "restore", backup_arg], &[], b"");
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("held"), "{stderr}");
    // Restoring again keeps the file it replaces.
    let (code, _, stderr) = bare(&["--database-url", &url, "restore", backup_arg], &[], b"");
    assert_eq!(code, 0, "{stderr}");
    let kept = std::fs::read_dir(elsewhere.path())
        .unwrap()
        .flatten()
        .any(|e| e.file_name().to_string_lossy().starts_with("tegami.db.replaced-"));
    assert!(kept, "the replaced database is kept beside it: {stderr}");

    let port = free_port();
    let restored = Command::new(binary("tegami-server"))
        .env_clear()
        .env("TEGAMI_DATABASE_URL", &url)
        .env("TEGAMI_BIND", format!("127.0.0.1:{port}"))
        .env("TEGAMI_MAIL_DIR", &mail_dir)
        .env("TEGAMI_MAIL_POLL_MS", "100")
        .env("TEGAMI_MAIL_TURN_WAIT_SECS", "0")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the restored server starts");
    let restored = KillOnDrop(restored);
    let base = format!("http://127.0.0.1:{port}");
    wait_for("the restored server", || {
        std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() && http_get(&base, "/healthz").contains(" 200 ")
    });
    several_mail_polls();
    assert!(emails(&mail_dir).is_empty(), "the restored copy sent its old outbox: {:?}", emails(&mail_dir));
    let (_, status, _) = bare(&["--database-url", &url, "mail", "status"], &[], b"");
    assert!(status.starts_with("held: restored from"), "{status}");

    let (code, _, stderr) = bare(&["--database-url", &url, "mail", "release"], &[], b"");
    assert_eq!(code, 0, "{stderr}");
    wait_for("the released emails", || !emails(&mail_dir).is_empty());
    drop(restored);
}

/// PostgreSQL is backed up and restored the way `tegami-server backup` and docs/operating.md say (`pg_dump`,
/// `pg_restore`); the copy, started with `--hold-mail`, sends nothing of the outbox it was restored with until
/// released.
#[test]
fn a_postgres_backup_restored_the_documented_way_sends_nothing_until_released() {
    if !e2e::postgres_available() {
        return;
    }
    let server = Server::start(Backend::Postgres);
    let (alice, bob) = (Player::new("Alice", &server), Player::new("Bob", &server));
    alice.register();
    bob.register();
    server.command(&["mail", "hold"], b"").ok("mail hold");
    senbat(&alice, &bob);
    let dump = server.dir.path().join("tegami.dump");
    let dumped = Command::new("pg_dump")
        .args(["--format=custom", &format!("--file={}", dump.display()), &server.database.url])
        .output()
        .expect("pg_dump runs");
    assert!(dumped.status.success(), "pg_dump: {}", String::from_utf8_lossy(&dumped.stderr));

    let copy = e2e::ScratchDatabase::postgres();
    let restored = Command::new("pg_restore")
        .args(["--clean", "--if-exists", "--no-owner", &format!("--dbname={}", copy.url)])
        .arg(&dump)
        .output()
        .expect("pg_restore runs");
    assert!(restored.status.success(), "pg_restore: {}", String::from_utf8_lossy(&restored.stderr));
    // As if taken from a server that was sending: the copy holds queued emails and no hold.
    let (code, _, stderr) = bare(&["--database-url", &copy.url, "mail", "release"], &[], b"");
    assert_eq!(code, 0, "{stderr}");

    let elsewhere = tempfile::tempdir().unwrap();
    let mail_dir = elsewhere.path().join("mail");
    let port = free_port();
    let started = Command::new(binary("tegami-server"))
        .args(["serve", "--hold-mail"])
        .env_clear()
        .env("TEGAMI_DATABASE_URL", &copy.url)
        .env("TEGAMI_BIND", format!("127.0.0.1:{port}"))
        .env("TEGAMI_MAIL_DIR", &mail_dir)
        .env("TEGAMI_MAIL_POLL_MS", "100")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the restored server starts");
    let started = KillOnDrop(started);
    let base = format!("http://127.0.0.1:{port}");
    wait_for("the restored server", || {
        std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() && http_get(&base, "/healthz").contains(" 200 ")
    });
    let game = http_get(&base, "/api/v1/games/1/journal");
    assert!(game.contains("senbat"), "the restored copy holds the game: {game}");
    several_mail_polls();
    assert!(emails(&mail_dir).is_empty(), "the restored copy sent its old outbox: {:?}", emails(&mail_dir));
    let (code, _, stderr) = bare(&["--database-url", &copy.url, "mail", "release"], &[], b"");
    assert_eq!(code, 0, "{stderr}");
    wait_for("the released emails", || !emails(&mail_dir).is_empty());
    drop(started);
}

struct KillOnDrop(Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

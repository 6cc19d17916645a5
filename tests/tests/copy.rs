//! Issue #28: `tegami-server copy` moves a whole instance between SQLite and PostgreSQL. A populated
//! instance (games finished, running and waiting, emails sent and queued, keys, tokens, sessions) goes
//! SQLite → PostgreSQL → SQLite, and every table of the last copy equals the first row by row; every game
//! verifies on the copy; a non-empty target and a file in use are refused.

use e2e::{Backend, Player, ScratchDatabase, Server, binary, play_whole_game};
use tegami_api::copy;
use tegami_api::db;

fn copy_run(from: &str, to: &str) -> (i32, String, String) {
    let out = std::process::Command::new(binary("tegami-server"))
        .args(["copy", "--from", from, "--to", to])
        .env("TEGAMI_LOG", "warn")
        .env_remove("TEGAMI_CONFIG")
        .env_remove("TEGAMI_DATABASE_URL")
        .output()
        .expect("tegami-server runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn dump(url: &str) -> Vec<(&'static str, Vec<String>)> {
    let mut conn = db::open(url).expect("database opens");
    copy::dump(&mut conn).expect("dump")
}

#[test]
fn an_instance_goes_from_sqlite_to_postgres_and_back_unchanged() {
    if !e2e::postgres_available() {
        return;
    }
    let server = Server::start(Backend::Sqlite);
    let (finished, _, players) = play_whole_game(&server, "uosao", 2, 1, 500);
    let (alice, bob) = (&players[0], &players[1]);
    let running = alice.run(&["new", "senbat", "--seat", "me", "--seat", &format!("invite:{}", bob.email), "--json"]);
    let running = running.ok("new").json()["id"].as_i64().unwrap().to_string();
    bob.run(&["join", &running]).ok("join");
    let waiting =
        alice.run(&["new", "uosao", "--seat", "me", "--seat", "invite:carol@example.com", "--seat", "bot", "--json"]);
    waiting.ok("a game waiting for Carol");
    alice.run(&["token", "create", "scripts"]).ok("an API token");
    // Emails queued and never sent (held), beside the sent ones.
    server.command(&["mail", "hold"], b"").ok("hold");
    let shinobazu = bob.run(&[
        "new",
        "shinobazu",
        "--seat",
        "me",
        "--seat",
        "bot",
        "--seat",
        "bot",
        "--no-mail-pictures",
        "--json",
    ]);
    shinobazu.ok("new shinobazu");
    let database = server.database.clone();
    let dir = server.dir.clone();
    drop(server);

    let first = database.url.clone();
    let postgres = ScratchDatabase::postgres();
    let (code, out, err) = copy_run(&first, &postgres.url);
    assert_eq!(code, 0, "copy to PostgreSQL: {out}\n{err}");
    let done: serde_json::Value = serde_json::from_str(&out).expect("a JSON report");
    assert_eq!(done["games_verified"], 4, "{done}");
    let back = format!("sqlite://{}", dir.path().join("back.db").display());
    let (code, out, err) = copy_run(&postgres.url, &back);
    assert_eq!(code, 0, "copy back to SQLite: {out}\n{err}");

    let (before, after) = (dump(&first), dump(&back));
    assert_eq!(before.len(), after.len());
    for ((table, rows), (_, copied)) in before.iter().zip(&after) {
        assert_eq!(rows, copied, "table {table} differs after the round trip");
    }
    for (table, rows) in &before {
        if ["accounts", "games", "journal", "outbox", "signing_keys", "api_tokens", "sessions", "seats"].contains(table)
        {
            assert!(!rows.is_empty(), "the instance has {table}");
        }
    }
    // PostgreSQL may order text keys by its own collation: the same rows, in any order.
    let sorted = |tables: Vec<(&'static str, Vec<String>)>| -> Vec<(&'static str, Vec<String>)> {
        tables
            .into_iter()
            .map(|(t, mut rows)| {
                rows.sort();
                (t, rows)
            })
            .collect()
    };
    assert_eq!(sorted(dump(&postgres.url)), sorted(before.clone()), "the PostgreSQL copy holds the same rows");

    // Refusals: a target that is not empty, the source itself.
    let (code, _, err) = copy_run(&first, &back);
    assert_eq!(code, 65, "{err}");
    assert!(err.contains("not empty"), "{err}");
    let (code, _, err) = copy_run(&first, &first);
    assert_eq!(code, 65, "{err}");

    // The copy serves: the players verify their games there.
    let copy_server = Server::start_with(Backend::Sqlite, &[("TEGAMI_DATABASE_URL", back.clone())]);
    let alice = Player {
        server: copy_server.url.clone(),
        mail_dir: copy_server.mail_dir(),
        ..players.into_iter().next().unwrap()
    };
    alice.run(&["verify", &finished]).ok("the finished game verifies on the copy");
    let email = alice.email.clone();
    alice
        .run_with_stdin(&["login", "--email", &email, "--password-stdin"], "correct-horse-battery\n")
        .ok("Alice signs in to the copy with her password");
    let moves = alice.run(&["moves", &running, "--json"]).ok("the running game goes on on the copy").json();
    assert!(moves.is_array(), "{moves}");
}

#[test]
fn copying_from_a_sqlite_file_in_use_is_refused() {
    let server = Server::start(Backend::Sqlite);
    let target = format!("sqlite://{}", server.dir.path().join("copy.db").display());
    let (code, _, err) = copy_run(&server.database.url, &target);
    assert_eq!(code, 75, "{err}");
    assert!(err.contains("in use") || err.contains("process"), "{err}");
}

//! The two independent journal verifiers in the repository, each written from `docs/protocol.md` alone:
//! `examples/python/verify_journal.py` (Python, run from `.ci/venv`) and `examples/javascript/verify-journal.mjs`
//! (JavaScript, run by Node with its built-in crypto). Both must pass every protocol vector (every value in
//! it, and every reader's copy of every game, in both journal formats) and every finished game of all five
//! games played through a real server, and both must fail on journals tampered in the ways that matter: an
//! entry before one that stays redacted rewritten and re-linked up to it, two moves swapped and re-hashed, one
//! byte changed in any hashed field, the last entry dropped while the head is known.
//!
//! Where Python's virtualenv or Node is missing the tests are skipped with a loud notice;
//! `TEGAMI_TEST_CLIENT_TOOLS=require` (as `.ci/run` sets) turns the skip into a failure.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use e2e::client_tools::{repo_root, run_bounded};
use e2e::{Backend, Player, Run, Server};
use serde_json::{Value, json};
use shared::journal::{self, EntryBody, JournalFormat};

/// The two verifiers, ready to run.
struct Verifiers {
    python: PathBuf,
    node: PathBuf,
}

impl Verifiers {
    fn find() -> Option<Verifiers> {
        let python = repo_root().join(".ci/venv/bin/python");
        let node = PathBuf::from("node");
        let node_runs = Command::new(&node).arg("--version").output().is_ok_and(|o| o.status.success());
        let mut missing = Vec::new();
        if !python.exists() {
            missing.push(python.display().to_string());
        }
        if !node_runs {
            missing.push("node".to_string());
        }
        if missing.is_empty() {
            return Some(Verifiers { python, node });
        }
        if std::env::var("TEGAMI_TEST_CLIENT_TOOLS").is_ok_and(|v| v == "require") {
            panic!("TEGAMI_TEST_CLIENT_TOOLS=require, but these are missing: {}; run .ci/run", missing.join(", "));
        }
        let _ = writeln!(
            std::io::stderr(),
            "\n********************************************************************************\n\
             *  JOURNAL VERIFIER TESTS SKIPPED: missing {}\n\
             *  `.ci/run` installs the virtualenv .ci/venv and Node.js;\n\
             *  TEGAMI_TEST_CLIENT_TOOLS=require turns this skip into a failure.\n\
             ********************************************************************************\n",
            missing.join(", ")
        );
        None
    }

    /// Runs both verifiers with `args`; returns each one's name and run.
    fn run(&self, args: &[String]) -> Vec<(&'static str, Run)> {
        let examples = repo_root().join("examples");
        let mut python = Command::new(&self.python);
        python
            .arg(examples.join("python/verify_journal.py"))
            .args(args)
            .env_remove("PYTHONPATH")
            .env("PYTHONDONTWRITEBYTECODE", "1");
        let mut node = Command::new(&self.node);
        node.arg(examples.join("javascript/verify-journal.mjs")).args(args);
        vec![
            ("python", run_bounded(python, "verify_journal.py", Duration::from_secs(120))),
            ("node", run_bounded(node, "verify-journal.mjs", Duration::from_secs(120))),
        ]
    }

    fn assert_pass(&self, args: &[String], what: &str) {
        for (name, run) in self.run(args) {
            assert_eq!(run.code, 0, "{name} rejects {what}:\nstdout:\n{}\nstderr:\n{}", run.stdout, run.stderr);
        }
    }

    fn assert_fail(&self, args: &[String], what: &str) -> Vec<(&'static str, Run)> {
        let runs = self.run(args);
        for (name, run) in &runs {
            assert_eq!(run.code, 1, "{name} accepts {what}:\nstdout:\n{}\nstderr:\n{}", run.stdout, run.stderr);
            assert!(run.stderr.contains("FAILED"), "{name} gives no reason for rejecting {what}: {}", run.stderr);
        }
        runs
    }
}

fn vectors_root() -> PathBuf {
    repo_root().join("docs/protocol-vectors")
}

/// Every vector game's folder (each holds an `expected.json`).
fn vector_games() -> Vec<PathBuf> {
    fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
        let mut children: Vec<PathBuf> =
            std::fs::read_dir(dir).expect("vectors folder").map(|e| e.expect("entry").path()).collect();
        children.sort();
        for child in children {
            if child.is_dir() {
                walk(&child, found);
            } else if child.file_name().is_some_and(|n| n == "expected.json") {
                found.push(dir.to_path_buf());
            }
        }
    }
    let mut found = Vec::new();
    walk(&vectors_root(), &mut found);
    found
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("readable")).expect("JSON")
}

fn arg(path: &Path) -> String {
    path.display().to_string()
}

#[test]
fn both_verifiers_pass_every_vector_and_every_copy() {
    let Some(verifiers) = Verifiers::find() else { return };
    verifiers.assert_pass(&["--vectors".into(), arg(&vectors_root())], "the protocol vectors");
    let games = vector_games();
    let slugs: Vec<String> = games.iter().filter_map(|g| g.file_name()).map(|n| n.to_string_lossy().into()).collect();
    for slug in ["uosao", "shinobazu", "shidouban", "senbat", "suriagehara"] {
        assert!(slugs.iter().any(|s| s == slug), "no vector game of {slug}");
    }
    for game in &games {
        let head = read_json(&game.join("expected.json"))["head_hash"].as_str().expect("head").to_string();
        for copy in ["spectator.json", "seat-0.json"] {
            let path = game.join(copy);
            verifiers.assert_pass(&[arg(&path), "--head-hash".into(), head.clone()], &arg(&path));
        }
        let running = game.join("running-seat-1.json");
        verifiers.assert_pass(&[arg(&running), "--running".into()], &arg(&running));
    }
}

/// A forger's tools: re-hash entries from `from` on, by the rules of `format`, as the data allows (a redacted
/// entry of format 1 cannot be re-hashed; of format 2 it can, from its published content commitment).
fn rehash(entries: &mut [Value], format: JournalFormat, from: usize, to: usize) {
    for i in from..to.min(entries.len()) {
        let prev = if i == 0 { journal::GENESIS_HASH.to_string() } else { text(&entries[i - 1]["hash"]) };
        let e = &mut entries[i];
        e["prev_hash"] = json!(prev);
        let redacted = e["redacted"] == json!(true);
        let (seq, at) = (e["seq"].as_u64().expect("seq"), text(&e["at"]));
        match format {
            JournalFormat::V1 => {
                if !redacted {
                    let body: EntryBody = serde_json::from_value(e["body"].clone()).expect("a body");
                    e["hash"] = json!(journal::entry_hash(seq, &at, &body, &text(&e["nonce"]), &prev));
                }
            }
            JournalFormat::V2 => {
                if !redacted {
                    let body: EntryBody = serde_json::from_value(e["body"].clone()).expect("a body");
                    e["content"] = json!(journal::content_commitment(&body, &text(&e["nonce"])).expect("hex nonce"));
                }
                e["hash"] = json!(journal::entry_hash_v2(seq, &at, &prev, &text(&e["content"])).expect("hex"));
            }
        }
    }
}

fn text(v: &Value) -> String {
    v.as_str().expect("a string").to_string()
}

/// Swaps entries `a` and `b`, renumbered, with the nonces they would have at their new places (the seed is
/// public once the game is over, so a forger can derive them).
fn swap(entries: &mut [Value], seed: &[u8; 32], a: usize, b: usize) {
    entries.swap(a, b);
    for i in [a, b] {
        let old_seq = entries[i]["seq"].as_u64().expect("seq");
        let derived = entries[i]["nonce"] == json!(journal::nonce_for(seed, old_seq));
        entries[i]["seq"] = json!(i);
        if derived {
            entries[i]["nonce"] = json!(journal::nonce_for(seed, i as u64));
        }
    }
}

fn is_open_move(e: &Value) -> bool {
    e["body"]["type"] == "move" && e["redacted"] != json!(true)
}

/// Changes one character of the string at `pointer` (a hex digit or any other character) to another.
fn change_one_byte(copy: &mut Value, pointer: &str) -> bool {
    let Some(Value::String(s)) = copy.pointer_mut(pointer) else { return false };
    let Some((i, c)) = s.char_indices().last() else { return false };
    let other = match c {
        '0' => '1',
        'a'..='e' | '1'..='8' => (c as u8 + 1) as char,
        _ => '0',
    };
    s.replace_range(i..i + c.len_utf8(), &other.to_string());
    true
}

/// The ways a copy is tampered with, each a forged copy and whether the verifiers get the head hash; and the
/// redacted entry before which the first of them re-linked the chain, if any.
fn tamperings(copy: &Value) -> (Vec<(String, Value, bool)>, Option<usize>) {
    let mut relinked_at = None;
    let format = if copy["format"] == json!(2) { JournalFormat::V2 } else { JournalFormat::V1 };
    let seed: [u8; 32] =
        hex::decode(text(&copy["seed"])).expect("hex").try_into().expect("a finished copy shows its 32-byte seed");
    let entries = copy["entries"].as_array().expect("entries").clone();
    let n = entries.len();
    let with = |entries: Vec<Value>| {
        let mut forged = copy.clone();
        forged["entries"] = Value::Array(entries);
        forged
    };
    let mut out = Vec::new();

    // The attack: two moves before an entry that stays redacted swapped, renumbered and re-hashed up
    // to it, the redacted entry's hash left as given (all format 1 could check), with no head to compare.
    if let Some(r) = entries.iter().position(|e| e["redacted"] == json!(true)) {
        let before: Vec<usize> = (1..r).filter(|&i| is_open_move(&entries[i])).collect();
        if let [.., a, b] = before[..] {
            let mut forged = entries.clone();
            swap(&mut forged, &seed, a, b);
            rehash(&mut forged, format, a, r);
            forged[r]["prev_hash"] = forged[r - 1]["hash"].clone();
            // The only check left to fail is the redacted entry's own link, which format 2 recomputes.
            let what = format!("moves {a} and {b} swapped and re-linked up to redacted entry {r}");
            out.push((what, with(forged), false));
            relinked_at.replace(r);
        }
    }
    // A pair of moves swapped, and every hash after them re-computed that can be: the head changes.
    if let Some(a) = (1..n - 1).find(|&i| is_open_move(&entries[i]) && is_open_move(&entries[i + 1])) {
        let mut forged = entries.clone();
        swap(&mut forged, &seed, a, a + 1);
        rehash(&mut forged, format, a, n);
        out.push((format!("moves {a} and {} swapped, everything re-hashed", a + 1), with(forged), true));
    }
    // One byte changed in each hashed field.
    let mut pointers = vec!["/entries/1/at".to_string(), format!("/entries/{}/prev_hash", n / 2)];
    pointers.push(format!("/entries/{}/hash", n / 3));
    if let Some(i) = (1..n).find(|&i| is_open_move(&entries[i])) {
        pointers.push(format!("/entries/{i}/nonce"));
        pointers.push(format!("/entries/{i}/body/decision"));
    }
    if let Some(i) = (1..n).find(|&i| entries[i]["body"]["signature"].is_string()) {
        pointers.push(format!("/entries/{i}/body/signature"));
    }
    if format == JournalFormat::V2 {
        pointers.push(format!("/entries/{}/content", n / 2));
        if let Some(r) = entries.iter().position(|e| e["redacted"] == json!(true)) {
            pointers.push(format!("/entries/{r}/content"));
        }
    }
    for pointer in pointers {
        let mut forged = copy.clone();
        assert!(change_one_byte(&mut forged, &pointer), "no string at {pointer}");
        out.push((format!("one byte changed at {pointer}"), forged, false));
    }
    // A number of the game data changed (senbat's positions with a fraction).
    let senbat_deploy = |e: &Value| copy["slug"] == "senbat" && e["body"]["action"]["type"] == "deploy";
    if let Some(i) = entries.iter().position(senbat_deploy) {
        let mut forged = copy.clone();
        let x = forged["entries"][i]["body"]["action"]["x"].as_f64().expect("a position");
        forged["entries"][i]["body"]["action"]["x"] = json!(x + 0.1);
        out.push((format!("the deployment position of entry {i} moved"), forged, false));
    }
    // The last entry dropped, with the head the reader noted.
    out.push(("the last entry dropped".into(), with(entries[..n - 1].to_vec()), true));
    (out, relinked_at)
}

#[test]
fn both_verifiers_fail_on_tampered_journals() {
    let Some(verifiers) = Verifiers::find() else { return };
    let dir = tempfile::tempdir().expect("temp dir");
    let mut relinks = 0;
    for game in vector_games() {
        let head = read_json(&game.join("expected.json"))["head_hash"].as_str().expect("head").to_string();
        let name = game.strip_prefix(vectors_root()).expect("inside").display().to_string().replace('/', "-");
        for copy_name in ["spectator.json", "seat-0.json"] {
            let copy = read_json(&game.join(copy_name));
            let (forged_copies, relinked_at) = tamperings(&copy);
            for (i, (what, forged, with_head)) in forged_copies.into_iter().enumerate() {
                let path = dir.path().join(format!("{name}-{copy_name}-{i}.json"));
                std::fs::write(&path, serde_json::to_string_pretty(&forged).expect("JSON")).expect("written");
                let mut args = vec![arg(&path)];
                if with_head {
                    args.extend(["--head-hash".into(), head.clone()]);
                }
                let what = format!("{name}/{copy_name} with {what}");
                let runs = verifiers.assert_fail(&args, &what);
                if let (0, Some(r)) = (i, relinked_at) {
                    relinks += 1;
                    assert_eq!(copy["format"], json!(2), "format 1 cannot catch this; only format 2 copies keep it");
                    for (verifier, run) in runs {
                        assert!(
                            run.stderr.contains(&format!("entry {r}: its hash does not match")),
                            "{verifier} rejects {what} for another reason than the redacted entry's link:\n{}",
                            run.stderr
                        );
                    }
                }
            }
        }
    }
    assert!(relinks >= 2, "the vectors hold too few copies with entries that stay redacted");
}

/// Five games, one of each, played to their end through a real server (people's moves signed by the CLI,
/// bots' by the server); every reader's copy verifies with both verifiers, against the head `tegami show`
/// gave. In shidouban Alice sends a standing preference, which the rules never reveal, and resigns, so that
/// the finished game always holds an entry that stays redacted (bots alone leave one only by chance).
#[test]
fn both_verifiers_pass_finished_games_played_through_the_server() {
    let Some(verifiers) = Verifiers::find() else { return };
    let server = Server::start(Backend::Sqlite);
    let dir = tempfile::tempdir().expect("temp dir");
    let alice = Player::new("Alice", &server);
    alice.register();
    let mut never_revealed = 0;
    for (slug, seats) in [("uosao", 3), ("shinobazu", 3), ("shidouban", 3), ("senbat", 2), ("suriagehara", 2)] {
        // Alice plays uosao herself (signed moves) and sits down in shidouban only to send a preference and
        // resign; the other games are the server's bots' alone, Alice watching, so that the whole test stays
        // within a minute or two.
        let plays = matches!(slug, "uosao" | "shidouban");
        let mut args = vec!["new".to_string(), slug.into()];
        if plays {
            args.extend(["--seat".into(), "me".into()]);
        }
        for _ in 0..seats - usize::from(plays) {
            args.extend(["--seat".into(), "bot".into()]);
        }
        args.push("--json".into());
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        let id = alice.run(&argv).ok("new").json()["id"].as_i64().expect("id").to_string();
        if slug == "shidouban" {
            let listing = alice.run(&["moves", &id, "--json"]).ok("moves --json").json();
            let decision = listing[0]["decision"]["decision"].as_str().expect("Alice has a decision").to_string();
            alice.run(&["play", &id, "--decision", &decision, "pref reprieve never"]).ok("a standing preference");
            alice.run(&["resign", &id, "--yes"]).ok("resign");
        } else if plays {
            e2e::play_to_end(std::slice::from_ref(&alice), slug, &id, 500);
        }
        let detail = alice.run(&["show", &id, "--json"]).ok("show").json();
        assert_eq!(detail["status"], "finished", "{slug}: not over");
        assert_eq!(detail["journal_format"], json!(2), "{slug}: a new game is in journal format 2");
        let head = detail["head_hash"].as_str().expect("head_hash").to_string();

        let spectator = e2e::http_get(&server.url, &format!("/api/v1/games/{id}/journal"));
        let spectator = spectator.split_once("\r\n\r\n").map(|(_, body)| body).expect("an HTTP reply");
        let spectator_path = dir.path().join(format!("{slug}-spectator.json"));
        std::fs::write(&spectator_path, spectator).expect("saved");
        let listing: Value = serde_json::from_str(spectator).expect("JSON");
        assert_eq!(listing["format"], json!(2));
        let redacted = listing["entries"].as_array().expect("entries").iter().filter(|e| e["redacted"] == true).count();
        if slug == "shidouban" {
            assert!(redacted > 0, "shidouban: Alice's preference is not redacted in the spectator's copy");
        }
        never_revealed += redacted;

        let mine = alice.run(&["log", &id, "--json"]).ok("log --json");
        let mine_path = dir.path().join(format!("{slug}-alice.json"));
        std::fs::write(&mine_path, &mine.stdout).expect("saved");
        for path in [&spectator_path, &mine_path] {
            verifiers.assert_pass(&[arg(path), "--head-hash".into(), head.clone()], &format!("{slug}: {}", arg(path)));
        }
        alice.run(&["verify", &id, "--head-hash", &head]).ok("tegami verify --head-hash");
    }
    assert!(never_revealed > 0, "no finished game kept an answer redacted for good: point 1 is not exercised");
}

e2e::on_both_backends! {
    /// Issue #28: a game the operator ends (`tegami-server admin games end`), abandoned or adjudicated, verifies
    /// with `tegami verify` and both example verifiers, each saying who ended it, how and why; the game-over
    /// email tells the players the operator's ending; an abandoned game moves no rating, an adjudicated one does.
    fn an_operator_ended_game_verifies_and_says_who_ended_it(db) {
        let verifiers = Verifiers::find();
        let server = Server::start(db);
        let dir = tempfile::tempdir().expect("temp dir");
        let (alice, bob) = (Player::new("Alice", &server), Player::new("Bob", &server));
        alice.register();
        bob.register();
        let reason = "the club closed the season";
        for (result, ranks, said) in [
            ("abandoned", None, "abandoned".to_string()),
            ("adjudicated", Some("2,1"), "adjudicated, places by seat 2, 1".to_string()),
        ] {
            let invite = format!("invite:{}", bob.email);
            let new = ["new", "senbat", "--seat", "me", "--seat", &invite, "--deadline", "none", "--json"];
            let id = alice.run(&new).ok("new").json()["id"].as_i64().expect("id").to_string();
            bob.run(&["join", &id]).ok("Bob joins");
            let mut end = vec!["admin", "--operator", "kanri", "games", "end", &id, "--result", result, "--reason", reason];
            if let Some(ranks) = ranks {
                end.extend(["--ranks", ranks]);
            }
            let ended = server.command(&end, b"").ok("admin games end");
            assert!(ended.stdout.contains(&format!("game {id} ended by kanri: {result}")), "{}", ended.stdout);
            assert!(
                ended.stderr.contains("admin: game ended") && ended.stderr.contains("kanri"),
                "logged with who ended it: {}",
                ended.stderr
            );

            let detail = alice.run(&["show", &id, "--json"]).ok("show").json();
            assert_eq!(detail["status"], "finished", "{result}: {detail}");
            let standings = detail["standings"].as_array().expect("standings");
            let winners: Vec<&str> =
                standings.iter().filter(|s| s["winner"] == true).map(|s| s["name"].as_str().unwrap()).collect();
            match ranks {
                None => {
                    assert_eq!(detail["outcome"]["result"], "abandoned", "{detail}");
                    assert!(winners.is_empty(), "nobody wins an abandoned game: {winners:?}");
                }
                Some(_) => {
                    assert_eq!(detail["outcome"]["result"], "win", "{detail}");
                    assert_eq!(winners, vec!["Bob"], "the operator placed Bob first");
                }
            }
            let head = detail["head_hash"].as_str().expect("head_hash").to_string();

            let line = format!("ended by the operator kanri: {said} — {reason}");
            let verified = alice.run(&["verify", &id, "--head-hash", &head]).ok("tegami verify");
            assert!(verified.stdout.contains(&line), "tegami verify says who ended it:\n{}", verified.stdout);
            let report = alice.run(&["verify", &id, "--json"]).ok("tegami verify --json").json();
            assert_eq!(report["ended_by_operator"]["operator"], "kanri", "{report}");
            assert_eq!(report["ended_by_operator"]["result"], result, "{report}");
            let log = alice.run(&["log", &id]).ok("tegami log").stdout;
            assert!(log.contains("operator kanri") && log.contains(reason), "tegami log shows the ending:\n{log}");

            let spectator = e2e::http_get(&server.url, &format!("/api/v1/games/{id}/journal"));
            let spectator = spectator.split_once("\r\n\r\n").map(|(_, body)| body).expect("an HTTP reply");
            let path = dir.path().join(format!("{result}.json"));
            std::fs::write(&path, spectator).expect("saved");
            if let Some(verifiers) = &verifiers {
                for (name, run) in verifiers.run(&[arg(&path), "--head-hash".into(), head.clone()]) {
                    assert_eq!(run.code, 0, "{name} rejects the {result} game:\n{}\n{}", run.stdout, run.stderr);
                    assert!(run.stdout.contains(&line), "{name} says who ended it:\n{}", run.stdout);
                }
                // The ending is hashed: a changed reason breaks the chain for both.
                let forged = spectator.replace(reason, "the players agreed");
                let forged_path = dir.path().join(format!("{result}-forged.json"));
                std::fs::write(&forged_path, forged).expect("saved");
                verifiers.assert_fail(&[arg(&forged_path)], &format!("a {result} game with its reason rewritten"));
            }
            let page = e2e::http_get(&server.url, &format!("/games/{id}"));
            assert!(page.contains("kanri") && page.contains(reason), "the game's page tells the ending");
        }

        // Game-over emails name the operator's ending; ratings moved for the adjudicated game only.
        let deadline = std::time::Instant::now() + Duration::from_secs(30);
        loop {
            let told = std::fs::read_dir(server.mail_dir())
                .map(|d| {
                    d.filter_map(|f| std::fs::read(f.ok()?.path()).ok())
                        .filter(|raw| {
                            let parsed = mail_parser::MessageParser::default().parse(raw.as_slice());
                            parsed.and_then(|m| m.body_text(0).map(|b| b.contains("operator kanri"))).unwrap_or(false)
                        })
                        .count()
                })
                .unwrap_or(0);
            if told >= 4 {
                break;
            }
            assert!(std::time::Instant::now() < deadline, "{told} game-over emails name the operator, not 4");
            std::thread::sleep(Duration::from_millis(300));
        }
        let leaderboard = e2e::http_get(&server.url, "/api/v1/game-types/senbat/leaderboard");
        assert_eq!(
            leaderboard.matches("\"games\":1").count(),
            2,
            "Alice and Bob each have one rated game, the adjudicated one: {leaderboard}"
        );
    }
}

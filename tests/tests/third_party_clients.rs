//! Proof that a third party can build a working client from `openapi.yaml` and `docs/protocol.md` alone,
//! with the real tools (`.ci/run` installs them; see `e2e::client_tools`) against a real `tegami-server`:
//! the document validates, openapi-python-client generates a package cleanly, the Python example plays every
//! game through that package and verifies the journals with its own code, openapi-typescript's types compile
//! under `tsc --strict` with the TypeScript example, schemathesis finds no failure in any operation, the
//! generated Python client reads every game's options and answers as that game's (nothing lost), and a YAML 1.1
//! reader (PyYAML) reads `openapi.yaml` as the document the server serves.
//!
//! The servers run on SQLite: the HTTP contract is the same on both backends, which the API tests cover.

mod http_player;

use std::path::{Path, PathBuf};
use std::time::Duration;

use e2e::client_tools::{ClientTools, repo_root, run_bounded};
use e2e::{Backend, Run, Server};
use http_player::HttpPlayer;
use serde_json::{Value, json};

fn ok(run: Run, what: &str) -> Run {
    assert_eq!(run.code, 0, "{what} failed (exit {}):\nstdout:\n{}\nstderr:\n{}", run.code, run.stdout, run.stderr);
    run
}

/// A fresh server, and a temp dir holding the document it serves, as a client downloads it
/// (`openapi.json`; `openapi.yaml` is the same document, which `api`'s tests keep fresh).
fn server_and_its_document() -> (Server, tempfile::TempDir, PathBuf) {
    let server = Server::start(Backend::Sqlite);
    let dir = tempfile::tempdir().expect("temp dir");
    let reply = e2e::http_get(&server.url, "/openapi.json");
    let body = reply.split_once("\r\n\r\n").map(|(_, b)| b).expect("an HTTP reply");
    let path = dir.path().join("openapi.json");
    std::fs::write(&path, body).expect("document saved");
    (server, dir, path)
}

/// Generates the Python client package `tegami_client` into `dir` from `document`, and checks that the
/// generator said nothing but that it generated.
/// The one thing openapi-python-client 0.29.1 cannot generate: `POST /api/v1/mail/inbound`, whose body is a raw
/// email (`message/rfc822`), a media type it has no model for. That endpoint is for mail servers piping
/// replies in, not for game clients, so the package lacks nothing a client needs.
const KNOWN_GENERATOR_WARNING: [&str; 4] = [
    "Warning(s) encountered while generating. Client was generated, but some pieces may be missing",
    "WARNING parsing POST /api/v1/mail/inbound within mail. Endpoint will not be generated.",
    "Unsupported content type message/rfc822",
    "If you believe this was a mistake or this tool is missing a feature you need, please open an issue at https://github.com/openapi-generators/openapi-python-client/issues/new/choose",
];

fn generate_python_client(tools: &ClientTools, document: &Path, dir: &Path) {
    let mut command = tools.venv("openapi-python-client");
    command
        .args(["generate", "--meta", "none", "--overwrite", "--path"])
        .arg(document)
        .arg("--output-path")
        .arg(dir.join("tegami_client"));
    let run = ok(run_bounded(command, "openapi-python-client generate", Duration::from_secs(120)), "generate");
    let said: Vec<&str> = run
        .stdout
        .lines()
        .chain(run.stderr.lines())
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with("Generating "))
        .filter(|line| !KNOWN_GENERATOR_WARNING.contains(line))
        .collect();
    assert!(said.is_empty(), "openapi-python-client generated with warnings or errors:\n{}", said.join("\n"));
    assert!(dir.join("tegami_client/client.py").exists(), "no package generated");
}

/// Both forms of the document validate, and a YAML 1.1 reader reads `openapi.yaml` as the served JSON.
#[test]
fn the_document_validates() {
    let Some(tools) = ClientTools::find() else { return };
    let (_server, _dir, served) = server_and_its_document();
    for document in [repo_root().join("openapi.yaml"), served.clone()] {
        let mut command = tools.venv("openapi-spec-validator");
        command.arg(&document);
        let run = ok(run_bounded(command, "openapi-spec-validator", Duration::from_secs(60)), "validation");
        assert!(run.stdout.contains("OK"), "{}: {}", document.display(), run.stdout);
    }

    // PyYAML reads YAML 1.1: `off`, `yes`, `y` and the like are booleans to it unless quoted. Types are compared
    // strictly (in Python, `False == 0` and `True == 1`).
    let compare = r#"
import json, sys, yaml
def diff(a, b, at):
    if type(a) is not type(b):
        return f"{at}: {a!r} ({type(a).__name__}) in openapi.yaml, {b!r} ({type(b).__name__}) served"
    if isinstance(a, dict):
        if list(a) != list(b):
            return f"{at}: members {sorted(set(a) ^ set(b), key=str)} differ"
        return next((d for k in a if (d := diff(a[k], b[k], f"{at}/{k}"))), None)
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{at}: {len(a)} items in openapi.yaml, {len(b)} served"
        return next((d for i, (x, y) in enumerate(zip(a, b)) if (d := diff(x, y, f"{at}/{i}"))), None)
    return None if a == b else f"{at}: {a!r} in openapi.yaml, {b!r} served"
found = diff(yaml.safe_load(open(sys.argv[1], encoding="utf-8")), json.load(open(sys.argv[2], encoding="utf-8")), "")
sys.exit(found and "openapi.yaml, read by PyYAML, is not the served document: " + found)
"#;
    let mut command = tools.venv("python");
    command.args(["-c", compare]).arg(repo_root().join("openapi.yaml")).arg(&served);
    ok(run_bounded(command, "PyYAML against the served JSON", Duration::from_secs(60)), "PyYAML reads openapi.yaml");
}

#[test]
fn the_python_example_plays_every_game_and_verifies_the_journals() {
    let Some(tools) = ClientTools::find() else { return };
    let server = Server::start(Backend::Sqlite);
    let dir = tempfile::tempdir().expect("temp dir");
    let examples = repo_root().join("examples/python");
    let mut vectors = tools.venv("python");
    vectors.arg(examples.join("verify_journal.py")).arg("--vectors").arg(repo_root().join("docs/protocol-vectors"));
    ok(run_bounded(vectors, "verify_journal.py --vectors", Duration::from_secs(60)), "the protocol vectors");

    generate_python_client(&tools, &repo_root().join("openapi.yaml"), dir.path());
    let python_path = format!("{}:{}", dir.path().display(), examples.display());

    let mut play = tools.venv("python");
    play.arg(examples.join("play_all_games.py")).args(["--server", &server.url]).env("PYTHONPATH", &python_path);
    let run = ok(run_bounded(play, "play_all_games.py", Duration::from_secs(300)), "the Python example");
    for slug in ["uosao", "shinobazu", "shidouban", "senbat", "suriagehara"] {
        assert!(run.stdout.contains(&format!("{slug}: game ")), "{slug} was not played:\n{}", run.stdout);
    }
    assert!(run.stdout.contains("played and verified 5 games"), "{}", run.stdout);
}

#[test]
fn the_typescript_types_and_example_compile_strictly() {
    let Some(tools) = ClientTools::find() else { return };
    let (_server, dir, served) = server_and_its_document();
    let mut generate = tools.node("openapi-typescript");
    generate.arg(&served).arg("--output").arg(dir.path().join("tegami-api.d.ts"));
    ok(run_bounded(generate, "openapi-typescript", Duration::from_secs(120)), "openapi-typescript");
    let example = repo_root().join("examples/typescript");
    for file in ["actions.ts", "tsconfig.json"] {
        std::fs::copy(example.join(file), dir.path().join(file)).expect("example copied");
    }
    let mut compile = tools.node("tsc");
    compile.arg("--project").arg(dir.path()).arg("--strict").current_dir(dir.path());
    ok(run_bounded(compile, "tsc --strict", Duration::from_secs(120)), "tsc --strict");
}

/// An API token (`Authorization: Bearer …`) of a new account, so that schemathesis reaches the operations
/// that need one; the account also has a game, so that the game routes have something to find.
fn api_token(server: &Server) -> String {
    let http = reqwest::blocking::Client::new();
    let base = &server.url;
    let account = json!({"email": "fuzz@example.com", "display_name": "Fuzz", "password": "password-123"});
    let r = http.post(format!("{base}/api/v1/accounts")).json(&account).send().expect("register");
    assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
    let session: Value =
        http.post(format!("{base}/api/v1/sessions")).json(&account).send().expect("login").json().expect("JSON");
    let session_token = session["token"].as_str().expect("a session token");
    let r = http
        .post(format!("{base}/api/v1/games"))
        .bearer_auth(session_token)
        .json(&json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]}))
        .send()
        .expect("create a game");
    assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
    let created: Value = http
        .post(format!("{base}/api/v1/tokens"))
        .bearer_auth(session_token)
        .json(&json!({"name": "schemathesis"}))
        .send()
        .expect("create a token")
        .json()
        .expect("JSON");
    created["secret"].as_str().expect("the token's secret").to_string()
}

#[test]
fn schemathesis_finds_no_failure_in_any_operation() {
    let Some(tools) = ClientTools::find() else { return };
    let server = Server::start(Backend::Sqlite);
    let token = api_token(&server);
    let dir = tempfile::tempdir().expect("temp dir");
    let schemathesis = || {
        let mut command = tools.venv("st");
        // schemathesis.toml says which schema-valid requests the server may still refuse, and why.
        command
            .arg("--config-file")
            .arg(repo_root().join("schemathesis.toml"))
            .args(["run", &format!("{}/openapi.json", server.url)])
            .args(["--checks", "all", "--max-examples", "15", "--seed", "12", "--workers", "2", "--no-shrink"])
            // Hypothesis's `too_slow` health check times how long the generator takes to build examples (for
            // regular expressions such as an address's, on a loaded machine): a clock, not a finding about the server.
            .arg("--suppress-health-check=too_slow")
            .args(["--request-timeout", "10", "--header", &format!("Authorization: Bearer {token}")])
            .arg("--report-dir")
            .arg(dir.path())
            .current_dir(dir.path())
            .env("SCHEMATHESIS_HOOKS", repo_root().join("tests/schemathesis_hooks.py"));
        run_bounded(command, "schemathesis", Duration::from_secs(240))
    };
    let mut run = schemathesis();
    // Now and then Hypothesis, describing one of its own filters while the two workers' threads build syntax
    // trees at once, stops with CPython's "AST constructor recursion depth mismatch": an error inside the tool,
    // not a finding about the server. Only a run that stopped for that alone is run once more.
    let tool_error =
        |r: &Run| r.stdout.contains("AST constructor recursion depth mismatch") && !r.stdout.contains("FAILURES");
    if run.code != 0 && tool_error(&run) {
        eprintln!("schemathesis stopped on Hypothesis's internal AST error; running it once more");
        run = schemathesis();
    }
    ok(run, "schemathesis (every operation, all checks)");
}

/// Creates a game of `slug` with `options`, me in seat 0 and bots elsewhere; returns its id.
fn create_game(player: &HttpPlayer, base: &str, slug: &str, seats: usize, options: Value) -> i64 {
    let seats: Vec<Value> =
        (0..seats).map(|s| if s == 0 { json!({"kind": "me"}) } else { json!({"kind": "bot"}) }).collect();
    let r = player
        .http
        .post(format!("{base}/api/v1/games"))
        .bearer_auth(&player.token)
        .json(&json!({"slug": slug, "seats": seats, "options": options}))
        .send()
        .expect("create a game");
    assert_eq!(r.status(), 201, "{slug}: {}", r.text().unwrap_or_default());
    r.json::<Value>().expect("JSON")["id"].as_i64().expect("an id")
}

fn get(player: &HttpPlayer, base: &str, path: &str) -> Value {
    let r = player.http.get(format!("{base}{path}")).bearer_auth(&player.token).send().expect("GET");
    assert_eq!(r.status(), 200, "{path}: {}", r.text().unwrap_or_default());
    r.json().expect("JSON")
}

/// Plays the first listed answer of suriagehara game `id` until one of the answers listed is a single unit's
/// move (`{"type": "move", …}`, the answer a generated client read as shidouban's); returns it.
fn play_to_a_suriagehara_move(player: &HttpPlayer, base: &str, id: i64) -> Value {
    for _ in 0..200 {
        let listing = get(player, base, &format!("/api/v1/games/{id}/moves"));
        let asked = listing.as_array().expect("a list");
        let mut options = asked.iter().flat_map(|l| l["choices"]["options"].as_array().cloned().unwrap_or_default());
        if let Some(option) = options.find(|o| o["action"]["type"] == "move") {
            return option["action"].clone();
        }
        let first = asked.first().expect("with only bots besides me, something is asked of me until a move is");
        let claims = shared::api_types::MoveClaims {
            game: id,
            seat: first["decision"]["seat"].as_u64().expect("my seat") as u8,
            decision: first["decision"]["decision"].as_str().expect("a decision").to_string(),
            action: first["choices"]["options"][0]["action"].clone(),
            iat: 1_767_268_806,
        };
        let r = player
            .http
            .post(format!("{base}/api/v1/games/{id}/moves"))
            .bearer_auth(&player.token)
            .json(&json!({"move": player.key.sign(&claims).unwrap()}))
            .send()
            .expect("a move");
        assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
    }
    panic!("no single move offered in suriagehara game {id}");
}

/// The package generates without errors or warnings, and reads what a real server serves of each game (its
/// options, in a `GameDetail`, a `GameType` and the journal's `create` entry; its legal answers; a suriagehara
/// move) with that game's own schema, giving every member back.
#[test]
fn the_python_client_generates_cleanly_and_reads_each_games_values_as_its_own() {
    let Some(tools) = ClientTools::find() else { return };
    let (server, dir, served) = server_and_its_document();
    generate_python_client(&tools, &served, dir.path());
    let base = &server.url;
    let player = HttpPlayer::register(&reqwest::blocking::Client::new(), base, "reader");
    // Options other than the defaults, wherever a game has any; senbat's are partial, for the server to fill in.
    let games = [
        ("uosao", 3, json!({"colours": ["GRN", "RED", "YEL"]})),
        ("shinobazu", 3, json!({"first_start_player": 1, "declined_cards": "carry", "sole_fighter_lead": "played"})),
        ("shidouban", 2, json!({"injured_to": "column"})),
        ("senbat", 2, json!({"quickstart": true, "sowing": "MV-CH-RD-SH"})),
        ("suriagehara", 2, json!({"first_move": "commander_not_behind_line"})),
    ];
    let mut samples = json!({"details": [], "game_types": [], "journals": [], "moves": {}, "actions": []});
    for (slug, seats, options) in games {
        let id = create_game(&player, base, slug, seats, options.clone());
        let detail = get(&player, base, &format!("/api/v1/games/{id}"));
        for (member, value) in options.as_object().unwrap() {
            assert_eq!(&detail["options"][member], value, "{slug}: the options as given");
        }
        let journal = get(&player, base, &format!("/api/v1/games/{id}/journal"));
        assert_eq!(journal["entries"][0]["body"]["options"], detail["options"], "{slug}: journaled in effect");
        samples["moves"][slug] = get(&player, base, &format!("/api/v1/games/{id}/moves"));
        samples["details"].as_array_mut().unwrap().push(detail);
        samples["journals"].as_array_mut().unwrap().push(journal);
        if slug == "suriagehara" {
            let action = play_to_a_suriagehara_move(&player, base, id);
            samples["actions"].as_array_mut().unwrap().push(json!({"slug": slug, "action": action}));
        }
    }
    let senbat = &samples["details"][3]["options"];
    assert_eq!(senbat["oda_seat"], Value::Null, "filled in: {senbat}");
    assert_eq!(senbat["turn_limit"], Value::Null, "filled in: {senbat}");
    samples["game_types"] = get(&player, base, "/api/v1/game-types");
    let samples_path = dir.path().join("samples.json");
    std::fs::write(&samples_path, serde_json::to_vec(&samples).unwrap()).expect("samples saved");

    let mut read = tools.venv("python");
    read.arg(repo_root().join("tests/client_keeps_every_field.py")).arg(&samples_path).env("PYTHONPATH", dir.path());
    let run = ok(run_bounded(read, "client_keeps_every_field.py", Duration::from_secs(120)), "the generated client");
    for slug in ["uosao", "shinobazu", "shidouban", "senbat", "suriagehara"] {
        let pascal = format!("{}{}", slug[..1].to_uppercase(), &slug[1..]);
        assert!(
            run.stdout.contains(&format!("{slug}: GameDetail.options read as {pascal}OptionsInEffect")),
            "{}",
            run.stdout
        );
    }
    assert!(run.stdout.contains("read as SuriageharaActionMove"), "{}", run.stdout);
}

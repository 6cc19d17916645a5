//! Log lines of the real `tegami-server` binary: plain text without colour codes when stderr is not a
//! terminal (an MTA may mail `mail-in`'s output back to a sender) or when `NO_COLOR` is set, or JSON lines
//! when asked; and one access line per request, without tokens or addresses.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

/// Starts `tegami-server` on a fresh SQLite file with `env`, returns its stderr lines up to and including
/// the "listening" line, and stops it.
fn first_lines(env: &[(&str, &str)]) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tegami-server"))
        .env("TEGAMI_BIND", "127.0.0.1:0")
        .env("TEGAMI_DATABASE_URL", format!("sqlite://{}", dir.path().join("tegami.db").display()))
        .env("TEGAMI_MAIL_DIR", dir.path().join("mail"))
        .env("TEGAMI_LOG", "info")
        .env_remove("TEGAMI_CONFIG")
        .env_remove("TEGAMI_LOG_FORMAT")
        .envs(env.iter().copied())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tegami-server starts");
    let mut lines = Vec::new();
    for line in BufReader::new(child.stderr.take().unwrap()).lines() {
        let line = line.unwrap();
        let done = line.contains("listening");
        lines.push(line);
        if done {
            break;
        }
        assert!(lines.len() < 100, "no `listening` line: {lines:#?}");
    }
    let _ = child.kill();
    let _ = child.wait();
    lines
}

#[test]
fn logs_are_plain_when_stderr_is_not_a_terminal() {
    let lines = first_lines(&[]);
    let listening = lines.last().unwrap();
    assert!(listening.contains("INFO") && listening.contains("tegami-server listening"), "{listening}");
    for line in &lines {
        assert!(!line.contains('\u{1b}'), "an escape code in {line:?}");
    }
}

#[test]
fn logs_can_be_json_lines() {
    for env in [[("TEGAMI_LOG_FORMAT", "json")], [("TEGAMI_LOG", "info")]] {
        let json_asked = env[0].0 == "TEGAMI_LOG_FORMAT";
        let lines = first_lines(&env);
        for line in &lines {
            let parsed = serde_json::from_str::<serde_json::Value>(line);
            assert_eq!(parsed.is_ok(), json_asked, "{line}");
            if let Ok(v) = parsed {
                assert!(v["level"].is_string() && v["fields"]["message"].is_string(), "{v}");
            }
        }
        if json_asked {
            let last: serde_json::Value = serde_json::from_str(lines.last().unwrap()).unwrap();
            assert_eq!(last["fields"]["message"], "tegami-server listening");
        }
    }
}

/// Starts `tegami-server` (JSON lines) on a fresh SQLite file, makes `requests` (method, path, JSON body),
/// stops it and returns every line it logged.
fn lines_after(requests: &[(&str, &str, Option<&str>)]) -> Vec<serde_json::Value> {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("server.log");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tegami-server"))
        .env("TEGAMI_BIND", "127.0.0.1:0")
        .env("TEGAMI_DATABASE_URL", format!("sqlite://{}", dir.path().join("tegami.db").display()))
        .env("TEGAMI_MAIL_DIR", dir.path().join("mail"))
        .env("TEGAMI_LOG", "info")
        .env("TEGAMI_LOG_FORMAT", "json")
        .env_remove("TEGAMI_CONFIG")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tegami-server starts");
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut lines = Vec::new();
    let port = loop {
        let mut line = String::new();
        assert!(stderr.read_line(&mut line).unwrap() > 0, "no `listening` line: {lines:#?}");
        let v: serde_json::Value = serde_json::from_str(&line).unwrap();
        lines.push(v.clone());
        if v["fields"]["message"] == "tegami-server listening" {
            break v["fields"]["port"].as_u64().expect("the port is logged");
        }
    };
    let client = reqwest::blocking::Client::new();
    for (method, path, body) in requests {
        let url = format!("http://127.0.0.1:{port}{path}");
        let request = match *method {
            "POST" => client.post(&url).header("content-type", "application/json").body(body.unwrap_or("").to_string()),
            _ => client.get(&url),
        };
        request.send().expect("an answer");
    }
    // The last access line is written after its response; give it a moment before stopping the server.
    std::thread::sleep(std::time::Duration::from_millis(300));
    let _ = child.kill();
    let _ = child.wait();
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut rest).unwrap();
    std::fs::write(&log, &rest).unwrap();
    lines.extend(rest.lines().map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()));
    lines
}

#[test]
fn each_request_is_one_access_line_without_tokens_or_addresses() {
    let secret_path = "/api/v1/verify-email/SECRET-TOKEN-123?also=SECRET-QUERY";
    let lines = lines_after(&[
        ("GET", "/healthz", None),
        ("GET", secret_path, None),
        ("POST", "/api/v1/sessions", Some(r#"{"email":"someone@example.com","password":"wrong-password-1"}"#)),
        ("GET", "/no/such/route?token=SECRET-QUERY", None),
    ]);
    let access: Vec<&serde_json::Value> = lines.iter().filter(|l| l["target"] == "tegami::access").collect();
    assert_eq!(access.len(), 4, "one line per request: {lines:#?}");
    let field = |l: &serde_json::Value, k: &str| l["fields"][k].clone();
    assert_eq!(field(access[0], "route"), "/healthz");
    assert_eq!(field(access[0], "status"), 200);
    assert_eq!(field(access[0], "method"), "GET");
    assert!(field(access[0], "duration_ms").as_f64().is_some(), "{}", access[0]);
    assert_eq!(field(access[1], "route"), "/api/v1/verify-email/{token}");
    assert_eq!(field(access[2], "route"), "/api/v1/sessions");
    assert_eq!(field(access[2], "status"), 401);
    assert_eq!(field(access[2], "code"), "bad_credentials");
    assert_eq!(field(access[3], "route"), "(no route)");
    assert_eq!(field(access[3], "status"), 404);
    for line in &access {
        // Refusals are the API working: INFO, like successes.
        assert_eq!(line["level"], "INFO", "{line}");
        let text = line.to_string();
        for secret in ["SECRET-TOKEN", "SECRET-QUERY", "someone@example.com", "127.0.0.1"] {
            assert!(!text.contains(secret), "`{secret}` in an access line: {text}");
        }
        assert!(text.len() < 300, "a short line: {text}");
    }
    // No other line for these requests above INFO (tracing-actix-web's WARN per 4xx is gone).
    let loud: Vec<&serde_json::Value> =
        lines.iter().filter(|l| l["level"] == "WARN" || l["level"] == "ERROR").collect();
    assert!(loud.is_empty(), "{loud:#?}");
}

/// stderr of `tegami-server` run on a pseudo-terminal (`script`), up to its `listening` line.
fn on_a_terminal(no_color: Option<&str>) -> Option<String> {
    let script = Command::new("script").arg("--version").output().ok()?;
    if !script.status.success() {
        return None;
    }
    let dir = tempfile::tempdir().unwrap();
    let command = format!(
        "TEGAMI_BIND=127.0.0.1:0 TEGAMI_DATABASE_URL=sqlite://{db} TEGAMI_MAIL_DIR={mail} TEGAMI_LOG=info \
         timeout -s INT 3 {bin} >/dev/null",
        db = dir.path().join("tegami.db").display(),
        mail = dir.path().join("mail").display(),
        bin = env!("CARGO_BIN_EXE_tegami-server"),
    );
    let mut run = Command::new("script");
    run.args(["-qec", &command, "/dev/null"]).env_remove("TEGAMI_LOG_FORMAT").env_remove("TEGAMI_CONFIG");
    match no_color {
        Some(v) => run.env("NO_COLOR", v),
        None => run.env_remove("NO_COLOR"),
    };
    let out = run.stdin(Stdio::null()).output().expect("script runs");
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn no_color_turns_colours_off_even_on_a_terminal() {
    let Some(coloured) = on_a_terminal(None) else {
        eprintln!("\n*** SKIPPED: `script` (util-linux) is missing: NO_COLOR not checked on a terminal ***\n");
        return;
    };
    assert!(coloured.contains("tegami-server listening"), "{coloured}");
    assert!(coloured.contains('\u{1b}'), "colours on a terminal: {coloured:?}");
    for value in ["1", "yes"] {
        let plain = on_a_terminal(Some(value)).unwrap();
        assert!(plain.contains("tegami-server listening"), "{plain}");
        assert!(!plain.contains('\u{1b}'), "NO_COLOR={value}, yet colours: {plain:?}");
    }
}

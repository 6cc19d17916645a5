//! Log lines of the real `tegami-server` binary: plain text without colour codes when stderr is not a
//! terminal (an MTA may mail `mail-in`'s output back to a sender), or JSON lines when asked.

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

//! The installed `tegami` binary itself: help, version, completions, and usage errors. (Having an
//! integration test here also makes `cargo test --workspace` build the binary the end-to-end tests run.)

use std::process::Command;

fn tegami(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tegami"))
        .args(args)
        .env("TEGAMI_CONFIG_DIR", std::env::temp_dir().join("tegami-cli-binary-test"))
        .env_remove("TEGAMI_SERVER")
        .output()
        .expect("tegami runs")
}

#[test]
fn help_lists_every_command_with_examples() {
    let out = tegami(&["--help"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for command in [
        "register", "login", "whoami", "games", "new", "join", "show", "moves", "play", "log", "resign", "watch",
        "verify",
    ] {
        assert!(text.contains(command), "`{command}` missing from --help:\n{text}");
    }
    let play = String::from_utf8_lossy(&tegami(&["play", "--help"]).stdout).into_owned();
    assert!(play.contains("Example"), "play --help has examples:\n{play}");
}

#[test]
fn version_and_completions_work() {
    assert!(tegami(&["--version"]).status.success());
    let out = tegami(&["completions", "bash"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("tegami"));
}

#[test]
fn usage_errors_exit_2_and_say_what_is_wrong() {
    let out = tegami(&["play", "not-a-number", "R2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!out.stderr.is_empty());
    assert_eq!(tegami(&["frobnicate"]).status.code(), Some(2));
}

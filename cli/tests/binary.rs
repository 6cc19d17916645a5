//! The installed `tegami` binary itself: help, version, completions, and usage errors. (Having an
//! integration test here also makes `cargo test --workspace` build the binary the end-to-end tests run.)

use std::process::Command;

fn tegami(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tegami"))
        .args(args)
        .env("TEGAMI_CONFIG_DIR", std::env::temp_dir().join("tegami-cli-binary-test"))
        .env_remove("TEGAMI_SERVER")
        .env_remove("TEGAMI_LANG")
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

/// Every help page at 80 columns (`--width 80`, and COLUMNS=80 without a terminal): no line is longer, and
/// prose is wrapped by clap as a whole, so no paragraph has a stub of a line in its middle.
#[test]
fn help_fits_80_columns_without_ragged_paragraphs() {
    let top = String::from_utf8_lossy(&tegami(&["--help"]).stdout).into_owned();
    let commands: Vec<String> = top
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next().map(String::from))
        .filter(|c| c != "help")
        .collect();
    assert!(commands.len() > 20, "{commands:?}");
    let mut pages: Vec<Vec<String>> = vec![vec!["--help".into()], vec!["-h".into()]];
    pages.extend(commands.iter().map(|c| vec![c.clone(), "--help".into()]));
    for page in pages {
        let args: Vec<&str> = page.iter().map(String::as_str).collect();
        for how in [vec!["--width", "80"], vec![]] {
            let mut command = Command::new(env!("CARGO_BIN_EXE_tegami"));
            command.args(&args).args(&how).env("COLUMNS", "80").env_remove("TEGAMI_WIDTH").env_remove("TEGAMI_LANG");
            command.env("TEGAMI_CONFIG_DIR", std::env::temp_dir().join("tegami-cli-binary-test"));
            let text = String::from_utf8_lossy(&command.output().expect("tegami runs").stdout).into_owned();
            let lines: Vec<&str> = text.lines().collect();
            for line in &lines {
                assert!(line.chars().count() <= 80, "`tegami {args:?}` at 80 columns:\n{line}");
            }
            // After-help prose: lines starting at column 0 that follow another such line belong to its paragraph,
            // whose lines but the last are filled to near the width.
            for pair in lines.windows(2) {
                let prose = |l: &str| !l.is_empty() && !l.starts_with(' ') && !l.ends_with(':');
                if prose(pair[0]) && prose(pair[1]) {
                    assert!(pair[0].chars().count() >= 60, "a ragged paragraph in `tegami {args:?}`:\n{text}");
                }
            }
        }
    }
}

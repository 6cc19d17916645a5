//! The installed `tegami` binary's help in each language: chosen by `--lang`, TEGAMI_LANG or config.toml, and
//! wrapped to the width in display columns (a Japanese character takes two).

use std::process::{Command, Output};

use unicode_width::UnicodeWidthStr;

/// `tegami args` with only `env` of the TEGAMI_ variables set (and an empty config directory unless `env`
/// names one).
fn tegami(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tegami"));
    for (name, _) in std::env::vars().filter(|(name, _)| name.starts_with("TEGAMI_")) {
        command.env_remove(name);
    }
    command.env("TEGAMI_CONFIG_DIR", std::env::temp_dir().join("tegami-cli-help-test")).env("COLUMNS", "80");
    command.args(args).envs(env.iter().copied()).output().expect("tegami runs")
}

fn page(args: &[&str], env: &[(&str, &str)]) -> String {
    let out = tegami(args, env);
    assert!(out.status.success(), "`tegami {args:?}`: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8 help")
}

fn assert_japanese(text: &str, words: &[&str]) {
    for word in ["使い方:", "オプション:", "共通オプション:", "ヘルプを表示"].iter().chain(words) {
        assert!(text.contains(word), "`{word}` missing:\n{text}");
    }
    // clap's headings and texts it writes itself, and English help sentences.
    for english in [
        "Usage:",
        "Commands:",
        "Arguments:",
        "Options:",
        "Global options:",
        "Examples:",
        "Print help",
        "Print version",
        "Print this message",
        "The game's id",
        "Sign and send a move",
        "Create a game",
        "instead of",
        "Exit codes",
    ] {
        assert!(!text.contains(english), "English `{english}` in Japanese help:\n{text}");
    }
}

#[test]
fn help_speaks_japanese_when_asked_on_the_command_line() {
    let top = page(&["--help", "--lang", "ja"], &[]);
    assert_japanese(
        &top,
        &["コマンド:", "手に署名して送る", "対局を作る", "例:", "終了コード", "JSON 出力", "バージョンを表示"],
    );
    let new = page(&["new", "-h", "--lang=ja"], &[]);
    assert_japanese(&new, &["引数:", "席（席順に）", "tegami new <game> --seat me --seat bot"]);
    let short = page(&["-h", "--lang", "日本語"], &[]);
    assert_japanese(&short, &["コマンド:", "（詳しくは '--help'）"]);
    assert!(!short.contains("JSON 出力"), "-h leaves out the JSON table:\n{short}");
}

#[test]
fn help_speaks_the_language_of_the_environment() {
    let play = page(&["play", "--help"], &[("TEGAMI_LANG", "ja")]);
    assert_japanese(
        &play,
        &["引数:", "対局の ID", "署名した手を送らずに出力する", "tegami play 12 --decision d7 <move>"],
    );
    let help = page(&["help", "watch"], &[("TEGAMI_LANG", "ja")]);
    assert_japanese(&help, &["対局を追う", "イベントストリーム"]);
}

#[test]
fn english_is_the_default_and_beats_the_environment_when_asked_for() {
    for (args, env) in
        [(vec!["play", "--help"], vec![]), (vec!["play", "--help", "--lang", "en"], vec![("TEGAMI_LANG", "ja")])]
    {
        let play = page(&args, &env);
        for english in ["Usage:", "Arguments:", "Options:", "Global options:", "Sign and send a move", "Examples:"] {
            assert!(play.contains(english), "`{english}` missing:\n{play}");
        }
        assert!(!play.contains("使い方"), "{play}");
    }
}

#[test]
fn help_follows_the_language_of_config_toml() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("config.toml"), "lang = \"ja\"\n").unwrap();
    let config_dir = dir.path().to_str().unwrap();
    assert_japanese(&page(&["--help"], &[("TEGAMI_CONFIG_DIR", config_dir)]), &["コマンド:"]);
    assert_japanese(&page(&["play", "-h", "--config-dir", config_dir], &[]), &["対局の ID"]);
    for (args, env) in [
        (vec!["--help", "--lang", "en"], vec![("TEGAMI_CONFIG_DIR", config_dir)]),
        (vec!["--help"], vec![("TEGAMI_CONFIG_DIR", config_dir), ("TEGAMI_LANG", "en")]),
    ] {
        let text = page(&args, &env);
        assert!(text.contains("Usage:") && !text.contains("使い方"), "{args:?} {env:?}:\n{text}");
    }
    // A config file that does not read leaves help in the default language (the command reports the file).
    std::fs::write(dir.path().join("config.toml"), "lang = \"klingon\"\n").unwrap();
    assert!(page(&["--help"], &[("TEGAMI_CONFIG_DIR", config_dir)]).contains("Usage:"));
}

/// The subcommands a help page lists (in English), `help` left out.
fn subcommands(text: &str) -> Vec<String> {
    let listing = text.lines().skip_while(|l| !l.starts_with("Commands:")).skip(1).take_while(|l| !l.trim().is_empty());
    listing
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_owned)
        .collect()
}

/// The path of every command, as the help pages list them: `[]`, `["play"]`, `["password", "reset"]`, ….
fn commands() -> Vec<Vec<String>> {
    let mut found = vec![vec![]];
    let mut next = 0;
    while next < found.len() {
        let path = found[next].clone();
        let args: Vec<&str> = path.iter().map(String::as_str).chain(["--help"]).collect();
        found.extend(subcommands(&page(&args, &[])).into_iter().map(|sub| [path.clone(), vec![sub]].concat()));
        next += 1;
    }
    assert!(found.len() > 40, "{found:?}");
    found
}

#[test]
fn japanese_help_fits_the_width_in_display_columns() {
    for path in commands() {
        for flag in ["--help", "-h"] {
            for width in [40, 80] {
                let width_arg = width.to_string();
                let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
                args.extend([flag, "--lang", "ja", "--width", &width_arg]);
                let text = page(&args, &[]);
                assert!(!text.contains('\u{1b}'), "`tegami {args:?}`: escape codes in a pipe:\n{text}");
                for line in text.lines() {
                    // clap writes the usage line unwrapped, and cannot break a word (a path) wider than the width.
                    let unbreakable =
                        line.starts_with("使い方: tegami") || line.is_ascii() && !line.trim().contains(' ');
                    assert!(
                        line.width() <= width || unbreakable,
                        "`tegami {args:?}`: {} columns:\n{line}\n\n{text}",
                        line.width()
                    );
                }
                if width == 80 {
                    assert_no_ragged_paragraph(&text, &args);
                }
            }
        }
    }
}

/// Prose after the arguments (lines at column 0 that follow another such line) fills its lines but the last.
fn assert_no_ragged_paragraph(text: &str, args: &[&str]) {
    let lines: Vec<&str> = text.lines().collect();
    let prose = |l: &str| !l.is_empty() && !l.starts_with(' ') && !l.ends_with(':');
    for pair in lines.windows(2) {
        if prose(pair[0]) && prose(pair[1]) {
            assert!(pair[0].width() >= 70, "a ragged paragraph in `tegami {args:?}`:\n{}\n\n{text}", pair[0]);
        }
    }
}

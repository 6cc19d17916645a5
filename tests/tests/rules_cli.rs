//! `tegami rules`: the real binary prints every game's rules offline (no server is running), rewrapped to
//! the width asked for with CJK counted double; `tegami types` and the shell completions point to it.

use std::path::Path;
use std::process::{Command, Stdio};

use e2e::{Player, Run, Server, binary};
use shared::text::{self, markdown};

const SLUGS: [&str; 5] = ["uosao", "shinobazu", "shidouban", "senbat", "suriagehara"];

fn committed(slug: &str, ja: bool) -> String {
    let name = if ja { format!("{slug}.ja.md") } else { format!("{slug}.md") };
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace root");
    std::fs::read_to_string(root.join("docs/rules").join(name)).expect("committed rules")
}

/// `tegami` with a fresh config dir and a server address where nothing listens.
fn tegami(args: &[&str], env: &[(&str, &str)]) -> Run {
    let config = tempfile::tempdir().expect("config dir");
    let mut command = Command::new(binary("tegami"));
    command
        .args(args)
        .env("TEGAMI_CONFIG_DIR", config.path())
        .env("TEGAMI_SERVER", "http://127.0.0.1:9")
        .env_remove("TEGAMI_LANG")
        .env_remove("TEGAMI_WIDTH")
        .env_remove("COLUMNS")
        .stdin(Stdio::null());
    for (k, v) in env {
        command.env(k, v);
    }
    let output = command.output().expect("tegami runs");
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// Lines the renderer keeps as written: headings, table rows, code (fenced or indented).
fn kept_as_written(markdown: &str) -> Vec<String> {
    let mut kept = Vec::new();
    let mut fenced = false;
    for line in markdown.lines() {
        let t = line.trim_start();
        if t.starts_with("```") {
            fenced = !fenced;
            kept.push(line.to_string());
        } else if fenced || t.starts_with('#') || t.starts_with('|') || line.starts_with("    ") {
            kept.push(line.trim_end().to_string());
        }
    }
    kept
}

#[test]
fn every_games_rules_print_offline_at_the_width_asked_for() {
    for slug in SLUGS {
        for (ja, width) in [(false, 60), (true, 60), (false, 100), (true, 44)] {
            let width_arg = width.to_string();
            let mut args = vec!["rules", slug, "--width", &width_arg];
            if ja {
                args.extend(["--lang", "ja"]);
            }
            let run = tegami(&args, &[]);
            assert_eq!(run.code, 0, "tegami {args:?}: {}", run.stderr);
            let source = committed(slug, ja);
            assert_eq!(run.stdout, markdown::reflow(&source, width), "tegami {args:?} prints the committed text");
            let kept = kept_as_written(&source);
            for line in run.stdout.lines() {
                assert!(
                    text::width(line) <= width || kept.iter().any(|k| k == line),
                    "tegami {args:?}: `{line}` is {} columns wide",
                    text::width(line)
                );
            }
            let heading = if ja { "## 解釈" } else { "## Readings" };
            assert!(run.stdout.lines().any(|l| l.starts_with(heading)), "tegami {args:?} has {heading}");
        }
    }
}

#[test]
fn width_comes_from_the_terminal_and_the_source_is_there_too() {
    let narrow = tegami(&["rules", "shidouban"], &[("COLUMNS", "50")]);
    assert_eq!(narrow.code, 0, "{}", narrow.stderr);
    assert_eq!(narrow.stdout, markdown::reflow(&committed("shidouban", false), 50));
    let ja = tegami(&["rules", "senbat"], &[("TEGAMI_LANG", "ja")]);
    assert_eq!(ja.stdout, markdown::reflow(&committed("senbat", true), 80), "80 columns without a terminal");

    let source = tegami(&["rules", "uosao", "--markdown", "--lang", "ja"], &[]);
    assert_eq!(source.code, 0);
    assert_eq!(source.stdout, committed("uosao", true));

    let json = tegami(&["rules", "suriagehara", "--json"], &[]);
    assert_eq!(json.code, 0, "{}", json.stderr);
    let value: serde_json::Value = serde_json::from_str(&json.stdout).expect("JSON");
    assert_eq!(value["slug"], "suriagehara");
    assert_eq!(value["lang"], "en");
    assert_eq!(value["markdown"].as_str().unwrap(), committed("suriagehara", false));
}

#[test]
fn an_unknown_game_is_a_usage_error_that_lists_the_games() {
    let run = tegami(&["rules", "chess"], &[]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    for slug in SLUGS {
        assert!(run.stderr.contains(slug), "{}", run.stderr);
    }
    let run = tegami(&["rules", "uosao", "--lang", "fr"], &[]);
    assert_eq!(run.code, 2, "{}", run.stderr);
}

#[test]
fn completions_offer_the_command_and_the_games() {
    let run = tegami(&["completions", "bash"], &[]);
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("COMPLETE=\"bash\"") && run.stdout.contains("tegami"), "{}", run.stdout);
    // What the script does at <TAB>: hands tegami the words and the index of the one being completed.
    let ask = |words: &[&str]| {
        let index = (words.len()).to_string();
        let args: Vec<&str> = ["--", "tegami"].iter().chain(words).copied().collect();
        let run = tegami(&args, &[("COMPLETE", "bash"), ("_CLAP_COMPLETE_INDEX", &index), ("_CLAP_IFS", "\n")]);
        assert_eq!(run.code, 0, "{words:?}: {}", run.stderr);
        // Values only: with nothing typed yet, the options are offered too.
        run.stdout.lines().filter(|l| !l.starts_with('-')).map(String::from).collect::<Vec<_>>()
    };
    let subcommands = ask(&["r"]);
    assert!(
        ["register", "rules", "resign", "resend-verification"].iter().all(|c| subcommands.contains(&c.to_string()))
    );
    assert_eq!(ask(&["rules", ""]), SLUGS, "its games are completed");
    assert_eq!(ask(&["new", "s"]), ["shinobazu", "shidouban", "senbat", "suriagehara"], "game types for `new`");
    assert_eq!(ask(&["show", "1", "--lang", ""]), ["en", "ja"], "languages for `--lang`");
    let files = ask(&["verify", "--file", ""]);
    assert!(files.iter().any(|f| f == "Cargo.toml"), "files for `--file`: {files:?}");
    // Game ids come from the server; none answers here, and completing stays quiet.
    assert!(ask(&["show", ""]).is_empty());
}

e2e::on_both_backends! {
    fn tegami_types_points_to_the_rules(db) {
        let server = Server::start(db);
        let p = Player::new("Ann", &server);
        let list = p.run(&["types"]).ok("types");
        assert!(list.stdout.contains("tegami rules <game>"), "{}", list.stdout);
        let one = p.run(&["types", "shidouban"]).ok("types shidouban");
        assert!(one.stdout.contains("rules: `tegami rules shidouban`, or http://"), "{}", one.stdout);
        assert!(one.stdout.contains("/api/v1/game-types/shidouban/rules\n"), "{}", one.stdout);
        let ja = p.run(&["types", "shidouban", "--lang", "ja"]).ok("types shidouban --lang ja");
        assert!(ja.stdout.contains("/api/v1/game-types/shidouban/rules?lang=ja\n"), "{}", ja.stdout);
        // The URL works.
        let json = p.run(&["types", "senbat", "--json"]).ok("types senbat --json").json();
        let url = json["rules_url"].as_str().expect("rules_url");
        let path = &url[url.find("/api/").expect("a path")..];
        let reply = e2e::http_get(&server.url, path);
        assert!(reply.starts_with("HTTP/1.0 200") || reply.starts_with("HTTP/1.1 200"), "{reply}");
        assert!(reply.ends_with(&committed("senbat", false)), "the server serves the committed text");
    }
}

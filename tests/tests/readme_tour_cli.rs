//! The README's five-minute tour, run as written: its commands are read from README.md, in the order the README
//! gives them (so the test fails when the README drifts: a step out of order, a command that no longer works),
//! on a fresh "machine" (an empty home directory) against a fresh server. Where the README asks a person to
//! do something that is not a command (open the emailed link), the test does it at that point of the text.

use std::fs::File;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use e2e::{Player, Run, Server, binary};
use serde_json::Value;

/// The tour as the README tells it: paragraphs of prose and command lines (comments dropped), in order.
#[derive(Debug)]
enum Part {
    Prose(String),
    Command(String),
}

fn tour() -> Vec<Part> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md")).expect("README.md");
    let start = readme.find("## A five-minute tour").expect("the README has a five-minute tour");
    let section = &readme[start..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |end| end + 3)];
    let mut parts = Vec::new();
    let mut prose = String::new();
    let flush = |prose: &mut String, parts: &mut Vec<Part>| {
        if !prose.trim().is_empty() {
            parts.push(Part::Prose(std::mem::take(prose)));
        }
        prose.clear();
    };
    for line in section.lines().skip(1) {
        if let Some(code) = line.strip_prefix("    ") {
            flush(&mut prose, &mut parts);
            let command = code.split(" #").next().unwrap_or_default().trim();
            if !command.is_empty() {
                parts.push(Part::Command(command.to_string()));
            }
        } else if line.trim().is_empty() {
            flush(&mut prose, &mut parts);
        } else {
            prose.push_str(line);
            prose.push(' ');
        }
    }
    flush(&mut prose, &mut parts);
    parts
}

/// The fresh machine: an empty home, the variables the tour exported, and the real `tegami` binary.
struct Machine {
    home: tempfile::TempDir,
    server: String,
    exported: Vec<(String, String)>,
}

/// A tour line taken apart: its `VAR=value` prefixes and the words of the command.
struct Line {
    env: Vec<(String, String)>,
    words: Vec<String>,
}

impl Machine {
    fn expand(&self, value: &str) -> String {
        match value.strip_prefix("~/") {
            Some(rest) => self.home.path().join(rest).display().to_string(),
            None => value.to_string(),
        }
    }

    fn parse(&self, command: &str) -> Line {
        let mut env = Vec::new();
        let mut words: Vec<String> = Vec::new();
        for word in command.split_whitespace() {
            match word.split_once('=') {
                Some((name, value)) if words.is_empty() && name.chars().all(|c| c.is_ascii_uppercase() || c == '_') => {
                    env.push((name.to_string(), self.expand(value)));
                }
                _ => words.push(word.to_string()),
            }
        }
        Line { env, words }
    }

    fn command(&self, line: &Line, config_dir: Option<&str>) -> Command {
        assert_eq!(
            line.words.first().map(String::as_str),
            Some("tegami"),
            "a tour command runs tegami: {:?}",
            line.words
        );
        let mut command = Command::new(binary("tegami"));
        command
            .args(&line.words[1..])
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("HOME", self.home.path())
            .env("COLUMNS", "80");
        for (name, value) in self.exported.iter().chain(&line.env) {
            command.env(name, value);
        }
        if let Some(dir) = config_dir {
            command.env("TEGAMI_CONFIG_DIR", self.expand(dir));
        }
        command
    }

    /// Runs a tour line (as `config_dir`'s person when the line names none), typing a password if asked.
    fn run(&self, command: &str, config_dir: Option<&str>) -> Run {
        let line = self.parse(command);
        let mut child = self
            .command(&line, config_dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("tegami runs");
        use std::io::Write;
        child.stdin.take().expect("stdin").write_all(b"correct horse battery staple\n").expect("password typed");
        let output = child.wait_with_output().expect("tegami finishes");
        Run {
            code: output.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        }
    }

    fn ok(&self, command: &str, config_dir: Option<&str>) -> Run {
        let run = self.run(command, config_dir);
        assert_eq!(run.code, 0, "`{command}` failed:\nstdout:\n{}\nstderr:\n{}", run.stdout, run.stderr);
        run
    }

    /// Answers whatever `config_dir`'s person is asked in game 1 with its first legal answer; false if nothing.
    fn answer_anything(&self, config_dir: &str) -> bool {
        let listing: Value = serde_json::from_str(&self.ok("tegami moves 1 --json", Some(config_dir)).stdout).unwrap();
        let Some(decision) = listing.as_array().and_then(|a| a.first()) else { return false };
        let notation = decision["choices"]["options"][0]["notation"].as_str().expect("an answer").to_string();
        let id = decision["decision"]["decision"].as_str().expect("decision id").to_string();
        let line = Line {
            env: Vec::new(),
            words: ["tegami", "play", "1", "--decision", &id, &notation].map(String::from).to_vec(),
        };
        let output = self.command(&line, Some(config_dir)).output().expect("tegami runs");
        assert!(output.status.success(), "play `{notation}`: {}", String::from_utf8_lossy(&output.stderr));
        true
    }

    fn finished(&self, config_dir: &str) -> bool {
        let detail: Value = serde_json::from_str(&self.ok("tegami show 1 --json", Some(config_dir)).stdout).unwrap();
        detail["status"] == "finished"
    }
}

fn alice_dir(people: &[(String, String)]) -> String {
    people[0].0.clone()
}

fn widest(text: &str) -> usize {
    text.lines().map(shared::text::width).max().unwrap_or(0)
}

e2e::on_both_backends! {
    fn the_readme_tour_works_as_written(db) {
        let server = Server::start(db);
        let mut machine =
            Machine { home: tempfile::tempdir().unwrap(), server: server.url.clone(), exported: Vec::new() };
        // The people of the tour: (config dir, email), in the order they registered.
        let mut people: Vec<(String, String)> = Vec::new();
        let mut proved = false;
        let mut block = "";
        let mut seen = Vec::new();
        for part in tour() {
            let command = match part {
                Part::Prose(text) => {
                    if text.contains("proves their address") {
                        // What a person does with a mail program: open the link of the registration email.
                        for (_, email) in &people {
                            let name = email.split('@').next().unwrap().to_string();
                            let person = Player {
                                name,
                                email: email.clone(),
                                config: tempfile::tempdir().unwrap(),
                                server: server.url.clone(),
                                mail_dir: server.mail_dir(),
                            };
                            person.confirm_address();
                        }
                        proved = true;
                    }
                    if text.contains("whenever `tegami games` marks the game as their turn") {
                        block = "turns";
                    } else if text.contains("When the game is over") {
                        block = "end";
                    }
                    continue;
                }
                Part::Command(command) => command,
            };
            seen.push(command.clone());
            if command.starts_with("cargo install") {
                // The binary under test is the one cargo built for this test run.
                continue;
            }
            if let Some(assignment) = command.strip_prefix("export ") {
                let (name, value) = assignment.split_once('=').expect("export NAME=value");
                // The tour's server address, on the port this test's server listens on.
                let value = if name == "TEGAMI_SERVER" { machine.server.clone() } else { value.to_string() };
                machine.exported.push((name.to_string(), value));
                continue;
            }
            let line = machine.parse(&command);
            match (block, line.words.get(1).map(String::as_str)) {
                ("", Some("register")) => {
                    let run = machine.ok(&command, None);
                    assert!(run.stdout.contains("logged in"), "{}", run.stdout);
                    let dir = line.env.iter().find(|(n, _)| n == "TEGAMI_CONFIG_DIR").expect("a config dir").1.clone();
                    let email = line.words.iter().skip_while(|w| *w != "--email").nth(1).expect("--email").clone();
                    people.push((dir, email));
                }
                ("", Some("join")) => {
                    assert!(proved, "the tour joins an invited seat before the address is proved");
                    machine.ok(&command, None);
                }
                ("", _) => {
                    machine.ok(&command, None);
                }
                ("turns", Some("watch")) => {
                    // The one who moved first follows the game until a decision is theirs again, while the others
                    // answer theirs.
                    let (watcher, _) = people[0].clone();
                    let log = File::create(machine.home.path().join("watch.txt")).unwrap();
                    let mut watch = machine
                        .command(&line, Some(&watcher))
                        .stdout(Stdio::from(log))
                        .stderr(Stdio::piped())
                        .spawn()
                        .expect("watch runs");
                    let deadline = Instant::now() + Duration::from_secs(120);
                    let status = loop {
                        if let Some(status) = watch.try_wait().unwrap() {
                            break status;
                        }
                        assert!(Instant::now() < deadline, "`{command}` did not end when the turn came back");
                        for (dir, _) in &people[1..] {
                            machine.answer_anything(dir);
                        }
                        std::thread::sleep(Duration::from_millis(200));
                    };
                    assert!(status.success(), "`{command}` exited {status}");
                    let printed = std::fs::read_to_string(machine.home.path().join("watch.txt")).unwrap();
                    assert!(printed.contains("your turn"), "{printed}");
                }
                ("turns", _) => {
                    // Each person whose turn `tegami games` marks runs the tour's lines.
                    let mut anyone = false;
                    for (dir, _) in &people {
                        let games = machine.ok("tegami games", Some(dir));
                        if games.stdout.contains("YOUR TURN") {
                            machine.ok(&command, Some(dir));
                            anyone = true;
                        }
                    }
                    assert!(anyone, "nobody's turn at `{command}`");
                }
                ("end", _) => {
                    let (dir, _) = people.last().expect("people").clone();
                    if !machine.finished(&dir) {
                        assert_eq!(machine.run("tegami verify 1", Some(&dir)).code, 9, "an unfinished game is not tampering");
                        let mut moves = 0;
                        while !machine.finished(&dir) {
                            let moved = people.iter().any(|(who, _)| machine.answer_anything(who));
                            assert!(moved, "the game is running, so someone is asked something");
                            moves += 1;
                            assert!(moves < 2000, "the game does not end");
                        }
                    }
                    machine.ok(&command, Some(&dir));
                }
                (other, _) => panic!("unexpected part of the tour: {other}"),
            }
        }
        let expected = ["register", "new", "join", "show", "moves", "play", "watch", "log", "verify"];
        for word in expected {
            assert!(seen.iter().any(|c| c.contains(&format!("tegami {word}"))), "the tour no longer runs `tegami {word}`");
        }

        // Completing `tegami show <TAB>` offers the games of the one completing.
        let line = Line { env: Vec::new(), words: ["tegami", "--", "tegami", "show", ""].map(String::from).to_vec() };
        let completed = machine
            .command(&line, Some(&people[0].0))
            .env("COMPLETE", "bash")
            .env("_CLAP_COMPLETE_INDEX", "2")
            .output()
            .expect("tegami completes");
        let offered = String::from_utf8_lossy(&completed.stdout).into_owned();
        let values: Vec<&str> = offered.lines().filter(|l| !l.starts_with('-')).collect();
        assert_eq!(values, ["1"], "{completed:?}");

        // A running game with a time limit: `show` says when the pending decision is due; someone with no seat
        // in it, and none left to take, is told why `watch --until-my-turn` will not wait.
        let (bob, _) = people[1].clone();
        machine.ok("tegami new uosao --seat me --seat bot --seat bot --deadline 24", Some(&alice_dir(&people)));
        let shown = machine.ok("tegami show 2", Some(&alice_dir(&people))).stdout;
        assert!(shown.contains(" due by 20") && shown.contains(" UTC"), "{shown}");
        let watched = machine.run("tegami watch 2 --until-my-turn", Some(&bob));
        assert_eq!(watched.code, 3, "{}", watched.stderr);
        assert!(watched.stderr.contains("no seat in game `2` is yours, and none is left to take"), "{}", watched.stderr);

        // At 80 columns, in both languages: header and journal lines fit; Japanese is Japanese.
        let (alice, _) = people[0].clone();
        for lang in ["en", "ja"] {
            let show = machine.ok(&format!("tegami show 1 --lang {lang}"), Some(&alice)).stdout;
            let header = show.split("\n\n").next().unwrap();
            assert!(widest(header) <= 80, "{header}");
            let log = machine.ok(&format!("tegami log 1 --lang {lang}"), Some(&alice)).stdout;
            assert!(widest(&log) <= 80, "{log}");
            if lang == "ja" {
                for english in ["seat", "(you)", "waiting for", "your turn", "result:", "finished"] {
                    assert!(!header.contains(english), "`{english}` in a Japanese header:\n{header}");
                }
                assert!(header.contains("（あなた）") && header.contains("終局"), "{header}");
            } else {
                // Private events of others read in the third person ("YEL played R2T."), not "You played" as if
                // they were Alice's.
                assert!(!log.contains("told to"), "{log}");
                assert!(log.lines().any(|l| l.contains(" played ") && !l.trim_start().starts_with("You ")), "{log}");
            }
        }
    }
}

//! The third-party tools that prove `openapi.yaml` makes working clients: openapi-spec-validator,
//! openapi-python-client and schemathesis in the virtualenv `.ci/venv`, openapi-typescript and tsc in
//! `.ci/node/node_modules`. `.ci/run` installs them from the pinned `.ci/requirements.txt` and
//! `.ci/node/package-lock.json`.
//!
//! Where they are missing, the tests that need them are skipped with a loud notice on the terminal;
//! `TEGAMI_TEST_CLIENT_TOOLS=require` (as `.ci/run` sets) turns the skip into a failure, as
//! `TEGAMI_TEST_POSTGRES=require` does for PostgreSQL.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::Run;

/// The repository's root folder.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("tests/ sits in the repository").to_path_buf()
}

/// Where the tools are, once found.
pub struct ClientTools {
    venv_bin: PathBuf,
    node_bin: PathBuf,
}

impl ClientTools {
    /// The tools, or `None` (after a loud notice, once per test process) when some are missing; panics
    /// instead when `TEGAMI_TEST_CLIENT_TOOLS=require`.
    pub fn find() -> Option<ClientTools> {
        let root = repo_root();
        let tools =
            ClientTools { venv_bin: root.join(".ci/venv/bin"), node_bin: root.join(".ci/node/node_modules/.bin") };
        let wanted = [
            tools.venv_bin.join("python"),
            tools.venv_bin.join("openapi-spec-validator"),
            tools.venv_bin.join("openapi-python-client"),
            tools.venv_bin.join("st"),
            tools.node_bin.join("openapi-typescript"),
            tools.node_bin.join("tsc"),
        ];
        let missing: Vec<String> = wanted.iter().filter(|p| !p.exists()).map(|p| p.display().to_string()).collect();
        if missing.is_empty() {
            return Some(tools);
        }
        skip_notice(&missing);
        None
    }

    /// A tool of the virtualenv (`python`, `st`, …), with the virtualenv first on `PATH` (its hooks call
    /// other tools of it, such as ruff).
    pub fn venv(&self, tool: &str) -> Command {
        let mut command = Command::new(self.venv_bin.join(tool));
        command.env("PATH", self.path_with(&self.venv_bin));
        command.env_remove("PYTHONPATH").env("PYTHONDONTWRITEBYTECODE", "1").env("NO_COLOR", "1");
        command
    }

    /// A tool of `.ci/node` (`openapi-typescript`, `tsc`).
    pub fn node(&self, tool: &str) -> Command {
        let mut command = Command::new(self.node_bin.join(tool));
        command.env("PATH", self.path_with(&self.node_bin)).env("NO_COLOR", "1");
        command
    }

    fn path_with(&self, first: &Path) -> String {
        let rest = std::env::var("PATH").unwrap_or_default();
        format!("{}:{rest}", first.display())
    }
}

fn required() -> bool {
    std::env::var("TEGAMI_TEST_CLIENT_TOOLS").is_ok_and(|v| v == "require")
}

fn skip_notice(missing: &[String]) {
    if required() {
        panic!(
            "TEGAMI_TEST_CLIENT_TOOLS=require, but these client tools are missing: {}; run .ci/run (or its \
             install steps) to install them",
            missing.join(", ")
        );
    }
    static SAID: OnceLock<()> = OnceLock::new();
    SAID.get_or_init(|| {
        let _ = writeln!(
            std::io::stderr(),
            "\n\
             ************************************************************************************\n\
             *  THIRD-PARTY CLIENT TESTS SKIPPED: the client tools are not installed\n\
             *  (missing: {})\n\
             *  They prove openapi.yaml with openapi-spec-validator, openapi-python-client,\n\
             *  openapi-typescript, tsc and schemathesis. `.ci/run` installs them into .ci/venv and\n\
             *  .ci/node; TEGAMI_TEST_CLIENT_TOOLS=require turns this skip into a failure\n\
             *  (.ci/run sets it).\n\
             ************************************************************************************\n",
            missing.join(", ")
        );
    });
}

/// Runs `command` to its end, killing it (and failing) after `limit`; returns what it printed.
pub fn run_bounded(mut command: Command, what: &str, limit: Duration) -> Run {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
    // Drain both pipes on their own threads so that a chatty tool never blocks on a full pipe.
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = Vec::new();
            let _ = pipe.read_to_end(&mut text);
            String::from_utf8_lossy(&text).into_owned()
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("stdout")));
    let stderr = drain(Box::new(child.stderr.take().expect("stderr")));
    let deadline = Instant::now() + limit;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "{what}: still running after {}s, killed\nstdout:\n{}\nstderr:\n{}",
                limit.as_secs(),
                stdout.join().unwrap_or_default(),
                stderr.join().unwrap_or_default()
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    Run {
        code: status.code().unwrap_or(-1),
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
    }
}

//! The one error type of the client, and the exit code each kind maps to.
//!
//! Exit codes are part of the CLI's contract (scripts and the end-to-end tests rely on them):
//! 0 ok, 1 local failure (config files, terminal), 2 usage error, 3 refused by the server (or by the
//! same check done locally: an unparsable move, not your turn), 4 network or server failure,
//! 5 verification failed (tampering: something in the journal does not check out), 6 not logged in; and for
//! `tegami wait`: 7 the game is over (nothing will be asked of me), 8 timed out; and for `tegami verify`: 9
//! nothing to verify yet or at all (the game is not finished, or the file is not a journal).

use catalog::t;

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CliError {
    /// Something on this machine: a config file, the terminal, a cancelled prompt.
    Local(String),
    /// The command line is not usable as given (beyond what clap checks).
    Usage(String),
    /// The server (or a local copy of its checks) refused the request.
    Refused(Refusal),
    /// The server could not be reached, timed out, failed (5xx) or answered nonsense.
    Network(String),
    /// `tegami verify` found a problem.
    Verification(String),
    /// `tegami verify` was given nothing it can verify: a game still running, a file that is not a journal.
    Unverifiable(String),
    /// No usable credentials.
    NotLoggedIn(String),
    /// `tegami wait`: the game is over (or, without a game, none of mine is still running).
    GameOver(String),
    /// `tegami wait`: nothing was asked of me in time.
    TimedOut(String),
}

/// A refusal with what the user can do about it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Refusal {
    /// The HTTP status, when the server refused.
    pub status: Option<u16>,
    /// The problem's stable code (`illegal_move`, ...), when the server gave one.
    pub code: Option<String>,
    pub message: String,
    /// Legal answers now, for a refused move.
    pub allowed: Vec<String>,
    /// What to do next.
    pub help: Option<String>,
}

pub type Result<T, E = CliError> = std::result::Result<T, E>;

impl CliError {
    pub fn local(message: impl Into<String>) -> Self {
        CliError::Local(message.into())
    }

    pub fn usage(message: impl Into<String>) -> Self {
        CliError::Usage(message.into())
    }

    pub fn refused(message: impl Into<String>) -> Self {
        CliError::Refused(Refusal { message: message.into(), ..Refusal::default() })
    }

    pub fn network(message: impl Into<String>) -> Self {
        CliError::Network(message.into())
    }

    pub fn not_logged_in(message: impl Into<String>) -> Self {
        CliError::NotLoggedIn(message.into())
    }

    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Local(_) => 1,
            CliError::Usage(_) => 2,
            CliError::Refused(_) => 3,
            CliError::Network(_) => 4,
            CliError::Verification(_) => 5,
            CliError::NotLoggedIn(_) => 6,
            CliError::GameOver(_) => 7,
            CliError::TimedOut(_) => 8,
            CliError::Unverifiable(_) => 9,
        }
    }

    /// Adds a `help:` line to a refusal that has none yet (a help already there is about this very refusal,
    /// e.g. `tegami resend-verification` for an unproved address; other kinds are returned unchanged).
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        if let CliError::Refused(r) = &mut self
            && r.help.is_none()
        {
            r.help = Some(help.into());
        }
        self
    }

    /// Replaces the message of a 404 refusal about the thing a command looked up (`code` is the server's
    /// problem code for it, e.g. `unknown_game`): the command knows what was looked for and what to do
    /// next. Other 404s (an unknown seat of a known game) keep the server's words.
    pub fn on_not_found(self, code: &str, message: impl FnOnce() -> String) -> Self {
        match self {
            CliError::Refused(mut r)
                if r.status == Some(404) && r.code.as_deref().is_none_or(|c| c == code || c == "not_found") =>
            {
                r.message = message();
                CliError::Refused(r)
            }
            other => other,
        }
    }

    /// The full text printed to stderr: `error: ...`, then the allowed answers and the help line.
    pub fn report(&self) -> String {
        // Not failures: the answers `tegami wait` gives besides "your turn".
        if matches!(self, CliError::GameOver(_) | CliError::TimedOut(_)) {
            return format!("{self}\n");
        }
        let lang = crate::i18n::lang();
        let mut out = format!("{}\n", t!(lang, "cli-error", message = self.to_string()));
        if let CliError::Refused(r) = self {
            if !r.allowed.is_empty() {
                out.push_str(&format!("{}\n", t!(lang, "cli-error-allowed")));
                for a in &r.allowed {
                    out.push_str(&format!("  {a}\n"));
                }
            }
            if let Some(help) = &r.help {
                out.push_str(&format!("{}\n", t!(lang, "cli-error-help", help = help)));
            }
        }
        out
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Local(m)
            | CliError::Usage(m)
            | CliError::Network(m)
            | CliError::Verification(m)
            | CliError::Unverifiable(m)
            | CliError::NotLoggedIn(m)
            | CliError::GameOver(m)
            | CliError::TimedOut(m) => f.write_str(m),
            CliError::Refused(r) => f.write_str(&r.message),
        }
    }
}

impl std::error::Error for CliError {}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> Self {
        CliError::Local(e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_its_documented_exit_code() {
        assert_eq!(CliError::local("x").exit_code(), 1);
        assert_eq!(CliError::usage("x").exit_code(), 2);
        assert_eq!(CliError::refused("x").exit_code(), 3);
        assert_eq!(CliError::network("x").exit_code(), 4);
        assert_eq!(CliError::Verification("x".into()).exit_code(), 5);
        assert_eq!(CliError::not_logged_in("x").exit_code(), 6);
        assert_eq!(CliError::GameOver("x".into()).exit_code(), 7);
        assert_eq!(CliError::TimedOut("x".into()).exit_code(), 8);
        assert_eq!(CliError::Unverifiable("x".into()).exit_code(), 9);
    }

    #[test]
    fn a_refusal_reports_allowed_answers_and_help() {
        let e = CliError::Refused(Refusal {
            status: Some(422),
            code: Some("illegal_move".into()),
            message: "that card is not in your hand".into(),
            allowed: vec!["R".into(), "L".into()],
            help: None,
        })
        .with_help("run `tegami moves 3`");
        assert_eq!(
            e.report(),
            "error: that card is not in your hand\nallowed now:\n  R\n  L\nhelp: run `tegami moves 3`\n"
        );
    }

    #[test]
    fn the_first_help_stays() {
        let e = CliError::refused("x").with_help("run `tegami resend-verification`").with_help("run `tegami show 3`");
        assert!(e.report().ends_with("help: run `tegami resend-verification`\n"), "{}", e.report());
    }

    #[test]
    fn only_a_404_is_renamed() {
        let not_found =
            CliError::Refused(Refusal { status: Some(404), message: "not found".into(), ..Default::default() });
        let renamed = not_found.clone().on_not_found("unknown_game", || "no game `42`".into());
        assert_eq!(renamed.to_string(), "no game `42`");
        let conflict =
            CliError::Refused(Refusal { status: Some(409), message: "seat taken".into(), ..Default::default() });
        assert_eq!(conflict.on_not_found("unknown_game", || "no game `42`".into()).to_string(), "seat taken");
        let CliError::Refused(mut seat) = not_found else { unreachable!() };
        seat.code = Some("unknown_seat".into());
        seat.message = "game `42` has no seat 7".into();
        let kept = CliError::Refused(seat).on_not_found("unknown_game", || "no game `42`".into());
        assert_eq!(kept.to_string(), "game `42` has no seat 7");
    }
}

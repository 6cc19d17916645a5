//! Server settings: each one a flag, an environment variable and a key of the optional config file
//! (TOML, `--config` / TEGAMI_CONFIG). Precedence: flag, then environment, then file, then default.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use serde::Deserialize;

#[derive(Debug, Parser)]
#[command(name = "tegami-server", version, about = "The tegami play-by-email board-game server")]
pub struct Cli {
    #[command(flatten)]
    pub settings: SettingsArgs,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the server (the default).
    Serve,
    /// Apply pending database migrations and exit (the server also does this at start; several instances
    /// starting together on one PostgreSQL take turns).
    Migrate,
    /// Write one game (its whole journal, seats by email, signing keys) as JSON, to move it to another
    /// database. The file holds the game's secrets: treat it like a backup.
    Export {
        /// The game's id.
        game: i64,
        /// Write here instead of stdout.
        #[arg(long, short)]
        output: Option<PathBuf>,
    },
    /// Read a game written by `export` (from FILE, or stdin) into this database under the same id, after
    /// replaying its journal. Exit codes: 0 imported, 65 the file is refused (says why), 75 database failure.
    Import {
        file: Option<PathBuf>,
    },
    /// Print the OpenAPI document (YAML) and exit.
    Openapi,
    /// Read one raw RFC 822 message on stdin (an MTA pipe) and apply the move it carries.
    /// Exit codes: 0 handled (applied, or answered with an error email), 65 not a readable message,
    /// 67 no known reply token (unknown recipient), 75 temporary failure (retry later).
    MailIn,
}

#[derive(Debug, Args, Default)]
pub struct SettingsArgs {
    /// Config file (TOML) with any of the settings below as keys (bind, database_url, public_url, jwt_secret, log, smtp_url,
    /// mail_from, mail_dir, mail_reply_address, inbound_secret, mail_poll_ms, mail_retry_base_ms, mail_retry_max_ms,
    /// deadline_reminder_hours, require_verified_email, db_pool_size).
    #[arg(long, env = "TEGAMI_CONFIG", global = true)]
    pub config: Option<PathBuf>,
    /// Address to listen on [default: 127.0.0.1:8080].
    #[arg(long, env = "TEGAMI_BIND", global = true)]
    pub bind: Option<String>,
    /// sqlite://PATH, or postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE for several instances on one
    /// database [default: sqlite://tegami.db].
    #[arg(long, env = "TEGAMI_DATABASE_URL", global = true)]
    pub database_url: Option<String>,
    /// The URL players reach this server at (used in emails and links) [default: http://<bind>].
    #[arg(long, env = "TEGAMI_PUBLIC_URL", global = true)]
    pub public_url: Option<String>,
    /// Secret for session tokens; generated and stored in the database on first start when absent.
    #[arg(long, env = "TEGAMI_JWT_SECRET", global = true, hide_env_values = true)]
    pub jwt_secret: Option<String>,
    /// Log filter, e.g. `info` or `tegami_api=debug` [default: info].
    #[arg(long, env = "TEGAMI_LOG", global = true)]
    pub log: Option<String>,
    /// Outgoing mail server: smtp://host:port (no TLS, for a local relay), smtp://user:pass@host:587
    /// (STARTTLS required), smtps://user:pass@host:465 (implicit TLS). Unset: mail goes to .eml files.
    #[arg(long, env = "TEGAMI_SMTP_URL", global = true, hide_env_values = true)]
    pub smtp_url: Option<String>,
    /// The From address of every email [default: tegami@<host of public_url>].
    #[arg(long, env = "TEGAMI_MAIL_FROM", global = true)]
    pub mail_from: Option<String>,
    /// Where .eml files are written when no SMTP URL is set [default: ./mail].
    #[arg(long, env = "TEGAMI_MAIL_DIR", global = true)]
    pub mail_dir: Option<PathBuf>,
    /// The address replies go to; the reply token is added as `local+TOKEN@domain`
    /// [default: play@<domain of mail_from>].
    #[arg(long, env = "TEGAMI_MAIL_REPLY_ADDRESS", global = true)]
    pub mail_reply_address: Option<String>,
    /// Shared secret for `POST /api/v1/mail/inbound` (header X-Tegami-Inbound-Secret); unset disables it.
    #[arg(long, env = "TEGAMI_INBOUND_SECRET", global = true, hide_env_values = true)]
    pub inbound_secret: Option<String>,
    /// How often the mail worker looks for due mail, in milliseconds [default: 2000].
    #[arg(long, env = "TEGAMI_MAIL_POLL_MS", global = true)]
    pub mail_poll_ms: Option<u64>,
    /// First retry delay after a failed send, in milliseconds; doubled each attempt [default: 30000].
    #[arg(long, env = "TEGAMI_MAIL_RETRY_BASE_MS", global = true)]
    pub mail_retry_base_ms: Option<u64>,
    /// Longest retry delay, in milliseconds [default: 3600000].
    #[arg(long, env = "TEGAMI_MAIL_RETRY_MAX_MS", global = true)]
    pub mail_retry_max_ms: Option<u64>,
    /// Taking an invited seat requires an address proved through the link emailed at registration
    /// (`true` or `false`) [default: true].
    #[arg(long, env = "TEGAMI_REQUIRE_VERIFIED_EMAIL", global = true)]
    pub require_verified_email: Option<bool>,
    /// A reminder email goes out this many hours before a decision's deadline (at most half the time
    /// limit before it) [default: 24].
    #[arg(long, env = "TEGAMI_DEADLINE_REMINDER_HOURS", global = true)]
    pub deadline_reminder_hours: Option<u32>,
    /// Database connections this instance keeps at most (N instances on one PostgreSQL use up to N times
    /// this of its `max_connections`) [default: 8].
    #[arg(long, env = "TEGAMI_DB_POOL_SIZE", global = true)]
    pub db_pool_size: Option<u32>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileSettings {
    bind: Option<String>,
    database_url: Option<String>,
    public_url: Option<String>,
    jwt_secret: Option<String>,
    log: Option<String>,
    smtp_url: Option<String>,
    mail_from: Option<String>,
    mail_dir: Option<PathBuf>,
    mail_reply_address: Option<String>,
    inbound_secret: Option<String>,
    mail_poll_ms: Option<u64>,
    mail_retry_base_ms: Option<u64>,
    mail_retry_max_ms: Option<u64>,
    deadline_reminder_hours: Option<u32>,
    db_pool_size: Option<u32>,
    require_verified_email: Option<bool>,
}

/// The resolved settings.
#[derive(Clone, Debug)]
pub struct Settings {
    pub bind: String,
    pub database_url: String,
    pub public_url: String,
    pub jwt_secret: Option<String>,
    pub log: String,
    pub mail: MailSettings,
    /// Hours before a deadline when the reminder email goes out.
    pub deadline_reminder_hours: u32,
    pub db_pool_size: u32,
    /// The clock deadlines are measured with (the system clock, except in tests).
    pub clock: crate::time::Clock,
}

/// Email in and out.
#[derive(Clone, Debug)]
pub struct MailSettings {
    pub smtp_url: Option<String>,
    pub from: String,
    pub dir: PathBuf,
    pub reply_address: String,
    pub inbound_secret: Option<String>,
    pub poll_ms: u64,
    pub retry_base_ms: u64,
    pub retry_max_ms: u64,
    /// Invited seats need a verified address.
    pub require_verified: bool,
}

impl MailSettings {
    /// The domain of the From address (Message-IDs and the default reply address use it).
    pub fn domain(&self) -> &str {
        self.from.rsplit_once('@').map(|(_, d)| d.trim_end_matches('>')).unwrap_or("localhost")
    }

    /// Mail settings for tests: .eml files in `dir`, fast polling and retries.
    pub fn for_tests(dir: &std::path::Path) -> MailSettings {
        MailSettings {
            smtp_url: None,
            from: "tegami@tegami.test".into(),
            dir: dir.to_path_buf(),
            reply_address: "play@tegami.test".into(),
            inbound_secret: Some("inbound-secret".into()),
            poll_ms: 50,
            retry_base_ms: 100,
            retry_max_ms: 400,
            require_verified: false,
        }
    }
}

fn host_of(url: &str) -> String {
    let rest = url.split_once("://").map(|(_, r)| r).unwrap_or(url);
    let host = rest.split(['/', ':']).next().unwrap_or("");
    if host.is_empty() { "localhost".into() } else { host.to_string() }
}

#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    #[error("cannot read config file `{path}`: {source}")]
    Read { path: String, source: std::io::Error },
    #[error("config file `{path}` is not valid: {source}")]
    Parse { path: String, source: toml::de::Error },
}

impl Settings {
    pub fn resolve(args: &SettingsArgs) -> Result<Settings, SettingsError> {
        let file = match &args.config {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|source| SettingsError::Read { path: path.display().to_string(), source })?;
                toml::from_str(&text).map_err(|source| SettingsError::Parse { path: path.display().to_string(), source })?
            }
            None => FileSettings::default(),
        };
        let bind = args.bind.clone().or(file.bind).unwrap_or_else(|| "127.0.0.1:8080".into());
        let public_url = args.public_url.clone().or(file.public_url).unwrap_or_else(|| format!("http://{bind}"));
        let from = args.mail_from.clone().or(file.mail_from).unwrap_or_else(|| format!("tegami@{}", host_of(&public_url)));
        let mut mail = MailSettings {
            smtp_url: args.smtp_url.clone().or(file.smtp_url).filter(|u| !u.trim().is_empty()),
            dir: args.mail_dir.clone().or(file.mail_dir).unwrap_or_else(|| PathBuf::from("mail")),
            reply_address: String::new(),
            inbound_secret: args.inbound_secret.clone().or(file.inbound_secret).filter(|s| !s.is_empty()),
            poll_ms: args.mail_poll_ms.or(file.mail_poll_ms).unwrap_or(2000).max(10),
            retry_base_ms: args.mail_retry_base_ms.or(file.mail_retry_base_ms).unwrap_or(30_000).max(1),
            retry_max_ms: args.mail_retry_max_ms.or(file.mail_retry_max_ms).unwrap_or(3_600_000).max(1),
            require_verified: args.require_verified_email.or(file.require_verified_email).unwrap_or(true),
            from,
        };
        mail.reply_address = args
            .mail_reply_address
            .clone()
            .or(file.mail_reply_address)
            .unwrap_or_else(|| format!("play@{}", mail.domain()));
        Ok(Settings {
            mail,
            deadline_reminder_hours: args.deadline_reminder_hours.or(file.deadline_reminder_hours).unwrap_or(24),
            db_pool_size: args.db_pool_size.or(file.db_pool_size).unwrap_or(8).max(1),
            clock: crate::time::Clock::default(),
            database_url: args.database_url.clone().or(file.database_url).unwrap_or_else(|| "sqlite://tegami.db".into()),
            public_url: public_url.trim_end_matches('/').to_string(),
            jwt_secret: args.jwt_secret.clone().or(file.jwt_secret),
            log: args.log.clone().or(file.log).unwrap_or_else(|| "info".into()),
            bind,
        })
    }

    /// Settings for tests: a fresh database file, port 0.
    pub fn for_tests(database_path: &std::path::Path) -> Settings {
        Settings {
            bind: "127.0.0.1:0".into(),
            database_url: format!("sqlite://{}", database_path.display()),
            public_url: "http://127.0.0.1".into(),
            jwt_secret: None,
            log: "warn".into(),
            mail: MailSettings::for_tests(&database_path.parent().unwrap_or(std::path::Path::new(".")).join("mail")),
            deadline_reminder_hours: 24,
            db_pool_size: 4,
            clock: crate::time::Clock::adjustable(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_need_no_configuration() {
        let s = Settings::resolve(&SettingsArgs::default()).unwrap();
        assert_eq!(s.bind, "127.0.0.1:8080");
        assert_eq!(s.database_url, "sqlite://tegami.db");
        assert_eq!(s.public_url, "http://127.0.0.1:8080");
        assert_eq!(s.mail.from, "tegami@127.0.0.1");
        assert_eq!(s.mail.reply_address, "play@127.0.0.1");
        assert_eq!(s.mail.dir, PathBuf::from("mail"));
        assert!(s.mail.smtp_url.is_none());
    }

    #[test]
    fn mail_keys_come_from_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tegami.toml");
        std::fs::write(&path, "smtp_url = \"smtp://relay:25\"\nmail_from = \"games@example.org\"\nmail_retry_base_ms = 5\n").unwrap();
        let s = Settings::resolve(&SettingsArgs { config: Some(path), ..Default::default() }).unwrap();
        assert_eq!(s.mail.smtp_url.as_deref(), Some("smtp://relay:25"));
        assert_eq!(s.mail.domain(), "example.org");
        assert_eq!(s.mail.reply_address, "play@example.org");
        assert_eq!(s.mail.retry_base_ms, 5);
    }

    #[test]
    fn flags_beat_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tegami.toml");
        std::fs::write(&path, "bind = \"0.0.0.0:9000\"\ndatabase_url = \"sqlite://x.db\"\n").unwrap();
        let args = SettingsArgs { config: Some(path), bind: Some("127.0.0.1:1".into()), ..Default::default() };
        let s = Settings::resolve(&args).unwrap();
        assert_eq!(s.bind, "127.0.0.1:1");
        assert_eq!(s.database_url, "sqlite://x.db");
    }

    #[test]
    fn unknown_keys_in_the_file_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tegami.toml");
        std::fs::write(&path, "bnd = \"x\"\n").unwrap();
        let err = Settings::resolve(&SettingsArgs { config: Some(path), ..Default::default() }).unwrap_err();
        assert!(err.to_string().contains("not valid"), "{err}");
    }
}

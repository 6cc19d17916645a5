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
    /// (serve) Queue outgoing mail and webhook deliveries but send nothing until `tegami-server mail release`
    /// (for a restored copy, or a second look before going live). The hold is stored in the database.
    /// Read with or without the `serve` subcommand named.
    #[arg(long, env = "TEGAMI_HOLD_MAIL", global = true)]
    pub hold_mail: bool,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the server (the default). On SQLite it holds `<database>.lock` while it runs: a second server on
    /// the same file refuses to start.
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
    Import { file: Option<PathBuf> },
    /// Print the OpenAPI document (YAML) and exit.
    Openapi,
    /// Read one raw RFC 822 message on stdin (an MTA pipe) and apply the move it carries.
    /// Exit codes: 0 handled (applied, or answered with an error email), 65 not a readable message,
    /// 67 no known reply token (unknown recipient), 75 temporary failure (retry later).
    MailIn,
    /// Write a consistent copy of the SQLite database to FILE (a new file), while the server runs. For
    /// PostgreSQL it says how to use `pg_dump` instead. Exit codes: 0 written, 64 PostgreSQL, 73 FILE exists,
    /// 75 failed.
    Backup { file: PathBuf },
    /// Put a backup written by `backup` in place of the SQLite database (the replaced file is kept beside it
    /// as `<database>.replaced-<time>`), migrate it, and hold its outgoing mail until `mail release`. Refuses
    /// while a server runs on the file. Exit codes: 0 restored, 64 PostgreSQL, 65 not a sound backup,
    /// 75 in use or failed.
    Restore { file: PathBuf },
    /// Hold or release outgoing mail and webhook deliveries, or show whether they are held.
    Mail {
        #[command(subcommand)]
        action: MailAction,
    },
    /// The operator's tools, on this server's database: accounts (list, show, suspend, unsuspend, delete),
    /// the mail queue (queue, retry, drop), sessions (list, revoke). Every change is logged. Exit codes: 0
    /// done, 65 refused (says why), 75 database failure.
    Admin(crate::admin::AdminArgs),
    /// Copy a whole instance into an empty database (SQLite to PostgreSQL, or back): every table with its ids,
    /// in one transaction, then every game replayed there. SQLite files taking part must not be in use.
    /// Exit codes: 0 copied, 65 refused (the target is not empty, or is the source), 70 a game does not
    /// verify after the copy, 75 in use or failed.
    Copy {
        /// The instance to copy (sqlite://PATH or postgres://…).
        #[arg(long, value_name = "URL")]
        from: String,
        /// The empty database to copy into (created and migrated if need be).
        #[arg(long, value_name = "URL")]
        to: String,
    },
    /// List the messages players reported to the operator, oldest first, one JSON object a line.
    TalkReports,
}

#[derive(Debug, Clone, Copy, Subcommand)]
pub enum MailAction {
    /// Send nothing (emails and webhook deliveries stay queued) until released; running servers stop within
    /// one poll interval.
    Hold,
    /// Send what is queued; running servers start within one poll interval.
    Release,
    /// Print `held: REASON` or `sending`.
    Status,
}

#[derive(Debug, Args, Default)]
pub struct SettingsArgs {
    /// Config file (TOML) with any of the settings below as keys (bind, database_url, public_url, jwt_secret, log, smtp_url,
    /// mail_from, mail_dir, mail_reply_address, inbound_secret, mail_poll_ms, mail_retry_base_ms, mail_retry_max_ms,
    /// deadline_reminder_hours, require_verified_email, db_pool_size, db_writers, session_idle_hours, session_max_days,
    /// password_reset_minutes, throttle_window_secs, throttle_account_limit, throttle_address_limit,
    /// throttle_inbound_limit, behind_proxy, max_api_tokens, max_signing_keys, max_webhooks, sqlite_synchronous, log_format,
    /// mail_reply_token, mail_require_dmarc, mail_authserv_id, mail_shutdown_grace_ms, mail_retention_days,
    /// mail_turn_wait_secs, invitations_per_account_per_day, invitations_per_recipient_per_day, mail_refusals_per_hour,
    /// mail_refusals_per_game_per_hour, events_poll_ms,
    /// events_heartbeat_secs, webhook_allow_private, webhook_retry_base_ms, webhook_retry_max_ms, webhook_disable_after,
    /// webhook_timeout_ms, malloc_tuning, metrics_bind, metrics_token).
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
    /// `plain` text lines (colour only on a terminal) or `json` lines [default: plain].
    #[arg(long, env = "TEGAMI_LOG_FORMAT", global = true, value_enum)]
    pub log_format: Option<LogFormat>,
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
    /// Where a turn email carries its reply token: `address` (the reply address `play+TOKEN@domain`) or
    /// `references` (the email's Message-ID, which a reply names in In-Reply-To/References; the reply address
    /// stays `play@domain`, for mail systems without plus-addressing) [default: address].
    #[arg(long, env = "TEGAMI_MAIL_REPLY_TOKEN", global = true, value_enum)]
    pub mail_reply_token: Option<ReplyTokenIn>,
    /// Refuse email replies unless the receiving MTA's `Authentication-Results` header says `dmarc=pass` for
    /// the From domain [default: false].
    #[arg(long, env = "TEGAMI_MAIL_REQUIRE_DMARC", global = true)]
    pub mail_require_dmarc: Option<bool>,
    /// Only `Authentication-Results` headers from this authserv-id (your MTA's name) are believed; unset:
    /// the topmost one (the receiving MTA must then remove such headers arriving from outside).
    #[arg(long, env = "TEGAMI_MAIL_AUTHSERV_ID", global = true)]
    pub mail_authserv_id: Option<String>,
    /// On SIGTERM, how long the mail worker may take to finish the sends in flight, in milliseconds
    /// [default: 20000].
    #[arg(long, env = "TEGAMI_MAIL_SHUTDOWN_GRACE_MS", global = true)]
    pub mail_shutdown_grace_ms: Option<u64>,
    /// Sent emails are deleted from the outbox after this many days [default: 7].
    #[arg(long, env = "TEGAMI_MAIL_RETENTION_DAYS", global = true)]
    pub mail_retention_days: Option<u32>,
    /// A turn email waits this many seconds, and is not sent if the player answered the decision meanwhile
    /// or is looking at the game on an open page (unless they asked for every turn email); 0 sends every
    /// turn email at once [default: 120].
    #[arg(long, env = "TEGAMI_MAIL_TURN_WAIT_SECS", global = true)]
    pub mail_turn_wait_secs: Option<u64>,
    /// Invitation emails one account may cause in 24 hours [default: 20].
    #[arg(long, env = "TEGAMI_INVITATIONS_PER_ACCOUNT_PER_DAY", global = true)]
    pub invitations_per_account_per_day: Option<u32>,
    /// Invitation emails one address may receive in 24 hours, from everyone together [default: 3].
    #[arg(long, env = "TEGAMI_INVITATIONS_PER_RECIPIENT_PER_DAY", global = true)]
    pub invitations_per_recipient_per_day: Option<u32>,
    /// Emails refusing a move by email that one address gets in an hour, all games together; past it,
    /// refusals are not mailed [default: 10].
    #[arg(long, env = "TEGAMI_MAIL_REFUSALS_PER_HOUR", global = true)]
    pub mail_refusals_per_hour: Option<u32>,
    /// Emails refusing a move by email that one address gets in an hour about one game [default: 4].
    #[arg(long, env = "TEGAMI_MAIL_REFUSALS_PER_GAME_PER_HOUR", global = true)]
    pub mail_refusals_per_game_per_hour: Option<u32>,
    /// Database connections this instance keeps at most (N instances on one PostgreSQL use up to N times
    /// this of its `max_connections`) [default: 8].
    #[arg(long, env = "TEGAMI_DB_POOL_SIZE", global = true)]
    pub db_pool_size: Option<u32>,
    /// Connections that apply moves on PostgreSQL, each game's always on the same one, so that the batches of
    /// different games are applied side by side (beside the pool's connections; SQLite always uses one)
    /// [default: 2].
    #[arg(long, env = "TEGAMI_DB_WRITERS", global = true)]
    pub db_writers: Option<u32>,
    /// When SQLite reports a commit done: `full` once it is on disk (a move acknowledged is never lost, even
    /// on power failure), or `normal`, sooner (safe from a crash of the server, but the last moves acknowledged
    /// may be lost if the machine loses power) [default: full].
    #[arg(long, env = "TEGAMI_SQLITE_SYNCHRONOUS", global = true, value_enum)]
    pub sqlite_synchronous: Option<SqliteSync>,
    #[command(flatten)]
    pub security: SecurityArgs,
    /// How often the event feed and the webhook worker look for events committed elsewhere (`mail-in`, or
    /// another instance on the same PostgreSQL, whose events are also announced at once by NOTIFY), in
    /// milliseconds; local moves are seen at once [default: 500].
    #[arg(long, env = "TEGAMI_EVENTS_POLL_MS", global = true)]
    pub events_poll_ms: Option<u64>,
    /// Seconds between heartbeat comments on an idle event stream [default: 15].
    #[arg(long, env = "TEGAMI_EVENTS_HEARTBEAT_SECS", global = true)]
    pub events_heartbeat_secs: Option<u64>,
    /// Let webhooks target loopback, private and link-local addresses (`true` or `false`); only for a
    /// trusted network [default: false].
    #[arg(long, env = "TEGAMI_WEBHOOK_ALLOW_PRIVATE", global = true)]
    pub webhook_allow_private: Option<bool>,
    /// First retry delay after a failed webhook delivery, in milliseconds; doubled each attempt
    /// [default: 30000].
    #[arg(long, env = "TEGAMI_WEBHOOK_RETRY_BASE_MS", global = true)]
    pub webhook_retry_base_ms: Option<u64>,
    /// Longest retry delay of a webhook delivery, in milliseconds [default: 3600000].
    #[arg(long, env = "TEGAMI_WEBHOOK_RETRY_MAX_MS", global = true)]
    pub webhook_retry_max_ms: Option<u64>,
    /// A webhook is disabled (and its owner emailed) after this many failed attempts in a row [default: 10].
    #[arg(long, env = "TEGAMI_WEBHOOK_DISABLE_AFTER", global = true)]
    pub webhook_disable_after: Option<u32>,
    /// How long a webhook receiver has to answer, in milliseconds [default: 10000].
    #[arg(long, env = "TEGAMI_WEBHOOK_TIMEOUT_MS", global = true)]
    pub webhook_timeout_ms: Option<u64>,
    /// Tune glibc's malloc, which serves the C libraries (SQLite, libpq, OpenSSL; the server's own memory is
    /// jemalloc's), for many open connections: one arena per core and a fixed mmap threshold, unless set
    /// through glibc's own `MALLOC_*` or `GLIBC_TUNABLES` variables (`true` or `false`) [default: true].
    #[arg(long, env = "TEGAMI_MALLOC_TUNING", global = true)]
    pub malloc_tuning: Option<bool>,
    /// Serve Prometheus metrics at `/metrics` on this separate address (e.g. 127.0.0.1:9090); unset with no
    /// `metrics_token`: no metrics.
    #[arg(long, env = "TEGAMI_METRICS_BIND", global = true)]
    pub metrics_bind: Option<String>,
    /// Bearer token `/metrics` asks for; without `metrics_bind`, `/metrics` is then served on the main address.
    #[arg(long, env = "TEGAMI_METRICS_TOKEN", global = true, hide_env_values = true)]
    pub metrics_token: Option<String>,
}

/// Sessions, password resets and throttling.
#[derive(Debug, Args, Default)]
pub struct SecurityArgs {
    /// A session unused this long ends; each use pushes its end forward [default: 72].
    #[arg(long, env = "TEGAMI_SESSION_IDLE_HOURS", global = true)]
    pub session_idle_hours: Option<u32>,
    /// A session ends this long after sign-in however much it is used [default: 14].
    #[arg(long, env = "TEGAMI_SESSION_MAX_DAYS", global = true)]
    pub session_max_days: Option<u32>,
    /// A password reset token emailed to a player works once, for this long [default: 60].
    #[arg(long, env = "TEGAMI_PASSWORD_RESET_MINUTES", global = true)]
    pub password_reset_minutes: Option<u32>,
    /// The throttling window in seconds: the limits below count attempts per window [default: 900].
    #[arg(long, env = "TEGAMI_THROTTLE_WINDOW_SECS", global = true)]
    pub throttle_window_secs: Option<u32>,
    /// Sign-in attempts, password reset requests and added-address confirmation emails per account (and per
    /// added address) and window [default: 10].
    #[arg(long, env = "TEGAMI_THROTTLE_ACCOUNT_LIMIT", global = true)]
    pub throttle_account_limit: Option<u32>,
    /// Sign-in attempts, registrations and password reset requests per client address and window [default: 50].
    #[arg(long, env = "TEGAMI_THROTTLE_ADDRESS_LIMIT", global = true)]
    pub throttle_address_limit: Option<u32>,
    /// Posts to the inbound mail endpoint per client address and window [default: 600].
    #[arg(long, env = "TEGAMI_THROTTLE_INBOUND_LIMIT", global = true)]
    pub throttle_inbound_limit: Option<u32>,
    /// Take the client address from `Forwarded` / `X-Forwarded-For` (only behind a reverse proxy that sets
    /// them; anyone can forge them otherwise) (`true` or `false`) [default: false].
    #[arg(long, env = "TEGAMI_BEHIND_PROXY", global = true)]
    pub behind_proxy: Option<bool>,
    /// Live API tokens an account may hold at once [default: 50].
    #[arg(long, env = "TEGAMI_MAX_API_TOKENS", global = true)]
    pub max_api_tokens: Option<u32>,
    /// Live (unrevoked) signing keys an account may hold at once [default: 50].
    #[arg(long, env = "TEGAMI_MAX_SIGNING_KEYS", global = true)]
    pub max_signing_keys: Option<u32>,
    /// Live (not disabled) webhooks an account may hold at once [default: 20].
    #[arg(long, env = "TEGAMI_MAX_WEBHOOKS", global = true)]
    pub max_webhooks: Option<u32>,
}

/// SQLite's `PRAGMA synchronous` for the server's connections.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SqliteSync {
    /// Every commit is on disk before it is acknowledged.
    #[default]
    Full,
    /// Commits survive a crash of the process, not necessarily a power failure.
    Normal,
}

impl SqliteSync {
    pub fn pragma(self) -> &'static str {
        match self {
            SqliteSync::Full => "FULL",
            SqliteSync::Normal => "NORMAL",
        }
    }
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
    db_writers: Option<u32>,
    require_verified_email: Option<bool>,
    sqlite_synchronous: Option<SqliteSync>,
    session_idle_hours: Option<u32>,
    session_max_days: Option<u32>,
    password_reset_minutes: Option<u32>,
    throttle_window_secs: Option<u32>,
    throttle_account_limit: Option<u32>,
    throttle_address_limit: Option<u32>,
    throttle_inbound_limit: Option<u32>,
    behind_proxy: Option<bool>,
    max_api_tokens: Option<u32>,
    max_signing_keys: Option<u32>,
    max_webhooks: Option<u32>,
    log_format: Option<LogFormat>,
    mail_reply_token: Option<ReplyTokenIn>,
    mail_require_dmarc: Option<bool>,
    mail_authserv_id: Option<String>,
    mail_shutdown_grace_ms: Option<u64>,
    mail_retention_days: Option<u32>,
    mail_turn_wait_secs: Option<u64>,
    invitations_per_account_per_day: Option<u32>,
    invitations_per_recipient_per_day: Option<u32>,
    mail_refusals_per_hour: Option<u32>,
    mail_refusals_per_game_per_hour: Option<u32>,
    events_poll_ms: Option<u64>,
    events_heartbeat_secs: Option<u64>,
    webhook_allow_private: Option<bool>,
    webhook_retry_base_ms: Option<u64>,
    webhook_retry_max_ms: Option<u64>,
    webhook_disable_after: Option<u32>,
    webhook_timeout_ms: Option<u64>,
    malloc_tuning: Option<bool>,
    metrics_bind: Option<String>,
    metrics_token: Option<String>,
}

/// How log lines are written to stderr.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    /// Human-readable lines; coloured only when stderr is a terminal.
    #[default]
    Plain,
    /// One JSON object per line.
    Json,
}

/// Where turn emails put the reply token.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, serde::Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum ReplyTokenIn {
    /// `Reply-To: play+TOKEN@domain` (plus-addressing).
    #[default]
    Address,
    /// The Message-ID, which replies cite in In-Reply-To and References.
    References,
}

/// The resolved settings.
#[derive(Clone, Debug)]
pub struct Settings {
    pub bind: String,
    pub database_url: String,
    pub public_url: String,
    pub jwt_secret: Option<String>,
    pub log: String,
    pub log_format: LogFormat,
    pub mail: MailSettings,
    /// Hours before a deadline when the reminder email goes out.
    pub deadline_reminder_hours: u32,
    pub db_pool_size: u32,
    /// Writer connections on PostgreSQL (see `db::writer`).
    pub db_writers: u32,
    pub sqlite_synchronous: SqliteSync,
    /// The clock deadlines are measured with (the system clock, except in tests).
    pub clock: crate::time::Clock,
    pub security: SecuritySettings,
    pub events: EventSettings,
    pub webhooks: WebhookSettings,
    /// Whether `serve` tunes glibc's malloc (see [`crate::malloc`]).
    pub malloc_tuning: bool,
    /// Where `/metrics` is served, if at all.
    pub metrics: crate::metrics::MetricsSettings,
}

/// Sessions, password resets and throttling (see the README's "Accounts and security").
#[derive(Clone, Debug)]
pub struct SecuritySettings {
    pub session_idle: chrono::Duration,
    pub session_max: chrono::Duration,
    pub password_reset: chrono::Duration,
    pub throttle_window_secs: i64,
    pub throttle_account_limit: i64,
    pub throttle_address_limit: i64,
    pub throttle_inbound_limit: i64,
    pub behind_proxy: bool,
    /// Per-account caps on what an account may pile up (each refused past the cap with a 409).
    pub max_api_tokens: i64,
    pub max_signing_keys: i64,
    pub max_webhooks: i64,
}

impl SecuritySettings {
    fn resolve(args: &SecurityArgs, file: &FileSettings) -> SecuritySettings {
        let hours = args.session_idle_hours.or(file.session_idle_hours).unwrap_or(72).max(1);
        let days = args.session_max_days.or(file.session_max_days).unwrap_or(14).max(1);
        let reset = args.password_reset_minutes.or(file.password_reset_minutes).unwrap_or(60).max(1);
        let limit = |a: Option<u32>, f: Option<u32>, default: u32| i64::from(a.or(f).unwrap_or(default).max(1));
        SecuritySettings {
            session_idle: chrono::Duration::hours(hours.into()),
            session_max: chrono::Duration::days(days.into()),
            password_reset: chrono::Duration::minutes(reset.into()),
            throttle_window_secs: limit(args.throttle_window_secs, file.throttle_window_secs, 900),
            throttle_account_limit: limit(args.throttle_account_limit, file.throttle_account_limit, 10),
            throttle_address_limit: limit(args.throttle_address_limit, file.throttle_address_limit, 50),
            throttle_inbound_limit: limit(args.throttle_inbound_limit, file.throttle_inbound_limit, 600),
            behind_proxy: args.behind_proxy.or(file.behind_proxy).unwrap_or(false),
            max_api_tokens: limit(args.max_api_tokens, file.max_api_tokens, 50),
            max_signing_keys: limit(args.max_signing_keys, file.max_signing_keys, 50),
            max_webhooks: limit(args.max_webhooks, file.max_webhooks, 20),
        }
    }

    /// The defaults, with throttling limits high enough for test suites that register many players from
    /// one address (tests of throttling itself set them low).
    pub fn for_tests() -> SecuritySettings {
        SecuritySettings {
            throttle_account_limit: 10_000,
            throttle_address_limit: 10_000,
            throttle_inbound_limit: 10_000,
            ..SecuritySettings::resolve(&SecurityArgs::default(), &FileSettings::default())
        }
    }
}

/// The live event feed.
#[derive(Clone, Debug)]
pub struct EventSettings {
    /// How often the hub looks for events committed by other instances or processes.
    pub poll_ms: u64,
    pub heartbeat_secs: u64,
}

/// Webhook delivery.
#[derive(Clone, Debug)]
pub struct WebhookSettings {
    /// Targets on loopback, private and link-local addresses are allowed.
    pub allow_private: bool,
    /// How often the worker looks for due deliveries (besides being woken by local commits).
    pub poll_ms: u64,
    pub retry_base_ms: u64,
    pub retry_max_ms: u64,
    /// Failed attempts in a row after which a webhook is disabled.
    pub disable_after: u32,
    pub timeout_ms: u64,
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
    pub reply_token_in: ReplyTokenIn,
    /// Replies need `dmarc=pass` in a believed `Authentication-Results` header.
    pub require_dmarc: bool,
    /// The authserv-id whose `Authentication-Results` are believed (None: the topmost header).
    pub authserv_id: Option<String>,
    pub shutdown_grace_ms: u64,
    pub retention_days: u32,
    /// How long a turn email waits before it is sent (0: not at all).
    pub turn_wait_secs: u64,
    pub invitations_per_account_per_day: u32,
    pub invitations_per_recipient_per_day: u32,
    /// Refusals of moves by email mailed to one address per hour, in all and about one game.
    pub refusals_per_hour: u32,
    pub refusals_per_game_per_hour: u32,
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
            reply_token_in: ReplyTokenIn::Address,
            require_dmarc: false,
            authserv_id: None,
            shutdown_grace_ms: 20_000,
            retention_days: 7,
            // Tests see turn emails at once; the test of the wait sets its own.
            turn_wait_secs: 0,
            invitations_per_account_per_day: 20,
            invitations_per_recipient_per_day: 3,
            // Generous, like the throttles in tests: the test of the limit sets its own.
            refusals_per_hour: 1000,
            refusals_per_game_per_hour: 1000,
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
                toml::from_str(&text)
                    .map_err(|source| SettingsError::Parse { path: path.display().to_string(), source })?
            }
            None => FileSettings::default(),
        };
        let security = SecuritySettings::resolve(&args.security, &file);
        let bind = args.bind.clone().or(file.bind).unwrap_or_else(|| "127.0.0.1:8080".into());
        let public_url = args.public_url.clone().or(file.public_url).unwrap_or_else(|| format!("http://{bind}"));
        let from =
            args.mail_from.clone().or(file.mail_from).unwrap_or_else(|| format!("tegami@{}", host_of(&public_url)));
        let mut mail = MailSettings {
            smtp_url: args.smtp_url.clone().or(file.smtp_url).filter(|u| !u.trim().is_empty()),
            dir: args.mail_dir.clone().or(file.mail_dir).unwrap_or_else(|| PathBuf::from("mail")),
            reply_address: String::new(),
            inbound_secret: args.inbound_secret.clone().or(file.inbound_secret).filter(|s| !s.is_empty()),
            poll_ms: args.mail_poll_ms.or(file.mail_poll_ms).unwrap_or(2000).max(10),
            retry_base_ms: args.mail_retry_base_ms.or(file.mail_retry_base_ms).unwrap_or(30_000).max(1),
            retry_max_ms: args.mail_retry_max_ms.or(file.mail_retry_max_ms).unwrap_or(3_600_000).max(1),
            require_verified: args.require_verified_email.or(file.require_verified_email).unwrap_or(true),
            reply_token_in: args.mail_reply_token.or(file.mail_reply_token).unwrap_or_default(),
            require_dmarc: args.mail_require_dmarc.or(file.mail_require_dmarc).unwrap_or(false),
            authserv_id: args.mail_authserv_id.clone().or(file.mail_authserv_id).filter(|s| !s.trim().is_empty()),
            shutdown_grace_ms: args.mail_shutdown_grace_ms.or(file.mail_shutdown_grace_ms).unwrap_or(20_000),
            retention_days: args.mail_retention_days.or(file.mail_retention_days).unwrap_or(7),
            turn_wait_secs: args.mail_turn_wait_secs.or(file.mail_turn_wait_secs).unwrap_or(120),
            invitations_per_account_per_day: args
                .invitations_per_account_per_day
                .or(file.invitations_per_account_per_day)
                .unwrap_or(20),
            invitations_per_recipient_per_day: args
                .invitations_per_recipient_per_day
                .or(file.invitations_per_recipient_per_day)
                .unwrap_or(3),
            refusals_per_hour: args.mail_refusals_per_hour.or(file.mail_refusals_per_hour).unwrap_or(10),
            refusals_per_game_per_hour: args
                .mail_refusals_per_game_per_hour
                .or(file.mail_refusals_per_game_per_hour)
                .unwrap_or(4),
            from,
        };
        mail.reply_address = args
            .mail_reply_address
            .clone()
            .or(file.mail_reply_address)
            .unwrap_or_else(|| format!("play@{}", mail.domain()));
        let events_poll_ms = args.events_poll_ms.or(file.events_poll_ms).unwrap_or(500).max(10);
        Ok(Settings {
            security,
            mail,
            events: EventSettings {
                poll_ms: events_poll_ms,
                heartbeat_secs: args.events_heartbeat_secs.or(file.events_heartbeat_secs).unwrap_or(15).max(1),
            },
            webhooks: WebhookSettings {
                allow_private: args.webhook_allow_private.or(file.webhook_allow_private).unwrap_or(false),
                poll_ms: events_poll_ms,
                retry_base_ms: args.webhook_retry_base_ms.or(file.webhook_retry_base_ms).unwrap_or(30_000).max(1),
                retry_max_ms: args.webhook_retry_max_ms.or(file.webhook_retry_max_ms).unwrap_or(3_600_000).max(1),
                disable_after: args.webhook_disable_after.or(file.webhook_disable_after).unwrap_or(10).max(1),
                timeout_ms: args.webhook_timeout_ms.or(file.webhook_timeout_ms).unwrap_or(10_000).max(100),
            },
            deadline_reminder_hours: args.deadline_reminder_hours.or(file.deadline_reminder_hours).unwrap_or(24),
            db_pool_size: args.db_pool_size.or(file.db_pool_size).unwrap_or(8).max(1),
            db_writers: args
                .db_writers
                .or(file.db_writers)
                .unwrap_or(crate::db::writer::DEFAULT_POSTGRES_WRITERS as u32)
                .max(1),
            sqlite_synchronous: args.sqlite_synchronous.or(file.sqlite_synchronous).unwrap_or_default(),
            clock: crate::time::Clock::default(),
            database_url: args
                .database_url
                .clone()
                .or(file.database_url)
                .unwrap_or_else(|| "sqlite://tegami.db".into()),
            public_url: public_url.trim_end_matches('/').to_string(),
            jwt_secret: args.jwt_secret.clone().or(file.jwt_secret),
            log: args.log.clone().or(file.log).unwrap_or_else(|| "info".into()),
            log_format: args.log_format.or(file.log_format).unwrap_or_default(),
            malloc_tuning: args.malloc_tuning.or(file.malloc_tuning).unwrap_or(true),
            metrics: crate::metrics::MetricsSettings {
                bind: args.metrics_bind.clone().or(file.metrics_bind).filter(|b| !b.trim().is_empty()),
                token: args.metrics_token.clone().or(file.metrics_token).filter(|t| !t.is_empty()),
            },
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
            log_format: LogFormat::Plain,
            mail: MailSettings::for_tests(&database_path.parent().unwrap_or(std::path::Path::new(".")).join("mail")),
            deadline_reminder_hours: 24,
            db_pool_size: 4,
            db_writers: crate::db::writer::DEFAULT_POSTGRES_WRITERS as u32,
            sqlite_synchronous: SqliteSync::Full,
            clock: crate::time::Clock::adjustable(),
            security: SecuritySettings::for_tests(),
            events: EventSettings { poll_ms: 100, heartbeat_secs: 15 },
            // Test receivers listen on 127.0.0.1.
            webhooks: WebhookSettings {
                allow_private: true,
                poll_ms: 50,
                retry_base_ms: 100,
                retry_max_ms: 400,
                disable_after: 10,
                timeout_ms: 5_000,
            },
            malloc_tuning: true,
            metrics: crate::metrics::MetricsSettings::default(),
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
        assert_eq!(s.sqlite_synchronous, SqliteSync::Full);
        assert!(s.malloc_tuning);
    }

    #[test]
    fn durability_can_be_relaxed_in_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tegami.toml");
        std::fs::write(&path, "sqlite_synchronous = \"normal\"\n").unwrap();
        let s = Settings::resolve(&SettingsArgs { config: Some(path), ..Default::default() }).unwrap();
        assert_eq!(s.sqlite_synchronous, SqliteSync::Normal);
    }

    #[test]
    fn mail_keys_come_from_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tegami.toml");
        std::fs::write(
            &path,
            "smtp_url = \"smtp://relay:25\"\nmail_from = \"games@example.org\"\nmail_retry_base_ms = 5\n",
        )
        .unwrap();
        let s = Settings::resolve(&SettingsArgs { config: Some(path), ..Default::default() }).unwrap();
        assert_eq!(s.mail.smtp_url.as_deref(), Some("smtp://relay:25"));
        assert_eq!(s.mail.domain(), "example.org");
        assert_eq!(s.mail.reply_address, "play@example.org");
        assert_eq!(s.mail.retry_base_ms, 5);
    }

    #[test]
    fn email_trust_and_log_keys_come_from_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tegami.toml");
        std::fs::write(
            &path,
            "log_format = \"json\"\nmail_reply_token = \"references\"\nmail_require_dmarc = true\n\
             mail_authserv_id = \"mx.example.org\"\ninvitations_per_recipient_per_day = 1\nmail_retention_days = 30\n",
        )
        .unwrap();
        let s = Settings::resolve(&SettingsArgs { config: Some(path), ..Default::default() }).unwrap();
        assert_eq!(s.log_format, LogFormat::Json);
        assert_eq!(s.mail.reply_token_in, ReplyTokenIn::References);
        assert!(s.mail.require_dmarc);
        assert_eq!(s.mail.authserv_id.as_deref(), Some("mx.example.org"));
        assert_eq!((s.mail.invitations_per_recipient_per_day, s.mail.invitations_per_account_per_day), (1, 20));
        assert_eq!(s.mail.retention_days, 30);
        let d = Settings::resolve(&SettingsArgs::default()).unwrap();
        assert_eq!(
            (d.log_format, d.mail.reply_token_in, d.mail.require_dmarc),
            (LogFormat::Plain, ReplyTokenIn::Address, false)
        );
    }

    #[test]
    fn writer_connections_come_from_the_file_and_are_at_least_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tegami.toml");
        let writers = |file: &str| {
            std::fs::write(&path, file).unwrap();
            Settings::resolve(&SettingsArgs { config: Some(path.clone()), ..Default::default() }).unwrap().db_writers
        };
        assert_eq!(writers(""), 2);
        assert_eq!(writers("db_writers = 4\n"), 4);
        assert_eq!(writers("db_writers = 0\n"), 1);
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
    fn metrics_are_off_unless_an_address_or_a_token_is_set() {
        let d = Settings::resolve(&SettingsArgs::default()).unwrap();
        assert!(!d.metrics.enabled());
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tegami.toml");
        std::fs::write(&path, "metrics_bind = \"127.0.0.1:9464\"\nmetrics_token = \"\"\n").unwrap();
        let s = Settings::resolve(&SettingsArgs { config: Some(path), ..Default::default() }).unwrap();
        assert_eq!((s.metrics.bind.as_deref(), s.metrics.token.as_deref()), (Some("127.0.0.1:9464"), None));
        assert!(s.metrics.enabled());
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

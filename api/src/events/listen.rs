//! Cross-instance wake-ups on PostgreSQL: the transaction that records an event also sends `NOTIFY
//! tegami_events, '<id>'` ([`notify`]); PostgreSQL delivers it at commit, and only if the transaction commits,
//! to every session that LISTENs on the channel. Each instance keeps one such session ([`run`]) beside its
//! connection pool and tells its [`Hub`](super::hub::Hub), which then reads the new rows as after a local commit.
//!
//! A notification is only a hint to read: the rows themselves are always read by event id. So a notification
//! lost while the session was down costs nothing but time: each new session is announced (a new
//! [`Heard::session`]) and the hub answers it with a read of everything after its last event; the hub's slow
//! poll covers whatever else could slip through.
//!
//! diesel has no way to wait for a notification, so the session is a `tokio-postgres` connection (one per
//! instance), encrypted as the URL's `sslmode` and `sslrootcert` ask, as libpq encrypts the pool's.

use std::str::FromStr;
use std::time::Duration;

use futures_util::StreamExt;
use tokio::sync::watch;
use tokio_postgres::AsyncMessage;

use crate::db::Conn;

/// The channel events are announced on.
pub const CHANNEL: &str = "tegami_events";

/// The `application_name` of the listening session (how an operator, or a test, finds it in
/// `pg_stat_activity`).
pub const APPLICATION_NAME: &str = "tegami-server events";

/// The first wait before reconnecting a lost session; it doubles up to [`RECONNECT_MAX`].
const RECONNECT_MIN: Duration = Duration::from_millis(250);
const RECONNECT_MAX: Duration = Duration::from_secs(30);

/// Announces event `id` to every listening instance when the caller's transaction commits (nothing on SQLite,
/// whose events can only come from processes on this machine, which the hub's poll reads).
pub fn notify(conn: &mut Conn, id: i64) -> diesel::QueryResult<()> {
    use diesel::connection::SimpleConnection;
    match conn {
        Conn::Postgres(_) if NOTIFY_HELD.get() => {
            NOTIFY_OWED.set(true);
            Ok(())
        }
        // An i64 needs no quoting beyond the literal's own quotes.
        Conn::Postgres(c) => c.batch_execute(&format!("NOTIFY {CHANNEL}, '{id}'")),
        Conn::Sqlite(_) => Ok(()),
    }
}

thread_local! {
    static NOTIFY_HELD: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    static NOTIFY_OWED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` (the requests of one writer batch, all in one transaction) with their announcements held back,
/// then announces the newest event once, in the same transaction, if any of them recorded one: a NOTIFY per
/// move was a round trip per move. (A move's event announces itself within the statement that records it:
/// see `events::record`.) A listener reads every event after the last it read, so the newest id
/// announces them all; one of a request rolled back since is a read that finds nothing more.
pub(crate) fn announcing_once<T>(conn: &mut Conn, f: impl FnOnce(&mut Conn) -> T) -> (T, diesel::QueryResult<()>) {
    struct Release(bool);
    impl Drop for Release {
        fn drop(&mut self) {
            NOTIFY_HELD.set(self.0);
        }
    }
    let release = Release(NOTIFY_HELD.replace(true));
    NOTIFY_OWED.set(false);
    let value = f(conn);
    drop(release);
    let announced = match conn {
        Conn::Postgres(c) if NOTIFY_OWED.replace(false) => {
            use diesel::connection::SimpleConnection;
            c.batch_execute(&format!("SELECT pg_notify('{CHANNEL}', last_id::text) FROM event_counter WHERE id = 1"))
        }
        _ => Ok(()),
    };
    (value, announced)
}

/// What the listening session has heard so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Heard {
    /// The newest event id announced (0 before the first).
    pub newest: i64,
    /// Counts the sessions that started LISTENing: a new one may have missed events committed while none
    /// was listening.
    pub session: u64,
    /// A session is listening now.
    pub listening: bool,
}

/// Keeps a session LISTENing on [`CHANNEL`] of the PostgreSQL database at `url` and publishes what it hears,
/// until the task is dropped. A lost session is reconnected with backoff.
pub async fn run(url: String, heard: watch::Sender<Heard>) {
    let configured = config(&url).and_then(|(config, encryption)| Ok((config, encryption.connector()?, encryption)));
    let (config, tls, encryption) = match configured {
        Ok(configured) => configured,
        Err(e) => {
            tracing::warn!(error = %e, "event hub: cannot LISTEN with this database URL; events from other instances arrive by polling only");
            return;
        }
    };
    if !encryption.unsupported.is_empty() {
        tracing::warn!(
            options = encryption.unsupported.join(", "),
            "event hub: the LISTEN session presents no client certificate; if the database insists on one, events from other instances arrive by polling only"
        );
    }
    let mut wait = RECONNECT_MIN;
    loop {
        match session(&config, tls.clone(), &heard).await {
            Ended::Lost(e) => {
                tracing::warn!(error = %e, "event hub: the LISTEN session was lost; reconnecting (events are read by id, none is missed)");
                wait = RECONNECT_MIN;
            }
            Ended::NotStarted(e) => {
                tracing::warn!(error = %e, retry_ms = wait.as_millis() as u64, "event hub: cannot LISTEN; events from other instances arrive by polling until it can");
            }
        }
        heard.send_modify(|h| h.listening = false);
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(RECONNECT_MAX);
    }
}

/// The listening session's settings and encryption, from the database URL the pool's connections use.
fn config(url: &str) -> Result<(tokio_postgres::Config, Encryption), ConfigError> {
    let (url, encryption) = split_encryption(url)?;
    let mut config = tokio_postgres::Config::from_str(&url)?;
    config.ssl_mode(encryption.ssl_mode());
    config.application_name(APPLICATION_NAME);
    config.connect_timeout(Duration::from_secs(10));
    // A silently dropped connection (a NAT, a failover) is noticed within minutes, not hours.
    config.keepalives(true);
    config.keepalives_idle(Duration::from_secs(60));
    Ok((config, encryption))
}

#[derive(Debug, thiserror::Error)]
enum ConfigError {
    #[error(transparent)]
    Url(#[from] tokio_postgres::Error),
    #[error("`sslmode={0}` is not one of disable, allow, prefer, require, verify-ca, verify-full")]
    SslMode(String),
    #[error("cannot read the root certificate `{path}` (sslrootcert): {reason}")]
    RootCert { path: String, reason: String },
    #[error(transparent)]
    Tls(#[from] native_tls::Error),
}

/// libpq's `sslmode`: how much of TLS a connection insists on. libpq's default is `prefer`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum SslMode {
    Disable,
    /// Plain first in libpq, TLS if the server insists; here as `prefer` (tokio-postgres has no `allow`).
    Allow,
    #[default]
    Prefer,
    Require,
    VerifyCa,
    VerifyFull,
}

/// How the listening session encrypts, as libpq would for the same URL: `sslmode`, and `sslrootcert` (a PEM
/// file, or `system` for the system's trusted roots) for the modes that check the server's certificate. As
/// in libpq, `require` with a root certificate checks the chain as `verify-ca` does.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Encryption {
    mode: SslMode,
    root_cert: Option<String>,
    /// libpq options this session cannot honour (a client certificate), named in a warning.
    unsupported: Vec<String>,
}

impl Encryption {
    fn ssl_mode(&self) -> tokio_postgres::config::SslMode {
        use tokio_postgres::config::SslMode as Tokio;
        match self.mode {
            SslMode::Disable => Tokio::Disable,
            SslMode::Allow | SslMode::Prefer => Tokio::Prefer,
            SslMode::Require | SslMode::VerifyCa | SslMode::VerifyFull => Tokio::Require,
        }
    }

    fn connector(&self) -> Result<postgres_native_tls::MakeTlsConnector, ConfigError> {
        let mut builder = native_tls::TlsConnector::builder();
        let checks_chain = matches!(self.mode, SslMode::VerifyCa | SslMode::VerifyFull)
            || (self.mode == SslMode::Require && self.root_cert.is_some());
        if !checks_chain {
            // libpq's `prefer` and `require`: encrypted, whoever the server is.
            builder.danger_accept_invalid_certs(true);
        }
        if self.mode != SslMode::VerifyFull {
            builder.danger_accept_invalid_hostnames(true);
        }
        if checks_chain && let Some(path) = self.root_cert.as_deref().filter(|p| *p != "system") {
            let unreadable = |reason: String| ConfigError::RootCert { path: path.to_string(), reason };
            let pem = std::fs::read(path).map_err(|e| unreadable(e.to_string()))?;
            let roots = native_tls::Certificate::stack_from_pem(&pem).map_err(|e| unreadable(e.to_string()))?;
            if roots.is_empty() {
                return Err(unreadable("no certificate in it".into()));
            }
            // Only the file's roots, as libpq trusts them.
            builder.disable_built_in_roots(true);
            for root in roots {
                builder.add_root_certificate(root);
            }
        }
        Ok(postgres_native_tls::MakeTlsConnector::new(builder.build()?))
    }
}

/// Options of a `postgres://` URL that libpq (the pool's connections) reads and tokio-postgres refuses as
/// unknown: the encryption ones are read into an [`Encryption`]; GSSAPI encryption is never used here.
const LIBPQ_ONLY_OPTIONS: [&str; 4] = ["sslmode", "sslrootcert", "gssencmode", "sslnegotiation"];

/// Client-certificate options: libpq presents the certificate, this session cannot.
const CLIENT_CERTIFICATE_OPTIONS: [&str; 4] = ["sslcert", "sslkey", "sslpassword", "sslcertmode"];

/// `url` without the options tokio-postgres does not read, and the encryption they ask for.
fn split_encryption(url: &str) -> Result<(String, Encryption), ConfigError> {
    let mut encryption = Encryption::default();
    let Some((base, query)) = url.split_once('?') else { return Ok((url.to_string(), encryption)) };
    let mut kept = Vec::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let value = percent_encoding::percent_decode_str(value).decode_utf8_lossy().into_owned();
        match key {
            "sslmode" => {
                encryption.mode = match value.as_str() {
                    "disable" => SslMode::Disable,
                    "allow" => SslMode::Allow,
                    "prefer" => SslMode::Prefer,
                    "require" => SslMode::Require,
                    "verify-ca" => SslMode::VerifyCa,
                    "verify-full" => SslMode::VerifyFull,
                    _ => return Err(ConfigError::SslMode(value)),
                }
            }
            "sslrootcert" => encryption.root_cert = Some(value),
            _ if LIBPQ_ONLY_OPTIONS.contains(&key) => {}
            _ if CLIENT_CERTIFICATE_OPTIONS.contains(&key) => encryption.unsupported.push(key.to_string()),
            _ => kept.push(pair),
        }
    }
    let url = if kept.is_empty() { base.to_string() } else { format!("{base}?{}", kept.join("&")) };
    Ok((url, encryption))
}

enum Ended {
    /// The session never got to LISTEN.
    NotStarted(Broken),
    /// The session listened, then broke.
    Lost(Broken),
}

#[derive(Debug, thiserror::Error)]
enum Broken {
    #[error(transparent)]
    Postgres(#[from] tokio_postgres::Error),
    #[error("the server closed the connection")]
    Closed,
}

/// One connection: LISTEN, then pass on notifications until it breaks.
async fn session(
    config: &tokio_postgres::Config,
    tls: postgres_native_tls::MakeTlsConnector,
    heard: &watch::Sender<Heard>,
) -> Ended {
    let (client, mut connection) = match config.connect(tls).await {
        Ok(pair) => pair,
        Err(e) => return Ended::NotStarted(e.into()),
    };
    // The connection carries the LISTEN's reply as well as the notifications: it is read all along.
    let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
    let listen = format!("LISTEN {CHANNEL}");
    {
        let listening = client.batch_execute(&listen);
        tokio::pin!(listening);
        loop {
            tokio::select! {
                done = &mut listening => match done {
                    Ok(()) => break,
                    Err(e) => return Ended::NotStarted(e.into()),
                },
                message = messages.next() => if let Err(e) = pass_on(message, heard) {
                    return Ended::NotStarted(e);
                },
            }
        }
    }
    tracing::info!(channel = CHANNEL, "event hub: listening for events committed by other instances");
    heard.send_modify(|h| {
        h.session += 1;
        h.listening = true;
    });
    // `client` lives to the end of this function: dropping it would close the session.
    loop {
        if let Err(e) = pass_on(messages.next().await, heard) {
            return Ended::Lost(e);
        }
    }
}

/// Publishes a notification; an error (or the end of the connection) ends the session.
fn pass_on(
    message: Option<Result<AsyncMessage, tokio_postgres::Error>>,
    heard: &watch::Sender<Heard>,
) -> Result<(), Broken> {
    match message {
        Some(Ok(AsyncMessage::Notification(n))) if n.channel() == CHANNEL => {
            match n.payload().parse::<i64>() {
                Ok(id) => {
                    heard.send_if_modified(|h| {
                        let newer = id > h.newest;
                        h.newest = h.newest.max(id);
                        newer
                    });
                }
                Err(_) => {
                    tracing::debug!(payload = n.payload(), "event hub: a notification that is not an event id; ignored")
                }
            }
            Ok(())
        }
        // Notices and notifications of other channels.
        Some(Ok(_)) => Ok(()),
        Some(Err(e)) => Err(e.into()),
        None => Err(Broken::Closed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_with_libpq_only_options_still_configure_the_listening_session() {
        let url = "postgres://u@h:5433/db?sslmode=disable&gssencmode=disable&application_name=x";
        let (rest, encryption) = split_encryption(url).unwrap();
        assert_eq!(rest, "postgres://u@h:5433/db?application_name=x");
        assert_eq!(encryption.mode, SslMode::Disable);
        assert_eq!(split_encryption("postgres://h/db?gssencmode=prefer").unwrap().0, "postgres://h/db");
        assert_eq!(split_encryption("postgres://h/db").unwrap(), ("postgres://h/db".into(), Encryption::default()));
        let (parsed, _) = config(url).unwrap();
        assert_eq!(parsed.get_dbname(), Some("db"));
        assert_eq!(parsed.get_ports(), [5433]);
        assert_eq!(parsed.get_ssl_mode(), tokio_postgres::config::SslMode::Disable);
    }

    #[test]
    fn the_encryption_is_read_as_libpq_reads_it() {
        let (_, e) = split_encryption("postgres://h/db?sslmode=verify-full&sslrootcert=%2Fetc%2Fdb%20ca.pem").unwrap();
        assert_eq!((e.mode, e.root_cert.as_deref()), (SslMode::VerifyFull, Some("/etc/db ca.pem")));
        assert_eq!(
            config("postgres://h/db?sslmode=verify-ca").unwrap().0.get_ssl_mode(),
            tokio_postgres::config::SslMode::Require
        );
        // libpq's default.
        assert_eq!(config("postgres://h/db").unwrap().0.get_ssl_mode(), tokio_postgres::config::SslMode::Prefer);
        let (rest, e) = split_encryption("postgres://h/db?sslcert=c.pem&sslkey=k.pem&sslmode=require").unwrap();
        assert_eq!(rest, "postgres://h/db");
        assert_eq!(e.unsupported, ["sslcert", "sslkey"]);
        let refused = split_encryption("postgres://h/db?sslmode=sometimes").unwrap_err();
        assert_eq!(
            refused.to_string(),
            "`sslmode=sometimes` is not one of disable, allow, prefer, require, verify-ca, verify-full"
        );
    }

    #[test]
    fn a_root_certificate_that_cannot_be_read_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("missing.pem");
        let e =
            Encryption { mode: SslMode::VerifyCa, root_cert: Some(missing.display().to_string()), unsupported: vec![] };
        assert!(matches!(e.connector(), Err(ConfigError::RootCert { .. })));
        let empty = dir.path().join("empty.pem");
        std::fs::write(&empty, "not a certificate\n").unwrap();
        let e =
            Encryption { mode: SslMode::VerifyFull, root_cert: Some(empty.display().to_string()), unsupported: vec![] };
        let message = e.connector().err().expect("refused").to_string();
        assert!(message.contains("empty.pem"), "{message}");
        // `prefer` and `require` without a root certificate check nothing, so need none.
        assert!(Encryption { mode: SslMode::Require, ..Encryption::default() }.connector().is_ok());
    }
}

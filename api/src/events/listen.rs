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
//! instance, without TLS: a database that requires TLS is followed by the poll alone, with a warning).

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
        // An i64 needs no quoting beyond the literal's own quotes.
        Conn::Postgres(c) => c.batch_execute(&format!("NOTIFY {CHANNEL}, '{id}'")),
        Conn::Sqlite(_) => Ok(()),
    }
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
    let config = match config(&url) {
        Ok(config) => config,
        Err(e) => {
            tracing::warn!(error = %e, "event hub: cannot LISTEN (the database URL is not one tokio-postgres reads); events from other instances arrive by polling only");
            return;
        }
    };
    let mut wait = RECONNECT_MIN;
    loop {
        match session(&config, &heard).await {
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

fn config(url: &str) -> Result<tokio_postgres::Config, tokio_postgres::Error> {
    let mut config = tokio_postgres::Config::from_str(&without_libpq_only_options(url))?;
    config.application_name(APPLICATION_NAME);
    config.connect_timeout(Duration::from_secs(10));
    // A silently dropped connection (a NAT, a failover) is noticed within minutes, not hours.
    config.keepalives(true);
    config.keepalives_idle(Duration::from_secs(60));
    Ok(config)
}

/// Options of a `postgres://` URL that libpq (the pool's connections) reads and tokio-postgres refuses as
/// unknown, though they change nothing for this session: it never encrypts with GSSAPI.
const LIBPQ_ONLY_OPTIONS: [&str; 1] = ["gssencmode"];

/// `url` without the [`LIBPQ_ONLY_OPTIONS`] in its query.
fn without_libpq_only_options(url: &str) -> String {
    let Some((base, query)) = url.split_once('?') else { return url.to_string() };
    let kept: Vec<&str> = query
        .split('&')
        .filter(|pair| !LIBPQ_ONLY_OPTIONS.contains(&pair.split_once('=').map_or(*pair, |(key, _)| key)))
        .collect();
    if kept.is_empty() { base.to_string() } else { format!("{base}?{}", kept.join("&")) }
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
async fn session(config: &tokio_postgres::Config, heard: &watch::Sender<Heard>) -> Ended {
    let (client, mut connection) = match config.connect(tokio_postgres::NoTls).await {
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
    use super::{config, without_libpq_only_options};

    #[test]
    fn urls_with_libpq_only_options_still_configure_the_listening_session() {
        let url = "postgres://u@h:5433/db?sslmode=disable&gssencmode=disable";
        assert_eq!(without_libpq_only_options(url), "postgres://u@h:5433/db?sslmode=disable");
        assert_eq!(without_libpq_only_options("postgres://h/db?gssencmode=prefer"), "postgres://h/db");
        assert_eq!(without_libpq_only_options("postgres://h/db"), "postgres://h/db");
        let parsed = config(url).unwrap();
        assert_eq!(parsed.get_dbname(), Some("db"));
        assert_eq!(parsed.get_ports(), [5433]);
    }
}

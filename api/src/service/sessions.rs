//! Sessions recorded server-side: each session JWT names a row here, and a request is accepted only while
//! that row is live. A session ends after `session_idle` without use (each use pushes the end forward), at
//! `session_max` after sign-in at the latest, or when signed out (this one, or everywhere).

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use shared::api_types::SessionInfo;

use crate::db::Conn;
use crate::db::native::RunNative as _;
use crate::db::schema::{accounts, sessions};
use crate::error::{ApiError, ApiResult};
use crate::secrets::random_bytes;
use crate::settings::SecuritySettings;
use crate::time::millis;

/// How stale `last_seen_at` may get before a request writes it again (keeps reads from becoming writes).
const TOUCH_EVERY_SECS: i64 = 60;
/// Longest user agent kept for the session list.
const MAX_USER_AGENT_CHARS: usize = 200;

fn stamp(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// A new session's id and its absolute end.
pub struct NewSession {
    pub id: String,
    pub ends_at: DateTime<Utc>,
}

/// Records a new session for `account`.
pub fn create(
    conn: &mut Conn,
    security: &SecuritySettings,
    now: DateTime<Utc>,
    account: i64,
    client: &str,
    user_agent: Option<&str>,
) -> ApiResult<NewSession> {
    let id = hex::encode(random_bytes::<16>());
    let ends_at = now + security.session_max;
    let expires_at = (now + security.session_idle).min(ends_at);
    // Shown back in `tegami sessions`: printable characters only, and not too many of them.
    let user_agent = user_agent.map(|ua| {
        ua.chars().filter(|c| !crate::validate::is_invisible_control(*c)).take(MAX_USER_AGENT_CHARS).collect::<String>()
    });
    diesel::insert_into(sessions::table)
        .values((
            sessions::id.eq(&id),
            sessions::account_id.eq(account),
            sessions::created_at.eq(stamp(now)),
            sessions::last_seen_at.eq(stamp(now)),
            sessions::expires_at.eq(stamp(expires_at)),
            sessions::ends_at.eq(stamp(ends_at)),
            sessions::client.eq(client),
            sessions::user_agent.eq(user_agent),
        ))
        .execute(conn)?;
    Ok(NewSession { id, ends_at })
}

/// Accepts a request made with session `id` of `account` (401 when it is over or revoked, or the account
/// is gone), and slides its idle end forward.
pub fn check(
    conn: &mut Conn,
    session_idle: chrono::Duration,
    now: DateTime<Utc>,
    id: &str,
    account: i64,
) -> ApiResult<()> {
    match read_check(conn, session_idle, now, id, account)? {
        Some(Touch { seen_at, expires_at }) => touch(conn, id, &seen_at, &expires_at),
        None => Ok(()),
    }
}

/// A write a live session is due: when it was last seen, and its idle end from then on.
pub struct Touch {
    seen_at: String,
    expires_at: String,
}

/// [`check`] without its write: accepts a request made with session `id` of `account` as [`check`] does, and
/// says whether the session's idle end is due to be moved forward (once a minute at most), which only
/// [`check`] does.
pub fn read_check(
    conn: &mut Conn,
    session_idle: chrono::Duration,
    now: DateTime<Utc>,
    id: &str,
    account: i64,
) -> ApiResult<Option<Touch>> {
    type Row = (String, String, String, Option<String>, Option<String>, Option<String>);
    let found: Option<Row> = sessions::table
        .inner_join(accounts::table.on(accounts::id.eq(sessions::account_id)))
        .filter(sessions::id.eq(id))
        .filter(sessions::account_id.eq(account))
        .select((
            sessions::last_seen_at,
            sessions::expires_at,
            sessions::ends_at,
            sessions::revoked_at,
            accounts::deleted_at,
            accounts::suspended_at,
        ))
        .first_native(conn)
        .optional()?;
    let Some((last_seen, expires_at, ends_at, revoked_at, deleted_at, suspended_at)) = found else {
        return Err(ApiError::unauthorized("bad_token", "this session is unknown; log in again"));
    };
    if deleted_at.is_some() {
        return Err(ApiError::unauthorized("unknown_account", "this account was deleted"));
    }
    if suspended_at.is_some() {
        return Err(crate::service::accounts::suspended_error());
    }
    if revoked_at.is_some() {
        return Err(ApiError::unauthorized("session_revoked", "this session was signed out; log in again"));
    }
    let now_text = stamp(now);
    if now_text >= expires_at || now_text >= ends_at {
        return Err(ApiError::unauthorized("session_expired", "your session has expired; log in again"));
    }
    let stale = DateTime::parse_from_rfc3339(&last_seen)
        .map(|seen| (now - seen.with_timezone(&Utc)).num_seconds() >= TOUCH_EVERY_SECS)
        .unwrap_or(true);
    if !stale {
        return Ok(None);
    }
    let ends = DateTime::parse_from_rfc3339(&ends_at).map(|e| e.with_timezone(&Utc)).unwrap_or(now);
    Ok(Some(Touch { seen_at: now_text, expires_at: stamp((now + session_idle).min(ends)) }))
}

/// Records that session `id` was seen at `seen_at`, and now expires at `expires_at`. On PostgreSQL a session
/// another transaction is changing meanwhile is left to it: a check runs inside a writer batch, which holds
/// the rows it changes until it commits, and two writer connections touching two players' sessions in
/// opposite orders would each wait for the other.
fn touch(conn: &mut Conn, id: &str, seen_at: &str, expires_at: &str) -> ApiResult<()> {
    use diesel::sql_types::Text;
    match conn {
        Conn::Postgres(c) => {
            diesel::sql_query(
                "UPDATE sessions SET last_seen_at = $1, expires_at = $2 \
                 WHERE id = (SELECT id FROM sessions WHERE id = $3 FOR UPDATE SKIP LOCKED)",
            )
            .bind::<Text, _>(seen_at)
            .bind::<Text, _>(expires_at)
            .bind::<Text, _>(id)
            .execute(c)?;
        }
        Conn::Sqlite(c) => {
            diesel::update(sessions::table.find(id))
                .set((sessions::last_seen_at.eq(seen_at), sessions::expires_at.eq(expires_at)))
                .execute(c)?;
        }
    }
    Ok(())
}

type SessionRow = (String, String, String, String, String, Option<String>, Option<String>);

/// My live sessions, newest first; `current` marks the one asking.
pub fn list(conn: &mut Conn, now: DateTime<Utc>, account: i64, current: Option<&str>) -> ApiResult<Vec<SessionInfo>> {
    let now = stamp(now);
    let rows: Vec<SessionRow> = sessions::table
        .filter(sessions::account_id.eq(account))
        .filter(sessions::revoked_at.is_null())
        .filter(sessions::expires_at.gt(&now))
        .filter(sessions::ends_at.gt(&now))
        .order((sessions::created_at.desc(), sessions::id.asc()))
        .select((
            sessions::id,
            sessions::created_at,
            sessions::last_seen_at,
            sessions::expires_at,
            sessions::ends_at,
            sessions::client,
            sessions::user_agent,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(id, created_at, last_seen_at, expires_at, ends_at, client, user_agent)| SessionInfo {
            current: current == Some(id.as_str()),
            id,
            created_at,
            last_seen_at,
            expires_at,
            ends_at,
            client,
            user_agent,
        })
        .collect())
}

/// Signs out one of my sessions.
pub fn revoke(conn: &mut Conn, now: DateTime<Utc>, account: i64, id: &str) -> ApiResult<()> {
    let n = diesel::update(
        sessions::table
            .filter(sessions::id.eq(id))
            .filter(sessions::account_id.eq(account))
            .filter(sessions::revoked_at.is_null()),
    )
    .set(sessions::revoked_at.eq(millis(now)))
    .execute(conn)?;
    if n == 0 {
        return Err(ApiError::not_found(
            "unknown_session",
            format!("you have no active session `{id}`; `tegami sessions` lists them"),
        ));
    }
    Ok(())
}

/// Signs out every session of `account` except `keep`; returns how many.
pub fn revoke_all(conn: &mut Conn, now: DateTime<Utc>, account: i64, keep: Option<&str>) -> ApiResult<u64> {
    let live = sessions::table.filter(sessions::account_id.eq(account)).filter(sessions::revoked_at.is_null());
    let n = match keep {
        Some(keep) => diesel::update(live.filter(sessions::id.ne(keep)))
            .set(sessions::revoked_at.eq(millis(now)))
            .execute(conn)?,
        None => diesel::update(live).set(sessions::revoked_at.eq(millis(now))).execute(conn)?,
    };
    Ok(n as u64)
}

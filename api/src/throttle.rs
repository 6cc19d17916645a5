//! Throttling of the endpoints that guess or spend: sign-in, registration, password reset, inbound mail and
//! the confirmation emails of added reply addresses; and limits on what is dropped quietly past them (the
//! emails refusing a move by email, see [`within`]).
//! Attempts are counted in the database (one fixed window per key), so every instance on one PostgreSQL
//! shares the counts; a key over its limit gets `429 Too Many Requests` with `Retry-After`. Most endpoints
//! count every attempt ([`hit`]); sign-in counts failures only ([`check`] before, [`record`] after a
//! failure, [`clear`] after a success: see `service::sign_in`).

use std::net::IpAddr;

use actix_web::HttpRequest;
use actix_web::http::StatusCode;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};

use crate::db::Conn;
use crate::error::{ApiError, ApiResult};
use crate::settings::SecuritySettings;

/// What is being counted, and whose attempts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scope {
    SignIn,
    Register,
    PasswordReset,
    Inbound,
    MailAddress,
}

impl Scope {
    fn word(&self) -> &'static str {
        match self {
            Scope::SignIn => "signin",
            Scope::Register => "register",
            Scope::PasswordReset => "reset",
            Scope::Inbound => "inbound",
            Scope::MailAddress => "mail_address",
        }
    }

    fn what(&self) -> &'static str {
        match self {
            Scope::SignIn => "failed sign-in attempts",
            Scope::Register => "registrations",
            Scope::PasswordReset => "password reset requests",
            Scope::Inbound => "inbound messages",
            Scope::MailAddress => "address confirmation emails",
        }
    }
}

/// One counter to bump: per client address, or per account (its normalised email address).
#[derive(Clone, Debug)]
pub struct Counter {
    scope: Scope,
    key: String,
    limit: i64,
}

impl Counter {
    pub fn address(scope: Scope, address: &str, settings: &SecuritySettings) -> Counter {
        let limit = match scope {
            Scope::Inbound => settings.throttle_inbound_limit,
            _ => settings.throttle_address_limit,
        };
        Counter { key: format!("{}:address:{address}", scope.word()), scope, limit }
    }

    pub fn account(scope: Scope, email: &str, settings: &SecuritySettings) -> Counter {
        // Hashed: the table then holds no addresses, and a key never exceeds a fixed length.
        let id = crate::secrets::token_hash(&email.trim().to_lowercase());
        Counter { key: format!("{}:account:{id}", scope.word()), scope, limit: settings.throttle_account_limit }
    }

    /// One counter per known device (see `service::sign_in`), by the device's id.
    pub fn device(scope: Scope, device: &str, settings: &SecuritySettings) -> Counter {
        let id = crate::secrets::token_hash(device);
        Counter { key: format!("{}:device:{id}", scope.word()), scope, limit: settings.throttle_account_limit }
    }

    /// One counter per signed-in account, by its id (what a caller may do only so often).
    pub fn signed_in(scope: Scope, account: i64, settings: &SecuritySettings) -> Counter {
        Counter { key: format!("{}:id:{account}", scope.word()), scope, limit: settings.throttle_account_limit }
    }
}

#[derive(QueryableByName)]
struct Window {
    #[diesel(sql_type = BigInt)]
    window_start: i64,
    #[diesel(sql_type = BigInt)]
    hits: i64,
}

const SQLITE_HIT: &str = "INSERT INTO throttle (key, window_start, hits) VALUES (?, ?, 1) \
     ON CONFLICT (key) DO UPDATE SET \
     hits = CASE WHEN throttle.window_start <= ? THEN 1 ELSE throttle.hits + 1 END, \
     window_start = CASE WHEN throttle.window_start <= ? THEN excluded.window_start ELSE throttle.window_start END \
     RETURNING window_start, hits";
const POSTGRES_HIT: &str = "INSERT INTO throttle (key, window_start, hits) VALUES ($1, $2, 1) \
     ON CONFLICT (key) DO UPDATE SET \
     hits = CASE WHEN throttle.window_start <= $3 THEN 1 ELSE throttle.hits + 1 END, \
     window_start = CASE WHEN throttle.window_start <= $4 THEN excluded.window_start ELSE throttle.window_start END \
     RETURNING window_start, hits";

/// The prefix of the keys counted by [`within`], whose windows are their own.
const QUIET_PREFIX: &str = "quiet:";

/// Counts one more under `key` in the window that began after `cutoff`.
fn bump_key(conn: &mut Conn, key: &str, now: i64, cutoff: i64) -> QueryResult<Window> {
    crate::on_backend!(conn,
        sqlite: |c| diesel::sql_query(SQLITE_HIT)
            .bind::<Text, _>(key).bind::<BigInt, _>(now).bind::<BigInt, _>(cutoff).bind::<BigInt, _>(cutoff)
            .get_result(c),
        postgres: |c| diesel::sql_query(POSTGRES_HIT)
            .bind::<Text, _>(key).bind::<BigInt, _>(now).bind::<BigInt, _>(cutoff).bind::<BigInt, _>(cutoff)
            .get_result(c))
}

/// Counts one more of something that may happen at most `limit` times in `window` seconds under `key`
/// (counted in the database, so every instance on one PostgreSQL shares the count) and tells whether this
/// one is still within the limit. For what is dropped quietly past its limit rather than answered 429.
pub fn within(conn: &mut Conn, key: &str, limit: i64, window: i64, now: i64) -> QueryResult<bool> {
    use crate::db::schema::throttle;
    let cutoff = now - window;
    let key = format!("{QUIET_PREFIX}{key}");
    let row = bump_key(conn, &key, now, cutoff)?;
    if row.hits == 1 {
        diesel::delete(
            throttle::table
                .filter(throttle::key.like(format!("{QUIET_PREFIX}%")))
                .filter(throttle::window_start.le(cutoff)),
        )
        .execute(conn)?;
    }
    Ok(row.hits <= limit)
}

/// Adds one to `counter` (a new window if the last one is over); returns the window.
fn bump(conn: &mut Conn, settings: &SecuritySettings, now: i64, counter: &Counter) -> ApiResult<Window> {
    let cutoff = now - settings.throttle_window_secs;
    let row = bump_key(conn, &counter.key, now, cutoff)?;
    if row.hits == 1 {
        // A window just began: a cheap moment to forget windows that are over (the quiet limits' windows
        // are their own).
        use crate::db::schema::throttle;
        diesel::delete(
            throttle::table
                .filter(throttle::window_start.le(cutoff))
                .filter(throttle::key.not_like(format!("{QUIET_PREFIX}%"))),
        )
        .execute(conn)?;
    }
    Ok(row)
}

/// The 429 for the longest wait among the counters over their limit, if any is.
fn refusal(settings: &SecuritySettings, over: Vec<(i64, &Counter)>) -> ApiResult<()> {
    let Some((wait, counter)) = over.into_iter().max_by_key(|(wait, _)| *wait) else {
        return Ok(());
    };
    tracing::warn!(key = %counter.key, "throttled");
    Err(ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        "too_many_requests",
        format!(
            "too many {} (at most {} per {} seconds); retry in {wait} seconds",
            counter.scope.what(),
            counter.limit,
            settings.throttle_window_secs
        ),
    )
    .with_retry_after(wait as u64))
}

/// Counts one attempt against every counter (all of them, so that a refused attempt still counts), then
/// refuses if any is over its limit, with the longest wait of those that are.
pub fn hit(conn: &mut Conn, settings: &SecuritySettings, now: i64, counters: &[Counter]) -> ApiResult<()> {
    let window = settings.throttle_window_secs;
    let mut over = Vec::new();
    for counter in counters {
        let row = bump(conn, settings, now, counter)?;
        if row.hits > counter.limit {
            over.push(((row.window_start + window - now).max(1), counter));
        }
    }
    refusal(settings, over)
}

/// Refuses, without counting anything, if any counter has already used up its window.
pub fn check(conn: &mut Conn, settings: &SecuritySettings, now: i64, counters: &[Counter]) -> ApiResult<()> {
    use crate::db::schema::throttle;
    let window = settings.throttle_window_secs;
    let mut over = Vec::new();
    for counter in counters {
        let found: Option<(i64, i64)> = throttle::table
            .find(&counter.key)
            .select((throttle::window_start, throttle::hits))
            .first(conn)
            .optional()?;
        if let Some((start, hits)) = found
            && start > now - window
            && hits >= counter.limit
        {
            over.push(((start + window - now).max(1), counter));
        }
    }
    refusal(settings, over)
}

/// Counts one (failed) attempt against every counter, refusing nothing: the next [`check`] will.
pub fn record(conn: &mut Conn, settings: &SecuritySettings, now: i64, counters: &[Counter]) -> ApiResult<()> {
    for counter in counters {
        bump(conn, settings, now, counter)?;
    }
    Ok(())
}

/// Forgets what the counters counted.
pub fn clear(conn: &mut Conn, counters: &[Counter]) -> ApiResult<()> {
    use crate::db::schema::throttle;
    let keys: Vec<&str> = counters.iter().map(|c| c.key.as_str()).collect();
    diesel::delete(throttle::table.filter(throttle::key.eq_any(keys))).execute(conn)?;
    Ok(())
}

/// The client's address for throttling: the peer, or with `behind_proxy` the one the proxy reports. IPv6
/// addresses count by their /64 network, which one client usually holds whole.
pub fn client_address(req: &HttpRequest, behind_proxy: bool) -> String {
    let info = req.connection_info();
    let raw = if behind_proxy {
        info.realip_remote_addr().map(str::to_string)
    } else {
        req.peer_addr().map(|a| a.ip().to_string())
    };
    let raw = raw.unwrap_or_else(|| "unknown".into());
    let host = raw.parse::<std::net::SocketAddr>().map(|a| a.ip().to_string()).unwrap_or(raw);
    match host.trim_matches(['[', ']']).parse::<IpAddr>() {
        Ok(IpAddr::V6(v6)) if v6.to_ipv4_mapped().is_none() => {
            let s = v6.segments();
            format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
        }
        Ok(IpAddr::V6(v6)) => v6.to_ipv4_mapped().map(|v4| v4.to_string()).unwrap_or_default(),
        Ok(IpAddr::V4(v4)) => v4.to_string(),
        Err(_) => host,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn ipv6_clients_count_by_network_and_proxies_only_when_trusted() {
        let req = TestRequest::default()
            .peer_addr("[2001:db8:1:2:3:4:5:6]:4000".parse().unwrap())
            .insert_header(("x-forwarded-for", "203.0.113.9"))
            .to_http_request();
        assert_eq!(client_address(&req, false), "2001:db8:1:2::/64");
        assert_eq!(client_address(&req, true), "203.0.113.9");
        let req = TestRequest::default().peer_addr("192.0.2.7:1234".parse().unwrap()).to_http_request();
        assert_eq!(client_address(&req, false), "192.0.2.7");
    }
}

//! Throttling of the endpoints that guess or spend: sign-in, registration, password reset, inbound mail and
//! the confirmation emails of added reply addresses.
//! Attempts are counted in the database (one fixed window per key), so every instance on one PostgreSQL
//! shares the counts; a key over its limit gets `429 Too Many Requests` with `Retry-After`.

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
            Scope::SignIn => "sign-in attempts",
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
        let id = crate::auth::token_hash(&email.trim().to_lowercase());
        Counter { key: format!("{}:account:{id}", scope.word()), scope, limit: settings.throttle_account_limit }
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

/// Counts one attempt against every counter (all of them, so that a refused attempt still counts), then
/// refuses if any is over its limit, with the longest wait of those that are.
pub fn hit(conn: &mut Conn, settings: &SecuritySettings, now: i64, counters: &[Counter]) -> ApiResult<()> {
    let window = settings.throttle_window_secs;
    let cutoff = now - window;
    let mut refused: Option<(i64, &Counter)> = None;
    for counter in counters {
        let row: Window = crate::on_backend!(conn,
            sqlite: |c| diesel::sql_query(SQLITE_HIT)
                .bind::<Text, _>(&counter.key).bind::<BigInt, _>(now).bind::<BigInt, _>(cutoff).bind::<BigInt, _>(cutoff)
                .get_result(c),
            postgres: |c| diesel::sql_query(POSTGRES_HIT)
                .bind::<Text, _>(&counter.key).bind::<BigInt, _>(now).bind::<BigInt, _>(cutoff).bind::<BigInt, _>(cutoff)
                .get_result(c))?;
        if row.hits == 1 {
            // A window just began: a cheap moment to forget windows that are over.
            use crate::db::schema::throttle;
            diesel::delete(throttle::table.filter(throttle::window_start.le(cutoff))).execute(conn)?;
        }
        if row.hits > counter.limit {
            let wait = (row.window_start + window - now).max(1);
            if refused.is_none_or(|(longest, _)| wait > longest) {
                refused = Some((wait, counter));
            }
        }
    }
    match refused {
        None => Ok(()),
        Some((wait, counter)) => {
            tracing::warn!(key = %counter.key, "throttled");
            Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too_many_requests",
                format!(
                    "too many {} (at most {} per {} seconds); retry in {wait} seconds",
                    counter.scope.what(),
                    counter.limit,
                    window
                ),
            )
            .with_retry_after(wait as u64))
        }
    }
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

//! Who is asking: passwords (argon2), session JWTs (HS256), long-lived API tokens, and the extractors
//! that turn an `Authorization: Bearer …` header into an account id.

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use diesel::prelude::*;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use std::future::Future;
use std::pin::Pin;

use crate::db::Conn;
use crate::db::schema::{accounts, api_tokens, server_settings};
use crate::error::{ApiError, ApiResult};
use crate::secrets::{API_TOKEN_PREFIX, random_bytes, token_hash};
use crate::state::AppState;
use crate::time::now;

#[derive(Debug, Serialize, Deserialize)]
struct SessionClaims {
    sub: String,
    /// The session's row (see `service::sessions`): revoking the row revokes the token.
    sid: String,
    iat: i64,
    exp: i64,
}

/// A signed session token for session `sid` of `account_id`, valid until `ends_at` at the latest.
pub fn issue_session(
    secret: &[u8],
    account_id: i64,
    sid: &str,
    issued: chrono::DateTime<chrono::Utc>,
    ends_at: chrono::DateTime<chrono::Utc>,
) -> ApiResult<String> {
    let claims = SessionClaims {
        sub: account_id.to_string(),
        sid: sid.to_string(),
        iat: issued.timestamp(),
        exp: ends_at.timestamp(),
    };
    jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &EncodingKey::from_secret(secret))
        .map_err(ApiError::internal)
}

/// The account and session a session token names, if its signature and expiry hold (the row is checked
/// separately).
fn verify_session(secret: &[u8], token: &str) -> ApiResult<(i64, String)> {
    let data = jsonwebtoken::decode::<SessionClaims>(
        token,
        &DecodingKey::from_secret(secret),
        &Validation::new(Algorithm::HS256),
    )
    .map_err(|e| match e.kind() {
        jsonwebtoken::errors::ErrorKind::ExpiredSignature => {
            ApiError::unauthorized("session_expired", "your session has expired; log in again")
        }
        _ => ApiError::unauthorized("bad_token", "the bearer token is not valid; log in again"),
    })?;
    let account =
        data.claims.sub.parse().map_err(|_| ApiError::unauthorized("bad_token", "the bearer token is not valid"))?;
    Ok((account, data.claims.sid))
}

fn account_for_api_token(conn: &mut Conn, secret: &str) -> ApiResult<i64> {
    let hash = token_hash(secret);
    let found: Option<(i64, i64, Option<String>)> = api_tokens::table
        .inner_join(accounts::table.on(accounts::id.eq(api_tokens::account_id)))
        .filter(api_tokens::token_hash.eq(&hash))
        .filter(api_tokens::revoked_at.is_null())
        .filter(accounts::deleted_at.is_null())
        .select((api_tokens::id, api_tokens::account_id, accounts::suspended_at))
        .first(conn)
        .optional()?;
    let (id, account, suspended) =
        found.ok_or_else(|| ApiError::unauthorized("bad_token", "this API token is unknown or revoked"))?;
    if suspended.is_some() {
        return Err(crate::service::accounts::suspended_error());
    }
    diesel::update(api_tokens::table.find(id)).set(api_tokens::last_used_at.eq(now())).execute(conn)?;
    Ok(account)
}

/// The JWT secret: from the settings, else the one stored at first start, else a new one (stored).
pub fn load_or_create_jwt_secret(conn: &mut Conn, configured: Option<&str>) -> Result<Vec<u8>, diesel::result::Error> {
    if let Some(secret) = configured {
        return Ok(secret.as_bytes().to_vec());
    }
    let stored: Option<String> =
        server_settings::table.find("jwt_secret").select(server_settings::value).first(conn).optional()?;
    if let Some(secret) = stored {
        return Ok(secret.into_bytes());
    }
    let secret = hex::encode(random_bytes::<32>());
    let insert = diesel::insert_into(server_settings::table)
        .values((server_settings::name.eq("jwt_secret"), server_settings::value.eq(&secret)))
        .on_conflict_do_nothing();
    crate::on_backend!(conn, |c| insert.execute(c))?;
    // Another process may have won the race: use whatever is stored now.
    server_settings::table
        .find("jwt_secret")
        .select(server_settings::value)
        .first::<String>(conn)
        .map(String::into_bytes)
}

fn bearer(req: &HttpRequest) -> ApiResult<Option<String>> {
    let Some(value) = req.headers().get(actix_web::http::header::AUTHORIZATION) else {
        return Ok(None);
    };
    let value =
        value.to_str().map_err(|_| ApiError::unauthorized("bad_token", "the Authorization header is not text"))?;
    let token = value
        .strip_prefix("Bearer ")
        .or_else(|| value.strip_prefix("bearer "))
        .ok_or_else(|| ApiError::unauthorized("bad_token", "use `Authorization: Bearer <token>`"))?;
    Ok(Some(token.trim().to_string()))
}

async fn resolve(req: &HttpRequest) -> ApiResult<Option<Caller>> {
    let Some(token) = bearer(req)? else {
        return Ok(None);
    };
    let state = req.app_data::<web::Data<AppState>>().expect("AppState is registered").clone();
    if token.starts_with(API_TOKEN_PREFIX) {
        let account = web::block(move || -> ApiResult<i64> {
            let mut conn = state.pool.get()?;
            account_for_api_token(&mut conn, &token)
        })
        .await??;
        Ok(Some(Caller { account, session: None }))
    } else {
        let (account, sid) = verify_session(&state.jwt_secret, &token)?;
        let checked = sid.clone();
        web::block(move || -> ApiResult<()> {
            let mut conn = state.pool.get()?;
            let now = state.settings.clock.now();
            crate::service::sessions::check(&mut conn, &state.settings.security, now, &checked, account)
        })
        .await??;
        Ok(Some(Caller { account, session: Some(sid) }))
    }
}

/// The account and session of a session token that arrived some other way than the `Authorization` header
/// (the web pages' cookie): the same checks as a bearer session token.
pub async fn resolve_session_token(state: &web::Data<AppState>, token: &str) -> ApiResult<Caller> {
    let (account, sid) = verify_session(&state.jwt_secret, token)?;
    let checked = sid.clone();
    let state = state.clone();
    web::block(move || -> ApiResult<()> {
        let mut conn = state.pool.get()?;
        let now = state.settings.clock.now();
        crate::service::sessions::check(&mut conn, &state.settings.security, now, &checked, account)
    })
    .await??;
    Ok(Caller { account, session: Some(sid) })
}

/// What [`resolve_first`] found for a request's credentials.
#[derive(Clone)]
struct Resolved(ApiResult<Option<Caller>>);

/// Middleware: resolves the credentials before anything else of the request is read, so that a refused
/// session or token is a 401 whatever else is wrong with the request (extractors run concurrently, and a
/// malformed body would otherwise win the race against the session lookup). The extractors below read the
/// result; nothing is refused here, since some routes take no credentials at all.
pub async fn resolve_first(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody>,
) -> Result<actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>, actix_web::Error> {
    use actix_web::HttpMessage as _;
    if req.headers().contains_key(actix_web::http::header::AUTHORIZATION) {
        let resolved = resolve(req.request()).await;
        req.extensions_mut().insert(Resolved(resolved));
    }
    next.call(req).await
}

/// The credentials of `req`: as resolved by the middleware, else resolved now.
async fn caller_of(req: &HttpRequest) -> ApiResult<Option<Caller>> {
    use actix_web::HttpMessage as _;
    let stashed = req.extensions().get::<Resolved>().cloned();
    match stashed {
        Some(Resolved(result)) => result,
        None => resolve(req).await,
    }
}

/// Who is asking: the account, and the session when the credential is a session token (not an API token).
#[derive(Debug, Clone)]
pub struct Caller {
    pub account: i64,
    pub session: Option<String>,
}

impl FromRequest for Caller {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            caller_of(&req).await?.ok_or_else(|| {
                ApiError::unauthorized("login_required", "log in first: send `Authorization: Bearer <token>`")
            })
        })
    }
}

/// The authenticated account; 401 without valid credentials.
#[derive(Debug, Clone, Copy)]
pub struct Auth(pub i64);

/// The authenticated account if credentials were sent (bad credentials are still a 401).
#[derive(Debug, Clone, Copy)]
pub struct MaybeAuth(pub Option<i64>);

impl FromRequest for Auth {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let caller = Caller::from_request(req, payload);
        Box::pin(async move { Ok(Auth(caller.await?.account)) })
    }
}

impl FromRequest for MaybeAuth {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { caller_of(&req).await.map(|c| MaybeAuth(c.map(|c| c.account))) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sessions_round_trip_and_reject_other_secrets() {
        let now = chrono::Utc::now();
        let token = issue_session(b"secret-a", 42, "sid", now, now + chrono::Duration::hours(1)).unwrap();
        assert_eq!(verify_session(b"secret-a", &token).unwrap(), (42, "sid".to_string()));
        assert_eq!(verify_session(b"secret-b", &token).unwrap_err().code, "bad_token");
    }
}

//! Who is asking: passwords (argon2), session JWTs (HS256), long-lived API tokens, and the extractors
//! that turn an `Authorization: Bearer …` header into an account id.

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use diesel::prelude::*;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::future::Future;
use std::pin::Pin;

use crate::db::schema::{api_tokens, server_settings};
use crate::db::Conn;
use crate::error::{ApiError, ApiResult};
use crate::startup::AppState;
use crate::time::now;

/// API tokens start with this, so a token is recognisable in logs and config files.
pub const API_TOKEN_PREFIX: &str = "tgm_";
const SESSION_DAYS: i64 = 30;

pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).expect("the operating system provides randomness");
    bytes
}

pub fn hash_password(password: &str) -> ApiResult<String> {
    let salt = SaltString::encode_b64(&random_bytes::<16>()).map_err(ApiError::internal)?;
    Argon2::default().hash_password(password.as_bytes(), &salt).map(|h| h.to_string()).map_err(ApiError::internal)
}

pub fn verify_password(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|hash| Argon2::default().verify_password(password.as_bytes(), &hash).is_ok())
}

#[derive(Debug, Serialize, Deserialize)]
struct SessionClaims {
    sub: String,
    iat: i64,
    exp: i64,
}

/// A session token and its expiry (RFC 3339).
pub fn issue_session(secret: &[u8], account_id: i64) -> ApiResult<(String, String)> {
    let now = chrono::Utc::now();
    let exp = now + chrono::Duration::days(SESSION_DAYS);
    let claims = SessionClaims { sub: account_id.to_string(), iat: now.timestamp(), exp: exp.timestamp() };
    let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &EncodingKey::from_secret(secret))
        .map_err(ApiError::internal)?;
    Ok((token, exp.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)))
}

fn verify_session(secret: &[u8], token: &str) -> ApiResult<i64> {
    let data = jsonwebtoken::decode::<SessionClaims>(token, &DecodingKey::from_secret(secret), &Validation::new(Algorithm::HS256))
        .map_err(|e| match e.kind() {
            jsonwebtoken::errors::ErrorKind::ExpiredSignature => {
                ApiError::unauthorized("session_expired", "your session has expired; log in again")
            }
            _ => ApiError::unauthorized("bad_token", "the bearer token is not valid; log in again"),
        })?;
    data.claims.sub.parse().map_err(|_| ApiError::unauthorized("bad_token", "the bearer token is not valid"))
}

/// A new API token: the secret to show once, and the hash to store.
pub fn new_api_token() -> (String, String) {
    let secret = format!("{API_TOKEN_PREFIX}{}", URL_SAFE_NO_PAD.encode(random_bytes::<32>()));
    let hash = token_hash(&secret);
    (secret, hash)
}

pub fn token_hash(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

fn account_for_api_token(conn: &mut Conn, secret: &str) -> ApiResult<i64> {
    let hash = token_hash(secret);
    let found: Option<(i64, i64)> = api_tokens::table
        .filter(api_tokens::token_hash.eq(&hash))
        .filter(api_tokens::revoked_at.is_null())
        .select((api_tokens::id, api_tokens::account_id))
        .first(conn)
        .optional()?;
    let (id, account) =
        found.ok_or_else(|| ApiError::unauthorized("bad_token", "this API token is unknown or revoked"))?;
    diesel::update(api_tokens::table.find(id)).set(api_tokens::last_used_at.eq(now())).execute(conn)?;
    Ok(account)
}

/// The JWT secret: from the settings, else the one stored at first start, else a new one (stored).
pub fn load_or_create_jwt_secret(conn: &mut Conn, configured: Option<&str>) -> Result<Vec<u8>, diesel::result::Error> {
    if let Some(secret) = configured {
        return Ok(secret.as_bytes().to_vec());
    }
    let stored: Option<String> = server_settings::table
        .find("jwt_secret")
        .select(server_settings::value)
        .first(conn)
        .optional()?;
    if let Some(secret) = stored {
        return Ok(secret.into_bytes());
    }
    let secret = hex::encode(random_bytes::<32>());
    let insert = diesel::insert_into(server_settings::table)
        .values((server_settings::name.eq("jwt_secret"), server_settings::value.eq(&secret)))
        .on_conflict_do_nothing();
    crate::on_backend!(conn, |c| insert.execute(c))?;
    // Another process may have won the race: use whatever is stored now.
    server_settings::table.find("jwt_secret").select(server_settings::value).first::<String>(conn).map(String::into_bytes)
}

fn bearer(req: &HttpRequest) -> ApiResult<Option<String>> {
    let Some(value) = req.headers().get(actix_web::http::header::AUTHORIZATION) else {
        return Ok(None);
    };
    let value = value
        .to_str()
        .map_err(|_| ApiError::unauthorized("bad_token", "the Authorization header is not text"))?;
    let token = value
        .strip_prefix("Bearer ")
        .or_else(|| value.strip_prefix("bearer "))
        .ok_or_else(|| ApiError::unauthorized("bad_token", "use `Authorization: Bearer <token>`"))?;
    Ok(Some(token.trim().to_string()))
}

async fn resolve(req: &HttpRequest) -> ApiResult<Option<i64>> {
    let Some(token) = bearer(req)? else {
        return Ok(None);
    };
    let state = req.app_data::<web::Data<AppState>>().expect("AppState is registered").clone();
    if token.starts_with(API_TOKEN_PREFIX) {
        let id = web::block(move || -> ApiResult<i64> {
            let mut conn = state.pool.get()?;
            account_for_api_token(&mut conn, &token)
        })
        .await??;
        Ok(Some(id))
    } else {
        verify_session(&state.jwt_secret, &token).map(Some)
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

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            resolve(&req).await?.map(Auth).ok_or_else(|| {
                ApiError::unauthorized("login_required", "log in first: send `Authorization: Bearer <token>`")
            })
        })
    }
}

impl FromRequest for MaybeAuth {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { resolve(&req).await.map(MaybeAuth) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_verify_only_themselves() {
        let hash = hash_password("correct horse").unwrap();
        assert!(verify_password("correct horse", &hash));
        assert!(!verify_password("wrong", &hash));
        assert!(!verify_password("correct horse", "not a hash"));
    }

    #[test]
    fn sessions_round_trip_and_reject_other_secrets() {
        let (token, _) = issue_session(b"secret-a", 42).unwrap();
        assert_eq!(verify_session(b"secret-a", &token).unwrap(), 42);
        assert_eq!(verify_session(b"secret-b", &token).unwrap_err().code, "bad_token");
    }

    #[test]
    fn api_tokens_are_prefixed_and_stored_hashed() {
        let (secret, hash) = new_api_token();
        assert!(secret.starts_with(API_TOKEN_PREFIX));
        assert_eq!(hash, token_hash(&secret));
        assert_ne!(hash, secret);
    }
}

//! Who is asking: passwords (argon2), session JWTs (HS256), long-lived API tokens, and the extractors
//! that turn an `Authorization: Bearer …` header into an account id.

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, ResponseError as _, web};
use diesel::prelude::*;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use crate::checked_sessions::CheckedSession;
use crate::db::Conn;
use crate::db::schema::{accounts, api_tokens, server_settings};
use crate::error::{ApiError, ApiResult};
use crate::secrets::{API_TOKEN_PREFIX, random_bytes, token_hash};
use crate::service::accounts::Standing;
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
/// separately). A token checked before is not checked again (see `checked_sessions`); its expiry is.
fn verify_session(state: &AppState, token: &str) -> ApiResult<(i64, String)> {
    let checked = match state.checked_sessions.get(token) {
        Some(checked) => checked,
        None => {
            let checked = verify_signed_session(&state.jwt_secret, token)?;
            state.checked_sessions.remember(token, checked.clone());
            checked
        }
    };
    unexpired(checked, jsonwebtoken::get_current_timestamp() as i64)
}

/// How long after its `exp` a session token is still taken, as jsonwebtoken allows for clocks that differ.
const SESSION_LEEWAY_SECS: u64 = 60;

/// A checked session's account and id if it has not expired at `now` (seconds since the epoch), judged as
/// jsonwebtoken judges `exp`: a remembered token expires when a fresh one would.
fn unexpired(checked: CheckedSession, now: i64) -> ApiResult<(i64, String)> {
    if checked.expires < now - SESSION_LEEWAY_SECS as i64 {
        return Err(session_expired());
    }
    Ok((checked.account, checked.sid))
}

/// What a session token names, if its signature (with `secret`) and expiry hold.
fn verify_signed_session(secret: &[u8], token: &str) -> ApiResult<CheckedSession> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.leeway = SESSION_LEEWAY_SECS;
    let data =
        jsonwebtoken::decode::<SessionClaims>(token, &DecodingKey::from_secret(secret), &validation).map_err(|e| {
            match e.kind() {
                jsonwebtoken::errors::ErrorKind::ExpiredSignature => session_expired(),
                _ => ApiError::unauthorized("bad_token", "the bearer token is not valid; log in again"),
            }
        })?;
    let account =
        data.claims.sub.parse().map_err(|_| ApiError::unauthorized("bad_token", "the bearer token is not valid"))?;
    Ok(CheckedSession { account, sid: data.claims.sid, expires: data.claims.exp })
}

fn session_expired() -> ApiError {
    ApiError::unauthorized("session_expired", "your session has expired; log in again")
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

/// What the credentials of a request came to, before any extractor reads them: an API token is checked
/// at once; a session token's signature and expiry too, but its row only when needed (see [`SessionCheck`]).
enum Resolved {
    Done(ApiResult<Option<Caller>>),
    Pending(Arc<SessionCheck>),
}

async fn resolve(req: &HttpRequest) -> Resolved {
    let token = match bearer(req) {
        Ok(Some(token)) => token,
        Ok(None) => return Resolved::Done(Ok(None)),
        Err(e) => return Resolved::Done(Err(e)),
    };
    let state = req.app_data::<web::Data<AppState>>().expect("AppState is registered").clone();
    if token.starts_with(API_TOKEN_PREFIX) {
        let account = web::block(move || -> ApiResult<i64> {
            let mut conn = state.pool.get()?;
            account_for_api_token(&mut conn, &token)
        })
        .await
        .map_err(ApiError::from)
        .and_then(|checked| checked);
        Resolved::Done(account.map(|account| Some(Caller { account, session: None })))
    } else {
        match verify_session(&state, &token) {
            Ok((account, sid)) => Resolved::Pending(SessionCheck::new(&state, account, sid)),
            Err(e) => Resolved::Done(Err(e)),
        }
    }
}

/// The row check of a session token whose signature holds: the session must be live and its account
/// neither deleted nor suspended. It runs once, either in the blocking pool when an extractor asks for the
/// caller, or inside a hot route's own database work ([`CallerToCheck`]), which saves that route a hop.
struct SessionCheck {
    account: i64,
    sid: String,
    idle: chrono::Duration,
    now: chrono::DateTime<chrono::Utc>,
    /// Set when the request's handler takes a caller: from then on the request's answer depends on the check.
    needed: AtomicBool,
    outcome: OnceLock<ApiResult<()>>,
}

impl SessionCheck {
    fn new(state: &AppState, account: i64, sid: String) -> Arc<SessionCheck> {
        Arc::new(SessionCheck {
            account,
            sid,
            idle: state.settings.security.session_idle,
            now: state.settings.clock.now(),
            needed: AtomicBool::new(false),
            outcome: OnceLock::new(),
        })
    }

    /// Runs the check on `conn` (only the first time) and returns its outcome: whether it ran on `conn` or
    /// before.
    fn run(&self, conn: &mut Conn) -> ApiResult<Standing> {
        if let Some(outcome) = self.outcome.get() {
            return outcome.clone().map(|()| Standing::Unchecked);
        }
        let outcome = crate::service::sessions::check(conn, self.idle, self.now, &self.sid, self.account);
        let _ = self.outcome.set(outcome.clone());
        outcome.map(|()| Standing::CheckedHere)
    }

    /// Runs the check on `conn` as [`Self::run`] does, unless it would write (the session's idle end is due to
    /// move, once a minute at most): then `None`, and the check is left to run where a write may wait its turn.
    fn run_reading(&self, conn: &mut Conn) -> Option<ApiResult<Standing>> {
        if let Some(outcome) = self.outcome.get() {
            return Some(outcome.clone().map(|()| Standing::Unchecked));
        }
        let outcome = match crate::service::sessions::read_check(conn, self.idle, self.now, &self.sid, self.account) {
            Ok(Some(_due)) => return None,
            read => read.map(|_| ()),
        };
        let _ = self.outcome.set(outcome.clone());
        Some(outcome.map(|()| Standing::CheckedHere))
    }

    /// Runs the check in the blocking pool, unless it already ran.
    async fn run_pooled(self: Arc<Self>, state: &web::Data<AppState>) -> ApiResult<()> {
        if let Some(outcome) = self.outcome.get() {
            return outcome.clone();
        }
        let pool = state.pool.clone();
        web::block(move || {
            let mut conn = pool.get()?;
            self.run(&mut conn).map(|_| ())
        })
        .await?
    }

    fn caller(&self) -> Caller {
        Caller { account: self.account, session: Some(self.sid.clone()) }
    }
}

/// The account and session of a session token that arrived some other way than the `Authorization` header
/// (the web pages' cookie): the same checks as a bearer session token.
pub async fn resolve_session_token(state: &web::Data<AppState>, token: &str) -> ApiResult<Caller> {
    let (account, sid) = verify_session(state, token)?;
    let check = SessionCheck::new(state, account, sid);
    check.clone().run_pooled(state).await?;
    Ok(check.caller())
}

/// Middleware: resolves the credentials before anything else of the request is read, so that a refused
/// session or token is a 401 whatever else is wrong with the request. A session row is checked only once a
/// handler asks for the caller (most routes through [`Caller`], [`Auth`] or [`MaybeAuth`], in the blocking
/// pool; the hot routes through [`CallerToCheck`], inside their own database work). Extractors run
/// concurrently, so a malformed body may fail the request before that check finished or even began: then the
/// check's outcome is awaited here, after the handler (run here if it never began), and a refused session turns
/// the answer into its 401. Nothing is refused before the handler, since some routes take no credentials at all.
pub async fn resolve_first(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody + 'static>,
) -> Result<actix_web::dev::ServiceResponse<actix_web::body::BoxBody>, actix_web::Error> {
    use actix_web::HttpMessage as _;
    if !req.headers().contains_key(actix_web::http::header::AUTHORIZATION) {
        return next.call(req).await.map(|response| response.map_into_boxed_body());
    }
    let resolved = resolve(req.request()).await;
    let pending = match &resolved {
        Resolved::Pending(check) => Some(check.clone()),
        Resolved::Done(_) => None,
    };
    req.extensions_mut().insert(Arc::new(resolved));
    let response = next.call(req).await?.map_into_boxed_body();
    let Some(check) = pending else { return Ok(response) };
    let status = response.status();
    // The handler may have failed while the check it started was still in flight: that check may since have
    // finished, or not. Either way its outcome decides (`run_pooled` runs it only if nothing has).
    let failed_otherwise = check.needed.load(Ordering::Acquire)
        && (status.is_client_error() || status.is_server_error())
        && status != actix_web::http::StatusCode::UNAUTHORIZED;
    if !failed_otherwise {
        return Ok(response);
    }
    let state = response.request().app_data::<web::Data<AppState>>().expect("AppState is registered").clone();
    match check.run_pooled(&state).await {
        Ok(()) => Ok(response),
        Err(refused) => {
            let (request, _) = response.into_parts();
            Ok(actix_web::dev::ServiceResponse::new(request, refused.error_response()))
        }
    }
}

/// The credentials of `req` as the middleware resolved them (else resolved now), the session row checked.
/// Marks the request as needing the caller: call it when the handler's extractors are made, before any of
/// them can fail.
fn caller_of(req: &HttpRequest) -> impl Future<Output = ApiResult<Option<Caller>>> + 'static {
    let resolved = resolved_of(req);
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let req = req.clone();
    async move {
        match &*resolved_or_now(resolved, &req).await {
            Resolved::Done(result) => result.clone(),
            Resolved::Pending(check) => {
                let state = state.expect("AppState is registered");
                check.clone().run_pooled(&state).await?;
                Ok(Some(check.caller()))
            }
        }
    }
}

/// What the middleware resolved (`stashed`), else what `req`'s credentials come to now (a request the
/// middleware let through without resolving: it had no `Authorization` header).
async fn resolved_or_now(stashed: Option<Arc<Resolved>>, req: &HttpRequest) -> Arc<Resolved> {
    match stashed {
        Some(resolved) => resolved,
        None => Arc::new(resolve(req).await),
    }
}

/// What the middleware resolved for `req`, marked as needed by the handler.
fn resolved_of(req: &HttpRequest) -> Option<Arc<Resolved>> {
    use actix_web::HttpMessage as _;
    let resolved = req.extensions().get::<Arc<Resolved>>().cloned();
    if let Some(resolved) = &resolved
        && let Resolved::Pending(check) = &**resolved
    {
        check.needed.store(true, Ordering::Release);
    }
    resolved
}

/// The caller of a hot route, whose session row (if the credential is a session token) is checked inside
/// the route's own database work rather than in a hop of its own: the handler runs [`CallerToCheck::check`]
/// on its connection before it reads anything else. If the request fails before that, the middleware checks
/// the session and a refused one answers instead (see [`resolve_first`]).
pub struct CallerToCheck {
    pub account: i64,
    check: Option<Arc<SessionCheck>>,
}

impl CallerToCheck {
    /// The session check to run first in the request's database work (nothing to run for an API token,
    /// checked already).
    pub fn check(&self) -> PendingSession {
        PendingSession(self.check.clone())
    }
}

/// [`CallerToCheck::check`]: movable into the database work.
pub struct PendingSession(Option<Arc<SessionCheck>>);

impl PendingSession {
    /// Runs the session's check, if it is still to run, on `conn`: the first statement of the request's own
    /// work, so that the work's transaction knows the account's standing.
    pub fn run(&self, conn: &mut Conn) -> ApiResult<Standing> {
        self.0.as_ref().map_or(Ok(Standing::Unchecked), |check| check.run(conn))
    }

    /// [`Self::run`] for work that only reads: `None`, the check left to run later, when it would write.
    pub fn run_reading(&self, conn: &mut Conn) -> Option<ApiResult<Standing>> {
        self.0.as_ref().map_or(Some(Ok(Standing::Unchecked)), |check| check.run_reading(conn))
    }
}

impl FromRequest for CallerToCheck {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let resolved = resolved_of(req);
        let req = req.clone();
        Box::pin(async move {
            match &*resolved_or_now(resolved, &req).await {
                Resolved::Pending(check) => Ok(CallerToCheck { account: check.account, check: Some(check.clone()) }),
                Resolved::Done(Ok(Some(caller))) => Ok(CallerToCheck { account: caller.account, check: None }),
                Resolved::Done(Ok(None)) => Err(login_required()),
                Resolved::Done(Err(e)) => Err(e.clone()),
            }
        })
    }
}

fn login_required() -> ApiError {
    ApiError::unauthorized("login_required", "log in first: send `Authorization: Bearer <token>`")
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
        let caller = caller_of(req);
        Box::pin(async move { caller.await?.ok_or_else(login_required) })
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
        let caller = caller_of(req);
        Box::pin(async move { caller.await.map(|c| MaybeAuth(c.map(|c| c.account))) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sessions_round_trip_and_reject_other_secrets() {
        let now = chrono::Utc::now();
        let token = issue_session(b"secret-a", 42, "sid", now, now + chrono::Duration::hours(1)).unwrap();
        let checked = verify_signed_session(b"secret-a", &token).unwrap();
        assert_eq!((checked.account, checked.sid.as_str()), (42, "sid"));
        assert_eq!(verify_signed_session(b"secret-b", &token).unwrap_err().code, "bad_token");
    }

    /// A session token checked before expires as a fresh one does: at its `exp`, after jsonwebtoken's leeway.
    #[test]
    fn a_remembered_session_expires_as_a_fresh_one_does() {
        let start = chrono::Utc::now();
        let ends = start + chrono::Duration::hours(1);
        let token = issue_session(b"secret", 42, "sid", start, ends).unwrap();
        let checked = verify_signed_session(b"secret", &token).unwrap();
        let at = |t: chrono::DateTime<chrono::Utc>| unexpired(checked.clone(), t.timestamp());
        assert_eq!(at(start).unwrap(), (42, "sid".to_string()));
        assert_eq!(at(ends + chrono::Duration::seconds(60)).unwrap(), (42, "sid".to_string()));
        assert_eq!(at(ends + chrono::Duration::seconds(61)).unwrap_err().code, "session_expired");
        let expired = issue_session(b"secret", 42, "sid", start, start - chrono::Duration::seconds(61)).unwrap();
        assert_eq!(verify_signed_session(b"secret", &expired).unwrap_err().code, "session_expired", "as when fresh");
    }

    /// A handler that fails with a 400 for its own reasons, having run the caller's session check first
    /// (`check_first`) or not at all, as a handler does whose body extractor failed while its session check was
    /// in flight or not yet begun.
    async fn fails_on_its_own(
        state: web::Data<AppState>,
        caller: CallerToCheck,
        check_first: web::Path<bool>,
    ) -> ApiResult<actix_web::HttpResponse> {
        if *check_first {
            let pending = caller.check();
            let pool = state.pool.clone();
            let _ = web::block(move || pending.run(&mut pool.get().unwrap())).await.unwrap();
        }
        Err(ApiError::bad_request("malformed_body", "not what this route takes"))
    }

    #[actix_web::test]
    async fn a_session_no_longer_live_answers_401_even_when_the_handler_failed_otherwise() {
        let dir = tempfile::tempdir().unwrap();
        let settings = crate::settings::Settings::for_tests(&dir.path().join("tegami.db"));
        let pool = crate::db::connect_with(&settings.database_url, 2, settings.sqlite_synchronous).unwrap();
        let state = web::Data::new(AppState {
            pool,
            reads_in_place: true,
            writer: crate::db::writer::Writer::start(
                &settings.database_url,
                settings.sqlite_synchronous,
                settings.db_writers as usize,
            )
            .unwrap(),
            jwt_secret: b"secret".to_vec(),
            checked_sessions: Default::default(),
            mail: crate::mail::MailContext::new(&settings),
            settings,
            hub: crate::events::hub::Hub::default(),
        });
        let app = actix_web::test::init_service(
            actix_web::App::new()
                .wrap(actix_web::middleware::from_fn(resolve_first))
                .app_data(state.clone())
                .route("/{check_first}", web::post().to(fails_on_its_own)),
        )
        .await;
        let now = chrono::Utc::now();
        // A well-signed token whose session row does not exist: signed out, or never there.
        let token = issue_session(b"secret", 1, "signed-out", now, now + chrono::Duration::hours(1)).unwrap();
        for check_first in [true, false] {
            let request = actix_web::test::TestRequest::post()
                .uri(&format!("/{check_first}"))
                .insert_header(("Authorization", format!("Bearer {token}")))
                .to_request();
            let response = actix_web::test::call_service(&app, request).await;
            assert_eq!(response.status(), 401, "session check run first: {check_first}");
        }
    }
}

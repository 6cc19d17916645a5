use actix_web::{HttpRequest, HttpResponse, web};
use shared::api_types::{Account, LoginRequest, Problem, RegisterRequest, Session};

use crate::auth::{Auth, issue_session};
use crate::error::ApiResult;
use crate::routes::with_db;
use crate::service::{accounts, sessions, sign_in};
use crate::state::AppState;
use crate::throttle::{self, Counter, Scope};

/// Create an account.
#[utoipa::path(post, path = "/api/v1/accounts", tag = "accounts", operation_id = "accounts_register",
    request_body = RegisterRequest,
    responses((status = 201, body = Account, description = "Registered; a link to confirm the address is emailed"),
              (status = 400, body = Problem, description = "Malformed body (`malformed_body`)"),
              (status = 409, body = Problem, description = "Address already registered (`email_taken`, `conflict`)"),
              (status = 422, body = Problem,
               description = "Bad address, name or password (`bad_email`, `bad_name`, `weak_password`, `bad_password`)"),
              (status = 429, body = Problem, description = "Too many registrations from this address: see Retry-After (`too_many_requests`)")))]
pub async fn register(
    state: web::Data<AppState>,
    http: HttpRequest,
    body: web::Json<RegisterRequest>,
) -> ApiResult<HttpResponse> {
    let req = body.into_inner();
    let mail = state.mail.clone();
    let security = state.settings.security.clone();
    let counters =
        [Counter::address(Scope::Register, &throttle::client_address(&http, security.behind_proxy), &security)];
    let now = state.settings.clock.now().timestamp();
    let account = with_db(&state, move |conn| {
        throttle::hit(conn, &security, now, &counters)?;
        accounts::register(conn, &mail, &req)
    })
    .await?;
    Ok(HttpResponse::Created().json(account))
}

/// Log in: a session token for the `Authorization: Bearer` header. The session ends when unused for the
/// server's idle limit (72 hours by default; each use pushes the end forward), at `expires_at` at the
/// latest, or when signed out (`DELETE /api/v1/sessions/current`).
#[utoipa::path(post, path = "/api/v1/sessions", tag = "accounts", operation_id = "sessions_create",
    request_body = LoginRequest,
    responses((status = 200, body = Session), (status = 400, body = Problem, description = "Malformed body (`malformed_body`)"),
              (status = 401, body = Problem, description = "Wrong address or password (`bad_credentials`)"),
              (status = 429, body = Problem,
               description = "Too many failed sign-ins for this account or from this address (a known `device` is held to its own \
                              failures only): see Retry-After (`too_many_requests`)")))]
pub async fn login(
    state: web::Data<AppState>,
    http: HttpRequest,
    body: web::Json<LoginRequest>,
) -> ApiResult<HttpResponse> {
    let req = body.into_inner();
    let security = state.settings.security.clone();
    let client = throttle::client_address(&http, security.behind_proxy);
    let user_agent =
        http.headers().get(actix_web::http::header::USER_AGENT).and_then(|v| v.to_str().ok()).map(str::to_string);
    let now = state.settings.clock.now();
    let secret = state.jwt_secret.clone();
    let (signed_in, session) = with_db(&state, move |conn| {
        let signed_in =
            sign_in::attempt(conn, &security, &secret, now, &client, &req.email, &req.password, req.device.as_deref())?;
        let session = sessions::create(conn, &security, now, signed_in.account.id, &client, user_agent.as_deref())?;
        Ok((signed_in, session))
    })
    .await?;
    let sign_in::SignedIn { account, device } = signed_in;
    let token = issue_session(&state.jwt_secret, account.id, &session.id, now, session.ends_at)?;
    let expires_at = session.ends_at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    Ok(crate::security_headers::no_store(HttpResponse::Ok()).json(Session {
        token,
        expires_at,
        account,
        device: Some(device),
    }))
}

/// Who am I.
#[utoipa::path(get, path = "/api/v1/me", tag = "accounts", operation_id = "me_get", security(("bearer" = [])),
    responses((status = 200, body = Account),
              (status = 401, body = Problem,
               description = "Not logged in, or the account is gone (`login_required`, `bad_token`, `session_expired`, `unknown_account`)")))]
pub async fn me(state: web::Data<AppState>, auth: Auth) -> ApiResult<web::Json<Account>> {
    Ok(web::Json(with_db(&state, move |conn| accounts::get(conn, auth.0)).await?))
}

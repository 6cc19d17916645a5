//! Passwords: change mine, or reset a forgotten one with a token sent by email.

use actix_web::{HttpRequest, HttpResponse, web};
use shared::api_types::{ChangePasswordRequest, PasswordResetConfirm, PasswordResetRequest, Problem, SessionsRevoked};

use crate::auth::Caller;
use crate::error::ApiResult;
use crate::routes::with_db;
use crate::service::passwords;
use crate::state::AppState;
use crate::throttle::{self, Counter, Scope};

/// Change my password (the current one is asked again); my other sessions are signed out.
#[utoipa::path(put, path = "/api/v1/me/password", tag = "accounts", operation_id = "password_change", security(("bearer" = [])),
    request_body = ChangePasswordRequest,
    responses((status = 200, body = SessionsRevoked, description = "Changed; how many other sessions were signed out"),
              (status = 400, body = Problem, description = "Malformed body (`malformed_body`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)"),
              (status = 403, body = Problem, description = "The current password is wrong (`wrong_password`)"),
              (status = 422, body = Problem,
               description = "The new password is too short, too long or has a NUL (`weak_password`, `bad_password`)")))]
pub async fn change(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<ChangePasswordRequest>,
) -> ApiResult<web::Json<SessionsRevoked>> {
    let req = body.into_inner();
    let now = state.settings.clock.now();
    let revoked = with_db(&state, move |conn| {
        passwords::change(
            conn,
            now,
            caller.account,
            caller.session.as_deref(),
            &req.current_password,
            &req.new_password,
        )
    })
    .await?;
    Ok(web::Json(SessionsRevoked { revoked, tokens_revoked: 0 }))
}

/// Email a password reset token to this address. The answer is the same whether or not it has an account.
#[utoipa::path(post, path = "/api/v1/password-reset", tag = "accounts", operation_id = "password_reset_request",
    request_body = PasswordResetRequest,
    responses((status = 202, description = "If the address has an account, a token is on its way"),
              (status = 400, body = Problem, description = "Malformed body (`malformed_body`)"),
              (status = 422, body = Problem, description = "Not an email address (`bad_email`)"),
              (status = 429, body = Problem,
               description = "Too many requests for this address or from this client: see Retry-After (`too_many_requests`)")))]
pub async fn request(
    state: web::Data<AppState>,
    http: HttpRequest,
    body: web::Json<PasswordResetRequest>,
) -> ApiResult<HttpResponse> {
    let email = crate::validate::email("email address", &body.into_inner().email)?;
    let security = state.settings.security.clone();
    let counters = [
        Counter::address(Scope::PasswordReset, &throttle::client_address(&http, security.behind_proxy), &security),
        Counter::account(Scope::PasswordReset, &email, &security),
    ];
    let mail = state.mail.clone();
    let now = state.settings.clock.now();
    with_db(&state, move |conn| {
        throttle::hit(conn, &security, now.timestamp(), &counters)?;
        passwords::request(conn, &mail, &security, now, &email)
    })
    .await?;
    Ok(HttpResponse::Accepted().finish())
}

/// Set a new password with the emailed token (once, before it expires); every session is signed out.
#[utoipa::path(post, path = "/api/v1/password-reset/confirm", tag = "accounts", operation_id = "password_reset_confirm",
    request_body = PasswordResetConfirm,
    responses((status = 204, description = "The new password is set"),
              (status = 400, body = Problem, description = "Malformed body (`malformed_body`)"),
              (status = 404, body = Problem, description = "The token is unknown, used or expired (`bad_reset_token`)"),
              (status = 422, body = Problem, description = "A bad new password (`weak_password`, `bad_password`)"),
              (status = 429, body = Problem, description = "Too many attempts from this client: see Retry-After (`too_many_requests`)")))]
pub async fn confirm(
    state: web::Data<AppState>,
    http: HttpRequest,
    body: web::Json<PasswordResetConfirm>,
) -> ApiResult<HttpResponse> {
    let req = body.into_inner();
    let security = state.settings.security.clone();
    let counters =
        [Counter::address(Scope::PasswordReset, &throttle::client_address(&http, security.behind_proxy), &security)];
    let now = state.settings.clock.now();
    with_db(&state, move |conn| {
        throttle::hit(conn, &security, now.timestamp(), &counters)?;
        passwords::confirm(conn, now, &req.token, &req.new_password)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

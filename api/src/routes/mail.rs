//! Email in (the inbound endpoint for mail services) and notification preferences.

use actix_web::{HttpRequest, HttpResponse, web};

use crate::auth::Auth;
use crate::error::{ApiError, ApiResult};
use crate::mail::inbound::{self, InboundError, InboundOutcome};
use crate::mail::prefs::{self, NotificationPrefs, Vacation};
use crate::routes::with_db;
use crate::service::notify;
use crate::service::vacation;
use crate::startup::AppState;
use shared::api_types::Problem;

/// The largest raw message the inbound endpoint takes.
pub const MAX_INBOUND_BYTES: usize = 10 * 1024 * 1024;
pub const SECRET_HEADER: &str = "X-Tegami-Inbound-Secret";

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Deliver one raw RFC 822 message (a reply to a turn email). For mail services that POST inbound mail;
/// the header `X-Tegami-Inbound-Secret` must carry the server's TEGAMI_INBOUND_SECRET.
#[utoipa::path(post, path = "/api/v1/mail/inbound", tag = "mail",
    request_body(content = String, content_type = "message/rfc822", description = "The raw message"),
    params(("X-Tegami-Inbound-Secret" = String, Header, description = "The shared inbound secret")),
    responses((status = 200, body = InboundOutcome, description = "Applied, or refused with an error email to the player"),
              (status = 400, body = Problem, description = "Not a readable email"),
              (status = 403, body = Problem, description = "Missing or wrong secret, or inbound mail disabled"),
              (status = 404, body = Problem, description = "No known reply reference or signed move (nobody is mailed)"),
              (status = 503, body = Problem, description = "Temporary failure: deliver again later")))]
pub async fn inbound(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Bytes,
) -> ApiResult<web::Json<InboundOutcome>> {
    let expected = state.mail.settings.inbound_secret.clone().ok_or_else(|| {
        ApiError::forbidden("inbound_disabled", "inbound mail over HTTP is off: set TEGAMI_INBOUND_SECRET to enable it")
    })?;
    let given = req.headers().get(SECRET_HEADER).map(|v| v.as_bytes().to_vec()).unwrap_or_default();
    if !constant_time_eq(&given, expected.as_bytes()) {
        return Err(ApiError::forbidden(
            "bad_inbound_secret",
            format!("the `{SECRET_HEADER}` header is missing or wrong"),
        ));
    }
    let mail = state.mail.clone();
    let result = with_db(&state, move |conn| Ok(inbound::handle(conn, &mail, &body))).await?;
    match result {
        Ok(outcome) => Ok(web::Json(outcome)),
        Err(e @ InboundError::Unreadable(_)) => Err(ApiError::bad_request("unreadable_message", e.to_string())),
        Err(e @ InboundError::Unknown) => Err(ApiError::not_found("unknown_reply", e.to_string())),
        Err(e @ InboundError::Temporary(_)) => {
            Err(ApiError::new(actix_web::http::StatusCode::SERVICE_UNAVAILABLE, "unavailable", e.to_string()))
        }
    }
}

/// My email notification preference.
#[utoipa::path(get, path = "/api/v1/me/notifications", tag = "mail", security(("bearer" = [])),
    responses((status = 200, body = NotificationPrefs), (status = 401, body = Problem, description = "Not logged in")))]
pub async fn get_prefs(state: web::Data<AppState>, auth: Auth) -> ApiResult<web::Json<NotificationPrefs>> {
    Ok(web::Json(with_db(&state, move |conn| Ok(prefs::get(conn, auth.0)?)).await?))
}

/// Set my email notification preference (every_turn, daily_digest or none) and language (en or ja).
#[utoipa::path(put, path = "/api/v1/me/notifications", tag = "mail", security(("bearer" = [])), request_body = NotificationPrefs,
    responses((status = 200, body = NotificationPrefs), (status = 400, body = Problem, description = "Malformed body"),
              (status = 401, body = Problem, description = "Not logged in")))]
pub async fn set_prefs(
    state: web::Data<AppState>,
    auth: Auth,
    body: web::Json<NotificationPrefs>,
) -> ApiResult<web::Json<NotificationPrefs>> {
    let wanted = body.into_inner();
    let stored = wanted.clone();
    with_db(&state, move |conn| Ok(prefs::set(conn, auth.0, &stored)?)).await?;
    Ok(web::Json(wanted))
}

/// Stop notification emails (the List-Unsubscribe link; POST is the one-click form).
#[utoipa::path(post, path = "/api/v1/unsubscribe/{token}", tag = "mail",
    params(("token" = String, Path, description = "The secret from the List-Unsubscribe link")),
    responses((status = 200, body = String, content_type = "text/plain"),
              (status = 404, body = Problem, description = "Unknown link")))]
pub async fn unsubscribe(state: web::Data<AppState>, path: web::Path<String>) -> ApiResult<HttpResponse> {
    let token = path.into_inner();
    let done = with_db(&state, move |conn| Ok(prefs::unsubscribe(conn, &token)?)).await?;
    if !done {
        return Err(ApiError::not_found("unknown_link", "this unsubscribe link is not known"));
    }
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body("You will get no more turn emails. Turn them back on with `PUT /api/v1/me/notifications`.\n"))
}

/// Confirm my address with the link emailed at registration (GET for a mail client, POST for scripts).
#[utoipa::path(post, path = "/api/v1/verify-email/{token}", tag = "mail",
    params(("token" = String, Path, description = "The secret from the verification link")),
    responses((status = 200, body = String, content_type = "text/plain"),
              (status = 404, body = Problem, description = "Unknown or replaced link")))]
pub async fn verify_email(state: web::Data<AppState>, path: web::Path<String>) -> ApiResult<HttpResponse> {
    let token = path.into_inner();
    with_db(&state, move |conn| notify::verify_email(conn, &token)).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body("Your address is confirmed: you can take the seats reserved for it.\n"))
}

/// Email me a new verification link.
#[utoipa::path(post, path = "/api/v1/me/verify-email", tag = "mail", security(("bearer" = [])),
    responses((status = 202, description = "A new link is on its way"), (status = 401, body = Problem, description = "Not logged in")))]
pub async fn resend_verification(state: web::Data<AppState>, auth: Auth) -> ApiResult<HttpResponse> {
    let mail = state.mail.clone();
    with_db(&state, move |conn| crate::db::write_transaction(conn, |conn| notify::verification(conn, &mail, auth.0))).await?;
    Ok(HttpResponse::Accepted().finish())
}

/// My vacation: when I am back (null: not away).
#[utoipa::path(get, path = "/api/v1/me/vacation", tag = "mail", security(("bearer" = [])),
    responses((status = 200, body = Vacation), (status = 401, body = Problem, description = "Not logged in")))]
pub async fn get_vacation(state: web::Data<AppState>, auth: Auth) -> ApiResult<web::Json<Vacation>> {
    let mail = state.mail.clone();
    Ok(web::Json(with_db(&state, move |conn| vacation::get(conn, &mail, auth.0)).await?))
}

/// Declare a vacation until a time (at most 60 days ahead), or end it with null: my deadlines are pushed
/// back by the time away, and no deadline runs out while I am away.
#[utoipa::path(put, path = "/api/v1/me/vacation", tag = "mail", security(("bearer" = [])), request_body = Vacation,
    responses((status = 200, body = Vacation), (status = 400, body = Problem, description = "Malformed body or time"),
              (status = 401, body = Problem, description = "Not logged in"),
              (status = 422, body = Problem, description = "In the past, or too far ahead")))]
pub async fn set_vacation(
    state: web::Data<AppState>,
    auth: Auth,
    body: web::Json<Vacation>,
) -> ApiResult<web::Json<Vacation>> {
    let mail = state.mail.clone();
    let until = body.into_inner().until;
    Ok(web::Json(with_db(&state, move |conn| vacation::set(conn, &mail, auth.0, until.as_deref())).await?))
}

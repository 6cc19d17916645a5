//! Email in (the inbound endpoint for mail services) and notification preferences.

use actix_web::{HttpRequest, HttpResponse, web};

use crate::auth::Auth;
use crate::error::{ApiError, ApiResult};
use crate::mail::prefs::{self, NotificationPrefs, NotificationPrefsUpdate, Vacation};
use crate::routes::with_db;
use crate::service::inbound_moves::{self, InboundError, InboundOutcome};
use crate::service::notify;
use crate::service::vacation;
use crate::state::AppState;
use shared::api_types::Problem;

/// The largest raw message the inbound endpoint takes.
pub const MAX_INBOUND_BYTES: usize = 10 * 1024 * 1024;
pub const SECRET_HEADER: &str = "X-Tegami-Inbound-Secret";

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Deliver one raw RFC 822 message (a reply to a turn email). For mail services that POST inbound mail;
/// the header `X-Tegami-Inbound-Secret` must carry the server's TEGAMI_INBOUND_SECRET.
#[utoipa::path(post, path = "/api/v1/mail/inbound", tag = "mail", operation_id = "mail_inbound",
    request_body(content = String, content_type = "message/rfc822", description = "The raw message"),
    params(("X-Tegami-Inbound-Secret" = String, Header, description = "The shared inbound secret")),
    responses((status = 200, body = InboundOutcome,
               description = "Applied; refused (with an error email to the player unless the address had its share of \
                              refusals this hour); ignored, if sent by a machine (never answered); or, for a message \
                              delivered before, what was done then (`repeated`)"),
              (status = 400, body = Problem, description = "Not a readable email (`unreadable_message`)"),
              (status = 403, body = Problem,
               description = "Missing or wrong secret, or inbound mail disabled (`bad_inbound_secret`, `inbound_disabled`)"),
              (status = 404, body = Problem,
               description = "No known reply reference or signed move; nobody is mailed (`unknown_reply`)"),
              (status = 413, body = Problem, description = "Larger than 10 MiB, refused before reading more (`body_too_large`)"),
              (status = 429, body = Problem, description = "Too many posts from this address: see Retry-After (`too_many_requests`)"),
              (status = 503, body = Problem, description = "Temporary failure: deliver again later (`unavailable`)")))]
pub async fn inbound(
    state: web::Data<AppState>,
    req: HttpRequest,
    payload: web::Payload,
) -> ApiResult<web::Json<InboundOutcome>> {
    // Throttle and authenticate before reading a byte of the body.
    let security = state.settings.security.clone();
    let counters = [crate::throttle::Counter::address(
        crate::throttle::Scope::Inbound,
        &crate::throttle::client_address(&req, security.behind_proxy),
        &security,
    )];
    let now = state.settings.clock.now().timestamp();
    with_db(&state, move |conn| crate::throttle::hit(conn, &security, now, &counters)).await?;
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
    let body = crate::body_limit::read(&req, payload, MAX_INBOUND_BYTES).await?;
    let mail = state.mail.clone();
    let result = with_db(&state, move |conn| Ok(inbound_moves::handle(conn, &mail, &body))).await?;
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
#[utoipa::path(get, path = "/api/v1/me/notifications", tag = "mail", operation_id = "notifications_get", security(("bearer" = [])),
    responses((status = 200, body = NotificationPrefs),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)")))]
pub async fn get_prefs(state: web::Data<AppState>, auth: Auth) -> ApiResult<web::Json<NotificationPrefs>> {
    Ok(web::Json(with_db(&state, move |conn| Ok(prefs::get(conn, auth.0)?)).await?))
}

/// Set my email notification preference (every_turn, daily_digest or none), language (en or ja), whether
/// turn emails wait (`turn_email`: unless_seen or always) and which messages alone send an email
/// (`talk_email`: off, table_and_private or private_only); a choice left out stays as it is.
#[utoipa::path(put, path = "/api/v1/me/notifications", tag = "mail", operation_id = "notifications_set", security(("bearer" = [])),
    request_body = NotificationPrefsUpdate,
    responses((status = 200, body = NotificationPrefs),
              (status = 400, body = Problem, description = "Malformed body (`malformed_body`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)")))]
pub async fn set_prefs(
    state: web::Data<AppState>,
    auth: Auth,
    body: web::Json<NotificationPrefsUpdate>,
) -> ApiResult<web::Json<NotificationPrefs>> {
    let wanted = body.into_inner();
    Ok(web::Json(with_db(&state, move |conn| Ok(prefs::set(conn, auth.0, &wanted)?)).await?))
}

/// Stop game emails: the one-click unsubscribe of RFC 8058, which mail clients POST to the
/// `List-Unsubscribe` URL (body `List-Unsubscribe=One-Click`). Only a POST changes anything.
#[utoipa::path(post, path = "/api/v1/unsubscribe/{token}", tag = "mail", operation_id = "unsubscribe_confirm",
    params(("token" = String, Path, description = "The secret from the List-Unsubscribe link")),
    responses((status = 200, body = String, content_type = "text/plain"),
              (status = 404, body = Problem, description = "Unknown link (`unknown_link`)")))]
pub async fn unsubscribe(state: web::Data<AppState>, path: web::Path<String>) -> ApiResult<HttpResponse> {
    let token = path.into_inner();
    let lookup = token.clone();
    let done = with_db(&state, move |conn| Ok(prefs::set_by_token(conn, &lookup, prefs::Notify::None)?)).await?;
    if !done {
        return Err(ApiError::not_found("unknown_link", "this unsubscribe link is not known"));
    }
    tracing::info!("a player unsubscribed from game emails");
    let page = format!("{}/unsubscribe/{token}", state.mail.public_url);
    let answer =
        crate::service::notify::in_every_language("\n\n", |lang| catalog::t!(lang, "mail-unsubscribed", page = &page));
    Ok(HttpResponse::Ok().content_type("text/plain; charset=utf-8").body(format!("{answer}\n")))
}

/// The List-Unsubscribe link opened (by a person, a mail client or a link scanner): changes nothing and
/// sends to the page that asks to confirm (a GET must not unsubscribe, RFC 8058).
#[utoipa::path(get, path = "/api/v1/unsubscribe/{token}", tag = "mail", operation_id = "unsubscribe_link",
    params(("token" = String, Path, description = "The secret from the List-Unsubscribe link")),
    responses((status = 303, description = "To the page `/unsubscribe/{token}`, which asks to confirm"),
              (status = 404, body = Problem, description = "Unknown link (`unknown_link`)")))]
pub async fn unsubscribe_link(state: web::Data<AppState>, path: web::Path<String>) -> ApiResult<HttpResponse> {
    let token = path.into_inner();
    let lookup = token.clone();
    let known = with_db(&state, move |conn| Ok(prefs::by_token(conn, &lookup)?)).await?.is_some();
    if !known {
        return Err(ApiError::not_found("unknown_link", "this unsubscribe link is not known"));
    }
    Ok(HttpResponse::SeeOther()
        .insert_header((actix_web::http::header::LOCATION, format!("/unsubscribe/{token}")))
        .finish())
}

/// Confirm my address with the link emailed at registration (POST for scripts; GET is the link itself).
#[utoipa::path(post, path = "/api/v1/verify-email/{token}", tag = "mail", operation_id = "email_verify",
    params(("token" = String, Path, description = "The secret from the verification link")),
    responses((status = 200, body = String, content_type = "text/plain"),
              (status = 404, body = Problem, description = "Unknown or replaced link (`unknown_link`)")))]
pub async fn verify_email(state: web::Data<AppState>, path: web::Path<String>) -> ApiResult<HttpResponse> {
    let token = path.into_inner();
    with_db(&state, move |conn| notify::verify_email(conn, &token)).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body("Your address is confirmed: you can take the seats reserved for it.\n"))
}

/// The verification link opened in a mail client: the same as the POST.
#[utoipa::path(get, path = "/api/v1/verify-email/{token}", tag = "mail", operation_id = "email_verify_link",
    params(("token" = String, Path, description = "The secret from the verification link")),
    responses((status = 200, body = String, content_type = "text/plain"),
              (status = 404, body = Problem, description = "Unknown or replaced link (`unknown_link`)")))]
pub async fn verify_email_link(state: web::Data<AppState>, path: web::Path<String>) -> ApiResult<HttpResponse> {
    verify_email(state, path).await
}

/// Email me a new verification link.
#[utoipa::path(post, path = "/api/v1/me/verify-email", tag = "mail", operation_id = "email_verification_resend",
    security(("bearer" = [])),
    responses((status = 202, description = "A new link is on its way"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)")))]
pub async fn resend_verification(state: web::Data<AppState>, auth: Auth) -> ApiResult<HttpResponse> {
    let mail = state.mail.clone();
    with_db(&state, move |conn| crate::db::write_transaction(conn, |conn| notify::verification(conn, &mail, auth.0)))
        .await?;
    Ok(HttpResponse::Accepted().finish())
}

/// My vacation: when I am back (null: not away).
#[utoipa::path(get, path = "/api/v1/me/vacation", tag = "mail", operation_id = "vacation_get", security(("bearer" = [])),
    responses((status = 200, body = Vacation),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)")))]
pub async fn get_vacation(state: web::Data<AppState>, auth: Auth) -> ApiResult<web::Json<Vacation>> {
    let mail = state.mail.clone();
    Ok(web::Json(with_db(&state, move |conn| vacation::get(conn, &mail, auth.0)).await?))
}

/// Declare a vacation until a time (at most 60 days ahead), or end it with null: my deadlines are pushed
/// back by the time away, and no deadline runs out while I am away.
#[utoipa::path(put, path = "/api/v1/me/vacation", tag = "mail", operation_id = "vacation_set", security(("bearer" = [])),
    request_body = Vacation,
    responses((status = 200, body = Vacation),
              (status = 400, body = Problem, description = "Malformed body or time (`malformed_body`, `bad_time`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)"),
              (status = 422, body = Problem, description = "In the past, or more than 60 days ahead (`bad_vacation`)")))]
pub async fn set_vacation(
    state: web::Data<AppState>,
    auth: Auth,
    body: web::Json<Vacation>,
) -> ApiResult<web::Json<Vacation>> {
    let mail = state.mail.clone();
    let until = body.into_inner().until;
    Ok(web::Json(with_db(&state, move |conn| vacation::set(conn, &mail, auth.0, until.as_deref())).await?))
}

/// A minimal page for people, with its own styles (no web pages exist yet): a heading, text, an optional form.
pub(crate) fn page(title: &str, text: &str, form: Option<(&str, &str)>) -> HttpResponse {
    use crate::mail::compose::html_escape;
    let form = form
        .map(|(action, button)| {
            format!(
                "<form method=\"post\" action=\"{}\"><button type=\"submit\" style=\"font-size:1em;padding:0.5em 1em\">\
                 {}</button></form>",
                html_escape(action),
                html_escape(button)
            )
        })
        .unwrap_or_default();
    HttpResponse::Ok().content_type("text/html; charset=utf-8").body(format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, \
         initial-scale=1\"><title>{t}</title></head>\n<body style=\"font-family:sans-serif;max-width:36em;margin:2em auto;\
         padding:0 1em;line-height:1.5\">\n<h1 style=\"font-size:1.4em\">{t}</h1>\n<p>{}</p>\n{form}\n</body></html>\n",
        html_escape(text).replace('\n', "<br>\n"),
        t = html_escape(title),
    ))
}

/// The "never invite me again" link of an invitation: a page asking to confirm (nothing changes on GET, so
/// that a mail scanner following links does not opt anyone out).
#[utoipa::path(get, path = "/api/v1/invitations/never/{token}", tag = "mail", operation_id = "invitation_optouts_get",
    params(("token" = String, Path, description = "The secret from the invitation email")),
    responses((status = 200, body = String, content_type = "text/html", description = "A page with a confirm button"),
              (status = 404, body = Problem, description = "Unknown link")))]
pub async fn never_invite_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let token = path.into_inner();
    let (_, done) = with_db(&state, move |conn| notify::optout_of(conn, &token)).await?;
    if done {
        return Ok(page(
            &crate::service::notify::in_every_language(" / ", |lang| catalog::t!(lang, "web-no-more-invitations")),
            &crate::service::notify::in_every_language("\n", |lang| {
                catalog::t!(lang, "web-this-address-already-gets-no-tegami")
            }),
            None,
        ));
    }
    Ok(page(
        &crate::service::notify::in_every_language(" / ", |lang| catalog::t!(lang, "web-never-invite-me-again")),
        &crate::service::notify::in_every_language("\n", |lang| {
            catalog::t!(lang, "web-confirm-and-tegami-will-send-no")
        }),
        Some((
            req.path(),
            &crate::service::notify::in_every_language(" / ", |lang| catalog::t!(lang, "web-never-invite-me-again")),
        )),
    ))
}

/// Confirm "never invite me again": no invitation email reaches this address again (also the one-click
/// List-Unsubscribe POST of RFC 8058).
#[utoipa::path(post, path = "/api/v1/invitations/never/{token}", tag = "mail", operation_id = "invitation_optouts_create",
    params(("token" = String, Path, description = "The secret from the invitation email")),
    responses((status = 200, body = String, content_type = "text/html", description = "Done"),
              (status = 404, body = Problem, description = "Unknown link")))]
pub async fn never_invite(state: web::Data<AppState>, path: web::Path<String>) -> ApiResult<HttpResponse> {
    let token = path.into_inner();
    with_db(&state, move |conn| notify::opt_out(conn, &token)).await?;
    Ok(page(
        &crate::service::notify::in_every_language(" / ", |lang| catalog::t!(lang, "web-done")),
        &crate::service::notify::in_every_language("\n", |lang| {
            catalog::t!(lang, "web-tegami-will-send-no-more-invitations")
        }),
        None,
    ))
}

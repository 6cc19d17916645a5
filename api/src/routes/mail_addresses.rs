//! Further addresses my email replies may come from: add (a confirmation link is emailed to the address),
//! list, remove, and the link that proves one.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use shared::api_types::{AddMailAddressRequest, MailAddress, Problem};

use crate::auth::Auth;
use crate::error::ApiResult;
use crate::routes::mail::page;
use crate::routes::with_db;
use crate::service::mail_addresses;
use crate::state::AppState;
use crate::throttle::{self, Counter, Scope};

/// Add an address my email replies may come from. A confirmation link (single use, valid 48 hours) is
/// emailed to it; until it is followed, replies from the address are refused. Adding a pending address
/// again sends a new link. At most 5 added addresses per account.
#[utoipa::path(post, path = "/api/v1/me/mail-addresses", tag = "mail", operation_id = "mail_addresses_create",
    security(("bearer" = [])),
    request_body = AddMailAddressRequest,
    responses((status = 201, body = MailAddress, description = "Added, pending; the confirmation link is on its way"),
              (status = 200, body = MailAddress, description = "Already added and pending: a new link is on its way"),
              (status = 400, body = Problem, description = "Malformed body (`malformed_body`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)"),
              (status = 409, body = Problem,
               description = "My own account address (`mail_address_is_yours`), already proved by me (`mail_address_proved`), \
                 another account's address (`mail_address_taken`), 5 added already (`too_many_mail_addresses`), \
                 or a concurrent change (`conflict`)"),
              (status = 422, body = Problem, description = "Not an email address (`bad_email`)"),
              (status = 429, body = Problem,
               description = "Too many confirmation emails from this account or to this address: see Retry-After (`too_many_requests`)")))]
pub async fn create(
    state: web::Data<AppState>,
    auth: Auth,
    body: web::Json<AddMailAddressRequest>,
) -> ApiResult<HttpResponse> {
    let address = body.into_inner().address;
    let mail = state.mail.clone();
    let security = state.settings.security.clone();
    // Per account and per recipient: neither one account nor many together can flood one mailbox.
    let counters = [
        Counter::signed_in(Scope::MailAddress, auth.0, &security),
        Counter::account(Scope::MailAddress, &address, &security),
    ];
    let now = state.settings.clock.now();
    let (added, new) = with_db(&state, move |conn| {
        throttle::hit(conn, &security, now.timestamp(), &counters)?;
        mail_addresses::add(conn, &mail, now, auth.0, &address)
    })
    .await?;
    Ok(if new { HttpResponse::Created().json(added) } else { HttpResponse::Ok().json(added) })
}

/// The addresses I added, proved or pending, oldest first.
#[utoipa::path(get, path = "/api/v1/me/mail-addresses", tag = "mail", operation_id = "mail_addresses_list",
    security(("bearer" = [])),
    responses((status = 200, body = Vec<MailAddress>),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)")))]
pub async fn list(state: web::Data<AppState>, auth: Auth) -> ApiResult<web::Json<Vec<MailAddress>>> {
    Ok(web::Json(with_db(&state, move |conn| mail_addresses::list(conn, auth.0)).await?))
}

/// Remove an added address: replies from it stop moving for me at once.
#[utoipa::path(delete, path = "/api/v1/me/mail-addresses/{id}", tag = "mail", operation_id = "mail_addresses_delete",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The added address's id")),
    responses((status = 204, description = "Removed"),
              (status = 400, body = Problem, description = "The id is not an integer (`malformed_path`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)"),
              (status = 404, body = Problem, description = "No such added address of mine (`unknown_mail_address`)")))]
pub async fn delete(state: web::Data<AppState>, auth: Auth, path: web::Path<i64>) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    with_db(&state, move |conn| mail_addresses::remove(conn, auth.0, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct ConfirmQuery {
    /// The secret from the emailed link
    token: String,
}

/// The emailed confirmation link: a page asking to confirm. Nothing changes on GET, so that a mail scanner
/// following links proves nothing.
#[utoipa::path(get, path = "/api/v1/mail-addresses/confirm", tag = "mail", operation_id = "mail_address_confirm_page",
    params(ConfirmQuery),
    responses((status = 200, body = String, content_type = "text/html", description = "A page with a confirm button"),
              (status = 400, body = Problem, description = "No token (`malformed_query`)"),
              (status = 404, body = Problem, description = "Unknown or used link (`unknown_link`)"),
              (status = 410, body = Problem, description = "The link expired (`link_expired`)")))]
pub async fn confirm_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    query: web::Query<ConfirmQuery>,
) -> ApiResult<HttpResponse> {
    let token = query.into_inner().token;
    let now = state.settings.clock.now();
    let (address, name) = with_db(&state, move |conn| mail_addresses::pending_of(conn, now, &token)).await?;
    let action = req.uri().path_and_query().map(|p| p.as_str().to_string()).unwrap_or_default();
    Ok(page(
        &crate::service::notify::in_every_language(" / ", |lang| catalog::t!(lang, "mail-reply-address-title")),
        &crate::service::notify::in_every_language("\n", |lang| {
            catalog::t!(lang, "mail-reply-address-confirm", address = &address, name = &name)
        }),
        Some((
            &action,
            &crate::service::notify::in_every_language(" / ", |lang| catalog::t!(lang, "mail-reply-address-button")),
        )),
    ))
}

/// Prove an added address with the emailed link (once, within 48 hours): from now on replies from it move
/// for the account that added it.
#[utoipa::path(post, path = "/api/v1/mail-addresses/confirm", tag = "mail", operation_id = "mail_address_confirm",
    params(ConfirmQuery),
    responses((status = 200, body = String, content_type = "text/html", description = "Proved"),
              (status = 400, body = Problem, description = "No token (`malformed_query`)"),
              (status = 404, body = Problem, description = "Unknown or used link (`unknown_link`)"),
              (status = 409, body = Problem,
               description = "Another account registered or proved the address meanwhile (`mail_address_taken`, `conflict`)"),
              (status = 410, body = Problem, description = "The link expired (`link_expired`)")))]
pub async fn confirm(state: web::Data<AppState>, query: web::Query<ConfirmQuery>) -> ApiResult<HttpResponse> {
    let token = query.into_inner().token;
    let now = state.settings.clock.now();
    let proved = with_db(&state, move |conn| mail_addresses::confirm(conn, now, &token)).await?;
    Ok(page(
        &crate::service::notify::in_every_language(" / ", |lang| catalog::t!(lang, "web-done")),
        &crate::service::notify::in_every_language("\n", |lang| {
            catalog::t!(lang, "mail-reply-address-proved", address = &proved.address)
        }),
        None,
    ))
}

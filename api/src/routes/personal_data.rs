//! My data: export all of it, or delete my account.

use actix_web::{HttpResponse, web};
use shared::api_types::{AccountExport, DeleteAccountRequest, Problem};

use crate::auth::Caller;
use crate::error::ApiResult;
use crate::routes::with_db;
use crate::security_headers::no_store;
use crate::service::personal_data;
use crate::state::AppState;

/// Everything the server holds about me, as one JSON document (no secrets).
#[utoipa::path(get, path = "/api/v1/me/export", tag = "accounts", operation_id = "accounts_export", security(("bearer" = [])),
    responses((status = 200, body = AccountExport), (status = 401, body = Problem, description = "Not logged in")))]
pub async fn export(state: web::Data<AppState>, caller: Caller) -> ApiResult<HttpResponse> {
    let mail = state.mail.clone();
    let now = state.settings.clock.now();
    let data =
        with_db(&state, move |conn| personal_data::export(conn, &mail, now, caller.account, caller.session.as_deref()))
            .await?;
    Ok(no_store(HttpResponse::Ok())
        .insert_header(("Content-Disposition", "attachment; filename=\"tegami-account.json\""))
        .json(data))
}

/// Delete my account (the password confirms it). Seats in running games forfeit as a resignation, seats
/// in games not yet started open up; every session and token stops working; my name in past games
/// becomes "deleted player N" (journals stay as they are and still verify); my address is free again.
#[utoipa::path(delete, path = "/api/v1/me", tag = "accounts", operation_id = "accounts_delete", security(("bearer" = [])),
    request_body = DeleteAccountRequest,
    responses((status = 204, description = "Deleted"), (status = 400, body = Problem, description = "Malformed body"),
              (status = 401, body = Problem, description = "Not logged in"),
              (status = 403, body = Problem, description = "Wrong password")))]
pub async fn delete(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<DeleteAccountRequest>,
) -> ApiResult<HttpResponse> {
    let password = body.into_inner().password;
    let mail = state.mail.clone();
    let now = state.settings.clock.now();
    with_db(&state, move |conn| personal_data::delete(conn, &mail, now, caller.account, &password)).await?;
    Ok(HttpResponse::NoContent().finish())
}

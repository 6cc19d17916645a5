//! Signed-in sessions: list them, sign one out (`current` for the one asking), or sign out everywhere.
//! (Signing in is `POST /api/v1/sessions`, with the accounts.)

use actix_web::{HttpResponse, web};
use serde::Deserialize;
use shared::api_types::{Problem, SessionInfo, SessionsRevoked};

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::routes::with_db;
use crate::service::{accounts, sessions};
use crate::state::AppState;

/// My live sessions, newest first (`current` marks the one asking). API tokens are listed by `GET /api/v1/tokens`.
#[utoipa::path(get, path = "/api/v1/sessions", tag = "accounts", operation_id = "sessions_list", security(("bearer" = [])),
    responses((status = 200, body = Vec<SessionInfo>), (status = 401, body = Problem, description = "Not logged in")))]
pub async fn list(state: web::Data<AppState>, caller: Caller) -> ApiResult<web::Json<Vec<SessionInfo>>> {
    let now = state.settings.clock.now();
    Ok(web::Json(
        with_db(&state, move |conn| sessions::list(conn, now, caller.account, caller.session.as_deref())).await?,
    ))
}

/// Sign out one session: its token stops working at once. `current` names the session making the request.
#[utoipa::path(delete, path = "/api/v1/sessions/{id}", tag = "accounts", operation_id = "sessions_revoke", security(("bearer" = [])),
    params(("id" = String, Path, description = "A session id from `GET /api/v1/sessions`, or `current`")),
    responses((status = 204, description = "Signed out"), (status = 401, body = Problem, description = "Not logged in"),
              (status = 404, body = Problem, description = "No such live session of mine (or `current` with an API token)")))]
pub async fn revoke(state: web::Data<AppState>, caller: Caller, path: web::Path<String>) -> ApiResult<HttpResponse> {
    let wanted = path.into_inner();
    let id = if wanted == "current" {
        caller.session.clone().ok_or_else(|| {
            ApiError::not_found(
                "no_session",
                "this request carries an API token, not a session; revoke the token with `DELETE /api/v1/tokens/{id}`",
            )
        })?
    } else {
        wanted
    };
    let now = state.settings.clock.now();
    with_db(&state, move |conn| sessions::revoke(conn, now, caller.account, &id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct RevokeAllQuery {
    /// Also revoke every API token of the account (and with them the webhooks set up with them).
    #[serde(default)]
    tokens: bool,
}

/// Sign out everywhere: every session of mine ends, this one included. API tokens stay unless `tokens=true`
/// asks to revoke them too.
#[utoipa::path(delete, path = "/api/v1/sessions", tag = "accounts", operation_id = "sessions_revoke_all", security(("bearer" = [])),
    params(RevokeAllQuery),
    responses((status = 200, body = SessionsRevoked),
              (status = 400, body = Problem, description = "`tokens` is not `true` or `false` (`malformed_query`)"),
              (status = 401, body = Problem, description = "Not logged in")))]
pub async fn revoke_all(
    state: web::Data<AppState>,
    caller: Caller,
    query: web::Query<RevokeAllQuery>,
) -> ApiResult<web::Json<SessionsRevoked>> {
    let now = state.settings.clock.now();
    let with_tokens = query.tokens;
    let (revoked, tokens_revoked) = with_db(&state, move |conn| {
        crate::db::write_transaction(conn, |conn| {
            let revoked = sessions::revoke_all(conn, now, caller.account, None)?;
            let tokens = if with_tokens { accounts::revoke_all_tokens(conn, caller.account)? } else { 0 };
            tracing::info!(account = caller.account, revoked, tokens, "signed out everywhere");
            Ok((revoked, tokens))
        })
    })
    .await?;
    Ok(web::Json(SessionsRevoked { revoked, tokens_revoked }))
}

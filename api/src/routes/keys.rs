use actix_web::{HttpResponse, web};
use shared::api_types::{Problem, RegisterKeyRequest, SigningKey};

use crate::auth::Auth;
use crate::error::ApiResult;
use crate::routes::with_db;
use crate::service::accounts;
use crate::state::AppState;

/// Register an Ed25519 public key for signing moves (idempotent).
#[utoipa::path(post, path = "/api/v1/keys", tag = "keys", operation_id = "keys_create", security(("bearer" = [])),
    request_body = RegisterKeyRequest,
    responses((status = 201, body = SigningKey, description = "Registered"),
              (status = 200, body = SigningKey, description = "Already registered"),
              (status = 400, body = Problem, description = "Malformed body (`malformed_body`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)"),
              (status = 409, body = Problem,
               description = "Key revoked, registered by another account, or the account already holds `max_signing_keys` \
                              live keys (`key_revoked`, `key_taken`, `too_many_keys`, `conflict`)"),
              (status = 422, body = Problem, description = "Not an Ed25519 public key (`bad_key`)")))]
pub async fn register(
    state: web::Data<AppState>,
    auth: Auth,
    body: web::Json<RegisterKeyRequest>,
) -> ApiResult<HttpResponse> {
    let req = body.into_inner();
    let max = state.settings.security.max_signing_keys;
    let (key, new) =
        with_db(&state, move |conn| accounts::register_key(conn, auth.0, &req.public_key, req.name.as_deref(), max))
            .await?;
    Ok(if new { HttpResponse::Created().json(key) } else { HttpResponse::Ok().json(key) })
}

/// My signing keys, revoked ones included.
#[utoipa::path(get, path = "/api/v1/keys", tag = "keys", operation_id = "keys_list", security(("bearer" = [])),
    responses((status = 200, body = Vec<SigningKey>),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)")))]
pub async fn list(state: web::Data<AppState>, auth: Auth) -> ApiResult<web::Json<Vec<SigningKey>>> {
    Ok(web::Json(with_db(&state, move |conn| accounts::list_keys(conn, auth.0)).await?))
}

/// Revoke a signing key: moves signed with it are refused from now on.
#[utoipa::path(delete, path = "/api/v1/keys/{kid}", tag = "keys", operation_id = "keys_revoke", security(("bearer" = [])),
    params(("kid" = String, Path, description = "Key id")),
    responses((status = 204, description = "Revoked"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)"),
              (status = 404, body = Problem, description = "No such active key of mine (`unknown_key`)")))]
pub async fn revoke(state: web::Data<AppState>, auth: Auth, path: web::Path<String>) -> ApiResult<HttpResponse> {
    let kid = path.into_inner();
    with_db(&state, move |conn| accounts::revoke_key(conn, auth.0, &kid)).await?;
    Ok(HttpResponse::NoContent().finish())
}

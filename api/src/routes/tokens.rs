use actix_web::{HttpResponse, web};
use shared::api_types::{ApiToken, CreateTokenRequest, CreatedToken, Problem};

use crate::auth::Auth;
use crate::error::ApiResult;
use crate::routes::with_db;
use crate::service::accounts;
use crate::state::AppState;

/// Create a long-lived API token for scripts; its secret is shown only in this response.
#[utoipa::path(post, path = "/api/v1/tokens", tag = "tokens", operation_id = "tokens_create", security(("bearer" = [])),
    request_body = CreateTokenRequest,
    responses((status = 201, body = CreatedToken),
              (status = 400, body = Problem, description = "Malformed body (`malformed_body`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)"),
              (status = 409, body = Problem,
               description = "The account already holds `max_api_tokens` live tokens (`too_many_tokens`)"),
              (status = 422, body = Problem, description = "Bad name (`bad_name`)")))]
pub async fn create(
    state: web::Data<AppState>,
    auth: Auth,
    body: web::Json<CreateTokenRequest>,
) -> ApiResult<HttpResponse> {
    let name = body.into_inner().name;
    let max = state.settings.security.max_api_tokens;
    let token = with_db(&state, move |conn| accounts::create_token(conn, auth.0, &name, max)).await?;
    Ok(HttpResponse::Created().json(token))
}

/// My active API tokens (without their secrets).
#[utoipa::path(get, path = "/api/v1/tokens", tag = "tokens", operation_id = "tokens_list", security(("bearer" = [])),
    responses((status = 200, body = Vec<ApiToken>),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)")))]
pub async fn list(state: web::Data<AppState>, auth: Auth) -> ApiResult<web::Json<Vec<ApiToken>>> {
    Ok(web::Json(with_db(&state, move |conn| accounts::list_tokens(conn, auth.0)).await?))
}

/// Revoke an API token.
#[utoipa::path(delete, path = "/api/v1/tokens/{id}", tag = "tokens", operation_id = "tokens_revoke", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Token id")),
    responses((status = 204, description = "Revoked"),
              (status = 400, body = Problem, description = "The id is not an integer (`malformed_path`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)"),
              (status = 404, body = Problem, description = "No such active token of mine (`unknown_token`)")))]
pub async fn revoke(state: web::Data<AppState>, auth: Auth, path: web::Path<i64>) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    with_db(&state, move |conn| accounts::revoke_token(conn, auth.0, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

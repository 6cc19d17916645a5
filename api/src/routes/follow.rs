//! Following a game between my turns: `GET/PUT /api/v1/games/{id}/follow`.

use actix_web::web;
use shared::api_types::Problem;

use crate::auth::Auth;
use crate::error::ApiResult;
use crate::routes::with_db;
use crate::service::follow::{self, GameFollow};
use crate::state::AppState;

/// How I am told of the moves of a game I play that ask nothing of me: `off` (only my turns, the default),
/// `email` (an email for every move) or `digest` (every move in my daily digest).
#[utoipa::path(get, path = "/api/v1/games/{id}/follow", tag = "mail", operation_id = "follow_get", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Game id")),
    responses((status = 200, body = GameFollow),
              (status = 400, body = Problem, description = "The id is not an integer (`malformed_path`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)"),
              (status = 403, body = Problem, description = "I do not play in this game (`not_a_player`)"),
              (status = 404, body = Problem, description = "Unknown game (`unknown_game`)")))]
pub async fn get(state: web::Data<AppState>, auth: Auth, path: web::Path<i64>) -> ApiResult<web::Json<GameFollow>> {
    let id = path.into_inner();
    Ok(web::Json(with_db(&state, move |conn| follow::get(conn, auth.0, id)).await?))
}

/// Choose how I am told of the moves of a game I play that ask nothing of me.
#[utoipa::path(put, path = "/api/v1/games/{id}/follow", tag = "mail", operation_id = "follow_set", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Game id")), request_body = GameFollow,
    responses((status = 200, body = GameFollow),
              (status = 400, body = Problem, description = "Malformed body or id (`malformed_body`, `malformed_path`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)"),
              (status = 403, body = Problem, description = "I do not play in this game (`not_a_player`)"),
              (status = 404, body = Problem, description = "Unknown game (`unknown_game`)")))]
pub async fn set(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<i64>,
    body: web::Json<GameFollow>,
) -> ApiResult<web::Json<GameFollow>> {
    let (id, wanted) = (path.into_inner(), body.into_inner().follow);
    Ok(web::Json(with_db(&state, move |conn| follow::set(conn, auth.0, id, wanted)).await?))
}

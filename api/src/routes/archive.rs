//! The archive of finished games and players' profiles.

use actix_web::{HttpResponse, web};
use serde::Deserialize;
use shared::api_types::{ArchivePage, Problem, Profile, ProfileSettings};

use crate::auth::{Auth, MaybeAuth};
use crate::error::ApiResult;
use crate::routes::lobby::{known_game, page_size};
use crate::routes::with_db;
use crate::service::archive::{self, ArchiveFilter};
use crate::service::profiles;
use crate::state::AppState;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct ArchiveQuery {
    /// Only games this player (an account id) played
    player: Option<i64>,
    /// Only games of this type (a slug of `GET /api/v1/game-types`)
    game: Option<String>,
    /// Games older than this id: the previous page's `next`
    after: Option<i64>,
    /// Games per page, 1 to 50 (default 50)
    #[param(minimum = 1, maximum = 50)]
    limit: Option<u32>,
}

/// Finished listed games, newest first, each with its result; replay one with `GET /api/v1/games/{id}/replay`,
/// export its journal with `GET /api/v1/games/{id}/journal`.
#[utoipa::path(get, path = "/api/v1/archive", tag = "games", operation_id = "archive_list", security((), ("bearer" = [])),
    params(ArchiveQuery),
    responses((status = 200, body = ArchivePage),
              (status = 400, body = Problem, description = "A filter or page that cannot be read (`malformed_query`, `bad_limit`)"),
              (status = 401, body = Problem, description = "A token was sent and is not valid (`bad_token`, `session_expired`)"),
              (status = 403, body = Problem, description = "The player keeps their profile private (`profile_private`)"),
              (status = 404, body = Problem, description = "No such game type or player (`unknown_game_type`, `unknown_player`)")))]
pub async fn archive(
    state: web::Data<AppState>,
    auth: MaybeAuth,
    query: web::Query<ArchiveQuery>,
) -> ApiResult<web::Json<ArchivePage>> {
    let q = query.into_inner();
    let filter = ArchiveFilter {
        player: q.player,
        slug: q.game.as_deref().filter(|g| !g.is_empty()).map(known_game).transpose()?,
    };
    let limit = page_size(q.limit, archive::PAGE_MAX)?;
    let after = q.after;
    Ok(web::Json(with_db(&state, move |conn| archive::finished(conn, auth.0, &filter, after, limit)).await?))
}

/// A player's page: games played and won per game, current listed games, rating per game.
#[utoipa::path(get, path = "/api/v1/players/{id}", tag = "accounts", operation_id = "players_get", security((), ("bearer" = [])),
    params(("id" = i64, Path, description = "The player's account id")),
    responses((status = 200, body = Profile),
              (status = 400, body = Problem, description = "The id is not an integer (`malformed_path`)"),
              (status = 401, body = Problem, description = "A token was sent and is not valid (`bad_token`, `session_expired`)"),
              (status = 403, body = Problem, description = "The player keeps their profile private (`profile_private`)"),
              (status = 404, body = Problem, description = "No such player (`unknown_player`)")))]
pub async fn profile(
    state: web::Data<AppState>,
    auth: MaybeAuth,
    path: web::Path<i64>,
) -> ApiResult<web::Json<Profile>> {
    let id = path.into_inner();
    Ok(web::Json(with_db(&state, move |conn| profiles::profile(conn, auth.0, id)).await?))
}

/// Whether others may see my profile, find my games in the archive by me, and see me on leaderboards.
#[utoipa::path(put, path = "/api/v1/me/profile", tag = "accounts", operation_id = "profile_settings_set", security(("bearer" = [])),
    request_body = ProfileSettings,
    responses((status = 204, description = "Saved"),
              (status = 400, body = Problem, description = "Malformed body (`malformed_body`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)")))]
pub async fn set_profile(
    state: web::Data<AppState>,
    auth: Auth,
    body: web::Json<ProfileSettings>,
) -> ApiResult<HttpResponse> {
    let public = body.into_inner().public;
    with_db(&state, move |conn| profiles::set_public(conn, auth.0, public)).await?;
    Ok(HttpResponse::NoContent().finish())
}

//! The public lobby and the leaderboards: open to everyone, no credentials needed.

use actix_web::web;
use serde::Deserialize;
use shared::api_types::{LobbyPage, PlayerRating, Problem};
use shared::{Localized, registry};

use crate::error::{ApiError, ApiResult};
use crate::routes::with_db;
use crate::service::lobby::{self, LobbyFilter};
use crate::service::ratings;
use crate::state::AppState;

fn bad(code: &'static str, text: Localized) -> ApiError {
    ApiError::bad_request(code, "").localized(&text)
}

/// A game slug this server knows.
pub(crate) fn known_game(slug: &str) -> ApiResult<String> {
    if registry::game(slug).is_some() {
        return Ok(slug.to_string());
    }
    // 404, as for `GET /api/v1/game-types/{slug}/rules`: no such game type exists here.
    let text = catalog::both!("lobby-unknown-game", game = slug, known = registry::slugs().join(", "));
    Err(ApiError::not_found("unknown_game_type", "").localized(&text))
}

/// A page size within 1..=`max` (the default `max`).
pub(crate) fn page_size(limit: Option<u32>, max: i64) -> ApiResult<i64> {
    match limit {
        None => Ok(max),
        Some(n @ 1..) if i64::from(n) <= max => Ok(i64::from(n)),
        Some(n) => Err(bad("bad_limit", catalog::both!("lobby-bad-limit", limit = n, max = max))),
    }
}

/// The lobby's filters as the API and the lobby page read them. An empty filter (as a form sends an unset
/// field) is no filter.
pub(crate) fn lobby_filter(
    game: Option<&str>,
    players: Option<u8>,
    time_limit: Option<&str>,
    lang: Option<&str>,
    rated: Option<bool>,
) -> ApiResult<LobbyFilter> {
    Ok(LobbyFilter {
        slug: game.filter(|g| !g.is_empty()).map(known_game).transpose()?,
        players,
        deadline_hours: match time_limit.map(str::trim).filter(|t| !t.is_empty()) {
            None => None,
            Some("none") => Some(None),
            Some(hours) => Some(Some(
                hours
                    .parse::<u32>()
                    .map_err(|_| bad("bad_time_limit", catalog::both!("lobby-bad-time-limit", given = hours)))?,
            )),
        },
        // Any language the catalogs have, by its code.
        lang: lang
            .filter(|l| !l.is_empty())
            .map(catalog::language)
            .transpose()
            .map_err(|unknown| bad("bad_lang", unknown.message()))?,
        rated,
    })
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct LobbyQuery {
    /// Only games of this type (a slug of `GET /api/v1/game-types`)
    game: Option<String>,
    /// Only games for this many players (seats)
    #[param(minimum = 0, maximum = 255)]
    players: Option<u8>,
    /// Only games with this time limit per decision, in hours, or `none` for games without one
    #[param(pattern = "^(none|[0-9]{1,9})?$")]
    time_limit: Option<String>,
    /// Only games whose creator reads `en` or `ja`
    #[param(value_type = Option<shared::Lang>)]
    lang: Option<String>,
    /// Only rated (true) or unrated (false) games
    rated: Option<bool>,
    /// Games older than this id: the previous page's `next`
    after: Option<i64>,
    /// Games per page, 1 to 50 (default 50)
    #[param(minimum = 1, maximum = 50)]
    limit: Option<u32>,
}

/// Listed games with an open seat, newest first; take a seat with `POST /api/v1/games/{id}/join`.
#[utoipa::path(get, path = "/api/v1/lobby", tag = "games", operation_id = "lobby_list", security((), ("bearer" = [])),
    params(LobbyQuery),
    responses((status = 200, body = LobbyPage),
              (status = 400, body = Problem,
               description = "A filter or page that cannot be read (`malformed_query`, `bad_lang`, `bad_time_limit`, `bad_limit`)"),
              (status = 404, body = Problem, description = "No such game type (`unknown_game_type`)")))]
pub async fn lobby(state: web::Data<AppState>, query: web::Query<LobbyQuery>) -> ApiResult<web::Json<LobbyPage>> {
    let q = query.into_inner();
    let filter = lobby_filter(q.game.as_deref(), q.players, q.time_limit.as_deref(), q.lang.as_deref(), q.rated)?;
    let limit = page_size(q.limit, lobby::PAGE_MAX)?;
    let after = q.after;
    Ok(web::Json(with_db(&state, move |conn| lobby::page(conn, &filter, after, limit)).await?))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct LeaderboardQuery {
    /// Only players with at least this many rated games of this type (default 1)
    #[param(minimum = 0, maximum = 1000000)]
    min_games: Option<u32>,
    /// Players listed, 1 to 100 (default 100)
    #[param(minimum = 1, maximum = 100)]
    limit: Option<u32>,
}

/// The best-rated players of one game (public profiles only), best first, each rating with its uncertainty.
#[utoipa::path(get, path = "/api/v1/game-types/{slug}/leaderboard", tag = "games", operation_id = "leaderboard_get", security((), ("bearer" = [])),
    params(("slug" = String, Path, description = "The game"), LeaderboardQuery),
    responses((status = 200, body = Vec<PlayerRating>),
              (status = 400, body = Problem, description = "A bad page or minimum (`bad_limit`, `bad_min_games`, `malformed_query`)"),
              (status = 404, body = Problem, description = "No such game type (`unknown_game_type`)")))]
pub async fn leaderboard(
    state: web::Data<AppState>,
    path: web::Path<String>,
    query: web::Query<LeaderboardQuery>,
) -> ApiResult<web::Json<Vec<PlayerRating>>> {
    let slug = known_game(&path.into_inner())?;
    let q = query.into_inner();
    let limit = page_size(q.limit, ratings::LEADERBOARD_MAX)?;
    let min_games = q.min_games.unwrap_or(ratings::DEFAULT_MIN_GAMES);
    if min_games > 1_000_000 {
        return Err(bad("bad_min_games", catalog::both!("lobby-bad-min-games", min_games = min_games)));
    }
    Ok(web::Json(with_db(&state, move |conn| ratings::leaderboard(conn, &slug, min_games, limit)).await?))
}

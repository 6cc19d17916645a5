use actix_web::{HttpResponse, web};
use serde::Deserialize;
use shared::api_types::{
    CreateGameRequest, GameDetail, GameSummary, GameType, JoinRequest, JournalListing, LegalMoves, MoveAccepted,
    Problem, SubmitMoveRequest,
};
use shared::registry;

use crate::auth::{Auth, MaybeAuth};
use crate::error::{ApiError, ApiResult};
use crate::routes::with_db;
use crate::service::games;
use crate::startup::AppState;

/// The games this server hosts, with their default options.
#[utoipa::path(get, path = "/api/v1/game-types", tag = "games", responses((status = 200, body = Vec<GameType>)))]
pub async fn types() -> web::Json<Vec<GameType>> {
    web::Json(registry::games().iter().map(|g| GameType { info: g.info(), default_options: g.default_options() }).collect())
}

/// Create a game. Seats are filled by me, invited addresses, open seats or bots; it starts when all are filled.
#[utoipa::path(post, path = "/api/v1/games", tag = "games", security(("bearer" = [])), request_body = CreateGameRequest,
    responses((status = 201, body = GameDetail), (status = 400, body = Problem, description = "Malformed body or unknown game type"),
              (status = 401, body = Problem, description = "Not logged in"),
              (status = 422, body = Problem, description = "Wrong number of seats or bad options")))]
pub async fn create(state: web::Data<AppState>, auth: Auth, body: web::Json<CreateGameRequest>) -> ApiResult<HttpResponse> {
    let req = body.into_inner();
    let mail = state.mail.clone();
    let game = with_db(&state, move |conn| games::create(conn, &mail, auth.0, req)).await?;
    Ok(HttpResponse::Created().json(game))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct ListQuery {
    /// waiting, active or finished
    status: Option<String>,
}

/// The games I play in, newest first, with a "my turn" flag.
#[utoipa::path(get, path = "/api/v1/games", tag = "games", security(("bearer" = [])), params(ListQuery),
    responses((status = 200, body = Vec<GameSummary>), (status = 400, body = Problem, description = "Bad status filter"),
              (status = 401, body = Problem, description = "Not logged in")))]
pub async fn list(state: web::Data<AppState>, auth: Auth, query: web::Query<ListQuery>) -> ApiResult<web::Json<Vec<GameSummary>>> {
    let status = query.into_inner().status.as_deref().map(games::parse_status_filter).transpose()?;
    Ok(web::Json(with_db(&state, move |conn| games::list(conn, auth.0, status)).await?))
}

/// A game as I may see it: my seat's view, or a spectator's view for anyone else.
#[utoipa::path(get, path = "/api/v1/games/{id}", tag = "games", params(("id" = i64, Path, description = "Game id")),
    responses((status = 200, body = GameDetail), (status = 401, body = Problem, description = "Bad credentials"),
              (status = 404, body = Problem, description = "Unknown game")))]
pub async fn detail(state: web::Data<AppState>, auth: MaybeAuth, path: web::Path<i64>) -> ApiResult<web::Json<GameDetail>> {
    let id = path.into_inner();
    Ok(web::Json(with_db(&state, move |conn| games::detail(conn, id, auth.0)).await?))
}

/// Take my invited seat, an open seat, or the seat named.
#[utoipa::path(post, path = "/api/v1/games/{id}/join", tag = "games", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Game id")), request_body(content = JoinRequest, description = "May be empty"),
    responses((status = 200, body = GameDetail), (status = 401, body = Problem, description = "Not logged in"),
              (status = 404, body = Problem, description = "Unknown game or seat"),
              (status = 409, body = Problem, description = "Already seated, or no seat open to me")))]
pub async fn join(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<i64>,
    body: Option<web::Json<JoinRequest>>,
) -> ApiResult<web::Json<GameDetail>> {
    let id = path.into_inner();
    let seat = body.and_then(|b| b.into_inner().seat);
    let mail = state.mail.clone();
    Ok(web::Json(with_db(&state, move |conn| games::join(conn, &mail, auth.0, id, seat)).await?))
}

/// My pending decisions with their prompts and legal answers.
#[utoipa::path(get, path = "/api/v1/games/{id}/moves", tag = "games", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Game id")),
    responses((status = 200, body = Vec<LegalMoves>), (status = 401, body = Problem, description = "Not logged in"),
              (status = 403, body = Problem, description = "I do not play in this game"),
              (status = 404, body = Problem, description = "Unknown game")))]
pub async fn moves(state: web::Data<AppState>, auth: Auth, path: web::Path<i64>) -> ApiResult<web::Json<Vec<LegalMoves>>> {
    let id = path.into_inner();
    Ok(web::Json(with_db(&state, move |conn| games::legal_moves(conn, auth.0, id)).await?))
}

/// Submit a signed move. Re-sending an accepted move returns its original result (200, `duplicate`).
#[utoipa::path(post, path = "/api/v1/games/{id}/moves", tag = "games", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Game id")), request_body = SubmitMoveRequest,
    responses((status = 201, body = MoveAccepted), (status = 200, body = MoveAccepted, description = "Already accepted (retry)"),
              (status = 400, body = Problem, description = "Malformed body or move"),
              (status = 401, body = Problem, description = "Not logged in, or the signature does not verify"),
              (status = 403, body = Problem, description = "Not my seat or not my key"),
              (status = 404, body = Problem, description = "Unknown game"),
              (status = 409, body = Problem, description = "Decision no longer pending, or game not active"),
              (status = 422, body = Problem, description = "Illegal move: why, and the legal answers")))]
pub async fn submit(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<i64>,
    body: web::Json<SubmitMoveRequest>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let token = body.into_inner().signed_move;
    let mail = state.mail.clone();
    let accepted = with_db(&state, move |conn| games::submit(conn, &mail, auth.0, id, &token)).await?;
    Ok(if accepted.duplicate { HttpResponse::Ok().json(accepted) } else { HttpResponse::Created().json(accepted) })
}

/// Resign: I leave the game now; what follows is up to the game's rules.
#[utoipa::path(post, path = "/api/v1/games/{id}/resign", tag = "games", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Game id")),
    responses((status = 200, body = MoveAccepted), (status = 401, body = Problem, description = "Not logged in"),
              (status = 403, body = Problem, description = "I do not play in this game"),
              (status = 404, body = Problem, description = "Unknown game"),
              (status = 409, body = Problem, description = "Game not active")))]
pub async fn resign(state: web::Data<AppState>, auth: Auth, path: web::Path<i64>) -> ApiResult<web::Json<MoveAccepted>> {
    let id = path.into_inner();
    let mail = state.mail.clone();
    Ok(web::Json(with_db(&state, move |conn| games::resign(conn, &mail, auth.0, id)).await?))
}

/// The journal as I may read it; complete, with the seed and keys, once the game is over.
#[utoipa::path(get, path = "/api/v1/games/{id}/journal", tag = "games", params(("id" = i64, Path, description = "Game id")),
    responses((status = 200, body = JournalListing), (status = 401, body = Problem, description = "Bad credentials"),
              (status = 404, body = Problem, description = "Unknown game")))]
pub async fn journal(state: web::Data<AppState>, auth: MaybeAuth, path: web::Path<i64>) -> ApiResult<web::Json<JournalListing>> {
    let id = path.into_inner();
    Ok(web::Json(with_db(&state, move |conn| games::journal_listing(conn, id, auth.0)).await?))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct BoardQuery {
    /// en or ja (default en)
    lang: Option<String>,
    /// Columns, 40 to 200 (default 80)
    width: Option<usize>,
    /// Part of a large board, in the game's terms (suriagehara: `0305-1012`)
    region: Option<String>,
}

/// The board as text, as I may see it (what `tegami show` prints).
#[utoipa::path(get, path = "/api/v1/games/{id}/board", tag = "games", params(("id" = i64, Path, description = "Game id"), BoardQuery),
    responses((status = 200, body = String, content_type = "text/plain"), (status = 400, body = Problem, description = "Bad lang or width"),
              (status = 404, body = Problem, description = "Unknown game")))]
pub async fn board(state: web::Data<AppState>, auth: MaybeAuth, path: web::Path<i64>, query: web::Query<BoardQuery>) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let q = query.into_inner();
    let lang = match q.lang.as_deref() {
        None => shared::Lang::En,
        Some(l) => l.parse().map_err(|e: String| ApiError::bad_request("bad_lang", e))?,
    };
    let width = q.width.unwrap_or(80);
    if !(40..=200).contains(&width) {
        return Err(ApiError::bad_request("bad_width", format!("width {width} is out of range; use 40 to 200")));
    }
    let region = q.region.filter(|r| !r.trim().is_empty());
    let text = with_db(&state, move |conn| games::board(conn, id, auth.0, lang, width, region)).await?;
    Ok(HttpResponse::Ok().content_type("text/plain; charset=utf-8").body(text))
}

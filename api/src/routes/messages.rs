//! Table talk: messages at a game's table, the creator's talk settings, mutes, reports and my private note.

use actix_web::{HttpResponse, web};
use serde::Deserialize;
use shared::api_types::{
    MessageListing, MessageReport, Mutes, Note, PostMessageRequest, Problem, ReportRequest, SetNoteRequest,
    TalkMessage, TalkSettings,
};

use crate::auth::{Auth, MaybeAuth};
use crate::error::ApiResult;
use crate::routes::with_db;
use crate::service::talk::{self, Channel, Draft};
use crate::state::AppState;

/// Write at the table: to every player (and, unless the creator keeps the talk to the players, to
/// spectators), or privately to one seat where the creator allows it. Only players write; the text is theirs
/// alone (the server adds nothing to it).
#[utoipa::path(post, path = "/api/v1/games/{id}/messages", tag = "talk", operation_id = "messages_post", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Game id")), request_body = PostMessageRequest,
    responses((status = 201, body = TalkMessage),
              (status = 400, body = Problem, description = "Malformed body or id (`malformed_body`, `malformed_path`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)"),
              (status = 403, body = Problem, description = "I do not play in this game (`not_a_player`)"),
              (status = 404, body = Problem, description = "Unknown game (`unknown_game`)"),
              (status = 422, body = Problem,
               description = "Empty, longer than 2000 characters or with a refused character; private messages not allowed in this game; \
                   or `to` is not another player's seat (`bad_message`, `private_messages_off`, `bad_recipient`)"),
              (status = 429, body = Problem, description = "Too many messages in this game lately; `Retry-After` says when to write again (`too_many_requests`)")))]
pub async fn post(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<i64>,
    body: web::Json<PostMessageRequest>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let req = body.into_inner();
    let now = state.settings.clock.now().timestamp();
    let draft = Draft { text: req.text, to: req.to, channel: Channel::Api };
    let mail = state.mail.clone();
    let message = with_db(&state, move |conn| talk::post(conn, &mail, now, auth.0, id, draft)).await?;
    Ok(HttpResponse::Created().json(message))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct ListQuery {
    /// Messages after this id (default: from the first); the previous page's `next`
    after: Option<i64>,
    /// Messages per page, 1 to 500 (default 100)
    #[param(minimum = 1, maximum = 500)]
    limit: Option<i64>,
}

/// The messages I may read, oldest first, a page at a time: a player reads the table and the private
/// messages to or from its seat; anyone else the table, unless the creator keeps it to the players. Seats I
/// muted are left out.
#[utoipa::path(get, path = "/api/v1/games/{id}/messages", tag = "talk", operation_id = "messages_list", security((), ("bearer" = [])),
    params(("id" = i64, Path, description = "Game id"), ListQuery),
    responses((status = 200, body = MessageListing),
              (status = 400, body = Problem, description = "Bad id, `after` or `limit` (`malformed_path`, `malformed_query`, `bad_limit`)"),
              (status = 401, body = Problem, description = "A token was sent and is not valid (`bad_token`, `session_expired`)"),
              (status = 403, body = Problem, description = "The creator keeps the talk to the players (`talk_closed`)"),
              (status = 404, body = Problem, description = "Unknown game (`unknown_game`)")))]
pub async fn list(
    state: web::Data<AppState>,
    auth: MaybeAuth,
    path: web::Path<i64>,
    query: web::Query<ListQuery>,
) -> ApiResult<web::Json<MessageListing>> {
    let id = path.into_inner();
    let ListQuery { after, limit } = query.into_inner();
    Ok(web::Json(with_db(&state, move |conn| talk::list(conn, id, auth.0, after, limit)).await?))
}

/// Report a message I can read to the server's operator (once: reporting it again returns the first report).
#[utoipa::path(post, path = "/api/v1/games/{id}/messages/{message}/report", tag = "talk", operation_id = "messages_report",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "Game id"), ("message" = i64, Path, description = "Message id")),
    request_body = ReportRequest,
    responses((status = 201, body = MessageReport),
              (status = 200, body = MessageReport, description = "Reported already"),
              (status = 400, body = Problem, description = "Malformed body or path (`malformed_body`, `malformed_path`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)"),
              (status = 404, body = Problem, description = "Unknown game, or no such message I may read (`unknown_game`, `unknown_message`)"),
              (status = 422, body = Problem, description = "The reason is too long or has a refused character (`bad_message`)")))]
pub async fn report(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<(i64, i64)>,
    body: web::Json<ReportRequest>,
) -> ApiResult<HttpResponse> {
    let (id, message) = path.into_inner();
    let reason = body.into_inner().reason;
    let (report, new) = with_db(&state, move |conn| talk::report(conn, auth.0, id, message, &reason)).await?;
    Ok(if new { HttpResponse::Created().json(report) } else { HttpResponse::Ok().json(report) })
}

/// Who may talk how in this game.
#[utoipa::path(get, path = "/api/v1/games/{id}/talk", tag = "talk", operation_id = "talk_settings_get", security((), ("bearer" = [])),
    params(("id" = i64, Path, description = "Game id")),
    responses((status = 200, body = TalkSettings),
              (status = 400, body = Problem, description = "The id is not an integer (`malformed_path`)"),
              (status = 404, body = Problem, description = "Unknown game (`unknown_game`)")))]
pub async fn get_settings(state: web::Data<AppState>, path: web::Path<i64>) -> ApiResult<web::Json<TalkSettings>> {
    let id = path.into_inner();
    Ok(web::Json(with_db(&state, move |conn| talk::settings(conn, id)).await?))
}

/// Choose who may talk how (the game's creator only): private messages (off by default), and whether
/// spectators read the table (on by default).
#[utoipa::path(put, path = "/api/v1/games/{id}/talk", tag = "talk", operation_id = "talk_settings_set", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Game id")), request_body = TalkSettings,
    responses((status = 200, body = TalkSettings),
              (status = 400, body = Problem, description = "Malformed body or id (`malformed_body`, `malformed_path`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)"),
              (status = 403, body = Problem, description = "I did not create this game (`not_the_creator`)"),
              (status = 404, body = Problem, description = "Unknown game (`unknown_game`)")))]
pub async fn set_settings(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<i64>,
    body: web::Json<TalkSettings>,
) -> ApiResult<web::Json<TalkSettings>> {
    let id = path.into_inner();
    let wanted = body.into_inner();
    Ok(web::Json(with_db(&state, move |conn| talk::set_settings(conn, auth.0, id, wanted)).await?))
}

/// The seats I muted in this game: I no longer read their messages (they still read mine).
#[utoipa::path(get, path = "/api/v1/games/{id}/mutes", tag = "talk", operation_id = "mutes_list", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Game id")),
    responses((status = 200, body = Mutes),
              (status = 400, body = Problem, description = "The id is not an integer (`malformed_path`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)"),
              (status = 404, body = Problem, description = "Unknown game (`unknown_game`)")))]
pub async fn mutes(state: web::Data<AppState>, auth: Auth, path: web::Path<i64>) -> ApiResult<web::Json<Mutes>> {
    let id = path.into_inner();
    Ok(web::Json(with_db(&state, move |conn| talk::mutes(conn, auth.0, id)).await?))
}

/// Mute a seat for myself.
#[utoipa::path(put, path = "/api/v1/games/{id}/mutes/{seat}", tag = "talk", operation_id = "mutes_add", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Game id"), ("seat" = u8, Path, description = "The seat to mute")),
    responses((status = 200, body = Mutes),
              (status = 400, body = Problem, description = "Bad id or seat (`malformed_path`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)"),
              (status = 404, body = Problem, description = "Unknown game (`unknown_game`)"),
              (status = 422, body = Problem, description = "Not another seat of this game (`bad_seat`)")))]
pub async fn mute(state: web::Data<AppState>, auth: Auth, path: web::Path<(i64, u8)>) -> ApiResult<web::Json<Mutes>> {
    let (id, seat) = path.into_inner();
    Ok(web::Json(with_db(&state, move |conn| talk::mute(conn, auth.0, id, seat)).await?))
}

/// Read a seat again.
#[utoipa::path(delete, path = "/api/v1/games/{id}/mutes/{seat}", tag = "talk", operation_id = "mutes_remove", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Game id"), ("seat" = u8, Path, description = "The seat to read again")),
    responses((status = 200, body = Mutes),
              (status = 400, body = Problem, description = "Bad id or seat (`malformed_path`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)"),
              (status = 404, body = Problem, description = "Unknown game (`unknown_game`)")))]
pub async fn unmute(state: web::Data<AppState>, auth: Auth, path: web::Path<(i64, u8)>) -> ApiResult<web::Json<Mutes>> {
    let (id, seat) = path.into_inner();
    Ok(web::Json(with_db(&state, move |conn| talk::unmute(conn, auth.0, id, seat)).await?))
}

/// My private note on a game I play: nobody else reads it.
#[utoipa::path(get, path = "/api/v1/games/{id}/note", tag = "talk", operation_id = "note_get", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Game id")),
    responses((status = 200, body = Note, description = "Empty text when I keep no note"),
              (status = 400, body = Problem, description = "The id is not an integer (`malformed_path`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)"),
              (status = 403, body = Problem, description = "I do not play in this game (`not_a_player`)"),
              (status = 404, body = Problem, description = "Unknown game (`unknown_game`)")))]
pub async fn note(state: web::Data<AppState>, auth: Auth, path: web::Path<i64>) -> ApiResult<web::Json<Note>> {
    let id = path.into_inner();
    Ok(web::Json(with_db(&state, move |conn| talk::note(conn, auth.0, id)).await?))
}

/// Replace my private note on a game I play (an empty text removes it).
#[utoipa::path(put, path = "/api/v1/games/{id}/note", tag = "talk", operation_id = "note_set", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Game id")), request_body = SetNoteRequest,
    responses((status = 200, body = Note),
              (status = 400, body = Problem, description = "Malformed body or id (`malformed_body`, `malformed_path`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)"),
              (status = 403, body = Problem, description = "I do not play in this game (`not_a_player`)"),
              (status = 404, body = Problem, description = "Unknown game (`unknown_game`)"),
              (status = 422, body = Problem, description = "Too long, or with a refused character (`bad_message`)")))]
pub async fn set_note(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<i64>,
    body: web::Json<SetNoteRequest>,
) -> ApiResult<web::Json<Note>> {
    let id = path.into_inner();
    let text = body.into_inner().text;
    Ok(web::Json(with_db(&state, move |conn| talk::set_note(conn, auth.0, id, &text)).await?))
}

/// The routes of this module, under `/api/v1`.
pub fn configure(scope: actix_web::Scope) -> actix_web::Scope {
    scope
        .route("/games/{id}/messages", web::post().to(post))
        .route("/games/{id}/messages", web::get().to(list))
        .route("/games/{id}/messages/{message}/report", web::post().to(report))
        .route("/games/{id}/talk", web::get().to(get_settings))
        .route("/games/{id}/talk", web::put().to(set_settings))
        .route("/games/{id}/mutes", web::get().to(mutes))
        .route("/games/{id}/mutes/{seat}", web::put().to(mute))
        .route("/games/{id}/mutes/{seat}", web::delete().to(unmute))
        .route("/games/{id}/note", web::get().to(note))
        .route("/games/{id}/note", web::put().to(set_note))
}

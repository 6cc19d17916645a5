use actix_web::{HttpResponse, web};
use serde::Deserialize;
use shared::api_types::{
    CreateGameRequest, GameAt, GameDetail, GameSummary, GameType, JoinRequest, JournalListing, LegalMoves,
    MoveAccepted, Problem, SubmitMoveRequest,
};
use shared::registry;

use crate::auth::{Auth, CallerToCheck, MaybeAuth};
use crate::db::Conn;
use crate::error::{ApiError, ApiResult};
use crate::routes::with_db;
use crate::service::{games, replay, rules};
use crate::state::AppState;

/// The games this server hosts, with their default options.
#[utoipa::path(get, path = "/api/v1/game-types", tag = "games", operation_id = "game_types_list",
    responses((status = 200, body = Vec<GameType>)))]
pub async fn types(state: web::Data<AppState>) -> web::Json<Vec<GameType>> {
    let public_url = &state.settings.public_url;
    web::Json(
        registry::games()
            .iter()
            .map(|g| GameType {
                info: g.info(),
                default_options: g.default_options(),
                rules_url: rules::url(public_url, g.slug(), catalog::LANGUAGES[0]),
            })
            .collect(),
    )
}

/// Create a game. Seats are filled by me, invited addresses, open seats or bots; it starts when all are filled.
#[utoipa::path(post, path = "/api/v1/games", tag = "games", operation_id = "games_create", security(("bearer" = [])),
    request_body = CreateGameRequest,
    responses((status = 201, body = GameDetail),
              (status = 400, body = Problem, description = "Malformed body or unknown game type (`malformed_body`, `unknown_game_type`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)"),
              (status = 422, body = Problem,
               description = "Wrong number of seats, `me` twice, a bad invited address, a bad deadline, options the game refuses, or an \
                   invited address that asked never to be invited (`bad_seats`, `bad_deadline`, `bad_options`, `invitations_refused`)"),
              (status = 429, body = Problem, description = "Past the daily invitation limit of the account or of an invited address (`invitation_limit`)")))]
pub async fn create(
    state: web::Data<AppState>,
    auth: Auth,
    body: web::Json<CreateGameRequest>,
) -> ApiResult<HttpResponse> {
    let req = body.into_inner();
    let mail = state.mail.clone();
    let game = with_db(&state, move |conn| games::create(conn, &mail, auth.0, req)).await?;
    Ok(HttpResponse::Created().json(game))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct ListQuery {
    /// Only the games in this state.
    #[param(value_type = Option<shared::api_types::GameStatus>)]
    status: Option<String>,
    /// Only games of this type (a slug of `GET /api/v1/game-types`)
    game: Option<String>,
    /// Games older than this id: the last id of the previous page
    after: Option<i64>,
    /// Games per page, 1 to 50 (default 50)
    #[param(minimum = 1, maximum = 50)]
    limit: Option<u32>,
}

/// The games I play in, newest first, with a "my turn" flag; a page at a time (pass the last id as `after`).
#[utoipa::path(get, path = "/api/v1/games", tag = "games", operation_id = "games_list", security(("bearer" = [])),
    params(ListQuery),
    responses((status = 200, body = Vec<GameSummary>),
              (status = 400, body = Problem, description = "Bad status filter, or page (`bad_status`, `bad_limit`, `malformed_query`)"),
              (status = 404, body = Problem, description = "No such game type (`unknown_game_type`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)")))]
pub async fn list(
    state: web::Data<AppState>,
    auth: Auth,
    query: web::Query<ListQuery>,
) -> ApiResult<web::Json<Vec<GameSummary>>> {
    let q = query.into_inner();
    let status = q.status.as_deref().map(games::parse_status_filter).transpose()?;
    let slug = q.game.as_deref().filter(|g| !g.is_empty()).map(crate::routes::lobby::known_game).transpose()?;
    let limit = crate::routes::lobby::page_size(q.limit, crate::service::archive::PAGE_MAX)?;
    let after = q.after;
    Ok(web::Json(
        with_db(&state, move |conn| crate::service::archive::mine(conn, auth.0, status, slug.as_deref(), after, limit))
            .await?,
    ))
}

/// A game as I may see it: my seat's view, or a spectator's view for anyone else.
#[utoipa::path(get, path = "/api/v1/games/{id}", tag = "games", operation_id = "games_get", security((), ("bearer" = [])),
    params(("id" = i64, Path, description = "Game id")),
    responses((status = 200, body = GameDetail, description = "With a token, as my seat sees it (or as a spectator if I do not play); without, as a spectator"),
              (status = 400, body = Problem, description = "The id is not an integer (`malformed_path`)"),
              (status = 401, body = Problem, description = "A token was sent and is not valid (`bad_token`, `session_expired`)"),
              (status = 404, body = Problem, description = "Unknown game (`unknown_game`)")))]
pub async fn detail(
    state: web::Data<AppState>,
    auth: MaybeAuth,
    path: web::Path<i64>,
) -> ApiResult<web::Json<GameDetail>> {
    let id = path.into_inner();
    Ok(web::Json(with_db(&state, move |conn| games::detail(conn, id, auth.0)).await?))
}

/// Take my invited seat, an open seat, or the seat named. The body is optional: without one (or with `{}`), the
/// seat invited for my address, else the first open seat.
#[utoipa::path(post, path = "/api/v1/games/{id}/join", tag = "games", operation_id = "games_join", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Game id")),
    request_body(content = Option<JoinRequest>, content_type = "application/json",
                 description = "Optional: which seat to take. No body, or `{}`, takes the seat invited for me, else the first open one."),
    responses((status = 200, body = GameDetail, description = "Seated; the game starts once every seat is filled"),
              (status = 400, body = Problem, description = "Malformed body or id (`malformed_body`, `malformed_path`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)"),
              (status = 403, body = Problem,
               description = "The seat is reserved for my address, which is not confirmed yet (`email_unverified`)"),
              (status = 404, body = Problem, description = "Unknown game (`unknown_game`)"),
              (status = 409, body = Problem,
               description = "Already seated, the seat is not open to me, or no seat is (`already_seated`, `seat_taken`, `no_open_seat`, `conflict`)"),
              (status = 422, body = Problem, description = "No such seat: says which seats exist and which are open to me (`bad_seat`)")))]
pub async fn join(
    state: web::Data<AppState>,
    caller: CallerToCheck,
    path: web::Path<i64>,
    http: actix_web::HttpRequest,
    payload: web::Payload,
) -> ApiResult<web::Json<GameDetail>> {
    let id = path.into_inner();
    let body = crate::body_limit::read(&http, payload, crate::body_limit::JSON_LIMIT).await?;
    let seat = join_request(&body)?.seat;
    let mail = state.mail.clone();
    let (account, session) = (caller.account, caller.check());
    // The session is checked in the join's transaction. On SQLite the join goes through the writer, as moves
    // do: the seat (and, once the last is taken, the game's start) shares a batch's commit. On PostgreSQL,
    // where the writer's connections are the moves' bottleneck, joins queued there waited three times longer.
    // (A game's creation stays a transaction of its own: its invitations write a row per invited address, its
    // never-invite-me link, which a batch that may already hold the event counter would take in the opposite
    // order to other transactions.)
    let join = move |conn: &mut Conn| {
        session.run(conn)?;
        games::join(conn, &mail, account, id, seat)
    };
    let joined =
        if state.writer.takes_every_write() { state.writer.write(id, join).await } else { with_db(&state, join).await };
    Ok(web::Json(joined?))
}

/// The optional body of a join: nothing (only whitespace) or `null` is an empty request; anything else must be a
/// `JoinRequest`, unknown fields refused.
fn join_request(body: &[u8]) -> ApiResult<JoinRequest> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(JoinRequest::default());
    }
    let parsed = serde_json::from_slice::<serde_json::Value>(body).and_then(|mut value| {
        // JSON has one number type: `{"seat": 1.0}` names seat 1, as the schema's `integer` says.
        if let Some(seat) = value.get_mut("seat")
            && let Some(n) = seat.as_f64().filter(|n| n.fract() == 0.0 && (0.0..=255.0).contains(n))
        {
            *seat = serde_json::json!(n as u8);
        }
        serde_json::from_value::<Option<JoinRequest>>(value)
    });
    parsed.map(Option::unwrap_or_default).map_err(|e| {
        ApiError::bad_request(
            "malformed_body",
            format!("the request body is not a join request ({e}); send `{{}}`, `{{\"seat\": N}}` or nothing"),
        )
    })
}

/// My pending decisions with their prompts and legal answers.
#[utoipa::path(get, path = "/api/v1/games/{id}/moves", tag = "games", operation_id = "moves_list", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Game id")),
    responses((status = 200, body = Vec<LegalMoves>),
              (status = 400, body = Problem, description = "The id is not an integer (`malformed_path`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)"),
              (status = 403, body = Problem, description = "I do not play in this game (`not_a_player`)"),
              (status = 404, body = Problem, description = "Unknown game (`unknown_game`)")))]
pub async fn moves(
    state: web::Data<AppState>,
    caller: CallerToCheck,
    path: web::Path<i64>,
) -> ApiResult<web::Json<Vec<LegalMoves>>> {
    let id = path.into_inner();
    let (account, session) = (caller.account, caller.check());
    // Asked before every move. On SQLite its reads (the session's row, then the game's head and the caller's
    // seat; the legal moves are kept in memory) take some tens of microseconds, from pages in memory: they run
    // here, on the HTTP worker, where the blocking pool cost a thread woken and a hand-back per request. Not
    // when the session is due its once-a-minute write (a write waits for the file's turn), nor on PostgreSQL,
    // nor without an idle connection.
    if state.reads_in_place
        && let Some(mut conn) = state.pool.try_get()
        && let Some(checked) = session.run_reading(&mut conn)
    {
        checked?;
        return Ok(web::Json(games::legal_moves(&mut conn, account, id)?));
    }
    let legal = with_db(&state, move |conn| {
        session.run(conn)?;
        games::legal_moves(conn, account, id)
    });
    Ok(web::Json(legal.await?))
}

/// Submit a signed move. Re-sending an accepted move returns its original result (200, `duplicate`).
#[utoipa::path(post, path = "/api/v1/games/{id}/moves", tag = "games", operation_id = "moves_submit", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Game id")), request_body = SubmitMoveRequest,
    responses((status = 201, body = MoveAccepted),
              (status = 200, body = MoveAccepted, description = "Already accepted (retry)"),
              (status = 400, body = Problem,
               description = "Malformed body or id, a move that is not a readable JWS of exactly the claims of `MoveClaims` (a claim beyond them is named), one signed for another game, \
                   or an action not of the game's shape or with a member it does not name (`malformed_body`, `malformed_path`, `malformed_move`, `wrong_game`, `malformed_action`)"),
              (status = 401, body = Problem,
               description = "Not logged in, or the signature does not verify (`login_required`, `bad_token`, `session_expired`, `bad_signature`)"),
              (status = 403, body = Problem,
               description = "Not my key, not my game, not my seat or not my decision (`unknown_key`, `key_revoked`, `not_a_player`, `wrong_seat`, `wrong_player`)"),
              (status = 404, body = Problem, description = "Unknown game (`unknown_game`)"),
              (status = 409, body = Problem,
               description = "The decision is no longer pending, or the game is not active (`stale_decision`, `game_not_started`, `game_over`, `conflict`)"),
              (status = 422, body = Problem,
               description = "Illegal move: why, and in `allowed` the legal answers where they can be listed (`illegal_move`)")))]
pub async fn submit(
    state: web::Data<AppState>,
    caller: CallerToCheck,
    path: web::Path<i64>,
    body: web::Json<SubmitMoveRequest>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let token = body.into_inner().signed_move;
    let mail = state.mail.clone();
    let (account, session) = (caller.account, caller.check());
    // The signature is checked outside the writer (in parallel); the writer applies the move in a batch. A key
    // read before is checked here, on the HTTP worker, and its owner and revocation in the move's transaction,
    // after the caller's session: no trip through the blocking pool.
    let started = std::time::Instant::now();
    let accepted = match games::verify_known_key(id, &token) {
        Some((answer, kid)) => {
            let apply = move |conn: &mut _| {
                let standing = session.run(conn)?;
                games::answer_verified(conn, &mail, account, id, answer, &kid, standing)
            };
            state.writer.write(id, apply).await
        }
        None => {
            let verify = move |conn: &mut _| {
                session.run(conn)?;
                games::verify_move(conn, account, id, &token)
            };
            match with_db(&state, verify).await {
                Ok(answer) => state.writer.write(id, move |conn| games::answer(conn, &mail, account, id, answer)).await,
                Err(e) => Err(e),
            }
        }
    };
    crate::metrics::record_move("move", started, &accepted);
    let accepted = accepted?;
    Ok(if accepted.duplicate { HttpResponse::Ok().json(accepted) } else { HttpResponse::Created().json(accepted) })
}

/// Resign: I leave the game now; what follows is up to the game's rules.
#[utoipa::path(post, path = "/api/v1/games/{id}/resign", tag = "games", operation_id = "games_resign", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Game id")),
    responses((status = 200, body = MoveAccepted),
              (status = 400, body = Problem, description = "The id is not an integer (`malformed_path`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)"),
              (status = 403, body = Problem, description = "I do not play in this game (`not_a_player`)"),
              (status = 404, body = Problem, description = "Unknown game (`unknown_game`)"),
              (status = 409, body = Problem,
               description = "The game is not active, or its rules do not let me resign now (`game_not_started`, `game_over`, `cannot_resign`, `conflict`)")))]
pub async fn resign(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<i64>,
) -> ApiResult<web::Json<MoveAccepted>> {
    let id = path.into_inner();
    let mail = state.mail.clone();
    let started = std::time::Instant::now();
    let accepted = state.writer.write(id, move |conn| games::resign(conn, &mail, auth.0, id)).await;
    crate::metrics::record_move("resign", started, &accepted);
    let accepted = accepted?;
    Ok(web::Json(accepted))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct JournalQuery {
    /// Entries after this seq (default: from the first); the previous page's `next`
    after: Option<u64>,
    /// Entries per page, 1 to 1000 (default 1000)
    #[param(minimum = 1, maximum = 1000)]
    limit: Option<u32>,
}

/// The journal as I may read it, a page at a time; complete, with the seed and keys, once the game is over.
#[utoipa::path(get, path = "/api/v1/games/{id}/journal", tag = "games", operation_id = "journal_get", security((), ("bearer" = [])),
    params(("id" = i64, Path, description = "Game id"), JournalQuery),
    responses((status = 200, body = JournalListing,
               description = "With a token, my seat's copy (my own secrets shown); without, the public copy"),
              (status = 400, body = Problem, description = "The id is not an integer (`malformed_path`), or a bad `after` or `limit` (`malformed_query`, `bad_limit`)"), (status = 401, body = Problem, description = "A token was sent and is not valid (`bad_token`, `session_expired`)"), (status = 404, body = Problem, description = "Unknown game (`unknown_game`)")))]
pub async fn journal(
    state: web::Data<AppState>,
    auth: MaybeAuth,
    path: web::Path<i64>,
    query: web::Query<JournalQuery>,
) -> ApiResult<web::Json<JournalListing>> {
    let id = path.into_inner();
    let JournalQuery { after, limit } = query.into_inner();
    Ok(web::Json(with_db(&state, move |conn| games::journal_listing(conn, id, auth.0, after, limit)).await?))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct BoardQuery {
    /// The language of the board (default en).
    #[param(value_type = Option<shared::Lang>)]
    lang: Option<String>,
    /// Columns, 40 to 200 (default 80).
    #[param(minimum = 40, maximum = 200)]
    width: Option<usize>,
    /// Part of a large board, in the game's terms (suriagehara: `0305-1012`)
    region: Option<String>,
    /// The board just after this journal entry (0 to the last; default: now), as I could see it then
    at: Option<u64>,
}

/// The board as text, as I may see it (what `tegami show` prints).
#[utoipa::path(get, path = "/api/v1/games/{id}/board", tag = "games", operation_id = "board_get", security((), ("bearer" = [])),
    params(("id" = i64, Path, description = "Game id"), BoardQuery),
    responses((status = 200, body = String, content_type = "text/plain",
               description = "With a token, as my seat sees it; without, as a spectator"),
              (status = 400, body = Problem,
               description = "Bad id, lang, width or entry (`malformed_path`, `malformed_query`, `bad_lang`, `bad_width`, `bad_at`)"),
              (status = 401, body = Problem, description = "A token was sent and is not valid (`bad_token`, `session_expired`)"),
              (status = 404, body = Problem, description = "Unknown game (`unknown_game`)")))]
pub async fn board(
    state: web::Data<AppState>,
    auth: MaybeAuth,
    path: web::Path<i64>,
    query: web::Query<BoardQuery>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let q = query.into_inner();
    let lang = match q.lang.as_deref() {
        None => catalog::LANGUAGES[0],
        Some(given) => catalog::language(given)
            .map_err(|unknown| ApiError::bad_request("bad_lang", String::new()).described(unknown.message()))?,
    };
    let width = q.width.unwrap_or(80);
    if !(40..=200).contains(&width) {
        return Err(ApiError::bad_request("bad_width", format!("width {width} is out of range; use 40 to 200")));
    }
    let region = q.region.filter(|r| !r.trim().is_empty());
    let text = match q.at {
        None => with_db(&state, move |conn| games::board(conn, id, auth.0, lang, width, region)).await?,
        Some(at) => with_db(&state, move |conn| replay::board_at(conn, id, auth.0, at, lang, width, region)).await?,
    };
    Ok(HttpResponse::Ok().content_type("text/plain; charset=utf-8").body(text))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct ReplayQuery {
    /// The journal entry to show the game just after: 0 (the game as created) to the last
    at: u64,
}

/// The game as I could see it just after one journal entry: its view, pending decisions and outcome then, and
/// what that entry told me. Never a secret I could not see at that point, even one revealed later.
#[utoipa::path(get, path = "/api/v1/games/{id}/replay", tag = "games", operation_id = "games_replay", security((), ("bearer" = [])),
    params(("id" = i64, Path, description = "Game id"), ReplayQuery),
    responses((status = 200, body = GameAt, description = "With a token, as my seat saw it; without, as a spectator"),
              (status = 400, body = Problem,
               description = "Bad id, a missing or bad `at`, or one past the last entry (`malformed_path`, `malformed_query`, `bad_at`)"),
              (status = 401, body = Problem, description = "A token was sent and is not valid (`bad_token`, `session_expired`)"),
              (status = 404, body = Problem, description = "Unknown game (`unknown_game`)")))]
pub async fn replay_at(
    state: web::Data<AppState>,
    auth: MaybeAuth,
    path: web::Path<i64>,
    query: web::Query<ReplayQuery>,
) -> ApiResult<web::Json<GameAt>> {
    let id = path.into_inner();
    let at = query.into_inner().at;
    Ok(web::Json(with_db(&state, move |conn| replay::game_at(conn, id, auth.0, at)).await?))
}

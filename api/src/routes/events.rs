//! Server-Sent Events: `GET /api/v1/events` (every game I play) and `GET /api/v1/games/{id}/events` (one
//! game, as I may see it; anyone may watch as a spectator). A stream starts with a `retry:` hint, then either
//! replays what followed `Last-Event-ID` or, without one, says where it starts (`event: ready`); then it
//! carries one `event: game` per committed change and a comment line as heartbeat.
//!
//! A stream holds a cursor, a hub receiver and a timer, nothing else: it reads its events from the database
//! when the hub says one is its business, so ten thousand idle streams cost little more than their sockets.

use std::sync::Arc;
use std::time::Duration;

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Serialize;
use shared::api_types::{GameEvent, Problem};
use tokio::sync::broadcast;
use utoipa::openapi::extensions::Extensions;
use utoipa::openapi::schema::{Discriminator, Object, ObjectBuilder, OneOfBuilder, Schema, Type};
use utoipa::openapi::{Ref, RefOr};

use crate::auth::{Auth, MaybeAuth};
use crate::db::DbPool;
use crate::error::{ApiError, ApiResult};
use crate::events::hub::Committed;
use crate::events::{self, Scope};
use crate::mail::watching::PageOpen;
use crate::routes::with_db;
use crate::state::AppState;

/// How long a client waits before reconnecting, sent as the stream's `retry:` field.
const RETRY_MS: u64 = 3000;

/// The `data` of the `ready` event a stream opened without `Last-Event-ID` starts with.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StreamReady {
    /// The newest event committed when the stream opened (also the `id:` of this event): the stream carries
    /// every event after it.
    pub last_event_id: i64,
}

/// One event of a stream as an SSE parser hands it over (the `event`, `id` and `data` fields of one block):
/// the stream's schema describes each event, as OpenAPI 3.1 tools read a `text/event-stream` schema (3.2 calls
/// it `itemSchema`). `data` is JSON text; its `contentSchema` says what it holds. Never built: it only documents.
pub struct StreamEvent;

/// JSON Schema's `contentSchema`, which utoipa's `Object` has no field for: set through its extensions, which
/// are written out beside the other keywords as they are named.
fn json_text_of(component: &str) -> Object {
    let mut data = ObjectBuilder::new()
        .schema_type(Type::String)
        .content_media_type("application/json")
        .description(Some(format!("A `{component}` as JSON text")))
        .build();
    let reference = serde_json::json!({ "$ref": format!("#/components/schemas/{component}") });
    data.extensions = Some(Extensions::from_iter([("contentSchema", reference)]));
    data
}

fn stream_event(name: &str, data: &str, description: &str) -> Schema {
    ObjectBuilder::new()
        .description(Some(description))
        .property("event", ObjectBuilder::new().schema_type(Type::String).enum_values(Some([name])))
        .required("event")
        .property(
            "id",
            ObjectBuilder::new()
                .schema_type(Type::String)
                .pattern(Some("^[0-9]+$"))
                .description(Some("The event id, to send back as `Last-Event-ID`")),
        )
        .required("id")
        .property("data", json_text_of(data))
        .required("data")
        .into()
}

/// The events a stream carries, told apart by their `event` name.
const STREAM_EVENTS: [(&str, &str, &str, &str); 2] = [
    ("game", "StreamEventGame", "GameEvent", "A committed change of a game, as I may see it"),
    ("ready", "StreamEventReady", "StreamReady", "Where a stream opened without `Last-Event-ID` starts"),
];

impl utoipa::PartialSchema for StreamEvent {
    fn schema() -> RefOr<Schema> {
        let mut discriminator = Discriminator::new("event");
        let mut one_of = OneOfBuilder::new().description(Some(
            "One event of the stream. Heartbeats (comment lines) and the opening `retry:` hint carry no data \
             and are not events.",
        ));
        for (name, component, _, _) in STREAM_EVENTS {
            discriminator.mapping.insert(name.to_string(), format!("#/components/schemas/{component}"));
            one_of = one_of.item(Ref::from_schema_name(component));
        }
        one_of.discriminator(Some(discriminator)).into()
    }
}

impl utoipa::ToSchema for StreamEvent {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        for (name, component, data, description) in STREAM_EVENTS {
            schemas.push((component.to_string(), stream_event(name, data, description).into()));
        }
        // The events' data, referenced only from `contentSchema`, where utoipa does not look.
        schemas.push(("GameEvent".to_string(), <GameEvent as utoipa::PartialSchema>::schema()));
        <GameEvent as utoipa::ToSchema>::schemas(schemas);
        schemas.push(("StreamReady".to_string(), <StreamReady as utoipa::PartialSchema>::schema()));
    }
}

/// Everything that happens in the games I play, as I may see it (`text/event-stream`).
///
/// Each change is an `event: game` whose `data` is a `GameEvent` and whose `id` is the event's id; send it
/// back as `Last-Event-ID` when reconnecting to miss nothing. Without `Last-Event-ID` the stream starts now,
/// with an `event: ready` (data `StreamReady`). Lines starting with `:` are heartbeats.
#[utoipa::path(get, path = "/api/v1/events", tag = "events", operation_id = "events_stream", security(("bearer" = [])),
    params(("Last-Event-ID" = Option<i64>, Header, nullable = false, minimum = 0, description = "Resume after this event id")),
    responses((status = 200, content_type = "text/event-stream", body = StreamEvent,
                  description = "A stream of `game` events (data: GameEvent), after a `ready` event (data: StreamReady) when no Last-Event-ID was sent"),
              (status = 400, body = Problem, description = "Last-Event-ID is not an event id (`bad_last_event_id`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)")))]
pub async fn account_stream(state: web::Data<AppState>, auth: Auth, req: HttpRequest) -> ApiResult<HttpResponse> {
    open(&state, Scope::Account(auth.0), &req).await
}

/// One game's events as I may see them: my seat's view, or a spectator's (`text/event-stream`).
///
/// The same stream format as `GET /api/v1/events`, restricted to one game. Redaction is the journal's: a
/// spectator never sees a seat's secret.
#[utoipa::path(get, path = "/api/v1/games/{id}/events", tag = "events", operation_id = "game_events_stream",
    security((), ("bearer" = [])),
    params(("id" = i64, Path, description = "Game id"),
           ("Last-Event-ID" = Option<i64>, Header, nullable = false, minimum = 0, description = "Resume after this event id")),
    responses((status = 200, content_type = "text/event-stream", body = StreamEvent,
                  description = "A stream of `game` events (data: GameEvent), after a `ready` event (data: StreamReady) when no Last-Event-ID was sent; without a token, a spectator's"),
              (status = 400, body = Problem,
               description = "The id is not an integer, or Last-Event-ID is not an event id (`malformed_path`, `bad_last_event_id`)"),
              (status = 401, body = Problem, description = "A token was sent and is not valid (`bad_token`, `session_expired`)"),
              (status = 404, body = Problem, description = "Unknown game (`unknown_game`)")))]
pub async fn game_stream(
    state: web::Data<AppState>,
    auth: MaybeAuth,
    path: web::Path<i64>,
    req: HttpRequest,
) -> ApiResult<HttpResponse> {
    let game = path.into_inner();
    with_db(&state, move |conn| events::require_game(conn, game)).await?;
    open(&state, Scope::Game { game, viewer: auth.0 }, &req).await
}

/// The `Last-Event-ID` header: absent, or an event id in decimal digits (an empty one is refused too: a client
/// that has no id sends no header, as EventSource does).
fn last_event_id(req: &HttpRequest) -> ApiResult<Option<i64>> {
    let Some(value) = req.headers().get("last-event-id") else { return Ok(None) };
    let text = value.to_str().unwrap_or_default().trim();
    let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    digits.then(|| text.parse::<i64>().ok()).flatten().map(Some).ok_or_else(|| {
        ApiError::bad_request(
            "bad_last_event_id",
            format!("`Last-Event-ID: {text}` is not an event id; send the `id:` of the last event received"),
        )
    })
}

/// A stream of `scope`'s events: the API's streams, and the game page's (which signs in by its cookie).
pub(crate) async fn open(state: &web::Data<AppState>, scope: Scope, req: &HttpRequest) -> ApiResult<HttpResponse> {
    open_holding(state, scope, req, None).await
}

/// A stream of `scope`'s events that keeps `page` (a game page counted as open) while it lives.
pub(crate) async fn open_holding(
    state: &web::Data<AppState>,
    scope: Scope,
    req: &HttpRequest,
    page: Option<PageOpen>,
) -> ApiResult<HttpResponse> {
    let resume = last_event_id(req)?;
    // Subscribed before the cursor is read: whatever commits in between is announced to this receiver.
    let hub = state.hub.subscribe();
    let mut preamble = format!("retry: {RETRY_MS}\n\n");
    let (cursor, behind) = match resume {
        Some(after) => (after, true),
        None => {
            let latest = with_db(state, events::latest).await?;
            let ready = serde_json::to_string(&StreamReady { last_event_id: latest }).map_err(ApiError::internal)?;
            preamble.push_str(&format!("id: {latest}\nevent: ready\ndata: {ready}\n\n"));
            (latest, false)
        }
    };
    let period = Duration::from_secs(state.settings.events.heartbeat_secs);
    let follow = Follow {
        pool: state.pool.clone(),
        scope,
        cursor,
        behind,
        hub,
        heartbeat: tokio::time::interval_at(tokio::time::Instant::now() + period, period),
        preamble: Some(Bytes::from(preamble)),
        _page: page,
    };
    let body = futures_util::stream::unfold(follow, Follow::next);
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        // nginx would otherwise hold the events back in its buffer.
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(body))
}

/// One open stream.
struct Follow {
    pool: DbPool,
    scope: Scope,
    /// The id of the last event sent (or of the `ready` event).
    cursor: i64,
    /// Events after the cursor may be waiting in the database.
    behind: bool,
    hub: broadcast::Receiver<Arc<Committed>>,
    heartbeat: tokio::time::Interval,
    preamble: Option<Bytes>,
    /// The game page this stream stands for, open until the stream ends.
    _page: Option<PageOpen>,
}

impl Follow {
    async fn next(mut self) -> Option<(Result<Bytes, ApiError>, Follow)> {
        if let Some(first) = self.preamble.take() {
            return Some((Ok(first), self));
        }
        loop {
            if self.behind {
                let (pool, scope, after) = (self.pool.clone(), self.scope, self.cursor);
                let read = web::block(move || {
                    let mut conn = pool.get()?;
                    events::since(&mut conn, scope, after)
                })
                .await;
                let batch = match read {
                    Ok(Ok(batch)) => batch,
                    Ok(Err(e)) => {
                        // The client reconnects with its Last-Event-ID and misses nothing.
                        tracing::warn!(error = %e, "event stream: cannot read events; closing the stream");
                        return None;
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "event stream: cannot read events; closing the stream");
                        return None;
                    }
                };
                self.behind = batch.len() as i64 == events::PAGE;
                if let Some(last) = batch.last() {
                    self.cursor = last.id;
                    return Some((Ok(frames(&batch)), self));
                }
            }
            tokio::select! {
                got = self.hub.recv() => match got {
                    Ok(c) => self.behind = c.id > self.cursor && self.scope.covers(c.game_id, &c.players),
                    Err(broadcast::error::RecvError::Lagged(_)) => self.behind = true,
                    Err(broadcast::error::RecvError::Closed) => return None,
                },
                _ = self.heartbeat.tick() => return Some((Ok(Bytes::from_static(b": keepalive\n\n")), self)),
            }
        }
    }
}

fn frames(batch: &[GameEvent]) -> Bytes {
    let mut out = String::new();
    for event in batch {
        let data = serde_json::to_string(event).expect("events serialise");
        out.push_str(&format!("id: {}\nevent: game\ndata: {data}\n\n", event.id));
    }
    Bytes::from(out)
}

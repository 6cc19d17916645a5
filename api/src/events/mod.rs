//! The live turn feed. Every committed change of a game is recorded as one event, in the change's own
//! transaction ([`record`]), with an id from a server-wide counter that the transaction holds until it commits:
//! ids are gapless and commit in id order, so a reader that has seen event N has seen every event before it and
//! `Last-Event-ID: N` resumes with nothing lost, on one game's stream as on an account's (which spans games).
//!
//! An event row stores only positions (the journal entries it covers) and the decisions asked after it; a
//! reader's copy is built when it is read, from the journal redacted for that reader by the same
//! [`shared::journal::Match::journal_for`] path the journal listing uses, so a stream never carries more than
//! `GET /api/v1/games/{id}/journal` would show the same reader.
//!
//! After a commit, [`published`] wakes this process's [`hub::Hub`], which reads the new rows and tells the
//! open streams. On PostgreSQL the transaction also NOTIFYs every instance ([`listen`]), whose hubs read the
//! rows likewise; the hubs also poll the table, which is how events committed by another process on SQLite
//! (`tegami-server mail-in`) arrive, and a safety net for notifications lost while a LISTEN reconnects.

pub(crate) mod deferred;
pub mod hub;
pub mod listen;

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use shared::Pending;
use shared::api_types::{GameEvent, GameStatus};

use crate::db::Conn;
use crate::db::native::RunNative as _;
use crate::db::prepared::Prepared;
use crate::db::schema::{event_counter, events, seats};
use crate::error::{ApiError, ApiResult};
use crate::service::game_record::{self, Loaded};
use crate::time::now;

/// At most this many events are read from the database at once (a stream resuming far back reads in pages).
pub const PAGE: i64 = 200;

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = events)]
pub struct EventRow {
    pub id: i64,
    pub game_id: i64,
    pub from_seq: i64,
    pub to_seq: i64,
    pub status: String,
    pub pending: String,
    pub at: String,
    /// A message written at the table (`service::talk`): the event then covers no entry.
    pub message_id: Option<i64>,
}

/// Records the change just made to `loaded` as the next event, inside the change's transaction; the caller
/// then queues its webhook deliveries (`webhooks::queue`, which reads events: this module never calls it). The
/// event covers the entries after the game's previous event (none for a seat taken while the game waits; the
/// whole journal for a game's first). Call it last in the transaction: the counter row stays locked (on
/// PostgreSQL) until the commit. Where the event's row is not needed, [`record_or_hold`] is cheaper.
pub fn record(conn: &mut Conn, loaded: &Loaded) -> ApiResult<EventRow> {
    record_now(conn, held_for(loaded)?)
}

/// Records `event` (after the events held back for its game, which come before it).
fn record_now(conn: &mut Conn, event: deferred::Held) -> ApiResult<EventRow> {
    deferred::record_game(conn, event.game_id)?;
    let deferred::Held { game_id, to_seq, status, pending, at } = event;
    if let Conn::Postgres(c) = conn {
        let recorded: Recorded = crate::fixed_statement!(
            diesel::sql_query(RECORD_ON_POSTGRES)
                .bind::<BigInt, _>(game_id)
                .bind::<BigInt, _>(to_seq)
                .bind::<Text, _>(&status)
                .bind::<Text, _>(&pending)
                .bind::<Text, _>(&at),
        )
        .get_result(c)?;
        let (id, from_seq) = (recorded.id, recorded.from_seq);
        return Ok(EventRow { id, game_id, from_seq, to_seq, status, pending, at, message_id: None });
    }
    // The game's latest event ends where the new one starts: a game's events cover its entries in id order, so
    // the index on (game_id, id) finds it at once however many the game has (MAX(to_seq) read them all).
    let covered: Option<i64> = events::table
        .filter(events::game_id.eq(game_id))
        .order(events::id.desc())
        .select(events::to_seq)
        .first_native(conn)
        .optional()?;
    let from_seq = covered.map_or(0, |seq| seq + 1);
    let id = next_id(conn)?;
    let row = EventRow { id, game_id, from_seq, to_seq, status, pending, at, message_id: None };
    insert(conn, &row)?;
    Ok(row)
}

/// [`record`], or, in a writer batch on PostgreSQL, the event held back to be recorded with the batch's
/// others when its requests have run (see [`deferred`]). Returns the row when it was recorded now.
pub fn record_or_hold(conn: &mut Conn, loaded: &Loaded) -> ApiResult<Option<EventRow>> {
    match deferred::hold(held_for(loaded)?) {
        None => Ok(None),
        Some(event) => record_now(conn, event).map(Some),
    }
}

/// The event [`record`] records for `loaded`'s change, before it has its id and first entry.
fn held_for(loaded: &Loaded) -> ApiResult<deferred::Held> {
    let pending = if loaded.status() == GameStatus::Active { loaded.game.pending() } else { Vec::new() };
    Ok(deferred::Held {
        game_id: loaded.row.id,
        to_seq: loaded.row.head_seq,
        status: loaded.row.status.clone(),
        pending: serde_json::to_string(&pending).map_err(ApiError::internal)?,
        at: now(),
    })
}

/// [`record`]'s three statements (the game's latest event, the counter, the insert) and its announcement to the
/// other instances ([`listen::notify`]) as one on PostgreSQL, where each was a round trip: binds are the game,
/// the head (`to_seq`), the status, the pending decisions and the time.
const RECORD_ON_POSTGRES: &str = "WITH next AS (
        UPDATE event_counter SET last_id = last_id + 1 WHERE id = 1 RETURNING last_id
    ), recorded AS (
        INSERT INTO events (id, game_id, from_seq, to_seq, status, pending, at)
        SELECT next.last_id, $1,
            COALESCE((SELECT latest.to_seq + 1 FROM events latest WHERE latest.game_id = $1 ORDER BY latest.id DESC LIMIT 1), 0),
            $2, $3, $4, $5
        FROM next
        RETURNING id, from_seq
    )
    SELECT recorded.id, recorded.from_seq FROM recorded
    CROSS JOIN LATERAL pg_notify('tegami_events', recorded.id::text) AS announced";

#[derive(QueryableByName)]
struct Recorded {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = BigInt)]
    from_seq: i64,
}

/// Records message `message_id`, just written at `loaded`'s table, as the next event: one that covers no
/// entry (from_seq is one past to_seq, the head), so the game's next change starts where it would have.
/// Readers get it only where `service::talk::access` lets them read the message.
pub fn record_message(conn: &mut Conn, loaded: &Loaded, message_id: i64) -> ApiResult<EventRow> {
    deferred::record_game(conn, loaded.row.id)?;
    let status = loaded.status();
    let pending = if status == GameStatus::Active { loaded.game.pending() } else { Vec::new() };
    let row = EventRow {
        id: next_id(conn)?,
        game_id: loaded.row.id,
        from_seq: loaded.row.head_seq + 1,
        to_seq: loaded.row.head_seq,
        status: loaded.row.status.clone(),
        pending: serde_json::to_string(&pending).map_err(ApiError::internal)?,
        at: now(),
        message_id: Some(message_id),
    };
    insert(conn, &row)?;
    Ok(row)
}

/// The next event id; the counter row stays locked (on PostgreSQL) until the transaction ends.
fn next_id(conn: &mut Conn) -> ApiResult<i64> {
    let next = crate::fixed_statement!(
        diesel::update(event_counter::table.find(1))
            .set(event_counter::last_id.eq(event_counter::last_id + 1))
            .returning(event_counter::last_id),
    );
    Ok(crate::on_backend!(conn, |c| next.get_result(c))?)
}

fn insert(conn: &mut Conn, row: &EventRow) -> ApiResult<()> {
    // Loaded, with `RETURNING`, to be kept (see `db::prepared`).
    Prepared(diesel::insert_into(events::table).values(row).returning(events::id)).load_native::<i64>(conn)?;
    listen::notify(conn, row.id)?;
    Ok(())
}

/// Wakes this process's event hub (and webhook worker) after a commit that recorded an event of `game`: its
/// streams see the event at once instead of at the hub's next poll. Call it after the commit, never inside.
pub fn published(game: i64) {
    tracing::trace!(game, "event published");
    hub::wake();
}

/// Event `row` as the reader `account` (None: an anonymous spectator) may see it; None when it is a message
/// the reader may not read.
pub fn view(conn: &mut Conn, loaded: &Loaded, row: &EventRow, account: Option<i64>) -> ApiResult<Option<GameEvent>> {
    let message = match row.message_id {
        Some(id) => match crate::service::talk::access::readable_message(conn, loaded, id, account)? {
            Some(message) => Some(message),
            None => return Ok(None),
        },
        None => None,
    };
    let viewer = loaded.viewer(account);
    let stored = if message.is_some() {
        Vec::new()
    } else {
        game_record::journal_entries(conn, row.game_id, row.from_seq - 1, row.to_seq - row.from_seq + 1)?
    };
    let my_seat = loaded.seat_of(account);
    let pending: Vec<Pending> = serde_json::from_str(&row.pending).map_err(ApiError::internal)?;
    let status = game_record::parse_status(&row.status);
    Ok(Some(GameEvent {
        id: row.id,
        game: row.game_id,
        slug: loaded.row.slug.clone(),
        seq: row.to_seq as u64,
        at: row.at.clone(),
        status,
        entries: loaded.game.redact_for(&stored, viewer),
        pending: pending.iter().map(|p| Loaded::pending_info(p, p.public || Some(p.seat) == my_seat)).collect(),
        my_pending: pending.iter().filter(|p| Some(p.seat) == my_seat).map(|p| Loaded::pending_info(p, true)).collect(),
        my_seat,
        outcome: if status == GameStatus::Finished { loaded.game.outcome() } else { None },
        message,
    }))
}

/// What a stream follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// One game, as `viewer` may see it (None: an anonymous spectator).
    Game { game: i64, viewer: Option<i64> },
    /// Every game `account` plays in.
    Account(i64),
}

impl Scope {
    pub fn viewer(&self) -> Option<i64> {
        match *self {
            Scope::Game { viewer, .. } => viewer,
            Scope::Account(account) => Some(account),
        }
    }

    /// Whether an event of `game`, whose seats are played by `players`, belongs to this stream.
    pub fn covers(&self, game: i64, players: &[i64]) -> bool {
        match *self {
            Scope::Game { game: g, .. } => g == game,
            Scope::Account(account) => players.contains(&account),
        }
    }
}

/// The events of `scope` after event `after`, oldest first, at most [`PAGE`]; each as the scope's reader
/// may see it.
pub fn since(conn: &mut Conn, scope: Scope, after: i64) -> ApiResult<Vec<GameEvent>> {
    let rows: Vec<EventRow> = match scope {
        Scope::Game { game, .. } => events::table
            .filter(events::game_id.eq(game))
            .filter(events::id.gt(after))
            .order(events::id.asc())
            .limit(PAGE)
            .select(EventRow::as_select())
            .load(conn)?,
        Scope::Account(account) => events::table
            .filter(events::id.gt(after))
            .filter(
                events::game_id
                    .eq_any(seats::table.filter(seats::account_id.eq(account)).select(seats::game_id).distinct()),
            )
            .order(events::id.asc())
            .limit(PAGE)
            .select(EventRow::as_select())
            .load(conn)?,
    };
    let mut out = Vec::with_capacity(rows.len());
    // Consecutive events of one game share one load of it.
    let mut loaded: Option<Loaded> = None;
    for row in &rows {
        if loaded.as_ref().is_none_or(|l| l.row.id != row.game_id) {
            loaded = Some(game_record::load(conn, row.game_id)?);
        }
        out.extend(view(conn, loaded.as_ref().expect("loaded above"), row, scope.viewer())?);
    }
    Ok(out)
}

/// The id of the newest event (0 when there is none).
pub fn latest(conn: &mut Conn) -> ApiResult<i64> {
    Ok(event_counter::table.find(1).select(event_counter::last_id).first(conn)?)
}

/// 404 unless game `id` exists.
pub fn require_game(conn: &mut Conn, id: i64) -> ApiResult<()> {
    use crate::db::schema::games;
    let found: Option<i64> = games::table.find(id).select(games::id).first(conn).optional()?;
    found
        .map(|_| ())
        .ok_or_else(|| ApiError::not_found("unknown_game", format!("no game `{id}`; `GET /api/v1/games` lists yours")))
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_event_recorded_on_postgres_is_announced_on_the_channel_listened_to() {
        let announce = format!("pg_notify('{}', recorded.id::text)", super::listen::CHANNEL);
        assert!(super::RECORD_ON_POSTGRES.contains(&announce), "{}", super::RECORD_ON_POSTGRES);
    }
}

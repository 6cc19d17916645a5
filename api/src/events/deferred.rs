//! On PostgreSQL, the events of a writer batch's moves are recorded together when the batch's requests have
//! run, in one statement, rather than each at the end of its move.
//!
//! An event takes the server-wide counter, whose row stays locked until the transaction commits (see the
//! parent module). Recorded per move, a batch held it from its first move on, so that the batches of two writer
//! connections could only take turns: recorded at the end, a batch holds it for its commit only, and the
//! writers' batches run side by side up to that point. It also spares a round trip per move.
//!
//! Order is kept where it matters, within a game: a change recorded at once ([`super::record`], used where its
//! event id is needed at once) first records its game's held events. A request of the batch that fails rolls
//! back to its savepoint, and with it any held event it recorded early; those are held again.

use std::cell::RefCell;

use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Text};

use crate::db::Conn;
use crate::error::ApiResult;

/// One event held back: what [`super::record`] would record for a change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Held {
    pub(crate) game_id: i64,
    pub(crate) to_seq: i64,
    pub(crate) status: String,
    pub(crate) pending: String,
    pub(crate) at: String,
}

/// The events held back by the batch running on this thread.
#[derive(Default)]
struct Holding {
    held: Vec<Held>,
    /// How many of `held` the requests before the running one held.
    before_request: usize,
    /// Events of the requests before the running one that it recorded early (see [`take_game`]): held again
    /// if it fails.
    recorded_early: Vec<Held>,
}

thread_local! {
    static HOLDING: RefCell<Option<Holding>> = const { RefCell::new(None) };
}

/// Runs `requests` (one writer batch's, in its transaction on `conn`) with the events they record held back,
/// then records them all. On SQLite, whose one writer connection takes no turns with another, events are
/// recorded as they come.
pub(crate) fn recording_at_end<T>(conn: &mut Conn, requests: impl FnOnce(&mut Conn) -> T) -> (T, ApiResult<()>) {
    /// Stops the holding however the requests end (a panicking one included).
    struct Release;
    impl Drop for Release {
        fn drop(&mut self) {
            HOLDING.set(None);
        }
    }
    if !matches!(conn, Conn::Postgres(_)) {
        return (requests(conn), Ok(()));
    }
    let _release = Release;
    HOLDING.set(Some(Holding::default()));
    let value = requests(conn);
    let held = HOLDING.take().map(|h| h.held).unwrap_or_default();
    (value, record_all(conn, &held))
}

/// Runs `request`, one request of a batch: if it fails, what it held is dropped and what it recorded early
/// is held again (its savepoint, rolled back, took both with it).
pub(crate) fn as_one_request<T, E>(request: impl FnOnce() -> Result<T, E>) -> Result<T, E> {
    HOLDING.with_borrow_mut(|holding| {
        if let Some(h) = holding {
            h.before_request = h.held.len();
            h.recorded_early.clear();
        }
    });
    let result = request();
    if result.is_err() {
        HOLDING.with_borrow_mut(|holding| {
            if let Some(h) = holding {
                h.held.truncate(h.before_request);
                let early = std::mem::take(&mut h.recorded_early);
                h.held.extend(early);
            }
        });
    }
    result
}

/// Holds `event` back if a batch on this thread is holding events; otherwise gives it back.
pub(crate) fn hold(event: Held) -> Option<Held> {
    HOLDING.with_borrow_mut(|holding| match holding {
        Some(h) => {
            h.held.push(event);
            None
        }
        None => Some(event),
    })
}

/// Takes the events held for game `id`, in order, to be recorded now.
fn take_game(id: i64) -> Vec<Held> {
    HOLDING.with_borrow_mut(|holding| {
        let Some(h) = holding else { return Vec::new() };
        let (mut taken, mut early) = (Vec::new(), 0);
        let mut index = 0;
        h.held.retain(|event| {
            let keep = event.game_id != id;
            if !keep {
                if index < h.before_request {
                    h.recorded_early.push(event.clone());
                    early += 1;
                }
                taken.push(event.clone());
            }
            index += 1;
            keep
        });
        h.before_request -= early;
        taken
    })
}

/// Records the events held for game `id`, before an event of that game is recorded at once.
pub(crate) fn record_game(conn: &mut Conn, id: i64) -> ApiResult<()> {
    record_all(conn, &take_game(id))
}

/// Records `held` in order, as [`super::record`] would one by one: each covers the entries after its game's
/// previous event, the one before it in `held` or else the latest stored.
fn record_all(conn: &mut Conn, held: &[Held]) -> ApiResult<()> {
    let Conn::Postgres(c) = conn else {
        debug_assert!(held.is_empty(), "events are held on PostgreSQL only");
        return Ok(());
    };
    if held.is_empty() {
        return Ok(());
    }
    let column = |f: fn(&Held) -> String| held.iter().map(f).collect::<Vec<_>>();
    let games: Vec<i64> = held.iter().map(|e| e.game_id).collect();
    let heads: Vec<i64> = held.iter().map(|e| e.to_seq).collect();
    let recorded = crate::fixed_statement!(
        diesel::sql_query(RECORD_ALL)
            .bind::<Array<BigInt>, _>(games)
            .bind::<Array<BigInt>, _>(heads)
            .bind::<Array<Text>, _>(column(|e| e.status.clone()))
            .bind::<Array<Text>, _>(column(|e| e.pending.clone()))
            .bind::<Array<Text>, _>(column(|e| e.at.clone())),
    )
    .get_result::<Announced>(c)?;
    debug_assert_eq!(recorded.announced, 1, "the newest event is announced once");
    Ok(())
}

/// [`record_all`]'s statement: binds are the columns of the held events, in order. The counter is taken
/// once for them all, and the newest id announced once to the other instances (as `listen::announcing_once`
/// would).
const RECORD_ALL: &str = "WITH held AS (
        SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY
            AS held(game_id, to_seq, status, pending, at, n)
    ), next AS (
        UPDATE event_counter SET last_id = last_id + (SELECT COUNT(*) FROM held) WHERE id = 1 RETURNING last_id
    ), recorded AS (
        INSERT INTO events (id, game_id, from_seq, to_seq, status, pending, at)
        SELECT next.last_id - (SELECT COUNT(*) FROM held) + held.n, held.game_id,
            COALESCE(
                LAG(held.to_seq) OVER (PARTITION BY held.game_id ORDER BY held.n) + 1,
                (SELECT latest.to_seq + 1 FROM events latest WHERE latest.game_id = held.game_id
                    ORDER BY latest.id DESC LIMIT 1),
                0),
            held.to_seq, held.status, held.pending, held.at
        FROM held CROSS JOIN next
        RETURNING id
    ), announced AS (
        SELECT pg_notify('tegami_events', MAX(id)::text) FROM recorded
    )
    SELECT (SELECT COUNT(*) FROM announced) AS announced";

#[derive(QueryableByName)]
struct Announced {
    #[diesel(sql_type = BigInt)]
    announced: i64,
}

#[cfg(test)]
mod tests {
    #[test]
    fn held_events_recorded_together_are_announced_on_the_channel_listened_to() {
        let announce = format!("pg_notify('{}', MAX(id)::text)", super::super::listen::CHANNEL);
        assert!(super::RECORD_ALL.contains(&announce), "{}", super::RECORD_ALL);
    }
}

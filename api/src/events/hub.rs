//! One per server: reads newly committed events from the database, once, and tells every open stream of
//! this instance which game each belongs to and who plays it (a `tokio::sync::broadcast`); a stream reads
//! its copy of an event only when the event is its business. Woken at once by [`wake`] after a commit in
//! this process, and on PostgreSQL by a notification after a commit anywhere ([`listen`]); otherwise it polls,
//! which carries events that nothing announced (another process on SQLite, a notification lost).

use std::sync::{Arc, LazyLock};
use std::time::Duration;

use diesel::prelude::*;
use tokio::sync::{broadcast, watch};

use super::listen::{self, Heard};
use crate::db::schema::{events, seats};
use crate::db::{Conn, DbPool, Target};

/// While another instance's events are announced by notification, the poll is only a safety net.
pub const LISTENING_POLL: Duration = Duration::from_secs(30);

/// A stream more than this many events behind is told it lagged and catches up from the database.
const CAPACITY: usize = 1024;

/// A committed event, as much as a stream needs to decide whether it is its business.
#[derive(Clone, Debug)]
pub struct Committed {
    pub id: i64,
    pub game_id: i64,
    /// The accounts seated in the game.
    pub players: Vec<i64>,
}

/// Bumped after every local commit that recorded an event; each hub in the process watches it.
static WAKE: LazyLock<watch::Sender<u64>> = LazyLock::new(|| watch::channel(0).0);

pub(crate) fn wake() {
    if !HELD.get() {
        WAKE.send_modify(|n| *n = n.wrapping_add(1));
    }
}

thread_local! {
    static HELD: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with this thread's wakes held back: the writer's requests end before their batch commits, and
/// each woke the hub, the bot worker and the webhook worker, which read the database and found nothing new
/// yet (a read each in the blocking pool, per move). The writer wakes them once, after the commit.
pub(crate) fn holding_wakes<T>(f: impl FnOnce() -> T) -> T {
    struct Release(bool);
    impl Drop for Release {
        fn drop(&mut self) {
            HELD.set(self.0);
        }
    }
    let _release = Release(HELD.replace(true));
    f()
}

/// Changes after every local commit that recorded an event (the webhook worker waits on it too).
pub fn woken() -> watch::Receiver<u64> {
    WAKE.subscribe()
}

#[derive(Clone)]
pub struct Hub {
    sender: broadcast::Sender<Arc<Committed>>,
}

impl Default for Hub {
    fn default() -> Self {
        Hub { sender: broadcast::channel(CAPACITY).0 }
    }
}

impl Hub {
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<Committed>> {
        self.sender.subscribe()
    }

    /// How many streams are open on this instance.
    pub fn streams(&self) -> usize {
        self.sender.receiver_count()
    }

    /// Reads new events and tells the streams, until the server stops: at once after a local commit or a
    /// notification from another instance (PostgreSQL), else every `poll` (every [`LISTENING_POLL`] at most
    /// while notifications arrive).
    pub async fn run(self, pool: DbPool, database_url: String, poll: Duration) {
        let (heard, hearing) = watch::channel(Heard::default());
        match Target::parse(&database_url) {
            Ok(Target::Postgres(url)) => {
                tokio::join!(listen::run(url, heard), self.follow(pool, poll, Some(hearing)));
            }
            _ => self.follow(pool, poll, None).await,
        }
    }

    async fn follow(self, pool: DbPool, poll: Duration, mut hearing: Option<watch::Receiver<Heard>>) {
        let mut woken = woken();
        let mut last = match blocking(&pool, crate::events::latest).await {
            Ok(id) => id,
            Err(e) => {
                tracing::warn!(error = %e, "event hub: cannot read the newest event; starting from the first");
                0
            }
        };
        tracing::info!(after = last, poll_ms = poll.as_millis() as u64, "event hub started");
        let mut session = 0;
        loop {
            let listening = hearing.as_ref().is_some_and(|h| h.borrow().listening);
            let every = if listening { poll.max(LISTENING_POLL) } else { poll };
            let mut read = true;
            tokio::select! {
                changed = woken.changed() => if changed.is_err() { return },
                changed = async { hearing.as_mut().expect("guarded").changed().await }, if hearing.is_some() => {
                    match changed {
                        Ok(()) => {
                            let heard = *hearing.as_mut().expect("guarded").borrow_and_update();
                            // An event this hub has read already (its own, woken locally) or a session that
                            // stopped: nothing to read. A new session may have missed some: read.
                            read = heard.newest > last || heard.session != session;
                            session = heard.session;
                        }
                        // No listener (it cannot read the URL): the poll alone, as on SQLite.
                        Err(_) => {
                            hearing = None;
                            read = false;
                        }
                    }
                },
                () = tokio::time::sleep(every) => {}
            }
            if read {
                last = self.skip_or_read_after(&pool, last).await;
            }
        }
    }

    /// With no stream open, moves past the committed events without reading them (the newest id only: one
    /// row, where reading them takes the events and their games' seats); else [`Hub::read_after`]. A stream
    /// opened meanwhile subscribes before it reads its cursor: it is counted once the newest id is read, and
    /// then the events are read for it, from `last`.
    async fn skip_or_read_after(&self, pool: &DbPool, last: i64) -> i64 {
        if self.streams() == 0 {
            match blocking(pool, crate::events::latest).await {
                Ok(newest) if self.streams() == 0 => return newest.max(last),
                Ok(_) => {}
                Err(e) => {
                    tracing::warn!(error = %e, "event hub: cannot read the newest event");
                    return last;
                }
            }
        }
        self.read_after(pool, last).await
    }

    /// Tells the streams about every event after `last`; returns the newest one told.
    async fn read_after(&self, pool: &DbPool, mut last: i64) -> i64 {
        loop {
            let after = last;
            match blocking(pool, move |conn| committed_after(conn, after)).await {
                Ok(batch) => {
                    let full = batch.len() as i64 == crate::events::PAGE;
                    for event in batch {
                        last = event.id;
                        // No receiver is fine: nobody is listening.
                        let _ = self.sender.send(Arc::new(event));
                    }
                    if !full {
                        return last;
                    }
                }
                Err(e) => {
                    tracing::warn!(error = %e, "event hub: cannot read new events");
                    return last;
                }
            }
        }
    }
}

fn committed_after(conn: &mut Conn, after: i64) -> crate::error::ApiResult<Vec<Committed>> {
    let rows: Vec<(i64, i64)> = events::table
        .filter(events::id.gt(after))
        .order(events::id.asc())
        .limit(crate::events::PAGE)
        .select((events::id, events::game_id))
        .load(conn)?;
    let mut games: Vec<i64> = rows.iter().map(|(_, g)| *g).collect();
    games.sort_unstable();
    games.dedup();
    let players: Vec<(i64, Option<i64>)> =
        seats::table.filter(seats::game_id.eq_any(&games)).select((seats::game_id, seats::account_id)).load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(id, game_id)| Committed {
            id,
            game_id,
            players: players.iter().filter(|(g, _)| *g == game_id).filter_map(|(_, a)| *a).collect(),
        })
        .collect())
}

async fn blocking<T: Send + 'static>(
    pool: &DbPool,
    f: impl FnOnce(&mut Conn) -> Result<T, crate::error::ApiError> + Send + 'static,
) -> Result<T, String> {
    let pool = pool.clone();
    tokio::task::spawn_blocking(move || {
        let mut conn = pool.get().map_err(|e| e.to_string())?;
        f(&mut conn).map_err(|e| e.to_string())
    })
    .await
    .map_err(|e| e.to_string())?
}

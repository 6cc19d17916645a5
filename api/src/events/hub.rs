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

/// Bumped after every local commit that recorded an event, one for each of those it may concern: each hub in
/// the process; the webhook worker; the bot worker.
static WAKE: LazyLock<watch::Sender<u64>> = LazyLock::new(|| watch::channel(0).0);
static DELIVERIES_WAKE: LazyLock<watch::Sender<u64>> = LazyLock::new(|| watch::channel(0).0);
static BOTS_WAKE: LazyLock<watch::Sender<u64>> = LazyLock::new(|| watch::channel(0).0);

fn bump(wake: &watch::Sender<u64>) {
    wake.send_modify(|n| *n = n.wrapping_add(1));
}

/// Wakes the hubs, the webhook worker and the bot worker after a commit, unless this thread's wakes are held.
pub(crate) fn wake() {
    if !HELD.get() {
        bump(&WAKE);
        bump(&DELIVERIES_WAKE);
        bump(&BOTS_WAKE);
    }
}

/// Whom the requests of a writer batch concern besides the hubs, noted while their wakes are held.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Concerns {
    /// A webhook delivery was queued.
    pub deliveries: bool,
    /// A game with a searching bot changed: it may owe a decision now.
    pub bots: bool,
}

/// Notes, while this thread's wakes are held, that a webhook delivery was queued. (Unheld, the wake that follows
/// the commit wakes everyone.)
pub(crate) fn note_delivery_queued() {
    NOTED.set(Concerns { deliveries: true, ..NOTED.get() });
}

/// Notes, while this thread's wakes are held, that a game with a searching bot changed.
pub(crate) fn note_bot_game_changed() {
    NOTED.set(Concerns { bots: true, ..NOTED.get() });
}

thread_local! {
    static HELD: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    static NOTED: std::cell::Cell<Concerns> = const { std::cell::Cell::new(Concerns { deliveries: false, bots: false }) };
}

/// Runs `f` with this thread's wakes held back, and returns whom its changes concern: the writer's requests
/// end before their batch commits, and each woke the hub, the bot worker and the webhook worker, which read
/// the database and found nothing new yet (a read each in the blocking pool, per move). The writer wakes them
/// once, after the commit ([`wake_after_batch`]), and the two workers only if the batch concerns them: most
/// moves queue no webhook delivery and are not in a game with a searching bot, and each wake cost a read.
pub(crate) fn holding_wakes<T>(f: impl FnOnce() -> T) -> (T, Concerns) {
    struct Release(bool, Concerns);
    impl Drop for Release {
        fn drop(&mut self) {
            HELD.set(self.0);
            NOTED.set(self.1);
        }
    }
    let release = Release(HELD.replace(true), NOTED.replace(Concerns::default()));
    let value = f();
    let noted = NOTED.get();
    drop(release);
    (value, noted)
}

/// Wakes the hubs after a batch's commit, and the workers its changes concern.
pub(crate) fn wake_after_batch(concerns: Concerns) {
    bump(&WAKE);
    if concerns.deliveries {
        bump(&DELIVERIES_WAKE);
    }
    if concerns.bots {
        bump(&BOTS_WAKE);
    }
}

/// Changes after every local commit that recorded an event.
pub fn woken() -> watch::Receiver<u64> {
    WAKE.subscribe()
}

/// Changes after every local commit that may have queued a webhook delivery.
pub fn woken_for_deliveries() -> watch::Receiver<u64> {
    DELIVERIES_WAKE.subscribe()
}

/// Changes after every local commit that may have changed a game with a searching bot.
pub fn woken_for_bots() -> watch::Receiver<u64> {
    BOTS_WAKE.subscribe()
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
                changed = woken.changed() => {
                    if changed.is_err() {
                        return;
                    }
                    // With no stream open, a local commit's own notification (which a listening session hears
                    // like anyone's) passes it without a read.
                    read = !(listening && self.streams() == 0);
                },
                changed = async { hearing.as_mut().expect("guarded").changed().await }, if hearing.is_some() => {
                    match changed {
                        Ok(()) => {
                            let heard = *hearing.as_mut().expect("guarded").borrow_and_update();
                            // An event this hub has read already (its own, woken locally) or a session that
                            // stopped: nothing to read. A new session may have missed some: read.
                            read = heard.newest > last || heard.session != session;
                            // With no stream open, an announced event needs no read to be passed: events commit
                            // in id order, so every one up to it has committed (and a stream opened since reads
                            // its own from the database).
                            if read && heard.session == session && self.streams() == 0 {
                                (last, read) = (heard.newest, false);
                            }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn held_wakes_tell_whom_the_changes_concern_and_nothing_more() {
        note_delivery_queued();
        let ((), concerns) = holding_wakes(note_bot_game_changed);
        assert_eq!(concerns, Concerns { deliveries: false, bots: true }, "a note from before does not count");
        let ((), concerns) = holding_wakes(|| {
            let ((), inner) = holding_wakes(note_delivery_queued);
            assert_eq!(inner, Concerns { deliveries: true, bots: false });
        });
        assert_eq!(concerns, Concerns::default(), "an inner hold keeps its own notes");
        let ((), concerns) = holding_wakes(|| ());
        assert_eq!(concerns, Concerns::default());
        assert!(!HELD.get(), "released");
    }
}

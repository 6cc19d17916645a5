//! Whose turn it is to write a SQLite file, among this process's connections to it.
//!
//! SQLite lets one connection write at a time. A connection that finds the file locked waits in SQLite's busy
//! handler, which sleeps 1, 2, 5, 10, … and then 100 ms between tries without knowing when the lock is freed.
//! Under load the writer's batches (back to back) and the blocking pool's writes (a game created or joined, an
//! email marked sent) slept on each other: in six seconds of the write-path benchmark the writer thread slept
//! there 179 times and the pool 1,272 times, a fifth of those sleeps 100 ms long, while the lock was free most
//! of the time. Within the process a write now waits for the file's turn instead: a fair lock, handed to the
//! longest waiter the moment its holder commits or rolls back, so SQLite never finds its lock taken by this
//! process. Other processes writing the same file (`mail-in`, the admin commands) still meet SQLite's lock and
//! its busy handler, as before.
//!
//! PostgreSQL locks rows, not the database: its connections take no turn.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, Weak};
use std::time::Duration;

use diesel::connection::TransactionManager;
use parking_lot::lock_api::ArcMutexGuard;
use parking_lot::{FairMutex, RawFairMutex};

use super::Conn;

/// The longest a write waits for its turn, as long as SQLite's busy timeout: past it (a turn never handed
/// back, which would be a bug) the write goes on without one and SQLite's own lock decides, as before.
const TURN_WAIT: Duration = Duration::from_secs(10);

/// The turn of one file, shared by the connections to it.
pub type Turn = Arc<FairMutex<()>>;

/// The turn of each file with connections open, by path (a file no connection holds any more is forgotten).
static TURNS: LazyLock<Mutex<HashMap<std::path::PathBuf, Weak<FairMutex<()>>>>> = LazyLock::new(Mutex::default);

/// The turn of the SQLite file at `path`, or none for an in-memory database (every connection to
/// `:memory:` opens a database of its own).
pub fn of_file(path: &str) -> Option<Turn> {
    if path.is_empty() || path.starts_with(":memory:") || path.contains("mode=memory") {
        return None;
    }
    // One file under two spellings (relative and absolute, a symbolic link) is one turn.
    let key = std::fs::canonicalize(path).unwrap_or_else(|_| std::path::PathBuf::from(path));
    let mut turns = TURNS.lock().unwrap_or_else(|e| e.into_inner());
    turns.retain(|_, turn| turn.strong_count() > 0);
    if let Some(turn) = turns.get(&key).and_then(Weak::upgrade) {
        return Some(turn);
    }
    let turn = Turn::default();
    turns.insert(key, Arc::downgrade(&turn));
    Some(turn)
}

/// A turn taken: the file is this connection's to write until it is dropped.
#[must_use = "the turn ends when this is dropped"]
pub struct Held {
    _guard: Option<ArcMutexGuard<RawFairMutex, ()>>,
}

/// Takes `conn`'s turn to write, if it is a SQLite connection not already inside a transaction (whose turn, if
/// any, is held by whoever began it); waits for it in arrival order.
pub fn take(conn: &mut Conn) -> Held {
    type Manager = <Conn as diesel::Connection>::TransactionManager;
    if !matches!(conn, Conn::Sqlite(_)) {
        return Held { _guard: None };
    }
    let nested = Manager::transaction_manager_status_mut(conn).transaction_depth().ok().flatten().is_some();
    match super::noted::turn(conn) {
        Some(turn) if !nested => Held {
            _guard: turn.try_lock_arc_for(TURN_WAIT).or_else(|| {
                tracing::warn!("no turn to write the database within {TURN_WAIT:?}: writing without one");
                None
            }),
        },
        _ => Held { _guard: None },
    }
}

/// Runs `f`, a write outside any transaction (one statement, which SQLite commits on its own), in `conn`'s
/// turn.
pub fn holding<T>(conn: &mut Conn, f: impl FnOnce(&mut Conn) -> T) -> T {
    let _turn = take(conn);
    f(conn)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, Ordering};

    use diesel::prelude::*;

    use super::*;
    use crate::db::scratch::{Backend, ScratchDatabase};

    #[test]
    fn connections_to_one_file_share_its_turn_and_other_files_and_memory_have_their_own() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a.db"), dir.path().join("b.db"));
        std::fs::write(&a, b"").unwrap();
        let first = of_file(a.to_str().unwrap()).unwrap();
        let spelled_otherwise = dir.path().join(".").join("a.db");
        assert!(Arc::ptr_eq(&first, &of_file(spelled_otherwise.to_str().unwrap()).unwrap()));
        assert!(!Arc::ptr_eq(&first, &of_file(b.to_str().unwrap()).unwrap()));
        assert!(of_file(":memory:").is_none());
    }

    /// A write waits for the turn of a transaction in progress (here with SQLite's busy handler off, so that
    /// meeting SQLite's lock instead would fail it) and begins once that transaction is over.
    #[test]
    fn a_write_waits_for_the_turn_of_a_transaction_in_progress_and_begins_when_it_ends() {
        let dir = tempfile::tempdir().unwrap();
        let database = ScratchDatabase::on(Backend::Sqlite, dir.path());
        let pool = crate::db::connect_sized(&database.url, 2).unwrap();
        let mut holder = pool.get().unwrap();
        let batch_running = Arc::new(AtomicBool::new(true));
        let (began, done) = std::sync::mpsc::channel();
        let waiter = {
            let (pool, batch_running) = (pool.clone(), batch_running.clone());
            std::thread::spawn(move || {
                let mut conn = pool.get().unwrap();
                // No busy handler: without the turn, finding the file locked fails at once.
                diesel::sql_query("PRAGMA busy_timeout = 0").execute(&mut conn).unwrap();
                began.send(()).unwrap();
                crate::db::write_transaction(&mut conn, |conn| {
                    assert!(!batch_running.load(Ordering::SeqCst), "began while the other transaction ran");
                    diesel::sql_query("INSERT INTO event_counter (id, last_id) VALUES (2, 0)").execute(conn)
                })
                .unwrap();
            })
        };
        crate::db::write_transaction(&mut holder, |conn| {
            done.recv().unwrap();
            std::thread::sleep(Duration::from_millis(200));
            batch_running.store(false, Ordering::SeqCst);
            diesel::sql_query("UPDATE event_counter SET last_id = last_id WHERE id = 1").execute(conn)
        })
        .unwrap();
        waiter.join().unwrap();
    }
}

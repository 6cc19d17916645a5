//! Group commit: moves to different games share one transaction and one fsync, on both backends.
//!
//! A writer thread owns a connection of its own and takes the requests queued while it was busy (up to
//! [`MAX_BATCH`]; on SQLite, also those that arrive while they run) as one batch: one transaction, each request
//! in a savepoint of its own (a request that fails is rolled back alone and answered with its error; the others
//! go on; a request alone in its batch needs none), then one commit. Every request is answered only after the commit that holds it is durable, and
//! requests run in the order they arrived, so two moves to one game keep their order and the second sees the
//! first (idempotent retries, stale decisions).
//!
//! On SQLite the file has one writer anyway: one thread, whose batching turns the queue that would wait for
//! the lock into one immediate transaction, which waits for the file's turn ([`super::write_turn`]) like the
//! pool's writes. On PostgreSQL several threads (`db_writers`) share the games, each game always on the same one.
//! A batch first locks the rows of every game it will change, in ascending id order, before any request runs.
//! Every other write transaction locks its one game before anything shared (the event counter, which each
//! change holds until its commit; a batch takes it only once its requests have run, see `events::deferred`),
//! so lock waits always go from lower game ids to higher ones and on to the counter: a batch can never
//! deadlock against another connection's batch or transaction. Without this, one batch would hold the counter
//! while waiting for a game another holds while waiting for the counter. And since a batch takes the counter
//! once, PostgreSQL moves no longer queue behind each other's commits on it one by one.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;

use actix_web::http::StatusCode;
use diesel::connection::TransactionManager;
use diesel::prelude::*;
use diesel::r2d2::R2D2Connection;

use super::{Conn, DbSetupError, SqliteSync, Target};
use crate::error::{ApiError, ApiResult};
use crate::events::hub::Concerns;

/// The most requests one batch holds: enough to fill an fsync on a busy server, few enough that the first
/// request's answer is not held back long.
pub const MAX_BATCH: usize = 128;

/// How often a batch tries to take its games' locks before its requests are failed (PostgreSQL may still
/// cancel a lock wait, e.g. to resolve a deadlock with a transaction that broke the lock order).
const LOCK_ATTEMPTS: usize = 3;

/// One request: the game it changes, and what runs it inside the batch's transaction (or, if that could not
/// begin, fails it); what that returns answers the request once the batch committed (`None`) or failed.
struct Job {
    game: i64,
    run: Run,
}
/// A request: run on the batch's connection (or told that the batch could not begin), `alone` when it is the
/// batch's only request; it answers whether it succeeded, and how to deliver its answer once the batch ends.
type Run = Box<dyn FnOnce(Result<&mut Conn, &ApiError>, Alone) -> (Deliver, Succeeded) + Send>;
type Alone = bool;
type Succeeded = bool;
type Deliver = Box<dyn FnOnce(Option<&ApiError>) + Send>;

/// Where writes that benefit from group commit go: the batching threads' queues, one per writer connection.
/// Dropping it waits for the threads to finish their batches and close their connections, so that nothing is
/// left writing when the server exits (a TLS session to PostgreSQL torn down during the process's exit can
/// crash it).
pub struct Writer {
    /// Whether the database is a SQLite file, which has one writer at a time whatever the connections.
    sqlite: bool,
    queues: Vec<mpsc::Sender<Job>>,
    threads: Vec<std::thread::JoinHandle<()>>,
    batches: Arc<AtomicU64>,
}

/// How many writer connections a PostgreSQL server gets unless told otherwise (`db_writers`). Each game's
/// changes always go to the same one (so they keep their order); the others' batches run meanwhile. One
/// connection spent most of its time waiting for the answers to its statements, a round trip each, while
/// PostgreSQL had cores to spare; the batches of several take turns only on the event counter, for their
/// commits (see `events::deferred`). Measured on 2 cores at 32 games, two moved 50-60% more moves a second
/// than one, and four and eight fewer than two (smaller batches, more commits).
pub const DEFAULT_POSTGRES_WRITERS: usize = 2;

impl Writer {
    /// Starts the batching threads, each with a connection of its own (beside the pool's): `postgres_writers`
    /// of them on PostgreSQL (at least one), one on SQLite, which has one writer whatever the connections.
    pub fn start(url: &str, sync: SqliteSync, postgres_writers: usize) -> Result<Writer, DbSetupError> {
        let target = Target::parse(url)?;
        let writers = match target {
            Target::Postgres(_) => postgres_writers.max(1),
            Target::Sqlite(_) => 1,
        };
        let batches = Arc::new(AtomicU64::new(0));
        let sqlite = matches!(target, Target::Sqlite(_));
        let mut writer = Writer { sqlite, queues: Vec::new(), threads: Vec::new(), batches };
        for _ in 0..writers {
            let conn = super::connect_one(&target, sync)?;
            let (queue, jobs) = mpsc::channel::<Job>();
            let (target, committed) = (target.clone(), writer.batches.clone());
            let thread = std::thread::Builder::new()
                .name("tegami-writer".into())
                .spawn(move || write_batches(conn, target, sync, jobs, committed))
                .map_err(|e| DbSetupError::Migration(format!("cannot start a writer thread: {e}")))?;
            writer.queues.push(queue);
            writer.threads.push(thread);
        }
        Ok(writer)
    }

    /// Runs `f`, a change to game `game`, in a savepoint of a batch and returns its result once the batch is
    /// committed. `f` must not wait for other requests: it runs on the one writer thread.
    pub async fn write<T: Send + 'static>(
        &self,
        game: i64,
        f: impl FnOnce(&mut Conn) -> ApiResult<T> + Send + 'static,
    ) -> ApiResult<T> {
        let (answer, answered) = tokio::sync::oneshot::channel();
        let run: Run = Box::new(move |conn, alone| {
            let result = match conn {
                // The batch's transaction is this request's own: a savepoint would only cost two statements
                // (on PostgreSQL two round trips), since a failure rolls the whole batch back.
                Ok(conn) if alone => crate::events::deferred::as_one_request(|| f(conn)),
                Ok(conn) => crate::events::deferred::as_one_request(|| super::write_transaction(conn, f)),
                Err(e) => Err(e.clone()),
            };
            let succeeded = result.is_ok();
            let deliver: Deliver = Box::new(move |failed| {
                let _ = answer.send(match failed {
                    None => result,
                    Some(e) => Err(e.clone()),
                });
            });
            (deliver, succeeded)
        });
        let queue = &self.queues[game.unsigned_abs() as usize % self.queues.len()];
        queue.send(Job { game, run }).map_err(|_| ApiError::internal("the writer thread has stopped"))?;
        answered.await.map_err(|_| ApiError::internal("the writer thread dropped a request"))?
    }

    /// Whether a write does best through this writer even where it is not a move: on SQLite, where every write
    /// transaction waits for the file's turn anyway, it then shares a batch's commit instead of making one of
    /// its own. On PostgreSQL the pool's connections write in parallel, and the writer's are the moves'.
    pub fn takes_every_write(&self) -> bool {
        self.sqlite
    }

    /// How many connections this writer has; game `id`'s changes go to connection `|id| % connections`.
    pub fn connections(&self) -> usize {
        self.queues.len()
    }

    /// How many batches this writer has committed (for tests and the benchmark: fewer than the requests
    /// means they shared commits).
    pub fn batches_committed(&self) -> u64 {
        self.batches.load(Ordering::Relaxed)
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        // A thread stops once its queue has no sender.
        self.queues.clear();
        // (A request that held the last reference to the writer would drop it on a writer thread itself,
        // which must not wait for its own end.)
        for thread in self.threads.drain(..) {
            if thread.thread().id() != std::thread::current().id() && thread.join().is_err() {
                tracing::error!("a writer thread panicked");
            }
        }
    }
}

/// The writer thread: batch after batch until every sender is gone.
fn write_batches(mut conn: Conn, target: Target, sync: SqliteSync, queue: mpsc::Receiver<Job>, done: Arc<AtomicU64>) {
    while let Ok(first) = queue.recv() {
        let mut jobs = vec![first];
        while jobs.len() < MAX_BATCH
            && let Ok(job) = queue.try_recv()
        {
            jobs.push(job);
        }
        let size = jobs.len();
        // On SQLite, which has no locks to take in order, a batch also takes the requests that arrived while its
        // first ones ran.
        let late = matches!(target, Target::Sqlite(_)).then_some(&queue);
        let panicked = match catch_unwind(AssertUnwindSafe(|| run_batch(&mut conn, jobs, late, &done))) {
            Ok(committed) => {
                if committed {
                    tracing::trace!(size, "batch committed");
                }
                false
            }
            // A request panicked halfway: the connection's transaction state is unknown, so it is replaced
            // (closing it rolls the batch back). The batch's requests see their answer dropped (an internal
            // error); nothing of the batch is stored.
            Err(_) => {
                tracing::error!(size, "a write panicked; its batch was rolled back");
                true
            }
        };
        if panicked || conn.is_broken() {
            // A lost connection (PostgreSQL restarted) or a panic: the next batch gets a fresh one. If that
            // fails too, the broken one fails the next batch's requests, and the next batch tries again.
            match super::connect_one(&target, sync) {
                Ok(fresh) => conn = fresh,
                Err(e) => tracing::error!(error = %e, "the writer cannot reopen the database"),
            }
        }
    }
}

/// One transaction for `jobs`, each in its own savepoint (unless it is the only one), then one commit, then the
/// answers. Returns whether the batch committed; a committed batch is counted in `done` before anyone is
/// answered, so a client that has its answer also sees the count.
///
/// With `late`, the requests that arrived on it while `jobs` ran join the batch (up to [`MAX_BATCH`] in all,
/// each in a savepoint) before its commit, once: they would otherwise wait for this commit and then make one
/// of their own, and each commit writes the pages the batch changed and waits for `fsync`. Not on PostgreSQL:
/// a batch locks its games' rows when it begins, in ascending id order, and a game that joined later would
/// be locked out of that order.
fn run_batch(conn: &mut Conn, jobs: Vec<Job>, late: Option<&mpsc::Receiver<Job>>, done: &AtomicU64) -> bool {
    type Manager = <Conn as diesel::Connection>::TransactionManager;
    let _forget_locks = ForgetLocks;
    let _turn = match begin_locked(conn, &jobs) {
        Ok(turn) => turn,
        Err(e) => {
            // Nothing ran: the requests may simply be sent again (a lost connection is reopened for the next batch).
            tracing::warn!(error = %e, size = jobs.len(), "a batch of writes could not begin");
            let failed =
                ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "unavailable", "the database is busy; retry shortly")
                    .with_retry_after(1);
            jobs.into_iter().for_each(|job| (job.run)(Err(&failed), false).0(None));
            return false;
        }
    };
    let alone = jobs.len() == 1;
    let run = |conn: &mut Conn| -> (Vec<(Deliver, Succeeded)>, Concerns) {
        crate::events::hub::holding_wakes(|| {
            let mut ran: Vec<(Deliver, Succeeded)> =
                jobs.into_iter().map(|job| (job.run)(Ok(&mut *conn), alone)).collect();
            // A request alone that failed leaves the transaction to be rolled back: nothing joins it.
            if let Some(queue) = late
                && (!alone || ran[0].1)
            {
                let arrived: Vec<Job> = queue.try_iter().take(MAX_BATCH.saturating_sub(ran.len())).collect();
                ran.extend(arrived.into_iter().map(|job| (job.run)(Ok(&mut *conn), false)));
            }
            ran
        })
    };
    // On PostgreSQL the batch's events are announced to the other instances once, before the commit.
    let recording = |conn: &mut Conn| crate::events::deferred::recording_at_end(conn, run);
    let (((ran, concerns), recorded), announced) = crate::events::listen::announcing_once(conn, recording);
    let (delivers, succeeded): (Vec<Deliver>, Vec<Succeeded>) = ran.into_iter().unzip();
    metrics::histogram!(crate::metrics::WRITER_BATCH_SIZE).record(delivers.len() as f64);
    if alone && !succeeded[0] {
        // The one request failed, in no savepoint of its own: what it wrote goes with the batch's transaction.
        // Its answer is its own error (or, if the rollback fails, the broken connection is replaced next).
        if let Err(e) = Manager::rollback_transaction(conn) {
            tracing::warn!(error = %e, "a failed write could not be rolled back");
        }
        delivers.into_iter().for_each(|deliver| deliver(None));
        return false;
    }
    // The events held back are recorded before the announcement, which names the newest.
    let committed = recorded
        .map_err(|e| e.detail)
        .and_then(|()| announced.and_then(|()| Manager::commit_transaction(conn)).map_err(|e| e.to_string()));
    match committed {
        Ok(()) => {
            done.fetch_add(1, Ordering::Relaxed);
            // The events recorded in the batch became visible only now: the hub reads them (the requests' own
            // wakes were held back: they came before the commit).
            crate::events::hub::wake_after_batch(concerns);
            delivers.into_iter().for_each(|deliver| deliver(None));
            true
        }
        Err(e) => {
            // Nothing of the batch is stored, and every request in it hears so.
            let failed = ApiError::internal(format!("a batch of {} writes failed to commit: {e}", delivers.len()));
            let _ = Manager::rollback_transaction(conn);
            delivers.into_iter().for_each(|deliver| deliver(Some(&failed)));
            false
        }
    }
}

/// Begins the batch's transaction and, on PostgreSQL, locks the rows of its games in ascending id order (see
/// the module's comment); retried a few times if PostgreSQL cancels the lock wait. On SQLite it returns the
/// file's turn to write, to be kept until the batch has ended.
fn begin_locked(conn: &mut Conn, jobs: &[Job]) -> QueryResult<super::write_turn::Held> {
    type Manager = <Conn as diesel::Connection>::TransactionManager;
    let mut ids: Vec<i64> = jobs.iter().map(|job| job.game).collect();
    ids.sort_unstable();
    ids.dedup();
    let mut attempt = 1;
    loop {
        let turn = super::begin_write(conn)?;
        let locked = match conn {
            Conn::Postgres(c) => {
                use super::schema::games;
                let lock = games::table.filter(games::id.eq_any(&ids)).order(games::id.asc()).select(games::id);
                lock.for_update().load::<i64>(c).map(|_| ())
            }
            Conn::Sqlite(_) => Ok(()),
        };
        match locked {
            Ok(()) => {
                if matches!(conn, Conn::Postgres(_)) {
                    LOCKED.set(ids);
                }
                return Ok(turn);
            }
            Err(e) => {
                let _ = Manager::rollback_transaction(conn);
                if attempt == LOCK_ATTEMPTS || conn.is_broken() {
                    return Err(e);
                }
                attempt += 1;
            }
        }
    }
}

thread_local! {
    /// The games whose rows the batch running on this thread locked when it began (PostgreSQL).
    static LOCKED: std::cell::Cell<Vec<i64>> = const { std::cell::Cell::new(Vec::new()) };
}

/// Whether the batch running on this thread holds game `id`'s row locked: a request's own `FOR UPDATE` of it
/// would be one round trip more a move for a lock already held to the commit (it was taken outside every
/// request's savepoint, so no rollback of one releases it).
pub(super) fn batch_holds(id: i64) -> bool {
    LOCKED.with(|locked| {
        let ids = locked.take();
        let held = ids.binary_search(&id).is_ok();
        locked.set(ids);
        held
    })
}

/// Forgets the batch's locks when it ends, however it ends.
struct ForgetLocks;

impl Drop for ForgetLocks {
    fn drop(&mut self) {
        LOCKED.set(Vec::new());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_alone_in_its_batch_that_fails_leaves_nothing_behind() {
        use diesel::connection::SimpleConnection as _;
        let dir = tempfile::tempdir().unwrap();
        let writer =
            Writer::start(&format!("sqlite://{}", dir.path().join("w.db").display()), SqliteSync::Full, 1).unwrap();
        let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
        let sql = |sql: &'static str| {
            move |conn: &mut Conn| match conn {
                Conn::Sqlite(c) => c.batch_execute(sql).map_err(ApiError::from),
                Conn::Postgres(_) => unreachable!("a SQLite writer"),
            }
        };
        let rows = || {
            runtime.block_on(writer.write(1, |conn| {
                let count = diesel::dsl::sql::<diesel::sql_types::BigInt>("COUNT(*) FROM moves");
                Ok(crate::on_backend!(conn, |c| diesel::select(count.clone()).get_result::<i64>(c))?)
            }))
        };
        runtime.block_on(writer.write(1, sql("CREATE TABLE moves (n INTEGER)"))).unwrap();
        let failed = runtime.block_on(writer.write(1, move |conn| {
            sql("INSERT INTO moves VALUES (1)")(conn)?;
            Err::<(), _>(ApiError::conflict("conflict", "refused after writing"))
        }));
        assert_eq!(failed.unwrap_err().detail, "refused after writing", "the request's own error is its answer");
        assert_eq!(rows().unwrap(), 0, "what it wrote is rolled back");
        runtime.block_on(writer.write(1, sql("INSERT INTO moves VALUES (2)"))).unwrap();
        assert_eq!(rows().unwrap(), 1, "the next request is stored");
        assert_eq!(writer.batches_committed(), 4, "every batch but the failed one committed");
    }

    /// Whether this process has `path` open.
    fn holds_open(path: &std::path::Path) -> bool {
        std::fs::read_dir("/proc/self/fd")
            .unwrap()
            .filter_map(|fd| std::fs::read_link(fd.ok()?.path()).ok())
            .any(|target| target == path)
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn dropping_the_writer_closes_its_connection_before_it_returns() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().canonicalize().unwrap().join("writer.db");
        let writer = Writer::start(&format!("sqlite://{}", path.display()), SqliteSync::Full, 1).unwrap();
        assert!(holds_open(&path), "the writer thread holds its connection");
        drop(writer);
        assert!(!holds_open(&path), "the connection is closed once the writer is dropped");
    }
}

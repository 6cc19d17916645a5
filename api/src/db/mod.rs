//! The database: one connection type over SQLite (the embedded default) and PostgreSQL (many server
//! instances on one database), chosen by the URL scheme; a pool; and embedded migrations, run at start, kept
//! for both backends under the same version names.
//!
//! Writes go through [`write_transaction`]: on SQLite an immediate transaction (the file's one writer lock,
//! taken up front so two writers never deadlock upgrading a read lock, and by this process's connections in
//! turn: [`write_turn`]); on PostgreSQL a read-committed transaction in which whatever must not race is locked
//! explicitly ([`lock_game`], `FOR UPDATE SKIP LOCKED` for the outbox). The journal's (game_id, seq) primary
//! key stays the last line of defence: two appends of the same position can never both commit. Moves and
//! resignations go through the [`writer`], which runs the ones queued together as savepoints of one such
//! transaction (group commit).

pub mod liveness;
pub mod native;
mod noted;
pub mod prepared;
pub mod schema;
pub mod scratch;
pub mod stable_plans;
pub mod write_turn;
pub mod writer;

use std::sync::Arc;
use std::time::Duration;

use diesel::connection::{SimpleConnection, TransactionManager};
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::r2d2::{ManageConnection, Pool, PooledConnection, R2D2Connection};
use diesel::sqlite::SqliteConnection;
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

pub use crate::settings::SqliteSync;

/// A connection to either backend. Queries written with diesel's DSL run on both; the few statements only one
/// backend has (upserts, row locks) match on the variant, usually through [`on_backend!`](crate::on_backend).
#[derive(diesel::MultiConnection)]
pub enum Conn {
    Postgres(PgConnection),
    Sqlite(SqliteConnection),
}

pub type DbPool = Pool<Manager>;
pub type PooledConn = PooledConnection<Manager>;

pub const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations/sqlite");
pub const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations/postgres");

/// The database URL forms the server accepts.
pub const URL_FORMS: &str = "sqlite://PATH (e.g. sqlite://tegami.db or sqlite:///var/lib/tegami/tegami.db) or \
                             postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE";

#[derive(Debug, thiserror::Error)]
pub enum DbSetupError {
    #[error("unsupported database URL `{0}`: use {URL_FORMS}")]
    UnsupportedUrl(String),
    #[error("cannot open the database: {0}")]
    Pool(#[from] diesel::r2d2::PoolError),
    #[error("cannot open the database: {0}")]
    Connection(#[from] diesel::ConnectionError),
    #[error("migrations failed: {0}")]
    Migration(String),
    #[error("cannot create the database folder `{path}`: {source}")]
    Folder { path: String, source: std::io::Error },
}

/// Which database a URL names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A file path.
    Sqlite(String),
    /// A libpq connection URL, passed on as given.
    Postgres(String),
}

impl Target {
    pub fn parse(url: &str) -> Result<Target, DbSetupError> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return Ok(Target::Postgres(url.to_string()));
        }
        let path = url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"))
            .ok_or_else(|| DbSetupError::UnsupportedUrl(redact_password(url)))?;
        if path.is_empty() {
            return Err(DbSetupError::UnsupportedUrl(url.to_string()));
        }
        Ok(Target::Sqlite(path.to_string()))
    }

    pub fn backend_name(&self) -> &'static str {
        match self {
            Target::Sqlite(_) => "sqlite",
            Target::Postgres(_) => "postgres",
        }
    }
}

/// `url` with any password replaced, for logs and error messages.
pub fn redact_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else { return url.to_string() };
    let Some((credentials, host)) = rest.split_once('@') else { return url.to_string() };
    match credentials.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***@{host}"),
        None => url.to_string(),
    }
}

/// Opens connections for the pool. Unlike diesel's generic manager it never guesses the backend from
/// which connection attempt succeeds (SQLite would take `postgres://…` as a file name).
#[derive(Debug)]
pub struct Manager {
    target: Target,
    sync: SqliteSync,
    /// Held by this manager and by every connection it opens, each dropping it once closed: all gone when the
    /// pool and every connection it opened are (see [`PoolGone`]).
    alive: Arc<()>,
}

impl ManageConnection for Manager {
    type Connection = Conn;
    type Error = diesel::r2d2::Error;

    fn connect(&self) -> Result<Conn, Self::Error> {
        match &self.target {
            Target::Postgres(url) => {
                let mut conn =
                    PgConnection::establish(url).map(Conn::Postgres).map_err(diesel::r2d2::Error::ConnectionError)?;
                noted::start(&mut conn, None, self.alive.clone());
                Ok(conn)
            }
            Target::Sqlite(path) => {
                stable_plans::enable();
                let mut conn = SqliteConnection::establish(path).map_err(diesel::r2d2::Error::ConnectionError)?;
                // busy_timeout first: switching to WAL takes a lock that the pool's other new connections contend
                // for. synchronous FULL: a commit returns once the WAL is on disk, so an acknowledged move
                // survives a power failure (NORMAL only survives a crash of the process). temp_store MEMORY: a
                // batch's savepoints (one per request) journal the pages they change, and past 64 KiB SQLite
                // spilled that journal, which only a rollback reads, to a temporary file, a write each time.
                conn.batch_execute(&format!(
                    "PRAGMA busy_timeout = 10000; PRAGMA journal_mode = WAL; PRAGMA synchronous = {}; \
                     PRAGMA foreign_keys = ON; PRAGMA temp_store = MEMORY;",
                    self.sync.pragma()
                ))
                .map_err(diesel::r2d2::Error::QueryError)?;
                let mut conn = Conn::Sqlite(conn);
                noted::start(&mut conn, write_turn::of_file(path), self.alive.clone());
                Ok(conn)
            }
        }
    }

    fn is_valid(&self, conn: &mut Conn) -> Result<(), Self::Error> {
        if liveness::trusted(conn) {
            return Ok(());
        }
        conn.ping().map_err(diesel::r2d2::Error::QueryError)
    }

    fn has_broken(&self, conn: &mut Conn) -> bool {
        std::thread::panicking() || conn.is_broken()
    }
}

/// Opens a pool of 8 connections at most and brings the schema up to date.
pub fn connect(url: &str) -> Result<DbPool, DbSetupError> {
    connect_sized(url, 8)
}

/// Opens a pool of `size` connections at most and brings the schema up to date.
pub fn connect_sized(url: &str, size: u32) -> Result<DbPool, DbSetupError> {
    connect_with(url, size, SqliteSync::Full)
}

/// Opens a pool of `size` connections at most, SQLite's committing as `sync` says, and brings the schema up to
/// date.
pub fn connect_with(url: &str, size: u32, sync: SqliteSync) -> Result<DbPool, DbSetupError> {
    connect_watched(url, size, sync).map(|(pool, _)| pool)
}

/// Tells whether a pool is gone: no clone of it left, and every connection it opened closed. A clone can
/// outlive the server's own (a task of the blocking pool still running, the pool's thread opening a
/// connection), and the thread that drops the last one closes the connections after the pool's manager.
pub struct PoolGone(std::sync::Weak<()>);

impl PoolGone {
    pub fn is_gone(&self) -> bool {
        self.0.strong_count() == 0
    }
}

/// [`connect_with`], and what tells when the pool is gone.
pub fn connect_watched(url: &str, size: u32, sync: SqliteSync) -> Result<(DbPool, PoolGone), DbSetupError> {
    let target = Target::parse(url)?;
    if let Target::Sqlite(path) = &target {
        create_parent_folder(path)?;
    }
    let alive = Arc::new(());
    let gone = PoolGone(Arc::downgrade(&alive));
    let pool = Pool::builder()
        .max_size(size.max(1))
        // Connections open as they are needed: N instances on one PostgreSQL share its connection limit.
        .min_idle(Some(1))
        .connection_timeout(Duration::from_secs(30))
        .event_handler(Box::new(crate::metrics::PoolEvents))
        .build(Manager { target, sync, alive })?;
    let mut conn = pool.get()?;
    migrate(&mut conn)?;
    Ok((pool, gone))
}

/// One connection outside any pool, SQLite's committing as `sync` says.
fn connect_one(target: &Target, sync: SqliteSync) -> Result<Conn, DbSetupError> {
    Manager { target: target.clone(), sync, alive: Arc::default() }.connect().map_err(|e| match e {
        diesel::r2d2::Error::ConnectionError(e) => DbSetupError::Connection(e),
        diesel::r2d2::Error::QueryError(e) => DbSetupError::Migration(e.to_string()),
    })
}

/// One connection (schema not migrated: see [`migrate`]) for the short-lived commands (`migrate`, `mail-in`, `export`,
/// `import`). No pool: a pool keeps connecting on background threads, and a process that exits while one of
/// them is inside libpq's TLS handshake can crash in OpenSSL's exit handlers.
pub fn open(url: &str) -> Result<Conn, DbSetupError> {
    let target = Target::parse(url)?;
    if let Target::Sqlite(path) = &target {
        create_parent_folder(path)?;
    }
    connect_one(&target, SqliteSync::Full)
}

/// [`open`], then [`migrate`].
pub fn open_migrated(url: &str) -> Result<Conn, DbSetupError> {
    let mut conn = open(url)?;
    migrate(&mut conn)?;
    Ok(conn)
}

pub fn create_parent_folder(path: &str) -> Result<(), DbSetupError> {
    match std::path::Path::new(path).parent().filter(|p| !p.as_os_str().is_empty()) {
        Some(parent) => std::fs::create_dir_all(parent)
            .map_err(|source| DbSetupError::Folder { path: parent.display().to_string(), source }),
        None => Ok(()),
    }
}

/// Applies every pending migration of this connection's backend; returns how many ran. Safe to run from
/// several instances at once on PostgreSQL: an advisory lock makes them take turns.
pub fn migrate(conn: &mut Conn) -> Result<usize, DbSetupError> {
    let failed = |e: Box<dyn std::error::Error + Send + Sync>| DbSetupError::Migration(e.to_string());
    match conn {
        Conn::Sqlite(c) => {
            // PostgreSQL has sha256(); SQLite gets the server's for the migrations that need it.
            tegami_sha256_utils::register_impl(c, |text: String| -> Vec<u8> {
                use sha2::Digest;
                sha2::Sha256::digest(text.as_bytes()).to_vec()
            })
            .map_err(|e| DbSetupError::Migration(e.to_string()))?;
            c.run_pending_migrations(SQLITE_MIGRATIONS).map(|done| done.len()).map_err(failed)
        }
        Conn::Postgres(c) => {
            let lock = |c: &mut PgConnection, sql: &str| {
                c.batch_execute(sql).map_err(|e| DbSetupError::Migration(e.to_string()))
            };
            lock(c, &format!("SELECT pg_advisory_lock({MIGRATION_LOCK})"))?;
            let ran = c.run_pending_migrations(POSTGRES_MIGRATIONS).map(|done| done.len()).map_err(failed);
            lock(c, &format!("SELECT pg_advisory_unlock({MIGRATION_LOCK})"))?;
            ran
        }
    }
}

diesel::define_sql_function! {
    /// SHA-256 of a text's UTF-8 bytes, for SQLite migrations (registered in [`migrate`]).
    fn tegami_sha256(text: diesel::sql_types::Text) -> diesel::sql_types::Binary;
}

/// The advisory lock key instances take turns on while migrating ("tegami" in ASCII).
const MIGRATION_LOCK: i64 = 0x7465_6761_6d69;

/// Runs `f` in a write transaction: committed when it returns `Ok`, rolled back otherwise. Inside another
/// write transaction (a batch of the [`writer`]) it is a savepoint: rolled back alone.
pub fn write_transaction<T, E>(conn: &mut Conn, f: impl FnOnce(&mut Conn) -> Result<T, E>) -> Result<T, E>
where
    E: From<diesel::result::Error>,
{
    type Manager = <Conn as Connection>::TransactionManager;
    let _turn = begin_write(conn)?;
    match f(conn) {
        Ok(value) => {
            Manager::commit_transaction(conn)?;
            Ok(value)
        }
        Err(e) => {
            Manager::rollback_transaction(conn)?;
            Err(e)
        }
    }
}

/// Begins a write transaction (or, inside one, a savepoint); see [`write_transaction`]. On SQLite the
/// transaction's turn ([`write_turn`]) is taken first: keep it until the transaction has ended.
fn begin_write(conn: &mut Conn) -> QueryResult<write_turn::Held> {
    type Manager = <Conn as Connection>::TransactionManager;
    let turn = write_turn::take(conn);
    let nested = Manager::transaction_manager_status_mut(conn).transaction_depth()?.is_some();
    match conn {
        Conn::Sqlite(c) if !nested => {
            diesel::connection::AnsiTransactionManager::begin_transaction_sql(c, "BEGIN IMMEDIATE")?
        }
        _ => Manager::begin_transaction(conn)?,
    }
    Ok(turn)
}

/// Runs the same code on the concrete connection of either backend, for the statements diesel's common
/// subset lacks (upserts, `FOR UPDATE`): `on_backend!(conn, |c| query.execute(c))`, or with separate arms
/// `on_backend!(conn, sqlite: |c| …, postgres: |c| …)`.
#[macro_export]
macro_rules! on_backend {
    ($conn:expr, |$c:ident| $body:expr) => {
        match &mut *$conn {
            $crate::db::Conn::Sqlite($c) => $body,
            $crate::db::Conn::Postgres($c) => $body,
        }
    };
    ($conn:expr, sqlite: |$s:ident| $sqlite:expr, postgres: |$p:ident| $postgres:expr) => {
        match &mut *$conn {
            $crate::db::Conn::Sqlite($s) => $sqlite,
            $crate::db::Conn::Postgres($p) => $postgres,
        }
    };
}

/// Holds game `id` for the rest of the write transaction, so that two instances answering the same game
/// take turns: the second sees the first one's move and answers accordingly (idempotent retry, stale
/// decision) instead of racing it. SQLite's immediate transaction already holds the whole file.
pub fn lock_game(conn: &mut Conn, id: i64) -> QueryResult<()> {
    use schema::games;
    if let Conn::Postgres(c) = conn
        && !writer::batch_holds(id)
    {
        games::table.find(id).select(games::id).for_update().load::<i64>(c)?;
    }
    Ok(())
}

/// Holds account `id` for the rest of the write transaction (settings changed relative to their old value).
pub fn lock_account(conn: &mut Conn, id: i64) -> QueryResult<()> {
    use schema::accounts;
    if let Conn::Postgres(c) = conn {
        accounts::table.find(id).select(accounts::id).for_update().load::<i64>(c)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_name_a_backend() {
        assert_eq!(Target::parse("sqlite://tegami.db").unwrap(), Target::Sqlite("tegami.db".into()));
        assert_eq!(Target::parse("sqlite:///var/lib/t.db").unwrap(), Target::Sqlite("/var/lib/t.db".into()));
        assert_eq!(
            Target::parse("postgres://u@127.0.0.1/tegami").unwrap(),
            Target::Postgres("postgres://u@127.0.0.1/tegami".into())
        );
        assert_eq!(Target::parse("postgresql://h/db").unwrap().backend_name(), "postgres");
        assert!(Target::parse("mysql://x").is_err());
        assert!(Target::parse("sqlite://").is_err());
    }

    #[test]
    fn both_backends_have_the_same_migrations() {
        let versions = |dir: &str| {
            let mut names: Vec<String> =
                std::fs::read_dir(format!("{}/../migrations/{dir}", env!("CARGO_MANIFEST_DIR")))
                    .unwrap()
                    .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                    .collect();
            names.sort();
            names
        };
        assert_eq!(versions("sqlite"), versions("postgres"));
        assert!(versions("sqlite").len() >= 10);
    }

    #[test]
    fn sqlite_connections_commit_durably_and_journal_savepoints_in_memory() {
        let dir = tempfile::tempdir().unwrap();
        let target = Target::Sqlite(dir.path().join("tegami.db").display().to_string());
        let mut conn = connect_one(&target, SqliteSync::Full).unwrap();
        let Conn::Sqlite(conn) = &mut conn else { unreachable!("a SQLite target") };
        #[derive(QueryableByName)]
        struct Setting {
            #[diesel(sql_type = diesel::sql_types::Text)]
            value: String,
        }
        let mut setting = |name: &str| {
            diesel::sql_query(format!("SELECT CAST({name} AS TEXT) AS value FROM pragma_{name}"))
                .get_result::<Setting>(conn)
                .unwrap()
                .value
        };
        assert_eq!(setting("journal_mode"), "wal");
        assert_eq!(setting("synchronous"), "2", "FULL");
        assert_eq!(setting("foreign_keys"), "1");
        assert_eq!(setting("temp_store"), "2", "MEMORY");
    }

    #[test]
    fn passwords_stay_out_of_messages() {
        assert_eq!(redact_password("postgres://u:secret@h/db"), "postgres://u:***@h/db");
        assert_eq!(redact_password("postgres://u@h/db"), "postgres://u@h/db");
        let err = Target::parse("mysql://u:secret@h/db").unwrap_err().to_string();
        assert!(!err.contains("secret"), "{err}");
    }
}

//! The database: a connection pool, embedded migrations run at start, and SQLite tuned for a server
//! (WAL so readers never wait for the writer, a busy timeout so writers queue instead of failing).

pub mod schema;

use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::r2d2::{ConnectionManager, CustomizeConnection, Pool, PooledConnection};
use diesel::sqlite::SqliteConnection;
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

pub type Conn = SqliteConnection;
pub type DbPool = Pool<ConnectionManager<Conn>>;
pub type PooledConn = PooledConnection<ConnectionManager<Conn>>;

pub const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations/sqlite");

#[derive(Debug, thiserror::Error)]
pub enum DbSetupError {
    #[error(
        "unsupported database URL `{0}`: use sqlite://PATH (e.g. sqlite://tegami.db or sqlite:///var/lib/tegami/tegami.db)"
    )]
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

/// The file path inside a `sqlite://` URL.
pub fn sqlite_path(url: &str) -> Result<String, DbSetupError> {
    let path = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .ok_or_else(|| DbSetupError::UnsupportedUrl(url.to_string()))?;
    if path.is_empty() {
        return Err(DbSetupError::UnsupportedUrl(url.to_string()));
    }
    Ok(path.to_string())
}

#[derive(Debug)]
struct SqlitePragmas;

impl CustomizeConnection<Conn, diesel::r2d2::Error> for SqlitePragmas {
    fn on_acquire(&self, conn: &mut Conn) -> Result<(), diesel::r2d2::Error> {
        conn.batch_execute(
            // busy_timeout first: switching to WAL takes a lock that the pool's other new connections contend for.
            "PRAGMA busy_timeout = 10000; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
             PRAGMA foreign_keys = ON;",
        )
        .map_err(diesel::r2d2::Error::QueryError)
    }
}

/// Opens the pool and brings the schema up to date.
pub fn connect(url: &str) -> Result<DbPool, DbSetupError> {
    let path = sqlite_path(url)?;
    if let Some(parent) = std::path::Path::new(&path).parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .map_err(|source| DbSetupError::Folder { path: parent.display().to_string(), source })?;
    }
    let manager = ConnectionManager::<Conn>::new(path);
    let pool = Pool::builder()
        .max_size(8)
        .connection_timeout(Duration::from_secs(30))
        .connection_customizer(Box::new(SqlitePragmas))
        .build(manager)?;
    let mut conn = pool.get().map_err(DbSetupError::Pool)?;
    migrate(&mut conn)?;
    Ok(pool)
}

/// Applies every pending migration; returns how many ran.
pub fn migrate(conn: &mut Conn) -> Result<usize, DbSetupError> {
    conn.run_pending_migrations(SQLITE_MIGRATIONS)
        .map(|done| done.len())
        .map_err(|e| DbSetupError::Migration(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_urls_name_a_file() {
        assert_eq!(sqlite_path("sqlite://tegami.db").unwrap(), "tegami.db");
        assert_eq!(sqlite_path("sqlite:///var/lib/t.db").unwrap(), "/var/lib/t.db");
        assert!(sqlite_path("mysql://x").is_err());
        assert!(sqlite_path("sqlite://").is_err());
    }
}

//! `tegami-server backup FILE` and `restore FILE` for SQLite; PostgreSQL is backed up with its own tools
//! (`pg_dump` / `pg_restore`, see docs/operating.md), which these commands say instead of guessing.
//!
//! A backup is `VACUUM INTO`: one read transaction of its own, so the copy is consistent (every committed move,
//! nothing half-written) while the server keeps running, and it is compacted. A restore refuses while a server
//! holds the file ([`InstanceLock`]), checks that the copy is a sound tegami database, keeps the file it
//! replaces beside it, brings the copy's schema up to date and holds its outgoing mail ([`outgoing_hold`]):
//! the copy's outbox still holds what was queued when the backup was taken, sent long since.

use std::path::{Path, PathBuf};

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sqlite::SqliteConnection;

use crate::db::{self, DbSetupError, Target};
use crate::instance_lock::{InstanceLock, LockError};
use crate::outgoing_hold;

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error(
        "`{0}` is a PostgreSQL database: back it up with `pg_dump --format=custom --file=tegami.dump DATABASE_URL` \
         and restore it with `pg_restore --clean --if-exists --no-owner --dbname=DATABASE_URL tegami.dump` \
         (see docs/operating.md); then start the server with `--hold-mail`"
    )]
    Postgres(String),
    #[error("`{0}` already exists; a backup never overwrites a file")]
    Exists(String),
    #[error("there is no database at `{0}` to back up")]
    NoDatabase(String),
    #[error("`{path}` is not a tegami backup: {why}")]
    NotABackup { path: String, why: String },
    #[error(transparent)]
    InUse(#[from] LockError),
    #[error(transparent)]
    Setup(#[from] DbSetupError),
    #[error("{what}: {source}")]
    Sql { what: String, source: diesel::result::Error },
    #[error("{what}: {source}")]
    Io { what: String, source: std::io::Error },
}

impl BackupError {
    /// The process's exit status (sysexits): 64 asked of the wrong backend, 65 a bad backup file, 73 a file
    /// that would be overwritten, 75 in use or failed (try again).
    pub fn exit_code(&self) -> u8 {
        match self {
            BackupError::Postgres(_) => 64,
            BackupError::NotABackup { .. } | BackupError::NoDatabase(_) => 65,
            BackupError::Exists(_) => 73,
            _ => 75,
        }
    }
}

fn sqlite_path(url: &str) -> Result<PathBuf, BackupError> {
    match Target::parse(url)? {
        Target::Sqlite(path) => Ok(PathBuf::from(path)),
        Target::Postgres(url) => Err(BackupError::Postgres(db::redact_password(&url))),
    }
}

fn io(what: impl Into<String>) -> impl FnOnce(std::io::Error) -> BackupError {
    let what = what.into();
    move |source| BackupError::Io { what, source }
}

fn sql(what: impl Into<String>) -> impl FnOnce(diesel::result::Error) -> BackupError {
    let what = what.into();
    move |source| BackupError::Sql { what, source }
}

/// Writes a consistent copy of the SQLite database at `database_url` to `dest` (a new file); returns its size.
pub fn backup(database_url: &str, dest: &Path) -> Result<u64, BackupError> {
    let path = sqlite_path(database_url)?;
    if !path.exists() {
        return Err(BackupError::NoDatabase(path.display().to_string()));
    }
    if dest.exists() {
        return Err(BackupError::Exists(dest.display().to_string()));
    }
    let dest_text = dest.to_str().ok_or_else(|| BackupError::NotABackup {
        path: dest.display().to_string(),
        why: "the file name is not valid UTF-8".into(),
    })?;
    let mut conn = open_sqlite(&path)?;
    // A string literal: SQLite takes no parameter here. Quotes are doubled, as SQL escapes them.
    conn.batch_execute(&format!("VACUUM INTO '{}'", dest_text.replace('\'', "''")))
        .map_err(sql(format!("cannot write the backup `{}`", dest.display())))?;
    let file = std::fs::File::open(dest).map_err(io(format!("cannot read the backup `{}` back", dest.display())))?;
    file.sync_all().map_err(io(format!("cannot flush the backup `{}`", dest.display())))?;
    Ok(file.metadata().map(|m| m.len()).unwrap_or(0))
}

/// What a restore did.
#[derive(Debug)]
pub struct Restored {
    /// Where the database file that was replaced now is.
    pub replaced: Option<PathBuf>,
}

/// Puts the backup `source` in place of the SQLite database at `database_url`, migrates it and holds its
/// outgoing mail. Refuses while a server runs on the file.
pub fn restore(database_url: &str, source: &Path, now: chrono::DateTime<chrono::Utc>) -> Result<Restored, BackupError> {
    let path = sqlite_path(database_url)?;
    check_backup(source)?;
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(io(format!("cannot create the folder `{}`", parent.display())))?;
    }
    // Held until the restore is done: no server can start on a half-restored file.
    let _lock = InstanceLock::acquire(&path)?;
    let staged = sibling(&path, ".restoring");
    std::fs::copy(source, &staged).map_err(io(format!("cannot copy `{}`", source.display())))?;
    std::fs::File::open(&staged)
        .and_then(|f| f.sync_all())
        .map_err(io(format!("cannot flush `{}`", staged.display())))?;
    let replaced = if path.exists() {
        // Everything committed to the old file goes into it first, so the file kept aside is whole by itself.
        open_sqlite(&path)?
            .batch_execute("PRAGMA wal_checkpoint(TRUNCATE)")
            .map_err(sql(format!("cannot checkpoint `{}`", path.display())))?;
        let kept = sibling(&path, &format!(".replaced-{}", now.format("%Y%m%dT%H%M%SZ")));
        std::fs::rename(&path, &kept).map_err(io(format!("cannot move `{}` aside", path.display())))?;
        Some(kept)
    } else {
        None
    };
    for stale in ["-wal", "-shm"] {
        let file = sibling(&path, stale);
        match std::fs::remove_file(&file) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(io(format!("cannot remove `{}`", file.display()))(e));
            }
            _ => {}
        }
    }
    std::fs::rename(&staged, &path).map_err(io(format!("cannot move the backup into `{}`", path.display())))?;
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        let _ = std::fs::File::open(parent).and_then(|d| d.sync_all());
    }
    let mut conn = db::open_migrated(database_url)?;
    let reason = format!("restored from `{}` at {}", source.display(), now.to_rfc3339());
    outgoing_hold::hold(&mut conn, &reason).map_err(sql("cannot hold the restored copy's mail"))?;
    Ok(Restored { replaced })
}

fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

fn open_sqlite(path: &Path) -> Result<SqliteConnection, BackupError> {
    let text = path.to_str().ok_or_else(|| BackupError::NotABackup {
        path: path.display().to_string(),
        why: "the file name is not valid UTF-8".into(),
    })?;
    let mut conn = SqliteConnection::establish(text).map_err(DbSetupError::from)?;
    conn.batch_execute("PRAGMA busy_timeout = 10000;").map_err(sql("cannot set the busy timeout"))?;
    Ok(conn)
}

#[derive(QueryableByName)]
struct Text {
    #[diesel(sql_type = diesel::sql_types::Text)]
    value: String,
}

/// A sound SQLite file holding tegami's tables.
fn check_backup(source: &Path) -> Result<(), BackupError> {
    let refuse = |why: String| BackupError::NotABackup { path: source.display().to_string(), why };
    let mut header = [0u8; 16];
    use std::io::Read;
    std::fs::File::open(source)
        .and_then(|mut f| f.read_exact(&mut header))
        .map_err(|e| refuse(format!("cannot read it ({e})")))?;
    if &header != b"SQLite format 3\0" {
        return Err(refuse("not an SQLite database file".into()));
    }
    let mut conn = open_sqlite(source)?;
    let check: Vec<Text> = diesel::sql_query("SELECT quick_check AS value FROM pragma_quick_check")
        .load(&mut conn)
        .map_err(|e| refuse(format!("cannot be checked ({e})")))?;
    if check.len() != 1 || check[0].value != "ok" {
        let found: Vec<String> = check.into_iter().take(3).map(|t| t.value).collect();
        return Err(refuse(format!("damaged: {}", found.join("; "))));
    }
    let tables: Vec<Text> = diesel::sql_query(
        "SELECT name AS value FROM sqlite_master WHERE type = 'table' AND name IN ('journal', 'games', 'outbox')",
    )
    .load(&mut conn)
    .map_err(|e| refuse(format!("cannot be read ({e})")))?;
    if tables.len() != 3 {
        return Err(refuse("it holds no tegami games (no `games`, `journal` and `outbox` tables)".into()));
    }
    Ok(())
}

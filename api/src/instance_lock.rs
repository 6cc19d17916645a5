//! One server per SQLite file. Each server's mail worker assumes it is the file's only sender, so a second
//! `serve` on the same file would send the first one's emails in flight again. `serve` therefore holds an
//! exclusive advisory lock (`flock`) on `<database>.lock` beside the file for its whole life; a second
//! `serve`, or a `restore` over the file, cannot take it and refuses to start, naming the process that holds
//! it. `mail-in`, `backup` and `migrate` share the file by design and take no lock. The kernel lets go of the
//! lock when the process ends, however it ends, so a crash never leaves a stale lock behind.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
pub enum LockError {
    #[error(
        "the database `{database}` is in use by another tegami-server{holder}: only one server may run on a \
         SQLite file (its mail worker would send the other's emails again); stop it first, or use PostgreSQL for \
         several instances"
    )]
    InUse { database: String, holder: String },
    #[error("cannot open the lock file `{path}`: {source}")]
    Open { path: String, source: std::io::Error },
}

/// The lock, held until dropped.
#[derive(Debug)]
pub struct InstanceLock {
    _file: File,
    path: PathBuf,
}

impl InstanceLock {
    /// Takes the lock of the SQLite database at `database`, or says who holds it.
    pub fn acquire(database: &Path) -> Result<InstanceLock, LockError> {
        let path = lock_path(database);
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(|source| LockError::Open { path: path.display().to_string(), source })?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut holder = String::new();
                let _ = file.read_to_string(&mut holder);
                let holder = holder.trim();
                return Err(LockError::InUse {
                    database: database.display().to_string(),
                    holder: if holder.is_empty() { String::new() } else { format!(" (process {holder})") },
                });
            }
            Err(TryLockError::Error(source)) => {
                return Err(LockError::Open { path: path.display().to_string(), source });
            }
        }
        // The holder's process id, for the refusal a second server prints; a failure here loses only that.
        let _ = file.set_len(0).and_then(|()| file.rewind()).and_then(|()| writeln!(file, "{}", std::process::id()));
        Ok(InstanceLock { _file: file, path })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// `<database>.lock`, beside the database file.
pub fn lock_path(database: &Path) -> PathBuf {
    let mut name = database.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_on_one_file_is_refused_until_the_first_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("tegami.db");
        let first = InstanceLock::acquire(&db).unwrap();
        let err = InstanceLock::acquire(&db).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("in use by another tegami-server"), "{text}");
        assert!(text.contains(&format!("process {}", std::process::id())), "{text}");
        drop(first);
        InstanceLock::acquire(&db).expect("free again once dropped");
    }
}

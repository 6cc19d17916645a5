//! Throwaway databases for tests, so that every test of the server can run on both backends: a SQLite file
//! the caller places, or a fresh PostgreSQL database created on the server that `TEGAMI_TEST_POSTGRES_URL`
//! names (default `postgres://postgres@127.0.0.1:5432/test`) and dropped when the value is dropped.
//!
//! Without a reachable PostgreSQL, PostgreSQL tests are skipped with a loud notice on the terminal, unless
//! `TEGAMI_TEST_POSTGRES=require` (as `.ci/run` sets), which makes them fail instead.

use std::io::Write;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;
use diesel::prelude::*;

pub const DEFAULT_ADMIN_URL: &str = "postgres://postgres@127.0.0.1:5432/test";

/// The backends a test runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A database that exists for as long as this value.
#[derive(Debug)]
pub struct ScratchDatabase {
    pub url: String,
    pub backend: Backend,
    postgres_name: Option<String>,
}

impl ScratchDatabase {
    /// A SQLite database in `file` (created by the server at first use; the caller owns the folder).
    pub fn sqlite(file: &std::path::Path) -> ScratchDatabase {
        ScratchDatabase { url: format!("sqlite://{}", file.display()), backend: Backend::Sqlite, postgres_name: None }
    }

    /// A fresh, empty PostgreSQL database. Check [`postgres_available`] first.
    pub fn postgres() -> ScratchDatabase {
        static SEQUENCE: AtomicU32 = AtomicU32::new(0);
        let admin_url = admin_url();
        let mut admin = PgConnection::establish(&admin_url)
            .unwrap_or_else(|e| panic!("PostgreSQL at {}: {e}", super::redact_password(&admin_url)));
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
        let name = format!("tegami_test_{}_{}_{nanos}", std::process::id(), SEQUENCE.fetch_add(1, Ordering::Relaxed));
        admin
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .unwrap_or_else(|e| panic!("CREATE DATABASE {name}: {e}"));
        let url = with_database(&admin_url, &name);
        ScratchDatabase { url, backend: Backend::Postgres, postgres_name: Some(name) }
    }

    /// A fresh database of `backend`; SQLite files go into `dir`.
    pub fn on(backend: Backend, dir: &std::path::Path) -> ScratchDatabase {
        match backend {
            Backend::Sqlite => Self::sqlite(&dir.join("tegami.db")),
            Backend::Postgres => Self::postgres(),
        }
    }
}

impl Drop for ScratchDatabase {
    fn drop(&mut self) {
        if let Some(name) = &self.postgres_name
            && let Ok(mut admin) = PgConnection::establish(&admin_url())
        {
            // FORCE: a server under test may still hold pooled connections.
            let _ = admin.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
        }
    }
}

/// Whether PostgreSQL tests can run here (asked once per test process). When they cannot, says so loudly, or
/// panics if they are required.
pub fn postgres_available() -> bool {
    static AVAILABLE: OnceLock<Result<(), String>> = OnceLock::new();
    let checked =
        AVAILABLE.get_or_init(|| PgConnection::establish(&admin_url()).map(|_| ()).map_err(|e| e.to_string()));
    match checked {
        Ok(()) => true,
        Err(e) => {
            skip_notice(&admin_url(), e);
            false
        }
    }
}

fn admin_url() -> String {
    without_encryption_unless_asked(
        &std::env::var("TEGAMI_TEST_POSTGRES_URL").unwrap_or_else(|_| DEFAULT_ADMIN_URL.to_string()),
    )
}

/// `url` with TLS and GSSAPI encryption off, unless it names a mode itself. libpq's OpenSSL and Kerberos
/// libraries register exit handlers that tear them down while test servers' threads (never joined: a test
/// process just ends) may still be connecting or talking to the database, which crashes the process after
/// every test passed. The test database is on loopback, where encryption protects nothing.
fn without_encryption_unless_asked(url: &str) -> String {
    let mut url = url.to_string();
    for option in ["sslmode=disable", "gssencmode=disable"] {
        let key = &option[..=option.find('=').unwrap_or(0)];
        if !url.contains(key) {
            url.push(if url.contains('?') { '&' } else { '?' });
            url.push_str(option);
        }
    }
    url
}

fn required() -> bool {
    std::env::var("TEGAMI_TEST_POSTGRES").is_ok_and(|v| v == "require")
}

/// `url` with its database name replaced by `name` (query parameters kept).
fn with_database(url: &str, name: &str) -> String {
    let (base, query) = url.split_once('?').map_or((url, None), |(b, q)| (b, Some(q)));
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let base = match base[scheme_end..].find('/') {
        Some(slash) => &base[..scheme_end + slash],
        None => base,
    };
    match query {
        Some(q) => format!("{base}/{name}?{q}"),
        None => format!("{base}/{name}"),
    }
}

/// Says once per test process, straight to the terminal (test output capture only takes `print!`), that
/// PostgreSQL tests are being skipped and how to run them; panics instead when they are required.
fn skip_notice(admin_url: &str, error: &str) {
    let url = super::redact_password(admin_url);
    if required() {
        panic!("TEGAMI_TEST_POSTGRES=require, but PostgreSQL at {url} is unreachable: {error}");
    }
    static SAID: OnceLock<()> = OnceLock::new();
    SAID.get_or_init(|| {
        let _ = writeln!(
            std::io::stderr(),
            "\n\
             ************************************************************************************\n\
             *  POSTGRESQL TESTS SKIPPED: cannot connect to {url}\n\
             *  ({error})\n\
             *  Every server test ran on SQLite only. To run them on PostgreSQL too, start a server\n\
             *  (trust auth, or put the password in the URL) and set TEGAMI_TEST_POSTGRES_URL to a\n\
             *  database its user may CREATE DATABASE from; TEGAMI_TEST_POSTGRES=require turns this\n\
             *  skip into a failure (.ci/run sets it).\n\
             ************************************************************************************\n"
        );
    });
}

/// Declares each test once per backend: `fn name(db) { … }` becomes the tests `name::sqlite` and
/// `name::postgres`, where `db` is the [`Backend`] to run on. PostgreSQL variants are skipped (loudly) where
/// no PostgreSQL is reachable; see the module documentation.
#[macro_export]
macro_rules! on_both_backends {
    ($(#[$attr:meta])* fn $name:ident($db:ident) $body:block $($rest:tt)*) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            $(#[$attr])*
            #[test]
            fn sqlite() {
                let $db = $crate::db::scratch::Backend::Sqlite;
                $body
            }

            $(#[$attr])*
            #[test]
            fn postgres() {
                if !$crate::db::scratch::postgres_available() {
                    return;
                }
                let $db = $crate::db::scratch::Backend::Postgres;
                $body
            }
        }
        $crate::on_both_backends! { $($rest)* }
    };
    () => {};
}

#[cfg(test)]
mod tests {
    use super::{with_database, without_encryption_unless_asked};

    #[test]
    fn the_scratch_url_names_the_new_database() {
        assert_eq!(
            with_database("postgres://postgres@127.0.0.1:5432/test", "t1"),
            "postgres://postgres@127.0.0.1:5432/t1"
        );
        assert_eq!(with_database("postgres://h", "t1"), "postgres://h/t1");
        assert_eq!(with_database("postgres://u:p@h/db?sslmode=disable", "t1"), "postgres://u:p@h/t1?sslmode=disable");
    }

    #[test]
    fn test_databases_are_reached_without_encryption_unless_the_url_asks_for_it() {
        assert_eq!(
            without_encryption_unless_asked("postgres://h/test"),
            "postgres://h/test?sslmode=disable&gssencmode=disable"
        );
        assert_eq!(
            without_encryption_unless_asked("postgres://h/test?connect_timeout=5"),
            "postgres://h/test?connect_timeout=5&sslmode=disable&gssencmode=disable"
        );
        assert_eq!(
            without_encryption_unless_asked("postgres://h/test?sslmode=require"),
            "postgres://h/test?sslmode=require&gssencmode=disable"
        );
    }
}

//! Statements run on the connection's own backend, for the few that run at every move.
//!
//! The two-backend connection ([`Conn`]) hands each statement to its backend wrapped in a type that writes
//! the statement's whole SQL text whenever diesel walks it: once to ask whether the statement may be kept
//! prepared, once more to collect its values, and a third time for a statement kept under its text
//! ([`Prepared`](super::prepared::Prepared)). On the move path that was a tenth of the writer thread's time.
//! Run on `SqliteConnection` or `PgConnection` directly, a statement kept under its type is found without
//! writing any text, and one kept under its text writes it once.
//!
//! The methods mirror diesel's `RunQueryDsl` ones, with the same results and errors.

use diesel::QueryResult;
use diesel::dsl::Limit;
use diesel::pg::PgConnection;
use diesel::query_dsl::methods::{ExecuteDsl, LimitDsl};
use diesel::query_dsl::{LoadQuery, RunQueryDsl};
use diesel::sqlite::SqliteConnection;

use super::Conn;

/// diesel's ways of running a statement, run on the connection's own backend (see the module's comment).
pub trait RunNative: Sized {
    /// `RunQueryDsl::load`.
    fn load_native<'query, U>(self, conn: &mut Conn) -> QueryResult<Vec<U>>
    where
        Self: RunQueryDsl<SqliteConnection> + RunQueryDsl<PgConnection>,
        Self: LoadQuery<'query, SqliteConnection, U> + LoadQuery<'query, PgConnection, U>,
    {
        match conn {
            Conn::Sqlite(c) => RunQueryDsl::load(self, c),
            Conn::Postgres(c) => RunQueryDsl::load(self, c),
        }
    }

    /// `RunQueryDsl::first`.
    fn first_native<'query, U>(self, conn: &mut Conn) -> QueryResult<U>
    where
        Self: RunQueryDsl<SqliteConnection> + RunQueryDsl<PgConnection> + LimitDsl,
        Limit<Self>: LoadQuery<'query, SqliteConnection, U> + LoadQuery<'query, PgConnection, U>,
    {
        match conn {
            Conn::Sqlite(c) => RunQueryDsl::first(self, c),
            Conn::Postgres(c) => RunQueryDsl::first(self, c),
        }
    }

    /// `RunQueryDsl::execute`.
    fn execute_native(self, conn: &mut Conn) -> QueryResult<usize>
    where
        Self: ExecuteDsl<SqliteConnection> + ExecuteDsl<PgConnection>,
    {
        match conn {
            Conn::Sqlite(c) => ExecuteDsl::execute(self, c),
            Conn::Postgres(c) => ExecuteDsl::execute(self, c),
        }
    }
}

impl<T> RunNative for T {}

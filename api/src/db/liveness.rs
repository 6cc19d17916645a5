//! Whether a pooled connection must be pinged before it is handed out.
//!
//! The pool used to ping (`SELECT 1`) every connection at every checkout, to catch one whose server went away
//! while it sat idle (PostgreSQL restarted). Under load that was five statements a move on PostgreSQL, each a
//! round trip, for connections that had answered a statement a millisecond before. A connection that answered
//! within [`TRUSTED_FOR`] is handed out unpinged, as connection pools such as HikariCP do: a server that went
//! away inside that window fails the one request that meets it first, and the broken connection is then dropped
//! (`Manager::has_broken`).

use std::time::Duration;

use super::Conn;
pub use super::noted::last_answer;

/// How long after its last successful statement a connection is trusted to be alive without a ping.
pub const TRUSTED_FOR: Duration = Duration::from_millis(500);

/// Whether `conn` answered recently enough to be handed out without a ping.
pub fn trusted(conn: &mut Conn) -> bool {
    last_answer(conn).is_some_and(|at| at.elapsed() < TRUSTED_FOR)
}

#[cfg(test)]
mod tests {
    use diesel::prelude::*;
    use diesel::sql_types::Integer;

    use super::*;
    use crate::db::scratch::{Backend, ScratchDatabase, postgres_available};

    #[derive(QueryableByName)]
    struct Number {
        #[diesel(sql_type = Integer)]
        n: i32,
    }

    /// The server process behind a PostgreSQL connection.
    fn backend_pid(conn: &mut Conn) -> i32 {
        diesel::sql_query("SELECT pg_backend_pid() AS n").get_result::<Number>(conn).unwrap().n
    }

    fn a_connection_that_just_answered_is_handed_out_unpinged_and_an_idle_one_is_pinged(backend: Backend) {
        let dir = tempfile::tempdir().unwrap();
        let database = ScratchDatabase::on(backend, dir.path());
        let pool = crate::db::connect_sized(&database.url, 1).unwrap();
        let answered = {
            let mut conn = pool.get().unwrap();
            assert_eq!(diesel::sql_query("SELECT 7 AS n").get_result::<Number>(&mut *conn).unwrap().n, 7);
            last_answer(&mut conn).expect("a watched connection notes its answers")
        };
        {
            let mut conn = pool.get().unwrap();
            assert_eq!(last_answer(&mut conn), Some(answered), "handed out again at once, it ran no statement");
        }
        std::thread::sleep(TRUSTED_FOR + Duration::from_millis(100));
        let mut conn = pool.get().unwrap();
        assert!(last_answer(&mut conn).is_some_and(|at| at > answered), "after a while idle, it was pinged");
    }

    #[test]
    fn a_sqlite_connection_that_just_answered_is_handed_out_unpinged_and_an_idle_one_is_pinged() {
        a_connection_that_just_answered_is_handed_out_unpinged_and_an_idle_one_is_pinged(Backend::Sqlite);
    }

    #[test]
    fn a_postgres_connection_that_just_answered_is_handed_out_unpinged_and_an_idle_one_is_pinged() {
        if postgres_available() {
            a_connection_that_just_answered_is_handed_out_unpinged_and_an_idle_one_is_pinged(Backend::Postgres);
        }
    }

    #[test]
    fn a_connection_whose_server_went_away_while_it_was_idle_is_replaced_at_checkout() {
        if !postgres_available() {
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let database = ScratchDatabase::on(Backend::Postgres, dir.path());
        let pool = crate::db::connect_sized(&database.url, 1).unwrap();
        let gone = backend_pid(&mut pool.get().unwrap());
        std::thread::sleep(TRUSTED_FOR + Duration::from_millis(100));
        let mut other = crate::db::connect_sized(&database.url, 1).unwrap().get().unwrap();
        diesel::sql_query(format!("SELECT pg_terminate_backend({gone})::int AS n"))
            .get_result::<Number>(&mut *other)
            .unwrap();
        let mut conn = pool.get().unwrap();
        let now = backend_pid(&mut conn);
        assert_ne!(now, gone, "the pool handed out a fresh connection, not the one whose server went away");
    }
}

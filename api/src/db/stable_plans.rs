//! SQLite's query planner stability guarantee, on for every connection this process opens.
//!
//! Without it, SQLite marks a prepared statement expired whenever a value bound to a parameter that its plan
//! looked at changes, and parses and plans the statement again at its next step. SQLite looks at the bound
//! value of every `LIMIT ?`, and diesel binds the limit of every `.first()` and `.limit(n)`: the statements
//! diesel keeps prepared were re-prepared at nearly every execution (on the move path, the game's row, its
//! recent entries, the retried-signature probe, the signing key, the event's predecessor, the mail
//! preferences; on the pool, every session check). With the guarantee, a statement keeps the plan it was
//! prepared with whatever is bound. The schema has no `ANALYZE` statistics and no `LIKE ?` on the hot
//! paths, so the plans are the ones SQLite chose anyway.

use std::os::raw::{c_char, c_int};
use std::sync::Once;

use libsqlite3_sys as ffi;

/// Makes every SQLite connection opened from now on in this process keep its statements' plans (see the
/// module's comment). Idempotent; call it before opening connections.
pub fn enable() {
    static REGISTERED: Once = Once::new();
    REGISTERED.call_once(register);
}

#[allow(unsafe_code)]
fn register() {
    // SAFETY: `on_open` has the signature SQLite calls an automatic extension with, and it lives for the
    // whole process; registering it only appends it to SQLite's global list, under SQLite's own mutex.
    let status = unsafe { ffi::sqlite3_auto_extension(Some(on_open)) };
    if status != ffi::SQLITE_OK {
        tracing::warn!(status, "SQLite: cannot ask for stable query plans; statements are re-planned as bound");
    }
}

/// Called by SQLite on every connection it opens, before the connection is handed back.
#[allow(unsafe_code)]
unsafe extern "C" fn on_open(
    db: *mut ffi::sqlite3,
    _error: *mut *mut c_char,
    _api: *const ffi::sqlite3_api_routines,
) -> c_int {
    // SAFETY: `db` is the connection being opened, valid for the duration of this call; the option takes an
    // int (1: on) and an int pointer for the new setting, which may be null.
    unsafe { ffi::sqlite3_db_config(db, ffi::SQLITE_DBCONFIG_ENABLE_QPSG, 1 as c_int, std::ptr::null_mut::<c_int>()) };
    // A connection without the guarantee still works: never refuse the connection over it.
    ffi::SQLITE_OK
}

#[cfg(test)]
mod tests {
    use diesel::prelude::*;
    use diesel::sql_types::BigInt;

    /// The guarantee is on for a connection opened after [`super::enable`]: a statement kept prepared with a
    /// bound `LIMIT` answers right for every value bound (a plan kept by mistake for another value would
    /// return as many rows as the first).
    #[test]
    fn a_kept_statement_with_a_bound_limit_answers_for_each_value() {
        super::enable();
        let mut conn = SqliteConnection::establish(":memory:").unwrap();
        diesel::sql_query("CREATE TABLE t (n INTEGER PRIMARY KEY)").execute(&mut conn).unwrap();
        diesel::sql_query("INSERT INTO t VALUES (1), (2), (3), (4)").execute(&mut conn).unwrap();
        #[derive(QueryableByName)]
        struct Row {
            #[diesel(sql_type = BigInt)]
            #[allow(dead_code)]
            n: i64,
        }
        for limit in [1i64, 3, 2, 4, 1] {
            let rows: Vec<Row> = diesel::sql_query("SELECT n FROM t ORDER BY n LIMIT ?")
                .bind::<BigInt, _>(limit)
                .load(&mut conn)
                .unwrap();
            assert_eq!(rows.len() as i64, limit);
        }
    }
}

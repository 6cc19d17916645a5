//! Holding outgoing mail and webhook deliveries. A restored backup's outbox holds the emails that were queued
//! when the backup was taken, often long sent by then: started as it is, it would send them all again. The
//! hold is a row in `server_settings`, so that it survives restarts and every instance on one PostgreSQL sees
//! it: `restore` and `serve --hold-mail` set it, `tegami-server mail release` clears it, and the workers look
//! at it before each round of sending. While held, everything is still queued (moves, turn emails, webhook
//! deliveries); nothing leaves.

use diesel::prelude::*;

use crate::db::Conn;
use crate::db::schema::server_settings;

const NAME: &str = "outgoing_hold";

/// Why outgoing mail is held, if it is.
pub fn held(conn: &mut Conn) -> QueryResult<Option<String>> {
    server_settings::table.find(NAME).select(server_settings::value).first(conn).optional()
}

/// Holds outgoing mail and webhook deliveries, saying why (kept if already held).
pub fn hold(conn: &mut Conn, reason: &str) -> QueryResult<()> {
    let insert = diesel::insert_into(server_settings::table)
        .values((server_settings::name.eq(NAME), server_settings::value.eq(reason)))
        .on_conflict_do_nothing();
    crate::on_backend!(conn, |c| insert.execute(c)).map(|_| ())
}

/// Lets outgoing mail and webhook deliveries go; returns whether they were held.
pub fn release(conn: &mut Conn) -> QueryResult<bool> {
    diesel::delete(server_settings::table.find(NAME)).execute(conn).map(|n| n > 0)
}

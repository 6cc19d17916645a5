//! What every request handler shares. It sits below the routes, auth and startup so that they all depend on
//! it and it depends on none of them.

use crate::checked_sessions::CheckedSessions;
use crate::db::DbPool;
use crate::db::writer::Writer;
use crate::events::hub::Hub;
use crate::mail::MailContext;
use crate::settings::Settings;

pub struct AppState {
    pub pool: DbPool,
    /// Whether a read of a few rows may run on the HTTP worker that needs it, with a connection idle in `pool`
    /// (SQLite: pages in memory, no round trip), rather than in the blocking pool.
    pub reads_in_place: bool,
    /// Where moves are written: in batches sharing one commit.
    pub writer: Writer,
    pub jwt_secret: Vec<u8>,
    /// Session tokens already checked with `jwt_secret`.
    pub checked_sessions: CheckedSessions,
    pub settings: Settings,
    pub mail: MailContext,
    /// Tells this instance's event streams of new events.
    pub hub: Hub,
}

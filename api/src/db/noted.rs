//! What the server keeps beside each of its connections, in the one instrumentation diesel lets a connection
//! carry: when it last answered ([`super::liveness`]), on SQLite its file's turn to write
//! ([`super::write_turn`]), and its pool's token (see [`super::PoolGone`]).

use std::sync::Arc;
use std::time::Instant;

use diesel::connection::{Connection, Instrumentation, InstrumentationEvent};

use super::Conn;
use super::write_turn::Turn;

struct Noted {
    /// When the connection last finished a statement without an error.
    last_answer: Option<Instant>,
    turn: Option<Turn>,
    /// Dropped with the connection, after it is closed (diesel drops a connection's instrumentation last).
    _pool: Arc<()>,
}

impl Instrumentation for Noted {
    fn on_connection_event(&mut self, event: InstrumentationEvent<'_>) {
        if let InstrumentationEvent::FinishQuery { error, .. } = event {
            // An error may be a lost connection: the next checkout pings it.
            self.last_answer = if error.is_none() { Some(Instant::now()) } else { None };
        }
    }
}

/// Starts noting `conn`'s answers, and gives it `turn` and its pool's token (replaces any other
/// instrumentation it had).
pub fn start(conn: &mut Conn, turn: Option<Turn>, pool: Arc<()>) {
    conn.set_instrumentation(Noted { last_answer: None, turn, _pool: pool });
}

fn noted(conn: &mut Conn) -> Option<&Noted> {
    conn.instrumentation().downcast_ref::<Noted>()
}

/// When `conn` last finished a statement without an error, if it is noted and has.
pub fn last_answer(conn: &mut Conn) -> Option<Instant> {
    noted(conn).and_then(|noted| noted.last_answer)
}

/// `conn`'s file's turn to write, if it has one.
pub fn turn(conn: &mut Conn) -> Option<Turn> {
    noted(conn).and_then(|noted| noted.turn.clone())
}

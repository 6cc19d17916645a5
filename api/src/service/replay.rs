//! Replay: a game as one viewer may see it just after any entry of its journal. The state is rebuilt from the
//! journal up to that entry (every hash checked), and the view, pending decisions and events are taken from that
//! state alone, so nothing revealed later (a hand shown at the end, a published seed) leaks into an earlier point.

use shared::api_types::GameAt;
use shared::{Lang, Localized};

use crate::db::Conn;
use crate::db::schema::games as games_table;
use crate::error::{ApiError, ApiResult};
use crate::service::game_record::{self, Loaded};
use diesel::prelude::*;

/// Game `id` just after entry `at`; `at` past the last entry is refused, naming the range.
pub fn load_at(conn: &mut Conn, id: i64, at: u64) -> ApiResult<Loaded> {
    let last = last_seq(conn, id)?;
    if at > last {
        return Err(past_the_end(id, at, last));
    }
    let (loaded, _) = game_record::load_at(conn, id, at as i64)?;
    Ok(loaded)
}

fn past_the_end(id: i64, at: u64, last: u64) -> ApiError {
    let text: Localized = catalog::both!("replay-past-the-end", game = id, at = at, last = last);
    ApiError::bad_request("bad_at", "").localized(&text)
}

/// The game as `account` (a seat, else a spectator) saw it just after entry `at`, with what that entry told them.
pub fn game_at(conn: &mut Conn, id: i64, account: Option<i64>, at: u64) -> ApiResult<GameAt> {
    let loaded = load_at(conn, id, at)?;
    // Read after the replay: a move committed in between makes `last` later, never earlier than `at`.
    let last = last_seq(conn, id)?;
    Ok(GameAt { at, last, events: loaded.events_since(at as usize, account), game: loaded.detail(account) })
}

/// The board as text, as `account` saw it just after entry `at`.
pub fn board_at(
    conn: &mut Conn,
    id: i64,
    account: Option<i64>,
    at: u64,
    lang: Lang,
    width: usize,
    region: Option<String>,
) -> ApiResult<String> {
    load_at(conn, id, at)?.board(account, lang, width, region)
}

/// The seq of game `id`'s last entry.
pub fn last_seq(conn: &mut Conn, id: i64) -> ApiResult<u64> {
    let head: i64 = games_table::table
        .find(id)
        .select(games_table::head_seq)
        .first(conn)
        .optional()?
        .ok_or_else(|| game_record::game_not_found(id))?;
    Ok(u64::try_from(head).unwrap_or(0))
}

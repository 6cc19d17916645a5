//! Who reads which message of a game: the one rule every channel (listing, streams, webhooks, emails, the
//! web page) asks, so that a private message never reaches a third seat by any of them.

use diesel::prelude::*;
use shared::api_types::{TalkMessage, TalkSettings};

use crate::db::Conn;
use crate::db::schema::{talk_messages, talk_mutes, talk_settings};
use crate::error::ApiResult;
use crate::service::game_record::Loaded;

/// A stored message.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = talk_messages)]
pub struct MessageRow {
    pub id: i64,
    pub game_id: i64,
    pub at: String,
    pub seat: i32,
    pub to_seat: Option<i32>,
    pub body: String,
    pub channel: String,
}

/// Who is reading: a seat of the game, or anyone else (a spectator, signed in or not).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reader {
    pub account: Option<i64>,
    pub seat: Option<u8>,
    /// Seats this reader muted in this game.
    pub muted: Vec<u8>,
    pub spectators_read: bool,
}

impl Reader {
    /// `account` (None: anonymous) reading game `loaded`.
    pub fn of(conn: &mut Conn, loaded: &Loaded, account: Option<i64>) -> ApiResult<Reader> {
        let muted = match account {
            Some(account) => muted(conn, account, loaded.row.id)?,
            None => Vec::new(),
        };
        Ok(Reader {
            account,
            seat: loaded.seat_of(account),
            muted,
            spectators_read: settings(conn, loaded.row.id)?.spectators_read,
        })
    }

    /// Whether this reader may read a message from `seat` to `to` (None: the table): its author, its
    /// recipient, and for the table every seat and (where the creator allows it) every spectator; never a
    /// seat the reader muted (but the reader's own messages).
    pub fn reads(&self, seat: u8, to: Option<u8>) -> bool {
        if self.seat == Some(seat) {
            return true;
        }
        if self.muted.contains(&seat) {
            return false;
        }
        match to {
            Some(to) => self.seat == Some(to),
            None => self.seat.is_some() || self.spectators_read,
        }
    }
}

/// The seats `account` muted in `game`.
pub fn muted(conn: &mut Conn, account: i64, game: i64) -> ApiResult<Vec<u8>> {
    let seats: Vec<i32> = talk_mutes::table
        .filter(talk_mutes::account_id.eq(account))
        .filter(talk_mutes::game_id.eq(game))
        .order(talk_mutes::seat.asc())
        .select(talk_mutes::seat)
        .load(conn)?;
    Ok(seats.into_iter().map(|s| s as u8).collect())
}

/// A game's talk settings (the defaults when its creator chose none).
pub fn settings(conn: &mut Conn, game: i64) -> ApiResult<TalkSettings> {
    let row: Option<(bool, bool)> = talk_settings::table
        .find(game)
        .select((talk_settings::private_messages, talk_settings::spectators_read))
        .first(conn)
        .optional()?;
    Ok(row
        .map(|(private_messages, spectators_read)| TalkSettings { private_messages, spectators_read })
        .unwrap_or_default())
}

/// A stored message as the API shows it, under its author's name in the game.
pub fn to_message(loaded: &Loaded, row: &MessageRow) -> TalkMessage {
    TalkMessage {
        id: row.id,
        game: row.game_id,
        at: row.at.clone(),
        seat: row.seat as u8,
        author: loaded.names.get(row.seat as usize).cloned().unwrap_or_default(),
        to: row.to_seat.map(|s| s as u8),
        text: row.body.clone(),
    }
}

/// Message `id` of `loaded`'s game, if `account` may read it.
pub fn readable_message(
    conn: &mut Conn,
    loaded: &Loaded,
    id: i64,
    account: Option<i64>,
) -> ApiResult<Option<TalkMessage>> {
    let row: Option<MessageRow> = talk_messages::table
        .find(id)
        .filter(talk_messages::game_id.eq(loaded.row.id))
        .select(MessageRow::as_select())
        .first(conn)
        .optional()?;
    let Some(row) = row else { return Ok(None) };
    let reader = Reader::of(conn, loaded, account)?;
    Ok(reader.reads(row.seat as u8, row.to_seat.map(|s| s as u8)).then(|| to_message(loaded, &row)))
}

/// Up to `limit` messages of `loaded`'s game after message `after` that `reader` may read, oldest first.
pub fn readable_page(
    conn: &mut Conn,
    loaded: &Loaded,
    reader: &Reader,
    after: i64,
    limit: i64,
) -> ApiResult<Vec<TalkMessage>> {
    let mut query = talk_messages::table
        .filter(talk_messages::game_id.eq(loaded.row.id))
        .filter(talk_messages::id.gt(after))
        .into_boxed();
    let muted: Vec<i32> = reader.muted.iter().map(|s| i32::from(*s)).collect();
    query = match reader.seat.map(i32::from) {
        Some(me) => {
            let to_me = talk_messages::to_seat.is_null().or(talk_messages::to_seat.eq(me));
            if muted.is_empty() {
                query.filter(talk_messages::seat.eq(me).or(to_me))
            } else {
                query.filter(talk_messages::seat.eq(me).or(talk_messages::seat.ne_all(muted).and(to_me)))
            }
        }
        None if muted.is_empty() => query.filter(talk_messages::to_seat.is_null()),
        None => query.filter(talk_messages::to_seat.is_null()).filter(talk_messages::seat.ne_all(muted)),
    };
    let rows: Vec<MessageRow> =
        query.order(talk_messages::id.asc()).limit(limit).select(MessageRow::as_select()).load(conn)?;
    Ok(rows.iter().map(|r| to_message(loaded, r)).collect())
}

/// Every message of `loaded`'s game that `account` may read after message `after` (for emails and pages).
pub fn readable_since(
    conn: &mut Conn,
    loaded: &Loaded,
    account: Option<i64>,
    after: i64,
) -> ApiResult<Vec<TalkMessage>> {
    let reader = Reader::of(conn, loaded, account)?;
    if reader.seat.is_none() && !reader.spectators_read {
        return Ok(Vec::new());
    }
    readable_page(conn, loaded, &reader, after, i64::MAX)
}

//! Table talk: players writing to each other in a game (to the whole table, or privately to one seat where
//! the creator allows it), muting a seat for oneself, reporting a message to the operator, and each
//! player's private note on a game. Messages are kept beside the journal, outside its hash chain; each one
//! is also an event, read by exactly the readers [`access::Reader`] lets read it.

pub mod access;
pub mod email;
pub mod text;
pub mod transfer;

use actix_web::http::StatusCode;
use diesel::prelude::*;
use shared::Localized;
use shared::api_types::{
    GameTalkExport, MAX_MESSAGE_CHARS, MAX_NOTE_CHARS, MAX_REPORT_REASON_CHARS, MessageListing, MessageReport, Mutes,
    Note, TalkMessage, TalkSettings,
};

use crate::db::Conn;
use crate::db::schema::{seats, talk_messages, talk_mutes, talk_notes, talk_reports, talk_settings};
use crate::error::{ApiError, ApiResult};
use crate::mail::MailContext;
use crate::service::game_record::{self, Loaded};
use crate::throttle;
use crate::time::now_millis;
pub use access::readable_since;
use access::{MessageRow, Reader};

/// At most this many messages per player per game in [`WINDOW_SECS`] (counted in the database, so every
/// instance and `mail-in` share the count).
pub const MESSAGES_PER_WINDOW: i64 = 30;
pub const WINDOW_SECS: i64 = 600;
/// Messages per page of the listing, by default and at most.
pub const PAGE_DEFAULT: i64 = 100;
pub const PAGE_MAX: i64 = 500;

/// Where a message was written (stored with it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Channel {
    Api,
    Web,
    Email,
}

impl Channel {
    fn as_str(self) -> &'static str {
        match self {
            Channel::Api => "api",
            Channel::Web => "web",
            Channel::Email => "email",
        }
    }
}

/// An error whose detail exists in every language.
pub(crate) fn problem(status: StatusCode, code: &'static str, text: Localized) -> ApiError {
    ApiError::new(status, code, "").localized(&text)
}

fn not_a_player(game: i64) -> ApiError {
    problem(StatusCode::FORBIDDEN, "not_a_player", catalog::both!("talk-not-a-player", game = game))
}

/// What a player asks to write.
#[derive(Clone, Debug)]
pub struct Draft {
    pub text: String,
    pub to: Option<u8>,
    pub channel: Channel,
}

/// Writes a message of `account` in game `id`, after the rate limit, as one event, with the emails it sends
/// alone (`notify::after_message`); returns it, announced to the streams once committed.
pub fn post(
    conn: &mut Conn,
    mail: &MailContext,
    now: i64,
    account: i64,
    id: i64,
    draft: Draft,
) -> ApiResult<TalkMessage> {
    let body = text::message(&draft.text, MAX_MESSAGE_CHARS, text::Field::Message)?;
    // Checked before counting: a refused message is not held against the player.
    let loaded = game_record::load(conn, id)?;
    let seat = loaded.seat_of(Some(account)).ok_or_else(|| not_a_player(id))?;
    check_recipient(conn, &loaded, seat, draft.to)?;
    if !throttle::within(conn, &format!("talk:{account}:{id}"), MESSAGES_PER_WINDOW, WINDOW_SECS, now)? {
        return Err(problem(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_requests",
            catalog::both!("talk-too-many", limit = MESSAGES_PER_WINDOW, window = WINDOW_SECS),
        )
        .with_retry_after(WINDOW_SECS as u64));
    }
    let message = crate::db::write_transaction(conn, |conn| {
        crate::db::lock_game(conn, id)?;
        let loaded = game_record::load(conn, id)?;
        let message_id: i64 = diesel::insert_into(talk_messages::table)
            .values((
                talk_messages::game_id.eq(id),
                talk_messages::at.eq(now_millis()),
                talk_messages::seat.eq(i32::from(seat)),
                talk_messages::to_seat.eq(draft.to.map(i32::from)),
                talk_messages::body.eq(&body),
                talk_messages::channel.eq(draft.channel.as_str()),
            ))
            .returning(talk_messages::id)
            .get_result(conn)?;
        let row: MessageRow = talk_messages::table.find(message_id).select(MessageRow::as_select()).first(conn)?;
        let event = crate::events::record_message(conn, &loaded, message_id)?;
        crate::webhooks::queue(conn, &loaded, &event)?;
        crate::service::notify::after_message(conn, mail, &loaded, seat, draft.to)?;
        Ok::<_, ApiError>(access::to_message(&loaded, &row))
    })?;
    tracing::info!(game = id, seat, private = draft.to.is_some(), channel = draft.channel.as_str(), "message written");
    crate::events::published(id);
    Ok(message)
}

/// A private message needs the creator's leave and a recipient who is another player of the game.
fn check_recipient(conn: &mut Conn, loaded: &Loaded, seat: u8, to: Option<u8>) -> ApiResult<()> {
    let Some(to) = to else { return Ok(()) };
    if !access::settings(conn, loaded.row.id)?.private_messages {
        return Err(problem(
            StatusCode::UNPROCESSABLE_ENTITY,
            "private_messages_off",
            catalog::both!("talk-private-off"),
        ));
    }
    let players: Vec<String> = loaded
        .seats
        .iter()
        .filter(|s| s.kind == "player" && s.seat != i32::from(seat))
        .map(|s| s.seat.to_string())
        .collect();
    if !players.contains(&to.to_string()) {
        let allowed = players.join(", ");
        return Err(problem(
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_recipient",
            catalog::both!("talk-bad-recipient", seat = to, allowed = allowed.as_str()),
        )
        .with_allowed(players));
    }
    Ok(())
}

/// A page of the messages of game `id` that `account` (None: anonymous) may read, after message `after`.
pub fn list(
    conn: &mut Conn,
    id: i64,
    account: Option<i64>,
    after: Option<i64>,
    limit: Option<i64>,
) -> ApiResult<MessageListing> {
    let limit = limit.unwrap_or(PAGE_DEFAULT);
    if !(1..=PAGE_MAX).contains(&limit) {
        return Err(problem(
            StatusCode::BAD_REQUEST,
            "bad_limit",
            catalog::both!("talk-bad-limit", limit = limit, max = PAGE_MAX),
        ));
    }
    let loaded = game_record::load(conn, id)?;
    let reader = Reader::of(conn, &loaded, account)?;
    if reader.seat.is_none() && !reader.spectators_read {
        return Err(problem(StatusCode::FORBIDDEN, "talk_closed", catalog::both!("talk-closed-to-spectators")));
    }
    let messages = access::readable_page(conn, &loaded, &reader, after.unwrap_or(0), limit)?;
    let next = (messages.len() as i64 == limit).then(|| messages.last().map(|m| m.id)).flatten();
    Ok(MessageListing { game: id, messages, next })
}

pub fn settings(conn: &mut Conn, id: i64) -> ApiResult<TalkSettings> {
    game_record::load(conn, id)?;
    access::settings(conn, id)
}

/// The creator's choice of who talks how in game `id`.
pub fn set_settings(conn: &mut Conn, account: i64, id: i64, wanted: TalkSettings) -> ApiResult<TalkSettings> {
    let creator: Option<i64> =
        crate::db::schema::games::table.find(id).select(crate::db::schema::games::created_by).first(conn).optional()?;
    match creator {
        None => return Err(game_record::load(conn, id).err().unwrap_or_else(|| ApiError::internal("game vanished"))),
        Some(creator) if creator != account => {
            return Err(problem(StatusCode::FORBIDDEN, "not_the_creator", catalog::both!("talk-not-the-creator")));
        }
        Some(_) => {}
    }
    crate::db::write_transaction(conn, |conn| {
        diesel::delete(talk_settings::table.find(id)).execute(conn)?;
        diesel::insert_into(talk_settings::table)
            .values((
                talk_settings::game_id.eq(id),
                talk_settings::private_messages.eq(wanted.private_messages),
                talk_settings::spectators_read.eq(wanted.spectators_read),
            ))
            .execute(conn)?;
        Ok::<_, ApiError>(())
    })?;
    Ok(wanted)
}

/// A seat of game `loaded` other than `account`'s own, for muting.
fn other_seat(loaded: &Loaded, account: i64, seat: u8) -> ApiResult<()> {
    let others: Vec<String> = loaded
        .seats
        .iter()
        .filter(|s| Some(s.seat as u8) != loaded.seat_of(Some(account)))
        .map(|s| s.seat.to_string())
        .collect();
    if others.contains(&seat.to_string()) {
        Ok(())
    } else {
        let allowed = others.join(", ");
        Err(problem(
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_seat",
            catalog::both!("talk-bad-mute-seat", seat = seat, allowed = allowed.as_str()),
        )
        .with_allowed(others))
    }
}

/// `account` stops reading seat `seat` in game `id` (a seat muted already stays muted).
pub fn mute(conn: &mut Conn, account: i64, id: i64, seat: u8) -> ApiResult<Mutes> {
    let loaded = game_record::load(conn, id)?;
    other_seat(&loaded, account, seat)?;
    crate::db::write_transaction(conn, |conn| {
        if !access::muted(conn, account, id)?.contains(&seat) {
            diesel::insert_into(talk_mutes::table)
                .values((
                    talk_mutes::account_id.eq(account),
                    talk_mutes::game_id.eq(id),
                    talk_mutes::seat.eq(i32::from(seat)),
                    talk_mutes::created_at.eq(now_millis()),
                ))
                .execute(conn)?;
        }
        Ok::<_, ApiError>(())
    })?;
    mutes(conn, account, id)
}

pub fn unmute(conn: &mut Conn, account: i64, id: i64, seat: u8) -> ApiResult<Mutes> {
    game_record::load(conn, id)?;
    diesel::delete(
        talk_mutes::table
            .filter(talk_mutes::account_id.eq(account))
            .filter(talk_mutes::game_id.eq(id))
            .filter(talk_mutes::seat.eq(i32::from(seat))),
    )
    .execute(conn)?;
    mutes(conn, account, id)
}

pub fn mutes(conn: &mut Conn, account: i64, id: i64) -> ApiResult<Mutes> {
    game_record::load(conn, id)?;
    Ok(Mutes { game: id, seats: access::muted(conn, account, id)? })
}

fn unknown_message(game: i64, message: i64) -> ApiError {
    problem(
        StatusCode::NOT_FOUND,
        "unknown_message",
        catalog::both!("talk-unknown-message", game = game, message = message),
    )
}

/// `account` reports message `message` of game `id` to the operator; a second report of the same message by
/// the same account returns the first. The flag tells whether this one is new.
pub fn report(conn: &mut Conn, account: i64, id: i64, message: i64, reason: &str) -> ApiResult<(MessageReport, bool)> {
    let reason = if reason.trim().is_empty() {
        String::new()
    } else {
        text::message(reason, MAX_REPORT_REASON_CHARS, text::Field::Reason)?
    };
    let loaded = game_record::load(conn, id)?;
    let shown =
        access::readable_message(conn, &loaded, message, Some(account))?.ok_or_else(|| unknown_message(id, message))?;
    let existing: Option<(i64, String, String)> = talk_reports::table
        .filter(talk_reports::message_id.eq(message))
        .filter(talk_reports::account_id.eq(account))
        .select((talk_reports::id, talk_reports::reason, talk_reports::created_at))
        .first(conn)
        .optional()?;
    if let Some((report_id, reason, at)) = existing {
        return Ok((MessageReport { id: report_id, message: shown, reporter: account, reason, at }, false));
    }
    let at = now_millis();
    let report_id: i64 = diesel::insert_into(talk_reports::table)
        .values((
            talk_reports::message_id.eq(message),
            talk_reports::account_id.eq(account),
            talk_reports::reason.eq(&reason),
            talk_reports::created_at.eq(&at),
        ))
        .returning(talk_reports::id)
        .get_result(conn)?;
    tracing::warn!(game = id, message, report = report_id, "message reported to the operator");
    Ok((MessageReport { id: report_id, message: shown, reporter: account, reason, at }, true))
}

/// Every report, oldest first, for the operator.
pub fn reports(conn: &mut Conn) -> ApiResult<Vec<MessageReport>> {
    let rows: Vec<(i64, i64, String, String, MessageRow)> = talk_reports::table
        .inner_join(talk_messages::table.on(talk_messages::id.eq(talk_reports::message_id)))
        .order(talk_reports::id.asc())
        .select((
            talk_reports::id,
            talk_reports::account_id,
            talk_reports::reason,
            talk_reports::created_at,
            MessageRow::as_select(),
        ))
        .load(conn)?;
    let mut out = Vec::with_capacity(rows.len());
    let mut loaded: Option<Loaded> = None;
    for (id, reporter, reason, at, message) in rows {
        if loaded.as_ref().is_none_or(|l| l.row.id != message.game_id) {
            loaded = Some(game_record::load(conn, message.game_id)?);
        }
        let message = access::to_message(loaded.as_ref().expect("loaded above"), &message);
        out.push(MessageReport { id, message, reporter, reason, at });
    }
    Ok(out)
}

/// `account`'s note on game `id`: only players keep one.
pub fn note(conn: &mut Conn, account: i64, id: i64) -> ApiResult<Note> {
    let loaded = game_record::load(conn, id)?;
    loaded.seat_of(Some(account)).ok_or_else(|| not_a_player(id))?;
    stored_note(conn, account, id).map(Option::unwrap_or_default)
}

fn stored_note(conn: &mut Conn, account: i64, id: i64) -> ApiResult<Option<Note>> {
    let found: Option<(String, String)> = talk_notes::table
        .find((account, id))
        .select((talk_notes::body, talk_notes::updated_at))
        .first(conn)
        .optional()?;
    Ok(found.map(|(text, at)| Note { text, updated_at: Some(at) }))
}

/// Replaces `account`'s note on game `id` (an empty text removes it).
pub fn set_note(conn: &mut Conn, account: i64, id: i64, raw: &str) -> ApiResult<Note> {
    let loaded = game_record::load(conn, id)?;
    loaded.seat_of(Some(account)).ok_or_else(|| not_a_player(id))?;
    let body =
        if raw.trim().is_empty() { String::new() } else { text::message(raw, MAX_NOTE_CHARS, text::Field::Note)? };
    crate::db::write_transaction(conn, |conn| {
        diesel::delete(talk_notes::table.find((account, id))).execute(conn)?;
        if !body.is_empty() {
            diesel::insert_into(talk_notes::table)
                .values((
                    talk_notes::account_id.eq(account),
                    talk_notes::game_id.eq(id),
                    talk_notes::body.eq(&body),
                    talk_notes::updated_at.eq(now_millis()),
                ))
                .execute(conn)?;
        }
        Ok::<_, ApiError>(())
    })?;
    stored_note(conn, account, id).map(Option::unwrap_or_default)
}

/// For an account export: per game `account` plays in, the messages it may read and its note.
pub fn export(conn: &mut Conn, account: i64) -> ApiResult<Vec<GameTalkExport>> {
    let mut ids: Vec<i64> = seats::table.filter(seats::account_id.eq(account)).select(seats::game_id).load(conn)?;
    ids.sort_unstable();
    ids.dedup();
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        let loaded = game_record::load(conn, id)?;
        let messages = readable_since(conn, &loaded, Some(account), 0)?;
        let note = stored_note(conn, account, id)?;
        if !messages.is_empty() || note.is_some() {
            out.push(GameTalkExport { game: id, messages, note });
        }
    }
    Ok(out)
}

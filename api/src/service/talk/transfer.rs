//! A game's table talk in a game export (`tegami-server export` / `import`): its settings, every message
//! and every player's note, with notes kept by their owners' addresses.

use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use shared::api_types::TalkSettings;

use super::access::{self, MessageRow};
use crate::db::Conn;
use crate::db::schema::{accounts, talk_messages, talk_notes, talk_settings};
use crate::error::ApiResult;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TalkExport {
    pub settings: Option<TalkSettings>,
    pub messages: Vec<ExportedMessage>,
    pub notes: Vec<ExportedNote>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportedMessage {
    pub at: String,
    pub seat: i32,
    pub to_seat: Option<i32>,
    pub body: String,
    pub channel: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportedNote {
    pub owner_email: String,
    pub body: String,
    pub updated_at: String,
}

pub fn export(conn: &mut Conn, game: i64) -> ApiResult<TalkExport> {
    let chosen: i64 = talk_settings::table.find(game).count().get_result(conn)?;
    let settings = if chosen > 0 { Some(access::settings(conn, game)?) } else { None };
    let rows: Vec<MessageRow> = talk_messages::table
        .filter(talk_messages::game_id.eq(game))
        .order(talk_messages::id.asc())
        .select(MessageRow::as_select())
        .load(conn)?;
    let messages = rows
        .into_iter()
        .map(|r| ExportedMessage { at: r.at, seat: r.seat, to_seat: r.to_seat, body: r.body, channel: r.channel })
        .collect();
    let notes: Vec<(String, String, String)> = talk_notes::table
        .inner_join(accounts::table.on(accounts::id.eq(talk_notes::account_id)))
        .filter(talk_notes::game_id.eq(game))
        .order(talk_notes::account_id.asc())
        .select((accounts::email, talk_notes::body, talk_notes::updated_at))
        .load(conn)?;
    let notes = notes
        .into_iter()
        .map(|(owner_email, body, updated_at)| ExportedNote { owner_email, body, updated_at })
        .collect();
    Ok(TalkExport { settings, messages, notes })
}

/// Writes `talk` for game `game`, inside the import's transaction. Notes of owners without an account here
/// are left out (nobody could read them).
pub fn import(conn: &mut Conn, game: i64, talk: &TalkExport) -> ApiResult<()> {
    if let Some(s) = talk.settings {
        diesel::insert_into(talk_settings::table)
            .values((
                talk_settings::game_id.eq(game),
                talk_settings::private_messages.eq(s.private_messages),
                talk_settings::spectators_read.eq(s.spectators_read),
            ))
            .execute(conn)?;
    }
    for m in &talk.messages {
        diesel::insert_into(talk_messages::table)
            .values((
                talk_messages::game_id.eq(game),
                talk_messages::at.eq(&m.at),
                talk_messages::seat.eq(m.seat),
                talk_messages::to_seat.eq(m.to_seat),
                talk_messages::body.eq(&m.body),
                talk_messages::channel.eq(&m.channel),
            ))
            .execute(conn)?;
    }
    for n in &talk.notes {
        let owner: Option<i64> =
            accounts::table.filter(accounts::email.eq(&n.owner_email)).select(accounts::id).first(conn).optional()?;
        if let Some(owner) = owner {
            diesel::insert_into(talk_notes::table)
                .values((
                    talk_notes::account_id.eq(owner),
                    talk_notes::game_id.eq(game),
                    talk_notes::body.eq(&n.body),
                    talk_notes::updated_at.eq(&n.updated_at),
                ))
                .execute(conn)?;
        }
    }
    Ok(())
}

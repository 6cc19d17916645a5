//! Table talk in emails: every turn email (digest parts too) carries the messages its recipient may read
//! that were written since their last email about the game, and a message may send an email of its own
//! (the `talk_email` preference). Only what players wrote, under their names: nothing of any seat's view.

use diesel::prelude::*;
use shared::Lang;
use shared::api_types::TalkMessage;

use crate::db::Conn;
use crate::db::schema::{seats, talk_mailed};
use crate::error::ApiResult;
use crate::mail::MailContext;
use crate::mail::compose::{Draft, Section};
use crate::mail::outbox::{self, Notice};
use crate::mail::prefs::{self, Notify};
use crate::service::game_record::Loaded;
use crate::service::talk::access;

use super::common::{Composed, Recipient, game_draft, game_title, intro, unsubscribe_url};

/// The messages an email to `account` about `loaded`'s game carries: those of the others it may read after
/// the last one an earlier email carried (its own words it knows).
pub(super) fn unmailed(conn: &mut Conn, loaded: &Loaded, account: i64) -> ApiResult<Vec<TalkMessage>> {
    let after: Option<i64> = talk_mailed::table
        .find((account, loaded.row.id))
        .select(talk_mailed::last_message_id)
        .first(conn)
        .optional()?;
    let me = loaded.seat_of(Some(account));
    let mut messages = access::readable_since(conn, loaded, Some(account), after.unwrap_or(0))?;
    messages.retain(|m| Some(m.seat) != me);
    Ok(messages)
}

/// Records that an email to `account` about game `game` carried the messages up to `through`.
pub fn mailed_through(conn: &mut Conn, account: i64, game: i64, through: i64) -> ApiResult<()> {
    crate::db::write_transaction(conn, |conn| {
        let before: Option<i64> =
            talk_mailed::table.find((account, game)).select(talk_mailed::last_message_id).first(conn).optional()?;
        match before {
            Some(before) if before >= through => {}
            Some(_) => {
                diesel::update(talk_mailed::table.find((account, game)))
                    .set(talk_mailed::last_message_id.eq(through))
                    .execute(conn)?;
            }
            None => {
                diesel::insert_into(talk_mailed::table)
                    .values((
                        talk_mailed::account_id.eq(account),
                        talk_mailed::game_id.eq(game),
                        talk_mailed::last_message_id.eq(through),
                    ))
                    .execute(conn)?;
            }
        }
        Ok(())
    })
}

/// The section listing `messages` (the others', as [`unmailed`] reads them), if there are any.
pub(super) fn section(messages: &[TalkMessage], lang: Lang) -> Option<Section> {
    if messages.is_empty() {
        return None;
    }
    let lines: Vec<String> = messages
        .iter()
        .map(|m| {
            let (author, seat, at) = (m.author.as_str(), m.seat, m.at.as_str());
            let head = match m.to {
                Some(_) => catalog::t!(lang, "talk-mail-line-to-you", author = author, seat = seat, at = at),
                None => catalog::t!(lang, "talk-mail-line", author = author, seat = seat, at = at),
            };
            format!("{head}\n{}", m.text)
        })
        .collect();
    Some(Section::text(catalog::t!(lang, "talk-mail-heading"), lines.join("\n\n")))
}

/// After message `message` (from `seat`, to `to`) was written in `loaded`'s game: queues an email of its own
/// for each other player who may read it and asked for one for such a message (a player who asked for daily
/// digests or no game emails gets it with their next turn email or digest). It waits as a turn email does,
/// so that messages written together go out together; one that finds nothing new to carry stays unsent.
pub fn after_message(conn: &mut Conn, mail: &MailContext, loaded: &Loaded, seat: u8, to: Option<u8>) -> ApiResult<()> {
    let readers: Vec<(i32, Option<i64>)> = seats::table
        .filter(seats::game_id.eq(loaded.row.id))
        .filter(seats::kind.eq("player"))
        .select((seats::seat, seats::account_id))
        .load(conn)?;
    for (reader_seat, account) in readers {
        let (reader_seat, Some(account)) = (reader_seat as u8, account) else { continue };
        if reader_seat == seat || to.is_some_and(|to| to != reader_seat) {
            continue;
        }
        if access::muted(conn, account, loaded.row.id)?.contains(&seat) {
            continue;
        }
        let prefs = prefs::of(conn, account)?;
        if prefs.notify != Notify::EveryTurn || !prefs.talk_email.mails(to, reader_seat) {
            continue;
        }
        let notice = Notice {
            kind: outbox::TALK,
            game_id: loaded.row.id,
            account_id: account,
            seq: loaded.row.head_seq,
            seat: reader_seat,
            decision: None,
        };
        let message_id = outbox::fresh_message_id(Some(loaded.row.id), mail.domain());
        outbox::enqueue_notice_after(conn, &notice, &message_id, mail.settings.turn_wait_secs)?;
    }
    Ok(())
}

/// The email carrying messages alone: the messages since the reader's last email, and where to answer.
pub(super) fn talk_email(
    mail: &MailContext,
    loaded: &Loaded,
    account: i64,
    recipient: &Recipient,
    messages: &[TalkMessage],
) -> Option<Composed> {
    let Recipient { who, lang, unsubscribe, .. } = recipient;
    let lang = *lang;
    let title = game_title(loaded, lang);
    let mut sections = vec![section(messages, lang)?];
    let page = format!("{}/games/{}", mail.public_url, loaded.row.id);
    sections.push(Section::text(
        catalog::t!(lang, "talk-mail-how-to-answer"),
        catalog::t!(lang, "talk-mail-answer", page = page),
    ));
    let intro = intro(lang, catalog::t!(lang, "talk-mail-headline", game = &title, count = messages.len()), &who.name);
    let draft = Draft {
        unsubscribe: Some(unsubscribe_url(mail, unsubscribe)),
        ..game_draft(mail, loaded, account, recipient, outbox::TALK, intro, sections)
    };
    let label = catalog::t!(lang, "talk-mail-label", game = &title, count = messages.len());
    Some(Composed { draft, token_hash: None, label })
}

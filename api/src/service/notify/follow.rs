//! Emails to a player who follows a game between their turns (`service::follow`): a move that asks nothing
//! of them, with the board as they see it and what happened since their last move.

use crate::db::Conn;
use crate::error::ApiResult;
use crate::mail::MailContext;
use crate::mail::compose::{Draft, Section};
use crate::mail::outbox::{self, Notice};
use crate::mail::prefs::{self, Notify};
use crate::service::follow::{self, Following};
use crate::service::game_record::Loaded;

use super::common::{Composed, Recipient, game_draft, game_title, intro, unsubscribe_url};
use super::text::{board_for, events_for};

/// After a move of `loaded`'s game: queues, for each player following it, an email (or a digest part)
/// telling of it, unless the move is their own or asks them a decision now (their turn email tells them).
pub(super) fn after_move(conn: &mut Conn, mail: &MailContext, loaded: &Loaded) -> ApiResult<()> {
    if !loaded.followed {
        return Ok(());
    }
    let actor = loaded.game.entries().last().and_then(|e| e.body.seat());
    let asked: Vec<u8> =
        loaded.game.pending().iter().filter(|p| !loaded.asked_before.contains(&p.id)).map(|p| p.seat).collect();
    for (account, how) in follow::followers(conn, loaded.row.id)? {
        let Some(seat) = loaded.seat_of(Some(account)) else { continue };
        if actor == Some(seat) || asked.contains(&seat) {
            continue;
        }
        let kind = match how {
            Following::Off => continue,
            Following::Email => outbox::MOVE_MADE,
            Following::Digest => outbox::DIGEST_PART,
        };
        if prefs::of(conn, account)?.notify == Notify::None {
            continue;
        }
        let notice = Notice {
            kind,
            game_id: loaded.row.id,
            account_id: account,
            seq: loaded.row.head_seq,
            seat,
            decision: None,
        };
        outbox::enqueue_notice(conn, &notice, &outbox::fresh_message_id(Some(loaded.row.id), mail.domain()))?;
    }
    Ok(())
}

/// The email telling a follower of a move.
pub(super) fn move_made(
    mail: &MailContext,
    loaded: &Loaded,
    seat: u8,
    account: i64,
    recipient: &Recipient,
) -> ApiResult<Composed> {
    let Recipient { who, lang, unsubscribe, .. } = recipient;
    let lang = *lang;
    let title = game_title(loaded, lang);
    let events = events_for(loaded, seat, lang);
    let sections = vec![
        Section::board(lang, catalog::t!(lang, "mail-your-view"), board_for(loaded, seat, lang)?),
        Section::text(
            catalog::t!(lang, "mail-since-your-last-move"),
            if events.is_empty() { catalog::t!(lang, "mail-nothing-yet") } else { events.join("\n") },
        ),
        Section::text(
            catalog::t!(lang, "follow-mail-stop-heading"),
            catalog::t!(lang, "follow-mail-stop", page = format!("{}/games/{}", mail.public_url, loaded.row.id)),
        ),
    ];
    let intro = intro(lang, catalog::t!(lang, "follow-mail-headline", game = &title), &who.name);
    let draft = Draft {
        unsubscribe: Some(unsubscribe_url(mail, unsubscribe)),
        ..game_draft(mail, loaded, account, recipient, outbox::MOVE_MADE, intro, sections)
    };
    let label = catalog::t!(lang, "follow-mail-label", game = &title, number = loaded.row.head_seq);
    Ok(Composed { draft, token_hash: None, label })
}

//! What every email about a game shares: its recipient, its title and subject, the queueing of notices
//! (as the recipient's preferences allow) and the drafts composed from them.

use diesel::prelude::*;
use shared::Lang;

use crate::db::Conn;
use crate::db::schema::accounts;
use crate::error::{ApiError, ApiResult};
use crate::mail::MailContext;
use crate::mail::compose::{self, Draft, thread_root};
use crate::mail::outbox::{self, Notice};
use crate::mail::prefs::{self, Notify, TurnEmail};
use crate::service::game_record::Loaded;

pub(super) struct Person {
    pub(super) email: String,
    pub(super) name: String,
}

pub(super) fn person(conn: &mut Conn, account: i64) -> ApiResult<Person> {
    let (email, name) = accounts::table.find(account).select((accounts::email, accounts::display_name)).first(conn)?;
    Ok(Person { email, name })
}

/// Someone who gets game emails: their address and name, their language, their unsubscribe token, and
/// their choices of which emails they get.
pub(super) struct Recipient {
    pub(super) who: Person,
    pub(super) lang: Lang,
    pub(super) unsubscribe: String,
    pub(super) notify: Notify,
    pub(super) turn_email: TurnEmail,
}

/// The recipient of game emails for `account`, or `None` when they chose to get none.
pub(super) fn subscribed(conn: &mut Conn, account: i64) -> ApiResult<Option<Recipient>> {
    Ok(Some(recipient_of(conn, account)?).filter(|r| r.notify != Notify::None))
}

/// The recipient of an email that answers `account`'s own email, whatever their preferences.
pub(super) fn recipient_of(conn: &mut Conn, account: i64) -> ApiResult<Recipient> {
    let prefs = prefs::of(conn, account)?;
    Ok(Recipient {
        who: person(conn, account)?,
        lang: prefs.lang,
        unsubscribe: prefs.unsubscribe_token,
        notify: prefs.notify,
        turn_email: prefs.turn_email,
    })
}

pub(super) fn lang_of(conn: &mut Conn, account: i64) -> ApiResult<Lang> {
    Ok(prefs::lang_of(conn, account)?)
}

/// A text written once per language, every language in turn (for readers whose language is not known yet),
/// joined by `separator`.
pub fn in_every_language(separator: &str, text: impl Fn(Lang) -> String) -> String {
    catalog::LANGUAGES.iter().map(|&lang| text(lang)).collect::<Vec<_>>().join(separator)
}

/// An email's first lines: what it is about, then the greeting.
pub(super) fn intro(lang: Lang, headline: String, name: &str) -> String {
    format!("{headline}\n\n{}", catalog::t!(lang, "mail-greeting", name = name))
}

/// The game's board on the web, in the recipient's language (the first language is the page's default).
pub(super) fn board_url(mail: &MailContext, game_id: i64, lang: Lang) -> String {
    let url = format!("{}/api/v1/games/{game_id}/board", mail.public_url);
    if lang == catalog::LANGUAGES[0] { url } else { format!("{url}?lang={}", catalog::code(lang)) }
}

/// "UOSAO (Right King, Left King) #12": the game's name in `lang` and its number.
pub(super) fn game_title(loaded: &Loaded, lang: Lang) -> String {
    format!("{} #{}", loaded.game.game().info().name.get(lang), loaded.row.id)
}

/// The subject of every email about a game to one player: the same for the whole game, so that every mail
/// client keeps one thread; what the email is about is its first line.
pub(super) fn game_subject(loaded: &Loaded, lang: Lang) -> String {
    format!("[tegami] {}", game_title(loaded, lang))
}

/// An email of `kind` about `loaded` to `recipient` (account `account`), in the player's thread of the game,
/// with the game's subject: asking nothing, carrying no token and no picture (callers add what theirs has).
pub(super) fn game_draft(
    mail: &MailContext,
    loaded: &Loaded,
    account: i64,
    recipient: &Recipient,
    kind: &'static str,
    intro: String,
    sections: Vec<compose::Section>,
) -> Draft {
    Draft {
        kind,
        game_id: Some(loaded.row.id),
        account_id: Some(account),
        message_id: None,
        thread: Some(thread_root(mail, loaded.row.id, account)),
        to: recipient.who.email.clone(),
        to_name: Some(recipient.who.name.clone()),
        subject: game_subject(loaded, recipient.lang),
        intro,
        sections,
        reply_to: None,
        unsubscribe: None,
        picture: None,
    }
}

pub(super) fn unsubscribe_url(mail: &MailContext, token: &str) -> String {
    format!("{}/api/v1/unsubscribe/{token}", mail.public_url)
}

/// The first decision asked of `account`'s seat, if the game is active and asks one.
pub(super) fn pending_for(loaded: &Loaded, account: i64) -> Option<shared::Pending> {
    let seat = loaded.seat_of(Some(account))?;
    if loaded.row.status != "active" {
        return None;
    }
    loaded.game.pending().into_iter().find(|p| p.seat == seat)
}

pub(super) fn player_seats(loaded: &Loaded) -> Vec<(u8, i64)> {
    loaded.seats.iter().filter(|s| s.kind == "player").filter_map(|s| s.account_id.map(|a| (s.seat as u8, a))).collect()
}

/// The decision a turn email or reminder asks of `account`'s `seat`, and whether it was settled between
/// the change that queued the email and its rendering.
#[derive(Clone, Copy)]
pub(super) struct Asked<'a> {
    pub(super) account: i64,
    pub(super) seat: u8,
    pub(super) decision: &'a str,
    pub(super) settled: bool,
}

/// A notice composed: the draft, the hash of the reply token minted for it, and its one-line label.
pub(super) struct Composed {
    pub(super) draft: Draft,
    pub(super) token_hash: Option<String>,
    pub(super) label: String,
}

pub(super) fn store(conn: &mut Conn, mail: &MailContext, draft: Draft) -> ApiResult<()> {
    match compose::finish(mail, draft) {
        Ok(out) => outbox::enqueue(conn, &out).map_err(ApiError::from),
        // An address the mail library cannot take must not block a move: log it and go on.
        Err(e) => {
            tracing::warn!(error = %e, "email not queued");
            Ok(())
        }
    }
}

/// Queues `notice` unless its recipient wants no game emails; a turn email for a player who asked for daily
/// digests becomes a digest part. A game-start email's Message-ID is the thread root of that player's game.
/// A turn email waits the server's `turn_wait_secs` ([`waits`]), unless its player wants every one at once.
pub(super) fn queue(conn: &mut Conn, mail: &MailContext, notice: Notice) -> ApiResult<()> {
    queue_by(conn, mail, notice, &mut PrefsRead::default())
}

/// [`queue`], with the recipient's preferences taken from (or read into) `prefs`.
pub(super) fn queue_by(
    conn: &mut Conn,
    mail: &MailContext,
    mut notice: Notice,
    prefs: &mut PrefsRead,
) -> ApiResult<()> {
    let prefs = prefs.of(conn, notice.account_id)?;
    match prefs.notify {
        Notify::None => return Ok(()),
        Notify::DailyDigest if notice.kind == "turn" => notice.kind = outbox::DIGEST_PART,
        _ => {}
    }
    let message_id = match notice.kind {
        "game_start" => thread_root(mail, notice.game_id, notice.account_id),
        _ => outbox::fresh_message_id(Some(notice.game_id), mail.domain()),
    };
    let wait = match notice.kind {
        "turn" if waits(mail, prefs.turn_email) => mail.settings.turn_wait_secs,
        _ => 0,
    };
    outbox::enqueue_notice_after(conn, &notice, &message_id, wait)?;
    Ok(())
}

/// Whether turn emails to a player who chose `turn_email` wait (and stay unsent when answered or looked at
/// meanwhile): when the server waits at all and the player did not ask for every one at once.
pub(super) fn waits(mail: &MailContext, turn_email: TurnEmail) -> bool {
    mail.settings.turn_wait_secs > 0 && turn_email == TurnEmail::UnlessSeen
}

/// The email preferences of the accounts one change concerns, each read once: a newly asked decision's
/// deadline and its turn email both need its player's (a statement each, on PostgreSQL a round trip each).
#[derive(Default)]
pub(super) struct PrefsRead(std::collections::HashMap<i64, prefs::Prefs>);

impl PrefsRead {
    pub(super) fn of(&mut self, conn: &mut Conn, account: i64) -> ApiResult<&prefs::Prefs> {
        Ok(match self.0.entry(account) {
            std::collections::hash_map::Entry::Occupied(read) => read.into_mut(),
            std::collections::hash_map::Entry::Vacant(unread) => unread.insert(prefs::of(conn, account)?),
        })
    }
}

//! The email asking a player who answered `resign` to confirm it (`service::resign_by_email`): a reply
//! `resign` to it, or its link and the button on that page, resigns; nothing else does.

use crate::db::Conn;
use crate::error::ApiResult;
use crate::mail::MailContext;
use crate::mail::compose::{Draft, Section, thread_root};
use crate::service::game_record::Loaded;

use super::common::{game_subject, game_title, intro, lang_of, person, store};
use super::reply::{mint, route_of};

/// The `decision` of a reply token that confirms resigning (no engine names a decision with a space).
pub const RESIGN_DECISION: &str = "confirm resign";

/// Queues the confirmation email to `account` (at `seat` of `loaded`'s game), with a fresh token.
pub fn resign_confirmation(
    conn: &mut Conn,
    mail: &MailContext,
    loaded: &Loaded,
    account: i64,
    seat: u8,
) -> ApiResult<()> {
    crate::db::write_transaction(conn, |conn| {
        let who = person(conn, account)?;
        let lang = lang_of(conn, account)?;
        let title = game_title(loaded, lang);
        let token = mint(conn, loaded.row.id, account, seat, RESIGN_DECISION)?;
        let route = route_of(mail, &token);
        let link = format!("{}/resign/{token}", mail.public_url);
        let sections = vec![
            Section::text(
                catalog::t!(lang, "resign-mail-how-heading"),
                catalog::t!(lang, "resign-mail-how", link = link),
            ),
            Section::text(catalog::t!(lang, "resign-mail-keep-heading"), catalog::t!(lang, "resign-mail-keep")),
        ];
        let draft = Draft {
            kind: "resign_confirm",
            game_id: Some(loaded.row.id),
            account_id: Some(account),
            message_id: route.message_id,
            thread: Some(thread_root(mail, loaded.row.id, account)),
            to: who.email,
            to_name: Some(who.name.clone()),
            subject: game_subject(loaded, lang),
            intro: intro(lang, catalog::t!(lang, "resign-mail-headline", game = &title), &who.name),
            sections,
            reply_to: Some(route.reply_to),
            unsubscribe: None,
            picture: None,
        };
        store(conn, mail, draft)
    })
}

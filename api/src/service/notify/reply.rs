//! Answering by email: the single-use reply token an email about a decision carries, and how to reply.

use diesel::prelude::*;
use shared::Lang;

use crate::db::Conn;
use crate::db::schema::reply_tokens;
use crate::error::ApiResult;
use crate::mail::MailContext;
use crate::secrets::{random_bytes, token_hash};
use crate::service::game_record::Loaded;
use crate::service::rules;

use super::common::board_url;
use crate::settings::ReplyTokenIn;
use crate::time::now;

/// Where a reply to an email about a still-pending decision goes, and the Message-ID that carries the token
/// in the `references` setting.
pub(super) struct ReplyRoute {
    pub(super) reply_to: String,
    pub(super) message_id: Option<String>,
    /// The stored hash of the token (to take it back if the email is never sent).
    pub(super) token_hash: String,
}

/// A fresh single-use reply token for `decision` of `seat`, answerable only by `account`'s address.
pub(super) fn reply_route(
    conn: &mut Conn,
    mail: &MailContext,
    game: i64,
    account: i64,
    seat: u8,
    decision: &str,
) -> ApiResult<ReplyRoute> {
    let token = mint(conn, game, account, seat, decision)?;
    Ok(route_of(mail, &token))
}

/// Stores a fresh single-use token for `decision` of `seat` (answerable only by `account`'s address) and
/// returns it in clear, for the email that carries it.
pub(super) fn mint(conn: &mut Conn, game: i64, account: i64, seat: u8, decision: &str) -> ApiResult<String> {
    let token = hex::encode(random_bytes::<16>());
    diesel::insert_into(reply_tokens::table)
        .values((
            reply_tokens::token_hash.eq(token_hash(&token)),
            reply_tokens::game_id.eq(game),
            reply_tokens::account_id.eq(account),
            reply_tokens::seat.eq(seat as i32),
            reply_tokens::decision.eq(decision),
            reply_tokens::created_at.eq(now()),
        ))
        .execute(conn)?;
    Ok(token)
}

/// Where a reply carrying `token` goes, as the server's `mail_reply_token` setting says.
pub(super) fn route_of(mail: &MailContext, token: &str) -> ReplyRoute {
    let hash = token_hash(token);
    match mail.settings.reply_token_in {
        ReplyTokenIn::Address => ReplyRoute { reply_to: mail.reply_address(token), message_id: None, token_hash: hash },
        ReplyTokenIn::References => ReplyRoute {
            reply_to: mail.settings.reply_address.clone(),
            message_id: Some(crate::mail::inbound::token_message_id(token, mail.domain())),
            token_hash: hash,
        },
    }
}

/// Takes back the reply token of an email that was rendered but not sent (its plaintext is lost with it).
pub fn forget_reply_token(conn: &mut Conn, token_hash: &str) -> ApiResult<()> {
    diesel::delete(reply_tokens::table.find(token_hash)).execute(conn)?;
    Ok(())
}

/// "Reply to this email with your move alone on the first line, for example: …", and what else works.
pub(super) fn how_to_answer(
    mail: &MailContext,
    loaded: &Loaded,
    decision: &str,
    lang: Lang,
    unsubscribe: Option<&str>,
) -> String {
    let id = loaded.row.id;
    let example = loaded
        .game
        .game()
        .legal(loaded.game.state(), decision)
        .and_then(|c| c.options.first().map(|o| o.notation.clone()))
        .unwrap_or_else(|| "<move>".into());
    let mut out = catalog::t!(
        lang,
        "mail-how-to-answer-text",
        example = example,
        game = id.to_string(),
        board = board_url(mail, id, lang),
    );
    out.push('\n');
    out.push_str(&catalog::t!(lang, "mail-rules-link", url = rules::url(&mail.public_url, &loaded.row.slug, lang)));
    if let Some(link) = unsubscribe {
        out.push('\n');
        out.push_str(&catalog::t!(lang, "mail-stop-these-emails", url = link));
    }
    out
}

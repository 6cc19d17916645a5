//! Resigning by email: `resign` (or `投了`) alone as the answer line of a reply to a tegami email does not
//! resign; it brings an email asking to confirm, with a token of its own. Replying `resign` to that email, or
//! opening its link and pressing the button on the page (a `GET` changes nothing: mail scanners follow links)
//! resigns. Two separate acts, each the player's own words or click: a quoted `resign` is never read (only a
//! reply's own lines are), and one word in one email never ends a player's game.

use diesel::prelude::*;

use crate::db::Conn;
use crate::db::schema::reply_tokens;
use crate::error::ApiResult;
use crate::mail::MailContext;
use crate::secrets::token_hash;
use crate::service::games;
use crate::service::notify::RESIGN_DECISION;
use crate::time::now;

/// Whether an answer line asks to resign: the word alone, in any case (full-width letters are read as
/// ASCII already).
pub fn is_resign_word(line: &str) -> bool {
    let word = line.trim().trim_end_matches(['.', '!', '。', '！']).trim();
    word.eq_ignore_ascii_case("resign") || word == "投了"
}

/// A resign confirmation token not yet used: its game, account and seat.
pub struct Pending {
    pub game: i64,
    pub account: i64,
    pub seat: u8,
}

/// What confirmation token `token` (in clear, from a link) stands for; None when it is unknown, used, or
/// confirms nothing.
pub fn pending(conn: &mut Conn, token: &str) -> ApiResult<Option<Pending>> {
    pending_by_hash(conn, &token_hash(token))
}

fn pending_by_hash(conn: &mut Conn, hash: &str) -> ApiResult<Option<Pending>> {
    let row: Option<(i64, i64, i32)> = reply_tokens::table
        .find(hash)
        .filter(reply_tokens::decision.eq(RESIGN_DECISION))
        .filter(reply_tokens::used_at.is_null())
        .select((reply_tokens::game_id, reply_tokens::account_id, reply_tokens::seat))
        .first(conn)
        .optional()?;
    Ok(row.map(|(game, account, seat)| Pending { game, account, seat: seat as u8 }))
}

/// Resigns the game of confirmation token `hash` (hashed) and spends the token; None when the token is
/// unknown or used. The resignation's own refusals (the game is over already) are errors.
pub fn confirm(conn: &mut Conn, mail: &MailContext, hash: &str) -> ApiResult<Option<(Pending, u64)>> {
    crate::db::write_transaction(conn, |conn| {
        let Some(p) = pending_by_hash(conn, hash)? else { return Ok(None) };
        let accepted = games::resign(conn, mail, p.account, p.game)?;
        diesel::update(reply_tokens::table.find(hash)).set(reply_tokens::used_at.eq(now())).execute(conn)?;
        tracing::info!(game = p.game, seat = p.seat, "resigned, confirmed by email or its link");
        Ok(Some((p, accepted.seq)))
    })
    // Told again once committed: the resignation's own announcement came before this transaction's end.
    .inspect(|done| {
        if let Some((p, _)) = done {
            crate::events::published(p.game);
        }
    })
}

/// The refusal of a reply to a confirmation email that does not say `resign`.
pub fn not_confirmed() -> crate::error::ApiError {
    crate::error::ApiError::unprocessable("resign_not_confirmed", "")
        .described(catalog::both!("resign-mail-not-confirmed"))
}

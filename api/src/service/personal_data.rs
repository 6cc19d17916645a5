//! What the server holds about a player: all of it as one document (export), or the account closed
//! (delete). A deleted account's row stays under a pseudonym, because journals, seats and signing keys
//! point at it: display names live outside the journal's hash chain, so every game still verifies.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use shared::api_types::AccountExport;

use crate::db::Conn;
use crate::db::schema::{
    accounts, api_tokens, email_verifications, game_follows, games, mail_prefs, outbox, password_resets, reply_tokens,
    seats, signing_keys, talk_mailed,
};
use crate::error::ApiResult;
use crate::mail::MailContext;
use crate::mail::prefs;
use crate::service::{
    accounts as account_service, games as game_service, mail_addresses, notify, passwords, sessions, vacation,
};
use crate::time::millis;

/// The name a deleted account shows in every game it played.
pub fn pseudonym(account: i64) -> String {
    format!("deleted player {account}")
}

/// Everything about `account`, as `GET /api/v1/me/export` returns it.
pub fn export(
    conn: &mut Conn,
    mail: &MailContext,
    now: DateTime<Utc>,
    account: i64,
    current_session: Option<&str>,
) -> ApiResult<AccountExport> {
    let me = account_service::get(conn, account)?;
    let notifications = serde_json::json!({
        "preferences": prefs::get(conn, account)?,
        "vacation": vacation::get(conn, mail, account)?,
    });
    Ok(AccountExport {
        exported_at: millis(now),
        email_verified: notify::is_verified(conn, account)?,
        notifications,
        sessions: sessions::list(conn, now, account, current_session)?,
        api_tokens: account_service::list_tokens(conn, account)?,
        signing_keys: account_service::list_keys(conn, account)?,
        games: game_service::list(conn, account, None)?,
        mail_addresses: mail_addresses::list(conn, account)?,
        talk: crate::service::talk::export(conn, account)?,
        ratings: crate::service::ratings::of_player(conn, account)?,
        account: me,
    })
}

/// Closes `account` after checking its password: running seats forfeit (as a resignation), seats in games
/// not yet started open up again, every credential is revoked (signing keys stay listed, revoked, so that
/// past moves still verify), mail settings, added reply addresses and unsent mail go, and the name and address become a pseudonym.
pub fn delete(conn: &mut Conn, mail: &MailContext, now: DateTime<Utc>, account: i64, password: &str) -> ApiResult<()> {
    passwords::confirm_current(conn, account, password, "the password is wrong; the account is unchanged")?;
    close(conn, mail, now, account)
}

/// What [`delete`] does once the password is confirmed; the operator's `admin accounts delete` too.
pub fn close(conn: &mut Conn, mail: &MailContext, now: DateTime<Utc>, account: i64) -> ApiResult<()> {
    crate::db::write_transaction(conn, |conn| {
        // A suspended account's seats forfeit like any other's; `deleted_at` shuts it out from here on.
        diesel::update(accounts::table.find(account))
            .set((accounts::suspended_at.eq(None::<String>), accounts::suspended_reason.eq(None::<String>)))
            .execute(conn)?;
        let seated: Vec<(i64, String)> = seats::table
            .inner_join(games::table.on(games::id.eq(seats::game_id)))
            .filter(seats::account_id.eq(account))
            .select((games::id, games::status))
            .distinct()
            .load(conn)?;
        for (game, status) in seated {
            match status.as_str() {
                "active" => match game_service::resign(conn, mail, account, game) {
                    Ok(_) => tracing::info!(account, game, "seat forfeited by account deletion"),
                    // Already out of the game (resigned or eliminated): nothing left to forfeit.
                    Err(e) if e.status == actix_web::http::StatusCode::CONFLICT => {}
                    Err(e) => return Err(e),
                },
                "waiting" => {
                    diesel::update(seats::table.filter(seats::game_id.eq(game)).filter(seats::account_id.eq(account)))
                        .set((seats::kind.eq("open"), seats::account_id.eq(None::<i64>)))
                        .execute(conn)?;
                }
                _ => {}
            }
        }
        let at = millis(now);
        diesel::update(accounts::table.find(account))
            .set((
                accounts::display_name.eq(pseudonym(account)),
                // `.invalid` never resolves (RFC 2606); the real address is free to register again.
                accounts::email.eq(format!("deleted-{account}@deleted.invalid")),
                accounts::password_hash.eq("!"),
                accounts::deleted_at.eq(&at),
            ))
            .execute(conn)?;
        sessions::revoke_all(conn, now, account, None)?;
        diesel::update(
            api_tokens::table.filter(api_tokens::account_id.eq(account)).filter(api_tokens::revoked_at.is_null()),
        )
        .set(api_tokens::revoked_at.eq(&at))
        .execute(conn)?;
        diesel::update(
            signing_keys::table.filter(signing_keys::account_id.eq(account)).filter(signing_keys::revoked_at.is_null()),
        )
        .set(signing_keys::revoked_at.eq(&at))
        .execute(conn)?;
        diesel::delete(mail_prefs::table.filter(mail_prefs::account_id.eq(account))).execute(conn)?;
        diesel::delete(talk_mailed::table.filter(talk_mailed::account_id.eq(account))).execute(conn)?;
        diesel::delete(game_follows::table.filter(game_follows::account_id.eq(account))).execute(conn)?;
        diesel::delete(email_verifications::table.filter(email_verifications::account_id.eq(account))).execute(conn)?;
        diesel::delete(password_resets::table.filter(password_resets::account_id.eq(account))).execute(conn)?;
        diesel::delete(reply_tokens::table.filter(reply_tokens::account_id.eq(account))).execute(conn)?;
        mail_addresses::remove_all(conn, account)?;
        diesel::delete(outbox::table.filter(outbox::account_id.eq(account)).filter(outbox::sent_at.is_null()))
            .execute(conn)?;
        tracing::info!(account, "account deleted");
        Ok(())
    })
}

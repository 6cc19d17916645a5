//! Changing a password, and resetting a forgotten one with a token sent by email (single use, expiring;
//! requests are throttled by the route). A change signs out every other session; a reset, made by whoever
//! holds the mailbox, signs out every session and revokes every API token too, so that nothing someone
//! else set up with the old password keeps working.

use chrono::{DateTime, Utc};
use diesel::prelude::*;

use crate::db::Conn;
use crate::db::schema::{accounts, password_resets};
use crate::error::{ApiError, ApiResult};
use crate::mail::MailContext;
use crate::mail::compose::{self, Draft, Section};
use crate::mail::outbox;
use crate::secrets::{hash_password, random_bytes, token_hash, verify_password_evenly};
use crate::service::notify::in_every_language;
use crate::service::sessions;
use crate::settings::SecuritySettings;
use crate::validate;

fn stamp(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

fn set_password(conn: &mut Conn, account: i64, password: &str) -> ApiResult<()> {
    let hash = hash_password(password)?;
    diesel::update(accounts::table.find(account)).set(accounts::password_hash.eq(hash)).execute(conn)?;
    Ok(())
}

/// Checks `password` against the account's (403 when wrong), taking the same time whatever the account.
pub fn confirm_current(conn: &mut Conn, account: i64, password: &str, wrong: &str) -> ApiResult<()> {
    let stored: Option<String> = accounts::table
        .filter(accounts::id.eq(account))
        .filter(accounts::deleted_at.is_null())
        .select(accounts::password_hash)
        .first(conn)
        .optional()?;
    if !verify_password_evenly(password, stored.as_deref()) {
        return Err(ApiError::forbidden("wrong_password", wrong.to_string()));
    }
    Ok(())
}

/// Changes my password after checking the current one; signs out my other sessions (not `keep`, the one
/// asking). Returns how many were signed out.
pub fn change(
    conn: &mut Conn,
    now: DateTime<Utc>,
    account: i64,
    keep: Option<&str>,
    current: &str,
    new: &str,
) -> ApiResult<u64> {
    validate::new_password(new)?;
    confirm_current(conn, account, current, "the current password is wrong")?;
    crate::db::write_transaction(conn, |conn| {
        set_password(conn, account, new)?;
        let revoked = sessions::revoke_all(conn, now, account, keep)?;
        tracing::info!(account, revoked, "password changed");
        Ok(revoked)
    })
}

/// Emails a reset token to `email` if an account has that address; does nothing otherwise (the answer is
/// the same, so that it reveals nothing). A new request replaces the previous token.
pub fn request(
    conn: &mut Conn,
    mail: &MailContext,
    security: &SecuritySettings,
    now: DateTime<Utc>,
    email: &str,
) -> ApiResult<()> {
    let email = email.trim().to_lowercase();
    let found: Option<(i64, String)> = accounts::table
        .filter(accounts::email.eq(&email))
        .filter(accounts::deleted_at.is_null())
        .select((accounts::id, accounts::display_name))
        .first(conn)
        .optional()?;
    let Some((account, name)) = found else {
        tracing::info!("password reset asked for an unknown address");
        return Ok(());
    };
    let token = hex::encode(random_bytes::<24>());
    let expires_at = now + security.password_reset;
    let minutes = security.password_reset.num_minutes();
    crate::db::write_transaction(conn, |conn| {
        let fresh = || {
            (
                password_resets::token_hash.eq(token_hash(&token)),
                password_resets::created_at.eq(stamp(now)),
                password_resets::expires_at.eq(stamp(expires_at)),
                password_resets::used_at.eq(None::<String>),
            )
        };
        let upsert = diesel::insert_into(password_resets::table)
            .values((password_resets::account_id.eq(account), fresh()))
            .on_conflict(password_resets::account_id)
            .do_update()
            .set(fresh());
        crate::on_backend!(conn, |c| upsert.execute(c))?;
        let draft = Draft {
            message_id: None,
            thread: None,
            kind: "password_reset",
            game_id: None,
            account_id: Some(account),
            to: email.clone(),
            to_name: Some(name.clone()),
            // Whoever asks may not read the account's language: every language.
            subject: format!("[tegami] {}", in_every_language(" / ", |lang| catalog::t!(lang, "mail-reset-subject"))),
            intro: in_every_language("\n\n", |lang| {
                format!(
                    "{}\n\n{}",
                    catalog::t!(lang, "mail-greeting", name = &name),
                    catalog::t!(lang, "mail-reset-intro")
                )
            }),
            // The command is a block of its own: prose is wrapped at 72 columns, and the token must stay on
            // the command's line.
            sections: vec![
                Section::board(
                    catalog::LANGUAGES[0],
                    in_every_language(" / ", |lang| catalog::t!(lang, "mail-reset-command")),
                    format!("tegami password reset --token {token}"),
                )
                .text_label(in_every_language(" / ", |lang| catalog::t!(lang, "mail-board-as-text"))),
                Section::text(
                    in_every_language(" / ", |lang| catalog::t!(lang, "mail-reset-or")),
                    format!(
                        "POST {{\"token\": \"{token}\", \"new_password\": \"…\"}} {}/api/v1/password-reset/confirm\n\n{}",
                        mail.public_url,
                        in_every_language("\n\n", |lang| catalog::t!(lang, "mail-reset-text", minutes = minutes))
                    ),
                ),
            ],
            reply_to: None,
            unsubscribe: None,
            picture: None,
        };
        let message = compose::finish(mail, draft).map_err(ApiError::internal)?;
        outbox::enqueue(conn, &message)?;
        tracing::info!(account, "password reset emailed");
        Ok(())
    })
}

/// Sets a new password with an emailed token (once, before it expires), signs out every session and revokes
/// every API token.
pub fn confirm(conn: &mut Conn, now: DateTime<Utc>, token: &str, new: &str) -> ApiResult<()> {
    validate::new_password(new)?;
    // Not found, rather than unprocessable: the request is well formed, it names a token the server does not
    // hold (any more), as a stranger's well-formed guess always does.
    let invalid = || {
        ApiError::not_found(
            "bad_reset_token",
            "this reset token is unknown, used or expired; ask for a new one with `tegami password reset --email …`",
        )
    };
    if token.len() > 200 {
        return Err(invalid());
    }
    let hash = token_hash(token.trim());
    crate::db::write_transaction(conn, |conn| {
        let found: Option<(i64, String, Option<String>)> = password_resets::table
            .filter(password_resets::token_hash.eq(&hash))
            .select((password_resets::account_id, password_resets::expires_at, password_resets::used_at))
            .first(conn)
            .optional()?;
        let Some((account, expires_at, None)) = found else {
            return Err(invalid());
        };
        if stamp(now) >= expires_at {
            return Err(invalid());
        }
        diesel::update(password_resets::table.find(account))
            .set(password_resets::used_at.eq(stamp(now)))
            .execute(conn)?;
        set_password(conn, account, new)?;
        let revoked = sessions::revoke_all(conn, now, account, None)?;
        let tokens_revoked = crate::service::accounts::revoke_all_tokens(conn, account)?;
        tracing::info!(account, revoked, tokens_revoked, "password reset");
        Ok(())
    })
}

//! Changing a password, and resetting a forgotten one with a token sent by email (single use, expiring;
//! requests are throttled by the route). Either way every other session is signed out.

use chrono::{DateTime, Utc};
use diesel::prelude::*;

use crate::auth::{hash_password, random_bytes, token_hash, verify_password_evenly};
use crate::db::Conn;
use crate::db::schema::{accounts, password_resets};
use crate::error::{ApiError, ApiResult};
use crate::mail::MailContext;
use crate::mail::compose::{self, Draft, Section};
use crate::mail::outbox;
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
            subject: "[tegami] reset your password / パスワードの再設定".into(),
            intro: format!(
                "Hello {name},\n\nSomeone (we hope you) asked to reset the password of this tegami account.\n\n\
                 {name}さん、このtegamiアカウントのパスワード再設定が申請されました。"
            ),
            // The command is a block of its own: prose is wrapped at 72 columns, and the token must stay on
            // the command's line.
            sections: vec![
                Section::board("Reset / 再設定", format!("tegami password reset --token {token}")),
                Section::text(
                    "Or / または",
                    format!(
                        "POST {{\"token\": \"{token}\", \
                     \"new_password\": \"…\"}} to {url}/api/v1/password-reset/confirm\n\n\
                     The token works once, for {minutes} minutes; setting a new password signs out every session. \
                     If you did not ask for this, ignore this email: your password stays as it is.\n\n\
                     上のコマンドで新しいパスワードを設定できます（{minutes}分間、一度だけ有効）。\
                     心当たりがなければ、このメールは無視してください。",
                        url = mail.public_url
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

/// Sets a new password with an emailed token (once, before it expires) and signs out every session.
pub fn confirm(conn: &mut Conn, now: DateTime<Utc>, token: &str, new: &str) -> ApiResult<()> {
    validate::new_password(new)?;
    let invalid = || {
        ApiError::unprocessable(
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
        tracing::info!(account, revoked, "password reset");
        Ok(())
    })
}

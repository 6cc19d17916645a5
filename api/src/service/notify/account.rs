//! Emails about an account rather than a game: the address check and a disabled webhook.

use diesel::prelude::*;

use crate::db::Conn;
use crate::db::schema::email_verifications;
use crate::error::{ApiError, ApiResult};
use crate::mail::MailContext;
use crate::mail::compose::{Draft, Section};
use crate::secrets::{random_bytes, token_hash};
use crate::time::now;

use super::common::{in_every_language, intro, lang_of, person, store};

/// A new verification link for `account` (replacing any earlier one), emailed to its address.
pub fn verification(conn: &mut Conn, mail: &MailContext, account: i64) -> ApiResult<()> {
    let who = person(conn, account)?;
    let token = hex::encode(random_bytes::<16>());
    let upsert = diesel::insert_into(email_verifications::table)
        .values((
            email_verifications::account_id.eq(account),
            email_verifications::token_hash.eq(token_hash(&token)),
            email_verifications::created_at.eq(now()),
        ))
        .on_conflict(email_verifications::account_id)
        .do_update()
        .set((email_verifications::token_hash.eq(token_hash(&token)), email_verifications::created_at.eq(now())));
    crate::on_backend!(conn, |c| upsert.execute(c))?;
    let link = format!("{}/api/v1/verify-email/{token}", mail.public_url);
    let draft = Draft {
        kind: "verify_email",
        game_id: None,
        account_id: Some(account),
        message_id: None,
        thread: None,
        to: who.email,
        to_name: Some(who.name.clone()),
        // Sent at registration, before the player has chosen a language: both.
        subject: format!("[tegami] {}", in_every_language(" / ", |lang| catalog::t!(lang, "mail-verify-subject"))),
        intro: in_every_language("\n\n", |lang| catalog::t!(lang, "mail-verify-intro", name = &who.name)),
        sections: vec![Section::text(
            in_every_language(" / ", |lang| catalog::t!(lang, "mail-verify-confirm")),
            format!("{link}\n\n{}", in_every_language("\n\n", |lang| catalog::t!(lang, "mail-verify-text"))),
        )],
        reply_to: None,
        unsubscribe: None,
        picture: None,
    };
    store(conn, mail, draft)
}

/// Marks the address behind a verification link as proved.
pub fn verify_email(conn: &mut Conn, token: &str) -> ApiResult<()> {
    let n = diesel::update(email_verifications::table.filter(email_verifications::token_hash.eq(token_hash(token))))
        .set(email_verifications::verified_at.eq(now()))
        .execute(conn)?;
    if n == 1 {
        Ok(())
    } else {
        Err(ApiError::not_found(
            "unknown_link",
            "this verification link is not known (a newer one may have replaced it)",
        ))
    }
}

pub fn is_verified(conn: &mut Conn, account: i64) -> ApiResult<bool> {
    let at: Option<Option<String>> =
        email_verifications::table.find(account).select(email_verifications::verified_at).first(conn).optional()?;
    Ok(at.flatten().is_some())
}

/// Tells `account` that its webhook `id` (at `url`) was disabled, and why.
pub fn webhook_disabled(
    conn: &mut Conn,
    mail: &MailContext,
    account: i64,
    id: i64,
    url: &str,
    reason: &str,
) -> ApiResult<()> {
    let who = person(conn, account)?;
    let lang = lang_of(conn, account)?;
    let draft = Draft {
        kind: "webhook_disabled",
        game_id: None,
        account_id: Some(account),
        message_id: None,
        thread: None,
        to: who.email,
        to_name: Some(who.name.clone()),
        subject: format!("[tegami] {}", catalog::t!(lang, "mail-webhook-disabled-subject", number = id.to_string())),
        intro: intro(
            lang,
            catalog::t!(lang, "mail-webhook-disabled", number = id.to_string(), url = url, reason = reason),
            &who.name,
        ),
        sections: vec![Section::text(
            catalog::t!(lang, "mail-what-next"),
            catalog::t!(lang, "mail-webhook-what-next", base = &mail.public_url, number = id.to_string()),
        )],
        reply_to: None,
        unsubscribe: None,
        picture: None,
    };
    store(conn, mail, draft)
}

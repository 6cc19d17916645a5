//! Further addresses an account sends email replies from ("another address the player has added and
//! proved", issue #16). Adding one emails a single-use link that expires to that address; following it
//! proves the address, and from then on a reply from it moves for the account just as one from the account
//! address does. An address is proved by one account at most. Removing one deletes it: the very next reply
//! from it is refused.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use shared::api_types::{MailAddress, MailAddressStatus};

use crate::db::Conn;
use crate::db::schema::{accounts, mail_addresses};
use crate::error::{ApiError, ApiResult};
use crate::mail::MailContext;
use crate::mail::compose::{self, Draft, Section};
use crate::mail::outbox;
use crate::secrets::{random_bytes, token_hash};
use crate::validate;

/// Addresses (proved or pending) one account may hold besides its own: a handful is all a person uses, and
/// the limit caps the confirmation emails one account can have sent.
pub const MAX_PER_ACCOUNT: i64 = 5;
/// How long a confirmation link works.
pub const LINK_VALID_HOURS: i64 = 48;

fn stamp(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

type Row = (i64, String, String, Option<String>);

fn columns() -> (mail_addresses::id, mail_addresses::address, mail_addresses::created_at, mail_addresses::proved_at) {
    (mail_addresses::id, mail_addresses::address, mail_addresses::created_at, mail_addresses::proved_at)
}

fn to_address((id, address, added_at, proved_at): Row) -> MailAddress {
    let status = if proved_at.is_some() { MailAddressStatus::Proved } else { MailAddressStatus::Pending };
    MailAddress { id, address, status, added_at, proved_at }
}

/// `account`'s added addresses, oldest first.
pub fn list(conn: &mut Conn, account: i64) -> ApiResult<Vec<MailAddress>> {
    Ok(mail_addresses::table
        .filter(mail_addresses::account_id.eq(account))
        .order(mail_addresses::id.asc())
        .select(columns())
        .load::<Row>(conn)?
        .into_iter()
        .map(to_address)
        .collect())
}

fn taken(address: &str) -> ApiError {
    ApiError::conflict(
        "mail_address_taken",
        format!("`{address}` belongs to another tegami account; an address moves for one account only"),
    )
}

/// Whether another live account has `address` as its own address or has proved it as an added one.
fn held_by_another(conn: &mut Conn, account: i64, address: &str) -> ApiResult<bool> {
    let registered: i64 = accounts::table
        .filter(accounts::email.eq(address))
        .filter(accounts::id.ne(account))
        .filter(accounts::deleted_at.is_null())
        .count()
        .get_result(conn)?;
    let proved: i64 = mail_addresses::table
        .filter(mail_addresses::address.eq(address))
        .filter(mail_addresses::account_id.ne(account))
        .filter(mail_addresses::proved_at.is_not_null())
        .count()
        .get_result(conn)?;
    Ok(registered + proved > 0)
}

/// Whether some account has proved `address` as an added one: such an address cannot open an account of its
/// own, since a reply from it moves for the account that proved it.
pub fn is_proved(conn: &mut Conn, address: &str) -> ApiResult<bool> {
    let proved: i64 = mail_addresses::table
        .filter(mail_addresses::address.eq(address))
        .filter(mail_addresses::proved_at.is_not_null())
        .count()
        .get_result(conn)?;
    Ok(proved > 0)
}

/// Adds `raw` to `account`'s addresses (or, when it is already there and still pending, replaces its link)
/// and emails a confirmation link to it. Returns the address and whether it is new.
pub fn add(
    conn: &mut Conn,
    mail: &MailContext,
    now: DateTime<Utc>,
    account: i64,
    raw: &str,
) -> ApiResult<(MailAddress, bool)> {
    let address = validate::email("address", raw)?;
    let token = hex::encode(random_bytes::<24>());
    let expires_at = now + chrono::Duration::hours(LINK_VALID_HOURS);
    crate::db::write_transaction(conn, |conn| {
        let (own, name): (String, String) = accounts::table
            .find(account)
            .filter(accounts::deleted_at.is_null())
            .select((accounts::email, accounts::display_name))
            .first(conn)?;
        if own == address {
            return Err(ApiError::conflict(
                "mail_address_is_yours",
                format!("`{address}` is already your account's address: replies from it move for you"),
            ));
        }
        if held_by_another(conn, account, &address)? {
            return Err(taken(&address));
        }
        let existing: Option<Row> = mail_addresses::table
            .filter(mail_addresses::account_id.eq(account))
            .filter(mail_addresses::address.eq(&address))
            .select(columns())
            .first(conn)
            .optional()?;
        let fresh_link =
            (mail_addresses::token_hash.eq(token_hash(&token)), mail_addresses::token_expires_at.eq(stamp(expires_at)));
        let (row, new) = match existing {
            Some((_, _, _, Some(_))) => {
                return Err(ApiError::conflict(
                    "mail_address_proved",
                    format!("`{address}` is already one of your proved addresses"),
                ));
            }
            Some((id, ..)) => {
                let row = diesel::update(mail_addresses::table.find(id))
                    .set(fresh_link)
                    .returning(columns())
                    .get_result::<Row>(conn)?;
                (row, false)
            }
            None => {
                let held: i64 =
                    mail_addresses::table.filter(mail_addresses::account_id.eq(account)).count().get_result(conn)?;
                if held >= MAX_PER_ACCOUNT {
                    return Err(ApiError::conflict(
                        "too_many_mail_addresses",
                        format!(
                            "you already have {held} added addresses, the most an account may have \
                             ({MAX_PER_ACCOUNT}); remove one first"
                        ),
                    ));
                }
                let row = diesel::insert_into(mail_addresses::table)
                    .values((
                        mail_addresses::account_id.eq(account),
                        mail_addresses::address.eq(&address),
                        fresh_link,
                        mail_addresses::created_at.eq(stamp(now)),
                    ))
                    .returning(columns())
                    .get_result::<Row>(conn)?;
                (row, true)
            }
        };
        let message = compose::finish(mail, confirmation_email(mail, account, &address, &name, &token))
            .map_err(|e| ApiError::unprocessable("bad_email", format!("no email can be sent to `{address}`: {e}")))?;
        outbox::enqueue(conn, &message)?;
        tracing::info!(account, id = row.0, "mail address added; confirmation emailed");
        Ok((to_address(row), new))
    })
}

/// The link that proves an address (a page may later take the same shape over).
pub fn confirm_link(mail: &MailContext, token: &str) -> String {
    format!("{}/api/v1/mail-addresses/confirm?token={token}", mail.public_url)
}

fn confirmation_email(mail: &MailContext, account: i64, address: &str, name: &str, token: &str) -> Draft {
    let link = confirm_link(mail, token);
    Draft {
        kind: "mail_address_confirm",
        game_id: None,
        account_id: Some(account),
        message_id: None,
        thread: None,
        to: address.to_string(),
        to_name: None,
        // The account's language is unknown to whoever reads this address: both.
        subject: format!(
            "[tegami] {}",
            crate::service::notify::in_every_language(" / ", |lang| catalog::t!(lang, "mail-reply-address-subject"))
        ),
        intro: crate::service::notify::in_every_language("\n\n", |lang| {
            catalog::t!(lang, "mail-reply-address-intro", name = name, address = address)
        }),
        sections: vec![Section::text(
            crate::service::notify::in_every_language(" / ", |lang| catalog::t!(lang, "mail-verify-confirm")),
            format!(
                "{link}\n\n{}",
                crate::service::notify::in_every_language("\n\n", |lang| catalog::t!(
                    lang,
                    "mail-reply-address-text",
                    hours = LINK_VALID_HOURS
                ))
            ),
        )],
        reply_to: None,
        unsubscribe: None,
        picture: None,
    }
}

fn unknown_link() -> ApiError {
    ApiError::not_found(
        "unknown_link",
        "this confirmation link is unknown or was already used (adding the address again sends a new one)",
    )
}

fn expired(address: &str) -> ApiError {
    ApiError::new(
        actix_web::http::StatusCode::GONE,
        "link_expired",
        format!(
            "this confirmation link for `{address}` expired ({LINK_VALID_HOURS} hours); add the address again \
             to get a new one"
        ),
    )
}

/// A live confirmation link's address and the display name of the account that asked, without using it.
pub fn pending_of(conn: &mut Conn, now: DateTime<Utc>, token: &str) -> ApiResult<(String, String)> {
    let found: Option<(String, Option<String>, String)> = mail_addresses::table
        .inner_join(accounts::table.on(accounts::id.eq(mail_addresses::account_id)))
        .filter(mail_addresses::token_hash.eq(token_hash(token)))
        .select((mail_addresses::address, mail_addresses::token_expires_at, accounts::display_name))
        .first(conn)
        .optional()?;
    let Some((address, expires_at, name)) = found else { return Err(unknown_link()) };
    if expires_at.is_none_or(|at| stamp(now) >= at) {
        return Err(expired(&address));
    }
    Ok((address, name))
}

/// Proves the address behind a confirmation link (once, before it expires); returns it.
pub fn confirm(conn: &mut Conn, now: DateTime<Utc>, token: &str) -> ApiResult<MailAddress> {
    crate::db::write_transaction(conn, |conn| {
        let found: Option<(i64, i64, String, Option<String>)> = mail_addresses::table
            .filter(mail_addresses::token_hash.eq(token_hash(token)))
            .select((
                mail_addresses::id,
                mail_addresses::account_id,
                mail_addresses::address,
                mail_addresses::token_expires_at,
            ))
            .first(conn)
            .optional()?;
        let Some((id, account, address, expires_at)) = found else { return Err(unknown_link()) };
        if expires_at.is_none_or(|at| stamp(now) >= at) {
            return Err(expired(&address));
        }
        // Another account may have registered or proved it since the link was sent.
        if held_by_another(conn, account, &address)? {
            return Err(taken(&address));
        }
        let row = diesel::update(mail_addresses::table.find(id))
            .set((
                mail_addresses::proved_at.eq(stamp(now)),
                mail_addresses::token_hash.eq(None::<String>),
                mail_addresses::token_expires_at.eq(None::<String>),
            ))
            .returning(columns())
            .get_result::<Row>(conn)?;
        tracing::info!(account, id, "mail address proved");
        Ok(to_address(row))
    })
}

/// Removes one of `account`'s addresses: replies from it stop moving for the account at once.
pub fn remove(conn: &mut Conn, account: i64, id: i64) -> ApiResult<()> {
    let n = diesel::delete(
        mail_addresses::table.filter(mail_addresses::id.eq(id)).filter(mail_addresses::account_id.eq(account)),
    )
    .execute(conn)?;
    if n == 0 {
        return Err(ApiError::not_found(
            "unknown_mail_address",
            format!("you have no added address `{id}`; `GET /api/v1/me/mail-addresses` lists yours"),
        ));
    }
    tracing::info!(account, id, "mail address removed");
    Ok(())
}

/// Every added address of `account` goes (the account is being deleted).
pub fn remove_all(conn: &mut Conn, account: i64) -> ApiResult<()> {
    diesel::delete(mail_addresses::table.filter(mail_addresses::account_id.eq(account))).execute(conn)?;
    Ok(())
}

/// Whether `from` is one of `account`'s added addresses, and proved; `None` when it is not one of them.
pub fn status_of(conn: &mut Conn, account: i64, from: &str) -> ApiResult<Option<MailAddressStatus>> {
    let proved_at: Option<Option<String>> = mail_addresses::table
        .filter(mail_addresses::account_id.eq(account))
        .filter(mail_addresses::address.eq(from.trim().to_lowercase()))
        .select(mail_addresses::proved_at)
        .first(conn)
        .optional()?;
    Ok(proved_at.map(|at| if at.is_some() { MailAddressStatus::Proved } else { MailAddressStatus::Pending }))
}

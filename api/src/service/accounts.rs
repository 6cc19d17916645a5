//! Accounts, API tokens and signing keys.

use diesel::prelude::*;
use shared::api_types::{Account, ApiToken, CreatedToken, RegisterRequest, SigningKey};
use shared::signing;

use crate::db::Conn;
use crate::db::native::RunNative as _;
use crate::db::schema::{accounts, api_tokens, signing_keys};
use crate::error::{ApiError, ApiResult};
use crate::mail::MailContext;
use crate::secrets::{hash_password, new_api_token, verify_password_evenly};
use crate::service::notify;
use crate::time::now;
use crate::validate;

type AccountRow = (i64, String, String, String);

fn to_account((id, email, display_name, created_at): AccountRow) -> Account {
    Account { id, email, display_name, created_at }
}

fn account_columns() -> (accounts::id, accounts::email, accounts::display_name, accounts::created_at) {
    (accounts::id, accounts::email, accounts::display_name, accounts::created_at)
}

/// Creates an account and emails it a link that proves the address.
pub fn register(conn: &mut Conn, mail: &MailContext, req: &RegisterRequest) -> ApiResult<Account> {
    let email = validate::email("email address", &req.email)?;
    let name = validate::display_name(&req.display_name)?;
    let name = name.as_str();
    validate::new_password(&req.password)?;
    let hash = hash_password(&req.password)?;
    let created_at = now();
    crate::db::write_transaction(conn, |conn| {
        let taken: i64 = accounts::table.filter(accounts::email.eq(&email)).count().get_result(conn)?;
        if taken > 0 {
            return Err(ApiError::conflict("email_taken", format!("`{email}` is already registered; log in instead")));
        }
        if super::mail_addresses::is_proved(conn, &email)? {
            return Err(ApiError::conflict(
                "email_taken",
                format!("`{email}` is a reply address another account has proved; that account may remove it"),
            ));
        }
        refuse_lookalike(conn, name)?;
        let row = diesel::insert_into(accounts::table)
            .values((
                accounts::email.eq(&email),
                accounts::display_name.eq(name),
                accounts::password_hash.eq(&hash),
                accounts::created_at.eq(&created_at),
            ))
            .returning(account_columns())
            .get_result::<AccountRow>(conn)?;
        tracing::info!(account = row.0, "account registered");
        notify::verification(conn, mail, row.0)?;
        Ok(to_account(row))
    })
}

/// The answer to anything a suspended account asks: it may not sign in, use its sessions or tokens, or move.
pub fn suspended_error() -> ApiError {
    let text = catalog::both!("ops-account-suspended");
    ApiError::forbidden("account_suspended", "").localized(&text)
}

/// What a change knows of its account's standing inside its own transaction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// The account's session was checked in this transaction (`service::sessions::check`): neither deleted nor
    /// suspended. Nothing to read again.
    CheckedHere,
    /// Not checked in this transaction: an API token, an email, a web form whose session was checked before the
    /// transaction began.
    Unchecked,
}

/// Refuses `account` if the operator suspended it (`tegami-server admin accounts suspend`).
pub fn refuse_suspended(conn: &mut Conn, account: i64) -> ApiResult<()> {
    let suspended: Option<Option<String>> =
        accounts::table.find(account).select(accounts::suspended_at).first_native(conn).optional()?;
    match suspended {
        Some(Some(_)) => Err(suspended_error()),
        _ => Ok(()),
    }
}

/// Refuses a new display name that could be taken for the name of an account here (TR39 skeletons,
/// `lookalike`): another player could not tell the two apart in a game, an email or a journal.
fn refuse_lookalike(conn: &mut Conn, name: &str) -> ApiResult<()> {
    let wanted = crate::lookalike::Lookalike::of(name);
    let names: Vec<String> =
        accounts::table.filter(accounts::deleted_at.is_null()).select(accounts::display_name).load(conn)?;
    if names.iter().any(|other| wanted.matches(other)) {
        let text = catalog::both!("ops-name-looks-like-account", name = name);
        return Err(ApiError::conflict("name_looks_like", "").localized(&text));
    }
    Ok(())
}

/// The account for these credentials; the same error, after the same work, whether the address or the
/// password is wrong.
pub fn login(conn: &mut Conn, email: &str, password: &str) -> ApiResult<Account> {
    let email = email.trim().to_lowercase();
    let found: Option<(AccountRow, String, Option<String>)> = accounts::table
        .filter(accounts::email.eq(&email))
        .filter(accounts::deleted_at.is_null())
        .select((account_columns(), accounts::password_hash, accounts::suspended_at))
        .first(conn)
        .optional()?;
    let (row, hash, suspended) =
        found.map(|(row, hash, suspended)| (Some(row), Some(hash), suspended)).unwrap_or((None, None, None));
    let verified = verify_password_evenly(password, hash.as_deref());
    match row {
        // Told only to whoever knows the password.
        Some(_) if verified && suspended.is_some() => Err(suspended_error()),
        Some(row) if verified => Ok(to_account(row)),
        _ => Err(ApiError::unauthorized("bad_credentials", "wrong email address or password")),
    }
}

pub fn get(conn: &mut Conn, id: i64) -> ApiResult<Account> {
    accounts::table
        .filter(accounts::deleted_at.is_null())
        .filter(accounts::id.eq(id))
        .select(account_columns())
        .first::<AccountRow>(conn)
        .optional()?
        .map(to_account)
        .ok_or_else(|| ApiError::unauthorized("unknown_account", "this account no longer exists"))
}

type TokenRow = (i64, String, String, Option<String>);

fn to_token((id, name, created_at, last_used_at): TokenRow) -> ApiToken {
    ApiToken { id, name, created_at, last_used_at }
}

/// Creates an API token, unless the account already holds `max` live ones.
pub fn create_token(conn: &mut Conn, account: i64, name: &str, max: i64) -> ApiResult<CreatedToken> {
    let name = validate::label("token name", name)?;
    let (secret, hash) = new_api_token();
    crate::db::write_transaction(conn, |conn| {
        // Serialises this account's creations, so that two at once cannot both slip under the cap.
        crate::db::lock_account(conn, account)?;
        let live: i64 = api_tokens::table
            .filter(api_tokens::account_id.eq(account))
            .filter(api_tokens::revoked_at.is_null())
            .count()
            .get_result(conn)?;
        if live >= max {
            return Err(ApiError::conflict(
                "too_many_tokens",
                format!(
                    "you have {live} API tokens, the most allowed ({max}); revoke one first (`tegami token list`, \
                     `tegami token revoke ID`)"
                ),
            ));
        }
        let row = diesel::insert_into(api_tokens::table)
            .values((
                api_tokens::account_id.eq(account),
                api_tokens::name.eq(&name),
                api_tokens::token_hash.eq(&hash),
                api_tokens::created_at.eq(now()),
            ))
            .returning((api_tokens::id, api_tokens::name, api_tokens::created_at, api_tokens::last_used_at))
            .get_result::<TokenRow>(conn)?;
        Ok(CreatedToken { token: to_token(row), secret: secret.clone() })
    })
}

/// Revokes every live API token of `account`; returns how many.
pub fn revoke_all_tokens(conn: &mut Conn, account: i64) -> ApiResult<u64> {
    let n = diesel::update(
        api_tokens::table.filter(api_tokens::account_id.eq(account)).filter(api_tokens::revoked_at.is_null()),
    )
    .set(api_tokens::revoked_at.eq(now()))
    .execute(conn)?;
    Ok(n as u64)
}

pub fn list_tokens(conn: &mut Conn, account: i64) -> ApiResult<Vec<ApiToken>> {
    Ok(api_tokens::table
        .filter(api_tokens::account_id.eq(account))
        .filter(api_tokens::revoked_at.is_null())
        .order(api_tokens::id.asc())
        .select((api_tokens::id, api_tokens::name, api_tokens::created_at, api_tokens::last_used_at))
        .load::<TokenRow>(conn)?
        .into_iter()
        .map(to_token)
        .collect())
}

pub fn revoke_token(conn: &mut Conn, account: i64, id: i64) -> ApiResult<()> {
    let n = diesel::update(
        api_tokens::table
            .filter(api_tokens::id.eq(id))
            .filter(api_tokens::account_id.eq(account))
            .filter(api_tokens::revoked_at.is_null()),
    )
    .set(api_tokens::revoked_at.eq(now()))
    .execute(conn)?;
    if n == 0 {
        return Err(ApiError::not_found("unknown_token", format!("you have no active token `{id}`")));
    }
    Ok(())
}

type KeyRow = (String, String, Option<String>, String, Option<String>);

fn to_key((kid, public_key, name, created_at, revoked_at): KeyRow) -> SigningKey {
    SigningKey { kid, public_key, name, created_at, revoked_at }
}

fn key_columns()
-> (signing_keys::kid, signing_keys::public_key, signing_keys::name, signing_keys::created_at, signing_keys::revoked_at)
{
    (
        signing_keys::kid,
        signing_keys::public_key,
        signing_keys::name,
        signing_keys::created_at,
        signing_keys::revoked_at,
    )
}

/// Registers a public key; returns it and whether it was new. Registering the same key again is a no-op; a
/// new one is refused when the account already holds `max` live keys.
pub fn register_key(
    conn: &mut Conn,
    account: i64,
    public_key: &str,
    name: Option<&str>,
    max: i64,
) -> ApiResult<(SigningKey, bool)> {
    if public_key.len() > 200 {
        return Err(ApiError::unprocessable(
            "bad_key",
            "a public key is 43 characters of base64url; this is far longer",
        ));
    }
    let name = name.map(|n| validate::label("key name", n)).transpose()?;
    let name = name.as_deref();
    let kid = signing::key_id(public_key).map_err(|e| ApiError::unprocessable("bad_key", e.to_string()))?;
    crate::db::write_transaction(conn, |conn| {
        let existing: Option<(i64, KeyRow)> =
            signing_keys::table.find(&kid).select((signing_keys::account_id, key_columns())).first(conn).optional()?;
        match existing {
            Some((owner, row)) if owner == account && row.4.is_none() => return Ok((to_key(row), false)),
            Some((owner, _)) if owner == account => {
                return Err(ApiError::conflict("key_revoked", format!("key `{kid}` was revoked; generate a new one")));
            }
            Some(_) => return Err(ApiError::conflict("key_taken", format!("key `{kid}` belongs to another account"))),
            None => {}
        }
        crate::db::lock_account(conn, account)?;
        let live: i64 = signing_keys::table
            .filter(signing_keys::account_id.eq(account))
            .filter(signing_keys::revoked_at.is_null())
            .count()
            .get_result(conn)?;
        if live >= max {
            return Err(ApiError::conflict(
                "too_many_keys",
                format!(
                    "you have {live} signing keys, the most allowed ({max}); revoke one you no longer use first \
                     (`DELETE /api/v1/keys/{{kid}}`, or the Keys page)"
                ),
            ));
        }
        let row = diesel::insert_into(signing_keys::table)
            .values((
                signing_keys::kid.eq(&kid),
                signing_keys::account_id.eq(account),
                signing_keys::public_key.eq(public_key.trim()),
                signing_keys::name.eq(name),
                signing_keys::created_at.eq(now()),
            ))
            .returning(key_columns())
            .get_result::<KeyRow>(conn)?;
        Ok((to_key(row), true))
    })
}

pub fn list_keys(conn: &mut Conn, account: i64) -> ApiResult<Vec<SigningKey>> {
    Ok(signing_keys::table
        .filter(signing_keys::account_id.eq(account))
        .order(signing_keys::created_at.asc())
        .select(key_columns())
        .load::<KeyRow>(conn)?
        .into_iter()
        .map(to_key)
        .collect())
}

pub fn revoke_key(conn: &mut Conn, account: i64, kid: &str) -> ApiResult<()> {
    let n = diesel::update(
        signing_keys::table
            .filter(signing_keys::kid.eq(kid))
            .filter(signing_keys::account_id.eq(account))
            .filter(signing_keys::revoked_at.is_null()),
    )
    .set(signing_keys::revoked_at.eq(now()))
    .execute(conn)?;
    if n == 0 {
        return Err(ApiError::not_found("unknown_key", format!("you have no active key `{kid}`")));
    }
    Ok(())
}

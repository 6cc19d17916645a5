//! Signing in (the API's `POST /api/v1/sessions` and the web's sign-in form), throttled by failures.
//!
//! The policy (docs/security.md, "Throttling"):
//! - Only failures count. A wrong password counts against the client's address, against the account, and,
//!   from a known device, against that device. A success counts nothing, and clears the account's count and
//!   the device's.
//! - Before the password is checked, a sign-in from a device not known to the account is refused while the
//!   address or the account has used up its window; a sign-in from a known device only while that device
//!   has. So failures from elsewhere (anyone who knows the address can make them) never lock the owner out
//!   of a device they signed in from before, and a stolen device token is held to its own small budget.
//! - A known device holds a token from its last successful sign-in: the web's device cookie, or the
//!   `device` of the API's login answer, which the CLI keeps beside its session. The token names the account,
//!   is signed with the server's secret, and is good for [`KNOWN_DEVICE_DAYS`] days.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use shared::api_types::Account;

use crate::db::Conn;
use crate::db::schema::accounts;
use crate::error::ApiResult;
use crate::secrets::random_bytes;
use crate::service::accounts as account_service;
use crate::settings::SecuritySettings;
use crate::throttle::{self, Counter, Scope};

/// How long a known-device token lasts after the sign-in that issued it.
pub const KNOWN_DEVICE_DAYS: i64 = 180;

/// A successful sign-in: the account, and the device token to keep for the next one.
pub struct SignedIn {
    pub account: Account,
    pub device: String,
}

fn device_mac(secret: &[u8], account: i64, issued: i64, nonce: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes any key length");
    mac.update(b"tegami known device\0");
    mac.update(format!("{account}.{issued}.{nonce}").as_bytes());
    URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes())
}

/// A new device token for `account`: `account.issued.nonce.mac`.
pub fn issue_device(secret: &[u8], account: i64, now: DateTime<Utc>) -> String {
    let nonce = URL_SAFE_NO_PAD.encode(random_bytes::<16>());
    let issued = now.timestamp();
    format!("{account}.{issued}.{nonce}.{}", device_mac(secret, account, issued, &nonce))
}

/// The device's id (its nonce) if `token` is a genuine, current device token of `account`.
pub fn known_device(secret: &[u8], token: &str, account: i64, now: DateTime<Utc>) -> Option<String> {
    if token.len() > 200 {
        return None;
    }
    let mut parts = token.split('.');
    let (Some(owner), Some(issued), Some(nonce), Some(mac), None) =
        (parts.next(), parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return None;
    };
    let (owner, issued) = (owner.parse::<i64>().ok()?, issued.parse::<i64>().ok()?);
    let expected = device_mac(secret, owner, issued, nonce);
    let genuine =
        expected.len() == mac.len() && expected.bytes().zip(mac.bytes()).fold(0u8, |a, (x, y)| a | (x ^ y)) == 0;
    let age = now.timestamp() - issued;
    (genuine && owner == account && (0..KNOWN_DEVICE_DAYS * 86_400).contains(&age)).then(|| nonce.to_string())
}

/// Checks `password` for the account of `email` under the policy above. `device` is the token a client
/// kept from an earlier sign-in, if any.
#[allow(clippy::too_many_arguments)]
pub fn attempt(
    conn: &mut Conn,
    security: &SecuritySettings,
    secret: &[u8],
    now: DateTime<Utc>,
    client: &str,
    email: &str,
    password: &str,
    device: Option<&str>,
) -> ApiResult<SignedIn> {
    let normalised = email.trim().to_lowercase();
    let account_id: Option<i64> = accounts::table
        .filter(accounts::email.eq(&normalised))
        .filter(accounts::deleted_at.is_null())
        .select(accounts::id)
        .first(conn)
        .optional()?;
    let known = account_id.zip(device).and_then(|(id, token)| known_device(secret, token, id, now));
    let by_address = Counter::address(Scope::SignIn, client, security);
    let by_account = Counter::account(Scope::SignIn, &normalised, security);
    let by_device = known.as_deref().map(|d| Counter::device(Scope::SignIn, d, security));
    let at = now.timestamp();
    match &by_device {
        Some(device) => throttle::check(conn, security, at, std::slice::from_ref(device))?,
        None => throttle::check(conn, security, at, &[by_address.clone(), by_account.clone()])?,
    }
    match account_service::login(conn, email, password) {
        Ok(account) => {
            let mut forget = vec![by_account];
            forget.extend(by_device);
            throttle::clear(conn, &forget)?;
            let device = issue_device(secret, account.id, now);
            Ok(SignedIn { account, device })
        }
        Err(e) if e.status == actix_web::http::StatusCode::UNAUTHORIZED => {
            let mut failed = vec![by_address, by_account];
            failed.extend(by_device);
            throttle::record(conn, security, at, &failed)?;
            Err(e)
        }
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn device_tokens_are_bound_to_their_account_secret_and_age() {
        let now = Utc::now();
        let token = issue_device(b"secret", 7, now);
        let id = known_device(b"secret", &token, 7, now).expect("a fresh token is known");
        assert_eq!(known_device(b"secret", &token, 7, now + chrono::Duration::days(KNOWN_DEVICE_DAYS - 1)), Some(id));
        assert_eq!(known_device(b"secret", &token, 8, now), None, "another account's device");
        assert_eq!(known_device(b"other", &token, 7, now), None, "another server's secret");
        assert_eq!(
            known_device(b"secret", &token, 7, now + chrono::Duration::days(KNOWN_DEVICE_DAYS)),
            None,
            "too old"
        );
        let forged = token.replacen("7.", "8.", 1);
        assert_eq!(known_device(b"secret", &forged, 8, now), None, "the account is signed");
        for junk in ["", "a.b.c.d", "7.1.x", &format!("{token}.x")] {
            assert_eq!(known_device(b"secret", junk, 7, now), None, "{junk:?}");
        }
    }
}

//! The server's secrets and how they are made and checked: random bytes from the operating system, password
//! hashes (argon2, checked in even time), API tokens and the hashes stored in their place. Below both the
//! request extractors (`auth`) and the services that issue secrets, so that neither imports the other for them.

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};

use crate::error::{ApiError, ApiResult};

/// API tokens start with this, so a token is recognisable in logs and config files.
pub const API_TOKEN_PREFIX: &str = "tgm_";

pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).expect("the operating system provides randomness");
    bytes
}

pub fn hash_password(password: &str) -> ApiResult<String> {
    let salt = SaltString::encode_b64(&random_bytes::<16>()).map_err(ApiError::internal)?;
    Argon2::default().hash_password(password.as_bytes(), &salt).map(|h| h.to_string()).map_err(ApiError::internal)
}

pub fn verify_password(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|hash| Argon2::default().verify_password(password.as_bytes(), &hash).is_ok())
}

/// A hash of a random password, made once: checking a password against it costs what checking a real one
/// does, so that signing in as an unknown (or deleted) address takes as long as with a wrong password.
fn dummy_hash() -> &'static str {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DUMMY.get_or_init(|| {
        let password = hex::encode(random_bytes::<16>());
        hash_password(&password).expect("argon2 hashes a random password with a random salt")
    })
}

/// Checks `password` against `stored` when there is a usable hash, else against the dummy (and fails):
/// the time taken is the same either way.
pub fn verify_password_evenly(password: &str, stored: Option<&str>) -> bool {
    match stored.filter(|s| PasswordHash::new(s).is_ok()) {
        Some(hash) => verify_password(password, hash),
        None => {
            let _ = verify_password(password, dummy_hash());
            false
        }
    }
}

/// A new API token: the secret to show once, and the hash to store.
pub fn new_api_token() -> (String, String) {
    let secret = format!("{API_TOKEN_PREFIX}{}", URL_SAFE_NO_PAD.encode(random_bytes::<32>()));
    let hash = token_hash(&secret);
    (secret, hash)
}

pub fn token_hash(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_verify_only_themselves() {
        let hash = hash_password("correct horse").unwrap();
        assert!(verify_password("correct horse", &hash));
        assert!(!verify_password("wrong", &hash));
        assert!(!verify_password("correct horse", "not a hash"));
        assert!(verify_password_evenly("correct horse", Some(&hash)));
        assert!(!verify_password_evenly("correct horse", None));
        assert!(!verify_password_evenly("correct horse", Some("!")));
    }

    #[test]
    fn api_tokens_are_prefixed_and_stored_hashed() {
        let (secret, hash) = new_api_token();
        assert!(secret.starts_with(API_TOKEN_PREFIX));
        assert_eq!(hash, token_hash(&secret));
        assert_ne!(hash, secret);
    }
}

//! Who is looking at a page: the session cookie (the same session JWT the API takes as a bearer token, in
//! an HttpOnly, SameSite=Lax cookie, Secure when the public URL is https), the CSRF token its forms carry,
//! and the language.
//!
//! CSRF: a signed double submit. A random nonce lives in its own cookie; each form carries
//! HMAC(server secret, nonce) and a POST is accepted only when the two agree. Another site can make the
//! browser send the cookie but can read neither it nor the page, so it cannot forge the field; and a nonce
//! it planted (through a sibling domain) is useless without the server's secret.

use std::future::Future;
use std::pin::Pin;

use actix_web::cookie::{Cookie, SameSite, time::Duration as CookieDuration};
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, HttpResponse, web};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use shared::Lang;

use crate::auth::{self, random_bytes};
use crate::error::ApiError;
use crate::state::AppState;
use crate::web::{PageError, i18n};

pub const SESSION_COOKIE: &str = "tegami_session";
pub const CSRF_COOKIE: &str = "tegami_csrf";

/// A signed-in visitor.
#[derive(Clone, Debug)]
pub struct SignedIn {
    pub account: i64,
    pub session: String,
}

/// The visitor of a page, signed in or not.
#[derive(Clone)]
pub struct Visitor {
    pub lang: Lang,
    pub signed_in: Option<SignedIn>,
    /// The token this visitor's forms carry.
    pub csrf: String,
    /// The nonce behind `csrf`, and whether it is new (its cookie must then be set).
    nonce: String,
    new_nonce: bool,
    https: bool,
}

fn csrf_token(secret: &[u8], nonce: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes any key length");
    mac.update(b"tegami web csrf\0");
    mac.update(nonce.as_bytes());
    URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes())
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

impl Visitor {
    pub fn account(&self) -> Option<i64> {
        self.signed_in.as_ref().map(|s| s.account)
    }

    /// The signed-in account, or a 401 page asking to sign in.
    pub fn require(&self) -> Result<&SignedIn, PageError> {
        self.signed_in.as_ref().ok_or_else(|| {
            PageError(
                ApiError::unauthorized("login_required", "sign in first: /sign-in").localized(&shared::Localized::new(
                    "sign in first: /sign-in",
                    "先にサインインしてください: /sign-in",
                )),
            )
        })
    }

    /// Accepts a form only with this visitor's CSRF token.
    pub fn check_csrf(&self, given: &str) -> Result<(), PageError> {
        if self.new_nonce || !constant_time_eq(given.as_bytes(), self.csrf.as_bytes()) {
            return Err(PageError(
                ApiError::forbidden(
                    "csrf_failed",
                    "this form is stale or came from another site (or cookies are off): reload the page and send it again",
                )
                .localized(&shared::Localized::new(
                    "",
                    "フォームが古いか、別のサイトから送られました（またはクッキーが無効です）。ページを読み直してもう一度送ってください",
                )),
            ));
        }
        Ok(())
    }

    /// Adds the cookies this visitor needs (a new CSRF nonce) to a response.
    pub fn finish(&self, mut response: HttpResponse) -> HttpResponse {
        if self.new_nonce {
            let cookie = Cookie::build(CSRF_COOKIE, self.nonce.clone())
                .path("/")
                .http_only(true)
                .same_site(SameSite::Lax)
                .secure(self.https)
                .finish();
            let _ = response.add_cookie(&cookie);
        }
        response
    }

    /// The session cookie for a new session `token`, ending with it.
    pub fn session_cookie(&self, token: &str, ends_at: chrono::DateTime<chrono::Utc>) -> Cookie<'static> {
        let seconds = (ends_at - chrono::Utc::now()).num_seconds().max(0);
        Cookie::build(SESSION_COOKIE, token.to_string())
            .path("/")
            .http_only(true)
            .same_site(SameSite::Lax)
            .secure(self.https)
            .max_age(CookieDuration::seconds(seconds))
            .finish()
    }

    /// A cookie that removes the session cookie.
    pub fn ended_session_cookie(&self) -> Cookie<'static> {
        let mut cookie = Cookie::build(SESSION_COOKIE, "").path("/").http_only(true).secure(self.https).finish();
        cookie.make_removal();
        cookie
    }
}

impl FromRequest for Visitor {
    type Error = PageError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let state = req
                .app_data::<web::Data<AppState>>()
                .cloned()
                .ok_or_else(|| PageError(ApiError::internal("AppState is not registered")))?;
            let lang = i18n::of_request(&req);
            let https = state.settings.public_url.starts_with("https://");
            // A session that is over, revoked or forged is simply no session: the page offers to sign in.
            let signed_in = match req.cookie(SESSION_COOKIE) {
                Some(cookie) if !cookie.value().is_empty() => auth::resolve_session_token(&state, cookie.value())
                    .await
                    .ok()
                    .and_then(|c| Some(SignedIn { account: c.account, session: c.session? })),
                _ => None,
            };
            let (nonce, new_nonce) = match req.cookie(CSRF_COOKIE) {
                Some(c) if (20..=100).contains(&c.value().len()) => (c.value().to_string(), false),
                _ => (URL_SAFE_NO_PAD.encode(random_bytes::<24>()), true),
            };
            let csrf = csrf_token(&state.jwt_secret, &nonce);
            Ok(Visitor { lang, signed_in, csrf, nonce, new_nonce, https })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csrf_tokens_depend_on_the_nonce_and_the_secret() {
        let a = csrf_token(b"secret", "nonce-one");
        assert_eq!(a, csrf_token(b"secret", "nonce-one"));
        assert_ne!(a, csrf_token(b"secret", "nonce-two"));
        assert_ne!(a, csrf_token(b"other", "nonce-one"));
    }
}

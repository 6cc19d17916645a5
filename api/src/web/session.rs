//! Who is looking at a page: the session cookie (the same session JWT the API takes as a bearer token, in
//! an HttpOnly, SameSite=Lax cookie), the CSRF token its forms carry, whether a form came from this site,
//! and the language. Over https (the public URL says so) the cookies are `Secure` and carry the `__Host-`
//! prefix, so that no sibling domain can set or shadow them.
//!
//! CSRF: each form carries HMAC(server secret, what the token is bound to), and a POST is accepted only with
//! the token of its visitor. A signed-in visitor's token is bound to the session: a token seen on any other
//! visit, anonymous or another account's, is useless with this session. Before signing in, the token is
//! bound to a random nonce in its own cookie (a pre-session), which is replaced when a session starts.
//! Another site can make the browser send the cookies but can read neither them nor the page, so it cannot
//! forge the field. Besides, a state-changing form whose `Origin` (or, without one, `Sec-Fetch-Site`) names
//! another site is refused whatever it carries.

use std::future::Future;
use std::pin::Pin;

use actix_web::cookie::{Cookie, SameSite, time::Duration as CookieDuration};
use actix_web::dev::Payload;
use actix_web::http::{Method, header};
use actix_web::{FromRequest, HttpRequest, HttpResponse, web};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use shared::Lang;

use crate::auth;
use crate::error::ApiError;
use crate::secrets::random_bytes;
use crate::state::AppState;
use crate::web::{PageError, i18n};

/// The cookies' names over plain http (local use and tests); over https they carry [`HOST_PREFIX`].
pub const SESSION_COOKIE: &str = "tegami_session";
pub const CSRF_COOKIE: &str = "tegami_csrf";
/// The known-device token of the last sign-in from this browser (see `service::sign_in`).
pub const DEVICE_COOKIE: &str = "tegami_device";
/// Browsers accept a cookie with this prefix only if it is `Secure`, has `Path=/` and no `Domain`: a sibling
/// or parent domain cannot plant one.
pub const HOST_PREFIX: &str = "__Host-";

/// A cookie's name as this server sets it: with the `__Host-` prefix when the site is served over https.
pub fn cookie_name(base: &str, https: bool) -> String {
    if https { format!("{HOST_PREFIX}{base}") } else { base.to_string() }
}

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
    /// The pre-session nonce, and whether it is new (its cookie must then be set).
    nonce: String,
    new_nonce: bool,
    https: bool,
    /// The other site a state-changing request came from, if it did.
    foreign_origin: Option<String>,
}

/// What a CSRF token is bound to: the session when there is one, else the pre-session nonce.
fn csrf_token(secret: &[u8], signed_in: Option<&SignedIn>, nonce: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes any key length");
    match signed_in {
        Some(s) => {
            mac.update(b"tegami web csrf session\0");
            mac.update(s.session.as_bytes());
        }
        None => {
            mac.update(b"tegami web csrf pre-session\0");
            mac.update(nonce.as_bytes());
        }
    }
    URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes())
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The origin (`scheme://host[:port]`) of a URL, as browsers send it in `Origin`.
fn origin_of(url: &str) -> Option<String> {
    let parsed = reqwest::Url::parse(url).ok()?;
    let origin = parsed.origin();
    origin.is_tuple().then(|| origin.ascii_serialization())
}

/// The other site a state-changing request came from, if the browser says so: an `Origin` that is neither
/// the public URL's nor the one the request was addressed to, or, when there is no `Origin` or it is `null`,
/// a `Sec-Fetch-Site` other than `same-origin` or `none`. (Under this site's `Referrer-Policy: no-referrer`
/// browsers send `Origin: null` with the site's own form posts; a sandboxed frame elsewhere sends it too,
/// and then `Sec-Fetch-Site` tells them apart.) Requests with neither header (old browsers, scripts) rely
/// on the CSRF token alone.
fn foreign_origin(req: &HttpRequest, public_url: &str) -> Option<String> {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return None;
    }
    let origin =
        req.headers().get(header::ORIGIN).map(|o| String::from_utf8_lossy(o.as_bytes()).trim().to_ascii_lowercase());
    if let Some(origin) = origin.filter(|o| o != "null") {
        let info = req.connection_info();
        let addressed = format!("{}://{}", info.scheme(), info.host()).to_ascii_lowercase();
        let own = [origin_of(public_url), origin_of(&addressed)];
        return (!own.iter().flatten().any(|o| *o == origin)).then_some(origin);
    }
    match req.headers().get("sec-fetch-site").map(|v| String::from_utf8_lossy(v.as_bytes()).to_ascii_lowercase()) {
        Some(site) if site != "same-origin" && site != "none" => Some(format!("a {site} page")),
        _ => None,
    }
}

impl Visitor {
    pub fn account(&self) -> Option<i64> {
        self.signed_in.as_ref().map(|s| s.account)
    }

    /// The signed-in account, or a 401 page asking to sign in.
    pub fn require(&self) -> Result<&SignedIn, PageError> {
        self.signed_in.as_ref().ok_or_else(|| {
            PageError(
                ApiError::unauthorized("login_required", "sign in first: /sign-in")
                    .described(catalog::both!("problem-sign-in-first")),
            )
        })
    }

    /// Accepts a form only from this site, with this visitor's CSRF token.
    pub fn check_csrf(&self, given: &str) -> Result<(), PageError> {
        if let Some(origin) = &self.foreign_origin {
            tracing::warn!(%origin, "a form posted from another site was refused");
            return Err(PageError(
                ApiError::forbidden(
                    "cross_site_form",
                    format!("this form was sent from another site ({origin}); use the forms of this site"),
                )
                .described(catalog::both!("problem-cross-site-form", origin = origin.as_str())),
            ));
        }
        let stale = self.signed_in.is_none() && self.new_nonce;
        if stale || !constant_time_eq(given.as_bytes(), self.csrf.as_bytes()) {
            return Err(PageError(
                ApiError::forbidden(
                    "csrf_failed",
                    "this form is stale or came from another site (or cookies are off): reload the page and send it again",
                )
                .described(catalog::both!("problem-csrf-failed")),
            ));
        }
        Ok(())
    }

    fn csrf_cookie(&self, nonce: String) -> Cookie<'static> {
        Cookie::build(cookie_name(CSRF_COOKIE, self.https), nonce)
            .path("/")
            .http_only(true)
            .same_site(SameSite::Lax)
            .secure(self.https)
            .finish()
    }

    /// Adds the cookies this visitor needs (a new pre-session nonce) to a response.
    pub fn finish(&self, mut response: HttpResponse) -> HttpResponse {
        if self.new_nonce {
            let _ = response.add_cookie(&self.csrf_cookie(self.nonce.clone()));
        }
        response
    }

    /// A fresh pre-session nonce, for when a session starts or ends: a nonce someone else knew (or planted)
    /// before is worth nothing after.
    pub fn renewed_nonce_cookie(&self) -> Cookie<'static> {
        self.csrf_cookie(URL_SAFE_NO_PAD.encode(random_bytes::<24>()))
    }

    /// The session cookie for a new session `token`, ending with it.
    pub fn session_cookie(&self, token: &str, ends_at: chrono::DateTime<chrono::Utc>) -> Cookie<'static> {
        let seconds = (ends_at - chrono::Utc::now()).num_seconds().max(0);
        Cookie::build(cookie_name(SESSION_COOKIE, self.https), token.to_string())
            .path("/")
            .http_only(true)
            .same_site(SameSite::Lax)
            .secure(self.https)
            .max_age(CookieDuration::seconds(seconds))
            .finish()
    }

    /// The known-device cookie: kept across sessions, for as long as the token is good.
    pub fn device_cookie(&self, token: &str) -> Cookie<'static> {
        Cookie::build(cookie_name(DEVICE_COOKIE, self.https), token.to_string())
            .path("/")
            .http_only(true)
            .same_site(SameSite::Lax)
            .secure(self.https)
            .max_age(CookieDuration::days(crate::service::sign_in::KNOWN_DEVICE_DAYS))
            .finish()
    }

    /// A cookie that removes the session cookie.
    pub fn ended_session_cookie(&self) -> Cookie<'static> {
        let mut cookie = Cookie::build(cookie_name(SESSION_COOKIE, self.https), "")
            .path("/")
            .http_only(true)
            .secure(self.https)
            .finish();
        cookie.make_removal();
        cookie
    }

    /// The same visitor once its session is over (for the page that says so: it offers no form).
    pub fn signed_out(&self) -> Visitor {
        Visitor { signed_in: None, ..self.clone() }
    }

    pub fn https(&self) -> bool {
        self.https
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
            let signed_in = match req.cookie(&cookie_name(SESSION_COOKIE, https)) {
                Some(cookie) if !cookie.value().is_empty() => auth::resolve_session_token(&state, cookie.value())
                    .await
                    .ok()
                    .and_then(|c| Some(SignedIn { account: c.account, session: c.session? })),
                _ => None,
            };
            let (nonce, new_nonce) = match req.cookie(&cookie_name(CSRF_COOKIE, https)) {
                Some(c) if (20..=100).contains(&c.value().len()) => (c.value().to_string(), false),
                _ => (URL_SAFE_NO_PAD.encode(random_bytes::<24>()), true),
            };
            let csrf = csrf_token(&state.jwt_secret, signed_in.as_ref(), &nonce);
            let foreign_origin = foreign_origin(&req, &state.settings.public_url);
            Ok(Visitor { lang, signed_in, csrf, nonce, new_nonce, https, foreign_origin })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csrf_tokens_depend_on_the_binding_and_the_secret() {
        let a = csrf_token(b"secret", None, "nonce-one");
        assert_eq!(a, csrf_token(b"secret", None, "nonce-one"));
        assert_ne!(a, csrf_token(b"secret", None, "nonce-two"));
        assert_ne!(a, csrf_token(b"other", None, "nonce-one"));
        let session = |id: &str| SignedIn { account: 1, session: id.into() };
        let bound = csrf_token(b"secret", Some(&session("s1")), "nonce-one");
        assert_ne!(bound, a, "a signed-in visitor's token is not its pre-session token");
        assert_eq!(bound, csrf_token(b"secret", Some(&session("s1")), "another nonce"), "bound to the session only");
        assert_ne!(bound, csrf_token(b"secret", Some(&session("s2")), "nonce-one"));
        // A session id cannot pass for a nonce, nor the reverse.
        assert_ne!(csrf_token(b"secret", None, "s1"), bound);
    }

    #[test]
    fn origins_are_compared_as_browsers_send_them() {
        assert_eq!(origin_of("https://tegami.example/").as_deref(), Some("https://tegami.example"));
        assert_eq!(origin_of("http://127.0.0.1:8080/x").as_deref(), Some("http://127.0.0.1:8080"));
        assert_eq!(origin_of("https://tegami.example:443").as_deref(), Some("https://tegami.example"));
    }
}

//! Headers every response carries: no sniffing, no framing, no referrer, a Content-Security-Policy that
//! allows nothing (JSON and text need nothing; the `/docs` page sets its own), and no caching unless a
//! response says otherwise (most answers are one player's view, and some carry credentials).

use actix_web::HttpResponseBuilder;
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::middleware::DefaultHeaders;

/// The policy of every response that does not set its own.
pub const API_CSP: &str = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/// `DefaultHeaders` adds these to every response that lacks them (handlers may set their own first).
pub fn middleware(https: bool) -> DefaultHeaders {
    let mut headers = DefaultHeaders::new()
        .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .add((header::X_FRAME_OPTIONS, "DENY"))
        .add((header::REFERRER_POLICY, "no-referrer"))
        .add((header::CONTENT_SECURITY_POLICY, API_CSP))
        .add((header::CROSS_ORIGIN_OPENER_POLICY, "same-origin"))
        .add((header::CROSS_ORIGIN_RESOURCE_POLICY, "same-origin"))
        .add((HeaderName::from_static("permissions-policy"), "camera=(), microphone=(), geolocation=(), payment=()"))
        .add((header::CACHE_CONTROL, "no-store"));
    if https {
        // Only where the public URL is HTTPS: over plain HTTP browsers ignore it, and it would be a lie.
        headers = headers.add((header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static("max-age=31536000")));
    }
    headers
}

/// Marks a response as never to be stored by any cache (tokens, secrets, personal data).
pub fn no_store(mut builder: HttpResponseBuilder) -> HttpResponseBuilder {
    builder.insert_header((header::CACHE_CONTROL, "no-store")).insert_header((header::PRAGMA, "no-cache"));
    builder
}

//! The OpenAPI 3.1 document, generated from the handlers' annotations and the shared API types.
//! `openapi.yaml` at the repository root is this document; a test fails when the file is stale.

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::routes;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT session token or tgm_ API token")
                    .build(),
            ),
        );
    }
}

#[derive(OpenApi)]
#[openapi(
    info(
        title = "tegami",
        description = "Play-by-email board games: accounts, games, signed moves and hash-chained journals. \
            Errors are application/problem+json (RFC 9457) with a stable `code`.",
        license(name = "MIT OR Apache-2.0")
    ),
    paths(
        routes::health::healthz,
        routes::accounts::register, routes::accounts::login, routes::accounts::me,
        routes::tokens::create, routes::tokens::list, routes::tokens::revoke,
        routes::keys::register, routes::keys::list, routes::keys::revoke,
        routes::games::types, routes::games::create, routes::games::list, routes::games::detail, routes::games::join,
        routes::games::moves, routes::games::submit, routes::games::resign, routes::games::journal, routes::games::board,
        routes::mail::inbound, routes::mail::get_prefs, routes::mail::set_prefs, routes::mail::unsubscribe,
        routes::mail::verify_email, routes::mail::resend_verification,
        routes::mail::get_vacation, routes::mail::set_vacation,
    ),
    components(schemas(shared::api_types::MoveClaims)),
    modifiers(&BearerAuth),
    tags(
        (name = "accounts", description = "Register, log in"),
        (name = "tokens", description = "Long-lived API tokens for scripts"),
        (name = "keys", description = "Ed25519 public keys that sign moves"),
        (name = "games", description = "Games, views, legal moves, signed moves, journals"),
        (name = "mail", description = "Moves by email, notification preferences"),
        (name = "meta", description = "Health"),
    )
)]
pub struct ApiDoc;

/// The document as YAML, exactly as `openapi.yaml` should read.
pub fn yaml() -> String {
    let mut doc = ApiDoc::openapi();
    doc.info.version = env!("CARGO_PKG_VERSION").to_string();
    doc.to_yaml().expect("the OpenAPI document serialises")
}

pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi();
    doc.info.version = env!("CARGO_PKG_VERSION").to_string();
    doc
}

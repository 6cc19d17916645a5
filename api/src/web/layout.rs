//! The frame every page shares: head, navigation (with the language switch and sign-out form), and the
//! response headers of a page.

use actix_web::HttpResponse;
use actix_web::http::{StatusCode, header};
use maud::{DOCTYPE, Markup, html};
use shared::Lang;

use crate::web::assets;
use crate::web::i18n::{code, t};
use crate::web::session::Visitor;

/// Scripts and styles from this origin only (no inline script or style); forms post to this origin only;
/// `connect-src 'self'` for the signing script's key registration.
pub const PAGE_CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
                            connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/// The hidden CSRF field of every form.
pub fn csrf_field(v: &Visitor) -> Markup {
    html! { input type="hidden" name="csrf" value=(v.csrf); }
}

/// A whole page: `title` in the head and as the first heading, `body` below.
pub fn page(v: &Visitor, path: &str, title: &str, body: Markup) -> Markup {
    let lang = v.lang;
    let other = match lang {
        Lang::En => ("ja", "日本語"),
        Lang::Ja => ("en", "English"),
    };
    html! {
        (DOCTYPE)
        html lang=(code(lang)) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " · tegami" }
                link rel="stylesheet" href=(assets::CSS_PATH);
                script src=(assets::JS_PATH) defer {}
            }
            body {
                header.top {
                    a.brand href="/" { "tegami " span lang="ja" { "手紙" } }
                    nav aria-label=(t(lang, "Site", "サイト")) {
                        @if v.signed_in.is_some() {
                            a href="/games" { (t(lang, "My games", "対局一覧")) }
                            a href="/games/new" { (t(lang, "New game", "新しい対局")) }
                            a href="/keys" { (t(lang, "Keys", "鍵")) }
                            form.inline method="post" action="/sign-out" {
                                (csrf_field(v))
                                button type="submit" { (t(lang, "Sign out", "サインアウト")) }
                            }
                        } @else {
                            a href="/sign-in" { (t(lang, "Sign in", "サインイン")) }
                            a href="/register" { (t(lang, "Register", "登録")) }
                        }
                        a href={ "/lang/" (other.0) "?back=" (path) } lang=(other.0) hreflang=(other.0) { (other.1) }
                    }
                }
                main id="main" {
                    h1 { (title) }
                    (body)
                }
                footer {
                    a href="/docs" { "API" } " · "
                    a href="/" { "tegami" }
                }
            }
        }
    }
}

/// The response for a page: HTML with the page policy, never cached (pages show one person's view).
pub fn respond(v: &Visitor, status: StatusCode, markup: Markup) -> HttpResponse {
    let response = HttpResponse::build(status)
        .insert_header((header::CONTENT_SECURITY_POLICY, PAGE_CSP))
        .insert_header((header::VARY, "Cookie, Accept-Language"))
        .content_type("text/html; charset=utf-8")
        .body(markup.into_string());
    v.finish(response)
}

/// `respond` with 200.
pub fn ok(v: &Visitor, markup: Markup) -> HttpResponse {
    respond(v, StatusCode::OK, markup)
}

/// A short message page (done, unknown link, …).
pub fn message(v: &Visitor, path: &str, status: StatusCode, title: &str, text: &str) -> HttpResponse {
    respond(v, status, page(v, path, title, html! { p { (text) } }))
}

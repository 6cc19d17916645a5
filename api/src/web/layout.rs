//! The frame every page shares: head, navigation (with the language switch and sign-out form), and the
//! response headers of a page.

use actix_web::HttpResponse;
use actix_web::http::{StatusCode, header};
use maud::{DOCTYPE, Markup, html};

use crate::web::assets;
use crate::web::i18n::code;
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
pub fn page(v: &Visitor, path: &str, title: impl AsRef<str>, body: Markup) -> Markup {
    let lang = v.lang;
    let title = title.as_ref();
    html! {
        (DOCTYPE)
        html lang=(code(lang)) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " · tegami" }
                link rel="stylesheet" href=(assets::css_path());
                link rel="icon" type="image/svg+xml" href=(assets::icon_path());
                script src=(assets::sign_js_path()) defer {}
                script src=(assets::time_js_path()) defer {}
                script src=(assets::live_js_path()) defer {}
                script src=(assets::touch_js_path()) defer {}
            }
            body {
                header.top {
                    a.brand href="/" { "tegami " span lang="ja" { "手紙" } }
                    nav aria-label=(catalog::t!(lang, "web-site")) {
                        @if v.signed_in.is_some() {
                            a href="/games" { (catalog::t!(lang, "web-my-games")) }
                            a href="/games/new" { (catalog::t!(lang, "web-new-game")) }
                            a href="/keys" { (catalog::t!(lang, "web-keys")) }
                            a href="/settings" { (catalog::t!(lang, "settings-title")) }
                            form.inline method="post" action="/sign-out" {
                                (csrf_field(v))
                                button type="submit" { (catalog::t!(lang, "web-sign-out")) }
                            }
                        } @else {
                            a href=(sign_in_back_to(path)) { (catalog::t!(lang, "web-sign-in")) }
                            a href="/register" { (catalog::t!(lang, "web-register-title")) }
                        }
                        @for other in catalog::LANGUAGES.iter().copied().filter(|&other| other != lang) {
                            @let other_code = code(other);
                            a href={ "/lang/" (other_code) "?back=" (path) } lang=(other_code) hreflang=(other_code) {
                                (catalog::t!(other, "web-language-name"))
                            }
                        }
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

/// The header's sign-in link: back to this page afterwards (not from the account pages themselves).
fn sign_in_back_to(path: &str) -> String {
    if path == "/" || ["/sign-in", "/register", "/password-reset"].iter().any(|p| path.starts_with(p)) {
        return "/sign-in".to_string();
    }
    const IN_A_QUERY: &percent_encoding::AsciiSet =
        &percent_encoding::CONTROLS.add(b' ').add(b'"').add(b'#').add(b'%').add(b'&').add(b'+').add(b'?');
    format!("/sign-in?next={}", percent_encoding::utf8_percent_encode(path, IN_A_QUERY))
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
pub fn message(
    v: &Visitor,
    path: &str,
    status: StatusCode,
    title: impl AsRef<str>,
    text: impl AsRef<str>,
) -> HttpResponse {
    respond(v, status, page(v, path, title, html! { p { (text.as_ref()) } }))
}

//! The web pages: server-rendered HTML for people in a browser, beside the JSON API. Every page calls the
//! same services as the API (`crate::service`), so a page can do nothing the API does not check the same
//! way. One module per page family; the layout, the visitor (session cookie, CSRF, language) and the
//! assets are shared.

pub mod account;
pub mod assets;
pub mod event_text;
pub mod follow;
pub mod games;
pub mod home;
pub mod i18n;
pub mod landing;
pub mod layout;
pub mod live;
pub mod lobby;
pub mod new_game_extras;
pub mod options_form;
pub mod prose;
pub mod refusal;
pub mod replay;
pub mod resign_link;
pub mod results;
pub mod session;
pub mod settings;
pub mod talk;
pub mod touch;
pub mod unsubscribe;

use actix_web::http::StatusCode;
use actix_web::http::header;
use actix_web::{HttpResponse, ResponseError, web};

use crate::error::ApiError;

/// A page handler's error: the API's typed error, shown as an HTML page with its status and `code`.
#[derive(Debug)]
pub struct PageError(pub ApiError);

impl From<ApiError> for PageError {
    fn from(e: ApiError) -> Self {
        PageError(e)
    }
}

impl std::fmt::Display for PageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl ResponseError for PageError {
    fn status_code(&self) -> StatusCode {
        self.0.status
    }

    fn error_response(&self) -> HttpResponse {
        // The visitor is unknown here (the error may come from reading it): every language, each marked as such,
        // with the site's main pages to go on from.
        let e = &self.0;
        let title = |lang| error_title(lang, e.status);
        let body = maud::html! {
            (maud::DOCTYPE)
            html lang=(i18n::code(catalog::LANGUAGES[0])) {
                head {
                    meta charset="utf-8";
                    meta name="viewport" content="width=device-width, initial-scale=1";
                    title { (crate::service::notify::in_every_language(" / ", title)) " · tegami" }
                    link rel="stylesheet" href=(assets::css_path());
                    link rel="icon" type="image/svg+xml" href=(assets::icon_path());
                }
                body {
                    header.top {
                        a.brand href="/" { "tegami " span lang="ja" { "手紙" } }
                        nav aria-label="Site / サイト" {
                            @for (href, words) in ERROR_PAGE_LINKS {
                                a href=(href) {
                                    @for (i, lang) in catalog::LANGUAGES.iter().copied().enumerate() {
                                        @if i > 0 { " / " }
                                        span lang=(i18n::code(lang)) { (words(lang)) }
                                    }
                                }
                            }
                        }
                    }
                    main id="main" {
                        @for (i, lang) in catalog::LANGUAGES.iter().copied().enumerate() {
                            @if i == 0 { h1 { (title(lang)) } } @else { p.lead lang=(i18n::code(lang)) { strong { (title(lang)) } } }
                        }
                        p.error { (e.detail) }
                        @if e.details.is_some() {
                            @for lang in catalog::LANGUAGES.iter().copied().skip(1) {
                                p.error lang=(i18n::code(lang)) { (e.detail_in(lang)) }
                            }
                        }
                        p.code { "code: " code { (e.code) } }
                    }
                }
            }
        };
        let mut reply = HttpResponse::build(e.status);
        if let Some(wait) = e.retry_after {
            reply.insert_header((header::RETRY_AFTER, wait.to_string()));
        }
        reply
            .insert_header((header::CONTENT_SECURITY_POLICY, layout::PAGE_CSP))
            .content_type("text/html; charset=utf-8")
            .body(body.into_string())
    }
}

/// Where an error page lets its reader go on: the site's main pages, for anyone.
type Words = fn(shared::Lang) -> String;
const ERROR_PAGE_LINKS: [(&str, Words); 5] = [
    ("/", |lang| catalog::t!(lang, "web-home-link")),
    ("/games", |lang| catalog::t!(lang, "web-my-games")),
    ("/lobby", |lang| catalog::t!(lang, "web-error-lobby-link")),
    ("/archive", |lang| catalog::t!(lang, "web-error-archive-link")),
    ("/sign-in", |lang| catalog::t!(lang, "web-sign-in")),
];

/// An error page's title for `status`.
fn error_title(lang: shared::Lang, status: StatusCode) -> String {
    let code = status.as_u16();
    match code {
        400 => catalog::t!(lang, "web-error-bad-request", status = code),
        401 => catalog::t!(lang, "web-error-sign-in-first", status = code),
        403 => catalog::t!(lang, "web-error-forbidden", status = code),
        404 => catalog::t!(lang, "web-error-not-found", status = code),
        409 => catalog::t!(lang, "web-error-conflict", status = code),
        422 => catalog::t!(lang, "web-error-refused", status = code),
        429 => catalog::t!(lang, "web-error-too-many", status = code),
        _ => catalog::t!(lang, "web-error-other", status = code),
    }
}

/// A visitor's address that is no page: the same error page as a page's own 404.
pub fn no_page(path: &str) -> HttpResponse {
    PageError(
        ApiError::not_found("no_page", format!("there is no page at {path}"))
            .described(catalog::both!("web-error-no-page-at", path = path)),
    )
    .error_response()
}

pub type PageResult = Result<HttpResponse, PageError>;

/// A form that does not parse is a 400 page naming the field, not actix's plain-text answer.
fn form_error(err: actix_web::error::UrlencodedError, _: &actix_web::HttpRequest) -> actix_web::Error {
    PageError(ApiError::bad_request("malformed_form", format!("the form could not be read: {err}"))).into()
}

fn query_error(err: actix_web::error::QueryPayloadError, _: &actix_web::HttpRequest) -> actix_web::Error {
    PageError(ApiError::bad_request("malformed_query", format!("the address could not be read: {err}"))).into()
}

fn path_error(err: actix_web::error::PathError, _: &actix_web::HttpRequest) -> actix_web::Error {
    // The parser's words ("Path deserialize error: …") say nothing to a reader: the address is simply no page.
    tracing::debug!(error = %err, "a page's address did not parse");
    PageError(
        ApiError::not_found("no_page", "there is no page at this address")
            .described(catalog::both!("web-error-no-page")),
    )
    .into()
}

/// The pages. Every path here is outside `/api`, so the API's routes and documents are unaffected.
pub fn configure(cfg: &mut web::ServiceConfig) {
    assets::configure(cfg);
    home::configure(cfg);
    account::configure(cfg);
    games::configure(cfg);
    follow::configure(cfg);
    replay::configure(cfg);
    live::configure(cfg);
    settings::configure(cfg);
    lobby::configure(cfg);
    talk::configure(cfg);
    resign_link::configure(cfg);
    unsubscribe::configure(cfg);
}

/// A page's resource: its forms, queries and paths that do not parse answer as pages too (set per
/// resource, so that the API keeps its own problem+json answers).
pub fn resource(path: &str) -> actix_web::Resource {
    web::resource(path)
        .app_data(web::FormConfig::default().limit(64 * 1024).error_handler(form_error))
        .app_data(web::QueryConfig::default().error_handler(query_error))
        .app_data(web::PathConfig::default().error_handler(path_error))
}

/// `303 See Other` to `to`: the answer to a form POST that worked.
pub fn see_other(to: &str) -> HttpResponse {
    HttpResponse::SeeOther().insert_header((header::LOCATION, to)).finish()
}

/// `next` if it is a path on this site, else `fallback`: a crafted link can never send a visitor elsewhere,
/// and nothing in it can break the `Location` header.
///
/// Browsers drop tabs and line breaks from a URL and read `\` as `/`, so `/\t/evil.example` and
/// `/\\evil.example` lead off-site as surely as `//evil.example`. A target is therefore taken only when,
/// as given and once more percent-decoded, it starts with one `/` not followed by `/` or `\`, and holds no
/// control character and no backslash anywhere.
pub fn local_path<'a>(next: Option<&'a str>, fallback: &'a str) -> &'a str {
    match next {
        Some(p) if is_local_path(p) && is_local_path(&percent_encoding::percent_decode_str(p).decode_utf8_lossy()) => p,
        _ => fallback,
    }
}

fn is_local_path(p: &str) -> bool {
    let mut chars = p.chars();
    chars.next() == Some('/')
        && !matches!(chars.next(), Some('/' | '\\'))
        && !p.chars().any(|c| c.is_control() || c == '\\')
}

#[cfg(test)]
mod tests {
    use super::local_path;

    #[test]
    fn only_same_origin_paths_are_redirect_targets() {
        for good in ["/", "/games", "/games/3?tab=journal&x=%2F", "/rules/uosao?lang=ja", "/a/b//c", "/%E5%B1%B1"] {
            assert_eq!(local_path(Some(good), "/home"), good, "{good:?}");
        }
        for bad in [
            "//evil.example/x",
            "/\\evil.example",
            "/\t/evil.example/x",
            "/%09/evil.example/x",
            "/%2f/evil.example",
            "/%5cevil.example",
            "/ok\r\nSet-Cookie: x=y",
            "/ok%0d%0aSet-Cookie: x=y",
            "/a\\b",
            "/a\u{7f}",
            "/a\u{85}",
            "https://evil.example/",
            "https:/evil.example",
            "evil.example",
            "",
            "\t/games",
        ] {
            assert_eq!(local_path(Some(bad), "/home"), "/home", "{bad:?}");
        }
        assert_eq!(local_path(None, "/home"), "/home");
    }
}

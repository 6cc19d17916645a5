//! The web pages: server-rendered HTML for people in a browser, beside the JSON API. Every page calls the
//! same services as the API (`crate::service`), so a page can do nothing the API does not check the same
//! way. One module per page family; the layout, the visitor (session cookie, CSRF, language) and the
//! assets are shared.

pub mod account;
pub mod assets;
pub mod games;
pub mod home;
pub mod i18n;
pub mod landing;
pub mod layout;
pub mod session;

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
        // The visitor is unknown here (the error may come from reading it): both languages, no navigation.
        let e = &self.0;
        let body = maud::html! {
            (maud::DOCTYPE)
            html lang="en" {
                head {
                    meta charset="utf-8";
                    meta name="viewport" content="width=device-width, initial-scale=1";
                    title { "tegami: " (e.status.canonical_reason().unwrap_or("error")) }
                    link rel="stylesheet" href=(assets::CSS_PATH);
                }
                body {
                    main {
                        h1 { (e.status.as_u16()) " " (e.status.canonical_reason().unwrap_or("")) }
                        p.error { (e.detail) }
                        @if let Some(ja) = &e.detail_ja { p.error lang="ja" { (ja) } }
                        p.code { "code: " code { (e.code) } }
                        p { a href="/" { "tegami home / ホーム" } }
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

pub type PageResult = Result<HttpResponse, PageError>;

/// A form that does not parse is a 400 page naming the field, not actix's plain-text answer.
fn form_error(err: actix_web::error::UrlencodedError, _: &actix_web::HttpRequest) -> actix_web::Error {
    PageError(ApiError::bad_request("malformed_form", format!("the form could not be read: {err}"))).into()
}

fn query_error(err: actix_web::error::QueryPayloadError, _: &actix_web::HttpRequest) -> actix_web::Error {
    PageError(ApiError::bad_request("malformed_query", format!("the address could not be read: {err}"))).into()
}

fn path_error(err: actix_web::error::PathError, _: &actix_web::HttpRequest) -> actix_web::Error {
    PageError(ApiError::not_found("no_page", format!("no such page: {err}"))).into()
}

/// The pages. Every path here is outside `/api`, so the API's routes and documents are unaffected.
pub fn configure(cfg: &mut web::ServiceConfig) {
    assets::configure(cfg);
    home::configure(cfg);
    account::configure(cfg);
    games::configure(cfg);
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

/// `next` if it is a path on this site (so a crafted link cannot send a visitor elsewhere), else `fallback`.
pub fn local_path<'a>(next: Option<&'a str>, fallback: &'a str) -> &'a str {
    match next {
        Some(p) if p.starts_with('/') && !p.starts_with("//") && !p.contains('\\') && !p.contains("://") => p,
        _ => fallback,
    }
}

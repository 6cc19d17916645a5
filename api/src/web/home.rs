//! `/` (what tegami is, its games, sign in or register), the rules of each game as HTML, and the
//! language switch.

use actix_web::cookie::{Cookie, SameSite};
use actix_web::{HttpRequest, HttpResponse, web};
use maud::{PreEscaped, html};
use serde::Deserialize;
use shared::registry;

use crate::error::ApiError;
use crate::service::rules;
use crate::web::i18n::{self, loc};
use crate::web::layout::{self, page};
use crate::web::session::Visitor;
use crate::web::{PageError, PageResult, local_path, see_other};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(crate::web::resource("/").route(web::get().to(index)));
    cfg.service(crate::web::resource("/rules/{slug}").route(web::get().to(rules_page)));
    cfg.service(crate::web::resource("/lang/{code}").route(web::get().to(switch_language)));
}

async fn index(v: Visitor) -> HttpResponse {
    let lang = v.lang;
    let body = html! {
        p.lead { (catalog::t!(lang, "web-tegami-letter-is-a-correspondence-board")) }
        @if v.signed_in.is_some() {
            p.actions { a.button href="/games" { (catalog::t!(lang, "web-my-games")) } " " a.button href="/games/new" { (catalog::t!(lang, "web-new-game")) } }
        } @else {
            p.actions { a.button href="/register" { (catalog::t!(lang, "web-register-button")) } " " a.button href="/sign-in" { (catalog::t!(lang, "web-sign-in")) } }
        }
        h2 { (catalog::t!(lang, "web-the-games")) }
        ul.games {
            @for game in registry::games() {
                @let info = game.info();
                li {
                    h3 { (loc(lang, &info.name)) }
                    p.seats { (players_text(lang, info.min_seats, info.max_seats)) }
                    p { (loc(lang, &info.about)) }
                    p { a href={ "/rules/" (info.slug) } { (catalog::t!(lang, "web-rules-of-game", game = loc(lang, &info.name))) } }
                }
            }
        }
    };
    layout::ok(&v, page(&v, "/", catalog::t!(lang, "web-board-games-by-letter"), body))
}

/// How many play a game: "2 players", "3–5 players".
pub fn players_text(lang: shared::Lang, min: u8, max: u8) -> String {
    if min == max {
        catalog::t!(lang, "web-players-exactly", count = min)
    } else {
        catalog::t!(lang, "web-players", min = min, max = max)
    }
}

#[derive(Deserialize)]
struct LangQuery {
    lang: Option<String>,
}

/// A game's rules (the same documents the API serves as Markdown), as HTML in the asked or the visitor's
/// language. Raw HTML in the documents is shown as text, never passed through.
async fn rules_page(v: Visitor, path: web::Path<String>, query: web::Query<LangQuery>) -> PageResult {
    let doc = rules::find(&path)?;
    let lang = match query.lang.as_deref() {
        None => v.lang,
        Some(other) => rules::parse_lang(Some(other))?,
    };
    let name = registry::game(doc.slug).map(|g| loc(lang, &g.info().name).to_string()).unwrap_or_default();
    let html = markdown_to_html(doc.get(lang));
    let title = catalog::t!(lang, "web-rules-title", game = name);
    let path = format!("/rules/{}", doc.slug);
    Ok(layout::ok(&v, page(&v, &path, &title, html! { article.rules lang=(i18n::code(lang)) { (PreEscaped(html)) } })))
}

pub fn markdown_to_html(markdown: &str) -> String {
    use pulldown_cmark::{Event, Options, Parser};
    let parser = Parser::new_ext(markdown, Options::ENABLE_TABLES).map(|event| match event {
        Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(raw),
        other => other,
    });
    let mut out = String::new();
    pulldown_cmark::html::push_html(&mut out, parser);
    // Code blocks and tables scroll sideways on a phone: focusable, a keyboard can scroll them too. Raw HTML
    // became text above, so every tag here is the renderer's own.
    out.replace("<pre>", "<pre tabindex=\"0\">").replace("<table>", "<table tabindex=\"0\">")
}

#[derive(Deserialize)]
struct Back {
    back: Option<String>,
}

/// The language switch: remembers the choice in a cookie for a year and goes back to the page.
async fn switch_language(req: HttpRequest, path: web::Path<String>, query: web::Query<Back>) -> PageResult {
    let lang = catalog::language(&path).map_err(|unknown| {
        PageError(ApiError::not_found("unknown_lang", String::new()).described(unknown.message()))
    })?;
    let https = req
        .app_data::<web::Data<crate::state::AppState>>()
        .is_some_and(|s| s.settings.public_url.starts_with("https://"));
    let cookie = Cookie::build(i18n::LANG_COOKIE, i18n::code(lang))
        .path("/")
        .same_site(SameSite::Lax)
        .secure(https)
        .max_age(actix_web::cookie::time::Duration::days(365))
        .finish();
    let mut response = see_other(local_path(query.back.as_deref(), "/"));
    let _ = response.add_cookie(&cookie);
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_becomes_html_and_raw_html_stays_text() {
        let html = markdown_to_html("# Title\n\n<script>alert(1)</script>\n\n| a | b |\n|---|---|\n| 1 | 2 |\n");
        assert!(html.contains("<h1>Title</h1>"), "{html}");
        assert!(html.contains("&lt;script&gt;") && !html.contains("<script>"), "{html}");
        assert!(html.contains("<table tabindex=\"0\">"), "{html}");
    }
}

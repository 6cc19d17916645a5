//! The page behind the `List-Unsubscribe` link of game emails. Opening it changes nothing (mail scanners
//! follow links, and a player must not lose every game to one): it shows what the player gets now, with
//! a button to stop game emails, or to get them again once stopped; there is no other place for a player
//! who plays only by email to turn them back on.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use maud::html;
use serde::Deserialize;

use crate::mail::prefs::{self, Notify};
use crate::routes::with_db;
use crate::state::AppState;
use crate::web::PageResult;
use crate::web::layout::{self, csrf_field, page};
use crate::web::session::Visitor;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(crate::web::resource("/unsubscribe/{token}").route(web::get().to(form)).route(web::post().to(change)));
}

const HERE: &str = "/unsubscribe";

#[derive(Deserialize)]
struct Change {
    csrf: String,
    /// `stop` (the default: the form of earlier pages had no such field) or `resume`.
    #[serde(default)]
    action: Option<String>,
}

fn unknown(v: &Visitor) -> HttpResponse {
    let lang = v.lang;
    layout::message(
        v,
        HERE,
        StatusCode::NOT_FOUND,
        catalog::t!(lang, "web-unknown-link"),
        catalog::t!(lang, "web-this-unsubscribe-link-is-not-known"),
    )
}

/// What the player gets now, and the one button that changes it.
async fn form(state: web::Data<AppState>, v: Visitor, path: web::Path<String>) -> PageResult {
    let lang = v.lang;
    let token = path.into_inner();
    let lookup = token.clone();
    let Some(notify) = with_db(&state, move |conn| Ok(prefs::by_token(conn, &lookup)?)).await? else {
        return Ok(unknown(&v));
    };
    let action = format!("/unsubscribe/{token}");
    let body = if notify == Notify::None {
        html! {
            p { (catalog::t!(lang, "web-you-get-no-game-emails-from")) }
            form method="post" action=(action) {
                (csrf_field(&v))
                input type="hidden" name="action" value="resume";
                button type="submit" { (catalog::t!(lang, "web-email-me-each-turn-again")) }
            }
        }
    } else {
        html! {
            p { (catalog::t!(lang, "web-confirm-and-tegami-sends-you-no")) }
            form method="post" action=(action) {
                (csrf_field(&v))
                input type="hidden" name="action" value="stop";
                button type="submit" { (catalog::t!(lang, "web-stop-game-emails")) }
            }
        }
    };
    Ok(layout::ok(&v, page(&v, HERE, catalog::t!(lang, "web-game-emails"), body)))
}

async fn change(
    state: web::Data<AppState>,
    v: Visitor,
    path: web::Path<String>,
    form: web::Form<Change>,
) -> PageResult {
    v.check_csrf(&form.csrf)?;
    let lang = v.lang;
    let token = path.into_inner();
    let resume = form.action.as_deref() == Some("resume");
    let notify = if resume { Notify::EveryTurn } else { Notify::None };
    let lookup = token.clone();
    if !with_db(&state, move |conn| Ok(prefs::set_by_token(conn, &lookup, notify)?)).await? {
        return Ok(unknown(&v));
    }
    let action = format!("/unsubscribe/{token}");
    let body = if resume {
        html! { p { (catalog::t!(lang, "web-done-each-decision-asked-of-you")) } }
    } else {
        html! {
            p { (catalog::t!(lang, "web-done-you-will-get-no-more")) }
            form method="post" action=(action) {
                (csrf_field(&v))
                input type="hidden" name="action" value="resume";
                button type="submit" { (catalog::t!(lang, "web-undo-email-me-each-turn-again")) }
            }
        }
    };
    Ok(layout::ok(&v, page(&v, HERE, catalog::t!(lang, "web-done"), body)))
}

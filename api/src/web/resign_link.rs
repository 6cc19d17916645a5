//! The page behind the link of the email asking to confirm resigning (`service::resign_by_email`). Opening
//! it changes nothing (mail scanners follow links): it says what the button does; only its POST resigns.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use maud::html;
use serde::Deserialize;

use crate::routes::with_db;
use crate::secrets::token_hash;
use crate::service::resign_by_email;
use crate::state::AppState;
use crate::web::PageResult;
use crate::web::layout::{self, csrf_field, page};
use crate::web::session::Visitor;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(crate::web::resource("/resign/{token}").route(web::get().to(form)).route(web::post().to(resign)));
}

const HERE: &str = "/resign";

#[derive(Deserialize)]
struct Confirm {
    csrf: String,
}

fn unknown(v: &Visitor) -> HttpResponse {
    let lang = v.lang;
    layout::message(
        v,
        HERE,
        StatusCode::NOT_FOUND,
        catalog::t!(lang, "web-unknown-link"),
        catalog::t!(lang, "resign-page-unknown"),
    )
}

async fn form(state: web::Data<AppState>, v: Visitor, path: web::Path<String>) -> PageResult {
    let lang = v.lang;
    let token = path.into_inner();
    let lookup = token.clone();
    let Some(pending) = with_db(&state, move |conn| resign_by_email::pending(conn, &lookup)).await? else {
        return Ok(unknown(&v));
    };
    let body = html! {
        p { (catalog::t!(lang, "resign-page-explain", game = pending.game)) }
        form method="post" action={ "/resign/" (token) } {
            (csrf_field(&v))
            button type="submit" { (catalog::t!(lang, "resign-page-button", game = pending.game)) }
        }
    };
    Ok(layout::ok(&v, page(&v, HERE, catalog::t!(lang, "resign-page-title"), body)))
}

async fn resign(
    state: web::Data<AppState>,
    v: Visitor,
    path: web::Path<String>,
    form: web::Form<Confirm>,
) -> PageResult {
    v.check_csrf(&form.csrf)?;
    let lang = v.lang;
    let hash = token_hash(&path.into_inner());
    let mail = state.mail.clone();
    let Some((done, _)) = with_db(&state, move |conn| resign_by_email::confirm(conn, &mail, &hash)).await? else {
        return Ok(unknown(&v));
    };
    let body = html! {
        p { (catalog::t!(lang, "resign-page-done", game = done.game)) }
        p { a href={ "/games/" (done.game) } { (catalog::t!(lang, "web-back-to-the-game")) } }
    };
    Ok(layout::ok(&v, page(&v, HERE, catalog::t!(lang, "web-done"), body)))
}

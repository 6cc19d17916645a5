//! The game page's control for following a game between one's turns (`service::follow`): a plain form.

use actix_web::{HttpResponse, web};
use maud::{Markup, html};
use serde::Deserialize;

use crate::error::ApiError;
use crate::routes::with_db;
use crate::service::follow::{self, Following};
use crate::state::AppState;
use crate::web::layout::csrf_field;
use crate::web::session::Visitor;
use crate::web::{PageResult, see_other};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(crate::web::resource("/games/{id}/follow").route(web::post().to(keep)));
}

/// The form, for a player of game `game` who follows it `current`ly.
pub fn markup(v: &Visitor, game: i64, current: Following) -> Markup {
    let lang = v.lang;
    let choice = |value: Following, label: String| {
        html! {
            div.choice {
                input type="radio" name="follow" id={ "follow-" (value.as_str()) } value=(value.as_str()) checked[current == value];
                label for={ "follow-" (value.as_str()) } { (label) }
            }
        }
    };
    html! {
        form.follow.stack id="follow" method="post" action={ "/games/" (game) "/follow" } {
            (csrf_field(v))
            fieldset {
                legend { (catalog::t!(lang, "follow-web-legend")) }
                (choice(Following::Off, catalog::t!(lang, "follow-web-off")))
                (choice(Following::Email, catalog::t!(lang, "follow-web-email")))
                (choice(Following::Digest, catalog::t!(lang, "follow-web-digest")))
            }
            button type="submit" { (catalog::t!(lang, "follow-web-save")) }
        }
    }
}

#[derive(Deserialize)]
struct FollowForm {
    csrf: String,
    follow: String,
}

async fn keep(state: web::Data<AppState>, v: Visitor, path: web::Path<i64>, form: web::Form<FollowForm>) -> PageResult {
    v.check_csrf(&form.csrf)?;
    let account = v.require()?.account;
    let id = path.into_inner();
    let wanted = serde_json::from_value::<Following>(serde_json::Value::String(form.follow.clone())).map_err(|_| {
        ApiError::bad_request("bad_follow", "follow is off, email or digest")
            .localized(&catalog::both!("follow-web-bad-choice"))
    })?;
    with_db(&state, move |conn| follow::set(conn, account, id, wanted)).await?;
    Ok(back(id))
}

fn back(id: i64) -> HttpResponse {
    see_other(&format!("/games/{id}#follow"))
}

//! The messages panel of the game page: the table talk this visitor may read, a form to write (a plain form
//! POST and reload without JavaScript; with it, `live.js` sends the form and shows the new messages in
//! place), and a player's private note on the game.

use actix_web::{HttpResponse, web};
use maud::{Markup, html};
use serde::Deserialize;
use shared::Lang;
use shared::api_types::TalkMessage;

use crate::db::Conn;
use crate::error::ApiResult;
use crate::routes::with_db;
use crate::service::game_record::Loaded;
use crate::service::talk::{self, Channel, Draft};
use crate::state::AppState;
use crate::web::layout::csrf_field;
use crate::web::session::Visitor;
use crate::web::{PageResult, see_other};

/// Messages shown on the page, the newest (the API lists them all).
const SHOWN: usize = 100;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(crate::web::resource("/games/{id}/messages").route(web::post().to(write)));
    cfg.service(crate::web::resource("/games/{id}/note").route(web::post().to(keep_note)));
}

/// What the panel shows, read with the rest of the game page.
pub struct Panel {
    pub messages: Vec<TalkMessage>,
    /// Whether this visitor may read the table at all.
    pub readable: bool,
    pub my_seat: Option<u8>,
    /// The other players' seats and names, where private messages are allowed.
    pub private_to: Vec<(u8, String)>,
    /// My note (players only).
    pub note: Option<String>,
}

pub fn panel(conn: &mut Conn, loaded: &Loaded, account: Option<i64>) -> ApiResult<Panel> {
    let reader = talk::access::Reader::of(conn, loaded, account)?;
    let readable = reader.seat.is_some() || reader.spectators_read;
    let mut messages = if readable { talk::readable_since(conn, loaded, account, 0)? } else { Vec::new() };
    messages.drain(..messages.len().saturating_sub(SHOWN));
    let settings = talk::access::settings(conn, loaded.row.id)?;
    let private_to = match reader.seat {
        Some(me) if settings.private_messages => loaded
            .seats
            .iter()
            .zip(&loaded.names)
            .filter(|(s, _)| s.kind == "player" && s.seat != i32::from(me))
            .map(|(s, name)| (s.seat as u8, name.clone()))
            .collect(),
        _ => Vec::new(),
    };
    let note = match (account, reader.seat) {
        (Some(account), Some(_)) => Some(talk::note(conn, account, loaded.row.id)?.text),
        _ => None,
    };
    Ok(Panel { messages, readable, my_seat: reader.seat, private_to, note })
}

pub fn markup(v: &Visitor, panel: &Panel, game: i64) -> Markup {
    let lang: Lang = v.lang;
    html! {
        section.talk id="talk" {
            h2 { (catalog::t!(lang, "talk-web-heading")) }
            // Replaced alone by the page's script when a message arrives while the visitor writes one.
            div id="talk-messages" {
                @if !panel.readable {
                    p { (catalog::t!(lang, "talk-closed-to-spectators")) }
                } @else if panel.messages.is_empty() {
                    p { (catalog::t!(lang, "talk-web-none")) }
                } @else {
                    ol.messages {
                        @for m in &panel.messages {
                            li.message data-id=(m.id) {
                                // In the reader's time zone, with how long ago, like every time on the pages (`time.js`).
                                span.at { (crate::web::games::when(&m.at)) } " "
                                strong.author { (m.author) }
                                @if let Some(to) = m.to {
                                    " " em.private { (catalog::t!(lang, "talk-web-private-to", seat = to)) }
                                }
                                div.text { (m.text) }
                            }
                        }
                    }
                }
            }
            @if panel.my_seat.is_some() {
                form.write method="post" action={ "/games/" (game) "/messages" } {
                    (csrf_field(v))
                    label for="talk-text" { (catalog::t!(lang, "talk-web-write")) }
                    textarea id="talk-text" name="text" rows="3" maxlength="2000" required {}
                    @if !panel.private_to.is_empty() {
                        label for="talk-to" { (catalog::t!(lang, "talk-web-to")) }
                        select id="talk-to" name="to" {
                            option value="" { (catalog::t!(lang, "talk-web-to-table")) }
                            @for (seat, name) in &panel.private_to {
                                option value=(seat) { (name) " (" (catalog::t!(lang, "talk-web-seat", seat = *seat)) ")" }
                            }
                        }
                    }
                    button type="submit" { (catalog::t!(lang, "talk-web-send")) }
                }
            }
            @if let Some(note) = &panel.note {
                form.note method="post" action={ "/games/" (game) "/note" } {
                    (csrf_field(v))
                    label for="talk-note" { (catalog::t!(lang, "talk-web-note")) }
                    textarea id="talk-note" name="text" rows="3" maxlength="10000" { (note) }
                    button type="submit" { (catalog::t!(lang, "talk-web-keep-note")) }
                }
            }
        }
    }
}

#[derive(Deserialize)]
struct WriteForm {
    csrf: String,
    text: String,
    #[serde(default)]
    to: String,
}

/// A message from the page: the same checks and write as `POST /api/v1/games/{id}/messages`.
async fn write(state: web::Data<AppState>, v: Visitor, path: web::Path<i64>, form: web::Form<WriteForm>) -> PageResult {
    v.check_csrf(&form.csrf)?;
    let account = v.require()?.account;
    let id = path.into_inner();
    let form = form.into_inner();
    let to = form.to.trim().parse::<u8>().ok();
    let now = state.settings.clock.now().timestamp();
    let draft = Draft { text: form.text, to, channel: Channel::Web };
    let mail = state.mail.clone();
    with_db(&state, move |conn| talk::post(conn, &mail, now, account, id, draft)).await?;
    Ok(back_to_talk(id))
}

#[derive(Deserialize)]
struct NoteForm {
    csrf: String,
    text: String,
}

async fn keep_note(
    state: web::Data<AppState>,
    v: Visitor,
    path: web::Path<i64>,
    form: web::Form<NoteForm>,
) -> PageResult {
    v.check_csrf(&form.csrf)?;
    let account = v.require()?.account;
    let id = path.into_inner();
    let text = form.into_inner().text;
    with_db(&state, move |conn| talk::set_note(conn, account, id, &text)).await?;
    Ok(back_to_talk(id))
}

fn back_to_talk(id: i64) -> HttpResponse {
    see_other(&format!("/games/{id}#talk"))
}

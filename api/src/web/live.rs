//! The game page follows its game: `GET /games/{id}/events` is the game's event stream as the page's visitor
//! may see it (signed in by the session cookie, which an `EventSource` sends and cannot replace by a
//! bearer token); the page's script reloads the changed parts when an event arrives. While a player's page
//! holds this stream, the player counts as looking at the game (`mail::watching`): a turn email waiting
//! for them is not sent.

use actix_web::{HttpRequest, web};
use catalog::t;
use maud::{Markup, html};
use shared::Lang;
use shared::api_types::GameSummary;

use crate::db::Conn;
use crate::error::ApiResult;
use crate::events::{self, Scope};
use crate::routes::with_db;
use crate::service::games;
use crate::state::AppState;
use crate::web::PageResult;
use crate::web::session::Visitor;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(crate::web::resource("/games/{id}/events").route(web::get().to(game_events)));
}

async fn game_events(state: web::Data<AppState>, v: Visitor, path: web::Path<i64>, req: HttpRequest) -> PageResult {
    let game = path.into_inner();
    with_db(&state, move |conn| events::require_game(conn, game)).await?;
    let page = v.account().map(|account| state.mail.watching.open(account, game));
    Ok(crate::routes::events::open_holding(&state, Scope::Game { game, viewer: v.account() }, &req, page).await?)
}

/// The part of the game page that follows the game: `live.js` replaces it when the game's stream says
/// something happened. It carries the words the script shows, in the visitor's language.
pub fn following(lang: Lang, game: i64, my_turn: bool, next: Option<&GameSummary>, content: Markup) -> Markup {
    html! {
        div id="live" data-events={ "/games/" (game) "/events" } data-my-turn=(my_turn)
            data-turn-label=(t!(lang, "live-your-turn")) data-changed-label=(t!(lang, "live-changed")) {
            @if let Some(next) = next {
                p.next-game {
                    a href={ "/games/" (next.id) } {
                        (t!(lang, "live-next-game", game = next.name.get(lang), id = next.id))
                    }
                }
            }
            (content)
        }
        p.visually-hidden id="live-status" role="status" aria-live="polite" {}
    }
}

/// The next of `account`'s games (other than `game`) where a decision is theirs: the oldest first, as the
/// game list orders them.
pub fn next_turn(conn: &mut Conn, account: i64, game: i64) -> ApiResult<Option<GameSummary>> {
    let mut mine: Vec<GameSummary> =
        games::list(conn, account, None)?.into_iter().filter(|g| g.my_turn && g.id != game).collect();
    mine.sort_by_key(|g| g.id);
    Ok(mine.into_iter().next())
}

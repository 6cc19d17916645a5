//! Replay in the page: any game stepped through one journal entry at a time, each step at its own address
//! (`/games/{id}/replay/{at}`), showing the board as this visitor could see it just after that entry, what
//! the entry told them, whose turn it was and, once over, the result. The state comes from the same service
//! as `GET /api/v1/games/{id}/replay?at=` (the journal replayed up to the entry, every hash checked), so
//! nothing revealed later shows early. The step links work without JavaScript; with it, ← and → follow them.

use actix_web::http::StatusCode;
use actix_web::web;
use maud::{Markup, html};
use shared::RenderContext;
use shared::api_types::GameStatus;

use crate::error::ApiError;
use crate::routes::with_db;
use crate::service::replay;
use crate::state::AppState;
use crate::web::i18n::loc;
use crate::web::layout::{self, page};
use crate::web::session::Visitor;
use crate::web::{PageResult, see_other};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(crate::web::resource("/games/{id}/replay").route(web::get().to(latest)));
    cfg.service(crate::web::resource("/games/{id}/replay/{at}").route(web::get().to(step)));
}

/// The address of step `at` of game `id`.
pub fn step_path(id: i64, at: u64) -> String {
    format!("/games/{id}/replay/{at}")
}

/// The replay starts where the game is now.
async fn latest(state: web::Data<AppState>, path: web::Path<i64>) -> PageResult {
    let id = path.into_inner();
    let last = with_db(&state, move |conn| replay::last_seq(conn, id)).await?;
    Ok(see_other(&step_path(id, last)))
}

/// One step: what the page shows, read in one go.
struct Step {
    id: i64,
    at: u64,
    last: u64,
    name: String,
    slug: String,
    time: Option<String>,
    svg: String,
    narrow_svg: Option<String>,
    description: String,
    events: Vec<String>,
    /// Who was to answer what, by name.
    pending: Vec<(String, String)>,
    outcome: Option<String>,
    standings: Vec<shared::api_types::Standing>,
    status: GameStatus,
}

async fn step(state: web::Data<AppState>, v: Visitor, path: web::Path<(i64, u64)>) -> PageResult {
    let (id, at) = path.into_inner();
    let (account, lang) = (v.account(), v.lang);
    let s = with_db(&state, move |conn| {
        let loaded = replay::load_at(conn, id, at)?;
        let last = replay::last_seq(conn, id)?;
        let viewer = loaded.viewer(account);
        let over = loaded.game.is_over();
        let view = loaded.game.view(viewer);
        let context = loaded.render_context(lang, 80);
        let svg = loaded.game.game().render_svg(&view, &context).map_err(ApiError::internal)?;
        // As on the game page: a phone gets the picture drawn for its width, and everyone the board in words.
        let narrow = RenderContext { narrow: true, ..context.clone() };
        let narrow_svg =
            Some(loaded.game.game().render_svg(&view, &narrow).map_err(ApiError::internal)?).filter(|n| *n != svg);
        let description =
            loaded.game.game().render(&view, &loaded.render_context(lang, 60)).map_err(ApiError::internal)?;
        let entry = loaded.game.entries().last();
        let events =
            entry.map(|e| crate::web::event_text::of_entry(e, viewer, over, &loaded.names, lang)).unwrap_or_default();
        let detail = loaded.detail(account);
        let seat_name = |seat: u8| loaded.names.get(seat as usize).cloned().unwrap_or_default();
        let pending = detail
            .pending
            .iter()
            .map(|p| {
                let who = p.seat.map(seat_name).unwrap_or_else(|| catalog::t!(lang, "web-a-player-hidden"));
                (who, crate::service::decision_names::decision_name(lang, &loaded.row.slug, &p.kind))
            })
            .collect();
        Ok(Step {
            id,
            at,
            last,
            name: loc(lang, &detail.summary.name).to_string(),
            slug: loaded.row.slug.clone(),
            time: entry.map(|e| e.at.clone()),
            svg,
            narrow_svg,
            description,
            events,
            pending,
            outcome: detail.outcome.as_ref().map(|o| loc(lang, &o.summary).to_string()),
            standings: detail.standings,
            status: detail.summary.status,
        })
    })
    .await?;
    let title = catalog::t!(lang, "web-replay-title", game = s.name.as_str(), number = id.to_string());
    let body = markup(&v, &s);
    Ok(layout::respond(&v, StatusCode::OK, page(&v, &step_path(id, at), &title, body)))
}

/// A step link, or the same words unlinked where there is no such step.
fn step_link(id: i64, to: Option<u64>, rel: &str, text: String) -> Markup {
    html! {
        @match to {
            Some(at) => { a.button href=(step_path(id, at)) rel=[(rel != "first" && rel != "last").then_some(rel)] data-replay=(rel) { (text) } }
            None => { span.button.disabled aria-disabled="true" { (text) } }
        }
    }
}

fn markup(v: &Visitor, s: &Step) -> Markup {
    let lang = v.lang;
    let id = s.id;
    let previous = s.at.checked_sub(1);
    let next = (s.at < s.last).then_some(s.at + 1);
    html! {
        nav.replay aria-label=(catalog::t!(lang, "web-replay-steps")) {
            (step_link(id, (s.at > 0).then_some(0), "first", catalog::t!(lang, "web-replay-first")))
            (step_link(id, previous, "prev", catalog::t!(lang, "web-replay-previous")))
            span.step aria-current="step" { (catalog::t!(lang, "web-replay-step", at = s.at, last = s.last)) }
            (step_link(id, next, "next", catalog::t!(lang, "web-replay-next")))
            (step_link(id, (s.at < s.last).then_some(s.last), "last", catalog::t!(lang, "web-replay-last")))
        }
        p.help { (catalog::t!(lang, "web-replay-keys")) }
        p.meta {
            (catalog::t!(lang, "web-replay-entry-time")) " " @if let Some(t) = &s.time { (crate::web::games::when(t)) }
            " · " a href={ "/games/" (id) } { (catalog::t!(lang, "web-back-to-the-game")) }
            " · " a href={ "/rules/" (s.slug) } { (catalog::t!(lang, "web-rules-link")) }
        }
        (crate::web::touch::board(lang, &s.svg, s.narrow_svg.as_deref(), &s.description))
        section.events {
            h2 { (catalog::t!(lang, "web-replay-what-happened")) }
            @if s.events.is_empty() { p { "—" } }
            @else { ul { @for e in &s.events { li { (e) } } } }
        }
        @if !s.pending.is_empty() && s.status == GameStatus::Active {
            section.pending {
                h2 { (catalog::t!(lang, "web-whose-turn")) }
                ul { @for (who, what) in &s.pending { li { (who) ": " (what) } } }
            }
        }
        @if let Some(outcome) = &s.outcome {
            section.outcome {
                h2 { (catalog::t!(lang, "web-result")) } p { (outcome) }
                (crate::web::results::standings(lang, &s.standings))
            }
        }
    }
}

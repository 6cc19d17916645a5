//! The public pages of issue 27: the lobby (listed games with an open seat, each joinable from here), the archive
//! of finished games with their results, a player's profile, and a game's leaderboard. Each reads the same service
//! calls as the API, so unlisted games and private profiles stay out of them alike.

use actix_web::web;
use maud::{Markup, html};
use serde::Deserialize;
use shared::Lang;
use shared::api_types::{GameSummary, PlayerRating};

use crate::routes::with_db;
use crate::service::archive::{self, ArchiveFilter};
use crate::service::lobby::{self, LobbyFilter};
use crate::service::{profiles, ratings};
use crate::state::AppState;
use crate::web::PageResult;
use crate::web::layout::{self, csrf_field, page};
use crate::web::session::Visitor;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(crate::web::resource("/lobby").route(web::get().to(lobby_page)));
    cfg.service(crate::web::resource("/archive").route(web::get().to(archive_page)));
    cfg.service(crate::web::resource("/players/{id}").route(web::get().to(profile_page)));
    cfg.service(crate::web::resource("/leaderboard/{slug}").route(web::get().to(leaderboard_page)));
}

/// The lobby page's filters, as its form sends them (an unset field is empty) and its page links carry them.
#[derive(Deserialize, Default, Clone)]
struct LobbyQuery {
    #[serde(default)]
    game: String,
    #[serde(default)]
    players: String,
    #[serde(default)]
    time_limit: String,
    #[serde(default)]
    lang: String,
    #[serde(default)]
    rated: String,
    after: Option<i64>,
}

impl LobbyQuery {
    /// The same filter the API builds from the same words; a field that is not one of the form's choices is
    /// a 400 naming it.
    fn filter(&self) -> crate::error::ApiResult<LobbyFilter> {
        let players = match self.players.trim() {
            "" => None,
            n => Some(n.parse::<u8>().map_err(|_| {
                let text = catalog::both!("lobby-page-bad-players", given = n);
                crate::error::ApiError::bad_request("bad_players", "").localized(&text)
            })?),
        };
        let rated = match self.rated.as_str() {
            "" => None,
            "true" => Some(true),
            "false" => Some(false),
            other => {
                let text = catalog::both!("lobby-page-bad-rated", given = other);
                return Err(crate::error::ApiError::bad_request("bad_rated", "").localized(&text));
            }
        };
        let opt = |s: &str| Some(s.to_string()).filter(|s| !s.is_empty());
        crate::routes::lobby::lobby_filter(
            opt(&self.game).as_deref(),
            players,
            opt(&self.time_limit).as_deref(),
            opt(&self.lang).as_deref(),
            rated,
        )
    }

    /// The address of the next page: the same filters, after game `after`.
    fn next_page(&self, after: i64) -> String {
        let mut query: Vec<(&str, &str)> = [
            ("game", &self.game),
            ("players", &self.players),
            ("time_limit", &self.time_limit),
            ("lang", &self.lang),
            ("rated", &self.rated),
        ]
        .into_iter()
        .filter(|(_, v)| !v.is_empty())
        .map(|(k, v)| (k, v.as_str()))
        .collect();
        let after = after.to_string();
        query.push(("after", after.as_str()));
        let encoded: Vec<String> = query
            .iter()
            .map(|(k, v)| {
                format!("{k}={}", percent_encoding::utf8_percent_encode(v, percent_encoding::NON_ALPHANUMERIC))
            })
            .collect();
        format!("/lobby?{}", encoded.join("&"))
    }
}

/// The filter form: every filter of `GET /api/v1/lobby`, sent to this page again.
fn filter_form(lang: Lang, q: &LobbyQuery) -> Markup {
    html! {
        form.filters method="get" action="/lobby" {
            div {
                label for="lobby-game" { (catalog::t!(lang, "lobby-page-game")) }
                select id="lobby-game" name="game" {
                    option value="" { (catalog::t!(lang, "lobby-page-any")) }
                    @for g in shared::registry::games() {
                        option value=(g.slug()) selected[q.game == g.slug()] { (g.info().name.get(lang)) }
                    }
                }
            }
            div {
                label for="lobby-players" { (catalog::t!(lang, "lobby-page-player-count")) }
                input id="lobby-players" name="players" type="number" min="1" max="8" value=(q.players);
            }
            div {
                label for="lobby-time" { (catalog::t!(lang, "lobby-page-time-hours")) }
                select id="lobby-time" name="time_limit" {
                    option value="" { (catalog::t!(lang, "lobby-page-any")) }
                    option value="none" selected[q.time_limit == "none"] { (catalog::t!(lang, "lobby-page-no-limit")) }
                    @for h in ["24", "48", "72", "168"] {
                        option value=(h) selected[q.time_limit == h] { (catalog::t!(lang, "lobby-page-hours", hours = h)) }
                    }
                    @if !matches!(q.time_limit.as_str(), "" | "none" | "24" | "48" | "72" | "168") {
                        option value=(q.time_limit) selected { (catalog::t!(lang, "lobby-page-hours", hours = q.time_limit.as_str())) }
                    }
                }
            }
            div {
                label for="lobby-lang" { (catalog::t!(lang, "lobby-page-language")) }
                select id="lobby-lang" name="lang" {
                    option value="" { (catalog::t!(lang, "lobby-page-any")) }
                    @for other in catalog::LANGUAGES.iter().copied() {
                        @let code = crate::web::i18n::code(other);
                        option value=(code) selected[q.lang == code] lang=(code) { (catalog::t!(other, "web-language-name")) }
                    }
                }
            }
            div {
                label for="lobby-rated" { (catalog::t!(lang, "lobby-page-rated-or-not")) }
                select id="lobby-rated" name="rated" {
                    option value="" { (catalog::t!(lang, "lobby-page-any")) }
                    option value="true" selected[q.rated == "true"] { (catalog::t!(lang, "lobby-page-rated-only")) }
                    option value="false" selected[q.rated == "false"] { (catalog::t!(lang, "lobby-page-unrated-only")) }
                }
            }
            button type="submit" { (catalog::t!(lang, "lobby-page-filter")) }
        }
    }
}

/// A game's name in `lang` (its slug if this server has no such game).
fn game_name(lang: Lang, slug: &str) -> String {
    shared::registry::game(slug).map(|g| g.info().name.get(lang).to_string()).unwrap_or_else(|| slug.to_string())
}

fn rating_text(r: &PlayerRating) -> String {
    format!("{:.1} ± {:.1}", r.rating, r.uncertainty)
}

fn players(g: &GameSummary) -> String {
    g.seats.iter().filter(|s| !s.name.is_empty()).map(|s| s.name.as_str()).collect::<Vec<_>>().join(", ")
}

async fn lobby_page(state: web::Data<AppState>, v: Visitor, query: web::Query<LobbyQuery>) -> PageResult {
    let q = query.into_inner();
    let filter = q.filter()?;
    let after = q.after;
    let listing = with_db(&state, move |conn| lobby::page(conn, &filter, after, lobby::PAGE_MAX)).await?;
    let lang = v.lang;
    let body = html! {
        (filter_form(lang, &q))
        @if listing.games.is_empty() {
            p { (catalog::t!(lang, "lobby-page-empty")) " " a href="/games/new" { (catalog::t!(lang, "lobby-page-new")) } }
        } @else {
            table.lobby {
                thead { tr {
                    th { "#" } th { (catalog::t!(lang, "lobby-page-game")) } th { (catalog::t!(lang, "lobby-page-players")) }
                    th { (catalog::t!(lang, "lobby-page-time")) } th { (catalog::t!(lang, "lobby-page-rated")) }
                    th { span.visually-hidden { (catalog::t!(lang, "lobby-page-join")) } }
                } }
                tbody {
                    @for g in &listing.games {
                        tr {
                            td { a href={ "/games/" (g.summary.id) } { (g.summary.id) } }
                            td { (g.summary.name.get(lang)) }
                            td { (players(&g.summary)) " (" (g.open_seats.len()) "/" (g.summary.seats.len()) " " (catalog::t!(lang, "lobby-page-open")) ")" }
                            td { @match g.deadline_hours { Some(h) => { (catalog::t!(lang, "lobby-page-hours", hours = h)) } None => { (catalog::t!(lang, "lobby-page-no-limit")) } } }
                            td { @if g.rated { (catalog::t!(lang, "lobby-page-rated")) } }
                            td { (join_button(&v, g.summary.id)) }
                        }
                    }
                }
            }
            @if let Some(next) = listing.next { p { a href=(q.next_page(next)) { (catalog::t!(lang, "list-page-more")) } } }
        }
    };
    Ok(layout::ok(&v, page(&v, "/lobby", catalog::t!(lang, "lobby-page-title"), body)))
}

fn join_button(v: &Visitor, id: i64) -> Markup {
    let lang = v.lang;
    html! {
        @if v.signed_in.is_some() {
            form method="post" action={ "/games/" (id) "/join" } {
                (csrf_field(v))
                button type="submit" { (catalog::t!(lang, "lobby-page-join")) }
            }
        } @else {
            a href={ "/sign-in?next=/games/" (id) } { (catalog::t!(lang, "lobby-page-sign-in")) }
        }
    }
}

#[derive(Deserialize)]
struct ArchiveQuery {
    player: Option<i64>,
    game: Option<String>,
    after: Option<i64>,
}

async fn archive_page(state: web::Data<AppState>, v: Visitor, query: web::Query<ArchiveQuery>) -> PageResult {
    let q = query.into_inner();
    let slug = q.game.as_deref().filter(|g| !g.is_empty()).map(crate::routes::lobby::known_game).transpose()?;
    let filter = ArchiveFilter { player: q.player, slug };
    let (after, viewer) = (q.after, v.signed_in.as_ref().map(|s| s.account));
    let listing =
        with_db(&state, move |conn| archive::finished(conn, viewer, &filter, after, archive::PAGE_MAX)).await?;
    let lang = v.lang;
    let body = html! {
        @if listing.games.is_empty() {
            p { (catalog::t!(lang, "archive-empty")) }
        } @else {
            ul.archive {
                @for g in &listing.games {
                    li {
                        a href={ "/games/" (g.summary.id) } { (g.summary.name.get(lang)) " #" (g.summary.id) } ": "
                        (crate::service::results::winners_text(&g.standings, lang))
                        " · " a href={ "/api/v1/games/" (g.summary.id) "/journal?limit=1000" } { (catalog::t!(lang, "archive-page-journal")) }
                    }
                }
            }
            @if let Some(next) = listing.next { p { a href={ "/archive?after=" (next) } { (catalog::t!(lang, "list-page-more")) } } }
        }
    };
    Ok(layout::ok(&v, page(&v, "/archive", catalog::t!(lang, "archive-page-title"), body)))
}

async fn profile_page(state: web::Data<AppState>, v: Visitor, path: web::Path<i64>) -> PageResult {
    let (id, viewer) = (path.into_inner(), v.signed_in.as_ref().map(|s| s.account));
    let p = with_db(&state, move |conn| profiles::profile(conn, viewer, id)).await?;
    let lang = v.lang;
    let body = html! {
        @if !p.public { p.notice { (catalog::t!(lang, "profile-is-private")) } }
        h2 { (catalog::t!(lang, "profile-page-records")) }
        table.records {
            thead { tr { th { (catalog::t!(lang, "lobby-page-game")) } th { (catalog::t!(lang, "profile-page-played")) } th { (catalog::t!(lang, "profile-page-won")) } } }
            tbody { @for r in &p.records { tr { td { (game_name(lang, &r.slug)) } td { (r.played) } td { (r.won) } } } }
        }
        h2 { (catalog::t!(lang, "profile-page-ratings")) }
        ul { @for r in &p.ratings { li { a href={ "/leaderboard/" (r.slug) } { (game_name(lang, &r.slug)) } ": " (rating_text(r)) } } }
        @if !p.current.is_empty() {
            h2 { (catalog::t!(lang, "profile-page-current")) }
            ul { @for g in &p.current { li { a href={ "/games/" (g.id) } { (g.name.get(lang)) " #" (g.id) } } } }
        }
        p { a href={ "/archive?player=" (p.account_id) } { (catalog::t!(lang, "profile-page-archive")) } }
    };
    Ok(layout::ok(&v, page(&v, &format!("/players/{id}"), &p.name, body)))
}

async fn leaderboard_page(state: web::Data<AppState>, v: Visitor, path: web::Path<String>) -> PageResult {
    let slug = crate::routes::lobby::known_game(&path.into_inner())?;
    let s = slug.clone();
    let board = with_db(&state, move |conn| {
        ratings::leaderboard(conn, &s, ratings::DEFAULT_MIN_GAMES, ratings::LEADERBOARD_MAX)
    })
    .await?;
    let lang = v.lang;
    let body = leaderboard_table(lang, &board);
    Ok(layout::ok(
        &v,
        page(
            &v,
            &format!("/leaderboard/{slug}"),
            catalog::t!(lang, "leaderboard-page-title", game = game_name(lang, &slug)),
            body,
        ),
    ))
}

fn leaderboard_table(lang: Lang, board: &[PlayerRating]) -> Markup {
    html! {
        @if board.is_empty() { p { (catalog::t!(lang, "ratings-empty")) } } @else {
            ol.leaderboard {
                @for r in board {
                    li { a href={ "/players/" (r.account_id) } { (r.name) } " " (rating_text(r)) " (" (r.games) ")" }
                }
            }
        }
    }
}

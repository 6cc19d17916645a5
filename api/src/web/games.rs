//! The game pages: my games (my turn first, with deadlines), the new-game form, and the game page (the
//! viewer's own view as a picture, seats, whose turn, deadlines, what happened since my last move, the
//! journal, and my legal answers as a form whose answer the signing script signs), and resigning (asked
//! once more on a page of its own, since it cannot be undone).
//!
//! Everything shown comes from the same service calls as the API, with the viewer as the API would see
//! them: a spectator (or a visitor who is not signed in) gets the spectator's view, events and pending
//! decisions; a seat gets its own.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use diesel::prelude::*;
use maud::{Markup, PreEscaped, html};
use serde::Deserialize;
use shared::Lang;
use shared::RenderContext;
use shared::api_types::{
    CreateGameRequest, GameDetail, GameStatus, GameSummary, LegalMoves, SeatKind, SeatRequest, TimeoutPolicy,
};
use shared::bots::Level;
use shared::journal::EntryBody;
use shared::registry::{self, ChoiceOption};

use crate::db::Conn;
use crate::db::schema::{accounts, decision_deadlines, games as game_rows, seats};
use crate::error::{ApiError, ApiResult};
use crate::routes::with_db;
use crate::service::game_record::{self, Loaded};
use crate::service::games;
use crate::state::AppState;
use crate::web::i18n::loc;
use crate::web::layout::{self, csrf_field, page};
use crate::web::prose::with_code;
use crate::web::session::Visitor;
use crate::web::{PageResult, see_other};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(crate::web::resource("/games").route(web::get().to(my_games)));
    cfg.service(
        crate::web::resource("/games/new").route(web::get().to(new_game_form)).route(web::post().to(create_game)),
    );
    cfg.service(crate::web::resource("/games/{id}").route(web::get().to(game_page)));
    cfg.service(crate::web::resource("/games/{id}/join").route(web::post().to(join)));
    cfg.service(crate::web::resource("/games/{id}/moves").route(web::post().to(play)));
    cfg.service(
        crate::web::resource("/games/{id}/resign").route(web::get().to(resign_form)).route(web::post().to(resign)),
    );
}

/// The earliest deadline of each `(game, decision)` asked of a seat, as stored by the deadline sweep.
fn deadlines_of(conn: &mut Conn, ids: &[i64]) -> ApiResult<Vec<(i64, String, i32, String)>> {
    Ok(decision_deadlines::table
        .filter(decision_deadlines::game_id.eq_any(ids))
        .select((
            decision_deadlines::game_id,
            decision_deadlines::decision,
            decision_deadlines::seat,
            decision_deadlines::due_at,
        ))
        .load(conn)?)
}

/// The games with a seat still reserved for `account`'s address: id, game and who invited.
fn invitations_of(conn: &mut Conn, account: i64) -> ApiResult<Vec<(i64, String, String)>> {
    let email: String = accounts::table.find(account).select(accounts::email).first(conn)?;
    let rows: Vec<(i64, String, i64)> = seats::table
        .inner_join(game_rows::table.on(game_rows::id.eq(seats::game_id)))
        .filter(seats::kind.eq("invited"))
        .filter(seats::invited_email.eq(&email))
        .select((game_rows::id, game_rows::slug, game_rows::created_by))
        .distinct()
        .order(game_rows::id.desc())
        .load(conn)?;
    rows.into_iter()
        .map(|(id, slug, by)| {
            let name: String = accounts::table.find(by).select(accounts::display_name).first(conn)?;
            Ok((id, slug, name))
        })
        .collect()
}

/// A stored time (RFC 3339) as `YYYY-MM-DD HH:MM UTC`, which the page's script shows in the reader's time
/// zone with how far away it is.
pub(crate) fn when(stamp: &str) -> Markup {
    let utc = chrono::DateTime::parse_from_rfc3339(stamp)
        .map(|d| d.with_timezone(&chrono::Utc).format("%Y-%m-%d %H:%M UTC").to_string())
        .unwrap_or_else(|_| stamp.to_string());
    html! { time datetime=(stamp) { (utc) } }
}

/// Where a message's `$time` goes, so that the time can be a `<time>` element inside the message's words.
const TIME_MARK: &str = "\u{E000}";

/// A message holding `TIME_MARK`: its words escaped, the mark replaced by the time `stamp` as `when` writes it.
fn with_time(text: String, stamp: &str) -> Markup {
    PreEscaped(html! { (text) }.into_string().replace(TIME_MARK, &when(stamp).into_string()))
}

fn status_text(lang: Lang, status: GameStatus) -> String {
    match status {
        GameStatus::Waiting => catalog::t!(lang, "web-waiting-for-players"),
        GameStatus::Active => catalog::t!(lang, "web-in-play"),
        GameStatus::Finished => catalog::t!(lang, "web-finished"),
    }
}

fn seat_label(lang: Lang, seat: &shared::api_types::SeatInfo) -> String {
    match seat.kind {
        SeatKind::Player | SeatKind::Bot => seat.name.clone(),
        SeatKind::Open => catalog::t!(lang, "web-open-seat"),
        SeatKind::Invited => match &seat.invited_email {
            Some(email) => catalog::t!(lang, "web-invited-seat-address", email = email),
            None => catalog::t!(lang, "web-invited"),
        },
    }
}

// ---- my games ----

#[derive(Deserialize)]
struct WelcomeQuery {
    welcome: Option<String>,
}

async fn my_games(state: web::Data<AppState>, v: Visitor, query: web::Query<WelcomeQuery>) -> PageResult {
    let Some(signed) = v.signed_in.clone() else {
        return Ok(see_other("/sign-in?next=/games"));
    };
    let account = signed.account;
    let (mut list, deadlines, invitations) = with_db(&state, move |conn| {
        let list = games::list(conn, account, None)?;
        let ids: Vec<i64> = list.iter().map(|g| g.id).collect();
        Ok((list, deadlines_of(conn, &ids)?, invitations_of(conn, account)?))
    })
    .await?;
    let rank = |g: &GameSummary| match (g.my_turn, g.status) {
        (true, _) => 0,
        (false, GameStatus::Active) => 1,
        (false, GameStatus::Waiting) => 2,
        (false, GameStatus::Finished) => 3,
    };
    list.sort_by_key(|g| (rank(g), -g.id));
    let my_deadline = |g: &GameSummary| -> Option<String> {
        let seat = g.my_seat? as i32;
        deadlines.iter().filter(|(id, _, s, _)| *id == g.id && *s == seat).map(|(_, _, _, due)| due.clone()).min()
    };
    let lang = v.lang;
    let body = html! {
        @if query.welcome.is_some() {
            p.notice role="status" { (catalog::t!(lang, "web-welcome-we-emailed-you-a-link")) }
        }
        @if !invitations.is_empty() {
            h2 { (catalog::t!(lang, "web-invitations")) }
            ul.game-list {
                @for (id, slug, creator) in &invitations {
                    li {
                        a href={ "/games/" (id) } { "#" (id) " " (registry::game(slug).map(|g| loc(lang, &g.info().name).to_string()).unwrap_or_default()) }
                        " · " (catalog::t!(lang, "web-invitation-from", name = creator))
                    }
                }
            }
        }
        p.actions { a.button href="/games/new" { (catalog::t!(lang, "web-new-game")) } }
        @if list.is_empty() {
            p { (catalog::t!(lang, "web-no-games-yet")) }
        } @else {
            ul.game-list {
                @for g in &list {
                    li class=(if g.my_turn { "my-turn" } else { "" }) {
                        a href={ "/games/" (g.id) } { "#" (g.id) " " (loc(lang, &g.name)) }
                        " · " (status_text(lang, g.status))
                        @if g.my_turn { " · " strong { (catalog::t!(lang, "web-your-turn")) } }
                        @if let Some(due) = my_deadline(g) { " · " (with_time(catalog::t!(lang, "web-due", time = TIME_MARK), &due)) }
                        br;
                        span.seats { @for (i, s) in g.seats.iter().enumerate() { @if i > 0 { ", " } (seat_label(lang, s)) } }
                    }
                }
            }
        }
    };
    Ok(layout::ok(&v, page(&v, "/games", catalog::t!(lang, "web-my-games"), body)))
}

// ---- new game ----

#[derive(Deserialize)]
struct NewGameQuery {
    game: Option<String>,
}

/// The choices of each seat in the new-game form: the form's value and the words for it.
fn seat_choices(lang: Lang) -> [(&'static str, String); 5] {
    [
        ("me", catalog::t!(lang, "web-seat-choice-me")),
        ("bot", catalog::t!(lang, "web-seat-choice-bot")),
        ("invite", catalog::t!(lang, "web-seat-choice-invite")),
        ("open", catalog::t!(lang, "web-seat-choice-open")),
        ("none", catalog::t!(lang, "web-seat-choice-none")),
    ]
}

/// The bots that search, offered after the random `bot`.
const SEARCHING_BOTS: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

fn searching_bot_label(lang: Lang, level: Level) -> String {
    match level {
        Level::Easy => catalog::t!(lang, "bots-seat-easy"),
        Level::Normal => catalog::t!(lang, "bots-seat-normal"),
        Level::Hard | Level::Random => catalog::t!(lang, "bots-seat-hard"),
    }
}

fn new_game_page(
    v: &Visitor,
    slug: Option<&str>,
    form: &HashMap<String, String>,
    error: Option<&ApiError>,
) -> HttpResponse {
    let lang = v.lang;
    let game = slug.and_then(registry::game);
    let body = html! {
        @if let Some(e) = error { (crate::web::refusal::shown(lang, e)) }
        form.stack method="get" action="/games/new" {
            label for="game" { (catalog::t!(lang, "web-game")) }
            select id="game" name="game" {
                @for g in registry::games() {
                    option value=(g.slug()) selected[Some(g.slug()) == slug] { (loc(lang, &g.info().name)) }
                }
            }
            button type="submit" { (catalog::t!(lang, "web-choose")) }
        }
        @if let Some(game) = game {
            @let info = game.info();
            @let value = |key: &str, default: &str| form.get(key).cloned().unwrap_or_else(|| default.to_string());
            form.stack method="post" action="/games/new" {
                (csrf_field(v))
                input type="hidden" name="slug" value=(info.slug);
                p { (loc(lang, &info.about)) }
                fieldset {
                    legend { (catalog::t!(lang, "web-seats")) " (" (crate::web::home::players_text(lang, info.min_seats, info.max_seats)) ")" }
                    @for i in 0..info.max_seats {
                        @let default = if i == 0 { "me" } else if i < info.min_seats { "bot" } else { "none" };
                        @let chosen = value(&format!("seat{i}"), default);
                        div.seat-row {
                            label for={ "seat" (i) } { (catalog::t!(lang, "web-seat-number", number = i + 1)) }
                            select id={ "seat" (i) } name={ "seat" (i) } {
                                @for (code, words) in seat_choices(lang) {
                                    option value=(code) selected[chosen == code] { (words) }
                                    @if code == "bot" {
                                        @for level in SEARCHING_BOTS {
                                            option value=(level.seat_code()) selected[chosen == level.seat_code()] { (searching_bot_label(lang, level)) }
                                        }
                                    }
                                }
                            }
                            label for={ "email" (i) } { (catalog::t!(lang, "web-invited-address")) }
                            input id={ "email" (i) } name={ "email" (i) } type="email" value=(value(&format!("email{i}"), ""));
                        }
                    }
                }
                (crate::web::options_form::fieldset(lang, game, form))
                label for="deadline_hours" { (catalog::t!(lang, "web-time-limit-of-each-decision-in")) }
                input id="deadline_hours" name="deadline_hours" type="number" min="1" max="8784" value=(value("deadline_hours", "72"));
                fieldset {
                    legend { (catalog::t!(lang, "web-when-a-deadline-passes")) }
                    @let policy = value("timeout_policy", "forfeit");
                    div { input type="radio" id="policy-forfeit" name="timeout_policy" value="forfeit" checked[policy == "forfeit"];
                          label for="policy-forfeit" { (catalog::t!(lang, "web-the-player-forfeits")) } }
                    div { input type="radio" id="policy-skip" name="timeout_policy" value="skip" checked[policy == "skip"];
                          label for="policy-skip" { (catalog::t!(lang, "web-a-random-legal-answer-is-played")) } }
                }
                (crate::web::new_game_extras::fields(lang, form))
                div { input type="checkbox" id="no_mail_pictures" name="no_mail_pictures" value="on" checked[form.contains_key("no_mail_pictures")];
                      label for="no_mail_pictures" { (catalog::t!(lang, "ops-form-no-mail-pictures")) } }
                button type="submit" { (catalog::t!(lang, "web-create-the-game")) }
            }
        }
    };
    let path = "/games/new";
    layout::respond(
        v,
        error.map(|e| e.status).unwrap_or(StatusCode::OK),
        page(v, path, catalog::t!(lang, "web-new-game"), body),
    )
}

async fn new_game_form(v: Visitor, query: web::Query<NewGameQuery>) -> PageResult {
    if v.signed_in.is_none() {
        return Ok(see_other("/sign-in?next=/games/new"));
    }
    Ok(new_game_page(&v, query.game.as_deref(), &HashMap::new(), None))
}

/// The form as a `CreateGameRequest`, or a 422 that names the field.
fn create_request(form: &HashMap<String, String>) -> ApiResult<CreateGameRequest> {
    let slug = form.get("slug").cloned().unwrap_or_default();
    let game = registry::game(&slug).ok_or_else(|| {
        ApiError::unprocessable(
            "unknown_game_type",
            format!("no game `{slug}`; choose one of {}", registry::slugs().join(", ")),
        )
    })?;
    let mut seats = Vec::new();
    // The form's seats that are taken, in order: a per-seat option has a value for each of these.
    let mut taken = Vec::new();
    for i in 0..game.info().max_seats {
        let kind = form.get(&format!("seat{i}")).map(String::as_str).unwrap_or("none");
        let seat = match kind {
            "me" => SeatRequest::Me,
            "bot" => SeatRequest::Bot { level: Level::Random },
            searching if searching.starts_with("bot:") => match searching["bot:".len()..].parse::<Level>() {
                Ok(level) => SeatRequest::Bot { level },
                Err(e) => return Err(ApiError::unprocessable("bad_seats", format!("seat {}: {e}", i + 1))),
            },
            "open" => SeatRequest::Open,
            "invite" => SeatRequest::Invite {
                email: form.get(&format!("email{i}")).cloned().unwrap_or_default().trim().to_string(),
            },
            "none" => continue,
            other => {
                return Err(ApiError::unprocessable(
                    "bad_seats",
                    format!("seat {}: `{other}` is not a choice; use me, bot, invite, open or none", i + 1),
                ));
            }
        };
        seats.push(seat);
        taken.push(i);
    }
    let options = crate::web::options_form::read(game, form, &taken)?;
    let deadline_text = form.get("deadline_hours").map(|s| s.trim()).unwrap_or("");
    let deadline_hours = if deadline_text.is_empty() {
        None
    } else {
        Some(deadline_text.parse::<u32>().map_err(|_| {
            ApiError::unprocessable("bad_deadline", format!("`{deadline_text}` is not a whole number of hours"))
        })?)
    };
    let timeout_policy = match form.get("timeout_policy").map(String::as_str) {
        None | Some("forfeit") => TimeoutPolicy::Forfeit,
        Some("skip") => TimeoutPolicy::Skip,
        Some(other) => {
            return Err(ApiError::unprocessable(
                "bad_timeout_policy",
                format!("`{other}` is not a policy; use forfeit or skip"),
            ));
        }
    };
    let mail_pictures = !form.contains_key("no_mail_pictures");
    Ok(CreateGameRequest {
        slug,
        options,
        seats,
        deadline_hours,
        timeout_policy,
        rated: crate::web::new_game_extras::rated(form)?,
        listed: crate::web::new_game_extras::listed(form),
        mail_pictures,
    })
}

async fn create_game(state: web::Data<AppState>, v: Visitor, form: web::Form<HashMap<String, String>>) -> PageResult {
    v.check_csrf(form.get("csrf").map(String::as_str).unwrap_or(""))?;
    let account = v.require()?.account;
    let form = form.into_inner();
    let slug = form.get("slug").cloned();
    let request = create_request(&form);
    let mail = state.mail.clone();
    let created = match request {
        Ok(req) => with_db(&state, move |conn| games::create(conn, &mail, account, req)).await,
        Err(e) => Err(e),
    };
    match created {
        Ok(game) => Ok(see_other(&format!("/games/{}", game.summary.id))),
        Err(e) if e.status.is_client_error() => Ok(new_game_page(&v, slug.as_deref(), &form, Some(&e))),
        Err(e) => Err(e.into()),
    }
}

// ---- the game page ----

/// What the game page shows, gathered in one read.
struct GameModel {
    detail: GameDetail,
    svg: String,
    /// The picture drawn for a phone, when it is not the same as `svg`.
    narrow_svg: Option<String>,
    /// The position as the game's text render: what a screen reader reads of the board.
    description: String,
    creator: String,
    legal: Vec<LegalMoves>,
    /// The answers of each of `legal` as touches on the board, in the same order.
    gestures: Vec<Vec<shared::gesture::Gesture>>,
    since_my_last: Vec<String>,
    /// Newest first: seq, time, the events this viewer may read.
    journal: Vec<(u64, String, Vec<String>)>,
    deadlines: HashMap<String, String>,
    /// The answer typed in notation, read back (or why it could not be).
    /// The decision, the text typed, and the answer read from it (or why it could not be).
    parsed: Option<(String, String, Result<ChoiceOption, String>)>,
    talk: crate::web::talk::Panel,
    /// How the visitor follows the game, if they play in it.
    following: Option<crate::service::follow::Following>,
    refused: Option<String>,
}

#[derive(Deserialize, Default)]
struct GameQuery {
    /// A decision and an answer typed in notation, to be read back before signing.
    decision: Option<String>,
    notation: Option<String>,
    /// A refusal the page was sent back with (`crate::web::refusal`).
    refused: Option<String>,
}

/// More answers than this are offered as one drop-down list.
const LONGEST_RADIO_LIST: usize = 40;

/// Journal entries shown on the page, and searched for my last move (the API and `tegami verify` have the
/// whole journal).
const JOURNAL_SHOWN: usize = 200;

fn model(conn: &mut Conn, id: i64, account: Option<i64>, lang: Lang, query: &GameQuery) -> ApiResult<GameModel> {
    let loaded: Loaded = game_record::load(conn, id)?;
    let detail = loaded.detail(account);
    let viewer = loaded.viewer(account);
    let view = loaded.game.view(viewer);
    let context = loaded.render_context(lang, 80);
    let svg = loaded.game.game().render_svg(&view, &context).map_err(ApiError::internal)?;
    let narrow = RenderContext { narrow: true, ..context.clone() };
    let narrow_svg =
        Some(loaded.game.game().render_svg(&view, &narrow).map_err(ApiError::internal)?).filter(|n| *n != svg);
    let description = loaded.game.game().render(&view, &loaded.render_context(lang, 60)).map_err(ApiError::internal)?;
    let creator: String = accounts::table
        .find(loaded.row.created_by)
        .select(accounts::display_name)
        .first(conn)
        .optional()?
        .unwrap_or_default();
    let my_seat = loaded.seat_of(account);
    let legal = match (account, my_seat) {
        (Some(account), Some(_)) => games::legal_moves(conn, account, id)?,
        _ => Vec::new(),
    };
    let gestures =
        legal.iter().map(|l| loaded.game.game().gestures(loaded.game.state(), &l.decision.decision, viewer)).collect();
    // `load` holds the head entry only: the recent journal is read beside it.
    let head = loaded.row.head_seq;
    let recent = game_record::journal_entries(conn, id, head - JOURNAL_SHOWN as i64, JOURNAL_SHOWN as i64)?;
    let over = loaded.game.is_over();
    let readable = |e: &shared::journal::Entry| crate::web::event_text::of_entry(e, viewer, over, &loaded.names, lang);
    let since_my_last = match my_seat {
        Some(seat) => {
            let last_mine = recent.iter().rposition(|e| match &e.body {
                EntryBody::Move { seat: s, .. }
                | EntryBody::Resign { seat: s, .. }
                | EntryBody::Timeout { seat: s, .. } => *s == seat,
                _ => false,
            });
            recent[last_mine.map(|i| i + 1).unwrap_or(0)..].iter().flat_map(readable).collect()
        }
        None => Vec::new(),
    };
    let journal = recent.iter().rev().map(|e| (e.seq, e.at.clone(), readable(e))).collect();
    let deadlines = deadlines_of(conn, &[id])?.into_iter().map(|(_, decision, _, due)| (decision, due)).collect();
    let parsed = match (&query.decision, &query.notation) {
        (Some(decision), Some(text)) if !text.trim().is_empty() => {
            let pending = loaded.game.pending().into_iter().find(|p| &p.id == decision && Some(p.seat) == my_seat);
            let result = match pending {
                None => Err(catalog::t!(lang, "problem-decision-not-yours")),
                Some(p) => match loaded.game.game().parse_action(&view, &p, text.trim()) {
                    Ok(action) => Ok(ChoiceOption { notation: text.trim().to_string(), action }),
                    Err(shared::registry::ParseActionError::Notation(why)) => Err(why.0.get(lang).to_string()),
                    Err(e) => Err(e.to_string()),
                },
            };
            Some((decision.clone(), text.trim().to_string(), result))
        }
        _ => None,
    };
    let talk = crate::web::talk::panel(conn, &loaded, account)?;
    let following = match (account, loaded.seat_of(account)) {
        (Some(account), Some(_)) => Some(crate::service::follow::get(conn, account, loaded.row.id)?.follow),
        _ => None,
    };
    let refused = query.refused.clone();
    Ok(GameModel {
        detail,
        svg,
        narrow_svg,
        description,
        creator,
        legal,
        gestures,
        since_my_last,
        journal,
        deadlines,
        parsed,
        talk,
        following,
        refused,
    })
}

/// The form for one decision: the legal answers as radio buttons (the signing script signs the chosen
/// one), and where the answers are described rather than listed, a notation field read back first.
fn decision_form(v: &Visitor, m: &GameModel, legal: &LegalMoves, index: usize) -> Markup {
    let lang = v.lang;
    let id = m.detail.summary.id;
    let decision = &legal.decision.decision;
    let seat = legal.decision.seat.unwrap_or_default();
    let choices = &legal.choices;
    let parsed = m.parsed.as_ref().filter(|(d, _, _)| d == decision);
    let typed_text = parsed.map(|(_, text, _)| text.as_str()).unwrap_or("");
    let typed: Option<&ChoiceOption> = parsed.and_then(|(_, _, r)| r.as_ref().ok());
    html! {
        section.decision {
            h3 { (with_code(loc(lang, &choices.prompt))) }
            @if let Some(due) = m.deadlines.get(decision) { p.deadline { (with_time(catalog::t!(lang, "web-answer-by", time = TIME_MARK), due)) } }
            (crate::web::touch::controls(lang, &m.detail.summary.slug, &m.gestures[index]))
            @if !choices.complete {
                @if let Some(help) = &choices.help { p.help { (with_code(loc(lang, help))) } }
                form.notation method="get" action={ "/games/" (id) } {
                    input type="hidden" name="decision" value=(decision);
                    label for={ "notation-" (index) } { (catalog::t!(lang, "web-your-answer-in-notation")) }
                    input id={ "notation-" (index) } name="notation" value=(typed_text);
                    button type="submit" { (catalog::t!(lang, "web-read-it-back")) }
                }
                @if let Some((_, _, Err(why))) = parsed { p.error role="alert" { (with_code(why)) } }
            }
            form.move method="post" action={ "/games/" (id) "/moves" }
                data-sign="move" data-game=(id) data-seat=(seat) data-decision=(decision)
                data-account=(v.account().unwrap_or_default())
                data-signing=(catalog::t!(lang, "web-sign-signing"))
                data-cannot-sign=(catalog::t!(lang, "web-sign-cannot-sign"))
                data-choose-first=(catalog::t!(lang, "web-sign-choose-first"))
                data-key-refused=(catalog::t!(lang, "web-sign-key-refused"))
                data-signed-out=(catalog::t!(lang, "web-sign-signed-out"))
                data-sign-in=(catalog::t!(lang, "web-sign-in"))
                data-sign-in-href={ "/sign-in?next=/games/" (id) } {
                (csrf_field(v))
                input type="hidden" name="signed_move" value="";
                fieldset {
                    legend { (catalog::t!(lang, "web-answers")) }
                    @if let Some(option) = typed {
                        div.choice {
                            input type="radio" name="action" id={ "choice-" (index) "-typed" } value=(option.action.to_string()) checked;
                            label for={ "choice-" (index) "-typed" } { (option.notation) }
                        }
                    }
                    @if choices.options.len() > LONGEST_RADIO_LIST && typed.is_none() {
                        // A long list is one keyboard-searchable control rather than a page of buttons.
                        label for={ "choice-" (index) } { (catalog::t!(lang, "web-answer")) }
                        select id={ "choice-" (index) } name="action" required {
                            option value="" { (catalog::t!(lang, "live-choose-answer")) }
                            @for option in &choices.options { option value=(option.action.to_string()) { (option.notation) } }
                        }
                    } @else {
                        @for (i, option) in choices.options.iter().enumerate() {
                            div.choice {
                                // Nothing is chosen in advance: a stray click on "Sign and play" must not play.
                                input type="radio" name="action" id={ "choice-" (index) "-" (i) } value=(option.action.to_string())
                                    required;
                                label for={ "choice-" (index) "-" (i) } { (option.notation) }
                            }
                        }
                    }
                }
                button type="submit" { (catalog::t!(lang, "web-sign-and-play")) }
                noscript { p.error { (catalog::t!(lang, "web-moves-are-signed-in-the-browser")) } }
                p.sign-status aria-live="polite" {}
            }
        }
    }
}

fn game_markup(v: &Visitor, m: &GameModel, error: Option<&ApiError>) -> Markup {
    let lang = v.lang;
    let s = &m.detail.summary;
    let seat_name = |seat: u8| s.seats.get(seat as usize).map(|i| seat_label(lang, i)).unwrap_or_default();
    let can_join = v.signed_in.is_some()
        && s.my_seat.is_none()
        && s.status == GameStatus::Waiting
        && s.seats.iter().any(|x| matches!(x.kind, SeatKind::Open | SeatKind::Invited));
    html! {
        @if let Some(e) = error { (crate::web::refusal::shown(lang, e)) }
        @else if let Some(notice) = crate::web::refusal::notice(lang, m.refused.as_deref()) { (notice) }
        p.meta {
            (status_text(lang, s.status)) " · "
            (catalog::t!(lang, "web-created-by", name = &m.creator)) " · "
            a href={ "/rules/" (s.slug) } { (catalog::t!(lang, "web-rules-link")) }
            @match m.detail.deadline_hours {
                Some(h) => { " · " (catalog::t!(lang, "web-time-limit-per-decision", hours = h)) }
                None => { " · " (catalog::t!(lang, "web-no-time-limit")) }
            }
        }
        @if s.status == GameStatus::Waiting {
            section.invitation {
                p { (catalog::t!(lang, "web-invites-to-game", name = &m.creator, game = loc(lang, &s.name))) }
                @if can_join {
                    form method="post" action={ "/games/" (s.id) "/join" } {
                        (csrf_field(v))
                        button type="submit" { (catalog::t!(lang, "web-take-a-seat")) }
                    }
                } @else if v.signed_in.is_none() {
                    p.actions {
                        a.button href={ "/register" } { (catalog::t!(lang, "web-register-button")) } " "
                        a.button href={ "/sign-in?next=/games/" (s.id) } { (catalog::t!(lang, "web-sign-in-to-take-your-seat")) }
                    }
                }
            }
        }
        (crate::web::touch::board(lang, &m.svg, m.narrow_svg.as_deref(), &m.description))
        @if let Some(outcome) = &m.detail.outcome {
            section.outcome {
                h2 { (catalog::t!(lang, "web-result")) } p { (loc(lang, &outcome.summary)) }
                (crate::web::results::standings(lang, &m.detail.standings))
            }
        }
        section.seats {
            h2 { (catalog::t!(lang, "web-seats")) }
            ol {
                @for seat in &s.seats {
                    li { (seat_label(lang, seat)) @if s.my_seat == Some(seat.seat) { " " strong { (catalog::t!(lang, "web-you")) } } }
                }
            }
        }
        @if !m.detail.pending.is_empty() {
            section.pending {
                h2 { (catalog::t!(lang, "web-whose-turn")) }
                ul {
                    @for p in &m.detail.pending {
                        li {
                            @match p.seat { Some(seat) => { (seat_name(seat)) } None => { (catalog::t!(lang, "web-a-player-hidden")) } }
                            ": " (crate::service::decision_names::decision_name(lang, &s.slug, &p.kind))
                            @if let Some(due) = m.deadlines.get(&p.decision) { " · " (with_time(catalog::t!(lang, "web-due", time = TIME_MARK), due)) }
                        }
                    }
                }
            }
        }
        @if !m.legal.is_empty() {
            section.my-turn {
                h2 { (catalog::t!(lang, "web-your-move")) }
                @for (i, legal) in m.legal.iter().enumerate() { (decision_form(v, m, legal, i)) }
            }
        }
        @if s.my_seat.is_some() {
            section.since {
                h2 { (catalog::t!(lang, "web-since-your-last-move")) }
                @if m.since_my_last.is_empty() { p { (catalog::t!(lang, "web-nothing-yet")) } }
                @else { ul { @for e in &m.since_my_last { li { (e) } } } }
            }
        }
        @if s.my_seat.is_some() && s.status == GameStatus::Active {
            p.resign { a href={ "/games/" (s.id) "/resign" } { (catalog::t!(lang, "web-resign-link")) } }
        }
        (crate::web::talk::markup(v, &m.talk, s.id))
        @if let (Some(following), GameStatus::Active) = (m.following, s.status) {
            (crate::web::follow::markup(v, s.id, following))
        }
        section.journal id="journal" {
            h2 { (catalog::t!(lang, "web-journal")) }
            p { a href=(crate::web::replay::step_path(s.id, 0)) { (catalog::t!(lang, "web-replay-link")) } }
            ol reversed {
                @for (seq, at, events) in &m.journal {
                    li value=(seq + 1) {
                        span.at { (when(at)) } " "
                        @if events.is_empty() { "—" }
                        @for (i, e) in events.iter().enumerate() { @if i > 0 { " · " } (e) }
                        " " a.replay-step href=(crate::web::replay::step_path(s.id, *seq)) { (catalog::t!(lang, "web-replay-this-entry")) }
                    }
                }
            }
            p {
                a href={ "/api/v1/games/" (s.id) "/journal?limit=1000" } { (with_code(&catalog::t!(lang, "web-the-whole-journal-json-verify-it"))) }
                " "
                span.format { (catalog::t!(lang, "web-journal-format")) " " (m.detail.journal_format.number()) }
            }
        }
    }
}

async fn render_game(
    state: &web::Data<AppState>,
    v: &Visitor,
    id: i64,
    query: GameQuery,
    error: Option<&ApiError>,
) -> PageResult {
    let (account, lang) = (v.account(), v.lang);
    let (m, next) = with_db(state, move |conn| {
        let m = model(conn, id, account, lang, &query)?;
        let next = match account {
            Some(account) if m.legal.is_empty() => crate::web::live::next_turn(conn, account, id)?,
            _ => None,
        };
        Ok((m, next))
    })
    .await?;
    let title = format!("{} #{id}", loc(lang, &m.detail.summary.name));
    let status = error.map(|e| e.status).unwrap_or(StatusCode::OK);
    let body = crate::web::live::following(lang, id, !m.legal.is_empty(), next.as_ref(), game_markup(v, &m, error));
    Ok(layout::respond(v, status, page(v, &format!("/games/{id}"), &title, body)))
}

async fn game_page(
    state: web::Data<AppState>,
    v: Visitor,
    path: web::Path<i64>,
    query: web::Query<GameQuery>,
) -> PageResult {
    render_game(&state, &v, path.into_inner(), query.into_inner(), None).await
}

#[derive(Deserialize)]
struct JoinForm {
    csrf: String,
}

async fn join(state: web::Data<AppState>, v: Visitor, path: web::Path<i64>, form: web::Form<JoinForm>) -> PageResult {
    v.check_csrf(&form.csrf)?;
    let account = v.require()?.account;
    let id = path.into_inner();
    let mail = state.mail.clone();
    match with_db(&state, move |conn| games::join(conn, &mail, account, id, None)).await {
        Ok(_) => Ok(see_other(&format!("/games/{id}"))),
        Err(e) if crate::web::refusal::moved_on(&e) => Ok(see_other(&crate::web::refusal::notice_path(id, &e))),
        Err(e) if e.status.is_client_error() && e.status != StatusCode::NOT_FOUND => {
            render_game(&state, &v, id, GameQuery::default(), Some(&e)).await
        }
        Err(e) => Err(e.into()),
    }
}

/// "Resign from this game?": the same form for everyone who may resign; the service says whether the
/// game's rules let them now.
async fn resign_form(state: web::Data<AppState>, v: Visitor, path: web::Path<i64>) -> PageResult {
    let account = v.require()?.account;
    let (id, lang) = (path.into_inner(), v.lang);
    let detail = with_db(&state, move |conn| games::detail(conn, id, Some(account))).await?;
    let s = &detail.summary;
    if s.my_seat.is_none() {
        return Err(ApiError::forbidden("not_a_player", format!("you do not play in game `{id}`"))
            .described(catalog::both!("problem-not-a-player-of-game", game = id))
            .into());
    }
    let title = catalog::t!(lang, "web-resign-title", game = loc(lang, &s.name), number = id.to_string());
    let body = html! {
        p {
            (catalog::t!(lang, "web-you-leave-the-game-now-this"))
        }
        form method="post" action={ "/games/" (id) "/resign" } {
            (csrf_field(&v))
            button type="submit" { (catalog::t!(lang, "web-resign-button")) }
            " "
            a href={ "/games/" (id) } { (catalog::t!(lang, "web-back-to-the-game")) }
        }
    };
    Ok(layout::respond(&v, StatusCode::OK, page(&v, &format!("/games/{id}/resign"), &title, body)))
}

#[derive(Deserialize)]
struct ResignForm {
    csrf: String,
}

/// The same write as `POST /api/v1/games/{id}/resign`.
async fn resign(
    state: web::Data<AppState>,
    v: Visitor,
    path: web::Path<i64>,
    form: web::Form<ResignForm>,
) -> PageResult {
    v.check_csrf(&form.csrf)?;
    let account = v.require()?.account;
    let id = path.into_inner();
    let mail = state.mail.clone();
    let started = std::time::Instant::now();
    let accepted = state.writer.write(id, move |conn| games::resign(conn, &mail, account, id)).await;
    crate::metrics::record_move("resign", started, &accepted);
    match accepted {
        Ok(_) => Ok(see_other(&format!("/games/{id}"))),
        Err(e) if crate::web::refusal::moved_on(&e) => Ok(see_other(&crate::web::refusal::notice_path(id, &e))),
        Err(e) if e.status.is_client_error() && e.status != StatusCode::NOT_FOUND => {
            render_game(&state, &v, id, GameQuery::default(), Some(&e)).await
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Deserialize)]
struct MoveForm {
    csrf: String,
    #[serde(default)]
    signed_move: String,
}

/// A signed move from the page: the same checks and write as `POST /api/v1/games/{id}/moves`.
async fn play(state: web::Data<AppState>, v: Visitor, path: web::Path<i64>, form: web::Form<MoveForm>) -> PageResult {
    v.check_csrf(&form.csrf)?;
    let account = v.require()?.account;
    let id = path.into_inner();
    let token = form.into_inner().signed_move;
    if token.trim().is_empty() {
        let e = ApiError::unprocessable(
            "signature_required",
            "a move must be signed: the page signs it with JavaScript, which did not run",
        )
        .described(catalog::both!("problem-signature-required"));
        return render_game(&state, &v, id, GameQuery::default(), Some(&e)).await;
    }
    let mail = state.mail.clone();
    let started = std::time::Instant::now();
    let answer = with_db(&state, move |conn| games::verify_move(conn, account, id, &token)).await;
    let accepted = match answer {
        Ok(answer) => state.writer.write(id, move |conn| games::answer(conn, &mail, account, id, answer)).await,
        Err(e) => Err(e),
    };
    crate::metrics::record_move("move", started, &accepted);
    match accepted {
        Ok(_) => Ok(see_other(&format!("/games/{id}"))),
        Err(e) if crate::web::refusal::moved_on(&e) => Ok(see_other(&crate::web::refusal::notice_path(id, &e))),
        Err(e) if e.status.is_client_error() && e.status != StatusCode::NOT_FOUND => {
            render_game(&state, &v, id, GameQuery::default(), Some(&e)).await
        }
        Err(e) => Err(e.into()),
    }
}

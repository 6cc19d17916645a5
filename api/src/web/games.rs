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
use shared::api_types::{
    CreateGameRequest, GameDetail, GameStatus, GameSummary, LegalMoves, SeatKind, SeatRequest, TimeoutPolicy,
};
use shared::journal::EntryBody;
use shared::registry::{self, ChoiceOption};
use shared::{Lang, Localized};

use crate::db::Conn;
use crate::db::schema::{accounts, decision_deadlines, games as game_rows, seats};
use crate::error::{ApiError, ApiResult};
use crate::routes::with_db;
use crate::service::games::{self, Loaded};
use crate::state::AppState;
use crate::web::i18n::{loc, t};
use crate::web::layout::{self, csrf_field, page};
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

/// A stored time (RFC 3339) as `YYYY-MM-DD HH:MM UTC`.
fn when(stamp: &str) -> String {
    chrono::DateTime::parse_from_rfc3339(stamp)
        .map(|d| d.with_timezone(&chrono::Utc).format("%Y-%m-%d %H:%M UTC").to_string())
        .unwrap_or_else(|_| stamp.to_string())
}

fn status_text(lang: Lang, status: GameStatus) -> &'static str {
    match status {
        GameStatus::Waiting => t(lang, "waiting for players", "参加者待ち"),
        GameStatus::Active => t(lang, "in play", "対局中"),
        GameStatus::Finished => t(lang, "finished", "終局"),
    }
}

fn seat_label(lang: Lang, seat: &shared::api_types::SeatInfo) -> String {
    match seat.kind {
        SeatKind::Player | SeatKind::Bot => seat.name.clone(),
        SeatKind::Open => t(lang, "(open seat)", "（空席）").into(),
        SeatKind::Invited => match &seat.invited_email {
            Some(email) => format!("{} {email}", t(lang, "(invited)", "（招待中）")),
            None => t(lang, "(invited)", "（招待中）").into(),
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
            p.notice role="status" { (t(lang, "Welcome! We emailed you a link: open it to confirm your address.",
                                          "ようこそ。確認用のリンクをメールで送りました。開いてアドレスを確認してください。")) }
        }
        @if !invitations.is_empty() {
            h2 { (t(lang, "Invitations", "招待")) }
            ul.game-list {
                @for (id, slug, creator) in &invitations {
                    li {
                        a href={ "/games/" (id) } { "#" (id) " " (registry::game(slug).map(|g| loc(lang, &g.info().name).to_string()).unwrap_or_default()) }
                        " · " (t(lang, "from ", "招待者: ")) (creator)
                    }
                }
            }
        }
        p.actions { a.button href="/games/new" { (t(lang, "New game", "新しい対局")) } }
        @if list.is_empty() {
            p { (t(lang, "No games yet.", "まだ対局はありません。")) }
        } @else {
            ul.game-list {
                @for g in &list {
                    li class=(if g.my_turn { "my-turn" } else { "" }) {
                        a href={ "/games/" (g.id) } { "#" (g.id) " " (loc(lang, &g.name)) }
                        " · " (status_text(lang, g.status))
                        @if g.my_turn { " · " strong { (t(lang, "your turn", "あなたの番")) } }
                        @if let Some(due) = my_deadline(g) { " · " (t(lang, "due ", "期限 ")) (when(&due)) }
                        br;
                        span.seats { @for (i, s) in g.seats.iter().enumerate() { @if i > 0 { ", " } (seat_label(lang, s)) } }
                    }
                }
            }
        }
    };
    Ok(layout::ok(&v, page(&v, "/games", t(lang, "My games", "対局一覧"), body)))
}

// ---- new game ----

#[derive(Deserialize)]
struct NewGameQuery {
    game: Option<String>,
}

const SEAT_CHOICES: [(&str, &str, &str); 5] = [
    ("me", "me", "自分"),
    ("bot", "bot", "ボット"),
    ("invite", "invite by email", "メールで招待"),
    ("open", "open seat", "空席"),
    ("none", "no seat", "なし"),
];

fn new_game_page(
    v: &Visitor,
    slug: Option<&str>,
    form: &HashMap<String, String>,
    error: Option<&ApiError>,
) -> HttpResponse {
    let lang = v.lang;
    let game = slug.and_then(registry::game);
    let body = html! {
        @if let Some(e) = error {
            p.error role="alert" { (match (lang, &e.detail_ja) { (Lang::Ja, Some(ja)) => ja.as_str(), _ => e.detail.as_str() }) " (" code { (e.code) } ")" }
        }
        form.stack method="get" action="/games/new" {
            label for="game" { (t(lang, "Game", "ゲーム")) }
            select id="game" name="game" {
                @for g in registry::games() {
                    option value=(g.slug()) selected[Some(g.slug()) == slug] { (loc(lang, &g.info().name)) }
                }
            }
            button type="submit" { (t(lang, "Choose", "選ぶ")) }
        }
        @if let Some(game) = game {
            @let info = game.info();
            @let value = |key: &str, default: &str| form.get(key).cloned().unwrap_or_else(|| default.to_string());
            form.stack method="post" action="/games/new" {
                (csrf_field(v))
                input type="hidden" name="slug" value=(info.slug);
                p { (loc(lang, &info.about)) }
                fieldset {
                    legend { (t(lang, "Seats", "席")) " (" (info.min_seats) "–" (info.max_seats) ")" }
                    @for i in 0..info.max_seats {
                        @let default = if i == 0 { "me" } else if i < info.min_seats { "bot" } else { "none" };
                        @let chosen = value(&format!("seat{i}"), default);
                        div.seat-row {
                            label for={ "seat" (i) } { (t(lang, "Seat ", "席 ")) (i + 1) }
                            select id={ "seat" (i) } name={ "seat" (i) } {
                                @for (code, en, ja) in SEAT_CHOICES {
                                    option value=(code) selected[chosen == code] { (t(lang, en, ja)) }
                                }
                            }
                            label for={ "email" (i) } { (t(lang, "Invited address", "招待するアドレス")) }
                            input id={ "email" (i) } name={ "email" (i) } type="email" value=(value(&format!("email{i}"), ""));
                        }
                    }
                }
                label for="options" { (t(lang, "Options (JSON; the standard game as shown)", "オプション（JSON。表示は標準の設定）")) }
                textarea id="options" name="options" rows="4" {
                    (value("options", &serde_json::to_string(&game.default_options()).unwrap_or_default()))
                }
                label for="deadline_hours" { (t(lang, "Time limit of each decision, in hours (empty: none)", "各手番の持ち時間（時間。空欄は無制限）")) }
                input id="deadline_hours" name="deadline_hours" type="number" min="1" max="8784" value=(value("deadline_hours", "72"));
                fieldset {
                    legend { (t(lang, "When a deadline passes", "期限が過ぎたとき")) }
                    @let policy = value("timeout_policy", "forfeit");
                    div { input type="radio" id="policy-forfeit" name="timeout_policy" value="forfeit" checked[policy == "forfeit"];
                          label for="policy-forfeit" { (t(lang, "the player forfeits", "その人の負け（投了扱い）")) } }
                    div { input type="radio" id="policy-skip" name="timeout_policy" value="skip" checked[policy == "skip"];
                          label for="policy-skip" { (t(lang, "a random legal answer is played for them", "ランダムな合法手で代わりに指す")) } }
                }
                button type="submit" { (t(lang, "Create the game", "対局を作る")) }
            }
        }
    };
    let path = "/games/new";
    layout::respond(
        v,
        error.map(|e| e.status).unwrap_or(StatusCode::OK),
        page(v, path, t(lang, "New game", "新しい対局"), body),
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
    for i in 0..game.info().max_seats {
        let kind = form.get(&format!("seat{i}")).map(String::as_str).unwrap_or("none");
        let seat = match kind {
            "me" => SeatRequest::Me,
            "bot" => SeatRequest::Bot,
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
    }
    let options_text = form.get("options").map(|s| s.trim()).unwrap_or("");
    let options = if options_text.is_empty() {
        serde_json::Value::Null
    } else {
        serde_json::from_str(options_text)
            .map_err(|e| ApiError::unprocessable("bad_options", format!("the options are not JSON: {e}")))?
    };
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
    Ok(CreateGameRequest { slug, options, seats, deadline_hours, timeout_policy })
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
    creator: String,
    legal: Vec<LegalMoves>,
    since_my_last: Vec<Localized>,
    /// Newest first: seq, time, the events this viewer may read.
    journal: Vec<(u64, String, Vec<Localized>)>,
    deadlines: HashMap<String, String>,
    /// The answer typed in notation, read back (or why it could not be).
    /// The decision, the text typed, and the answer read from it (or why it could not be).
    parsed: Option<(String, String, Result<ChoiceOption, String>)>,
}

#[derive(Deserialize, Default)]
struct GameQuery {
    /// A decision and an answer typed in notation, to be read back before signing.
    decision: Option<String>,
    notation: Option<String>,
}

/// More answers than this are offered as one drop-down list.
const LONGEST_RADIO_LIST: usize = 40;

/// Journal entries shown on the page, and searched for my last move (the API and `tegami verify` have the
/// whole journal).
const JOURNAL_SHOWN: usize = 200;

fn model(conn: &mut Conn, id: i64, account: Option<i64>, lang: Lang, query: &GameQuery) -> ApiResult<GameModel> {
    let loaded: Loaded = games::load(conn, id)?;
    let detail = loaded.detail(account);
    let viewer = loaded.viewer(account);
    let view = loaded.game.view(viewer);
    let svg = loaded.game.game().render_svg(&view, &loaded.render_context(lang, 80)).map_err(ApiError::internal)?;
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
    // `load` holds the head entry only: the recent journal is read beside it.
    let head = loaded.row.head_seq;
    let recent = games::journal_entries(conn, id, head - JOURNAL_SHOWN as i64, JOURNAL_SHOWN as i64)?;
    let over = loaded.game.is_over();
    let readable = |e: &shared::journal::Entry| -> Vec<Localized> {
        e.events.iter().filter(|ev| ev.visible_to(viewer, over)).map(|ev| ev.text.clone()).collect()
    };
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
                None => Err(t(
                    lang,
                    "this decision is not yours, or no longer pending",
                    "この手番はあなたのものではないか、すでに終わっています",
                )
                .to_string()),
                Some(p) => match loaded.game.game().parse_action(&view, &p, text.trim()) {
                    Ok(action) => Ok(ChoiceOption { notation: text.trim().to_string(), action }),
                    Err(e) => Err(e.to_string()),
                },
            };
            Some((decision.clone(), text.trim().to_string(), result))
        }
        _ => None,
    };
    Ok(GameModel { detail, svg, creator, legal, since_my_last, journal, deadlines, parsed })
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
            h3 { (loc(lang, &choices.prompt)) }
            @if let Some(due) = m.deadlines.get(decision) { p.deadline { (t(lang, "Answer by ", "期限: ")) (when(due)) } }
            @if !choices.complete {
                @if let Some(help) = &choices.help { p.help { (loc(lang, help)) } }
                form.notation method="get" action={ "/games/" (id) } {
                    input type="hidden" name="decision" value=(decision);
                    label for={ "notation-" (index) } { (t(lang, "Your answer in notation", "記法で答える")) }
                    input id={ "notation-" (index) } name="notation" value=(typed_text);
                    button type="submit" { (t(lang, "Read it back", "確認する")) }
                }
                @if let Some((_, _, Err(why))) = parsed { p.error role="alert" { (why) } }
            }
            form.move method="post" action={ "/games/" (id) "/moves" }
                data-sign="move" data-game=(id) data-seat=(seat) data-decision=(decision)
                data-account=(v.account().unwrap_or_default()) {
                (csrf_field(v))
                input type="hidden" name="signed_move" value="";
                fieldset {
                    legend { (t(lang, "Answers", "答え")) }
                    @if let Some(option) = typed {
                        div.choice {
                            input type="radio" name="action" id={ "choice-" (index) "-typed" } value=(option.action.to_string()) checked;
                            label for={ "choice-" (index) "-typed" } { (option.notation) }
                        }
                    }
                    @if choices.options.len() > LONGEST_RADIO_LIST && typed.is_none() {
                        // A long list is one keyboard-searchable control rather than a page of buttons.
                        label for={ "choice-" (index) } { (t(lang, "Answer", "答え")) }
                        select id={ "choice-" (index) } name="action" {
                            @for option in &choices.options { option value=(option.action.to_string()) { (option.notation) } }
                        }
                    } @else {
                        @for (i, option) in choices.options.iter().enumerate() {
                            div.choice {
                                input type="radio" name="action" id={ "choice-" (index) "-" (i) } value=(option.action.to_string())
                                    checked[typed.is_none() && i == 0];
                                label for={ "choice-" (index) "-" (i) } { (option.notation) }
                            }
                        }
                    }
                }
                button type="submit" { (t(lang, "Sign and play", "署名して指す")) }
                noscript { p.error { (t(lang, "Moves are signed in the browser: this needs JavaScript.", "着手はブラウザで署名します。JavaScriptが必要です。")) } }
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
        @if let Some(e) = error {
            p.error role="alert" { (match (lang, &e.detail_ja) { (Lang::Ja, Some(ja)) => ja.as_str(), _ => e.detail.as_str() }) " (" code { (e.code) } ")" }
        }
        p.meta {
            (status_text(lang, s.status)) " · "
            (t(lang, "created by ", "作成: ")) (m.creator) " · "
            a href={ "/rules/" (s.slug) } { (t(lang, "rules", "ルール")) }
            @match m.detail.deadline_hours {
                Some(h) => { " · " (t(lang, "time limit ", "持ち時間 ")) (h) (t(lang, " h per decision", "時間/手")) }
                None => { " · " (t(lang, "no time limit", "持ち時間なし")) }
            }
        }
        @if s.status == GameStatus::Waiting {
            section.invitation {
                p { (m.creator) (t(lang, " invites players to a game of ", " さんが対局に招待しています: ")) (loc(lang, &s.name)) }
                @if can_join {
                    form method="post" action={ "/games/" (s.id) "/join" } {
                        (csrf_field(v))
                        button type="submit" { (t(lang, "Take a seat", "席に着く")) }
                    }
                } @else if v.signed_in.is_none() {
                    p.actions {
                        a.button href={ "/register" } { (t(lang, "Register", "登録する")) } " "
                        a.button href={ "/sign-in?next=/games/" (s.id) } { (t(lang, "Sign in to take your seat", "サインインして席に着く")) }
                    }
                }
            }
        }
        div.board { (PreEscaped(&m.svg)) }
        @if let Some(outcome) = &m.detail.outcome {
            section.outcome { h2 { (t(lang, "Result", "結果")) } p { (loc(lang, &outcome.summary)) } }
        }
        section.seats {
            h2 { (t(lang, "Seats", "席")) }
            ol {
                @for seat in &s.seats {
                    li { (seat_label(lang, seat)) @if s.my_seat == Some(seat.seat) { " " strong { (t(lang, "(you)", "（あなた）")) } } }
                }
            }
        }
        @if !m.detail.pending.is_empty() {
            section.pending {
                h2 { (t(lang, "Whose turn", "手番")) }
                ul {
                    @for p in &m.detail.pending {
                        li {
                            @match p.seat { Some(seat) => { (seat_name(seat)) } None => { (t(lang, "a player (hidden)", "誰か（非公開）")) } }
                            ": " code { (p.kind) }
                            @if let Some(due) = m.deadlines.get(&p.decision) { " · " (t(lang, "due ", "期限 ")) (when(due)) }
                        }
                    }
                }
            }
        }
        @if !m.legal.is_empty() {
            section.my-turn {
                h2 { (t(lang, "Your move", "あなたの番")) }
                @for (i, legal) in m.legal.iter().enumerate() { (decision_form(v, m, legal, i)) }
            }
        }
        @if s.my_seat.is_some() {
            section.since {
                h2 { (t(lang, "Since your last move", "前回のあなたの手から")) }
                @if m.since_my_last.is_empty() { p { (t(lang, "Nothing yet.", "まだ何もありません。")) } }
                @else { ul { @for e in &m.since_my_last { li { (loc(lang, e)) } } } }
            }
        }
        @if s.my_seat.is_some() && s.status == GameStatus::Active {
            p.resign { a href={ "/games/" (s.id) "/resign" } { (t(lang, "Resign…", "投了する…")) } }
        }
        section.journal id="journal" {
            h2 { (t(lang, "Journal", "記録")) }
            ol reversed {
                @for (seq, at, events) in &m.journal {
                    li value=(seq + 1) {
                        span.at { (when(at)) } " "
                        @if events.is_empty() { "—" }
                        @for (i, e) in events.iter().enumerate() { @if i > 0 { " · " } (loc(lang, e)) }
                    }
                }
            }
            p { a href={ "/api/v1/games/" (s.id) "/journal" } { (t(lang, "The whole journal (JSON; verify it with `tegami verify`)", "全記録（JSON。`tegami verify` で検証）")) } }
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
    let m = with_db(state, move |conn| model(conn, id, account, lang, &query)).await?;
    let title = format!("{} #{id}", loc(lang, &m.detail.summary.name));
    let status = error.map(|e| e.status).unwrap_or(StatusCode::OK);
    Ok(layout::respond(v, status, page(v, &format!("/games/{id}"), &title, game_markup(v, &m, error))))
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
            .localized(&Localized::new("", "この対局の参加者ではありません"))
            .into());
    }
    let title = match lang {
        Lang::En => format!("Resign from {} #{id}?", loc(lang, &s.name)),
        Lang::Ja => format!("{} #{id} を投了しますか？", loc(lang, &s.name)),
    };
    let body = html! {
        p {
            (t(lang,
               "You leave the game now; this cannot be undone. What follows is up to the game's rules: with two \
                players the other wins; with more, the game may go on without you.",
               "いま対局を離れます。取り消せません。その後はルールによります。二人なら相手の勝ち、三人以上なら\
                あなた抜きで続くことがあります。"))
        }
        form method="post" action={ "/games/" (id) "/resign" } {
            (csrf_field(&v))
            button type="submit" { (t(lang, "Resign", "投了する")) }
            " "
            a href={ "/games/" (id) } { (t(lang, "Back to the game", "対局に戻る")) }
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
    match state.writer.write(id, move |conn| games::resign(conn, &mail, account, id)).await {
        Ok(accepted) => {
            games::committed(id, accepted.game.summary.entries - 1);
            Ok(see_other(&format!("/games/{id}")))
        }
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
        .localized(&Localized::new("", "着手には署名が必要です。署名はJavaScriptで行いますが、実行されませんでした"));
        return render_game(&state, &v, id, GameQuery::default(), Some(&e)).await;
    }
    let mail = state.mail.clone();
    let answer = with_db(&state, move |conn| games::verify_move(conn, account, id, &token)).await;
    let accepted = match answer {
        Ok(answer) => state.writer.write(id, move |conn| games::answer(conn, &mail, account, id, answer)).await,
        Err(e) => Err(e),
    };
    match accepted {
        Ok(accepted) => {
            if !accepted.duplicate {
                games::committed(id, accepted.game.summary.entries - 1);
            }
            Ok(see_other(&format!("/games/{id}")))
        }
        Err(e) if e.status.is_client_error() && e.status != StatusCode::NOT_FOUND => {
            render_game(&state, &v, id, GameQuery::default(), Some(&e)).await
        }
        Err(e) => Err(e.into()),
    }
}

//! `/settings`: what the CLI and the API let a player change about their account, as one page — email
//! notifications and their language, a vacation, added mail addresses, sessions (and signing out
//! everywhere), and API tokens. Every change is a form post (CSRF-checked) that calls the same service as
//! the API; a refused change shows the page again with the reason.

use actix_web::http::StatusCode;
use actix_web::web;
use catalog::t;
use maud::{Markup, html};
use serde::Deserialize;
use shared::Lang;
use shared::api_types::{ApiToken, CreatedToken, MailAddress, MailAddressStatus, SessionInfo};

use crate::error::{ApiError, ApiResult};
use crate::mail::prefs::{self, NotificationPrefs, NotificationPrefsUpdate, Notify, TalkEmail, TurnEmail};
use crate::routes::with_db;
use crate::service::{accounts, mail_addresses, sessions, vacation};
use crate::state::AppState;
use crate::web::layout::{self, csrf_field, page};
use crate::web::session::Visitor;
use crate::web::{PageResult, see_other};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(crate::web::resource("/settings").route(web::get().to(settings_page)));
    cfg.service(crate::web::resource("/settings/notifications").route(web::post().to(set_notifications)));
    cfg.service(crate::web::resource("/settings/vacation").route(web::post().to(set_vacation)));
    cfg.service(crate::web::resource("/settings/mail-addresses").route(web::post().to(add_address)));
    cfg.service(crate::web::resource("/settings/mail-addresses/{id}/remove").route(web::post().to(remove_address)));
    cfg.service(crate::web::resource("/settings/sessions/{id}/revoke").route(web::post().to(revoke_session)));
    cfg.service(crate::web::resource("/settings/tokens").route(web::post().to(create_token)));
    cfg.service(crate::web::resource("/settings/tokens/{id}/revoke").route(web::post().to(revoke_token)));
}

/// Everything the page shows.
struct Settings {
    prefs: NotificationPrefs,
    away_until: Option<String>,
    addresses: Vec<MailAddress>,
    sessions: Vec<SessionInfo>,
    tokens: Vec<ApiToken>,
}

#[derive(Deserialize, Default)]
struct SettingsQuery {
    /// Which change was just saved: its notice is shown once.
    #[serde(default)]
    saved: Option<String>,
}

/// What a change left to show besides the settings: a notice, a refusal, or a new token's secret.
#[derive(Default)]
struct Outcome<'a> {
    saved: Option<&'a str>,
    error: Option<&'a ApiError>,
    created: Option<&'a CreatedToken>,
}

async fn load(state: &web::Data<AppState>, account: i64, session: String) -> ApiResult<Settings> {
    let mail = state.mail.clone();
    let now = state.settings.clock.now();
    with_db(state, move |conn| {
        Ok(Settings {
            prefs: prefs::get(conn, account)?,
            away_until: vacation::get(conn, &mail, account)?.until,
            addresses: mail_addresses::list(conn, account)?,
            sessions: sessions::list(conn, now, account, Some(&session))?,
            tokens: accounts::list_tokens(conn, account)?,
        })
    })
    .await
}

async fn render(state: &web::Data<AppState>, v: &Visitor, outcome: Outcome<'_>) -> PageResult {
    let signed = v.require()?.clone();
    let settings = load(state, signed.account, signed.session).await?;
    let status = outcome.error.map(|e| e.status).unwrap_or(StatusCode::OK);
    let body = markup(v, &settings, &outcome);
    Ok(layout::respond(v, status, page(v, "/settings", t!(v.lang, "settings-title"), body)))
}

async fn settings_page(state: web::Data<AppState>, v: Visitor, query: web::Query<SettingsQuery>) -> PageResult {
    if v.signed_in.is_none() {
        return Ok(see_other("/sign-in?next=/settings"));
    }
    let saved = query.into_inner().saved;
    render(&state, &v, Outcome { saved: saved.as_deref(), ..Outcome::default() }).await
}

fn notice(lang: Lang, saved: &str) -> Option<String> {
    Some(match saved {
        "notifications" => t!(lang, "settings-saved-notifications"),
        "vacation" => t!(lang, "settings-saved-vacation"),
        "address" => t!(lang, "settings-saved-address"),
        "address-removed" => t!(lang, "settings-saved-address-removed"),
        "session" => t!(lang, "settings-saved-session"),
        "token-revoked" => t!(lang, "settings-saved-token-revoked"),
        _ => return None,
    })
}

fn markup(v: &Visitor, s: &Settings, outcome: &Outcome<'_>) -> Markup {
    let lang = v.lang;
    let notify = s.prefs.notify;
    let notify_choice = |value: Notify, label: String| {
        html! {
            div.choice {
                input type="radio" name="notify" id={ "notify-" (value.as_str()) } value=(value.as_str()) checked[notify == value];
                label for={ "notify-" (value.as_str()) } { (label) }
            }
        }
    };
    let choice = |name: &str, value: &str, checked: bool, label: String| {
        html! {
            div.choice {
                input type="radio" name=(name) id={ (name) "-" (value) } value=(value) checked[checked];
                label for={ (name) "-" (value) } { (label) }
            }
        }
    };
    let (turn_email, talk_email) = (s.prefs.turn_email, s.prefs.talk_email);
    html! {
        @if let Some(text) = outcome.saved.and_then(|saved| notice(lang, saved)) { p.notice role="status" { (text) } }
        @if let Some(e) = outcome.error { p.error role="alert" { (e.detail_in(lang)) } }
        nav.toc aria-label=(t!(lang, "settings-contents")) {
            a href="#notifications" { (t!(lang, "settings-notifications")) } " · "
            a href="#vacation" { (t!(lang, "settings-vacation")) } " · "
            a href="#addresses" { (t!(lang, "settings-addresses")) } " · "
            a href="#sessions" { (t!(lang, "settings-sessions")) } " · "
            a href="#tokens" { (t!(lang, "settings-tokens")) }
        }
        section id="notifications" {
            h2 { (t!(lang, "settings-notifications")) }
            form.stack method="post" action="/settings/notifications" {
                (csrf_field(v))
                fieldset {
                    legend { (t!(lang, "settings-notify-legend")) }
                    (notify_choice(Notify::EveryTurn, t!(lang, "settings-notify-every-turn")))
                    (notify_choice(Notify::DailyDigest, t!(lang, "settings-notify-daily-digest")))
                    (notify_choice(Notify::None, t!(lang, "settings-notify-none")))
                }
                fieldset {
                    legend { (t!(lang, "settings-turn-email-legend")) }
                    (choice("turn_email", TurnEmail::UnlessSeen.as_str(), turn_email == TurnEmail::UnlessSeen, t!(lang, "settings-turn-email-unless-seen")))
                    (choice("turn_email", TurnEmail::Always.as_str(), turn_email == TurnEmail::Always, t!(lang, "settings-turn-email-always")))
                }
                fieldset {
                    legend { (t!(lang, "settings-talk-email-legend")) }
                    (choice("talk_email", TalkEmail::Off.as_str(), talk_email == TalkEmail::Off, t!(lang, "settings-talk-email-off")))
                    (choice("talk_email", TalkEmail::PrivateOnly.as_str(), talk_email == TalkEmail::PrivateOnly, t!(lang, "settings-talk-email-private-only")))
                    (choice("talk_email", TalkEmail::TableAndPrivate.as_str(), talk_email == TalkEmail::TableAndPrivate, t!(lang, "settings-talk-email-table-and-private")))
                }
                label for="mail-lang" { (t!(lang, "settings-mail-language")) }
                select id="mail-lang" name="lang" {
                    @for other in catalog::LANGUAGES.iter().copied() {
                        @let code = catalog::code(other);
                        option value=(code) selected[s.prefs.lang == other] lang=(code) { (t!(other, "web-language-name")) }
                    }
                }
                button type="submit" { (t!(lang, "settings-save")) }
            }
        }
        section id="vacation" {
            h2 { (t!(lang, "settings-vacation")) }
            p { (t!(lang, "settings-vacation-help", days = vacation::MAX_VACATION_DAYS)) }
            @match &s.away_until {
                Some(until) => {
                    p { (t!(lang, "settings-away-until")) " " time datetime=(until) { (until) } }
                    form.inline method="post" action="/settings/vacation" {
                        (csrf_field(v))
                        input type="hidden" name="back" value="";
                        button type="submit" { (t!(lang, "settings-vacation-end")) }
                    }
                }
                None => { p { (t!(lang, "settings-not-away")) } }
            }
            form.stack method="post" action="/settings/vacation" {
                (csrf_field(v))
                label for="back" { (t!(lang, "settings-back-on")) }
                input id="back" name="back" type="date" required;
                button type="submit" { (t!(lang, "settings-vacation-set")) }
            }
        }
        section id="addresses" {
            h2 { (t!(lang, "settings-addresses")) }
            p { (t!(lang, "settings-addresses-help")) }
            @if s.addresses.is_empty() { p { (t!(lang, "settings-addresses-none")) } }
            @else {
                ul.plain {
                    @for a in &s.addresses {
                        li {
                            (a.address) " · "
                            @match a.status {
                                MailAddressStatus::Proved => { (t!(lang, "settings-address-proved")) }
                                _ => { (t!(lang, "settings-address-pending")) }
                            }
                            " "
                            form.inline method="post" action={ "/settings/mail-addresses/" (a.id) "/remove" } {
                                (csrf_field(v))
                                button type="submit" aria-label=(t!(lang, "settings-address-remove-named", address = a.address.as_str())) {
                                    (t!(lang, "settings-remove"))
                                }
                            }
                        }
                    }
                }
            }
            form.stack method="post" action="/settings/mail-addresses" {
                (csrf_field(v))
                label for="address" { (t!(lang, "settings-address-add")) }
                input id="address" name="address" type="email" required autocomplete="email";
                button type="submit" { (t!(lang, "settings-address-send-link")) }
            }
        }
        section id="sessions" {
            h2 { (t!(lang, "settings-sessions")) }
            table.keys {
                thead { tr {
                    th { (t!(lang, "settings-session-signed-in")) }
                    th { (t!(lang, "settings-session-last-seen")) }
                    th { (t!(lang, "settings-session-device")) }
                    th { span.visually-hidden { (t!(lang, "settings-session-actions")) } }
                } }
                tbody {
                    @for session in &s.sessions {
                        tr {
                            td { time datetime=(session.created_at) { (session.created_at) } }
                            td { time datetime=(session.last_seen_at) { (session.last_seen_at) } }
                            td { (session.user_agent.as_deref().unwrap_or("—")) " " (session.client.as_deref().unwrap_or("")) }
                            td {
                                @if session.current { strong { (t!(lang, "settings-session-this-one")) } }
                                @else {
                                    form.inline method="post" action={ "/settings/sessions/" (session.id) "/revoke" } {
                                        (csrf_field(v))
                                        button type="submit" { (t!(lang, "settings-session-sign-out")) }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            p { a href="/sign-out/everywhere" { (t!(lang, "settings-sign-out-everywhere")) } }
        }
        section id="tokens" {
            h2 { (t!(lang, "settings-tokens")) }
            p { (t!(lang, "settings-tokens-help")) }
            @if let Some(created) = outcome.created {
                div.notice role="status" {
                    p { (t!(lang, "settings-token-created", name = created.token.name.as_str())) }
                    p { code.secret { (created.secret) } }
                }
            }
            @if s.tokens.is_empty() { p { (t!(lang, "settings-tokens-none")) } }
            @else {
                ul.plain {
                    @for token in &s.tokens {
                        li {
                            (token.name) " · " (t!(lang, "settings-token-created-at")) " "
                            time datetime=(token.created_at) { (token.created_at) }
                            @if let Some(used) = &token.last_used_at {
                                " · " (t!(lang, "settings-token-last-used")) " " time datetime=(used) { (used) }
                            }
                            " "
                            form.inline method="post" action={ "/settings/tokens/" (token.id) "/revoke" } {
                                (csrf_field(v))
                                button type="submit" aria-label=(t!(lang, "settings-token-revoke-named", name = token.name.as_str())) {
                                    (t!(lang, "settings-token-revoke"))
                                }
                            }
                        }
                    }
                }
            }
            form.stack method="post" action="/settings/tokens" {
                (csrf_field(v))
                label for="token-name" { (t!(lang, "settings-token-name")) }
                input id="token-name" name="name" required maxlength="100";
                button type="submit" { (t!(lang, "settings-token-create")) }
            }
        }
    }
}

/// Saved: back to the page (a reload does not post again); refused: the page again, with the reason.
async fn finish(state: &web::Data<AppState>, v: &Visitor, done: ApiResult<()>, saved: &str) -> PageResult {
    match done {
        Ok(()) => Ok(see_other(&format!("/settings?saved={saved}#{}", anchor(saved)))),
        Err(e) if e.status.is_client_error() => {
            render(state, v, Outcome { error: Some(&e), ..Outcome::default() }).await
        }
        Err(e) => Err(e.into()),
    }
}

fn anchor(saved: &str) -> &'static str {
    match saved {
        "notifications" => "notifications",
        "vacation" => "vacation",
        "address" | "address-removed" => "addresses",
        "session" => "sessions",
        _ => "tokens",
    }
}

#[derive(Deserialize)]
struct NotificationsForm {
    csrf: String,
    notify: String,
    lang: String,
    // Left out by a form of an older page: the choice stays as it is.
    turn_email: Option<String>,
    talk_email: Option<String>,
}

async fn set_notifications(state: web::Data<AppState>, v: Visitor, form: web::Form<NotificationsForm>) -> PageResult {
    v.check_csrf(&form.csrf)?;
    let account = v.require()?.account;
    let form = form.into_inner();
    let mut fields = serde_json::json!({ "notify": form.notify, "lang": form.lang });
    // A choice the form left out is left out here too: the update refuses `null` as a choice.
    for (name, given) in [("turn_email", form.turn_email), ("talk_email", form.talk_email)] {
        if let Some(value) = given {
            fields[name] = serde_json::Value::String(value);
        }
    }
    let parsed = serde_json::from_value::<NotificationPrefsUpdate>(fields).map_err(|_| {
        ApiError::bad_request("bad_preference", String::new())
            .described_by(|lang| catalog::t!(lang, "settings-bad-preference", languages = catalog::codes(lang)))
    });
    let done = match parsed {
        Ok(prefs) => with_db(&state, move |conn| Ok(prefs::set(conn, account, &prefs).map(drop)?)).await,
        Err(e) => Err(e),
    };
    finish(&state, &v, done, "notifications").await
}

#[derive(Deserialize)]
struct VacationForm {
    csrf: String,
    /// The day the player is back (`YYYY-MM-DD`, from 00:00 UTC); empty ends the vacation.
    #[serde(default)]
    back: String,
}

async fn set_vacation(state: web::Data<AppState>, v: Visitor, form: web::Form<VacationForm>) -> PageResult {
    v.check_csrf(&form.csrf)?;
    let account = v.require()?.account;
    let back = form.into_inner().back;
    let until = match back.trim() {
        "" => Ok(None),
        day => chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d")
            .map(|d| Some(format!("{}T00:00:00Z", d.format("%Y-%m-%d"))))
            .map_err(|_| {
                ApiError::bad_request("bad_time", format!("`{day}` is not a day; write it as YYYY-MM-DD"))
                    .localized(&catalog::both!("settings-bad-day", day = day))
            }),
    };
    let mail = state.mail.clone();
    let done = match until {
        Ok(until) => {
            with_db(&state, move |conn| vacation::set(conn, &mail, account, until.as_deref()).map(|_| ())).await
        }
        Err(e) => Err(e),
    };
    finish(&state, &v, done, "vacation").await
}

#[derive(Deserialize)]
struct AddressForm {
    csrf: String,
    address: String,
}

async fn add_address(state: web::Data<AppState>, v: Visitor, form: web::Form<AddressForm>) -> PageResult {
    v.check_csrf(&form.csrf)?;
    let account = v.require()?.account;
    let address = form.into_inner().address;
    let mail = state.mail.clone();
    let now = state.settings.clock.now();
    let done = with_db(&state, move |conn| mail_addresses::add(conn, &mail, now, account, &address).map(|_| ())).await;
    finish(&state, &v, done, "address").await
}

#[derive(Deserialize)]
struct CsrfOnly {
    csrf: String,
}

async fn remove_address(
    state: web::Data<AppState>,
    v: Visitor,
    path: web::Path<i64>,
    form: web::Form<CsrfOnly>,
) -> PageResult {
    v.check_csrf(&form.csrf)?;
    let account = v.require()?.account;
    let id = path.into_inner();
    let done = with_db(&state, move |conn| mail_addresses::remove(conn, account, id)).await;
    finish(&state, &v, done, "address-removed").await
}

async fn revoke_session(
    state: web::Data<AppState>,
    v: Visitor,
    path: web::Path<String>,
    form: web::Form<CsrfOnly>,
) -> PageResult {
    v.check_csrf(&form.csrf)?;
    let signed = v.require()?.clone();
    let id = path.into_inner();
    if id == signed.session {
        // This page's own session ends by signing out, which says so and clears the cookie.
        return Ok(see_other("/sign-out/everywhere"));
    }
    let now = state.settings.clock.now();
    let done = with_db(&state, move |conn| sessions::revoke(conn, now, signed.account, &id)).await;
    finish(&state, &v, done, "session").await
}

#[derive(Deserialize)]
struct TokenForm {
    csrf: String,
    name: String,
}

async fn create_token(state: web::Data<AppState>, v: Visitor, form: web::Form<TokenForm>) -> PageResult {
    v.check_csrf(&form.csrf)?;
    let account = v.require()?.account;
    let name = form.into_inner().name;
    let max = state.settings.security.max_api_tokens;
    match with_db(&state, move |conn| accounts::create_token(conn, account, &name, max)).await {
        // Shown once, on this answer only: it is stored hashed.
        Ok(created) => render(&state, &v, Outcome { created: Some(&created), ..Outcome::default() }).await,
        Err(e) if e.status.is_client_error() => {
            render(&state, &v, Outcome { error: Some(&e), ..Outcome::default() }).await
        }
        Err(e) => Err(e.into()),
    }
}

async fn revoke_token(
    state: web::Data<AppState>,
    v: Visitor,
    path: web::Path<i64>,
    form: web::Form<CsrfOnly>,
) -> PageResult {
    v.check_csrf(&form.csrf)?;
    let account = v.require()?.account;
    let id = path.into_inner();
    let done = with_db(&state, move |conn| accounts::revoke_token(conn, account, id)).await;
    finish(&state, &v, done, "token-revoked").await
}

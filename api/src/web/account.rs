//! Register, sign in and out, and the pages behind the links of account emails: address confirmation,
//! "never invite me again" (with a confirm step; unsubscribe is `web::unsubscribe`), password reset; and the list of signing keys (the browser's own key
//! is registered here by the signing script).

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use maud::{Markup, html};
use serde::Deserialize;
use shared::api_types::RegisterRequest;

use crate::auth::issue_session;
use crate::error::{ApiError, ApiResult};
use crate::routes::with_db;
use crate::service::{accounts, notify, passwords, sessions, sign_in};
use crate::state::AppState;
use crate::throttle::{self, Counter, Scope};
use crate::web::layout::{self, csrf_field, page};
use crate::web::session::{DEVICE_COOKIE, Visitor, cookie_name};
use crate::web::{PageResult, local_path, see_other};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(crate::web::resource("/register").route(web::get().to(register_form)).route(web::post().to(register)));
    cfg.service(crate::web::resource("/sign-in").route(web::get().to(sign_in_form)).route(web::post().to(sign_in)));
    cfg.service(crate::web::resource("/sign-out").route(web::post().to(sign_out)));
    cfg.service(
        crate::web::resource("/sign-out/everywhere")
            .route(web::get().to(sign_out_everywhere_form))
            .route(web::post().to(sign_out_everywhere)),
    );
    cfg.service(crate::web::resource("/confirm-email/{token}").route(web::get().to(confirm_email)));
    cfg.service(
        crate::web::resource("/invitations/never/{token}")
            .route(web::get().to(never_invite_form))
            .route(web::post().to(never_invite)),
    );
    cfg.service(
        crate::web::resource("/password-reset")
            .route(web::get().to(reset_request_form))
            .route(web::post().to(reset_request)),
    );
    cfg.service(
        crate::web::resource("/password-reset/confirm")
            .route(web::get().to(reset_confirm_form))
            .route(web::post().to(reset_confirm)),
    );
    cfg.service(crate::web::resource("/keys").route(web::get().to(keys)).route(web::post().to(register_key)));
    cfg.service(crate::web::resource("/keys/{kid}/revoke").route(web::post().to(revoke_key)));
}

/// A form's error, shown above it.
fn error_box(error: Option<&ApiError>, lang: shared::Lang) -> Markup {
    html! {
        @if let Some(e) = error {
            p.error role="alert" {
                (e.detail_in(lang))
                " (" code { (e.code) } ")"
            }
        }
    }
}

/// The status of a page that shows a refused form again.
fn status_of(error: Option<&ApiError>) -> StatusCode {
    error.map(|e| e.status).unwrap_or(StatusCode::OK)
}

fn client_of(state: &AppState, http: &HttpRequest) -> String {
    throttle::client_address(http, state.settings.security.behind_proxy)
}

/// Signs `account` in: a new session row, its token in the session cookie.
async fn start_session(
    state: &web::Data<AppState>,
    v: &Visitor,
    http: &HttpRequest,
    account: i64,
    to: &str,
    device: Option<&str>,
) -> ApiResult<HttpResponse> {
    let security = state.settings.security.clone();
    let client = client_of(state, http);
    let user_agent =
        http.headers().get(actix_web::http::header::USER_AGENT).and_then(|v| v.to_str().ok()).map(str::to_string);
    let now = state.settings.clock.now();
    let session =
        with_db(state, move |conn| sessions::create(conn, &security, now, account, &client, user_agent.as_deref()))
            .await?;
    let token = issue_session(&state.jwt_secret, account, &session.id, now, session.ends_at)?;
    let mut response = see_other(to);
    let _ = response.add_cookie(&v.session_cookie(&token, session.ends_at));
    // The pre-session nonce ends with the anonymous visit: forms are bound to the session from now on.
    let _ = response.add_cookie(&v.renewed_nonce_cookie());
    if let Some(device) = device {
        let _ = response.add_cookie(&v.device_cookie(device));
    }
    Ok(response)
}

// ---- register ----

#[derive(Deserialize, Default)]
struct RegisterForm {
    csrf: String,
    #[serde(default)]
    display_name: String,
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
}

fn register_page(v: &Visitor, form: &RegisterForm, error: Option<&ApiError>) -> HttpResponse {
    let lang = v.lang;
    let body = html! {
        (error_box(error, lang))
        form.stack method="post" action="/register" {
            (csrf_field(v))
            label for="display_name" { (catalog::t!(lang, "web-name-other-players-see")) }
            input id="display_name" name="display_name" required maxlength="40" autocomplete="nickname" value=(form.display_name);
            label for="email" { (catalog::t!(lang, "web-email-address")) }
            input id="email" name="email" type="email" required autocomplete="email" value=(form.email);
            label for="password" { (catalog::t!(lang, "web-password-at-least-8-characters")) }
            input id="password" name="password" type="password" required minlength="8" autocomplete="new-password";
            button type="submit" { (catalog::t!(lang, "web-register-button")) }
        }
        p { (catalog::t!(lang, "web-we-email-you-a-link-to")) }
        p { a href="/sign-in" { (catalog::t!(lang, "web-already-registered-sign-in")) } }
    };
    layout::respond(v, status_of(error), page(v, "/register", catalog::t!(lang, "web-register-title"), body))
}

async fn register_form(v: Visitor) -> HttpResponse {
    register_page(&v, &RegisterForm::default(), None)
}

async fn register(
    state: web::Data<AppState>,
    v: Visitor,
    http: HttpRequest,
    form: web::Form<RegisterForm>,
) -> PageResult {
    v.check_csrf(&form.csrf)?;
    let form = form.into_inner();
    let req = RegisterRequest {
        email: form.email.clone(),
        display_name: form.display_name.clone(),
        password: form.password.clone(),
    };
    let mail = state.mail.clone();
    let security = state.settings.security.clone();
    let counters = [Counter::address(Scope::Register, &client_of(&state, &http), &security)];
    let now = state.settings.clock.now().timestamp();
    let registered = with_db(&state, move |conn| {
        throttle::hit(conn, &security, now, &counters)?;
        accounts::register(conn, &mail, &req)
    })
    .await;
    match registered {
        Ok(account) => Ok(start_session(&state, &v, &http, account.id, "/games?welcome=1", None).await?),
        Err(e) if e.status.is_client_error() && e.status != StatusCode::TOO_MANY_REQUESTS => {
            Ok(register_page(&v, &form, Some(&e)))
        }
        Err(e) => Err(e.into()),
    }
}

// ---- sign in / out ----

#[derive(Deserialize, Default)]
struct SignInForm {
    csrf: String,
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    next: Option<String>,
}

#[derive(Deserialize)]
struct NextQuery {
    next: Option<String>,
}

fn sign_in_page(v: &Visitor, email: &str, next: Option<&str>, error: Option<&ApiError>) -> HttpResponse {
    let lang = v.lang;
    let body = html! {
        (error_box(error, lang))
        form.stack method="post" action="/sign-in" {
            (csrf_field(v))
            @if let Some(next) = next { input type="hidden" name="next" value=(next); }
            label for="email" { (catalog::t!(lang, "web-email-address")) }
            input id="email" name="email" type="email" required autocomplete="email" value=(email);
            label for="password" { (catalog::t!(lang, "web-password")) }
            input id="password" name="password" type="password" required autocomplete="current-password";
            button type="submit" { (catalog::t!(lang, "web-sign-in")) }
        }
        p { a href="/password-reset" { (catalog::t!(lang, "web-forgot-the-password")) } }
        p { a href="/register" { (catalog::t!(lang, "web-new-here-register")) } }
    };
    layout::respond(v, status_of(error), page(v, "/sign-in", catalog::t!(lang, "web-sign-in"), body))
}

async fn sign_in_form(v: Visitor, query: web::Query<NextQuery>) -> HttpResponse {
    sign_in_page(&v, "", query.next.as_deref(), None)
}

async fn sign_in(state: web::Data<AppState>, v: Visitor, http: HttpRequest, form: web::Form<SignInForm>) -> PageResult {
    v.check_csrf(&form.csrf)?;
    let form = form.into_inner();
    let security = state.settings.security.clone();
    let client = client_of(&state, &http);
    let device = http.cookie(&cookie_name(DEVICE_COOKIE, v.https())).map(|c| c.value().to_string());
    let now = state.settings.clock.now();
    let secret = state.jwt_secret.clone();
    let (email, password) = (form.email.clone(), form.password.clone());
    let checked = with_db(&state, move |conn| {
        sign_in::attempt(conn, &security, &secret, now, &client, &email, &password, device.as_deref())
    })
    .await;
    match checked {
        Ok(signed_in) => {
            let to = local_path(form.next.as_deref(), "/games").to_string();
            Ok(start_session(&state, &v, &http, signed_in.account.id, &to, Some(&signed_in.device)).await?)
        }
        Err(e) if e.status == StatusCode::UNAUTHORIZED => {
            let e = e.localized(&catalog::both!("problem-wrong-email-or-password"));
            Ok(sign_in_page(&v, &form.email, form.next.as_deref(), Some(&e)))
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Deserialize)]
struct CsrfOnly {
    csrf: String,
}

async fn sign_out(state: web::Data<AppState>, v: Visitor, form: web::Form<CsrfOnly>) -> PageResult {
    v.check_csrf(&form.csrf)?;
    if let Some(signed) = v.signed_in.clone() {
        let now = state.settings.clock.now();
        // Already over is as good as signed out.
        let _ = with_db(&state, move |conn| sessions::revoke(conn, now, signed.account, &signed.session)).await;
    }
    let mut response = see_other("/");
    let _ = response.add_cookie(&v.ended_session_cookie());
    let _ = response.add_cookie(&v.renewed_nonce_cookie());
    Ok(response)
}

#[derive(Deserialize)]
struct EverywhereForm {
    csrf: String,
    /// The checkbox: present (`on`) when ticked.
    #[serde(default)]
    tokens: Option<String>,
}

/// "Sign out everywhere": every session ends, this one included; the API tokens too if the box is ticked.
async fn sign_out_everywhere_form(v: Visitor) -> PageResult {
    v.require()?;
    let lang = v.lang;
    let body = html! {
        p { (catalog::t!(lang, "web-every-session-of-your-account-ends")) }
        form.stack method="post" action="/sign-out/everywhere" {
            (csrf_field(&v))
            label {
                input type="checkbox" name="tokens" value="on";
                " "
                (catalog::t!(lang, "web-also-revoke-every-api-token-scripts"))
            }
            button type="submit" { (catalog::t!(lang, "web-sign-out-everywhere")) }
        }
    };
    Ok(layout::ok(&v, page(&v, "/sign-out/everywhere", catalog::t!(lang, "web-sign-out-everywhere"), body)))
}

async fn sign_out_everywhere(state: web::Data<AppState>, v: Visitor, form: web::Form<EverywhereForm>) -> PageResult {
    v.check_csrf(&form.csrf)?;
    let account = v.require()?.account;
    let with_tokens = form.tokens.as_deref().is_some_and(|t| !t.is_empty());
    let now = state.settings.clock.now();
    let (revoked, tokens) = with_db(&state, move |conn| {
        crate::db::write_transaction(conn, |conn| {
            let revoked = sessions::revoke_all(conn, now, account, None)?;
            let tokens = if with_tokens { accounts::revoke_all_tokens(conn, account)? } else { 0 };
            tracing::info!(account, revoked, tokens, "signed out everywhere");
            Ok((revoked, tokens))
        })
    })
    .await?;
    let lang = v.lang;
    let text = if with_tokens {
        catalog::t!(lang, "web-signed-out-sessions-and-tokens", sessions = revoked, tokens = tokens)
    } else {
        catalog::t!(lang, "web-signed-out-sessions", sessions = revoked)
    };
    let signed_out = v.signed_out();
    let mut response = layout::message(
        &signed_out,
        "/sign-out/everywhere",
        StatusCode::OK,
        catalog::t!(lang, "web-signed-out-everywhere"),
        &text,
    );
    let _ = response.add_cookie(&v.ended_session_cookie());
    let _ = response.add_cookie(&v.renewed_nonce_cookie());
    Ok(response)
}

// ---- links from emails ----

/// The address-confirmation link: confirms (as the API's link does) and says what follows.
async fn confirm_email(state: web::Data<AppState>, v: Visitor, path: web::Path<String>) -> PageResult {
    let token = path.into_inner();
    let lang = v.lang;
    let here = "/confirm-email";
    match with_db(&state, move |conn| notify::verify_email(conn, &token)).await {
        Ok(()) => {
            let body = html! {
                p { (catalog::t!(lang, "web-thank-you-your-address-is-confirmed")) }
                p.actions {
                    @if v.signed_in.is_some() { a.button href="/games" { (catalog::t!(lang, "web-my-games")) } }
                    @else { a.button href="/sign-in?next=/games" { (catalog::t!(lang, "web-sign-in")) } }
                }
            };
            Ok(layout::ok(&v, page(&v, here, catalog::t!(lang, "web-address-confirmed"), body)))
        }
        Err(e) if e.code == "unknown_link" => Ok(layout::message(
            &v,
            here,
            StatusCode::NOT_FOUND,
            catalog::t!(lang, "web-unknown-link"),
            catalog::t!(lang, "web-this-confirmation-link-is-not-known"),
        )),
        Err(e) => Err(e.into()),
    }
}

/// "Never invite me again", step one: nothing changes on GET (mail scanners follow links); a button confirms.
async fn never_invite_form(state: web::Data<AppState>, v: Visitor, path: web::Path<String>) -> PageResult {
    let token = path.into_inner();
    let lang = v.lang;
    let here = "/invitations/never";
    let lookup = token.clone();
    let already = match with_db(&state, move |conn| notify::optout_of(conn, &lookup)).await {
        Ok((_, already)) => already,
        Err(e) if e.code == "unknown_link" => {
            return Ok(layout::message(
                &v,
                here,
                StatusCode::NOT_FOUND,
                catalog::t!(lang, "web-unknown-link"),
                catalog::t!(lang, "web-this-link-is-not-known"),
            ));
        }
        Err(e) => return Err(e.into()),
    };
    if already {
        return Ok(layout::message(
            &v,
            here,
            StatusCode::OK,
            catalog::t!(lang, "web-no-more-invitations"),
            catalog::t!(lang, "web-this-address-already-gets-no-tegami"),
        ));
    }
    let body = html! {
        p { (catalog::t!(lang, "web-confirm-and-tegami-will-send-no")) }
        form method="post" action={ "/invitations/never/" (token) } {
            (csrf_field(&v))
            button type="submit" { (catalog::t!(lang, "web-never-invite-me-again")) }
        }
    };
    Ok(layout::ok(&v, page(&v, here, catalog::t!(lang, "web-never-invite-me-again"), body)))
}

async fn never_invite(
    state: web::Data<AppState>,
    v: Visitor,
    path: web::Path<String>,
    form: web::Form<CsrfOnly>,
) -> PageResult {
    v.check_csrf(&form.csrf)?;
    let token = path.into_inner();
    let lang = v.lang;
    with_db(&state, move |conn| notify::opt_out(conn, &token)).await?;
    Ok(layout::message(
        &v,
        "/invitations/never",
        StatusCode::OK,
        catalog::t!(lang, "web-done"),
        catalog::t!(lang, "web-tegami-will-send-no-more-invitations"),
    ))
}

// ---- password reset ----

#[derive(Deserialize)]
struct ResetRequestForm {
    csrf: String,
    #[serde(default)]
    email: String,
}

async fn reset_request_form(v: Visitor) -> HttpResponse {
    let lang = v.lang;
    let body = html! {
        form.stack method="post" action="/password-reset" {
            (csrf_field(&v))
            label for="email" { (catalog::t!(lang, "web-email-address-of-the-account")) }
            input id="email" name="email" type="email" required autocomplete="email";
            button type="submit" { (catalog::t!(lang, "web-email-me-a-reset-token")) }
        }
        p { a href="/password-reset/confirm" { (catalog::t!(lang, "web-i-have-a-token")) } }
    };
    layout::ok(&v, page(&v, "/password-reset", catalog::t!(lang, "web-reset-the-password"), body))
}

async fn reset_request(
    state: web::Data<AppState>,
    v: Visitor,
    http: HttpRequest,
    form: web::Form<ResetRequestForm>,
) -> PageResult {
    v.check_csrf(&form.csrf)?;
    let email = form.into_inner().email;
    let mail = state.mail.clone();
    let security = state.settings.security.clone();
    let counters = [
        Counter::address(Scope::PasswordReset, &client_of(&state, &http), &security),
        Counter::account(Scope::PasswordReset, &email, &security),
    ];
    let now = state.settings.clock.now();
    with_db(&state, move |conn| {
        throttle::hit(conn, &security, now.timestamp(), &counters)?;
        passwords::request(conn, &mail, &security, now, &email)
    })
    .await?;
    let lang = v.lang;
    let body = html! {
        p { (catalog::t!(lang, "web-if-an-account-has-this-address")) }
        p.actions { a.button href="/password-reset/confirm" { (catalog::t!(lang, "web-enter-the-token")) } }
    };
    Ok(layout::ok(&v, page(&v, "/password-reset", catalog::t!(lang, "web-check-your-email"), body)))
}

#[derive(Deserialize, Default)]
struct ResetConfirmForm {
    csrf: String,
    #[serde(default)]
    token: String,
    #[serde(default)]
    new_password: String,
}

#[derive(Deserialize)]
struct TokenQuery {
    token: Option<String>,
}

fn reset_confirm_page(v: &Visitor, token: &str, error: Option<&ApiError>) -> HttpResponse {
    let lang = v.lang;
    let body = html! {
        (error_box(error, lang))
        form.stack method="post" action="/password-reset/confirm" {
            (csrf_field(v))
            label for="token" { (catalog::t!(lang, "web-the-token-from-the-email")) }
            input id="token" name="token" required autocomplete="one-time-code" value=(token);
            label for="new_password" { (catalog::t!(lang, "web-new-password-at-least-8-characters")) }
            input id="new_password" name="new_password" type="password" required minlength="8" autocomplete="new-password";
            button type="submit" { (catalog::t!(lang, "web-set-the-password")) }
        }
        p { (catalog::t!(lang, "web-setting-a-new-password-signs-out")) }
    };
    layout::respond(
        v,
        status_of(error),
        page(v, "/password-reset/confirm", catalog::t!(lang, "web-new-password"), body),
    )
}

async fn reset_confirm_form(v: Visitor, query: web::Query<TokenQuery>) -> HttpResponse {
    reset_confirm_page(&v, query.token.as_deref().unwrap_or(""), None)
}

async fn reset_confirm(state: web::Data<AppState>, v: Visitor, form: web::Form<ResetConfirmForm>) -> PageResult {
    v.check_csrf(&form.csrf)?;
    let form = form.into_inner();
    let now = state.settings.clock.now();
    let (token, new) = (form.token.clone(), form.new_password.clone());
    match with_db(&state, move |conn| passwords::confirm(conn, now, &token, &new)).await {
        Ok(()) => {
            let lang = v.lang;
            let mut response = layout::message(
                &v,
                "/password-reset/confirm",
                StatusCode::OK,
                catalog::t!(lang, "web-password-set"),
                catalog::t!(lang, "web-your-new-password-is-set-every"),
            );
            let _ = response.add_cookie(&v.ended_session_cookie());
            Ok(response)
        }
        Err(e) if e.status.is_client_error() => Ok(reset_confirm_page(&v, &form.token, Some(&e))),
        Err(e) => Err(e.into()),
    }
}

// ---- signing keys ----

async fn keys(state: web::Data<AppState>, v: Visitor) -> PageResult {
    let account = v.require()?.account;
    let lang = v.lang;
    let keys = with_db(&state, move |conn| accounts::list_keys(conn, account)).await?;
    let body = html! {
        p { (catalog::t!(lang, "web-moves-are-signed-with-these-keys")) }
        table.keys {
            thead { tr { th { (catalog::t!(lang, "web-key-id")) } th { (catalog::t!(lang, "web-name")) } th { (catalog::t!(lang, "web-created")) } th { (catalog::t!(lang, "web-state")) } } }
            tbody {
                @for key in &keys {
                    tr {
                        td { code { (key.kid) } }
                        td { (key.name.as_deref().unwrap_or("")) }
                        td { (key.created_at) }
                        td {
                            @if let Some(at) = &key.revoked_at { (catalog::t!(lang, "web-revoked-at", time = at)) }
                            @else {
                                form.inline method="post" action={ "/keys/" (key.kid) "/revoke" } {
                                    (csrf_field(&v))
                                    button type="submit" aria-label=(catalog::t!(lang, "web-revoke-key", key = &key.kid)) { (catalog::t!(lang, "web-revoke")) }
                                }
                            }
                        }
                    }
                }
            }
        }
        p { a href="/sign-out/everywhere" { (catalog::t!(lang, "web-sign-out-everywhere-and-revoke-api")) } }
    };
    Ok(layout::ok(&v, page(&v, "/keys", catalog::t!(lang, "web-signing-keys"), body)))
}

#[derive(Deserialize)]
struct KeyForm {
    csrf: String,
    public_key: String,
    #[serde(default)]
    name: Option<String>,
}

/// The signing script registers the browser's key here (a form post, CSRF-checked like any other): the
/// same registration as `POST /api/v1/keys`. Answers JSON, for the script.
async fn register_key(state: web::Data<AppState>, v: Visitor, form: web::Form<KeyForm>) -> PageResult {
    v.check_csrf(&form.csrf)?;
    let account = v.require()?.account;
    let form = form.into_inner();
    let max = state.settings.security.max_signing_keys;
    let (key, _) =
        with_db(&state, move |conn| accounts::register_key(conn, account, &form.public_key, form.name.as_deref(), max))
            .await?;
    Ok(HttpResponse::Ok().json(key))
}

async fn revoke_key(
    state: web::Data<AppState>,
    v: Visitor,
    path: web::Path<String>,
    form: web::Form<CsrfOnly>,
) -> PageResult {
    v.check_csrf(&form.csrf)?;
    let account = v.require()?.account;
    let kid = path.into_inner();
    with_db(&state, move |conn| accounts::revoke_key(conn, account, &kid)).await?;
    Ok(see_other("/keys"))
}

//! Register, sign in and out, and the pages behind the links of account emails: address confirmation,
//! unsubscribe and "never invite me again" (each with a confirm step), password reset; and the list of signing keys (the browser's own key
//! is registered here by the signing script).

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use maud::{Markup, html};
use serde::Deserialize;
use shared::api_types::RegisterRequest;

use crate::auth::issue_session;
use crate::error::{ApiError, ApiResult};
use crate::mail::prefs;
use crate::routes::with_db;
use crate::service::{accounts, notify, passwords, sessions};
use crate::state::AppState;
use crate::throttle::{self, Counter, Scope};
use crate::web::i18n::t;
use crate::web::layout::{self, csrf_field, page};
use crate::web::session::Visitor;
use crate::web::{PageResult, local_path, see_other};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(crate::web::resource("/register").route(web::get().to(register_form)).route(web::post().to(register)));
    cfg.service(crate::web::resource("/sign-in").route(web::get().to(sign_in_form)).route(web::post().to(sign_in)));
    cfg.service(crate::web::resource("/sign-out").route(web::post().to(sign_out)));
    cfg.service(crate::web::resource("/confirm-email/{token}").route(web::get().to(confirm_email)));
    cfg.service(
        crate::web::resource("/unsubscribe/{token}")
            .route(web::get().to(unsubscribe_form))
            .route(web::post().to(unsubscribe)),
    );
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
                (match (lang, &e.detail_ja) { (shared::Lang::Ja, Some(ja)) => ja.as_str(), _ => e.detail.as_str() })
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
    Ok(v.finish(response))
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
            label for="display_name" { (t(lang, "Name other players see", "ほかの人に見える名前")) }
            input id="display_name" name="display_name" required maxlength="40" autocomplete="nickname" value=(form.display_name);
            label for="email" { (t(lang, "Email address", "メールアドレス")) }
            input id="email" name="email" type="email" required autocomplete="email" value=(form.email);
            label for="password" { (t(lang, "Password (at least 8 characters)", "パスワード（8文字以上）")) }
            input id="password" name="password" type="password" required minlength="8" autocomplete="new-password";
            button type="submit" { (t(lang, "Register", "登録する")) }
        }
        p { (t(lang, "We email you a link to confirm the address; seats reserved for it are yours once it is confirmed.",
               "確認用のリンクをメールで送ります。確認が済むと、そのアドレス宛ての席に着けます。")) }
        p { a href="/sign-in" { (t(lang, "Already registered? Sign in", "登録済みの方はサインイン")) } }
    };
    layout::respond(v, status_of(error), page(v, "/register", t(lang, "Register", "登録"), body))
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
        Ok(account) => Ok(start_session(&state, &v, &http, account.id, "/games?welcome=1").await?),
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
            label for="email" { (t(lang, "Email address", "メールアドレス")) }
            input id="email" name="email" type="email" required autocomplete="email" value=(email);
            label for="password" { (t(lang, "Password", "パスワード")) }
            input id="password" name="password" type="password" required autocomplete="current-password";
            button type="submit" { (t(lang, "Sign in", "サインイン")) }
        }
        p { a href="/password-reset" { (t(lang, "Forgot the password?", "パスワードを忘れた場合")) } }
        p { a href="/register" { (t(lang, "New here? Register", "はじめての方は登録")) } }
    };
    layout::respond(v, status_of(error), page(v, "/sign-in", t(lang, "Sign in", "サインイン"), body))
}

async fn sign_in_form(v: Visitor, query: web::Query<NextQuery>) -> HttpResponse {
    sign_in_page(&v, "", query.next.as_deref(), None)
}

async fn sign_in(state: web::Data<AppState>, v: Visitor, http: HttpRequest, form: web::Form<SignInForm>) -> PageResult {
    v.check_csrf(&form.csrf)?;
    let form = form.into_inner();
    let security = state.settings.security.clone();
    let counters = [
        Counter::address(Scope::SignIn, &client_of(&state, &http), &security),
        Counter::account(Scope::SignIn, &form.email, &security),
    ];
    let now = state.settings.clock.now().timestamp();
    let (email, password) = (form.email.clone(), form.password.clone());
    let checked = with_db(&state, move |conn| {
        throttle::hit(conn, &security, now, &counters)?;
        accounts::login(conn, &email, &password)
    })
    .await;
    match checked {
        Ok(account) => {
            let to = local_path(form.next.as_deref(), "/games").to_string();
            Ok(start_session(&state, &v, &http, account.id, &to).await?)
        }
        Err(e) if e.status == StatusCode::UNAUTHORIZED => {
            let e = e.localized(&shared::Localized::new("", "メールアドレスかパスワードが違います"));
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
                p { (t(lang, "Thank you: your address is confirmed. You can now take the seats reserved for it.",
                       "ありがとうございます。アドレスを確認しました。このアドレス宛ての席に着けます。")) }
                p.actions {
                    @if v.signed_in.is_some() { a.button href="/games" { (t(lang, "My games", "対局一覧")) } }
                    @else { a.button href="/sign-in?next=/games" { (t(lang, "Sign in", "サインイン")) } }
                }
            };
            Ok(layout::ok(&v, page(&v, here, t(lang, "Address confirmed", "アドレスを確認しました"), body)))
        }
        Err(e) if e.code == "unknown_link" => Ok(layout::message(
            &v,
            here,
            StatusCode::NOT_FOUND,
            t(lang, "Unknown link", "不明なリンク"),
            t(
                lang,
                "This confirmation link is not known: a newer one may have replaced it. Sign in to ask for a new one.",
                "この確認リンクは無効です（新しいリンクに置き換わった可能性があります）。",
            ),
        )),
        Err(e) => Err(e.into()),
    }
}

/// Unsubscribe, step one: nothing changes on GET (mail scanners follow links); a button confirms.
async fn unsubscribe_form(v: Visitor, path: web::Path<String>) -> HttpResponse {
    let lang = v.lang;
    let action = format!("/unsubscribe/{}", path.as_str());
    let body = html! {
        p { (t(lang, "Confirm, and tegami sends you no more turn emails. You can turn them back on later.",
               "確認すると、手番のメールが届かなくなります。あとで元に戻せます。")) }
        form method="post" action=(action) {
            (csrf_field(&v))
            button type="submit" { (t(lang, "Stop turn emails", "手番メールを止める")) }
        }
    };
    layout::ok(&v, page(&v, "/unsubscribe", t(lang, "Stop emails", "メールの停止"), body))
}

async fn unsubscribe(
    state: web::Data<AppState>,
    v: Visitor,
    path: web::Path<String>,
    form: web::Form<CsrfOnly>,
) -> PageResult {
    v.check_csrf(&form.csrf)?;
    let token = path.into_inner();
    let lang = v.lang;
    let done = with_db(&state, move |conn| Ok(prefs::unsubscribe(conn, &token)?)).await?;
    if !done {
        return Ok(layout::message(
            &v,
            "/unsubscribe",
            StatusCode::NOT_FOUND,
            t(lang, "Unknown link", "不明なリンク"),
            t(lang, "This unsubscribe link is not known.", "この配信停止リンクは無効です。"),
        ));
    }
    Ok(layout::message(
        &v,
        "/unsubscribe",
        StatusCode::OK,
        t(lang, "Done", "完了"),
        t(lang, "You will get no more turn emails.", "手番のメールは今後届きません。"),
    ))
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
                t(lang, "Unknown link", "不明なリンク"),
                t(lang, "This link is not known.", "このリンクは無効です。"),
            ));
        }
        Err(e) => return Err(e.into()),
    };
    if already {
        return Ok(layout::message(
            &v,
            here,
            StatusCode::OK,
            t(lang, "No more invitations", "招待の停止"),
            t(
                lang,
                "This address already gets no tegami invitations.",
                "このアドレスには、すでに招待が届かないようになっています。",
            ),
        ));
    }
    let body = html! {
        p { (t(lang, "Confirm, and tegami will send no more invitations to this address, whoever asks.",
               "確認すると、誰からの招待であっても、このアドレスには今後tegamiの招待が送られなくなります。")) }
        form method="post" action={ "/invitations/never/" (token) } {
            (csrf_field(&v))
            button type="submit" { (t(lang, "Never invite me again", "今後の招待を断る")) }
        }
    };
    Ok(layout::ok(&v, page(&v, here, t(lang, "Never invite me again", "今後の招待を断る"), body)))
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
        t(lang, "Done", "完了"),
        t(
            lang,
            "tegami will send no more invitations to this address.",
            "このアドレスには今後tegamiの招待を送りません。",
        ),
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
            label for="email" { (t(lang, "Email address of the account", "アカウントのメールアドレス")) }
            input id="email" name="email" type="email" required autocomplete="email";
            button type="submit" { (t(lang, "Email me a reset token", "再設定用のトークンを送る")) }
        }
        p { a href="/password-reset/confirm" { (t(lang, "I have a token", "トークンを持っている")) } }
    };
    layout::ok(&v, page(&v, "/password-reset", t(lang, "Reset the password", "パスワードの再設定"), body))
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
        p { (t(lang, "If an account has this address, a reset token is on its way to it.",
               "このアドレスのアカウントがあれば、再設定用のトークンを送りました。")) }
        p.actions { a.button href="/password-reset/confirm" { (t(lang, "Enter the token", "トークンを入力する")) } }
    };
    Ok(layout::ok(&v, page(&v, "/password-reset", t(lang, "Check your email", "メールを確認してください"), body)))
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
            label for="token" { (t(lang, "The token from the email", "メールに書かれたトークン")) }
            input id="token" name="token" required autocomplete="one-time-code" value=(token);
            label for="new_password" { (t(lang, "New password (at least 8 characters)", "新しいパスワード（8文字以上）")) }
            input id="new_password" name="new_password" type="password" required minlength="8" autocomplete="new-password";
            button type="submit" { (t(lang, "Set the password", "パスワードを設定する")) }
        }
        p { (t(lang, "Setting a new password signs out every session.", "新しいパスワードを設定すると、すべてのセッションがサインアウトされます。")) }
    };
    layout::respond(
        v,
        status_of(error),
        page(v, "/password-reset/confirm", t(lang, "New password", "新しいパスワード"), body),
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
                t(lang, "Password set", "パスワードを設定しました"),
                t(
                    lang,
                    "Your new password is set; every session was signed out. Sign in again.",
                    "新しいパスワードを設定し、すべてのセッションをサインアウトしました。もう一度サインインしてください。",
                ),
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
        p { (t(lang, "Moves are signed with these keys. A browser makes its own key the first time you play a move in it; revoke a key you no longer use (the moves it signed stay valid).",
               "着手はこれらの鍵で署名されます。ブラウザで初めて着手すると、そのブラウザの鍵が作られます。使わなくなった鍵は失効させてください（署名済みの着手は有効なままです）。")) }
        table.keys {
            thead { tr { th { (t(lang, "Key id", "鍵ID")) } th { (t(lang, "Name", "名前")) } th { (t(lang, "Created", "作成")) } th { (t(lang, "State", "状態")) } } }
            tbody {
                @for key in &keys {
                    tr {
                        td { code { (key.kid) } }
                        td { (key.name.as_deref().unwrap_or("")) }
                        td { (key.created_at) }
                        td {
                            @if let Some(at) = &key.revoked_at { (t(lang, "revoked ", "失効 ")) (at) }
                            @else {
                                form.inline method="post" action={ "/keys/" (key.kid) "/revoke" } {
                                    (csrf_field(&v))
                                    button type="submit" aria-label={ (t(lang, "Revoke key ", "鍵を失効: ")) (key.kid) } { (t(lang, "Revoke", "失効させる")) }
                                }
                            }
                        }
                    }
                }
            }
        }
    };
    Ok(layout::ok(&v, page(&v, "/keys", t(lang, "Signing keys", "署名鍵"), body)))
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
    let (key, _) =
        with_db(&state, move |conn| accounts::register_key(conn, account, &form.public_key, form.name.as_deref()))
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

//! HTTP handlers, one file per resource: extract, authorise, call a service function, map to an API type.

pub mod accounts;
pub mod games;
pub mod health;
pub mod keys;
pub mod mail;
pub mod tokens;

use actix_web::web;

use crate::db::Conn;
use crate::error::ApiResult;
use crate::startup::AppState;

/// Runs a database function on the blocking pool, never on an actix worker.
pub async fn with_db<T: Send + 'static>(
    state: &web::Data<AppState>,
    f: impl FnOnce(&mut Conn) -> ApiResult<T> + Send + 'static,
) -> ApiResult<T> {
    let pool = state.pool.clone();
    web::block(move || {
        let mut conn = pool.get()?;
        f(&mut conn)
    })
    .await?
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/healthz", web::get().to(health::healthz)).service(
        web::scope("/api/v1")
            .route("/accounts", web::post().to(accounts::register))
            .route("/sessions", web::post().to(accounts::login))
            .route("/me", web::get().to(accounts::me))
            .route("/tokens", web::post().to(tokens::create))
            .route("/tokens", web::get().to(tokens::list))
            .route("/tokens/{id}", web::delete().to(tokens::revoke))
            .route("/keys", web::post().to(keys::register))
            .route("/keys", web::get().to(keys::list))
            .route("/keys/{kid}", web::delete().to(keys::revoke))
            .route("/game-types", web::get().to(games::types))
            .route("/games", web::post().to(games::create))
            .route("/games", web::get().to(games::list))
            .route("/games/{id}", web::get().to(games::detail))
            .route("/games/{id}/join", web::post().to(games::join))
            .route("/games/{id}/moves", web::get().to(games::moves))
            .route("/games/{id}/moves", web::post().to(games::submit))
            .route("/games/{id}/resign", web::post().to(games::resign))
            .route("/games/{id}/journal", web::get().to(games::journal))
            .route("/games/{id}/board", web::get().to(games::board))
            .route("/mail/inbound", web::post().to(mail::inbound))
            .route("/me/notifications", web::get().to(mail::get_prefs))
            .route("/me/notifications", web::put().to(mail::set_prefs))
            .route("/unsubscribe/{token}", web::post().to(mail::unsubscribe))
            .route("/unsubscribe/{token}", web::get().to(mail::unsubscribe))
            .route("/verify-email/{token}", web::post().to(mail::verify_email))
            .route("/verify-email/{token}", web::get().to(mail::verify_email))
            .route("/me/verify-email", web::post().to(mail::resend_verification))
            .route("/me/vacation", web::get().to(mail::get_vacation))
            .route("/me/vacation", web::put().to(mail::set_vacation)),
    );
}

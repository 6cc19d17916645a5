//! HTTP handlers, one file per resource: extract, authorise, call a service function, map to an API type.

pub mod accounts;
pub mod archive;
pub mod docs;
pub mod events;
pub mod follow;
pub mod games;
pub mod health;
pub mod keys;
pub mod lobby;
pub mod mail;
pub mod mail_addresses;
pub mod messages;
pub mod passwords;
pub mod personal_data;
pub mod rules;
pub mod sessions;
pub mod tokens;
pub mod webhooks;

use actix_web::web;

use crate::db::Conn;
use crate::error::ApiResult;
use crate::state::AppState;

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
    // A scope tries its routes in order, matching each path with parameters against a regular expression: the
    // two requests of every move come first, where they are found at the first try.
    let api = web::scope("/api/v1")
        .route("/games/{id}/moves", web::get().to(games::moves))
        .route("/games/{id}/moves", web::post().to(games::submit));
    cfg.route("/healthz", web::get().to(health::healthz)).service(
        messages::configure(api)
            .route("/accounts", web::post().to(accounts::register))
            .route("/sessions", web::post().to(accounts::login))
            .route("/sessions", web::get().to(sessions::list))
            .route("/sessions", web::delete().to(sessions::revoke_all))
            .route("/sessions/{id}", web::delete().to(sessions::revoke))
            .route("/me", web::get().to(accounts::me))
            .route("/me", web::delete().to(personal_data::delete))
            .route("/me/export", web::get().to(personal_data::export))
            .route("/me/password", web::put().to(passwords::change))
            .route("/password-reset", web::post().to(passwords::request))
            .route("/password-reset/confirm", web::post().to(passwords::confirm))
            .route("/tokens", web::post().to(tokens::create))
            .route("/tokens", web::get().to(tokens::list))
            .route("/tokens/{id}", web::delete().to(tokens::revoke))
            .route("/keys", web::post().to(keys::register))
            .route("/keys", web::get().to(keys::list))
            .route("/keys/{kid}", web::delete().to(keys::revoke))
            .route("/game-types", web::get().to(games::types))
            .route("/game-types/{slug}/rules", web::get().to(rules::get))
            .route("/game-types/{slug}/leaderboard", web::get().to(lobby::leaderboard))
            .route("/lobby", web::get().to(lobby::lobby))
            .route("/archive", web::get().to(archive::archive))
            .route("/players/{id}", web::get().to(archive::profile))
            .route("/me/profile", web::put().to(archive::set_profile))
            .route("/games", web::post().to(games::create))
            .route("/games", web::get().to(games::list))
            .route("/games/{id}", web::get().to(games::detail))
            .route("/games/{id}/join", web::post().to(games::join))
            .route("/games/{id}/resign", web::post().to(games::resign))
            .route("/games/{id}/journal", web::get().to(games::journal))
            .route("/games/{id}/board", web::get().to(games::board))
            .route("/games/{id}/replay", web::get().to(games::replay_at))
            .route("/games/{id}/events", web::get().to(events::game_stream))
            .route("/events", web::get().to(events::account_stream))
            .route("/webhooks", web::post().to(webhooks::create))
            .route("/webhooks", web::get().to(webhooks::list))
            .route("/webhooks/{id}", web::delete().to(webhooks::delete))
            .route("/webhooks/{id}/deliveries", web::get().to(webhooks::deliveries))
            .route("/mail/inbound", web::post().to(mail::inbound))
            .route("/games/{id}/follow", web::get().to(follow::get))
            .route("/games/{id}/follow", web::put().to(follow::set))
            .route("/me/notifications", web::get().to(mail::get_prefs))
            .route("/me/notifications", web::put().to(mail::set_prefs))
            .route("/unsubscribe/{token}", web::post().to(mail::unsubscribe))
            .route("/unsubscribe/{token}", web::get().to(mail::unsubscribe_link))
            .route("/verify-email/{token}", web::post().to(mail::verify_email))
            .route("/verify-email/{token}", web::get().to(mail::verify_email_link))
            .route("/me/verify-email", web::post().to(mail::resend_verification))
            .route("/me/mail-addresses", web::post().to(mail_addresses::create))
            .route("/me/mail-addresses", web::get().to(mail_addresses::list))
            .route("/me/mail-addresses/{id}", web::delete().to(mail_addresses::delete))
            .route("/mail-addresses/confirm", web::get().to(mail_addresses::confirm_page))
            .route("/mail-addresses/confirm", web::post().to(mail_addresses::confirm))
            .route("/invitations/never/{token}", web::get().to(mail::never_invite_page))
            .route("/invitations/never/{token}", web::post().to(mail::never_invite))
            .route("/me/vacation", web::get().to(mail::get_vacation))
            .route("/me/vacation", web::put().to(mail::set_vacation)),
    );
}

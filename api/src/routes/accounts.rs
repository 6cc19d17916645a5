use actix_web::{HttpResponse, web};
use shared::api_types::{Account, LoginRequest, Problem, RegisterRequest, Session};

use crate::auth::{Auth, issue_session};
use crate::error::ApiResult;
use crate::routes::with_db;
use crate::service::accounts;
use crate::startup::AppState;

/// Create an account.
#[utoipa::path(post, path = "/api/v1/accounts", tag = "accounts", request_body = RegisterRequest,
    responses((status = 201, body = Account), (status = 400, body = Problem, description = "Malformed body"),
              (status = 409, body = Problem, description = "Address already registered"),
              (status = 422, body = Problem, description = "Bad address, name or weak password")))]
pub async fn register(state: web::Data<AppState>, body: web::Json<RegisterRequest>) -> ApiResult<HttpResponse> {
    let req = body.into_inner();
    let mail = state.mail.clone();
    let account = with_db(&state, move |conn| accounts::register(conn, &mail, &req)).await?;
    Ok(HttpResponse::Created().json(account))
}

/// Log in: a session token for the `Authorization: Bearer` header.
#[utoipa::path(post, path = "/api/v1/sessions", tag = "accounts", request_body = LoginRequest,
    responses((status = 200, body = Session), (status = 400, body = Problem, description = "Malformed body"),
              (status = 401, body = Problem, description = "Wrong address or password")))]
pub async fn login(state: web::Data<AppState>, body: web::Json<LoginRequest>) -> ApiResult<web::Json<Session>> {
    let req = body.into_inner();
    let account = with_db(&state, move |conn| accounts::login(conn, &req.email, &req.password)).await?;
    let (token, expires_at) = issue_session(&state.jwt_secret, account.id)?;
    Ok(web::Json(Session { token, expires_at, account }))
}

/// Who am I.
#[utoipa::path(get, path = "/api/v1/me", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = Account), (status = 401, body = Problem, description = "Not logged in")))]
pub async fn me(state: web::Data<AppState>, auth: Auth) -> ApiResult<web::Json<Account>> {
    Ok(web::Json(with_db(&state, move |conn| accounts::get(conn, auth.0)).await?))
}

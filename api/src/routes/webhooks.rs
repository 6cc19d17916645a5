use actix_web::{HttpRequest, HttpResponse, web};
use shared::api_types::{CreateWebhookRequest, CreatedWebhook, Problem, Webhook, WebhookDelivery};

use crate::auth::Auth;
use crate::error::ApiResult;
use crate::routes::with_db;
use crate::state::AppState;
use crate::webhooks;

/// Register a webhook: every event of the games I play is POSTed to it, signed.
///
/// Each delivery carries `Tegami-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with
/// the secret>`, `Tegami-Event-Id` and `Tegami-Delivery-Id`; the body is a `GameEvent` as I may see it. A
/// 2xx answer delivers it; anything else is retried with exponential backoff, and the webhook is disabled (and
/// I am emailed) after too many failures in a row. Registered with an API token, it stops when the token is
/// revoked. Targets on private, loopback, link-local and other special-purpose addresses (and IPv6 forms that
/// embed one: 6to4, Teredo, NAT64, IPv4-mapped) are refused; the URL may have at most 2,048 characters.
/// An account holds at most `max_webhooks` live webhooks.
#[utoipa::path(post, path = "/api/v1/webhooks", tag = "webhooks", operation_id = "webhooks_create",
    security(("bearer" = [])), request_body = CreateWebhookRequest,
    responses((status = 201, body = CreatedWebhook, description = "Registered; the secret is shown this once"),
              (status = 400, body = Problem,
               description = "Malformed body, or a URL longer than 2,048 characters (`malformed_body`, `webhook_url_too_long`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)"),
              (status = 409, body = Problem,
               description = "The account already holds `max_webhooks` live webhooks (`too_many_webhooks`)"),
              (status = 422, body = Problem,
               description = "Not an http(s) URL, a host that does not resolve or resolves to a private address, or a bad secret \
                              (`bad_webhook_url`, `private_webhook_target`, `bad_webhook_secret`)")))]
pub async fn create(
    state: web::Data<AppState>,
    auth: Auth,
    req: HttpRequest,
    body: web::Json<CreateWebhookRequest>,
) -> ApiResult<HttpResponse> {
    let bearer = req
        .headers()
        .get(actix_web::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer ").or_else(|| v.strip_prefix("bearer ")))
        .map(|t| t.trim().to_string());
    let allow_private = state.settings.webhooks.allow_private;
    let max = state.settings.security.max_webhooks;
    let request = body.into_inner();
    let created = with_db(&state, move |conn| {
        let token = webhooks::token_id(conn, bearer.as_deref())?;
        webhooks::create(conn, auth.0, token, &request, allow_private, max)
    })
    .await?;
    Ok(HttpResponse::Created().json(created))
}

/// My webhooks, live and disabled.
#[utoipa::path(get, path = "/api/v1/webhooks", tag = "webhooks", operation_id = "webhooks_list",
    security(("bearer" = [])),
    responses((status = 200, body = Vec<Webhook>),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)")))]
pub async fn list(state: web::Data<AppState>, auth: Auth) -> ApiResult<web::Json<Vec<Webhook>>> {
    Ok(web::Json(with_db(&state, move |conn| webhooks::list(conn, auth.0)).await?))
}

/// Delete a webhook, with its delivery history.
#[utoipa::path(delete, path = "/api/v1/webhooks/{id}", tag = "webhooks", operation_id = "webhooks_delete",
    security(("bearer" = [])), params(("id" = i64, Path, description = "Webhook id")),
    responses((status = 204, description = "Deleted"),
              (status = 400, body = Problem, description = "The id is not an integer (`malformed_path`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)"),
              (status = 404, body = Problem, description = "Not one of my webhooks (`unknown_webhook`)")))]
pub async fn delete(state: web::Data<AppState>, auth: Auth, path: web::Path<i64>) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    with_db(&state, move |conn| webhooks::delete(conn, auth.0, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// A webhook's newest deliveries (at most 100), each with every attempt and what it got back.
#[utoipa::path(get, path = "/api/v1/webhooks/{id}/deliveries", tag = "webhooks", operation_id = "webhook_deliveries_list",
    security(("bearer" = [])), params(("id" = i64, Path, description = "Webhook id")),
    responses((status = 200, body = Vec<WebhookDelivery>),
              (status = 400, body = Problem, description = "The id is not an integer (`malformed_path`)"),
              (status = 401, body = Problem, description = "Not logged in (`login_required`, `bad_token`, `session_expired`)"),
              (status = 404, body = Problem, description = "Not one of my webhooks (`unknown_webhook`)")))]
pub async fn deliveries(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<i64>,
) -> ApiResult<web::Json<Vec<WebhookDelivery>>> {
    let id = path.into_inner();
    Ok(web::Json(with_db(&state, move |conn| webhooks::deliveries(conn, auth.0, id)).await?))
}

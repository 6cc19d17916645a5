//! Webhooks: URLs an account registers to be told of its games' events. Each event is queued for each of the
//! players' live webhooks in the transaction that records it ([`queue`]), with the body fixed then (the event
//! as that player may see it); the [`worker`] delivers it signed, retries with backoff, and disables a webhook
//! that keeps failing (telling its owner by email).
//!
//! Signature: header `Tegami-Signature: t=<unix seconds>,v1=<hex>`, where hex is HMAC-SHA256 keyed with the
//! webhook's secret over `<unix seconds>.<body>` (the body exactly as sent). See docs/events.md.

pub mod target;
pub mod worker;

use diesel::prelude::*;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use shared::api_types::{CreateWebhookRequest, CreatedWebhook, Webhook, WebhookAttempt, WebhookDelivery};

use crate::db::Conn;
use crate::db::native::RunNative as _;
use crate::db::prepared::Prepared;
use crate::db::schema::{api_tokens, webhook_attempts, webhook_deliveries, webhooks};
use crate::error::{ApiError, ApiResult};
use crate::events::{self, EventRow};
use crate::secrets::random_bytes;
use crate::service::game_record::Loaded;
use crate::time::now_millis;

/// `GET /api/v1/webhooks/{id}/deliveries` lists at most this many, newest first.
pub const DELIVERIES_LISTED: i64 = 100;

/// The signature header's value for `body` sent at `timestamp` (unix seconds).
pub fn signature(secret: &str, timestamp: i64, body: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body.as_bytes());
    format!("t={timestamp},v1={}", hex::encode(mac.finalize().into_bytes()))
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = webhooks)]
pub struct WebhookRow {
    pub id: i64,
    pub account_id: i64,
    pub token_id: Option<i64>,
    pub url: String,
    pub secret: String,
    pub created_at: String,
    pub consecutive_failures: i32,
    pub disabled_at: Option<String>,
    pub disabled_reason: Option<String>,
}

impl WebhookRow {
    fn api(&self) -> Webhook {
        Webhook {
            id: self.id,
            url: self.url.clone(),
            token_id: self.token_id,
            created_at: self.created_at.clone(),
            consecutive_failures: self.consecutive_failures.max(0) as u32,
            disabled_at: self.disabled_at.clone(),
            disabled_reason: self.disabled_reason.clone(),
        }
    }
}

/// The live webhooks of `accounts`: not disabled, and not set up with a token since revoked.
fn live_for(conn: &mut Conn, accounts: &[i64]) -> ApiResult<Vec<WebhookRow>> {
    // Run at every move: kept prepared, one shape per number of players (a handful).
    let rows: Vec<WebhookRow> = Prepared(
        webhooks::table
            .filter(webhooks::account_id.eq_any(accounts))
            .filter(webhooks::disabled_at.is_null())
            .order(webhooks::id.asc())
            .select(WebhookRow::as_select()),
    )
    .load(conn)?;
    let tokens: Vec<i64> = rows.iter().filter_map(|w| w.token_id).collect();
    if tokens.is_empty() {
        return Ok(rows);
    }
    let revoked: Vec<i64> = api_tokens::table
        .filter(api_tokens::id.eq_any(&tokens))
        .filter(api_tokens::revoked_at.is_not_null())
        .select(api_tokens::id)
        .load(conn)?;
    Ok(rows.into_iter().filter(|w| w.token_id.is_none_or(|t| !revoked.contains(&t))).collect())
}

/// Queues event `row` for every live webhook of the game's players, each with the event as its owner may
/// see it; inside the transaction that records the event.
pub fn queue(conn: &mut Conn, loaded: &Loaded, row: &EventRow) -> ApiResult<()> {
    if !loaded.hooked {
        return Ok(());
    }
    let mut players: Vec<i64> =
        loaded.seats.iter().filter(|s| s.kind == "player").filter_map(|s| s.account_id).collect();
    players.sort_unstable();
    players.dedup();
    if players.is_empty() {
        return Ok(());
    }
    let hooks = live_for(conn, &players)?;
    let at = now_millis();
    for hook in hooks {
        let Some(event) = events::view(conn, loaded, row, Some(hook.account_id))? else { continue };
        let body = serde_json::to_string(&event).map_err(ApiError::internal)?;
        diesel::insert_into(webhook_deliveries::table)
            .values((
                webhook_deliveries::webhook_id.eq(hook.id),
                webhook_deliveries::event_id.eq(row.id),
                webhook_deliveries::body.eq(body),
                webhook_deliveries::created_at.eq(&at),
                webhook_deliveries::next_attempt_at.eq(&at),
            ))
            .execute_native(conn)?;
        crate::events::hub::note_delivery_queued();
    }
    Ok(())
}

/// The API token a request authenticated with, if it was one (webhooks set up with it stop when it is
/// revoked).
pub fn token_id(conn: &mut Conn, bearer: Option<&str>) -> ApiResult<Option<i64>> {
    let Some(secret) = bearer.filter(|t| t.starts_with(crate::secrets::API_TOKEN_PREFIX)) else { return Ok(None) };
    Ok(api_tokens::table
        .filter(api_tokens::token_hash.eq(crate::secrets::token_hash(secret)))
        .select(api_tokens::id)
        .first(conn)
        .optional()?)
}

/// Registers a webhook for `account`, checking its target (after resolving it), unless the account already
/// holds `max` live ones.
pub fn create(
    conn: &mut Conn,
    account: i64,
    token_id: Option<i64>,
    req: &CreateWebhookRequest,
    allow_private: bool,
    max: i64,
) -> ApiResult<CreatedWebhook> {
    let parsed = target::parse(&req.url).map_err(|e| match e {
        target::TargetError::TooLong { .. } => ApiError::bad_request("webhook_url_too_long", e.to_string()),
        other => ApiError::unprocessable("bad_webhook_url", other.to_string()),
    })?;
    target::resolve_blocking(&parsed, allow_private).map_err(|e| match e {
        target::TargetError::Private { .. } => ApiError::unprocessable("private_webhook_target", e.to_string()),
        other => ApiError::unprocessable("bad_webhook_url", other.to_string()),
    })?;
    let secret = match &req.secret {
        Some(s) if !(16..=256).contains(&s.chars().count()) => {
            return Err(ApiError::unprocessable(
                "bad_webhook_secret",
                "`secret` must be 16 to 256 characters; leave it out to have one generated",
            ));
        }
        Some(s) => s.clone(),
        None => format!("whsec_{}", hex::encode(random_bytes::<24>())),
    };
    crate::db::write_transaction(conn, |conn| {
        crate::db::lock_account(conn, account)?;
        let count: i64 = webhooks::table
            .filter(webhooks::account_id.eq(account))
            .filter(webhooks::disabled_at.is_null())
            .count()
            .get_result(conn)?;
        if count >= max {
            return Err(ApiError::conflict(
                "too_many_webhooks",
                format!("you have {count} webhooks, the most allowed ({max}); delete one first"),
            ));
        }
        let id: i64 = diesel::insert_into(webhooks::table)
            .values((
                webhooks::account_id.eq(account),
                webhooks::token_id.eq(token_id),
                webhooks::url.eq(parsed.url.as_str()),
                webhooks::secret.eq(&secret),
                webhooks::created_at.eq(now_millis()),
            ))
            .returning(webhooks::id)
            .get_result(conn)?;
        tracing::info!(account, webhook = id, url = %parsed.url, "webhook registered");
        let row = find(conn, account, id)?;
        Ok(CreatedWebhook { webhook: row.api(), secret })
    })
}

fn find(conn: &mut Conn, account: i64, id: i64) -> ApiResult<WebhookRow> {
    webhooks::table
        .find(id)
        .filter(webhooks::account_id.eq(account))
        .select(WebhookRow::as_select())
        .first(conn)
        .optional()?
        .ok_or_else(|| {
            ApiError::not_found(
                "unknown_webhook",
                format!("you have no webhook `{id}`; `GET /api/v1/webhooks` lists yours"),
            )
        })
}

pub fn list(conn: &mut Conn, account: i64) -> ApiResult<Vec<Webhook>> {
    let rows: Vec<WebhookRow> = webhooks::table
        .filter(webhooks::account_id.eq(account))
        .order(webhooks::id.asc())
        .select(WebhookRow::as_select())
        .load(conn)?;
    Ok(rows.iter().map(WebhookRow::api).collect())
}

/// Deletes a webhook with its deliveries and their attempts.
pub fn delete(conn: &mut Conn, account: i64, id: i64) -> ApiResult<()> {
    crate::db::write_transaction(conn, |conn| {
        find(conn, account, id)?;
        let deliveries =
            webhook_deliveries::table.filter(webhook_deliveries::webhook_id.eq(id)).select(webhook_deliveries::id);
        diesel::delete(webhook_attempts::table.filter(webhook_attempts::delivery_id.eq_any(deliveries)))
            .execute(conn)?;
        diesel::delete(webhook_deliveries::table.filter(webhook_deliveries::webhook_id.eq(id))).execute(conn)?;
        diesel::delete(webhooks::table.find(id)).execute(conn)?;
        tracing::info!(account, webhook = id, "webhook deleted");
        Ok(())
    })
}

/// The newest deliveries of webhook `id`, each with its attempts.
pub fn deliveries(conn: &mut Conn, account: i64, id: i64) -> ApiResult<Vec<WebhookDelivery>> {
    find(conn, account, id)?;
    type Row = (i64, i64, String, String, Option<String>, Option<String>);
    let rows: Vec<Row> = webhook_deliveries::table
        .filter(webhook_deliveries::webhook_id.eq(id))
        .order(webhook_deliveries::id.desc())
        .limit(DELIVERIES_LISTED)
        .select((
            webhook_deliveries::id,
            webhook_deliveries::event_id,
            webhook_deliveries::created_at,
            webhook_deliveries::next_attempt_at,
            webhook_deliveries::delivered_at,
            webhook_deliveries::abandoned_at,
        ))
        .load(conn)?;
    let ids: Vec<i64> = rows.iter().map(|r| r.0).collect();
    type AttemptRow = (i64, String, Option<i32>, Option<String>, i64);
    let attempts: Vec<AttemptRow> = webhook_attempts::table
        .filter(webhook_attempts::delivery_id.eq_any(&ids))
        .order(webhook_attempts::id.asc())
        .select((
            webhook_attempts::delivery_id,
            webhook_attempts::at,
            webhook_attempts::status,
            webhook_attempts::error,
            webhook_attempts::duration_ms,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(delivery, event_id, created_at, next, delivered, abandoned)| {
            let state = if delivered.is_some() {
                "delivered"
            } else if abandoned.is_some() {
                "abandoned"
            } else {
                "pending"
            };
            WebhookDelivery {
                id: delivery,
                event_id,
                created_at,
                state: state.into(),
                next_attempt_at: (state == "pending").then_some(next),
                attempts: attempts
                    .iter()
                    .filter(|a| a.0 == delivery)
                    .map(|(_, at, status, error, ms)| WebhookAttempt {
                        at: at.clone(),
                        status: status.map(|s| s as u16),
                        error: error.clone(),
                        duration_ms: (*ms).max(0) as u64,
                    })
                    .collect(),
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_cover_the_timestamp_and_the_body() {
        // Computed independently: Python's hmac.new(b"whsec_test", b'1700000000.{"id":1}', sha256).
        assert_eq!(
            signature("whsec_test", 1_700_000_000, r#"{"id":1}"#),
            "t=1700000000,v1=2f441ba4b3b2d50d28a9ab9d9fd8880376ecd1eb5d0435401553f5d8d0a5dcf8"
        );
        let sig = signature("key", 1, "body");
        assert_ne!(sig, signature("key", 2, "body"));
        assert_ne!(sig, signature("key", 1, "body!"));
        assert_ne!(sig, signature("other", 1, "body"));
    }
}

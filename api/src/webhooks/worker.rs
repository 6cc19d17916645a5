//! The webhook delivery worker: claims due deliveries (a lease, as the outbox does, so instances on one
//! PostgreSQL never send the same one twice at once), POSTs each signed to its checked target, records the
//! attempt, and schedules a retry with exponential backoff, until delivered or the webhook is disabled for
//! failing too many times in a row. Woken after every local commit, and by its own poll otherwise.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use chrono::Utc;
use diesel::prelude::*;

use crate::db::schema::{webhook_attempts, webhook_deliveries, webhooks};
use crate::db::{Conn, DbPool};
use crate::error::{ApiError, ApiResult};
use crate::mail::MailContext;
use crate::mail::outbox::backoff_ms;
use crate::settings::WebhookSettings;
use crate::time::{millis, now_millis};
use crate::webhooks::{signature, target};

/// Deliveries claimed at once (sent concurrently).
const BATCH: i64 = 20;
/// How long a claimed delivery stays with its sender before another attempt may take it.
const LEASE_SECONDS: i64 = 120;

/// A delivery claimed for sending, with its webhook's target and key.
#[derive(Debug, Clone, Queryable)]
pub struct Claimed {
    pub id: i64,
    pub event_id: i64,
    pub body: String,
    pub attempts: i32,
    pub webhook_id: i64,
    pub url: String,
    pub secret: String,
}

/// What one attempt came to.
#[derive(Debug, Clone)]
pub struct Attempt {
    pub status: Option<u16>,
    pub error: Option<String>,
    pub duration_ms: u64,
}

impl Attempt {
    fn succeeded(&self) -> bool {
        self.status.is_some_and(|s| (200..300).contains(&s))
    }
}

pub async fn run(pool: DbPool, mail: MailContext, settings: WebhookSettings) {
    let mut woken = crate::events::hub::woken_for_deliveries();
    tracing::info!(allow_private = settings.allow_private, "webhook worker started");
    loop {
        tokio::select! {
            changed = woken.changed() => if changed.is_err() { return },
            () = tokio::time::sleep(Duration::from_millis(settings.poll_ms)) => {}
        }
        loop {
            // Held with the mail (see `outgoing_hold`): deliveries stay queued.
            let claimed = match blocking(&pool, |conn| {
                if crate::outgoing_hold::held(conn)?.is_some() {
                    return Ok(Vec::new());
                }
                claim_due(conn)
            })
            .await
            {
                Ok(c) => c,
                Err(e) => {
                    tracing::warn!(error = %e, "webhook worker: cannot read due deliveries");
                    break;
                }
            };
            if claimed.is_empty() {
                break;
            }
            let full = claimed.len() as i64 == BATCH;
            let sends = claimed.into_iter().map(|c| {
                let (pool, mail, settings) = (pool.clone(), mail.clone(), settings.clone());
                async move {
                    let attempt = send(&c, &settings).await;
                    let outcome = if attempt.succeeded() { "delivered" } else { "failed" };
                    metrics::counter!(crate::metrics::WEBHOOK_DELIVERIES, "outcome" => outcome).increment(1);
                    let id = c.id;
                    if let Err(e) = blocking(&pool, move |conn| record(conn, &mail, &settings, &c, &attempt)).await {
                        tracing::warn!(delivery = id, error = %e, "webhook worker: cannot record an attempt");
                    }
                }
            });
            futures_util::future::join_all(sends).await;
            if !full {
                break;
            }
        }
    }
}

async fn blocking<T: Send + 'static>(
    pool: &DbPool,
    f: impl FnOnce(&mut Conn) -> ApiResult<T> + Send + 'static,
) -> Result<T, String> {
    let pool = pool.clone();
    tokio::task::spawn_blocking(move || {
        let mut conn = pool.get().map_err(|e| e.to_string())?;
        f(&mut conn).map_err(|e| e.to_string())
    })
    .await
    .map_err(|e| e.to_string())?
}

/// Claims up to [`BATCH`] due deliveries of live webhooks.
pub fn claim_due(conn: &mut Conn) -> ApiResult<Vec<Claimed>> {
    // The worker is woken after every commit that recorded an event, and most find nothing due: a read
    // answers that without a write transaction, which on SQLite would take the file's one write lock from the
    // move writer (its batch would wait on it) at every move.
    let undelivered = webhook_deliveries::table
        .filter(webhook_deliveries::delivered_at.is_null())
        .filter(webhook_deliveries::abandoned_at.is_null())
        .filter(webhook_deliveries::next_attempt_at.le(now_millis()))
        .select(webhook_deliveries::id)
        .first::<i64>(conn)
        .optional()?;
    if undelivered.is_none() {
        return Ok(Vec::new());
    }
    crate::db::write_transaction(conn, |conn| {
        let now = now_millis();
        let due = webhook_deliveries::table
            .inner_join(webhooks::table)
            .filter(webhook_deliveries::delivered_at.is_null())
            .filter(webhook_deliveries::abandoned_at.is_null())
            .filter(webhook_deliveries::next_attempt_at.le(&now))
            .filter(webhook_deliveries::claimed_until.is_null().or(webhook_deliveries::claimed_until.lt(&now)))
            .filter(webhooks::disabled_at.is_null())
            .order(webhook_deliveries::id.asc())
            .limit(BATCH)
            .select((
                webhook_deliveries::id,
                webhook_deliveries::event_id,
                webhook_deliveries::body,
                webhook_deliveries::attempts,
                webhooks::id,
                webhooks::url,
                webhooks::secret,
            ));
        let rows: Vec<Claimed> = crate::on_backend!(conn,
            sqlite: |c| due.load(c),
            postgres: |c| due.for_update().skip_locked().load(c)
        )?;
        let lease = millis(Utc::now() + chrono::Duration::seconds(LEASE_SECONDS));
        let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
        diesel::update(webhook_deliveries::table.filter(webhook_deliveries::id.eq_any(&ids)))
            .set(webhook_deliveries::claimed_until.eq(&lease))
            .execute(conn)?;
        Ok(rows)
    })
}

/// One attempt: resolve and check the target, POST the signed body, never follow a redirect.
pub async fn send(c: &Claimed, settings: &WebhookSettings) -> Attempt {
    let started = Instant::now();
    let result = post(c, settings).await;
    let duration_ms = started.elapsed().as_millis() as u64;
    match result {
        Ok(status) => Attempt { status: Some(status), error: None, duration_ms },
        Err(error) => Attempt { status: None, error: Some(error), duration_ms },
    }
}

async fn post(c: &Claimed, settings: &WebhookSettings) -> Result<u16, String> {
    let target = target::parse(&c.url).map_err(|e| e.to_string())?;
    let addrs: Vec<SocketAddr> = target::resolve(&target, settings.allow_private).await.map_err(|e| e.to_string())?;
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_millis(settings.timeout_ms))
        .user_agent(concat!("tegami-server/", env!("CARGO_PKG_VERSION")))
        // Connect to exactly the addresses checked above.
        .resolve_to_addrs(&target.host, &addrs)
        .build()
        .map_err(|e| format!("cannot build the HTTP client: {e}"))?;
    let timestamp = Utc::now().timestamp();
    let response = client
        .post(target.url.clone())
        .header(reqwest::header::CONTENT_TYPE, "application/json")
        .header("Tegami-Signature", signature(&c.secret, timestamp, &c.body))
        .header("Tegami-Event-Id", c.event_id.to_string())
        .header("Tegami-Delivery-Id", c.id.to_string())
        .body(c.body.clone())
        .send()
        .await
        .map_err(|e| error_chain(&e))?;
    Ok(response.status().as_u16())
}

fn error_chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

/// Records an attempt: delivered, or scheduled again; a webhook failing `disable_after` times in a row is
/// disabled, its waiting deliveries abandoned and its owner emailed.
pub fn record(
    conn: &mut Conn,
    mail: &MailContext,
    settings: &WebhookSettings,
    c: &Claimed,
    attempt: &Attempt,
) -> ApiResult<()> {
    crate::db::write_transaction(conn, |conn| {
        let now = now_millis();
        diesel::insert_into(webhook_attempts::table)
            .values((
                webhook_attempts::delivery_id.eq(c.id),
                webhook_attempts::at.eq(&now),
                webhook_attempts::status.eq(attempt.status.map(i32::from)),
                webhook_attempts::error.eq(&attempt.error),
                webhook_attempts::duration_ms.eq(attempt.duration_ms as i64),
            ))
            .execute(conn)?;
        let attempts = c.attempts + 1;
        if attempt.succeeded() {
            tracing::info!(delivery = c.id, webhook = c.webhook_id, attempts, "webhook delivered");
            diesel::update(webhook_deliveries::table.find(c.id))
                .set((
                    webhook_deliveries::attempts.eq(attempts),
                    webhook_deliveries::delivered_at.eq(&now),
                    webhook_deliveries::claimed_until.eq(None::<String>),
                ))
                .execute(conn)?;
            diesel::update(webhooks::table.find(c.webhook_id))
                .set(webhooks::consecutive_failures.eq(0))
                .execute(conn)?;
            return Ok(());
        }
        let why = match (&attempt.status, &attempt.error) {
            (Some(status), _) => format!("answered HTTP {status}"),
            (None, Some(error)) => error.clone(),
            (None, None) => "no answer".to_string(),
        };
        let delay = backoff_ms(attempts, settings.retry_base_ms, settings.retry_max_ms);
        tracing::warn!(delivery = c.id, webhook = c.webhook_id, attempts, retry_in_ms = delay, error = %why, "webhook not delivered");
        diesel::update(webhook_deliveries::table.find(c.id))
            .set((
                webhook_deliveries::attempts.eq(attempts),
                webhook_deliveries::next_attempt_at
                    .eq(millis(Utc::now() + chrono::Duration::milliseconds(delay as i64))),
                webhook_deliveries::claimed_until.eq(None::<String>),
            ))
            .execute(conn)?;
        let (failures, owner, url, disabled): (i32, i64, String, Option<String>) =
            diesel::update(webhooks::table.find(c.webhook_id))
                .set(webhooks::consecutive_failures.eq(webhooks::consecutive_failures + 1))
                .returning((webhooks::consecutive_failures, webhooks::account_id, webhooks::url, webhooks::disabled_at))
                .get_result(conn)?;
        if disabled.is_none() && failures >= settings.disable_after as i32 {
            let reason = format!("{failures} failed attempts in a row; the last {why}");
            diesel::update(webhooks::table.find(c.webhook_id))
                .set((webhooks::disabled_at.eq(&now), webhooks::disabled_reason.eq(&reason)))
                .execute(conn)?;
            diesel::update(
                webhook_deliveries::table
                    .filter(webhook_deliveries::webhook_id.eq(c.webhook_id))
                    .filter(webhook_deliveries::delivered_at.is_null())
                    .filter(webhook_deliveries::abandoned_at.is_null()),
            )
            .set((webhook_deliveries::abandoned_at.eq(&now), webhook_deliveries::claimed_until.eq(None::<String>)))
            .execute(conn)?;
            tracing::warn!(webhook = c.webhook_id, %reason, "webhook disabled");
            crate::service::notify::webhook_disabled(conn, mail, owner, c.webhook_id, &url, &reason)?;
        }
        Ok::<(), ApiError>(())
    })
}

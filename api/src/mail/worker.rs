//! The background worker: every poll interval it sweeps deadlines (reminders, timeouts), then claims due
//! outbox rows, sends them and records the result. It runs beside the HTTP server and stops with it.

use std::time::Duration;

use crate::db::DbPool;
use crate::mail::MailContext;
use crate::mail::outbox::{self, Claimed};
use crate::mail::send::Mailer;
use crate::service::deadlines;
use crate::settings::MailSettings;

const BATCH: i64 = 20;

pub async fn run(pool: DbPool, mail: MailContext, mailer: Mailer) {
    let settings = mail.settings.clone();
    let mut tick = tokio::time::interval(Duration::from_millis(settings.poll_ms));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    tracing::info!(mailer = ?mailer, "mail worker started");
    match blocking(&pool, outbox::release_claims).await {
        Ok(0) => {}
        Ok(n) => tracing::warn!(released = n, "mail worker: retrying emails a previous run had not finished sending"),
        Err(e) => tracing::warn!(error = %e, "mail worker: cannot release old claims"),
    }
    loop {
        tick.tick().await;
        let ctx = mail.clone();
        match blocking(&pool, move |conn| deadlines::sweep(conn, &ctx)).await {
            Ok(swept) if swept != deadlines::Swept::default() => tracing::info!(?swept, "deadlines swept"),
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "deadline sweep failed"),
        }
        let ctx = mail.clone();
        match blocking(&pool, move |conn| crate::service::digest::sweep(conn, &ctx)).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(digests = n, "daily digests queued"),
            Err(e) => tracing::warn!(error = %e, "digest sweep failed"),
        }
        loop {
            match send_due(&pool, &settings, &mailer).await {
                Ok(n) if n as i64 == BATCH => continue,
                Ok(_) => break,
                Err(e) => {
                    tracing::warn!(error = %e, "mail worker: cannot read the outbox");
                    break;
                }
            }
        }
    }
}

async fn blocking<T: Send + 'static, E: std::fmt::Display>(
    pool: &DbPool,
    f: impl FnOnce(&mut crate::db::Conn) -> Result<T, E> + Send + 'static,
) -> Result<T, String> {
    let pool = pool.clone();
    tokio::task::spawn_blocking(move || {
        let mut conn = pool.get().map_err(|e| e.to_string())?;
        f(&mut conn).map_err(|e| e.to_string())
    })
    .await
    .map_err(|e| e.to_string())?
}

/// Sends one batch; returns how many rows were claimed.
async fn send_due(pool: &DbPool, settings: &MailSettings, mailer: &Mailer) -> Result<usize, String> {
    let claimed: Vec<Claimed> = blocking(pool, |conn| outbox::claim_due(conn, BATCH)).await?;
    let n = claimed.len();
    for row in claimed {
        let attempts = row.attempts + 1;
        match mailer.send(row.id, &row.sender, &row.recipient, &row.message).await {
            Ok(()) => {
                tracing::info!(outbox = row.id, to = %row.recipient, attempts, "email sent");
                let id = row.id;
                blocking(pool, move |conn| outbox::mark_sent(conn, id)).await?;
            }
            Err(e) if e.is_permanent() || attempts >= outbox::MAX_ATTEMPTS => {
                tracing::error!(outbox = row.id, to = %row.recipient, attempts, error = %e, "email given up");
                let (id, error) = (row.id, format!("gave up: {e}"));
                blocking(pool, move |conn| outbox::give_up(conn, id, &error)).await?;
            }
            Err(e) => {
                let delay = outbox::backoff_ms(attempts, settings.retry_base_ms, settings.retry_max_ms);
                tracing::warn!(outbox = row.id, to = %row.recipient, attempts, retry_in_ms = delay, error = %e, "email not sent");
                let (id, error) = (row.id, e.to_string());
                blocking(pool, move |conn| outbox::mark_failed(conn, id, &error, delay)).await?;
            }
        }
    }
    Ok(n)
}

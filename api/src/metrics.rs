//! Prometheus metrics at `/metrics`, off unless `metrics_bind` (a separate address, e.g. one only the
//! monitoring network reaches) or `metrics_token` (a bearer token, on the main address) is set.
//!
//! Counters and histograms are recorded where things happen, through the `metrics` facade (a no-op until
//! [`install`] sets the recorder): HTTP requests (by method, route template and status, see
//! [`crate::access_log`]), moves and their latency, the writer's batch sizes, emails and webhook deliveries
//! by outcome, and waits for a pooled database connection. What is a state rather than an event (games by
//! status, queued and retrying emails and the oldest one's age, pending webhook deliveries, open event
//! streams, the pool's connections, whether mail is held) is read at each scrape. The recorder is one per
//! process: servers started in one process (tests) share their counters.

use std::sync::OnceLock;
use std::time::Duration;

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use diesel::prelude::*;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

use crate::db::Conn;
use crate::db::schema::{games, outbox, webhook_deliveries};
use crate::error::ApiError;
use crate::state::AppState;

/// Where and how `/metrics` is served.
#[derive(Clone, Debug, Default)]
pub struct MetricsSettings {
    /// A separate address serving only `/metrics`.
    pub bind: Option<String>,
    /// A bearer token `/metrics` asks for; with no `bind`, `/metrics` is served on the main address.
    pub token: Option<String>,
}

impl MetricsSettings {
    pub fn enabled(&self) -> bool {
        self.bind.is_some() || self.token.is_some()
    }
}

/// Bounds of latency histograms, in seconds: a move takes milliseconds, a slow fsync tens of them.
const SECONDS_BUCKETS: &[f64] = &[0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];
/// Bounds of the writer's batch sizes (at most `writer::MAX_BATCH`).
const BATCH_BUCKETS: &[f64] = &[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0];

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// Sets the process's metrics recorder (once; later calls return the same handle), and keeps its histograms
/// drained between scrapes.
pub fn install() -> &'static PrometheusHandle {
    HANDLE.get_or_init(|| {
        let handle = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), SECONDS_BUCKETS)
            .and_then(|b| b.set_buckets_for_metric(Matcher::Full(WRITER_BATCH_SIZE.into()), BATCH_BUCKETS))
            .expect("non-empty buckets")
            .install_recorder()
            .unwrap_or_else(|e| panic!("cannot install the metrics recorder: {e}"));
        describe();
        let upkeep = handle.clone();
        std::thread::Builder::new()
            .name("metrics-upkeep".into())
            .spawn(move || {
                loop {
                    std::thread::sleep(Duration::from_secs(5));
                    upkeep.run_upkeep();
                }
            })
            .expect("a thread for the metrics' upkeep");
        handle
    })
}

pub const HTTP_REQUESTS: &str = "tegami_http_requests_total";
pub const HTTP_DURATION: &str = "tegami_http_request_duration_seconds";
pub const MOVES: &str = "tegami_moves_total";
pub const MOVE_DURATION: &str = "tegami_move_duration_seconds";
pub const WRITER_BATCH_SIZE: &str = "tegami_writer_batch_size";
pub const EMAILS: &str = "tegami_emails_total";
pub const WEBHOOK_DELIVERIES: &str = "tegami_webhook_deliveries_total";
pub const POOL_WAIT: &str = "tegami_db_pool_wait_seconds";
pub const POOL_TIMEOUTS: &str = "tegami_db_pool_timeouts_total";

fn describe() {
    use metrics::{Unit, describe_counter, describe_gauge, describe_histogram};
    describe_counter!(HTTP_REQUESTS, "HTTP requests answered, by method, route template and status");
    describe_histogram!(HTTP_DURATION, Unit::Seconds, "Time to answer an HTTP request, by method and route template");
    describe_counter!(MOVES, "Moves and resignations submitted over HTTP, by outcome (accepted, duplicate, refused)");
    describe_histogram!(MOVE_DURATION, Unit::Seconds, "Time from a move's arrival to its answer (after its commit)");
    describe_histogram!(WRITER_BATCH_SIZE, "Moves and resignations committed together by the group-commit writer");
    describe_counter!(EMAILS, "Emails handled by the mail worker, by outcome (sent, failed, given_up, skipped)");
    describe_counter!(WEBHOOK_DELIVERIES, "Webhook delivery attempts, by outcome (delivered, failed)");
    describe_histogram!(POOL_WAIT, Unit::Seconds, "Time waited for a pooled database connection");
    describe_counter!(POOL_TIMEOUTS, "Waits for a pooled database connection that timed out");
    describe_gauge!("tegami_games", "Games by status");
    describe_gauge!("tegami_emails_queued", "Emails waiting to be sent (retrying ones included)");
    describe_gauge!("tegami_emails_retrying", "Queued emails whose last attempt failed");
    describe_gauge!("tegami_emails_given_up", "Emails given up after their last attempt");
    describe_gauge!("tegami_emails_oldest_queued_seconds", "Age of the oldest email waiting to be sent");
    describe_gauge!("tegami_outgoing_held", "1 while outgoing mail and webhook deliveries are held");
    describe_gauge!("tegami_webhook_deliveries_pending", "Webhook deliveries waiting to be delivered");
    describe_gauge!("tegami_event_streams_open", "Server-Sent Events streams open on this instance");
    describe_gauge!("tegami_db_pool_connections", "Database connections this instance's pool holds");
    describe_gauge!("tegami_db_pool_idle_connections", "Idle database connections in this instance's pool");
    describe_gauge!("tegami_build_info", "Always 1; the version is a label");
}

/// Counts a move (`kind` "move") or resignation ("resign") submitted at `started`, and its latency.
pub fn record_move(
    kind: &'static str,
    started: std::time::Instant,
    result: &Result<shared::api_types::MoveAccepted, ApiError>,
) {
    let outcome = match result {
        Ok(accepted) if accepted.duplicate => "duplicate",
        Ok(_) => "accepted",
        Err(e) if e.status.is_client_error() => "refused",
        Err(_) => "failed",
    };
    metrics::counter!(MOVES, "kind" => kind, "outcome" => outcome).increment(1);
    metrics::histogram!(MOVE_DURATION, "kind" => kind).record(started.elapsed().as_secs_f64());
}

/// Records the waits for pooled connections (installed on every pool; a no-op while metrics are off).
#[derive(Debug)]
pub struct PoolEvents;

impl diesel::r2d2::HandleEvent for PoolEvents {
    fn handle_checkout(&self, event: diesel::r2d2::event::CheckoutEvent) {
        metrics::histogram!(POOL_WAIT).record(event.duration().as_secs_f64());
    }

    fn handle_timeout(&self, _event: diesel::r2d2::event::TimeoutEvent) {
        metrics::counter!(POOL_TIMEOUTS).increment(1);
    }
}

/// `GET /metrics` on the main address (only registered with a token) or the metrics address.
pub async fn scrape(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    if let Some(token) = &state.settings.metrics.token {
        let given = req
            .headers()
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .unwrap_or("");
        if !constant_time_eq(given.as_bytes(), token.as_bytes()) {
            return Err(ApiError::new(
                actix_web::http::StatusCode::UNAUTHORIZED,
                "metrics_token_required",
                "`/metrics` needs `Authorization: Bearer <metrics_token>`",
            ));
        }
    }
    let handle = install();
    let streams = state.hub.streams();
    let pool = state.pool.state();
    metrics::gauge!("tegami_event_streams_open").set(streams as f64);
    metrics::gauge!("tegami_db_pool_connections").set(f64::from(pool.connections));
    metrics::gauge!("tegami_db_pool_idle_connections").set(f64::from(pool.idle_connections));
    metrics::gauge!("tegami_build_info", "version" => env!("CARGO_PKG_VERSION")).set(1.0);
    let now = state.mail.clock.now();
    crate::routes::with_db(&state, move |conn| read_states(conn, now).map_err(ApiError::internal)).await?;
    handle.run_upkeep();
    Ok(HttpResponse::Ok().content_type("text/plain; version=0.0.4; charset=utf-8").body(handle.render()))
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Sets the gauges read from the database.
fn read_states(conn: &mut Conn, now: chrono::DateTime<chrono::Utc>) -> QueryResult<()> {
    let by_status: Vec<(String, i64)> =
        games::table.group_by(games::status).select((games::status, diesel::dsl::count_star())).load(conn)?;
    for status in ["waiting", "active", "finished"] {
        let n = by_status.iter().find(|(s, _)| s == status).map(|(_, n)| *n).unwrap_or(0);
        metrics::gauge!("tegami_games", "status" => status).set(n as f64);
    }
    let waiting = || {
        outbox::table
            .filter(outbox::sent_at.is_null())
            .filter(outbox::kind.ne(crate::mail::outbox::DIGEST_PART))
            .filter(outbox::next_attempt_at.ne(crate::mail::outbox::GAVE_UP))
    };
    let queued: i64 = waiting().count().get_result(conn)?;
    let retrying: i64 = waiting().filter(outbox::last_error.is_not_null()).count().get_result(conn)?;
    let oldest: Option<String> = waiting().select(diesel::dsl::min(outbox::created_at)).first(conn)?;
    let given_up: i64 = outbox::table
        .filter(outbox::sent_at.is_null())
        .filter(outbox::next_attempt_at.eq(crate::mail::outbox::GAVE_UP))
        .count()
        .get_result(conn)?;
    let oldest_age = oldest
        .and_then(|at| chrono::DateTime::parse_from_rfc3339(&at).ok())
        .map(|at| (now - at.with_timezone(&chrono::Utc)).num_milliseconds().max(0) as f64 / 1000.0)
        .unwrap_or(0.0);
    metrics::gauge!("tegami_emails_queued").set(queued as f64);
    metrics::gauge!("tegami_emails_retrying").set(retrying as f64);
    metrics::gauge!("tegami_emails_given_up").set(given_up as f64);
    metrics::gauge!("tegami_emails_oldest_queued_seconds").set(oldest_age);
    let held = crate::outgoing_hold::held(conn)?.is_some();
    metrics::gauge!("tegami_outgoing_held").set(if held { 1.0 } else { 0.0 });
    let pending: i64 = webhook_deliveries::table
        .filter(webhook_deliveries::delivered_at.is_null())
        .filter(webhook_deliveries::abandoned_at.is_null())
        .count()
        .get_result(conn)?;
    metrics::gauge!("tegami_webhook_deliveries_pending").set(pending as f64);
    Ok(())
}

/// The separate metrics address: `/metrics` and nothing else.
pub fn configure_separate(cfg: &mut web::ServiceConfig) {
    cfg.route("/metrics", web::get().to(scrape));
}

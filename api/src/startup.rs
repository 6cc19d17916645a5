//! Builds the application from explicit settings (no global config); binds before returning so tests
//! can ask for port 0 and read the port they got.

use std::net::TcpListener;

use actix_web::dev::{ResourceDef, Server};
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{App, HttpResponse, HttpServer, ResponseError, web};
use tracing_actix_web::TracingLogger;

use crate::access_log::AccessLog;
use crate::connections::Connections;
use crate::db::writer::Writer;
use crate::db::{self, DbPool, DbSetupError};
use crate::error::{self, ApiError};
use crate::events::hub::Hub;
use crate::mail::MailContext;
use crate::mail::send::{Mailer, MailerError};
use crate::settings::Settings;
use crate::state::AppState;
use crate::web as pages;
use crate::{auth, mail_worker, openapi, routes, security_headers, webhooks};

#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    #[error(transparent)]
    Database(#[from] DbSetupError),
    #[error("cannot load the session secret: {0}")]
    Secret(#[from] diesel::result::Error),
    #[error("cannot listen on `{bind}`: {source}")]
    Bind { bind: String, source: std::io::Error },
    #[error(transparent)]
    Mailer(#[from] MailerError),
    #[error(transparent)]
    InUse(#[from] crate::instance_lock::LockError),
    #[error("cannot record the server's settings for `mail-in`: {0}")]
    Record(diesel::result::Error),
    #[error("cannot record the results of games finished before results were kept: {}", .0.detail)]
    OldResults(crate::error::ApiError),
}

/// The HTTP server and the workers beside it: mail, the event hub and webhook delivery.
pub struct Application {
    server: Server,
    port: u16,
    worker: Option<(DbPool, MailContext, Mailer)>,
    hub: Hub,
    settings: Settings,
    /// The HTTP workers' state, let go of last (see [`Application::run`]).
    state: web::Data<AppState>,
    /// Whether the state's pool has closed its connections.
    pool_gone: db::PoolGone,
    /// On SQLite, this server's claim on the file, held until it stops.
    _lock: Option<crate::instance_lock::InstanceLock>,
    /// The separate metrics address's server and port, when `metrics_bind` is set.
    metrics: Option<(Server, u16)>,
    /// The open connections, whose idle ones a signal closes at once.
    connections: Connections,
}

/// Every documented path with the methods it offers, to tell a wrong method (405) from a wrong path (404).
struct KnownPaths(Vec<(ResourceDef, String)>);

impl KnownPaths {
    fn from_document(document: &utoipa::openapi::OpenApi) -> KnownPaths {
        let mut known: Vec<(ResourceDef, String)> = openapi::methods_by_path(document)
            .into_iter()
            .map(|(path, methods)| (ResourceDef::new(path), methods.join(", ")))
            .collect();
        known.push((ResourceDef::new("/openapi.json"), "GET".into()));
        KnownPaths(known)
    }

    fn allowed(&self, path: &str) -> Option<&str> {
        self.0.iter().find(|(def, _)| def.is_match(path)).map(|(_, methods)| methods.as_str())
    }
}

async fn not_found(req: actix_web::HttpRequest, known: web::Data<KnownPaths>) -> Result<HttpResponse, ApiError> {
    if let Some(allow) = known.allowed(req.path()) {
        let mut problem = ApiError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
            format!("`{} {}` is not offered; this path takes {allow}", req.method(), req.path()),
        );
        // Answered here rather than as an error (it carries an Allow header), so told in the asked language here.
        if let Some(asked) = req.headers().get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()) {
            problem.lang = crate::web::i18n::from_accept_language(asked);
        }
        let mut response = problem.error_response();
        let allow = HeaderValue::from_str(allow).map_err(ApiError::internal)?;
        response.headers_mut().insert(header::ALLOW, allow);
        return Ok(response);
    }
    if crate::web::landing::is_page_request(&req) {
        return Ok(crate::web::no_page(req.path()));
    }
    Err(ApiError::not_found("no_route", format!("no route `{} {}`; see /docs for the API", req.method(), req.path())))
}

impl Application {
    pub fn build(settings: Settings) -> Result<Application, StartupError> {
        // Before anything opens the file: a second server on it must not even migrate it.
        let target = db::Target::parse(&settings.database_url)?;
        let lock = match &target {
            db::Target::Sqlite(path) => {
                db::create_parent_folder(path)?;
                Some(crate::instance_lock::InstanceLock::acquire(std::path::Path::new(path))?)
            }
            db::Target::Postgres(_) => None,
        };
        let (pool, pool_gone) =
            db::connect_watched(&settings.database_url, settings.db_pool_size, settings.sqlite_synchronous)?;
        let jwt_secret = {
            let mut conn = pool.get().map_err(DbSetupError::from)?;
            // What `mail-in` run with only the database URL answers with (see `served_settings`).
            crate::served_settings::record(&mut conn, &settings).map_err(StartupError::Record)?;
            crate::service::results::record_old_results(&mut conn).map_err(StartupError::OldResults)?;
            if let Ok(Some(reason)) = crate::outgoing_hold::held(&mut conn) {
                tracing::warn!(%reason, "outgoing mail is held: nothing is sent until `tegami-server mail release`");
            }
            auth::load_or_create_jwt_secret(&mut conn, settings.jwt_secret.as_deref())?
        };
        let bind_err = |source| StartupError::Bind { bind: settings.bind.clone(), source };
        let listener = TcpListener::bind(&settings.bind).map_err(bind_err)?;
        let port = listener.local_addr().map_err(bind_err)?.port();
        let mailer = Mailer::from_settings(&settings.mail)?;
        let mail = MailContext::new(&settings);
        let worker = Some((pool.clone(), mail.clone(), mailer));
        let writer = Writer::start(&settings.database_url, settings.sqlite_synchronous, settings.db_writers as usize)?;
        let hub = Hub::default();
        let state = web::Data::new(AppState {
            pool,
            reads_in_place: matches!(target, db::Target::Sqlite(_)),
            writer,
            jwt_secret,
            checked_sessions: Default::default(),
            settings: settings.clone(),
            mail,
            hub: hub.clone(),
        });
        let known_paths = web::Data::new(KnownPaths::from_document(&openapi::document()));
        let document = web::Bytes::from(openapi::json());
        let https = settings.public_url.starts_with("https://");
        if settings.metrics.enabled() {
            crate::metrics::install();
        }
        // With a separate address, `/metrics` is served there only; otherwise on the main one, behind the token.
        let metrics_here = settings.metrics.bind.is_none() && settings.metrics.token.is_some();
        let metrics = match &settings.metrics.bind {
            Some(bind) => Some(metrics_server(bind, state.clone())?),
            None => None,
        };
        let kept = state.clone();
        let connections = Connections::default();
        let tracked = connections.clone();
        let connections_data = web::Data::new(connections.clone());
        let server = HttpServer::new(move || {
            let doc = document.clone();
            App::new()
                .wrap(actix_web::middleware::from_fn(auth::resolve_first))
                // A refusal's detail in the language the client asks for (outside auth: its refusals too).
                .wrap(actix_web::middleware::from_fn(crate::problem_language::in_asked_language))
                // Browsers opening an email's API link get the page for it (before auth: a page needs none).
                .wrap(actix_web::middleware::from_fn(pages::landing::browsers_to_pages))
                .wrap(security_headers::middleware(https))
                .wrap(TracingLogger::<AccessLog>::new())
                .wrap(actix_web::middleware::from_fn(crate::access_log::log_request))
                // Outermost: a connection is busy for the whole of a request, whatever answers it.
                .wrap(actix_web::middleware::from_fn(crate::connections::track))
                .app_data(connections_data.clone())
                .app_data(state.clone())
                .app_data(known_paths.clone())
                .app_data(
                    web::JsonConfig::default().limit(crate::body_limit::JSON_LIMIT).error_handler(error::json_error),
                )
                .app_data(web::PathConfig::default().error_handler(error::path_error))
                .app_data(web::QueryConfig::default().error_handler(error::query_error))
                .app_data(web::PayloadConfig::default().limit(crate::body_limit::JSON_LIMIT))
                .configure(routes::configure)
                .configure(|cfg| {
                    if metrics_here {
                        crate::metrics::configure_separate(cfg);
                    }
                })
                .route(
                    "/openapi.json",
                    web::get().to(move || {
                        let doc = doc.clone();
                        async move { HttpResponse::Ok().content_type(header::ContentType::json()).body(doc) }
                    }),
                )
                .configure(routes::docs::configure)
                .configure(pages::configure)
                .default_service(web::to(not_found))
        })
        .on_connect(move |io, data| tracked.on_connect(io, data))
        .listen(listener)
        .map_err(bind_err)?
        // A worker's blocking tasks are database work, each holding one of the pool's connections (or an Argon2
        // hash): threads beyond the pool's size would only wait for a connection, each with a stack of its own.
        // Unbounded (512 per core by default), a burst of requests, such as thousands of event streams opening
        // at once, leaves hundreds of idle threads behind.
        .worker_max_blocking_threads((settings.db_pool_size as usize).max(2))
        // SIGTERM and Ctrl-C are handled in `run`, which stops the mail worker first.
        .disable_signals()
        .run();
        Ok(Application {
            server,
            port,
            worker,
            hub,
            settings,
            state: kept,
            pool_gone,
            _lock: lock,
            metrics,
            connections,
        })
    }

    /// Stops the server (and with it the mail worker) from another thread or task.
    pub fn handle(&self) -> actix_web::dev::ServerHandle {
        self.server.handle()
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// The port of the separate metrics address, when `metrics_bind` is set.
    pub fn metrics_port(&self) -> Option<u16> {
        self.metrics.as_ref().map(|(_, port)| *port)
    }

    /// The event hub of this instance (how many streams are open).
    pub fn hub(&self) -> &Hub {
        &self.hub
    }

    /// Serves until the server stops (through its handle, SIGTERM or Ctrl-C); the mail worker runs alongside.
    /// On a signal the worker is told to stop at once, so that it claims nothing more while HTTP requests
    /// drain; it may take `mail_shutdown_grace_ms` to finish and record the send in flight.
    pub async fn run(mut self) -> std::io::Result<()> {
        let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
        let grace = self.worker.as_ref().map(|(_, ctx, _)| ctx.settings.shutdown_grace_ms).unwrap_or(0);
        let mut others = Vec::new();
        let worker = self.worker.take().map(|(pool, ctx, mailer)| {
            let poll = std::time::Duration::from_millis(self.settings.events.poll_ms);
            let url = self.settings.database_url.clone();
            others.push(actix_web::rt::spawn(self.hub.clone().run(pool.clone(), url, poll)));
            others.push(actix_web::rt::spawn(crate::bot_worker::run(pool.clone(), ctx.clone())));
            others.push(actix_web::rt::spawn(webhooks::worker::run(
                pool.clone(),
                ctx.clone(),
                self.settings.webhooks.clone(),
            )));
            actix_web::rt::spawn(mail_worker::run(pool, ctx, mailer, stop_rx))
        });
        let metrics = self.metrics.take().map(|(server, _)| {
            let handle = server.handle();
            (actix_web::rt::spawn(server), handle)
        });
        let handle = self.server.handle();
        let stop_worker = stop_tx.clone();
        let connections = self.connections.clone();
        let signals = actix_web::rt::spawn(async move {
            let signal = termination().await;
            tracing::info!(
                signal,
                "stopping: idle connections close, the mail worker finishes its sends, HTTP requests drain"
            );
            let _ = stop_worker.send(true);
            connections.stop();
            handle.stop(true).await;
        });
        let result = self.server.await;
        if let Some((metrics, handle)) = metrics {
            handle.stop(true).await;
            let _ = metrics.await;
        }
        signals.abort();
        for other in &others {
            other.abort();
        }
        for other in others {
            // Returns once the task's future is dropped, with the pool it held.
            let _ = other.await;
        }
        let _ = stop_tx.send(true);
        if let Some(worker) = worker {
            let abort = worker.abort_handle();
            if tokio::time::timeout(std::time::Duration::from_millis(grace), worker).await.is_err() {
                tracing::warn!(
                    grace_ms = grace,
                    "the mail worker did not finish in time; an email being sent may go out again at the next start"
                );
                abort.abort();
            }
        }
        let_go_of(self.state, &self.pool_gone).await;
        result
    }
}

/// The separate metrics address: `/metrics` only, one worker, its own access log lines.
fn metrics_server(bind: &str, state: web::Data<AppState>) -> Result<(Server, u16), StartupError> {
    let bind_err = |source| StartupError::Bind { bind: bind.to_string(), source };
    let listener = TcpListener::bind(bind).map_err(bind_err)?;
    let port = listener.local_addr().map_err(bind_err)?.port();
    let server = HttpServer::new(move || {
        App::new()
            .wrap(TracingLogger::<AccessLog>::new())
            .wrap(actix_web::middleware::from_fn(crate::access_log::log_request))
            .app_data(state.clone())
            .configure(crate::metrics::configure_separate)
    })
    .workers(1)
    .listen(listener)
    .map_err(bind_err)?
    .disable_signals()
    .run();
    Ok((server, port))
}

/// How long the HTTP workers' threads may take to let go of the state once the server stopped, and the
/// database pool then to close its connections.
const WORKERS_LET_GO: std::time::Duration = std::time::Duration::from_secs(5);

/// Drops the state here once no HTTP worker holds it any more, then waits for its pool's connections to close
/// (a task of the blocking pool may still be running, or the pool's own thread opening a connection): the
/// database is closed and the writer thread has ended when the server's run returns. A worker thread dropping
/// the last reference while the process exits could be closing a TLS session to PostgreSQL as OpenSSL is torn
/// down, and crash the exit.
async fn let_go_of(state: web::Data<AppState>, pool_gone: &db::PoolGone) {
    let deadline = tokio::time::Instant::now() + WORKERS_LET_GO;
    while std::sync::Arc::strong_count(&state) > 1 && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    if std::sync::Arc::strong_count(&state) > 1 {
        tracing::warn!("an HTTP worker still holds the server's state; its connections close as the process exits");
    }
    drop(state);
    let deadline = tokio::time::Instant::now() + WORKERS_LET_GO;
    while !pool_gone.is_gone() && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    if !pool_gone.is_gone() {
        tracing::warn!("a task still holds a database connection; it closes as the process exits");
    }
}

/// Waits for SIGTERM or SIGINT (Ctrl-C); returns its name.
async fn termination() -> &'static str {
    #[cfg(unix)]
    {
        use actix_web::rt::signal::unix::{SignalKind, signal};
        match (signal(SignalKind::terminate()), signal(SignalKind::interrupt())) {
            (Ok(mut term), Ok(mut int)) => tokio::select! {
                _ = term.recv() => "SIGTERM",
                _ = int.recv() => "SIGINT",
            },
            _ => {
                tracing::warn!("cannot listen for signals; stop the server with SIGKILL");
                std::future::pending().await
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = actix_web::rt::signal::ctrl_c().await;
        "Ctrl-C"
    }
}

//! Builds the application from explicit settings (no global config); binds before returning so tests
//! can ask for port 0 and read the port they got.

use std::net::TcpListener;

use actix_web::dev::Server;
use actix_web::{App, HttpResponse, HttpServer, web};
use tracing_actix_web::TracingLogger;
use utoipa_scalar::{Scalar, Servable};

use crate::db::{self, DbPool, DbSetupError};
use crate::error::{self, ApiError};
use crate::mail::MailContext;
use crate::mail::send::{Mailer, MailerError};
use crate::settings::Settings;
use crate::{auth, mail, openapi, routes};

pub struct AppState {
    pub pool: DbPool,
    pub jwt_secret: Vec<u8>,
    pub settings: Settings,
    pub mail: MailContext,
}

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
}

/// The HTTP server and the mail worker beside it.
pub struct Application {
    server: Server,
    port: u16,
    worker: Option<(DbPool, MailContext, Mailer)>,
}

async fn not_found(req: actix_web::HttpRequest) -> Result<HttpResponse, ApiError> {
    Err(ApiError::not_found("no_route", format!("no route `{} {}`; see /docs for the API", req.method(), req.path())))
}

impl Application {
    pub fn build(settings: Settings) -> Result<Application, StartupError> {
        let pool = db::connect_sized(&settings.database_url, settings.db_pool_size)?;
        let jwt_secret = {
            let mut conn = pool.get().map_err(DbSetupError::from)?;
            auth::load_or_create_jwt_secret(&mut conn, settings.jwt_secret.as_deref())?
        };
        let bind_err = |source| StartupError::Bind { bind: settings.bind.clone(), source };
        let listener = TcpListener::bind(&settings.bind).map_err(bind_err)?;
        let port = listener.local_addr().map_err(bind_err)?.port();
        let mailer = Mailer::from_settings(&settings.mail)?;
        let mail = MailContext::new(&settings);
        let worker = Some((pool.clone(), mail.clone(), mailer));
        let state = web::Data::new(AppState { pool, jwt_secret, settings: settings.clone(), mail });
        let document = openapi::document();
        let server = HttpServer::new(move || {
            let doc = document.clone();
            App::new()
                .wrap(TracingLogger::default())
                .app_data(state.clone())
                .app_data(web::JsonConfig::default().limit(256 * 1024).error_handler(error::json_error))
                .app_data(web::PathConfig::default().error_handler(error::path_error))
                .app_data(web::QueryConfig::default().error_handler(error::query_error))
                .app_data(web::PayloadConfig::default().limit(routes::mail::MAX_INBOUND_BYTES))
                .configure(routes::configure)
                .route("/openapi.json", web::get().to(move || {
                    let doc = doc.clone();
                    async move { HttpResponse::Ok().json(doc) }
                }))
                .service(Scalar::with_url("/docs", document.clone()))
                .default_service(web::to(not_found))
        })
        .listen(listener)
        .map_err(bind_err)?
        .run();
        Ok(Application { server, port, worker })
    }

    /// Stops the server (and with it the mail worker) from another thread or task.
    pub fn handle(&self) -> actix_web::dev::ServerHandle {
        self.server.handle()
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// Serves until the server stops; the mail worker runs alongside and stops with it.
    pub async fn run(mut self) -> std::io::Result<()> {
        let worker = self
            .worker
            .take()
            .map(|(pool, ctx, mailer)| actix_web::rt::spawn(mail::worker::run(pool, ctx, mailer)));
        let result = self.server.await;
        if let Some(worker) = worker {
            worker.abort();
        }
        result
    }
}

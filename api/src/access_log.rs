//! One access-log line per request, the HTTP metrics, and the root span of tracing-actix-web that every
//! other event of a request is logged under.
//!
//! The line (target `tegami::access`) holds the method, the route template (`/api/v1/games/{id}/moves`,
//! never the path as sent: paths and query strings carry reply, verification and reset tokens), the
//! status, the problem's `code` when there is one, and the duration; no client address, no email. A refusal
//! (4xx) is INFO, like a success: an illegal move is the API working. A failure (5xx) is ERROR. The root span
//! every other event of the request is logged under carries the same method and route, and an
//! `otel.status_code` that follows OpenTelemetry's rule for servers: `ERROR` for a 5xx, `OK` below 400, and
//! unset for a 4xx (the client's fault, not the server's).

use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{Error, HttpMessage};
use tracing::Span;
use tracing_actix_web::{RequestId, RootSpanBuilder};

use crate::error::ApiError;

/// The log target of the access lines, to filter them (`TEGAMI_LOG=info,tegami::access=warn` drops them).
pub const TARGET: &str = "tegami::access";

/// Unmatched requests are logged under this instead of their path.
const NO_ROUTE: &str = "(no route)";

pub struct AccessLog;

/// A request's route template, found once by [`log_request`] for the root span too: finding it matches the
/// path against the routes' patterns again (regular expressions), as costly as routing the request.
struct Route(String);

fn route_of(request: &ServiceRequest) -> String {
    if let Some(Route(route)) = request.extensions().get::<Route>() {
        return route.clone();
    }
    // A path's template never changes while the server runs, and most requests ask for paths asked just before
    // (a player's game, its moves): matching the path against the routes' regular expressions was a twentieth of
    // the HTTP workers' time. Paths are kept by a keyed hash, so that the tokens some carry are not kept.
    ROUTES_OF_PATHS.with_borrow_mut(|(hasher, routes)| {
        let path = std::hash::BuildHasher::hash_one(&*hasher, request.path());
        if let Some(route) = routes.get(&path) {
            return route.clone();
        }
        let route = request.match_pattern().unwrap_or_else(|| NO_ROUTE.to_string());
        if routes.len() >= ROUTES_OF_PATHS_KEPT {
            routes.clear();
        }
        routes.insert(path, route.clone());
        route
    })
}

/// How many paths' templates each HTTP worker keeps.
const ROUTES_OF_PATHS_KEPT: usize = 4096;

thread_local! {
    /// The route templates of the paths this thread matched lately, by the path's hash.
    static ROUTES_OF_PATHS: std::cell::RefCell<(std::hash::RandomState, std::collections::HashMap<u64, String>)> =
        std::cell::RefCell::new(Default::default());
}

impl RootSpanBuilder for AccessLog {
    fn on_request_start(request: &ServiceRequest) -> Span {
        let route = route_of(request);
        let request_id = request.extensions().get::<RequestId>().map(|id| id.to_string()).unwrap_or_default();
        tracing::info_span!(
            "request",
            http.method = %request.method(),
            http.route = %route,
            request_id = %request_id,
            otel.kind = "server",
            otel.name = %format!("{} {}", request.method(), route),
            http.status_code = tracing::field::Empty,
            otel.status_code = tracing::field::Empty,
        )
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, Error>) {
        let status = match outcome {
            Ok(response) => response.status(),
            Err(error) => error.as_response_error().status_code(),
        };
        span.record("http.status_code", status.as_u16());
        if status.is_server_error() {
            span.record("otel.status_code", "ERROR");
        } else if !status.is_client_error() {
            span.record("otel.status_code", "OK");
        }
    }
}

/// The access line and the HTTP metrics; wraps the tracing middleware, so that the line is written outside
/// the request's span (it carries the same fields itself, once).
pub async fn log_request(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let arrived = Instant::now();
    let method = req.method().to_string();
    let route = route_of(&req);
    req.extensions_mut().insert(Route(route.clone()));
    let outcome = next.call(req).await;
    let (status, code) = match &outcome {
        Ok(response) => {
            (response.status(), response.response().error().and_then(|e| e.as_error::<ApiError>()).map(|e| e.code))
        }
        Err(error) => (error.as_response_error().status_code(), error.as_error::<ApiError>().map(|e| e.code)),
    };
    let seconds = arrived.elapsed().as_secs_f64();
    let status = status.as_u16();
    metrics::counter!(
        crate::metrics::HTTP_REQUESTS,
        "method" => method.clone(),
        "route" => route.clone(),
        "status" => status.to_string()
    )
    .increment(1);
    metrics::histogram!(crate::metrics::HTTP_DURATION, "method" => method.clone(), "route" => route.clone())
        .record(seconds);
    let duration_ms = (seconds * 10_000.0).round() / 10.0;
    let code = code.unwrap_or("");
    if status >= 500 {
        tracing::error!(target: TARGET, %method, %route, status, code, duration_ms, "request failed");
    } else {
        tracing::info!(target: TARGET, %method, %route, status, code, duration_ms, "request");
    }
    outcome
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use actix_web::test as actix_test;
    use actix_web::{App, HttpResponse, web};
    use tracing::field::{Field, Visit};
    use tracing_actix_web::TracingLogger;
    use tracing_subscriber::layer::{Context, SubscriberExt};

    use super::*;

    /// Every field recorded on a span after it was created, as `name=value`.
    #[derive(Clone, Default)]
    struct Recorded(Arc<Mutex<Vec<String>>>);

    impl Visit for Recorded {
        fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
            self.0.lock().unwrap().push(format!("{}={value:?}", field.name()));
        }
    }

    impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for Recorded {
        fn on_record(&self, _: &tracing::span::Id, values: &tracing::span::Record<'_>, _: Context<'_, S>) {
            values.record(&mut self.clone());
        }
    }

    /// What the root span of one request to `path` had recorded at its end.
    fn recorded_for(path: &str) -> Vec<String> {
        let recorded = Recorded::default();
        let subscriber = tracing_subscriber::registry().with(recorded.clone());
        tracing::subscriber::with_default(subscriber, || {
            actix_web::rt::System::new().block_on(async {
                let app = actix_test::init_service(
                    App::new()
                        .wrap(TracingLogger::<AccessLog>::new())
                        .route("/ok", web::get().to(|| async { HttpResponse::Ok().finish() }))
                        .route(
                            "/refused",
                            web::get().to(|| async {
                                Err::<HttpResponse, _>(ApiError::unprocessable("illegal_move", "not legal"))
                            }),
                        )
                        .route(
                            "/failed",
                            web::get().to(|| async {
                                Err::<HttpResponse, _>(ApiError::new(
                                    actix_web::http::StatusCode::INTERNAL_SERVER_ERROR,
                                    "internal",
                                    "the server failed",
                                ))
                            }),
                        ),
                )
                .await;
                actix_test::call_service(&app, actix_test::TestRequest::get().uri(path).to_request()).await;
            })
        });
        recorded.0.lock().unwrap().clone()
    }

    #[test]
    fn a_path_asked_again_keeps_its_route_template() {
        let found = Arc::new(Mutex::new(Vec::new()));
        let noted = found.clone();
        actix_web::rt::System::new().block_on(async move {
            let app = actix_test::init_service(
                App::new()
                    .wrap_fn(move |req, srv| {
                        noted.lock().unwrap().push(route_of(&req));
                        actix_web::dev::Service::call(srv, req)
                    })
                    .route("/games/{id}/moves", web::get().to(HttpResponse::Ok))
                    .route("/games/{id}", web::get().to(HttpResponse::Ok)),
            )
            .await;
            for path in ["/games/1/moves", "/games/1/moves", "/games/2/moves", "/games/1", "/nope", "/nope"] {
                actix_test::call_service(&app, actix_test::TestRequest::get().uri(path).to_request()).await;
            }
        });
        let moves = "/games/{id}/moves";
        assert_eq!(*found.lock().unwrap(), [moves, moves, moves, "/games/{id}", NO_ROUTE, NO_ROUTE]);
    }

    #[test]
    fn otel_status_is_ok_below_400_unset_for_refusals_and_error_for_failures() {
        let ok = recorded_for("/ok");
        assert!(
            ok.contains(&"http.status_code=200".to_string()) && ok.contains(&"otel.status_code=\"OK\"".to_string()),
            "{ok:?}"
        );
        let refused = recorded_for("/refused");
        assert!(refused.contains(&"http.status_code=422".to_string()), "{refused:?}");
        assert!(
            !refused.iter().any(|r| r.starts_with("otel.status_code")),
            "a refusal is not the server's fault: {refused:?}"
        );
        let failed = recorded_for("/failed");
        assert!(failed.contains(&"otel.status_code=\"ERROR\"".to_string()), "{failed:?}");
    }
}

use actix_web::HttpResponse;
use actix_web::web;

use shared::api_types::{Health, HealthStatus};

use crate::state::AppState;

/// Liveness and database reachability, with the server's version.
#[utoipa::path(get, path = "/healthz", tag = "meta", operation_id = "health_get",
    responses((status = 200, description = "The server and its database answer", body = Health),
              (status = 503, description = "The database does not answer", body = shared::api_types::Problem)))]
pub async fn healthz(state: web::Data<AppState>) -> HttpResponse {
    let ok = crate::routes::with_db(&state, |conn| {
        use diesel::RunQueryDsl;
        diesel::sql_query("SELECT 1").execute(conn).map_err(Into::into)
    })
    .await;
    match ok {
        Ok(_) => {
            HttpResponse::Ok().json(Health { status: HealthStatus::Ok, version: env!("CARGO_PKG_VERSION").to_string() })
        }
        Err(_) => HttpResponse::ServiceUnavailable().content_type("application/problem+json").json(
            crate::error::ApiError::new(
                actix_web::http::StatusCode::SERVICE_UNAVAILABLE,
                "database_unavailable",
                "the database does not answer",
            )
            .problem(),
        ),
    }
}

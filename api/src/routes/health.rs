use actix_web::HttpResponse;
use actix_web::web;

use crate::state::AppState;

/// Liveness and database reachability.
#[utoipa::path(get, path = "/healthz", tag = "meta", operation_id = "health_get",
    responses((status = 200, description = "The server and its database answer", body = Object, example = json!({"status": "ok"})),
              (status = 503, description = "The database does not answer", body = shared::api_types::Problem)))]
pub async fn healthz(state: web::Data<AppState>) -> HttpResponse {
    let ok = crate::routes::with_db(&state, |conn| {
        use diesel::RunQueryDsl;
        diesel::sql_query("SELECT 1").execute(conn).map_err(Into::into)
    })
    .await;
    match ok {
        Ok(_) => HttpResponse::Ok().json(serde_json::json!({"status": "ok"})),
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

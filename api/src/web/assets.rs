//! The pages' stylesheet and script, compiled into the binary (no CDN, nothing fetched from elsewhere).

use actix_web::http::header;
use actix_web::{HttpResponse, web};

pub const CSS_PATH: &str = "/assets/web/tegami.css";
pub const JS_PATH: &str = "/assets/web/sign.js";

const CSS: &str = include_str!("../../assets/web/tegami.css");
const JS: &str = include_str!("../../assets/web/sign.js");

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route(CSS_PATH, web::get().to(css)).route(JS_PATH, web::get().to(js));
}

/// Revalidated on each use (`no-cache`): a new server version takes effect at once.
async fn css() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .content_type("text/css; charset=utf-8")
        .body(CSS)
}

async fn js() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .content_type("text/javascript; charset=utf-8")
        .body(JS)
}

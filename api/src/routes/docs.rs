//! `/docs`: the API reference (Scalar), its script served by this server from a vendored copy
//! (`api/assets/scalar`), under a CSP that allows scripts from this origin only and connections to it only.

use actix_web::http::header;
use actix_web::{HttpResponse, web};
use base64::Engine as _;
use sha2::{Digest, Sha256};

const SCALAR_VERSION: &str = "1.72.1";
const SCALAR_JS: &[u8] = include_bytes!("../../assets/scalar/api-reference-1.72.1.js");

/// Scalar injects `<style>` elements (some without a nonce), hence inline styles; scripts come from this
/// origin only (no inline script, no eval), and fonts are the system's (`withDefaultFonts: false`).
pub const DOCS_CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
                            img-src 'self' data:; font-src 'self' data:; connect-src 'self'; \
                            frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

pub fn script_path() -> String {
    format!("/docs/assets/api-reference-{SCALAR_VERSION}.js")
}

/// The script's Subresource Integrity value.
fn integrity() -> &'static str {
    static SRI: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    SRI.get_or_init(|| {
        format!("sha256-{}", base64::engine::general_purpose::STANDARD.encode(Sha256::digest(SCALAR_JS)))
    })
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/docs", web::get().to(page))
        .route("/docs/", web::get().to(page))
        .route(&script_path(), web::get().to(script));
}

async fn page() -> HttpResponse {
    let body = format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>tegami API</title>\n</head>\n\
         <body>\n<script id=\"api-reference\" data-url=\"/openapi.json\" \
         data-configuration=\"{{&quot;withDefaultFonts&quot;:false,&quot;hideClientButton&quot;:true}}\"></script>\n\
         <script src=\"{src}\" integrity=\"{sri}\" crossorigin=\"anonymous\"></script>\n</body>\n</html>\n",
        src = script_path(),
        sri = integrity()
    );
    HttpResponse::Ok()
        .insert_header((header::CONTENT_SECURITY_POLICY, DOCS_CSP))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .content_type("text/html; charset=utf-8")
        .body(body)
}

async fn script() -> HttpResponse {
    HttpResponse::Ok()
        // The version is in the path: the file under it never changes.
        .insert_header((header::CACHE_CONTROL, "public, max-age=31536000, immutable"))
        .content_type("text/javascript; charset=utf-8")
        .body(SCALAR_JS)
}

//! The pages' stylesheet, scripts and icon, compiled into the binary (no CDN, nothing fetched from elsewhere).
//!
//! Each is served under a name that carries a hash of its content, so a browser keeps it for a year and
//! never asks again, and a new server version's pages name new files.

use std::sync::LazyLock;

use actix_web::http::header;
use actix_web::{HttpResponse, web};
use sha2::{Digest, Sha256};

struct Asset {
    /// `/assets/web/<stem>-<hash>.<extension>`
    path: String,
    content_type: &'static str,
    body: &'static str,
}

/// (stem, extension, content type, content)
const SOURCES: &[(&str, &str, &str, &str)] = &[
    ("tegami", "css", "text/css; charset=utf-8", include_str!("../../assets/web/tegami.css")),
    ("sign", "js", "text/javascript; charset=utf-8", include_str!("../../assets/web/sign.js")),
    ("time", "js", "text/javascript; charset=utf-8", include_str!("../../assets/web/time.js")),
    ("live", "js", "text/javascript; charset=utf-8", include_str!("../../assets/web/live.js")),
    ("touch", "js", "text/javascript; charset=utf-8", include_str!("../../assets/web/touch.js")),
    ("favicon", "svg", "image/svg+xml", include_str!("../../assets/web/favicon.svg")),
];

static ASSETS: LazyLock<Vec<Asset>> = LazyLock::new(|| {
    SOURCES
        .iter()
        .map(|&(stem, extension, content_type, body)| {
            let hash = hex::encode(&Sha256::digest(body.as_bytes())[..8]);
            Asset { path: format!("/assets/web/{stem}-{hash}.{extension}"), content_type, body }
        })
        .collect()
});

fn path_of(stem: &str) -> &'static str {
    let index = SOURCES.iter().position(|(s, ..)| *s == stem).expect("a known asset");
    &ASSETS[index].path
}

pub fn css_path() -> &'static str {
    path_of("tegami")
}

pub fn sign_js_path() -> &'static str {
    path_of("sign")
}

pub fn time_js_path() -> &'static str {
    path_of("time")
}

pub fn live_js_path() -> &'static str {
    path_of("live")
}

pub fn touch_js_path() -> &'static str {
    path_of("touch")
}

pub fn icon_path() -> &'static str {
    path_of("favicon")
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    for asset in ASSETS.iter() {
        cfg.route(&asset.path, web::get().to(move || serve(asset)));
    }
    // Browsers and feed readers ask for it whether or not a page names an icon.
    cfg.route(
        "/favicon.ico",
        web::get()
            .to(|| async { HttpResponse::MovedPermanently().insert_header((header::LOCATION, icon_path())).finish() }),
    );
}

async fn serve(asset: &'static Asset) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "public, max-age=31536000, immutable"))
        .content_type(asset.content_type)
        .body(asset.body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_asset_is_named_by_its_content() {
        let paths: Vec<_> = ASSETS.iter().map(|a| a.path.as_str()).collect();
        assert_eq!(paths.len(), SOURCES.len());
        for path in &paths {
            assert!(path.starts_with("/assets/web/") && path.matches('-').count() >= 1, "{path}");
        }
        let unique: std::collections::BTreeSet<_> = paths.iter().collect();
        assert_eq!(unique.len(), paths.len());
        assert_ne!(css_path(), "/assets/web/tegami.css");
    }
}

//! Emails link to API addresses (`/api/v1/verify-email/…`, `/api/v1/games/12/board`, …), which scripts
//! and the CLI rely on. A browser that opens one (it asks for `text/html` by name, and not for JSON) is sent
//! to the page for it instead; every other client gets the API's answer as before.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, header};
use actix_web::middleware::Next;

/// The page for an API address an email links to, if there is one.
pub fn page_for(path: &str, query: &str) -> Option<String> {
    let rest = path.strip_prefix("/api/v1/")?;
    let parts: Vec<&str> = rest.split('/').collect();
    let lang = query.split('&').find_map(|p| p.strip_prefix("lang=")).filter(|l| catalog::language(l).is_ok());
    let with_lang = |p: String| match lang {
        Some(l) => format!("{p}?lang={l}"),
        None => p,
    };
    let token_ok = |t: &str| !t.is_empty() && t.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    match parts.as_slice() {
        ["verify-email", token] if token_ok(token) => Some(format!("/confirm-email/{token}")),
        ["unsubscribe", token] if token_ok(token) => Some(format!("/unsubscribe/{token}")),
        // The API's own page for this link is refused its form by the API's policy (`form-action 'none'`).
        ["invitations", "never", token] if token_ok(token) => Some(format!("/invitations/never/{token}")),
        // The game page links the whole journal with a page size: that link is for reading the JSON itself.
        ["games", _, "journal"] if query.split('&').any(|p| p.starts_with("limit=") || p.starts_with("after=")) => None,
        ["games", id, "board" | "journal" | "join" | "moves"] if id.parse::<i64>().is_ok() => {
            Some(format!("/games/{id}"))
        }
        ["games", id] if id.parse::<i64>().is_ok() => Some(format!("/games/{id}")),
        ["game-types", slug, "rules"] if token_ok(slug) => Some(with_lang(format!("/rules/{slug}"))),
        ["password-reset", "confirm"] => Some("/password-reset/confirm".into()),
        ["password-reset"] => Some("/password-reset".into()),
        _ => None,
    }
}

/// True when the request names `text/html` among what it accepts (browsers do; `*/*` alone does not) and
/// does not name `application/json` (a script that takes either gets the API's JSON).
fn wants_html(req: &ServiceRequest) -> bool {
    let named = |wanted: &str| {
        req.headers()
            .get_all(header::ACCEPT)
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .any(|media| media.split(';').next().is_some_and(|m| m.trim().eq_ignore_ascii_case(wanted)))
    };
    named("text/html") && !named("application/json")
}

/// A browser's `GET` of an address outside the API: an unknown one is answered with an error page, not
/// the API's problem document.
pub fn is_page_request(req: &actix_web::HttpRequest) -> bool {
    let accepts_html = req
        .headers()
        .get_all(header::ACCEPT)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|media| media.split(';').next().is_some_and(|m| m.trim().eq_ignore_ascii_case("text/html")));
    req.method() == Method::GET && accepts_html && !req.path().starts_with("/api/")
}

/// Middleware: a browser's GET of an API address with a page goes to that page (303).
pub async fn browsers_to_pages(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    if req.method() == Method::GET
        && wants_html(&req)
        && let Some(to) = page_for(req.path(), req.query_string())
    {
        let response = actix_web::HttpResponse::SeeOther().insert_header((header::LOCATION, to)).finish();
        return Ok(req.into_response(response));
    }
    Ok(next.call(req).await?.map_into_boxed_body())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_links_map_to_pages() {
        assert_eq!(page_for("/api/v1/verify-email/abc_D-1", ""), Some("/confirm-email/abc_D-1".into()));
        assert_eq!(page_for("/api/v1/unsubscribe/xyz", ""), Some("/unsubscribe/xyz".into()));
        assert_eq!(page_for("/api/v1/invitations/never/t1", ""), Some("/invitations/never/t1".into()));
        assert_eq!(page_for("/api/v1/games/12/board", "lang=ja"), Some("/games/12".into()));
        assert_eq!(page_for("/api/v1/games/12/journal", ""), Some("/games/12".into()));
        assert_eq!(page_for("/api/v1/games/12/journal", "limit=1000"), None);
        assert_eq!(page_for("/api/v1/game-types/uosao/rules", "lang=ja"), Some("/rules/uosao?lang=ja".into()));
        assert_eq!(page_for("/api/v1/password-reset/confirm", ""), Some("/password-reset/confirm".into()));
        assert_eq!(page_for("/api/v1/games/x/board", ""), None);
        assert_eq!(page_for("/api/v1/verify-email/a%2Fb", ""), None);
        assert_eq!(page_for("/api/v1/me", ""), None);
        assert_eq!(page_for("/docs", ""), None);
    }
}

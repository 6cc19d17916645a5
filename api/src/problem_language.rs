//! A problem's `title` and `detail` in the client's language, the one `Accept-Language` prefers: the detail
//! the error carries in that language (an engine's refusal always has one), else what its code means there
//! (`problem-code-…` in the catalogs). The problem keeps its other fields as they are, so a client that
//! reads `details` (every language) still finds it.

use actix_web::HttpResponse;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;

use crate::error::ApiError;
use crate::web::i18n::from_accept_language;

pub async fn in_asked_language(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let asked = req.headers().get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).map(from_accept_language);
    let response = next.call(req).await?.map_into_boxed_body();
    let Some(lang) = asked.filter(|&lang| lang != catalog::LANGUAGES[0]) else { return Ok(response) };
    let Some(error) = response.response().error().and_then(|e| e.as_error::<ApiError>()).cloned() else {
        return Ok(response);
    };
    let mut localized = error.clone();
    localized.lang = lang;
    let (req, answered) = response.into_parts();
    // Built from the error, the answer still carries it (for the access log) and its own headers.
    let mut answer = HttpResponse::from_error(localized);
    for (name, value) in answered.headers() {
        if !answer.headers().contains_key(name) && name != header::CONTENT_LENGTH {
            answer.headers_mut().append(name.clone(), value.clone());
        }
    }
    Ok(ServiceResponse::new(req, answer).map_into_boxed_body())
}

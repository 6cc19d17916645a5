//! The one API error type, rendered once as `application/problem+json` (RFC 9457) with a stable code.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use shared::api_types::Problem;
use shared::{Lang, Localized};

#[derive(Debug, Clone, PartialEq)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    /// The detail in the source language: every error has one.
    pub detail: String,
    /// The detail in every language, where the error was told from the catalogs (boxed: errors travel in
    /// every `Result` of the server, and a text per language would make all of them large).
    pub details: Option<Box<Localized>>,
    /// The language the problem is told in (its title, and its detail where it has one in that language):
    /// the first language unless the client asked for another (`problem_language`).
    pub lang: Lang,
    pub allowed: Option<Vec<String>>,
    /// Seconds a throttled client should wait (sent as `Retry-After`).
    pub retry_after: Option<u64>,
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}: {}", self.status.as_u16(), self.code, self.detail)
    }
}

impl std::error::Error for ApiError {}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, detail: impl Into<String>) -> Self {
        ApiError {
            status,
            code,
            detail: detail.into(),
            details: None,
            lang: catalog::LANGUAGES[0],
            allowed: None,
            retry_after: None,
        }
    }

    pub fn bad_request(code: &'static str, detail: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, detail)
    }

    pub fn unauthorized(code: &'static str, detail: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, code, detail)
    }

    pub fn forbidden(code: &'static str, detail: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, code, detail)
    }

    pub fn not_found(code: &'static str, detail: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, code, detail)
    }

    pub fn conflict(code: &'static str, detail: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, code, detail)
    }

    pub fn unprocessable(code: &'static str, detail: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, code, detail)
    }

    pub fn internal(detail: impl std::fmt::Display) -> Self {
        tracing::error!(%detail, "internal error");
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", "the server failed; the request changed nothing")
    }

    /// `described`, for a text the caller keeps.
    pub fn localized(self, text: &Localized) -> Self {
        self.described(text.clone())
    }

    /// The detail in every language, from the catalogs (`catalog::both!("problem-…")`).
    pub fn described(mut self, text: Localized) -> Self {
        text.get(catalog::LANGUAGES[0]).clone_into(&mut self.detail);
        self.details = Some(Box::new(text));
        self
    }

    /// The detail in every language, written by `text` for each (for variables that differ by language).
    pub fn described_by(self, text: impl Fn(Lang) -> String) -> Self {
        self.described(Localized::in_each_language(text))
    }

    /// The detail as a reader of `lang` reads it: in their language where the error carries it, else what its
    /// code means in their language (`problem-code-…`), else the one every error has.
    pub fn detail_in(&self, lang: Lang) -> String {
        if lang == catalog::LANGUAGES[0] {
            return self.detail.clone();
        }
        if let Some(details) = &self.details {
            return details.get(lang).to_owned();
        }
        let meaning = format!("problem-code-{}", self.code.replace('_', "-"));
        if catalog::has(&meaning) { catalog::text(lang, &meaning) } else { self.detail.clone() }
    }

    /// The problem's title (its HTTP status in words) in `lang`.
    pub fn title_in(&self, lang: Lang) -> String {
        let title = format!("problem-title-{}", self.status.as_u16());
        if catalog::has(&title) {
            catalog::text(lang, &title)
        } else {
            self.status.canonical_reason().unwrap_or("Error").to_string()
        }
    }

    pub fn with_allowed(mut self, allowed: Vec<String>) -> Self {
        self.allowed = Some(allowed);
        self
    }

    pub fn with_retry_after(mut self, seconds: u64) -> Self {
        self.retry_after = Some(seconds);
        self
    }

    pub fn problem(&self) -> Problem {
        Problem {
            kind: format!("https://tegami.dev/problems/{}", self.code.replace('_', "-")),
            title: self.title_in(self.lang),
            status: self.status.as_u16(),
            detail: self.detail_in(self.lang),
            code: self.code.to_string(),
            allowed: self.allowed.clone(),
            detail_ja: self.details.as_deref().and_then(Problem::japanese_of),
            details: self.details.as_deref().cloned(),
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        let mut response = HttpResponse::build(self.status);
        if let Some(seconds) = self.retry_after {
            response.insert_header((actix_web::http::header::RETRY_AFTER, seconds.to_string()));
        }
        response.content_type("application/problem+json").json(self.problem())
    }
}

impl From<diesel::result::Error> for ApiError {
    fn from(e: diesel::result::Error) -> Self {
        use diesel::result::{DatabaseErrorKind, Error};
        match e {
            Error::NotFound => ApiError::not_found("not_found", "no such resource"),
            Error::DatabaseError(DatabaseErrorKind::UniqueViolation, info) => ApiError::conflict(
                "conflict",
                format!("a concurrent change got there first ({}); retry the request", info.message()),
            ),
            other => ApiError::internal(other),
        }
    }
}

impl From<diesel::r2d2::PoolError> for ApiError {
    fn from(e: diesel::r2d2::PoolError) -> Self {
        tracing::error!(error = %e, "database pool exhausted");
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "unavailable", "the database is busy; retry shortly")
    }
}

impl From<actix_web::error::BlockingError> for ApiError {
    fn from(e: actix_web::error::BlockingError) -> Self {
        ApiError::internal(e)
    }
}

pub type ApiResult<T> = Result<T, ApiError>;

/// Extractor errors (malformed JSON, bad path or query) in the same problem format.
pub fn json_error(err: actix_web::error::JsonPayloadError, _: &actix_web::HttpRequest) -> actix_web::Error {
    use actix_web::error::JsonPayloadError;
    if let JsonPayloadError::Overflow { limit } | JsonPayloadError::OverflowKnownLength { limit, .. } = err {
        return too_large(limit).into();
    }
    ApiError::bad_request("malformed_body", format!("the request body is not valid JSON of the expected shape: {err}"))
        .into()
}

/// A body over its limit, refused as soon as the limit is passed (nothing more is read).
pub fn too_large(limit: usize) -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        "body_too_large",
        format!("the request body is larger than this endpoint takes ({limit} bytes at most)"),
    )
}

pub fn path_error(err: actix_web::error::PathError, _: &actix_web::HttpRequest) -> actix_web::Error {
    ApiError::bad_request("malformed_path", format!("bad path parameter: {err}")).into()
}

pub fn query_error(err: actix_web::error::QueryPayloadError, _: &actix_web::HttpRequest) -> actix_web::Error {
    ApiError::bad_request("malformed_query", format!("bad query parameter: {err}")).into()
}

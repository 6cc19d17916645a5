//! Reading a raw request body with a size limit enforced while it streams: a declared `Content-Length`
//! over the limit is refused before anything is read, and an undeclared (chunked) body as soon as it
//! passes the limit, so that no request makes the server hold more than the limit in memory.

use actix_web::HttpRequest;
use actix_web::http::header::CONTENT_LENGTH;
use actix_web::web::{self, Bytes, BytesMut};
use futures_util::StreamExt as _;

use crate::error::{ApiError, ApiResult, too_large};

/// The largest JSON body any route takes.
pub const JSON_LIMIT: usize = 256 * 1024;

pub async fn read(req: &HttpRequest, mut payload: web::Payload, limit: usize) -> ApiResult<Bytes> {
    let declared = req.headers().get(CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit as u64) {
        return Err(too_large(limit));
    }
    let mut body = BytesMut::with_capacity(declared.map_or(8 * 1024, |n| n as usize));
    while let Some(chunk) = payload.next().await {
        let chunk =
            chunk.map_err(|e| ApiError::bad_request("unreadable_body", format!("the request body broke off: {e}")))?;
        if body.len() + chunk.len() > limit {
            return Err(too_large(limit));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body.freeze())
}

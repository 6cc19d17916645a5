//! Server time, in one format: RFC 3339 UTC with seconds (journal, accounts), and with milliseconds where
//! sub-second order matters (the outbox's schedule).

use chrono::{DateTime, Utc};

pub fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// RFC 3339 UTC with milliseconds: sorts as text in time order.
pub fn millis(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

pub fn now_millis() -> String {
    millis(Utc::now())
}

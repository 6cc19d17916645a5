//! Server time, in one format: RFC 3339 UTC with seconds.

pub fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

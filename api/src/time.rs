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

/// The server's clock for deadlines: the system time, plus an offset that only tests can move (settings
/// built in-process; nothing in the API or configuration changes it).
#[derive(Clone, Debug, Default)]
pub struct Clock(Option<std::sync::Arc<std::sync::atomic::AtomicI64>>);

impl Clock {
    /// A clock that tests can move forward with [`Clock::advance`].
    pub fn adjustable() -> Clock {
        Clock(Some(Default::default()))
    }

    pub fn now(&self) -> DateTime<Utc> {
        let offset = self.0.as_ref().map(|o| o.load(std::sync::atomic::Ordering::SeqCst)).unwrap_or(0);
        Utc::now() + chrono::Duration::milliseconds(offset)
    }

    /// Moves an adjustable clock forward; no effect on the system clock.
    pub fn advance(&self, by: chrono::Duration) {
        if let Some(o) = &self.0 {
            o.fetch_add(by.num_milliseconds(), std::sync::atomic::Ordering::SeqCst);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_adjustable_clock_moves() {
        let system = Clock::default();
        system.advance(chrono::Duration::days(3));
        assert!(system.now() < Utc::now() + chrono::Duration::hours(1));
        let test = Clock::adjustable();
        test.advance(chrono::Duration::days(3));
        assert!(test.now() > Utc::now() + chrono::Duration::days(2));
        assert!(millis(test.now()) > now_millis());
    }
}

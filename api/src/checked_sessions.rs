//! Session tokens whose signature was checked before, with what they name.
//!
//! A client sends the same session token with each of its requests. Checking it again each time (HS256,
//! its header and claims parsed from JSON) took some 6% of an HTTP worker's time per move. What a token
//! names cannot change, since its signature covers it, so the check is done once per token. Its expiry is
//! still checked at each use, and its session's row is read for every request, as before.

use std::collections::HashMap;
use std::sync::Mutex;

/// The most tokens remembered at once (some 300 bytes each); when full, they are forgotten together and
/// checked again as they come.
const REMEMBERED: usize = 4096;

/// What a checked session token names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedSession {
    pub account: i64,
    pub sid: String,
    /// Its `exp` claim, in seconds since the epoch.
    pub expires: i64,
}

/// The session tokens one server checked with its secret.
#[derive(Default)]
pub struct CheckedSessions(Mutex<HashMap<String, CheckedSession>>);

impl CheckedSessions {
    /// What `token` names, if it was checked before.
    pub fn get(&self, token: &str) -> Option<CheckedSession> {
        self.remembered().get(token).cloned()
    }

    /// Remembers a token whose signature holds.
    pub fn remember(&self, token: &str, checked: CheckedSession) {
        let mut remembered = self.remembered();
        if remembered.len() >= REMEMBERED && !remembered.contains_key(token) {
            remembered.clear();
        }
        remembered.insert(token.to_string(), checked);
    }

    fn remembered(&self) -> std::sync::MutexGuard<'_, HashMap<String, CheckedSession>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(account: i64) -> CheckedSession {
        CheckedSession { account, sid: format!("sid-{account}"), expires: 1_800_000_000 }
    }

    #[test]
    fn remembered_tokens_are_found_and_others_are_not() {
        let checked = CheckedSessions::default();
        checked.remember("token-1", session(1));
        assert_eq!(checked.get("token-1"), Some(session(1)));
        assert_eq!(checked.get("token-2"), None);
    }

    #[test]
    fn a_full_memory_starts_again() {
        let checked = CheckedSessions::default();
        for n in 0..REMEMBERED as i64 {
            checked.remember(&format!("token-{n}"), session(n));
        }
        assert_eq!(checked.get("token-0"), Some(session(0)));
        checked.remember("token-0", session(0));
        assert_eq!(checked.get("token-1"), Some(session(1)), "one already remembered takes no room");
        checked.remember("one more", session(-1));
        assert_eq!(checked.get("token-1"), None);
        assert_eq!(checked.get("one more"), Some(session(-1)));
    }
}

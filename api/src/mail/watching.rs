//! Who is looking at a game on an open page of this instance: the game page holds the game's event stream
//! open (`web::live`) while it is shown, and a turn email for a decision the player has in front of them is
//! not needed. Kept in memory: a page open on another instance sharing the database is not seen there, and
//! its player gets the email.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The open game pages of this instance, by (account, game).
#[derive(Clone, Debug, Default)]
pub struct Watching(Arc<Mutex<HashMap<(i64, i64), usize>>>);

impl Watching {
    /// `account` opened game `game`'s page; it counts as open while the guard lives.
    pub fn open(&self, account: i64, game: i64) -> PageOpen {
        *self.lock().entry((account, game)).or_default() += 1;
        PageOpen { watching: self.clone(), key: (account, game) }
    }

    /// Whether `account` has game `game` open on a page now.
    pub fn is_open(&self, account: i64, game: i64) -> bool {
        self.lock().get(&(account, game)).is_some_and(|n| *n > 0)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<(i64, i64), usize>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A game page open: dropped when its event stream ends.
#[derive(Debug)]
pub struct PageOpen {
    watching: Watching,
    key: (i64, i64),
}

impl Drop for PageOpen {
    fn drop(&mut self) {
        let mut open = self.watching.lock();
        if let Some(n) = open.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Watching;

    #[test]
    fn a_page_counts_as_open_while_any_stream_of_it_lives() {
        let watching = Watching::default();
        let first = watching.open(1, 7);
        let second = watching.open(1, 7);
        assert!(watching.is_open(1, 7));
        assert!(!watching.is_open(2, 7) && !watching.is_open(1, 8));
        drop(first);
        assert!(watching.is_open(1, 7));
        drop(second);
        assert!(!watching.is_open(1, 7));
    }
}

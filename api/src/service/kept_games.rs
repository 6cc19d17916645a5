//! The latest state of the games moved most recently, kept in memory by the change that made it: the game
//! itself (its state and head entry), so that the next move resumes it without reading its journal or
//! parsing its snapshot, and the legal moves of each pending decision, so that `GET …/moves` answers from
//! two small reads (the game's head and its seats).
//!
//! What is kept is named by the game's head hash, which commits to the whole journal: a kept state whose
//! hash is the one the database holds now is the state stored now, whichever instance or process wrote it,
//! and one that is not is ignored (another instance moved, an operator appended, a batch rolled back).
//! Nothing needs to be invalidated, then: a change this process did not see is detected by the head read
//! every use makes anyway. Who sits where is not part of the hash (a seat is joined without an entry), so
//! seats are read from the database each time.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

use shared::api_types::LegalMoves;
use shared::journal::Match;

/// The most games kept at once: the ones moved most recently, a few MB at most (with 10,000 active games the
/// others are read from the database, as without this).
const KEPT_GAMES: usize = 2048;

/// One state of one game.
struct Kept {
    head_hash: String,
    /// The game at that state, holding its head entry only.
    game: Match,
    /// Each decision pending at that state, with its seat and its legal answers.
    pending: Vec<(u8, LegalMoves)>,
}

/// Keyed by game id (and checked against the head hash, so games of two databases served by one process,
/// as in tests, never answer for each other: their hashes differ).
static KEPT: LazyLock<Mutex<HashMap<i64, Arc<Kept>>>> = LazyLock::new(Mutex::default);

fn kept_games() -> std::sync::MutexGuard<'static, HashMap<i64, Arc<Kept>>> {
    KEPT.lock().unwrap_or_else(|e| e.into_inner())
}

/// Keeps `game`, an active game's latest state, and its pending decisions' legal moves, in place of what was
/// kept for game `id` before.
pub(crate) fn keep(id: i64, game: &Match, pending: Vec<(u8, LegalMoves)>) {
    let kept = Kept { head_hash: game.head_hash().to_string(), game: game.recent_copy(1), pending };
    let mut games = kept_games();
    if games.len() >= KEPT_GAMES && !games.contains_key(&id) {
        // Room for this one: drop any other (the next move of that game keeps it again).
        if let Some(other) = games.keys().next().copied() {
            games.remove(&other);
        }
    }
    games.insert(id, Arc::new(kept));
}

/// Forgets game `id` (it is no longer active).
pub(crate) fn forget(id: i64) {
    kept_games().remove(&id);
}

fn kept(id: i64, head_hash: &str) -> Option<Arc<Kept>> {
    kept_games().get(&id).filter(|kept| kept.head_hash == head_hash).cloned()
}

/// Game `id` at head `head_hash`, holding its head entry only, if that state is kept with its head at
/// `head_seq` (a journal renumbered by hand, as the write-path benchmark pads one, keeps its hashes, wrong as
/// they then are).
pub(crate) fn game(id: i64, head_seq: i64, head_hash: &str) -> Option<Match> {
    let kept = kept(id, head_hash)?;
    let at = kept.game.entries().last().map(|entry| entry.seq as i64);
    (at == Some(head_seq)).then(|| kept.game.recent_copy(1))
}

/// The legal moves of `seat` kept for game `id` at head `head_hash`, if that state is kept.
pub(crate) fn legal_moves(id: i64, head_hash: &str, seat: u8) -> Option<Vec<LegalMoves>> {
    let kept = kept(id, head_hash)?;
    Some(kept.pending.iter().filter(|(s, _)| *s == seat).map(|(_, moves)| moves.clone()).collect())
}

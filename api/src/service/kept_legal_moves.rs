//! The legal moves of a game's latest state, kept in memory by the change that made that state, so that
//! `GET …/moves` answers from two small reads (the game's head and its seats) instead of loading the game:
//! its snapshot parsed, the engine's state rebuilt from it, its recent entries and its players' names read.
//!
//! What is kept is named by the game's head hash, which commits to the whole journal: a kept answer whose
//! hash is the one the database holds now is the answer to the state stored now, whichever instance or
//! process wrote it, and one that is not is ignored (another instance moved, an operator appended, a batch
//! rolled back). Nothing needs to be invalidated, then: a change this process did not see is detected by the
//! head read every request does anyway. Who sits where is not part of the hash (a seat is joined without an
//! entry), so seats are read from the database each time, as before.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

use shared::api_types::{GameStatus, LegalMoves};

use super::game_record::Loaded;

/// The most games kept at once: the ones moved most recently, a few MB at most (with 10,000 active games the
/// others are answered from the database, as without this).
const KEPT_GAMES: usize = 2048;

/// The legal moves of one state of one game.
struct Kept {
    head_hash: String,
    /// Each decision pending at that state, with its seat and its legal answers.
    pending: Vec<(u8, LegalMoves)>,
}

/// Keyed by game id (and checked against the head hash, so games of two databases served by one process,
/// as in tests, never answer for each other: their hashes differ).
static KEPT: LazyLock<Mutex<HashMap<i64, Arc<Kept>>>> = LazyLock::new(Mutex::default);

/// Keeps the legal moves of `loaded` as it stands (an active game's latest state), in place of what was kept
/// for the game before.
pub(crate) fn keep(loaded: &Loaded) {
    let id = loaded.row.id;
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    if loaded.status() != GameStatus::Active {
        kept.remove(&id);
        return;
    }
    let pending = legal_moves_of(loaded, None);
    if kept.len() >= KEPT_GAMES && !kept.contains_key(&id) {
        // Room for this one: drop any other (the next move of that game keeps it again).
        if let Some(other) = kept.keys().next().copied() {
            kept.remove(&other);
        }
    }
    kept.insert(id, Arc::new(Kept { head_hash: loaded.row.head_hash.clone(), pending }));
}

/// The legal moves of `seat` kept for game `id` at head `head_hash`, if what is kept is that state's.
pub(crate) fn kept(id: i64, head_hash: &str, seat: u8) -> Option<Vec<LegalMoves>> {
    let kept = KEPT.lock().unwrap_or_else(|e| e.into_inner()).get(&id).cloned()?;
    (kept.head_hash == head_hash)
        .then(|| kept.pending.iter().filter(|(s, _)| *s == seat).map(|(_, moves)| moves.clone()).collect())
}

/// The pending decisions of `loaded` (of `seat` only, if given) with their legal answers.
pub(crate) fn legal_moves_of(loaded: &Loaded, seat: Option<u8>) -> Vec<(u8, LegalMoves)> {
    loaded
        .game
        .pending()
        .iter()
        .filter(|p| seat.is_none_or(|s| p.seat == s))
        .filter_map(|p| {
            let choices = loaded.game.game().legal(loaded.game.state(), &p.id)?;
            Some((p.seat, LegalMoves { decision: Loaded::pending_info(p, true), choices }))
        })
        .collect()
}

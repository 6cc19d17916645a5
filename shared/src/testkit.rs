//! Property-test support shared by every engine: random legal playouts through the same journal fold the
//! server uses, with the invariants every game must keep checked on the way.

use serde_json::Value;

use crate::dice::Rng;
use crate::engine::{Outcome, Viewer};
use crate::journal::{Actor, EntryBody, Match};

/// How many random games a property test plays: `default`, or `TEGAMI_PLAYOUTS` when set (for longer soaks).
pub fn playout_count(default: u64) -> u64 {
    std::env::var("TEGAMI_PLAYOUTS").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Settings of one random playout.
#[derive(Clone, Debug)]
pub struct Playout {
    pub slug: &'static str,
    pub options: Value,
    pub seats: u8,
    /// Seeds both the game's secret seed and the random players.
    pub seed: u64,
    /// The playout fails if the game is not over after this many entries.
    pub max_entries: usize,
    /// Chance in 1000 that, before a move, a random seat resigns instead.
    pub resign_per_mille: u64,
}

impl Playout {
    pub fn new(slug: &'static str, seats: u8, seed: u64) -> Self {
        Playout { slug, options: Value::Null, seats, seed, max_entries: 20_000, resign_per_mille: 0 }
    }
}

/// What a finished playout produced.
pub struct Finished {
    pub game: Match,
    pub outcome: Outcome,
}

/// Plays random legal answers until the game ends. Fails (with a message naming the seed and step) when an
/// answer from `random_action` is refused, when `legal` is missing for a pending decision, when a listed
/// option is not what `random_action` drew from, when the game does not end, or when the replay of the
/// journal differs from the live state. `inspect` is called after every entry (for leak checks).
pub fn play(p: &Playout, mut inspect: impl FnMut(&Match)) -> Result<Finished, String> {
    let mut game_seed = [0u8; 32];
    game_seed[..8].copy_from_slice(&p.seed.to_le_bytes());
    game_seed[8..16].copy_from_slice(b"playout!");
    let at = "2026-01-01T00:00:00Z";
    let mut m = Match::create(p.slug, p.options.clone(), p.seats, game_seed, at)
        .map_err(|e| format!("seed {}: create failed: {e}", p.seed))?;
    let mut players = Rng::from_seed(format!("players {}", p.seed).as_bytes());
    inspect(&m);
    loop {
        let pending = m.pending();
        if pending.is_empty() {
            break;
        }
        if m.entries().len() > p.max_entries {
            return Err(format!("seed {}: not over after {} entries", p.seed, p.max_entries));
        }
        let step = m.entries().len();
        let body = if p.resign_per_mille > 0 && players.below(1000) < p.resign_per_mille {
            let seat = players.below(p.seats as u64) as u8;
            EntryBody::Resign { seat, signature: None }
        } else {
            let decision = players.choose(&pending).expect("pending is not empty").clone();
            let choices = m
                .game()
                .legal(m.state(), &decision.id)
                .ok_or_else(|| format!("seed {}: step {step}: no legal answers for pending `{}`", p.seed, decision.id))?;
            let action = m
                .game()
                .random_action(m.state(), &decision.id, &mut players)
                .ok_or_else(|| format!("seed {}: step {step}: no random answer for `{}`", p.seed, decision.id))?;
            if choices.complete && !choices.options.iter().any(|o| o.action == action) {
                return Err(format!(
                    "seed {}: step {step}: random answer {action} to `{}` is not among the listed options",
                    p.seed, decision.id
                ));
            }
            EntryBody::Move { seat: decision.seat, decision: decision.id.clone(), action, by: Actor::Bot, signature: None }
        };
        let resign = matches!(body, EntryBody::Resign { .. });
        match m.append(body.clone(), at) {
            Ok(_) => {}
            // A seat may be unable to resign (already out); that is not a failure.
            Err(_) if resign => continue,
            Err(e) => return Err(format!("seed {}: step {step}: {body:?} refused: {e}", p.seed)),
        }
        inspect(&m);
    }
    let outcome = m.outcome().ok_or_else(|| format!("seed {}: over but no outcome", p.seed))?;
    if outcome.ranks.len() != p.seats as usize {
        return Err(format!("seed {}: outcome ranks {} seats, not {}", p.seed, outcome.ranks.len(), p.seats));
    }
    m.append(EntryBody::Reveal { seed: hex::encode(game_seed) }, at)
        .map_err(|e| format!("seed {}: reveal refused: {e}", p.seed))?;
    let replayed = Match::replay(m.entries(), game_seed).map_err(|e| format!("seed {}: replay failed: {e}", p.seed))?;
    let live = m.game().state_to_json(m.state());
    if replayed.game().state_to_json(replayed.state()) != live {
        return Err(format!("seed {}: replayed state differs from the live state", p.seed));
    }
    if replayed.entries().iter().map(|e| &e.events).ne(m.entries().iter().map(|e| &e.events)) {
        return Err(format!("seed {}: replay produced different events", p.seed));
    }
    let snapshot = m.game().state_from_json(&live).map_err(|e| format!("seed {}: snapshot does not load: {e}", p.seed))?;
    if m.game().state_to_json(&snapshot) != live {
        return Err(format!("seed {}: state does not survive a JSON round trip", p.seed));
    }
    Ok(Finished { game: m, outcome })
}

/// Everything `viewer` receives from a game: its view, and its journal with events.
pub fn everything_seen_by(m: &Match, viewer: Viewer) -> String {
    let view = m.view(viewer);
    let journal = m.journal_for(viewer);
    format!("{view}\n{}", serde_json::to_string(&journal).expect("journal serialises"))
}

//! What senbat never reveals (spec §7): standing policies (`policy stock …`, `policy kenkon …`), known to their
//! owner alone, for good; "only the decisions they produce are public".
//!
//! The same contract as shidouban's standing preferences (`crate::engine::Engine::standing_answer`). A policy
//! changes nothing the game does by itself: the rules always pose D11 and D12, and the server answers them for
//! a policy at once, each answer a journal entry of its own, public as any other. The policy entry is salted by
//! the server, stays redacted in every other reader's journal, and replays as "no effect". The stored policies
//! are forgotten at the end, so the final state is exactly what anyone replays from the published journal.
//!
//! D1 lists "optional policies" among the creator's choices, but creation options are public (journal entry 0)
//! and would contradict §7; the game starts with "no policies set" (line 1263 of the spec), so they are not
//! options: each player sets its own at its execution prompt or with the D11/D12 it covers.

use crate::dice::Rng;
use crate::engine::{Event, RuleError, Seat};

use super::action::Action;
use super::rules;
use super::state::{AskKind, State, StockPolicy};

/// The answer the pending seat's standing policy gives to `decision` now (§4.8, lines 617-619 of the spec):
/// `min n` uses the stock when the roll has at least n successes and declines otherwise; `never` declines.
pub fn standing_answer(s: &State, decision: &str) -> Option<Action> {
    let p = rules::pending(s).into_iter().find(|p| p.id == decision)?;
    let pol = &s.players[p.seat as usize];
    match s.ask.as_ref()?.kind {
        AskKind::Stock { .. } => match pol.stock_policy {
            StockPolicy::Ask => None,
            StockPolicy::Never => Some(Action::Stock { use_it: false }),
            StockPolicy::Min(n) => Some(Action::Stock { use_it: rules::stock_successes(s) >= n as u32 }),
        },
        AskKind::Kenkon { .. } if pol.kenkon_never => Some(Action::Kenkon { space: None }),
        _ => None,
    }
}

/// Policies are the only answers senbat keeps for good, and every one is kept.
pub fn stays_secret(action: &Action) -> bool {
    action.is_policy()
}

/// A policy withheld from the reader is replayed as what it did to the game: nothing. Its owner alone was told.
pub fn apply_secret(_s: &mut State, _decision: &str, _seat: Seat, _rng: &mut Rng) -> Result<Vec<Event>, RuleError> {
    Ok(Vec::new())
}

/// The game is over: the policies are forgotten (a replay of the published journal never learns them).
pub fn close(s: &mut State) {
    for p in &mut s.players {
        p.stock_policy = StockPolicy::Ask;
        p.kenkon_never = false;
    }
}

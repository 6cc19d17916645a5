//! Bots that search: information-set Monte Carlo tree search over the [`Engine`] contract, written once for
//! every game.
//!
//! A bot never reads the true state of a game. Each game provides a sampler ([`BotGame::determinize`]) that
//! draws a state the bot's seat cannot tell from the real one: everything that seat sees (its view and the
//! public history) is kept, every secret it does not know is redrawn from the seat's own point of view. The
//! search only ever runs on such samples, so a bot's answer is a function of its seat's view and its seed
//! alone (the tests check this for every game). Budgets are counted in iterations, not time, so that the
//! same view and seed always give the same answer, on any machine.
//!
//! Like the engines, this module is pure: no clock, no I/O, randomness only from the [`Rng`] handed in.

mod search;

#[cfg(feature = "senbat")]
mod senbat;
#[cfg(feature = "shidouban")]
mod shidouban;
#[cfg(feature = "shinobazu")]
mod shinobazu;
#[cfg(feature = "suriagehara")]
mod suriagehara;
#[cfg(feature = "uosao")]
mod uosao;

#[cfg(test)]
mod tests;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::dice::Rng;
use crate::engine::{Engine, Seat};
use crate::registry::{DynGame, DynState};

pub use search::Budget;

/// How strong a bot plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = BotLevel))]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// A uniformly random legal answer, given at once (tegami's first bot).
    #[default]
    Random,
    /// A short search.
    Easy,
    /// A search of about a fifth of a second on one core.
    Normal,
    /// The longest search, up to about a second on one core.
    Hard,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Random, Level::Easy, Level::Normal, Level::Hard];

    pub fn as_str(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// How a seat of this level is written in commands and forms: `bot`, `bot:easy`, `bot:normal`, `bot:hard`.
    pub fn seat_code(self) -> &'static str {
        match self {
            Level::Random => "bot",
            Level::Easy => "bot:easy",
            Level::Normal => "bot:normal",
            Level::Hard => "bot:hard",
        }
    }

    /// Whether this level searches (and so answers from the server's bot worker, not at once).
    pub fn searches(self) -> bool {
        self != Level::Random
    }

    /// The search budget of this level in game `E`; `None` for the random bot.
    pub fn budget<E: BotGame>(self) -> Option<Budget> {
        let at = |i: usize| Budget { iterations: E::ITERATIONS[i], rollout_depth: E::ROLLOUT_DEPTH[i] };
        match self {
            Level::Random => None,
            Level::Easy => Some(at(0)),
            Level::Normal => Some(at(1)),
            Level::Hard => Some(at(2)),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A level name that is not one of `random`, `easy`, `normal`, `hard`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot level `{0}`; use random, easy, normal or hard")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL.into_iter().find(|l| l.as_str() == s).ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

/// What a game gives the bots besides the [`Engine`] contract.
pub trait BotGame: Engine {
    /// Iterations of `easy`, `normal` and `hard`. Each game's are calibrated (with the benchmark example) so
    /// that `normal` thinks at most about 0.2 s and `hard` about 1 s per decision on one core: a playout costs
    /// what the game's rules cost.
    const ITERATIONS: [u32; 3];
    /// Decisions a playout of `easy`, `normal` and `hard` makes before the position is estimated.
    const ROLLOUT_DEPTH: [u32; 3];

    /// A state `seat` cannot tell from `state`: the same view for `seat`, with every secret `seat` does not
    /// know (other hands, face-down cards, the order of piles, sealed answers not yet revealed) drawn anew.
    /// It must depend only on `view(state, seat)` (with the public history it shows) and `rng`: the search
    /// reads the game only through these samples.
    fn determinize(state: &Self::State, seat: Seat, rng: &mut Rng) -> Self::State;

    /// The answers the search tries for `decision`: every option of a listed space, or the examples and a few
    /// random legal answers of a described one. Games whose `legal` builds more than the options (prompts
    /// drawn from a whole view) list them more cheaply here.
    fn candidates(state: &Self::State, decision: &str, rng: &mut Rng) -> Vec<Self::Action> {
        search::candidates_from_legal::<Self>(state, decision, rng)
    }

    /// The answer a playout gives to `decision`: random by default; games where random playouts say little
    /// play a cheap sensible answer instead.
    fn rollout_action(state: &Self::State, decision: &str, rng: &mut Rng) -> Option<Self::Action> {
        Self::random_action(state, decision, rng)
    }

    /// How good `state` looks for each seat (0 worst, 1 best, indexed by seat) when a playout is cut off
    /// before the end. Default: nobody is ahead (a seat missing from the answer counts 0.5).
    fn estimate(_state: &Self::State) -> Vec<f64> {
        Vec::new()
    }
}

/// The answer a bot of `level` sitting at `seat` gives to `decision`, seeing `state` only through samples of
/// what `seat` may know. `None` if `decision` is not pending for `seat`.
pub fn choose<E: BotGame>(
    state: &E::State,
    seat: Seat,
    decision: &str,
    level: Level,
    rng: &mut Rng,
) -> Option<E::Action> {
    choose_within::<E>(state, seat, decision, level.budget::<E>(), rng)
}

/// [`choose`] with an explicit search budget (`None`: a random legal answer), for tests and benchmarks.
pub fn choose_within<E: BotGame>(
    state: &E::State,
    seat: Seat,
    decision: &str,
    budget: Option<Budget>,
    rng: &mut Rng,
) -> Option<E::Action> {
    if !E::pending(state).iter().any(|p| p.id == decision && p.seat == seat) {
        return None;
    }
    match budget {
        None => E::random_action(&E::determinize(state, seat, rng), decision, rng),
        // Nobody reads the events of the moves a search tries.
        Some(budget) => catalog::without_words(|| search::search::<E>(state, seat, decision, budget, rng)),
    }
}

/// [`choose`] for a game behind the registry's type erasure, with the answer in the game's JSON form.
pub fn choose_dyn(
    game: &dyn DynGame,
    state: &DynState,
    seat: Seat,
    decision: &str,
    level: Level,
    rng: &mut Rng,
) -> Option<Value> {
    fn typed<E: BotGame>(state: &DynState, seat: Seat, decision: &str, level: Level, rng: &mut Rng) -> Option<Value> {
        let state = state.downcast_ref::<E::State>()?;
        choose::<E>(state, seat, decision, level, rng).map(|a| serde_json::to_value(a).expect("actions serialise"))
    }
    match game.slug() {
        #[cfg(feature = "uosao")]
        "uosao" => typed::<crate::games::uosao::Uosao>(state, seat, decision, level, rng),
        #[cfg(feature = "shinobazu")]
        "shinobazu" => typed::<crate::games::shinobazu::Shinobazu>(state, seat, decision, level, rng),
        #[cfg(feature = "shidouban")]
        "shidouban" => typed::<crate::games::shidouban::Shidouban>(state, seat, decision, level, rng),
        #[cfg(feature = "senbat")]
        "senbat" => typed::<crate::games::senbat::Senbat>(state, seat, decision, level, rng),
        #[cfg(feature = "suriagehara")]
        "suriagehara" => typed::<crate::games::suriagehara::Suriagehara>(state, seat, decision, level, rng),
        _ => game.random_action(state, decision, rng),
    }
}

/// Rewards of a finished game by seat, from its ranks: 1 for first, 0 for last, shared places share.
pub(crate) fn rewards_from_ranks(ranks: &[u8]) -> Vec<f64> {
    let n = ranks.len();
    if n < 2 {
        return vec![1.0; n];
    }
    ranks
        .iter()
        .map(|r| {
            let better = ranks.iter().filter(|o| *o < r).count();
            let equal = ranks.iter().filter(|o| *o == r).count();
            // The mean of the places this rank spans, scaled so that first is 1 and last is 0.
            let mean_place = better as f64 + (equal as f64 - 1.0) / 2.0;
            1.0 - mean_place / (n as f64 - 1.0)
        })
        .collect()
}

//! Suriagehara for the bots. Secret to a side (§7): the wind markers not yet revealed, and the other side's
//! sealed answer until both are in. The sampler shuffles the hidden wind markers among their boxes and has
//! the other side give a random sealed answer in place of the one it gave.

mod tactics;

use super::BotGame;
use crate::dice::Rng;
use crate::engine::{Engine, Seat};
use crate::games::suriagehara::state::{Stage, Wind};
use crate::games::suriagehara::{Action, State, Suriagehara};

/// Of ten Movement Segments of a playout, how many are a judged advance rather than a random answer: enough
/// that playouts look like a battle, few enough that they still try what the judgement overlooks.
const JUDGED_MOVES: u64 = 8;
/// Plans the tree is offered besides the engine's examples: the best judged.
const TREE_PLANS: usize = 3;

impl BotGame for Suriagehara {
    // Calibrated with the benchmark example (release, CPU time of one thread). Since the movement search
    // looks hexes up in a map and playouts advance formations as a body, `hard` at 500 iterations took p95
    // 646-674 ms and 874 ms at worst over 16 games per match, `normal` at 48 p95 42-48 ms. `normal` got 128
    // at first, and `hard` beat it in only 4.5 of 8 games: the same playouts with a quarter of the samples
    // judge nearly as well, so `normal` thinks less (`hard` then won 15 of 16 against it, and 16 of 16
    // against random).
    const ITERATIONS: [u32; 3] = [16, 48, 500];
    const ROLLOUT_DEPTH: [u32; 3] = [12, 16, 24];

    fn determinize(state: &State, seat: Seat, rng: &mut Rng) -> State {
        let mut sample = state.clone();
        if state.stage == Stage::Over || seat > 1 {
            return sample;
        }
        if let Some(wind) = sample.wind.as_mut() {
            let hidden: Vec<usize> = (0..wind.len()).filter(|i| !state.wind_revealed[*i]).collect();
            let mut markers: Vec<Wind> = hidden.iter().map(|i| wind[*i]).collect();
            // Sorted, the markers are what the side can work out: the ones not yet turned over.
            markers.sort_by_key(|w| *w == Wind::Reverse);
            rng.shuffle(&mut markers);
            for (i, w) in hidden.into_iter().zip(markers) {
                wind[i] = w;
            }
        }
        let other = 1 - seat as usize;
        let mine_pending = sample.asked[seat as usize] && sample.sealed[seat as usize].is_none();
        if mine_pending && sample.sealed[other].take().is_some() {
            let pending = Suriagehara::pending(&sample);
            if let Some(p) = pending.into_iter().find(|p| p.seat as usize == other) {
                for _ in 0..8 {
                    let Some(action) = Suriagehara::random_action(&sample, &p.id, rng) else { break };
                    let mut next = sample.clone();
                    if Suriagehara::apply(&mut next, &p.id, p.seat, &action, rng).is_ok() {
                        sample = next;
                        break;
                    }
                }
            }
        }
        sample
    }

    /// Besides the engine's examples, the tree gets the formation's judged advance (plain and blurred) and
    /// the best judged combat plans, so that it compares sensible answers and not only random ones.
    fn candidates(state: &State, decision: &str, rng: &mut Rng) -> Vec<Action> {
        let mut all = super::search::candidates_from_legal::<Suriagehara>(state, decision, rng);
        let extra: Vec<Action> = match state.stage {
            Stage::Move => [0.0, 1.5].into_iter().filter_map(|noise| tactics::advance(state, noise, rng)).collect(),
            Stage::Plan => tactics::best_plans(state, TREE_PLANS, rng)
                .into_iter()
                .map(|attacks| Action::Attacks { attacks })
                .collect(),
            _ => Vec::new(),
        };
        for action in extra {
            if !all.contains(&action) {
                all.push(action);
            }
        }
        all
    }

    /// Playouts advance formations as a body and fight with the best judged plan (see `tactics`).
    fn rollout_action(state: &State, decision: &str, rng: &mut Rng) -> Option<Action> {
        match state.stage {
            Stage::Move if rng.below(10) < JUDGED_MOVES => tactics::advance(state, 1.0, rng),
            Stage::Plan => {
                tactics::best_plans(state, 1, rng).into_iter().next().map(|attacks| Action::Attacks { attacks })
            }
            _ => Suriagehara::random_action(state, decision, rng),
        }
    }

    /// Cut-off playouts are judged by morale, the commanders' standing toward the advance line and the units
    /// left (see `tactics`).
    fn estimate(state: &State) -> Vec<f64> {
        tactics::estimate(state)
    }
}

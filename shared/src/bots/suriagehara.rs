//! Suriagehara for the bots. Secret to a side (§7): the wind markers not yet revealed, and the other side's
//! sealed answer until both are in. The sampler shuffles the hidden wind markers among their boxes and has
//! the other side give a random sealed answer in place of the one it gave.

use super::BotGame;
use crate::dice::Rng;
use crate::engine::{Engine, Seat};
use crate::games::suriagehara::state::{Stage, Wind};
use crate::games::suriagehara::{State, Suriagehara};

impl BotGame for Suriagehara {
    // Calibrated with the benchmark example (release, CPU time of one thread): at 160 and 640 iterations
    // (playouts of 24 and 32 decisions) `normal` took p95 565 ms and `hard` p95 3.8 s per decision, most of
    // it finding where units may move in the playouts' Movement Segments. Shorter playouts (judged by morale
    // when cut off) and fewer iterations fit 0.2 s and 1 s. At 80, `normal` still took p95 204 ms and 304 ms at
    // worst: the positions where many units may move cost more per playout. At 64 p95 is well within 0.2 s.
    const ITERATIONS: [u32; 3] = [24, 64, 200];
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

    /// Cut-off playouts are judged by morale.
    fn estimate(state: &State) -> Vec<f64> {
        let lead = (f64::from(state.morale[0] - state.morale[1]) / 10.0).clamp(-1.0, 1.0);
        vec![0.5 + lead / 2.0, 0.5 - lead / 2.0]
    }
}

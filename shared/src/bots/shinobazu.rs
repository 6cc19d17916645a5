//! Shinobazu for the bots. Secret to a seat (§7): the other hands, face-down cards it did not place, the
//! face-down discards it was not shown, and the unused cards. The sampler shuffles all of those together and
//! deals them back into the same places, in the same numbers.

use super::{BotGame, rewards_from_ranks};
use crate::dice::Rng;
use crate::engine::Seat;
use crate::games::shinobazu::{Card, Shinobazu, State};

impl BotGame for Shinobazu {
    // At 320 and 1400 iterations `normal` took p95 82 ms and `hard` p95 411 ms per decision (release, CPU time
    // of one thread), and `hard` did not beat `normal`: `hard` now takes the second it is allowed, and
    // `normal` moves only part of the way, so that the levels stay apart.
    const ITERATIONS: [u32; 3] = [80, 480, 2600];
    const ROLLOUT_DEPTH: [u32; 3] = [16, 24, 32];

    fn determinize(state: &State, seat: Seat, rng: &mut Rng) -> State {
        let mut sample = state.clone();
        if state.is_over() {
            return sample;
        }
        let others = |q: usize| q != seat as usize;
        let mut pool: Vec<Card> = Vec::new();
        for (_, hand) in state.hands.iter().enumerate().filter(|(q, _)| others(*q)) {
            pool.extend(hand.iter().copied());
        }
        let hidden_current = |c: &Option<crate::games::shinobazu::state::Placed>| {
            c.as_ref().is_some_and(|p| !p.face_up && p.placed_by != seat)
        };
        pool.extend(state.current.iter().filter(|c| hidden_current(c)).filter_map(|c| c.as_ref().map(|p| p.card)));
        let hidden_discard = |known_to: Option<Seat>, face_up: bool| !face_up && known_to != Some(seat);
        pool.extend(state.discard.iter().filter(|d| hidden_discard(d.known_to, d.face_up)).map(|d| d.card));
        pool.extend(state.unused.iter().copied());
        // Sorted, the pool is what the seat can work out: every card it has not seen where it now lies.
        pool.sort();
        rng.shuffle(&mut pool);
        let mut deal = pool.into_iter();
        for (_, hand) in sample.hands.iter_mut().enumerate().filter(|(q, _)| others(*q)) {
            for card in hand.iter_mut() {
                *card = deal.next().expect("as many cards as places");
            }
            hand.sort();
        }
        for placed in sample.current.iter_mut().filter(|c| hidden_current(c)).flatten() {
            placed.card = deal.next().expect("as many cards as places");
        }
        for d in sample.discard.iter_mut().filter(|d| hidden_discard(d.known_to, d.face_up)) {
            d.card = deal.next().expect("as many cards as places");
        }
        for card in sample.unused.iter_mut() {
            *card = deal.next().expect("as many cards as places");
        }
        sample
    }

    /// Cut-off playouts are judged by the scores so far (lower is better).
    fn estimate(state: &State) -> Vec<f64> {
        let better = |s: i64| state.scores.iter().filter(|o| **o < s).count() as u8 + 1;
        rewards_from_ranks(&state.scores.iter().map(|s| better(*s)).collect::<Vec<_>>())
    }
}

//! Shidouban for the bots. Secret to a seat (§7): the tiles in the other hands, the order of both piles, and
//! the other seats' standing preferences. The sampler shuffles the unseen tiles (other hands and the event
//! pile) and deals them back in the same numbers, shuffles the person pile, and gives the other seats the
//! default preferences (the seat cannot know theirs).

use super::{BotGame, rewards_from_ranks};
use crate::dice::Rng;
use crate::engine::Engine;
use crate::engine::Seat;
use crate::games::shidouban::legal;
use crate::games::shidouban::state::{Ask, Prefs, TLoc};
use crate::games::shidouban::{Shidouban, State, Tile};

impl BotGame for Shidouban {
    const ITERATIONS: [u32; 3] = [80, 320, 1400];
    const ROLLOUT_DEPTH: [u32; 3] = [16, 24, 32];

    fn determinize(state: &State, seat: Seat, rng: &mut Rng) -> State {
        let mut sample = state.clone();
        if state.end.is_some() {
            return sample;
        }
        let others: Vec<Seat> = (0..state.seats).filter(|q| *q != seat).collect();
        let mut pool: Vec<Tile> = others.iter().flat_map(|q| state.hand_tiles(*q)).collect();
        pool.extend(state.event_pile.iter().copied());
        // Sorted, the pool is what the seat can work out: every tile it has not seen.
        pool.sort();
        rng.shuffle(&mut pool);
        let mut deal = pool.into_iter();
        for q in &others {
            for _ in 0..state.hand_tiles(*q).len() {
                let tile = deal.next().expect("as many tiles as places");
                sample.set_tile(tile, TLoc::Hand(*q));
            }
        }
        sample.event_pile = deal.collect();
        for tile in sample.event_pile.clone() {
            sample.set_tile(tile, TLoc::Pile);
        }
        sample.person_pile.sort();
        rng.shuffle(&mut sample.person_pile);
        for q in &others {
            if let Some(prefs) = sample.prefs.get_mut(*q as usize) {
                *prefs = Prefs::default();
            }
        }
        sample
    }

    /// The options straight from the rules: `legal` also draws the whole board's view for its prompt.
    fn candidates(state: &State, decision: &str, rng: &mut Rng) -> Vec<crate::games::shidouban::Action> {
        let Some(mut options) = legal::options(state, decision) else { return Vec::new() };
        // A dokatsu lists every affected square in an order of the player's choosing: a few orders stand for all.
        if matches!(state.ask, Some(Ask::Dokatsu { .. })) {
            for _ in 0..4 {
                if let Some(action) = Self::random_action(state, decision, rng)
                    && !options.contains(&action)
                {
                    options.push(action);
                }
            }
        }
        options
    }

    /// Cut-off playouts are judged by the scores the board gives now (a seat without one counts last).
    fn estimate(state: &State) -> Vec<f64> {
        if !state.started {
            return Vec::new();
        }
        let scores: Vec<i64> = (0..state.seats).map(|s| state.score(s).unwrap_or(i64::MIN)).collect();
        let better = |s: i64| scores.iter().filter(|o| **o > s).count() as u8 + 1;
        rewards_from_ranks(&scores.iter().map(|s| better(*s)).collect::<Vec<_>>())
    }
}

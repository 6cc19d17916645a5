//! Single-observer information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012).
//!
//! One tree, seen from the bot's seat. Every iteration samples a state the bot cannot tell from the real one
//! ([`BotGame::determinize`]), walks down the tree among the answers legal in that sample (UCB1 counted over
//! the iterations in which an answer was available), adds one answer, plays the rest out with the game's
//! playout policy for a bounded number of decisions, and credits every seat on the way with its own reward.
//! Each answer in the tree is chosen for the seat that gives it, by that seat's reward: opponents are assumed
//! to play well, not to help the bot. Spaces too large to list (senbat's poses) are searched through random
//! legal answers, with progressive widening bounding how many a node tries.

use super::{BotGame, rewards_from_ranks};
use crate::dice::Rng;
use crate::engine::{Pending, Seat, Space};

/// How much a search may do: counted work, never time, so that it is deterministic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Samples played out from the root.
    pub iterations: u32,
    /// Decisions a playout makes before it is cut off and the position is estimated.
    pub rollout_depth: u32,
}

/// Exploration weight of UCB1, for rewards in 0..=1.
const EXPLORATION: f64 = 0.7;
/// A node tries at most `WIDENING * sqrt(visits + 1)` answers (at least one more than it has while unvisited).
const WIDENING: f64 = 2.0;
/// Random answers drawn to stand for a space the game does not list.
const DESCRIBED_SAMPLES: usize = 4;

struct Node<A> {
    /// The answer leading here (none at the root) and the seat that gave it.
    action: Option<A>,
    seat: Seat,
    children: Vec<usize>,
    visits: u32,
    /// Iterations in which this node's answer was legal while its parent was visited.
    available: u32,
    /// Sum of the rewards of `seat` over the visits.
    reward: f64,
}

impl<A> Node<A> {
    fn new(action: Option<A>, seat: Seat) -> Self {
        Node { action, seat, children: Vec::new(), visits: 0, available: 0, reward: 0.0 }
    }

    fn ucb(&self) -> f64 {
        if self.visits == 0 {
            return f64::INFINITY;
        }
        let visits = f64::from(self.visits);
        self.reward / visits + EXPLORATION * (f64::from(self.available.max(1)).ln() / visits).sqrt()
    }
}

/// The legal answers of `decision` in `state` the search considers, read from the game's `legal`: every option
/// of a listed space, or a few examples and random legal answers of a described one.
pub(super) fn candidates_from_legal<E: BotGame + ?Sized>(
    state: &E::State,
    decision: &str,
    rng: &mut Rng,
) -> Vec<E::Action> {
    match E::legal(state, decision).map(|c| c.space) {
        Some(Space::List { options }) => options,
        Some(Space::Described { examples, .. }) => {
            let mut all = examples;
            for _ in 0..DESCRIBED_SAMPLES {
                if let Some(a) = E::random_action(state, decision, rng)
                    && !all.contains(&a)
                {
                    all.push(a);
                }
            }
            all
        }
        None => Vec::new(),
    }
}

/// The pending decision a walk down the tree answers next: the bot's own at the root, the first pending after.
fn next_decision<E: BotGame>(state: &E::State, root: Option<&str>) -> Option<Pending> {
    let pending = E::pending(state);
    match root {
        Some(id) => pending.into_iter().find(|p| p.id == id),
        None => pending.into_iter().next(),
    }
}

/// Plays `state` on for at most `depth` decisions, then the reward of every seat.
fn playout<E: BotGame>(state: &mut E::State, depth: u32, rng: &mut Rng) -> Vec<f64> {
    for _ in 0..depth {
        let Some(p) = next_decision::<E>(state, None) else { break };
        let Some(action) = E::rollout_action(state, &p.id, rng) else { break };
        if E::apply(state, &p.id, p.seat, &action, rng).is_err() {
            break;
        }
    }
    match E::outcome(state) {
        Some(outcome) => rewards_from_ranks(&outcome.ranks),
        None => E::estimate(state),
    }
}

/// The answer the search finds best for `seat`'s pending `decision`. Reads `state` only through samples.
pub(super) fn search<E: BotGame>(
    state: &E::State,
    seat: Seat,
    decision: &str,
    budget: Budget,
    rng: &mut Rng,
) -> Option<E::Action> {
    // A seat's own answers follow from its view, so one sample tells whether there is anything to choose.
    let first = E::determinize(state, seat, rng);
    if let [only] = E::candidates(&first, decision, rng).as_slice() {
        return Some(only.clone());
    }
    let mut nodes: Vec<Node<E::Action>> = vec![Node::new(None, seat)];
    let mut path: Vec<usize> = Vec::new();
    let mut first = Some(first);
    for _ in 0..budget.iterations.max(1) {
        let mut sample = match first.take() {
            Some(sample) => sample,
            None => E::determinize(state, seat, rng),
        };
        let mut at = 0;
        path.clear();
        path.push(0);
        let mut root = Some(decision);
        // Selection and expansion.
        while let Some(p) = next_decision::<E>(&sample, root.take()) {
            let options = E::candidates(&sample, &p.id, rng);
            if options.is_empty() {
                break;
            }
            let legal_children: Vec<usize> = nodes[at]
                .children
                .iter()
                .copied()
                .filter(|&c| nodes[c].seat == p.seat && nodes[c].action.as_ref().is_some_and(|a| options.contains(a)))
                .collect();
            let untried: Vec<&E::Action> = options
                .iter()
                .filter(|a| !legal_children.iter().any(|&c| nodes[c].action.as_ref() == Some(*a)))
                .collect();
            let room = (WIDENING * f64::from(nodes[at].visits + 1).sqrt()).ceil() as usize;
            if !untried.is_empty() && (legal_children.len() < room || legal_children.is_empty()) {
                let action = untried[rng.index(untried.len())].clone();
                if E::apply(&mut sample, &p.id, p.seat, &action, rng).is_err() {
                    break;
                }
                nodes.push(Node::new(Some(action), p.seat));
                let child = nodes.len() - 1;
                nodes[at].children.push(child);
                path.push(child);
                break;
            }
            for &c in &legal_children {
                nodes[c].available += 1;
            }
            let Some(&best) = legal_children.iter().max_by(|&&a, &&b| nodes[a].ucb().total_cmp(&nodes[b].ucb())) else {
                break;
            };
            let action = nodes[best].action.clone().expect("a child has an answer");
            if E::apply(&mut sample, &p.id, p.seat, &action, rng).is_err() {
                break;
            }
            at = best;
            path.push(best);
        }
        let rewards = playout::<E>(&mut sample, budget.rollout_depth, rng);
        for &n in &path {
            let node = &mut nodes[n];
            node.visits += 1;
            node.reward += rewards.get(node.seat as usize).copied().unwrap_or(0.5);
        }
    }
    // The most visited answer is the most robust choice; the mean reward breaks ties.
    nodes[0]
        .children
        .iter()
        .max_by(|&&a, &&b| {
            let (a, b) = (&nodes[a], &nodes[b]);
            a.visits
                .cmp(&b.visits)
                .then((a.reward / f64::from(a.visits.max(1))).total_cmp(&(b.reward / f64::from(b.visits.max(1)))))
        })
        .and_then(|&c| nodes[c].action.clone())
}

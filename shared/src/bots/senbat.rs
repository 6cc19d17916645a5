//! Senbat for the bots. Secret to a seat (§7): the other player's sealed organisation and token placement
//! until both are in, its organisation of undeployed sonae, whether it chose the quick-start organisation, and
//! its standing policies. The sampler takes back a sealed answer the other player gave and has it give a
//! random one instead, deals the other player's troops whose sonae is still secret anew among its undeployed
//! generals (every sonae well formed, at most six troops), forgets the quick-start choice and the policies.

mod tactics;

use super::BotGame;
use crate::dice::Rng;
use crate::engine::{Engine, Seat, Space};
use crate::games::senbat::data::{self, Slot};
use crate::games::senbat::state::{AskKind, Status, StockPolicy, Task};
use crate::games::senbat::{Action, Senbat, State};

/// Troops a sonae leads at most: the six places its formation leaves them (F and B exclude their corners).
const MAX_TROOPS: usize = 6;

impl BotGame for Senbat {
    // Calibrated with the benchmark example (release, CPU time of one thread): at 160 and 640 iterations
    // `normal` took p95 350 ms and `hard` p95 1.75 s per decision, so both are cut to fit 0.2 s and 1 s. At 80
    // and 320 the slowest decisions still took 222 ms and 1.26 s, so both were cut again; p95 is now well
    // within the targets, but the slowest decisions are not, since they come from rare costly positions (a
    // playout's cost varies with the position, not with its count of decisions, which hardly varies).
    // The judged playouts (see `tactics`) cost about what the random ones did, and the slowest decisions were
    // the setup ones, whose playouts drew random poses and target lists by the hundred: with those stopped,
    // games 0-7 took p95 119 ms and at most 160 ms for `normal`, p95 613 ms and at most 739 ms for `hard`, so
    // the budgets stay.
    const ITERATIONS: [u32; 3] = [24, 64, 240];
    const ROLLOUT_DEPTH: [u32; 3] = [16, 24, 32];

    fn determinize(state: &State, seat: Seat, rng: &mut Rng) -> State {
        let mut sample = state.clone();
        if state.is_over() || seat > 1 {
            return sample;
        }
        let other = 1 - seat as usize;
        sample.players[other].stock_policy = StockPolicy::Ask;
        sample.players[other].kenkon_never = false;
        let mine = seat as usize;
        let resealed = match sample.ask.as_ref().map(|a| &a.kind) {
            Some(AskKind::Organise) if sample.players[mine].organised.is_none() => {
                sample.players[other].organised.take().is_some()
            }
            Some(AskKind::Tokens) if sample.players[mine].token_commit.is_none() => {
                sample.players[other].token_commit.take().is_some()
            }
            _ => false,
        };
        if resealed {
            answer_at_random(&mut sample, other as Seat, rng);
        } else if sample.sente.is_some() {
            redeal_secret_sonae(&mut sample, other as Seat, rng);
        }
        sample
    }

    /// The executions worth a place in the tree are the judged best ones (see `tactics`): random poses, which
    /// the default draws, differ from sample to sample, so the tree never met the same answer twice and chose
    /// among its plain examples (a shot with no orders, a charge of one unit). Offers whose only other answers
    /// are standing policies or a token given away for good are narrowed to the answers that decide them.
    fn candidates(state: &State, decision: &str, rng: &mut Rng) -> Vec<Action> {
        match state.ask.as_ref().map(|a| &a.kind) {
            Some(AskKind::Act { seat, first }) => tactics::tree_executions(state, *seat, *first),
            Some(AskKind::Targets { choices, .. }) => tactics::tree_targets(state, choices)
                .unwrap_or_else(|| super::search::candidates_from_legal::<Senbat>(state, decision, rng)),
            Some(AskKind::Stock { .. }) => vec![Action::Stock { use_it: true }, Action::Stock { use_it: false }],
            Some(AskKind::Kenkon { .. }) => vec![Action::Kenkon { space: None }],
            Some(AskKind::Organise) => vec![Action::OrganiseQuick],
            Some(AskKind::Deploy { seat }) if quick_deploy_fits(state, decision, *seat) => vec![Action::DeployQuick],
            // Any other deployment is a random pose; the engine's own examples are enough, since playouts stop
            // here, and each further random pose costs up to hundreds of trial placements.
            Some(AskKind::Deploy { .. }) => match Senbat::legal(state, decision).map(|c| c.space) {
                Some(Space::Described { examples, .. }) if !examples.is_empty() => examples,
                _ => super::search::candidates_from_legal::<Senbat>(state, decision, rng),
            },
            _ => super::search::candidates_from_legal::<Senbat>(state, decision, rng),
        }
    }

    /// Playouts play the judged executions and the obvious answers, so that they look like a game between
    /// players who attack: random ones wander, and a cut-off random playout says little about the answer tried.
    fn rollout_action(state: &State, decision: &str, rng: &mut Rng) -> Option<Action> {
        match state.ask.as_ref().map(|a| &a.kind) {
            Some(AskKind::Act { seat, first }) => tactics::playout_execution(state, *seat, *first, rng),
            Some(AskKind::Targets { choices, .. }) => {
                Some(Action::Targets { pairs: tactics::best_targets(state, choices) })
            }
            Some(AskKind::Stock { .. }) => Some(Action::Stock { use_it: stock_worth_using(state) }),
            // Giving a token up for good risks the opponent's two-to-one win for one die.
            Some(AskKind::Kenkon { .. }) => Some(Action::Kenkon { space: None }),
            Some(AskKind::Senkyo { seat }) => {
                battle_situation(state, *seat, rng).or_else(|| Senbat::random_action(state, decision, rng))
            }
            // Organising and deploying leave the bot one answer (the quick start), and a playout through the
            // other side's deployment draws random poses by the hundred: it stops there and is estimated level.
            Some(AskKind::Organise | AskKind::Deploy { .. }) => None,
            _ => Senbat::random_action(state, decision, rng),
        }
    }

    /// Cut-off playouts are judged by morale, tokens and the strength left on the field (see `tactics`).
    fn estimate(state: &State) -> Vec<f64> {
        tactics::estimate(state)
    }
}

/// Whether the quick-start pose of `seat`'s next sonae may be deployed now (only after the quick-start
/// organisation, and only where it does not overlap a card already placed).
fn quick_deploy_fits(state: &State, decision: &str, seat: Seat) -> bool {
    if !state.players[seat as usize].quick_org {
        return false;
    }
    // Deploying rolls no dice; the generator only satisfies the contract.
    let mut trial = state.clone();
    Senbat::apply(&mut trial, decision, seat, &Action::DeployQuick, &mut Rng::from_seed(b"deploy check")).is_ok()
}

/// A save stock halves the successes it covers, so it goes where it saves most: a roll of two or more, or one
/// that would destroy its target.
fn stock_worth_using(state: &State) -> bool {
    let Some(Task::Attack(at)) = state.tasks.last() else { return false };
    let successes = at.dice.iter().filter(|&&d| d >= at.v).count();
    successes >= 2 || successes >= usize::from(state.cap(at.q as usize))
}

/// A token taken in the battle situation comes from the opponent's fullest space (its strongest coming turn)
/// and goes where the taker can use it soonest: the space of its own turn in progress, else anywhere.
fn battle_situation(state: &State, seat: Seat, rng: &mut Rng) -> Option<Action> {
    let victim = &state.players[1 - seat as usize];
    let take = (0..4).filter(|&sp| victim.board[sp] > 0).max_by_key(|&sp| (victim.board[sp], std::cmp::Reverse(sp)))?;
    let put = match state.turn.space {
        Some(sp) if state.active == seat => sp,
        _ => rng.index(4),
    };
    Some(Action::Senkyo { take, put })
}

/// Once both organisations are in, `owner`'s troops whose sonae the other seat has not seen (not deployed yet)
/// go to its undeployed generals at random, each sonae keeping room for its formation. What the other seat
/// sees of them (in hand, no sonae, slot C) stays as it was; the quick-start choice, which only the owner
/// knows, is forgotten, since a redrawn organisation is no longer the quick-start one.
fn redeal_secret_sonae(sample: &mut State, owner: Seat, rng: &mut Rng) {
    let army = sample.players[owner as usize].army;
    let in_hand: Vec<usize> =
        data::cores_of(army).into_iter().filter(|&c| sample.cards[c].status == Status::InHand).collect();
    // A sonae deployed once and taken back (a deployment reset) showed every member it had.
    let shown =
        |c: usize| data::troops_of(army).any(|t| sample.cards[t].public_core && sample.cards[t].core == Some(c as u8));
    let unseen: Vec<usize> = in_hand.iter().copied().filter(|&c| !shown(c)).collect();
    let cores = if unseen.is_empty() { in_hand } else { unseen };
    // In card order, the secret troops are what the other seat can work out: the ones it has not seen join.
    let secret: Vec<usize> = data::troops_of(army)
        .filter(|&t| !sample.cards[t].public_core && sample.cards[t].status == Status::InHand)
        .collect();
    sample.players[owner as usize].quick_org = false;
    if cores.is_empty() || secret.is_empty() {
        return;
    }
    let mut room: Vec<usize> = cores
        .iter()
        .map(|&c| {
            let public = data::troops_of(army).filter(|&t| sample.cards[t].public_core);
            MAX_TROOPS.saturating_sub(public.filter(|&t| sample.cards[t].core == Some(c as u8)).count())
        })
        .collect();
    for t in secret {
        let open: Vec<usize> = (0..cores.len()).filter(|&k| room[k] > 0).collect();
        // Ten troops never overflow four sonae of six; should it happen, the troop keeps a sonae anyway.
        let k = if open.is_empty() { rng.index(cores.len()) } else { open[rng.index(open.len())] };
        room[k] = room[k].saturating_sub(1);
        sample.cards[t].core = Some(cores[k] as u8);
        sample.cards[t].slot = Slot::C;
    }
    // The sealed organisation the rules keep follows the cards (it is read only for being there).
    let organised: Vec<(u8, Vec<u8>)> = data::cores_of(army)
        .into_iter()
        .map(|c| {
            let troops = data::troops_of(army).filter(|&t| sample.cards[t].core == Some(c as u8)).map(|t| t as u8);
            (c as u8, troops.collect())
        })
        .collect();
    sample.players[owner as usize].organised = Some(organised);
}

/// Has `seat` answer its pending sealed decision with a random legal answer.
fn answer_at_random(sample: &mut State, seat: Seat, rng: &mut Rng) {
    let Some(p) = Senbat::pending(sample).into_iter().find(|p| p.seat == seat) else { return };
    for _ in 0..8 {
        if let Some(action) = Senbat::random_action(sample, &p.id, rng) {
            let mut next = sample.clone();
            if Senbat::apply(&mut next, &p.id, seat, &action, rng).is_ok() {
                *sample = next;
                return;
            }
        }
    }
}

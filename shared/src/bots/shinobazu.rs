//! Shinobazu for the bots. Secret to a seat (§7): the other hands, face-down cards it did not place, the
//! face-down discards it was not shown, and the unused cards. The sampler shuffles all of those together and
//! deals them back into the same places, in the same numbers.
//!
//! A round decides almost everything: its showdown moves the scores, and the cards it leaves behind are few.
//! Playouts therefore stop when the round is over and the scores are judged there, smoothly: a playout of many
//! rounds of random play buried the few points a decision is worth under the luck of the rounds after it.

use super::BotGame;
use crate::dice::Rng;
use crate::engine::Seat;
use crate::games::shinobazu::rules;
use crate::games::shinobazu::state::Phase;
use crate::games::shinobazu::{Action, Card, Shinobazu, Stance, State, Target};

impl BotGame for Shinobazu {
    // Playouts end with the round (a few decisions, answered without wording prompts or events). At 480 and
    // 4400 iterations `normal` took p95 20 ms and `hard` p95 190 ms (max 203 ms) per decision (release, CPU time
    // of one thread, quiet machine). More did not buy strength: at 12000 `hard` took 12.5 of 20 first places
    // against two random bots, against 15.5 of 20 at 4400 on the same deals, so it keeps 4400. At a three-seat
    // table the luck of the deal leaves the levels close (`normal` at 900 did as well against `hard` as at
    // 480), so `normal` keeps the cheaper budget. The depth only bounds a playout; the round's end stops it first.
    const ITERATIONS: [u32; 3] = [120, 480, 4400];
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

    fn candidates(state: &State, decision: &str, _rng: &mut Rng) -> Vec<Action> {
        if !rules::is_pending(state, decision) {
            return Vec::new();
        }
        answers(state)
    }

    /// Plays the round out, mostly at random (random players are what the bot meets most, and it does not
    /// know how a stronger one thinks), but without the answers no player makes twice: declining a duel costs
    /// a point a card, accepting at most one.
    fn rollout_action(state: &State, decision: &str, rng: &mut Rng) -> Option<Action> {
        if !rules::is_pending(state, decision) || round_begins(state) {
            return None;
        }
        match state.phase {
            Phase::ChallengeAnswer { passer, .. } => {
                let cards = state.carried[passer as usize].len() + 1;
                let decline = if cards > 1 { 0.05 } else { 0.25 };
                Some(if rng.unit_f64() < decline { Action::Decline } else { Action::Accept })
            }
            Phase::ChallengeChoice { .. } if rng.unit_f64() < 0.8 => {
                Some(Action::Challenge { passer: state.passers_left[rng.index(state.passers_left.len())] })
            }
            _ => {
                let options = answers(state);
                rng.choose(&options).cloned()
            }
        }
    }

    /// The scores judged pair by pair: against each other seat, the chance to finish below it, as a logistic
    /// curve of the difference that steepens as the game nears its end (any score of 5 ends it). A rank read
    /// from the scores alone would value a lead of one point as much as a lead of four.
    fn estimate(state: &State) -> Vec<f64> {
        let top = state.scores.iter().copied().max().unwrap_or(0);
        let steepness = 0.6 + 0.25 * top as f64;
        let n = state.scores.len();
        (0..n)
            .map(|i| {
                let ahead: f64 = (0..n)
                    .filter(|&j| j != i)
                    .map(|j| 1.0 / (1.0 + (-steepness * (state.scores[j] - state.scores[i]) as f64).exp()))
                    .sum();
                ahead / (n - 1).max(1) as f64
            })
            .collect()
    }
}

/// The first decision of a round: nobody has played yet.
fn round_begins(state: &State) -> bool {
    matches!(state.phase, Phase::Play { .. }) && state.done.iter().all(|d| !d)
}

/// Every legal answer to the pending decision, as the rules list them, without the prompt `legal` words in
/// every language (most of a playout's cost).
fn answers(state: &State) -> Vec<Action> {
    match state.phase {
        Phase::Play { seat } => plays(state, seat),
        Phase::PushResponse { .. } => vec![Action::Fight, Action::Pass],
        Phase::ChallengeChoice { .. } => {
            let mut all: Vec<Action> = state.passers_left.iter().map(|&passer| Action::Challenge { passer }).collect();
            all.push(Action::NoChallenge);
            all
        }
        Phase::ChallengeAnswer { .. } => vec![Action::Accept, Action::Decline],
        Phase::Over => Vec::new(),
    }
}

/// The plays of `seat`: a card of the lead colour if it holds one, to itself (the start player always fights)
/// or onto a seat with no card yet.
fn plays(state: &State, seat: Seat) -> Vec<Action> {
    let hand = &state.hands[seat as usize];
    let follows = |c: &&Card| state.lead.is_none_or(|lead| c.colour == lead);
    let cards: Vec<Card> =
        if hand.iter().any(|c| follows(&c)) { hand.iter().filter(follows).copied().collect() } else { hand.clone() };
    let mut all = Vec::new();
    for card in cards {
        if state.current[seat as usize].is_none() {
            all.push(Action::Play { card, target: Target::Me, stance: Some(Stance::Fight) });
            if seat != state.sp {
                all.push(Action::Play { card, target: Target::Me, stance: Some(Stance::Pass) });
            }
        }
        for q in (1..state.n).map(|i| (seat + i) % state.n) {
            if state.current[q as usize].is_none() {
                all.push(Action::Play { card, target: Target::Seat(q), stance: None });
            }
        }
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, Space};

    /// The cheap list of answers is the rules' list, at every decision of many random games.
    #[test]
    fn answers_are_the_rules_options() {
        for game in 0..40 {
            let mut dice = Rng::from_seed(format!("answers {game}").as_bytes());
            let seats = 3 + (game % 3) as u8;
            let mut state = Shinobazu::setup(&Default::default(), seats, &mut dice).expect("standard setup");
            while let Some(p) = Shinobazu::pending(&state).into_iter().next() {
                let Some(Space::List { options }) = Shinobazu::legal(&state, &p.id).map(|c| c.space) else {
                    panic!("shinobazu lists its options");
                };
                assert_eq!(answers(&state), options, "at {}", p.id);
                let action = Shinobazu::random_action(&state, &p.id, &mut dice).expect("an answer");
                Shinobazu::apply(&mut state, &p.id, p.seat, &action, &mut dice).expect("legal");
            }
        }
    }
}

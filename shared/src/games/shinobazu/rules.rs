//! The rules of 不忍: setup, legality, and every automatic consequence (spec §5, §6, §8).
//!
//! `apply` validates the answer to the pending decision and then runs the state machine of §6.2 until the
//! next real decision: forced pushes (§6.4.7), the showdown (§6.5), round end (§6.7) and redeal (§6.8).

use super::action::{Action, Stance, Target};
use super::data::{Card, Colour, END_THRESHOLD, HAND_SIZE, ROUNDS_PER_SET, SAN_TOTAL, cards_text, total};
use super::report::report_lines;
use super::state::{
    AfterPush, Choice, DeclineReport, DeclinedCards, Discarded, Options, Phase, Placed, Report, ScoreChange,
    ShowdownKind, SoleFighterLead, SoleFighterThree, StackReport, State, seat_label,
};
use crate::dice::Rng;
use crate::engine::{
    Choices, Event, Lang, Outcome, Pending, ResultKind, RuleError, Seat, SetupError, in_each_language,
};

fn p(seat: Seat) -> String {
    seat_label(seat)
}

fn seats_text(seats: &[Seat]) -> String {
    if seats.is_empty() { "-".to_string() } else { seats.iter().map(|s| p(*s)).collect::<Vec<_>>().join(", ") }
}

/// A fight-or-pass choice as the catalogs' messages select on it (`{ $stance -> [fight] … }`).
fn stance_code(choice: Choice) -> &'static str {
    if choice == Choice::Fight { "fight" } else { "pass" }
}

// ---------------------------------------------------------------------------------------------- setup

/// §5: deal 3 cards each, the rest unused, a random first start player (A28).
pub fn setup(options: &Options, n: u8, rng: &mut Rng) -> Result<State, SetupError> {
    if !(3..=5).contains(&n) {
        return Err(SetupError(catalog::both!("shinobazu-shinobazu-is-for-players-not", n = n.to_string())));
    }
    if let Some(sp) = options.first_start_player
        && sp >= n
    {
        return Err(SetupError(catalog::both!(
            "shinobazu-first-start-player-must-be",
            n_1 = (n - 1).to_string(),
            sp = sp.to_string()
        )));
    }
    let mut deck = Card::deck();
    rng.shuffle(&mut deck);
    let mut hands: Vec<Vec<Card>> =
        (0..n as usize).map(|i| deck[i * HAND_SIZE..(i + 1) * HAND_SIZE].to_vec()).collect();
    for h in &mut hands {
        h.sort();
    }
    let unused = deck[n as usize * HAND_SIZE..].to_vec();
    let sp = match options.first_start_player {
        Some(sp) => sp,
        None => rng.index(n as usize) as Seat,
    };
    let nn = n as usize;
    let mut s = State {
        n,
        scores: vec![0; nn],
        hands,
        carried: vec![Vec::new(); nn],
        current: vec![None; nn],
        done: vec![false; nn],
        sp,
        lead: None,
        set_no: 1,
        round_no: 1,
        discard: Vec::new(),
        unused,
        last_gainers: Vec::new(),
        passers_left: Vec::new(),
        phase: Phase::Play { seat: sp },
        step: 0,
        reports: Vec::new(),
        decline: None,
        resigned: None,
        declined_cards: options.declined_cards,
        sole_fighter_lead: options.sole_fighter_lead,
        sole_fighter_three: options.sole_fighter_three,
        after_push: options.after_push,
    };
    let mut events = Vec::new();
    start_round(&mut s, &mut events);
    Ok(s)
}

// ---------------------------------------------------------------------------------------- decisions

pub fn decision_id(s: &State) -> String {
    format!("d{}", s.step)
}

/// Whether `decision` is the one pending now (none is once the game is over).
pub fn is_pending(s: &State, decision: &str) -> bool {
    !s.is_over() && decision == decision_id(s)
}

pub fn pending(s: &State) -> Vec<Pending> {
    let id = decision_id(s);
    match s.phase {
        Phase::Play { seat } => vec![Pending::alone(id, seat, "play")],
        Phase::PushResponse { seat, .. } => vec![Pending::alone(id, seat, "push_response")],
        Phase::ChallengeChoice { loser } => vec![Pending::alone(id, loser, "challenge")],
        Phase::ChallengeAnswer { passer, .. } => vec![Pending::alone(id, passer, "challenge_answer")],
        Phase::Over => Vec::new(),
    }
}

/// The cards `a` may play now: any card for the round's first play, else the lead colour if held (§6.4.1).
pub fn legal_cards(s: &State, a: Seat) -> Vec<Card> {
    let hand = &s.hands[a as usize];
    match s.lead {
        None => hand.clone(),
        Some(lead) => {
            let follow: Vec<Card> = hand.iter().copied().filter(|c| c.colour == lead).collect();
            if follow.is_empty() { hand.clone() } else { follow }
        }
    }
}

/// Every legal PLAY of `a`, in a stable order (card, then me, then pushes clockwise after `a`).
pub fn play_options(s: &State, a: Seat) -> Vec<Action> {
    let mut out = Vec::new();
    for card in legal_cards(s, a) {
        if s.current[a as usize].is_none() {
            if a == s.sp {
                out.push(Action::Play { card, target: Target::Me, stance: Some(Stance::Fight) });
            } else {
                out.push(Action::Play { card, target: Target::Me, stance: Some(Stance::Fight) });
                out.push(Action::Play { card, target: Target::Me, stance: Some(Stance::Pass) });
            }
        }
        for i in 1..s.n {
            let q = (a + i) % s.n;
            if s.current[q as usize].is_none() {
                out.push(Action::Play { card, target: Target::Seat(q), stance: None });
            }
        }
    }
    out
}

pub fn legal(s: &State, decision: &str) -> Option<Choices<Action>> {
    if decision != decision_id(s) {
        return None;
    }
    let lead = |lang: Lang| match s.lead {
        Some(colour) => super::report::colour_name(colour, lang),
        None => catalog::t!(lang, "shinobazu-lead-none-yet"),
    };
    let (prompt, options) = match s.phase {
        Phase::Play { seat } => (
            in_each_language(|lang| {
                catalog::t!(
                    lang,
                    "shinobazu-play-a-card-lead-colour",
                    stamp = s.stamp(),
                    seat = p(seat),
                    lead = lead(lang)
                )
            }),
            play_options(s, seat),
        ),
        Phase::PushResponse { seat, pusher } => {
            let carried = cards_text(&s.carried[seat as usize]);
            let scores: Vec<String> = (0..s.n).map(|q| format!("{} {}", p(q), s.scores[q as usize])).collect();
            (
                in_each_language(|lang| {
                    catalog::t!(
                        lang,
                        "shinobazu-pushed-a-card-onto-you",
                        stamp = s.stamp(),
                        seat = p(seat),
                        pusher = p(pusher),
                        lead = lead(lang),
                        carried = &carried,
                        scores = scores.join(&catalog::t!(lang, "engine-list-separator"))
                    )
                }),
                vec![Action::Fight, Action::Pass],
            )
        }
        Phase::ChallengeChoice { loser } => {
            let mut opts: Vec<Action> = s.passers_left.iter().map(|q| Action::Challenge { passer: *q }).collect();
            opts.push(Action::NoChallenge);
            (
                catalog::both!(
                    "shinobazu-you-are-the-single-loser",
                    stamp = (s.stamp()).to_string(),
                    loser = (p(loser)).to_string(),
                    seats_text_passers_left = (seats_text(&s.passers_left)).to_string()
                ),
                opts,
            )
        }
        Phase::ChallengeAnswer { loser, passer } => {
            let n = s.stack(passer).len();
            let kept = match s.declined_cards {
                DeclinedCards::Discard => "discard",
                DeclinedCards::Carry => "carry",
            };
            (
                catalog::both!(
                    "shinobazu-challenges-you-to-a-shinobazu",
                    stamp = s.stamp(),
                    passer = p(passer),
                    loser = p(loser),
                    n = n,
                    kept = kept
                ),
                vec![Action::Accept, Action::Decline],
            )
        }
        Phase::Over => return None,
    };
    Some(Choices::list(prompt, options))
}

// -------------------------------------------------------------------------------------------- apply

pub fn apply(
    s: &mut State,
    decision: &str,
    seat: Seat,
    action: &Action,
    rng: &mut Rng,
) -> Result<Vec<Event>, RuleError> {
    if s.is_over() {
        return Err(RuleError::GameOver);
    }
    if decision != decision_id(s) {
        return Err(RuleError::NotPending(decision.to_string()));
    }
    let mut events = Vec::new();
    match (s.phase.clone(), action) {
        (Phase::Play { seat: a }, Action::Play { card, target, stance }) if a == seat => {
            check_play(s, a, *card, *target, *stance)?;
            s.step += 1;
            play(s, a, *card, *target, *stance, false, &mut events, rng);
        }
        (Phase::PushResponse { seat: q, pusher }, Action::Fight | Action::Pass) if q == seat => {
            s.step += 1;
            let choice = if *action == Action::Fight { Choice::Fight } else { Choice::Pass };
            respond_push(s, q, pusher, choice, &mut events, rng);
        }
        (Phase::ChallengeChoice { loser }, Action::Challenge { passer }) if loser == seat => {
            if !s.passers_left.contains(passer) {
                return Err(RuleError::Illegal(catalog::both!(
                    "shinobazu-is-not-a-passer-you",
                    passer = (p(*passer)).to_string(),
                    seats_text_passers_left = (seats_text(&s.passers_left)).to_string()
                )));
            }
            s.step += 1;
            events.push(Event::public(catalog::both!(
                "shinobazu-duel-challenges-to-a-shinobazu",
                stamp = (s.stamp()).to_string(),
                loser = (p(loser)).to_string(),
                passer = (p(*passer)).to_string()
            )));
            s.phase = Phase::ChallengeAnswer { loser, passer: *passer };
        }
        (Phase::ChallengeChoice { loser }, Action::NoChallenge) if loser == seat => {
            s.step += 1;
            events.push(Event::public(catalog::both!(
                "shinobazu-duel-does-not-challenge",
                stamp = (s.stamp()).to_string(),
                loser = (p(loser)).to_string()
            )));
            discard_stack(s, loser);
            round_end(s, &mut events, rng);
        }
        (Phase::ChallengeAnswer { loser, passer }, Action::Accept) if passer == seat => {
            s.step += 1;
            duel(s, loser, passer, &mut events, rng);
        }
        (Phase::ChallengeAnswer { loser, passer }, Action::Decline) if passer == seat => {
            s.step += 1;
            decline(s, loser, passer, &mut events, rng);
        }
        (Phase::Over, _) => return Err(RuleError::GameOver),
        (phase, _) => {
            let expected = |lang| match phase {
                Phase::Play { .. } => catalog::t!(lang, "shinobazu-expected-a-play"),
                Phase::PushResponse { .. } => catalog::t!(lang, "shinobazu-expected-a-push-response"),
                Phase::ChallengeChoice { .. } => catalog::t!(lang, "shinobazu-expected-a-challenge-choice"),
                _ => catalog::t!(lang, "shinobazu-expected-a-challenge-answer"),
            };
            return Err(RuleError::Illegal(crate::engine::in_each_language(|lang| {
                catalog::t!(lang, "shinobazu-that-answer-does-not-fit", en = expected(lang))
            })));
        }
    }
    Ok(events)
}

/// §6.4.1 / §6.10 `take_turn`: the checks, in words the player understands, naming only what they know.
pub fn check_play(s: &State, a: Seat, card: Card, target: Target, stance: Option<Stance>) -> Result<(), RuleError> {
    let hand = &s.hands[a as usize];
    if !hand.contains(&card) {
        return Err(RuleError::Illegal(catalog::both!(
            "shinobazu-you-do-not-hold-your",
            card = card.to_string(),
            cards_text_hand = (cards_text(hand)).to_string()
        )));
    }
    if let Some(lead) = s.lead
        && card.colour != lead
        && hand.iter().any(|c| c.colour == lead)
    {
        return Err(RuleError::Illegal(crate::engine::in_each_language(|lang| {
            catalog::t!(
                lang,
                "shinobazu-you-must-follow-the-lead",
                colour_lead = super::report::colour_name(lead, lang),
                lead = catalog::t!(lang, "shinobazu-colour", code = lead.code().to_string())
            )
        })));
    }
    match target {
        Target::Me => {
            if s.current[a as usize].is_some() {
                return Err(RuleError::Illegal(catalog::both!("shinobazu-you-already-have-a-card")));
            }
            if a == s.sp && stance == Some(Stance::Pass) {
                return Err(RuleError::Illegal(catalog::both!("shinobazu-the-start-player-may-not")));
            }
            if a != s.sp && stance.is_none() {
                return Err(RuleError::Illegal(catalog::both!(
                    "shinobazu-say-whether-you-fight-or",
                    card = card.to_string()
                )));
            }
        }
        Target::Seat(q) => {
            if q >= s.n {
                return Err(RuleError::Illegal(catalog::both!(
                    "shinobazu-there-is-no-seat-p",
                    q_1 = (q as u32 + 1).to_string(),
                    n = s.n.to_string()
                )));
            }
            if q == a {
                return Err(RuleError::Illegal(catalog::both!(
                    "shinobazu-to-play-to-yourself-write",
                    card = card.to_string()
                )));
            }
            if s.current[q as usize].is_some() {
                return Err(RuleError::Illegal(catalog::both!(
                    "shinobazu-already-has-a-card-this",
                    q = (p(q)).to_string()
                )));
            }
            if stance.is_some() {
                return Err(RuleError::Illegal(catalog::both!(
                    "shinobazu-a-pushed-card-takes-no",
                    card = card.to_string(),
                    q = (p(q)).to_string()
                )));
            }
        }
    }
    Ok(())
}

/// §6.4.2: the effects of a (checked) play.
#[allow(clippy::too_many_arguments)]
fn play(
    s: &mut State,
    a: Seat,
    card: Card,
    target: Target,
    stance: Option<Stance>,
    forced: bool,
    events: &mut Vec<Event>,
    rng: &mut Rng,
) {
    let t = s.turn_no();
    let stamp = format!("{}T{t}", s.stamp());
    let hand = &mut s.hands[a as usize];
    let i = hand.iter().position(|c| *c == card).expect("checked: the card is in hand");
    hand.remove(i);
    s.done[a as usize] = true;
    // The lead colour a start player's first card sets, told after what the card did.
    let mut lead = None;
    if a == s.sp && s.lead.is_none() {
        s.lead = Some(card.colour);
        lead = Some(card.colour);
    }
    let lead_text = |lang: Lang| match lead {
        Some(colour) => {
            catalog::t!(lang, "shinobazu-lead-colour-set", colour = super::report::colour_name(colour, lang))
        }
        None => String::new(),
    };
    let forced = if forced { "yes" } else { "no" };
    let card_text = card.to_string();
    match target {
        Target::Me => {
            let choice = match stance {
                Some(Stance::Pass) => Choice::Pass,
                _ => Choice::Fight,
            };
            s.current[a as usize] = Some(Placed { card, placed_by: a, choice, face_up: false });
            let stance = stance_code(choice);
            events.push(Event::public(in_each_language(|lang| {
                catalog::t!(
                    lang,
                    "shinobazu-played-a-card-face-down",
                    stamp = &stamp,
                    a = p(a),
                    stance = stance,
                    lead = lead_text(lang)
                )
            })));
            events.push(
                Event::private(
                    a,
                    catalog::both!(
                        "shinobazu-you-played-to-yourself",
                        stamp = &stamp,
                        card = &card_text,
                        stance = stance
                    ),
                )
                .retold(catalog::both!(
                    "shinobazu-seat-played-to-self",
                    stamp = &stamp,
                    seat = p(a),
                    card = &card_text,
                    stance = stance
                )),
            );
            let next = s.search_after(a, |x| !s.done[x as usize]);
            advance(s, next, events, rng);
        }
        Target::Seat(q) => {
            s.current[q as usize] = Some(Placed { card, placed_by: a, choice: Choice::Undecided, face_up: false });
            events.push(Event::public(in_each_language(|lang| {
                catalog::t!(
                    lang,
                    "shinobazu-pushed-a-card-face-down",
                    stamp = &stamp,
                    a = p(a),
                    q = p(q),
                    forced = forced,
                    lead = lead_text(lang)
                )
            })));
            events.push(
                Event::private(
                    a,
                    catalog::both!(
                        "shinobazu-you-pushed-onto",
                        stamp = &stamp,
                        card = &card_text,
                        q = p(q),
                        forced = forced
                    ),
                )
                .retold(catalog::both!(
                    "shinobazu-seat-pushed-onto",
                    stamp = &stamp,
                    seat = p(a),
                    card = &card_text,
                    q = p(q),
                    forced = forced
                )),
            );
            s.phase = Phase::PushResponse { seat: q, pusher: a };
        }
    }
}

/// §6.4.3-6.4.4.
fn respond_push(s: &mut State, q: Seat, pusher: Seat, choice: Choice, events: &mut Vec<Event>, rng: &mut Rng) {
    s.current[q as usize].as_mut().expect("a pushed card lies there").choice = choice;
    events.push(Event::public(catalog::both!(
        "shinobazu-resp-on-the-pushed-card",
        stamp = s.stamp(),
        q = p(q),
        stance = stance_code(choice)
    )));
    let from = match s.after_push {
        AfterPush::AfterReceiver => q,
        AfterPush::AfterPusher => pusher,
    };
    let next = if !s.done[q as usize] { Some(q) } else { s.search_after(from, |x| !s.done[x as usize]) };
    advance(s, next, events, rng);
}

fn advance(s: &mut State, next: Option<Seat>, events: &mut Vec<Event>, rng: &mut Rng) {
    match next {
        Some(a) => begin_play(s, a, events, rng),
        None => showdown(s, events, rng),
    }
}

/// PLAY(a), carried out at once only when anyone can see it is forced (§6.4.7, A32): one card in hand, a
/// current card already in front of `a`, and exactly one seat without a current card.
fn begin_play(s: &mut State, a: Seat, events: &mut Vec<Event>, rng: &mut Rng) {
    s.phase = Phase::Play { seat: a };
    let empty: Vec<Seat> = (0..s.n).filter(|q| s.current[*q as usize].is_none()).collect();
    if s.hands[a as usize].len() == 1 && s.current[a as usize].is_some() && empty.len() == 1 {
        let card = s.hands[a as usize][0];
        play(s, a, card, Target::Seat(empty[0]), None, true, events, rng);
    }
}

// ----------------------------------------------------------------------------------------- showdown

struct Evaluation {
    stacks: Vec<StackReport>,
    reversal_cards: Vec<Card>,
    reversed: bool,
    winner: Option<Seat>,
    losers: Vec<Seat>,
}

/// §6.5.3 EVAL.
fn evaluate(s: &State, parts: &[Seat], lead: Colour) -> Evaluation {
    let stacks: Vec<StackReport> = parts
        .iter()
        .map(|q| {
            let cards = s.stack(*q);
            StackReport { seat: *q, total: total(&cards), cards }
        })
        .collect();
    let reversal_cards: Vec<Card> =
        stacks.iter().flat_map(|st| st.cards.iter().copied()).filter(|c| c.is_reversal() && c.colour != lead).collect();
    let reversed = reversal_cards.len() % 2 == 1;
    let strength = |st: &StackReport| if reversed { -st.total } else { st.total };
    let hi = stacks.iter().map(strength).max().expect("participants");
    let lo = stacks.iter().map(strength).min().expect("participants");
    let (winner, losers) = if hi == lo {
        (None, parts.to_vec())
    } else {
        let tops: Vec<Seat> = stacks.iter().filter(|st| strength(st) == hi).map(|st| st.seat).collect();
        let losers = stacks.iter().filter(|st| strength(st) == lo).map(|st| st.seat).collect();
        (if tops.len() == 1 { Some(tops[0]) } else { None }, losers)
    };
    Evaluation { stacks, reversal_cards, reversed, winner, losers }
}

/// §6.5.4: losers +1, the winner −1 (never below 0).
fn score(s: &mut State, ev: &Evaluation) -> Vec<ScoreChange> {
    let mut changes = Vec::new();
    for l in &ev.losers {
        let before = s.scores[*l as usize];
        s.scores[*l as usize] += 1;
        changes.push(ScoreChange { seat: *l, before, after: before + 1 });
    }
    if let Some(w) = ev.winner {
        let before = s.scores[w as usize];
        s.scores[w as usize] = (before - 1).max(0);
        changes.push(ScoreChange { seat: w, before, after: s.scores[w as usize] });
    }
    s.last_gainers = ev.losers.clone();
    changes
}

fn reveal(s: &mut State, q: Seat) {
    if let Some(c) = s.current[q as usize].as_mut() {
        c.face_up = true;
    }
}

/// Puts `q`'s whole stack on the discard pile face up.
fn discard_stack(s: &mut State, q: Seat) {
    for card in std::mem::take(&mut s.carried[q as usize]) {
        s.discard.push(Discarded { card, face_up: true, known_to: None });
    }
    if let Some(c) = s.current[q as usize].take() {
        s.discard.push(Discarded { card: c.card, face_up: true, known_to: None });
    }
}

/// Seats in clockwise order starting at the start player.
fn from_sp(s: &State) -> Vec<Seat> {
    (0..s.n).map(|i| (s.sp + i) % s.n).collect()
}

/// Test hook: runs the showdown of an injected position.
#[cfg(test)]
pub(super) fn run_showdown(s: &mut State, rng: &mut Rng) -> Vec<Event> {
    let mut events = Vec::new();
    showdown(s, &mut events, rng);
    events
}

/// §6.5: automatic once every seat has a current card.
fn showdown(s: &mut State, events: &mut Vec<Event>, rng: &mut Rng) {
    let order = from_sp(s);
    debug_assert!(order.iter().all(|q| matches!(s.choice(*q), Some(Choice::Fight | Choice::Pass))));
    let fighters: Vec<Seat> = order.iter().copied().filter(|q| s.choice(*q) == Some(Choice::Fight)).collect();
    let passers: Vec<Seat> = order.iter().copied().filter(|q| s.choice(*q) == Some(Choice::Pass)).collect();
    s.reports.clear();
    s.decline = None;
    let mut left = None;
    let lone_three = fighters.len() == 1
        && s.sole_fighter_three == SoleFighterThree::PullsIn
        && total(&s.stack(fighters[0])) == SAN_TOTAL;
    let (kind, participants, passers_left) = match fighters.len() {
        0 => {
            for q in &order {
                reveal(s, *q);
            }
            (ShowdownKind::AllPassed, order.clone(), Vec::new())
        }
        1 if !lone_three => {
            let f = fighters[0];
            reveal(s, f);
            let cards = s.stack(f);
            left = Some(StackReport { seat: f, total: total(&cards), cards });
            // Set before the fighter's stack leaves: the card the neighbour played may lie in front of it.
            s.lead = Some(sole_fighter_lead(s, s.next(f)));
            discard_stack(s, f);
            let rest: Vec<Seat> = order.iter().copied().filter(|q| *q != f).collect();
            for q in &rest {
                reveal(s, *q);
            }
            (ShowdownKind::SoleFighter { fighter: f }, rest, Vec::new())
        }
        _ => {
            for q in &fighters {
                reveal(s, *q);
            }
            let by: Vec<Seat> = fighters.iter().copied().filter(|q| total(&s.stack(*q)) == SAN_TOTAL).collect();
            if by.is_empty() {
                (ShowdownKind::Normal, fighters.clone(), passers.clone())
            } else {
                for q in &passers {
                    reveal(s, *q);
                }
                (ShowdownKind::San { by }, order.clone(), Vec::new())
            }
        }
    };
    let lead = s.lead.expect("the start player has set the lead colour");
    let ev = evaluate(s, &participants, lead);
    let changes = score(s, &ev);
    s.passers_left = passers_left.clone();
    let duel_possible = ev.losers.len() == 1 && !passers_left.is_empty();
    for q in &participants {
        if !(duel_possible && *q == ev.losers[0]) {
            discard_stack(s, *q);
        }
    }
    let report = Report {
        set_no: s.set_no,
        round_no: s.round_no,
        kind,
        lead,
        fighters,
        passers,
        left,
        stacks: ev.stacks,
        reversal_cards: ev.reversal_cards,
        reversed: ev.reversed,
        winner: ev.winner,
        losers: ev.losers.clone(),
        changes,
        passers_left,
    };
    events.push(report_event(s, &report));
    s.reports.push(report);
    if duel_possible {
        s.phase = Phase::ChallengeChoice { loser: ev.losers[0] };
    } else {
        round_end(s, events, rng);
    }
}

/// A14: the colour of the current card lying in front of the sole fighter's left neighbour `nb`, or of the
/// card `nb` played this round wherever it went (every seat plays exactly one card a round).
fn sole_fighter_lead(s: &State, nb: Seat) -> Colour {
    let card = match s.sole_fighter_lead {
        SoleFighterLead::InFront => s.current[nb as usize].as_ref(),
        SoleFighterLead::Played => s.current.iter().flatten().find(|c| c.placed_by == nb),
    };
    card.expect("every seat has a current card and played one").card.colour
}

fn report_event(s: &State, r: &Report) -> Event {
    Event::public(crate::engine::in_each_language(|lang| report_lines(r, s.n, lang).join("\n")))
}

/// §6.6.4: the passer declines. Its stack is discarded (the current card face down, unrevealed), or under
/// the `carry` reading stays among the unchallenged passers for round end (§6.7 step 2).
fn decline(s: &mut State, loser: Seat, passer: Seat, events: &mut Vec<Event>, rng: &mut Rng) {
    let k = s.stack(passer).len();
    let before = s.scores[passer as usize];
    s.scores[passer as usize] += k as i64;
    s.last_gainers = vec![passer];
    discard_stack(s, loser);
    let cards_id = match s.declined_cards {
        DeclinedCards::Discard => {
            for card in std::mem::take(&mut s.carried[passer as usize]) {
                s.discard.push(Discarded { card, face_up: true, known_to: None });
            }
            let cur = s.current[passer as usize].take().expect("a passer has a current card");
            s.discard.push(Discarded { card: cur.card, face_up: false, known_to: Some(cur.placed_by) });
            s.passers_left.retain(|q| *q != passer);
            "shinobazu-declined-cards-discarded"
        }
        DeclinedCards::Carry => "shinobazu-declined-cards-carried",
    };
    let change = ScoreChange { seat: passer, before, after: before + k as i64 };
    events.push(Event::public(crate::engine::in_each_language(|lang| {
        catalog::t!(
            lang,
            "shinobazu-duel-declines",
            stamp = s.stamp(),
            passer = p(passer),
            k = k.to_string(),
            before = before.to_string(),
            change_after = change.after.to_string(),
            cards_en = catalog::text(lang, cards_id)
        )
    })));
    s.decline = Some(DeclineReport { loser, passer, cards: k, change });
    round_end(s, events, rng);
}

/// §6.6.5: the passer accepts; the duel lead is the colour of the loser's current card (A18).
fn duel(s: &mut State, loser: Seat, passer: Seat, events: &mut Vec<Event>, rng: &mut Rng) {
    reveal(s, passer);
    let lead = s.current[loser as usize].as_ref().expect("the loser's current card stays for the duel").card.colour;
    let parts = [loser, passer];
    let ev = evaluate(s, &parts, lead);
    let changes = score(s, &ev);
    discard_stack(s, loser);
    discard_stack(s, passer);
    s.passers_left.retain(|q| *q != passer);
    let report = Report {
        set_no: s.set_no,
        round_no: s.round_no,
        kind: ShowdownKind::Duel { challenger: loser, passer },
        lead,
        fighters: parts.to_vec(),
        passers: Vec::new(),
        left: None,
        stacks: ev.stacks,
        reversal_cards: ev.reversal_cards,
        reversed: ev.reversed,
        winner: ev.winner,
        losers: ev.losers,
        changes,
        passers_left: Vec::new(),
    };
    events.push(report_event(s, &report));
    s.reports.push(report);
    round_end(s, events, rng);
}

// ---------------------------------------------------------------------------------------- round end

/// §6.7.
fn round_end(s: &mut State, events: &mut Vec<Event>, rng: &mut Rng) {
    let gainers = s.last_gainers.clone();
    let next_sp = s.search_from(s.sp, |q| gainers.contains(&q)).expect("every round has a point gain");
    // Each line is a message id with its variables, worded in every language at the end.
    let mut lines: Vec<(&str, Vec<(&str, String)>)> = Vec::new();
    let passers: Vec<Seat> = from_sp(s).into_iter().filter(|q| s.passers_left.contains(q)).collect();
    for q in passers {
        let cur = s.current[q as usize].take().expect("a passer left on the table keeps its card");
        if s.round_no < ROUNDS_PER_SET {
            s.carried[q as usize].push(cur.card);
            lines.push(("shinobazu-end-card-carried", vec![("seat", p(q)), ("card", cur.card.to_string())]));
        } else {
            let mut back = std::mem::take(&mut s.carried[q as usize]);
            back.push(cur.card);
            lines.push(("shinobazu-end-cards-back-to-hand", vec![("seat", p(q)), ("cards", cards_text(&back))]));
            s.hands[q as usize].extend(back);
            s.hands[q as usize].sort();
        }
    }
    s.passers_left.clear();
    debug_assert!(s.current.iter().all(Option::is_none), "every stack has left the table");
    lines.push(("shinobazu-end-next-start-player", vec![("seat", p(next_sp))]));
    events.push(Event::public(crate::engine::in_each_language(|lang| {
        let worded: Vec<String> = lines
            .iter()
            .map(|(id, args)| {
                let args: Vec<(&str, catalog::Arg)> = args.iter().map(|(k, v)| (*k, catalog::Arg::from(v))).collect();
                catalog::text_with(lang, id, &args)
            })
            .collect();
        catalog::t!(
            lang,
            "shinobazu-end",
            stamp = s.stamp(),
            lines = worded.join(&catalog::t!(lang, "shinobazu-end-line-separator"))
        )
    })));
    if s.scores.iter().any(|x| *x >= END_THRESHOLD) {
        s.phase = Phase::Over;
        let o = outcome(s).expect("the game is over");
        events.push(Event::public(crate::engine::in_each_language(|lang| {
            catalog::t!(lang, "shinobazu-game-over-2", o_summary = o.summary.get(lang))
        })));
        return;
    }
    if s.round_no == ROUNDS_PER_SET {
        redeal(s, next_sp, events, rng);
        s.set_no += 1;
        s.round_no = 1;
    } else {
        s.round_no += 1;
    }
    s.sp = next_sp;
    start_round(s, events);
}

/// §6.8: shuffle discards and unused cards, deal clockwise from the new SP up to 3 cards each.
fn redeal(s: &mut State, first: Seat, events: &mut Vec<Event>, rng: &mut Rng) {
    debug_assert!(s.carried.iter().all(Vec::is_empty));
    let mut pool: Vec<Card> = s.discard.drain(..).map(|d| d.card).collect();
    pool.append(&mut s.unused);
    rng.shuffle(&mut pool);
    let mut dealt = vec![0usize; s.n as usize];
    let mut top = 0;
    let mut q = first;
    while s.hands.iter().any(|h| h.len() < HAND_SIZE) {
        if s.hands[q as usize].len() < HAND_SIZE {
            s.hands[q as usize].push(pool[top]);
            top += 1;
            dealt[q as usize] += 1;
        }
        q = s.next(q);
    }
    s.unused = pool[top..].to_vec();
    let counts: Vec<String> = (0..s.n).map(|x| format!("{} {}", p(x), dealt[x as usize])).collect();
    events.push(Event::public(crate::engine::in_each_language(|lang| {
        catalog::t!(
            lang,
            "shinobazu-set-redeal-from-dealt-unused",
            set_no_1 = (s.set_no + 1).to_string(),
            first = p(first),
            counts = counts.join(&catalog::t!(lang, "engine-list-separator")),
            unused = s.unused.len().to_string()
        )
    })));
    for x in 0..s.n {
        s.hands[x as usize].sort();
        let h = cards_text(&s.hands[x as usize]);
        events.push(Event::private(x, catalog::both!("shinobazu-your-new-hand", h = &h)).retold(catalog::both!(
            "shinobazu-seat-new-hand",
            seat = p(x),
            h = &h
        )));
    }
}

/// §6.3.
fn start_round(s: &mut State, events: &mut Vec<Event>) {
    for q in 0..s.n as usize {
        s.current[q] = None;
        s.done[q] = false;
    }
    s.lead = None;
    s.last_gainers.clear();
    s.passers_left.clear();
    debug_assert!(s.hands.iter().all(|h| h.len() == HAND_SIZE + 1 - s.round_no as usize));
    events.push(Event::public(catalog::both!(
        "shinobazu-begins-start-player",
        stamp = (s.stamp()).to_string(),
        sp = (p(s.sp)).to_string()
    )));
    s.phase = Phase::Play { seat: s.sp };
}

// -------------------------------------------------------------------------------------- end, resign

/// The spec is silent on resigning. The game ends at once: the resigning seat is ranked last and the others
/// by their current scores. Going on without them would break the deal (3 cards per player per set, every
/// player plays once per round) and a 3-player game cannot continue with 2.
pub fn resign(s: &mut State, seat: Seat) -> Result<Vec<Event>, RuleError> {
    if s.is_over() {
        return Err(RuleError::GameOver);
    }
    if seat >= s.n {
        return Err(RuleError::Illegal(catalog::both!(
            "shinobazu-there-is-no-seat-p-2",
            seat_1 = (seat as u32 + 1).to_string()
        )));
    }
    s.step += 1;
    s.resigned = Some(seat);
    s.phase = Phase::Over;
    let o = outcome(s).expect("over");
    Ok(vec![Event::public(crate::engine::in_each_language(|lang| {
        catalog::t!(lang, "shinobazu-resigns-the-game-ends", seat = p(seat), o_summary = o.summary.get(lang))
    }))])
}

/// §8: lowest score wins; ties share (A27); competition ranking.
pub fn outcome(s: &State) -> Option<Outcome> {
    if !s.is_over() {
        return None;
    }
    let n = s.n as usize;
    let ranks: Vec<u8> = (0..n)
        .map(|i| {
            if s.resigned == Some(i as Seat) {
                return n as u8;
            }
            let better = (0..n).filter(|j| s.resigned != Some(*j as Seat) && s.scores[*j] < s.scores[i]).count();
            better as u8 + 1
        })
        .collect();
    let winners: Vec<Seat> = (0..n as Seat).filter(|i| ranks[*i as usize] == 1).collect();
    let result = if winners.len() == 1 {
        ResultKind::Win
    } else if winners.len() == n {
        ResultKind::Draw
    } else {
        ResultKind::SharedWin
    };
    let scores_text: Vec<String> = (0..n).map(|i| format!("{} {}", p(i as Seat), s.scores[i])).collect();
    let summary = if winners.len() == 1 {
        crate::engine::in_each_language(|lang| {
            catalog::t!(
                lang,
                "shinobazu-wins-with-points-scores",
                winners_0 = p(winners[0]),
                scores_winners_0 = s.scores[winners[0] as usize].to_string(),
                scores_text = scores_text.join(&catalog::t!(lang, "engine-list-separator"))
            )
        })
    } else {
        crate::engine::in_each_language(|lang| {
            let separator = catalog::t!(lang, "engine-list-separator");
            catalog::t!(
                lang,
                "shinobazu-share-the-victory-scores",
                seats_text_winners = winners.iter().map(|w| p(*w)).collect::<Vec<_>>().join(&separator),
                scores_text = scores_text.join(&separator)
            )
        })
    };
    Some(Outcome {
        result,
        ranks,
        scores: s.scores.iter().map(|x| Some(*x)).collect(),
        eliminated: s.resigned.into_iter().collect(),
        summary,
    })
}

//! Building positions directly in `State` and playing scripted answers through notation.

use super::super::data::Card;
use super::super::state::{Choice, Options, Phase, Placed, State};
use super::super::{notation, rules, view};
use crate::dice::Rng;
use crate::engine::{Event, Lang, RuleError, Seat, Viewer};

pub fn c(s: &str) -> Card {
    s.parse().unwrap_or_else(|_| panic!("bad card {s}"))
}

pub fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace().map(c).collect()
}

/// A game in S1R1 with these hands (P1 first), unused cards and start player (1-based).
pub fn deal(hands: &[&str], unused: &str, sp1: u8) -> State {
    let n = hands.len() as u8;
    let mut s = rules::setup(
        &Options { first_start_player: Some(sp1 - 1), ..Options::default() },
        n,
        &mut Rng::from_seed(b"deal"),
    )
    .unwrap();
    s.hands = hands
        .iter()
        .map(|h| {
            let mut v = cards(h);
            v.sort();
            v
        })
        .collect();
    s.unused = cards(unused);
    s
}

/// An injected position: n seats, empty hands, start player `sp1`, round `round`, the lead colour set.
pub fn table(n: u8, sp1: u8, round: u8, lead: &str) -> State {
    let mut s = rules::setup(
        &Options { first_start_player: Some(sp1 - 1), ..Options::default() },
        n,
        &mut Rng::from_seed(b"table"),
    )
    .unwrap();
    s.hands = vec![Vec::new(); n as usize];
    s.unused = Vec::new();
    s.round_no = round;
    s.lead = if lead.is_empty() { None } else { Some(c(&format!("{lead}1")).colour) };
    s
}

/// Puts `card` in front of `seat1` (1-based), placed by `by1`, with `choice`; marks the placer done.
pub fn put(s: &mut State, seat1: u8, card: &str, by1: u8, choice: Choice) {
    s.current[(seat1 - 1) as usize] = Some(Placed { card: c(card), placed_by: by1 - 1, choice, face_up: false });
    s.done[(by1 - 1) as usize] = true;
}

pub fn own(s: &mut State, seat1: u8, card: &str, choice: Choice) {
    put(s, seat1, card, seat1, choice);
}

pub fn carry(s: &mut State, seat1: u8, cs: &str) {
    s.carried[(seat1 - 1) as usize] = cards(cs);
}

pub fn scores(s: &mut State, xs: &[i64]) {
    s.scores = xs.to_vec();
}

pub fn showdown(s: &mut State) -> Vec<Event> {
    fill(s);
    rules::run_showdown(s, &mut Rng::from_seed(b"showdown"))
}

/// The seat (1-based) and kind of the one pending decision.
pub fn waiting(s: &State) -> (u8, String) {
    let p = rules::pending(s);
    assert_eq!(p.len(), 1, "one pending decision: {p:?}");
    (p[0].seat + 1, p[0].kind.clone())
}

/// Answers the pending decision of `seat1` (1-based) with `text` in notation. A rejection leaves `s` as it was.
pub fn act(s: &mut State, seat1: u8, text: &str) -> Result<Vec<Event>, RuleError> {
    let pend = rules::pending(s);
    let pd = pend.first().expect("a decision is pending").clone();
    assert_eq!(pd.seat + 1, seat1, "pending is {pd:?}, not for P{seat1}");
    let v = view::view(s, Viewer::Seat(pd.seat));
    let a = notation::parse_action(&v, &pd, text).unwrap_or_else(|e| panic!("`{text}` does not parse: {e}"));
    let mut copy = s.clone();
    let r = rules::apply(&mut copy, &pd.id, pd.seat, &a, &mut Rng::from_seed(format!("act {}", s.step).as_bytes()));
    if r.is_ok() {
        *s = copy;
    }
    r
}

pub fn ok(s: &mut State, seat1: u8, text: &str) -> Vec<Event> {
    act(s, seat1, text).unwrap_or_else(|e| panic!("P{seat1} `{text}` refused: {e}"))
}

pub fn refused(s: &mut State, seat1: u8, text: &str) -> String {
    let before = s.clone();
    match act(s, seat1, text) {
        Ok(_) => panic!("P{seat1} `{text}` was accepted"),
        Err(e) => {
            assert_eq!(*s, before);
            e.to_string()
        }
    }
}

pub fn score_of(s: &State) -> Vec<i64> {
    s.scores.clone()
}

pub fn seat(p1: u8) -> Seat {
    p1 - 1
}

pub fn is_over(s: &State) -> bool {
    s.phase == Phase::Over
}

/// All event texts visible to `viewer`, in one language, joined.
pub fn texts(events: &[Event], viewer: Viewer, lang: Lang) -> String {
    events
        .iter()
        .filter(|e| e.visible_to(viewer, false))
        .map(|e| e.text.get(lang).to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Gives every hand the size it has after this round's plays (3 − round) and puts every other card of the
/// deck into the unused pile, so that round end, the next round and a redeal work on injected positions.
pub fn fill(s: &mut State) {
    let mut used: Vec<Card> = s.hands.iter().flatten().copied().collect();
    used.extend(s.carried.iter().flatten().copied());
    used.extend(s.current.iter().flatten().map(|p| p.card));
    used.extend(s.discard.iter().map(|d| d.card));
    let mut rest: Vec<Card> = Card::deck().into_iter().filter(|c| !used.contains(c)).collect();
    let target = 3 - s.round_no as usize;
    for h in s.hands.iter_mut() {
        while h.len() < target {
            h.push(rest.pop().expect("enough cards"));
        }
        h.sort();
    }
    s.unused = rest;
}

/// An injected duel position: `loser1`'s stack lies face up, `passers` are left, the loser is asked.
pub fn challenge_position(s: &mut State, loser1: u8, passers: &[u8]) {
    if let Some(c) = s.current[(loser1 - 1) as usize].as_mut() {
        c.face_up = true;
    }
    s.passers_left = passers.iter().map(|p| p - 1).collect();
    s.last_gainers = vec![loser1 - 1];
    s.phase = Phase::ChallengeChoice { loser: loser1 - 1 };
    fill(s);
}

/// Whether `text` names the card `id` as a whole token (so `S1R1` does not count as `R1`).
pub fn mentions(text: &str, id: &str) -> bool {
    text.split(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '-')).any(|t| t == id)
}

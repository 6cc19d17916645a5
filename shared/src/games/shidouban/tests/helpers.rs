//! Building positions directly in `State` and driving them with scripted dice.

use std::collections::VecDeque;

use crate::dice::Rng;
use crate::engine::{Event, Seat};
use crate::games::shidouban::data::{Person, Tile};
use crate::games::shidouban::notation::{Action, parse_sq};
use crate::games::shidouban::rules::{self, Dice};
use crate::games::shidouban::state::*;

/// Dice from a script (panics when a scenario needs more dice than scripted); stone draws and shuffles
/// from `below` when scripted, else from a fixed generator.
pub struct Script {
    pub d6: VecDeque<u8>,
    pub below: VecDeque<u64>,
    pub rng: Rng,
}

impl Script {
    pub fn new(d6: &[u8]) -> Script {
        Script { d6: d6.iter().copied().collect(), below: VecDeque::new(), rng: Rng::from_seed(b"scenario") }
    }
}

impl Dice for Script {
    fn d6(&mut self) -> u8 {
        self.d6.pop_front().expect("the scenario needs more dice than scripted")
    }
    fn below(&mut self, n: u64) -> u64 {
        match self.below.pop_front() {
            Some(v) => v.min(n - 1),
            None => self.rng.below(n),
        }
    }
}

pub fn sq(s: &str) -> Sq {
    parse_sq(s).expect("square")
}

/// Empty board, everything in the piles (the person pile is EMPTY so that nothing is replenished unless a
/// test puts persons there), players active without persons, no stones in hands, duty A.
pub fn blank(seats: u8) -> State {
    let mut rng = Rng::from_seed(b"blank");
    let mut st = rules::setup(seats, &mut rng);
    for p in st.persons.iter_mut() {
        *p = PersonSt { loc: PLoc::Pile, w: 0, b: 0, acted: false, arrival: 0 };
    }
    st.person_pile.clear();
    st.tiles = vec![TLoc::Pile; 16];
    st.event_pile = Tile::ALL.to_vec();
    st.ask = None;
    st.started = true;
    st.stack.clear();
    st.bag_w = 16;
    st.bag_b = 16;
    st
}

pub fn put(st: &mut State, p: Person, s: &str) {
    st.seq += 1;
    let seq = st.seq;
    let ps = st.ps_mut(p);
    ps.loc = PLoc::Board(sq(s));
    ps.arrival = seq;
    st.person_pile.retain(|q| *q != p);
}

pub fn own(st: &mut State, seat: Seat, p: Person) {
    st.players[seat as usize].person = Some(p);
}

pub fn tile(st: &mut State, t: Tile, s: &str) {
    st.set_tile(t, TLoc::Board(sq(s)));
    st.event_pile.retain(|x| *x != t);
}

pub fn overlay(st: &mut State, t: Tile, p: Person) {
    st.set_tile(t, TLoc::On(p));
    st.event_pile.retain(|x| *x != t);
}

pub fn give(st: &mut State, seat: Seat, t: Tile) {
    st.set_tile(t, TLoc::Hand(seat));
    st.event_pile.retain(|x| *x != t);
}

pub fn stones(st: &mut State, p: Person, w: u8, b: u8) {
    let ps = st.ps_mut(p);
    ps.w = w;
    ps.b = b;
    fix_bag(st);
}

pub fn hand(st: &mut State, seat: Seat, w: u8, b: u8) {
    st.players[seat as usize].w = w;
    st.players[seat as usize].b = b;
    fix_bag(st);
}

/// Bag = 16 − stones elsewhere, per colour.
pub fn fix_bag(st: &mut State) {
    let w: u8 = st.persons.iter().map(|p| p.w).sum::<u8>() + st.players.iter().map(|p| p.w).sum::<u8>();
    let b: u8 = st.persons.iter().map(|p| p.b).sum::<u8>() + st.players.iter().map(|p| p.b).sum::<u8>();
    st.bag_w = 16 - w;
    st.bag_b = 16 - b;
}

/// Prepares `p`'s action on its square (the sweep stands on it); the run stops when the action is over.
pub fn act(st: &mut State, p: Person) {
    st.k = st.pos(p).unwrap().k();
    st.act = Some(ActCtx::new(p));
    st.stack = vec![Frame::Halt, Frame::Action];
}

/// Runs until a decision or the end of the prepared procedure; all scripted d6 must be used.
pub fn go(st: &mut State, d: &mut Script) -> Vec<Event> {
    let mut ev = Vec::new();
    rules::run(st, d, &mut ev);
    answer_standing(st, d, &mut ev);
    ev
}

/// Gives the answers of standing preferences, as the journal does after every entry.
fn answer_standing(st: &mut State, d: &mut Script, ev: &mut Vec<Event>) {
    while let Some((p, a)) = crate::games::shidouban::legal::pendings(st)
        .into_iter()
        .find_map(|p| crate::games::shidouban::secrecy::standing_answer(st, &p.id).map(|a| (p, a)))
    {
        rules::answer(st, &p.id, p.seat, &a, d, ev).expect("a standing answer is legal");
        rules::run(st, d, ev);
    }
}

pub fn done(st: &State) -> bool {
    st.ask.is_none() && st.stack == vec![Frame::Halt]
}

/// The pending decision of `seat` (first one).
pub fn pending_of(st: &State, seat: Seat) -> Option<crate::engine::Pending> {
    crate::games::shidouban::legal::pendings(st).into_iter().find(|p| p.seat == seat)
}

/// Answers `seat`'s pending decision with `text` and runs on.
pub fn say(st: &mut State, seat: Seat, text: &str, d: &mut Script) -> Result<Vec<Event>, crate::engine::RuleError> {
    let p = pending_of(st, seat).unwrap_or_else(|| panic!("no pending decision for seat {seat}: {:?}", st.ask));
    let a: Action = crate::games::shidouban::notation::parse(text).expect("notation");
    let mut ev = Vec::new();
    rules::answer(st, &p.id, seat, &a, d, &mut ev)?;
    rules::run(st, d, &mut ev);
    answer_standing(st, d, &mut ev);
    Ok(ev)
}

pub fn at(st: &State, p: Person) -> Option<String> {
    st.pos(p).map(|s| s.ascii())
}

pub fn texts(ev: &[Event]) -> String {
    ev.iter().map(|e| e.text.en.clone()).collect::<Vec<_>>().join("\n")
}

pub const A: Seat = 0;
pub const B: Seat = 1;
pub const C: Seat = 2;
pub const D: Seat = 3;

/// `p` is moved onto `s` (ARRIVE) and the pending combats are resolved; stops when all is done.
pub fn arrive_at(st: &mut State, p: Person, s: &str) {
    rules::relocate(st, p, sq(s));
    st.stack = vec![Frame::Halt, Frame::Resolve];
}

/// Prepares `p`'s action from the bushido check (P1 already done).
pub fn from_check(st: &mut State, p: Person) {
    act(st, p);
    st.act.as_mut().unwrap().stage = ActStage::Check;
}

pub fn opts(st: &State, seat: Seat) -> Vec<String> {
    let p = pending_of(st, seat).expect("pending");
    crate::games::shidouban::legal::options(st, &p.id)
        .unwrap()
        .iter()
        .map(crate::games::shidouban::notation::print)
        .collect()
}

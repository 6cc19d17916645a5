//! Building positions for the scenarios directly in `State`.

use super::super::Uosao;
use super::super::data::{CardId, Colour, Dir, Face};
use super::super::rules::{self, Action, Options};
use super::super::state::{Gap, Item, ItemKind, Phase, Play, State};
use crate::dice::Rng;
use crate::engine::{Engine, Event, Seat};

pub const RED: Seat = 0;
pub const YEL: Seat = 1;
pub const GRN: Seat = 2;
pub const BLU: Seat = 3;
pub const PUR: Seat = 4;

/// A fresh game of `n` players (season 1, round 1) with the given SP.
pub fn game(n: u8, sp: Seat) -> State {
    let mut s = rules::setup(&Options::default(), n, &mut Rng::from_seed(b"uosao-test")).expect("setup");
    s.sp = sp;
    s
}

/// Replaces the line by a line string of §4.6 (`LK C C T C YEL! C RK`). A player road that is not a trap
/// is made from card `1`.
pub fn set_line(s: &mut State, line: &str) {
    let items: Vec<Item> = line
        .split_whitespace()
        .enumerate()
        .map(|(i, w)| {
            let kind = match w {
                "LK" => ItemKind::LeftKing,
                "RK" => ItemKind::RightKing,
                "T" => ItemKind::Town,
                "C" => ItemKind::Common,
                other => {
                    let trap = other.ends_with('!');
                    let colour = Colour::parse(other.trim_end_matches('!')).expect("colour code");
                    let owner = s.colours.iter().position(|c| *c == colour).expect("colour in game") as Seat;
                    ItemKind::Road { owner, card: if trap { CardId::TwoT } else { CardId::One } }
                }
            };
            Item { uid: 100 + i as u32, kind }
        })
        .collect();
    let town = items.iter().find(|i| i.kind == ItemKind::Town).expect("town").uid;
    s.line = items;
    s.next_uid = 200;
    for sol in s.soldiers.iter_mut() {
        *sol = super::super::state::Soldier { item: town, offset: 0, stunned_round: None };
    }
}

/// Puts `seat`'s soldier on flat square `flat`.
pub fn put(s: &mut State, seat: Seat, flat: usize) {
    let (index, offset) = s.locate(flat);
    s.soldiers[seat as usize].item = s.line[index].uid;
    s.soldiers[seat as usize].offset = offset;
}

/// Puts `seat`'s soldier on the square labelled `label` (`T`, `+2.1`, `-1`, `RK` …; a bare card label
/// means its inner square).
pub fn put_at(s: &mut State, seat: Seat, label: &str) {
    for flat in 0..s.squares() {
        let (i, o) = s.locate(flat);
        if s.square_label(i, o) == label || (s.item_label(i) == label && s.square_label(i, o).ends_with(".1")) {
            put(s, seat, flat);
            return;
        }
    }
    panic!("no square {label} in {}", s.line_string());
}

pub fn flat(s: &State, seat: Seat) -> usize {
    s.soldier_flat(seat)
}

pub fn parse_card(id: &str) -> CardId {
    match id {
        "1" => CardId::One,
        "2" => CardId::Two,
        "2T" => CardId::TwoT,
        "3" => CardId::Three,
        _ => panic!("card {id}"),
    }
}

/// `R3` / `L2T` / `D1` as an action.
pub fn play(text: &str) -> Action {
    let face = match &text[..1] {
        "R" => Face::R,
        "L" => Face::L,
        "D" => Face::D,
        _ => panic!("face {text}"),
    };
    Action::Play { face, card: parse_card(&text[1..]) }
}

pub fn gap(text: &str) -> Action {
    let plus = &text[1..2] == "+";
    Action::Road { gap: Gap { plus, k: text[2..].parse().expect("gap number") } }
}

pub fn hand(ids: &[&str]) -> Vec<CardId> {
    let mut h: Vec<CardId> = ids.iter().map(|i| parse_card(i)).collect();
    h.sort();
    h
}

/// Applies the current decision for whoever is to act.
pub fn act(s: &mut State, action: Action) -> Vec<Event> {
    let seat = s.to_act().expect("a decision is pending");
    let id = s.decision_id();
    Uosao::apply(s, &id, seat, &action, &mut Rng::from_seed(b"x")).unwrap_or_else(|e| panic!("{action:?}: {e}"))
}

/// Plays the given plays in turn order (the whole of step 1).
pub fn plays(s: &mut State, list: &[&str]) -> Vec<Event> {
    let mut events = Vec::new();
    for p in list {
        assert!(matches!(s.phase, Phase::Play { .. }), "not in step 1 for {p}");
        events.extend(act(s, play(p)));
    }
    events
}

/// Makes a soldier face down, stunned in `round`.
pub fn stun(s: &mut State, seat: Seat, round: u8) {
    s.soldiers[seat as usize].stunned_round = Some(round);
}

/// A selected mover moved directly (the MOVE step of §6.6), events returned.
pub fn move_now(s: &mut State, seat: Seat, dir: Dir, n: usize) -> Vec<Event> {
    let mut ev = Vec::new();
    rules::move_soldier(s, seat, dir, n, &mut ev);
    ev
}

pub fn public_texts(events: &[Event]) -> Vec<String> {
    events.iter().filter(|e| e.audience == crate::engine::Audience::All).map(|e| e.text.en.clone()).collect()
}

#[allow(dead_code)]
pub fn plays_of(s: &State) -> Vec<Play> {
    s.plays.clone()
}

//! Answers by touching the picture: a person is picked, a 覚悟 square chosen, a reprieve given, by
//! touching that square; an event tile is used by touching it among your tiles, then the square (or the
//! person) it goes on; 恫喝's squares are touched in the order they move; an interjection is a direction
//! button, and the refusals are buttons. Left to notation: sides (`side`), force allocations (`alloc`)
//! and the order of resolution (`order`), whose answers are lists of pairs no touch can show plainly.

use super::data::Dir;
use super::legal;
use super::notation::{self, Action, Target};
use super::picture::{square_spot, tile_spot};
use super::state::State;
use super::view::View;
use crate::gesture::Gesture;

fn direction_button(d: Dir) -> &'static str {
    match d {
        Dir::U => "button:up",
        Dir::D => "button:down",
        Dir::L => "button:left",
        Dir::R => "button:right",
    }
}

fn spots(action: &Action, view: &View) -> Option<Vec<String>> {
    let square_of = |p| view.persons.iter().find(|x| x.person == p).map(|x| square_spot(x.sq));
    Some(match action {
        Action::Pick(p) => vec![square_of(*p)?],
        Action::UseNone => vec!["button:use_none".into()],
        Action::Use((tile, Target::Sq(sq))) => vec![tile_spot(*tile), square_spot(*sq)],
        Action::Use((tile, Target::Person(p))) => vec![tile_spot(*tile), square_of(*p)?],
        Action::Pass => vec!["button:pass".into()],
        Action::Kuchi(d) => vec![direction_button(*d).into()],
        Action::Kakugo(sq) => vec![square_spot(*sq)],
        Action::Dokatsu(squares) => squares.iter().map(|sq| square_spot(*sq)).collect(),
        Action::Reprieve(Some(p)) => vec![square_of(*p)?],
        Action::Reprieve(None) => vec!["button:reprieve_none".into()],
        Action::Side(_) | Action::Alloc(_) | Action::Order(_) | Action::PrefKuchi(_) | Action::PrefReprieve { .. } => {
            return None;
        }
    })
}

pub fn of(state: &State, decision: &str, view: &View) -> Vec<Gesture> {
    let crate::engine::Viewer::Seat(me) = view.viewer else { return Vec::new() };
    if !legal::pendings(state).iter().any(|p| p.id == decision && p.seat == me) {
        return Vec::new();
    }
    let mut gestures: Vec<Gesture> = Vec::new();
    for action in legal::options(state, decision).unwrap_or_default() {
        if let Some(spots) = spots(&action, view)
            && !gestures.iter().any(|g| g.spots == spots)
        {
            gestures.push(Gesture::new(spots, notation::print(&action)));
        }
    }
    gestures
}

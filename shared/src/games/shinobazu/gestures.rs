//! Answers by touching the picture: a play is a card of the hand, then the panel of the player it goes
//! to (your own to keep it), then, when it stays with you, fight or pass (buttons); a challenge is the
//! panel of the player challenged; the other answers are buttons.

use super::action::{Action, Stance, Target};
use super::picture::{card_spot, seat_spot};
use super::state::State;
use super::view::View;
use super::{notation, rules};
use crate::engine::{Seat, Space};
use crate::gesture::Gesture;

fn stance_button(stance: Stance) -> &'static str {
    match stance {
        Stance::Fight => "button:fight",
        Stance::Pass => "button:pass",
    }
}

fn spots(action: &Action, me: Seat) -> Vec<String> {
    match action {
        Action::Play { card, target, stance } => {
            let to = match target {
                Target::Me => me,
                Target::Seat(seat) => *seat,
            };
            let mut spots = vec![card_spot(*card), seat_spot(to)];
            spots.extend(stance.map(|s| stance_button(s).to_string()));
            spots
        }
        Action::Fight => vec![stance_button(Stance::Fight).into()],
        Action::Pass => vec![stance_button(Stance::Pass).into()],
        Action::Challenge { passer } => vec![seat_spot(*passer)],
        Action::NoChallenge => vec!["button:no_challenge".into()],
        Action::Accept => vec!["button:accept".into()],
        Action::Decline => vec!["button:decline".into()],
    }
}

pub fn of(state: &State, decision: &str, view: &View) -> Vec<Gesture> {
    let Some(me) = view.me() else { return Vec::new() };
    if !rules::pending(state).iter().any(|p| p.id == decision && p.seat == me) {
        return Vec::new();
    }
    let Some(Space::List { options }) = rules::legal(state, decision).map(|c| c.space) else { return Vec::new() };
    let mut gestures: Vec<Gesture> = Vec::new();
    for action in &options {
        let spots = spots(action, me);
        // Two identical cards are one card to touch: their answers are the same.
        if !gestures.iter().any(|g| g.spots == spots) {
            gestures.push(Gesture::new(spots, notation::print_action(action)));
        }
    }
    gestures
}

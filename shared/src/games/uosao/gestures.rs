//! Answers by touching the picture: a play is a card of the hand, then which face it is played on (a
//! button: right, left or road); a road goes into a gap of the line, touched between two items.

use super::data::Face;
use super::picture::{card_spot, gap_spot};
use super::rules::{self, Action};
use super::state::State;
use super::view::View;
use crate::gesture::Gesture;

/// The button that plays a card on `face`.
fn face_button(face: Face) -> &'static str {
    match face {
        Face::R => "button:right",
        Face::L => "button:left",
        Face::D => "button:road",
    }
}

pub fn of(state: &State, decision: &str, view: &View) -> Vec<Gesture> {
    if state.to_act().is_none() || state.to_act() != view.me() || decision != state.decision_id() {
        return Vec::new();
    }
    rules::legal_actions(state)
        .into_iter()
        .map(|action| {
            let spots = match &action {
                Action::Play { face, card } => vec![card_spot(*card), face_button(*face).to_string()],
                Action::Road { gap } => vec![gap_spot(*gap)],
            };
            Gesture::new(spots, super::notation::print(&action))
        })
        .collect()
}

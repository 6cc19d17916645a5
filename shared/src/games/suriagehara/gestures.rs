//! Answers by touching the map (see [`crate::gesture`]): a unit's counter then a hex moves, retreats or
//! re-places; an enemy counter, the attacking counters, then `attack` builds a combat plan; the pool's chits
//! then `cup` fill the cup; page buttons give the answers that name nothing on the map.
//!
//! A move may also be walked hex by hex from the counter: each hex touched is the answer so far, and the
//! hexes offered next are those whose path goes on from there. One path per destination is offered (the
//! cheapest the rules accept, each path's beginning being the path to where it has got), so the gestures
//! stay about twice as many as the destinations rather than one per way of getting there; every walk builds
//! the same answer as touching the destination at once.

use crate::engine::Engine;
use crate::gesture::Gesture;

use std::collections::BTreeMap;

use super::action::{Action, Attack, Code, MoveOrder, UnitId};
use super::game::Suriagehara;
use super::hex::Hex;
use super::picture::{chit_spot, hex_spot, unit_spot};
use super::rules;
use super::state::{Stage, State};
use super::view::View;

/// Combat plans beyond this many are left to notation: a page could not narrow them usefully anyway.
const MOST_PLANS: usize = 500;

fn gesture(spots: Vec<String>, action: &Action) -> Gesture {
    Gesture::new(spots, Suriagehara::print_action(action))
}

/// What to touch for a hex: the counter standing on it if there is one (it covers the hex's middle).
fn place_spot(view: &View, h: Hex) -> String {
    view.unit_at(h).map(unit_spot).unwrap_or_else(|| hex_spot(h))
}

/// One path to each of `destinations` of `unit`, as the hexes entered in turn: the cheapest path the rules
/// accept whose every beginning is itself the path kept for the hex it ends on.
fn walks(state: &State, unit: UnitId, destinations: &BTreeMap<Hex, u32>) -> BTreeMap<Hex, Vec<Hex>> {
    let mut paths: BTreeMap<Hex, Vec<Hex>> = BTreeMap::new();
    let Some(&start) = state.units.get(&unit) else { return paths };
    // Cheapest first: every hex a path goes through costs less than the hex it leads to.
    let mut by_cost: Vec<(u32, Hex)> = destinations.iter().map(|(h, c)| (*c, *h)).collect();
    by_cost.sort();
    for (_, to) in by_cost {
        let cheapest = to
            .neighbours()
            .into_iter()
            .filter_map(|via| {
                let mut path = if via == start { Vec::new() } else { paths.get(&via)?.clone() };
                path.push(to);
                let order = MoveOrder { unit, to, path: Some(path.clone()) };
                rules::check_order(state, &order).ok().map(|(_, cost)| (cost, path))
            })
            .min_by_key(|(cost, _)| *cost);
        if let Some((_, path)) = cheapest {
            paths.insert(to, path);
        }
    }
    paths
}

fn plan_spots(view: &View, plan: &[Attack]) -> Vec<String> {
    let mut spots = Vec::new();
    for attack in plan {
        spots.push(place_spot(view, attack.target));
        spots.extend(attack.units().map(unit_spot));
    }
    spots.push("button:attack".into());
    spots
}

pub(crate) fn gestures(state: &State, decision: &str, view: &View) -> Vec<Gesture> {
    let Some(choices) = Suriagehara::legal(state, decision) else { return Vec::new() };
    let listed = |choices: crate::engine::Choices<Action>| match choices.space {
        crate::engine::Space::List { options } => options,
        _ => Vec::new(),
    };
    match state.stage {
        Stage::Deploy => {
            vec![gesture(vec!["button:standard".into()], &Action::Deploy { standard: true, placements: Vec::new() })]
        }
        Stage::ChitSelect => listed(choices)
            .iter()
            .map(|a| {
                let Action::Cup { chits } = a else { unreachable!("the cup's answers are chits") };
                let mut spots: Vec<String> = chits.iter().map(|Code(f)| chit_spot(*f)).collect();
                spots.push("button:cup".into());
                gesture(spots, a)
            })
            .collect(),
        Stage::Substitution { .. } => vec![
            gesture(vec!["button:sub-tk".into()], &Action::Sub { tk: true }),
            gesture(vec!["button:sub-own".into()], &Action::Sub { tk: false }),
        ],
        Stage::Move => {
            let mut out = Vec::new();
            for (unit, destinations) in rules::movable(state) {
                let walks = walks(state, unit, &destinations);
                for to in destinations.keys() {
                    let action = Action::Move { order: MoveOrder { unit, to: *to, path: None } };
                    out.push(gesture(vec![unit_spot(unit), place_spot(view, *to)], &action));
                    if let Some(path) = walks.get(to).filter(|path| path.len() > 1) {
                        let spots = std::iter::once(unit_spot(unit)).chain(path.iter().map(|h| place_spot(view, *h)));
                        out.push(gesture(spots.collect(), &action));
                    }
                }
            }
            out.push(gesture(vec!["button:done".into()], &Action::Moves { orders: Vec::new(), done: true }));
            out
        }
        Stage::Plan => rules::plan_candidates(state)
            .into_iter()
            .take(MOST_PLANS)
            .map(|attacks| {
                let spots = plan_spots(view, &attacks);
                gesture(spots, &Action::Attacks { attacks })
            })
            .collect(),
        Stage::Retreat => listed(choices)
            .iter()
            .map(|a| {
                let Action::Retreat { unit, to } = a else { unreachable!("retreats are unit and hex") };
                gesture(vec![unit_spot(*unit), place_spot(view, *to)], a)
            })
            .collect(),
        Stage::Replace => listed(choices)
            .iter()
            .map(|a| {
                let Action::Replace { unit, .. } = a else { unreachable!("re-placements name a unit") };
                gesture(vec![unit_spot(*unit)], a)
            })
            .collect(),
        Stage::Draw | Stage::Resolve | Stage::Over => Vec::new(),
    }
}

/// The page buttons of this game, each labelled by the catalog's `spot-suriagehara-<name>`.
#[cfg(test)]
pub(crate) const BUTTONS: [&str; 6] = ["standard", "cup", "sub-tk", "sub-own", "done", "attack"];

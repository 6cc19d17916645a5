//! Answers by touching the battle picture (see [`crate::gesture`]). Poses on the field are continuous, so
//! the picture offers a grid of snapped positions in the deploying player's zone (ghost markers), a row of
//! facings and of turns, and the distances a sonae may go: a deployment is a position then a facing; an
//! execution is the action board's space, the sonae's core card, then its turn and distance (a move), its
//! turn and target (a shot) or its distance (a charge). Answers outside these snapped sets stay answerable
//! by notation.

use crate::engine::Engine;
use crate::gesture::Gesture;

use super::Senbat;
use super::action::Action;
use super::data::{self, CARDS, FIELD_H, SPACES, Slot, TROOP_SLOTS, ZONE_DEPTH};
use super::rules::{self, check_exec, shoot_targets};
use super::state::{AskKind, Movement, State, Status};
use super::view::View;

/// The snapped positions' columns across the field, in millimetres (the markers are big enough to touch).
pub(crate) const GRID_X: [f64; 7] = [75.0, 175.0, 275.0, 375.0, 475.0, 575.0, 675.0];
/// The snapped positions' rows, as depths into the deploying player's zone from its back edge.
pub(crate) const GRID_DEPTH: [f64; 2] = [54.0, 154.0];
/// The facings offered at deployment, in degrees from straight at the enemy.
pub(crate) const FACINGS: [i32; 5] = [-30, -15, 0, 15, 30];
/// The turns offered with a move or a shot.
pub(crate) const TURNS: [i32; 5] = [-90, -45, 0, 45, 90];
/// The distances drawn (no sonae moves further).
pub(crate) const STEPS: [u8; 2] = [1, 2];

/// The snapped positions of a zone: the south (sente) zone runs from y = 0 up, the north one from the top down.
pub(crate) fn grid(south: bool) -> Vec<(f64, f64)> {
    let mut out = Vec::new();
    for depth in GRID_DEPTH {
        let y = if south { depth } else { FIELD_H - depth };
        debug_assert!(depth < ZONE_DEPTH);
        for x in GRID_X {
            out.push((x, y));
        }
    }
    out
}

/// The heading a player's facing offset means: south faces north (0°), north faces south (180°).
pub(crate) fn heading(south: bool, offset: i32) -> i32 {
    (if south { offset } else { 180 + offset }).rem_euclid(360)
}

pub(crate) fn pose_spot((x, y): (f64, f64)) -> String {
    format!("pose:{}-{}", x as i64, y as i64)
}

pub(crate) fn face_spot(heading: i32) -> String {
    format!("face:{heading}")
}

pub(crate) fn turn_spot(rot: i32) -> String {
    format!("turn:{rot}")
}

pub(crate) fn step_spot(j: u8) -> String {
    format!("step:{j}")
}

pub(crate) fn card_spot(id: &str) -> String {
    format!("card:{id}")
}

/// A space of the deciding player's own action board.
pub(crate) fn space_spot(space: usize) -> String {
    format!("space:{}", SPACES[space])
}

/// A space of the other player's action board.
pub(crate) fn their_space_spot(space: usize) -> String {
    format!("their:{}", SPACES[space])
}

fn button(name: &str) -> String {
    format!("{}{name}", crate::gesture::BUTTON)
}

fn gesture(spots: Vec<String>, action: &Action) -> Gesture {
    Gesture::new(spots, Senbat::print_action(action))
}

/// A valid arrangement of `n` troops around their core, the same every time: the first slots, in the
/// data's order, that keep the formation legal.
fn plain_slots(n: usize) -> Option<Vec<Slot>> {
    let mut chosen: Vec<Slot> = Vec::new();
    for sl in TROOP_SLOTS {
        if chosen.len() == n {
            break;
        }
        let mut test = chosen.clone();
        test.push(sl);
        if data::formation_ok(&test).is_ok() {
            chosen.push(sl);
        }
    }
    (chosen.len() == n).then_some(chosen)
}

fn deploy_gestures(s: &State, seat: u8) -> Vec<Gesture> {
    let mut out = Vec::new();
    let p = &s.players[seat as usize];
    if p.quick_org
        && let Some(a) = rules::quick_deploy_action(s, seat)
        && rules::apply_deploy_check(&mut s.clone(), seat, &a, &mut Vec::new())
    {
        out.push(gesture(vec![button("deploy-quick")], &Action::DeployQuick));
    }
    if !p.reset_used {
        out.push(gesture(vec![button("deploy-reset")], &Action::DeployReset));
    }
    let Some(core) = data::cores_of(p.army).into_iter().find(|&c| s.cards[c].status == Status::InHand) else {
        return out;
    };
    let troops: Vec<usize> =
        s.organised_members(core).into_iter().filter(|&m| m != core && s.cards[m].status == Status::InHand).collect();
    let Some(slots) = plain_slots(troops.len()) else { return out };
    let form: Vec<(Slot, String)> = slots.iter().zip(&troops).map(|(sl, &t)| (*sl, CARDS[t].id.to_string())).collect();
    let south = Some(seat) == s.sente;
    for at in grid(south) {
        for offset in FACINGS {
            let h = heading(south, offset);
            let a = Action::Deploy { core: CARDS[core].id.to_string(), x: at.0, y: at.1, h, form: form.clone() };
            if rules::apply_deploy_check(&mut s.clone(), seat, &a, &mut Vec::new()) {
                out.push(gesture(vec![pose_spot(at), face_spot(h)], &a));
            }
        }
    }
    out
}

fn act_gestures(s: &State, seat: u8, first: bool) -> Vec<Gesture> {
    let mut out = Vec::new();
    let legal = |a: &Action| check_exec(s, seat, a).is_ok();
    let p = &s.players[seat as usize];
    for core in data::cores_of(p.army).into_iter().filter(|&c| s.on_field(c)) {
        let id = CARDS[core].id.to_string();
        let k = s.movement(core);
        let distances: Vec<u8> = if s.options.movement == Movement::Exact { vec![k] } else { (1..=k).collect() };
        for rot in TURNS {
            for &j in &distances {
                let a = Action::Move { sonae: id.clone(), form: None, rot, back: false, j };
                if legal(&a) {
                    out.push(gesture(vec![space_spot(data::MV), card_spot(&id), turn_spot(rot), step_spot(j)], &a));
                }
            }
            let mut sim = s.clone();
            if rot != 0 {
                rules::sim_rotate(&mut sim, core, rot);
            }
            let shooters = sim.members(core);
            let mut targets: Vec<usize> = shooters.iter().flat_map(|&m| shoot_targets(&sim, m)).collect();
            targets.sort_unstable();
            targets.dedup();
            for t in targets {
                let fire: Vec<(String, String)> = shooters
                    .iter()
                    .filter(|&&m| shoot_targets(&sim, m).contains(&t))
                    .map(|&m| (CARDS[m].id.to_string(), CARDS[t].id.to_string()))
                    .collect();
                let a = Action::Shoot { sonae: id.clone(), rot, fire };
                if legal(&a) {
                    out.push(gesture(
                        vec![space_spot(data::SH), card_spot(&id), turn_spot(rot), card_spot(CARDS[t].id)],
                        &a,
                    ));
                }
            }
        }
        for &j in &distances {
            let a = Action::Charge { sonae: id.clone(), j };
            if legal(&a) {
                out.push(gesture(vec![space_spot(data::CH), card_spot(&id), step_spot(j)], &a));
            }
        }
    }
    let rd = space_spot(data::RD);
    if legal(&Action::Defend) {
        out.push(gesture(vec![rd.clone(), button("defend")], &Action::Defend));
    }
    if legal(&Action::Recover { card: None }) {
        out.push(gesture(vec![rd.clone(), button("recover")], &Action::Recover { card: None }));
    }
    for i in (0..data::NCARDS).filter(|&i| s.on_field(i) && s.owner(i) == seat && s.cards[i].damage > 0) {
        let a = Action::Recover { card: Some(CARDS[i].id.to_string()) };
        if legal(&a) {
            out.push(gesture(vec![rd.clone(), card_spot(CARDS[i].id)], &a));
        }
    }
    if !first {
        out.push(gesture(vec![button("end")], &Action::End));
    }
    out
}

fn token_gestures() -> Vec<Gesture> {
    let mut out = Vec::new();
    for a in 0..=4u8 {
        for b in 0..=4 - a {
            for c in 0..=4 - a - b {
                let counts = [a, b, c, 4 - a - b - c];
                let spots = (0..4).flat_map(|sp| std::iter::repeat_n(space_spot(sp), counts[sp] as usize)).collect();
                out.push(gesture(spots, &Action::Tokens { counts }));
            }
        }
    }
    out
}

pub(crate) fn gestures(s: &State, decision: &str, _view: &View) -> Vec<Gesture> {
    let Some(p) = rules::pending(s).into_iter().find(|p| p.id == decision) else { return Vec::new() };
    let seat = p.seat;
    let Some(ask) = s.ask.as_ref() else { return Vec::new() };
    match &ask.kind {
        AskKind::Organise => vec![gesture(vec![button("organise-quick")], &Action::OrganiseQuick)],
        AskKind::Deploy { .. } => deploy_gestures(s, seat),
        AskKind::Tokens => token_gestures(),
        AskKind::Act { first, .. } => act_gestures(s, seat, *first),
        AskKind::Targets { .. } => {
            let Some(crate::engine::Choices { space: crate::engine::Space::List { options }, .. }) =
                super::choices::legal(s, decision)
            else {
                return Vec::new();
            };
            options
                .iter()
                .map(|a| {
                    let Action::Targets { pairs } = a else { unreachable!("targets are pairs") };
                    gesture(pairs.iter().map(|(_, target)| card_spot(target)).collect(), a)
                })
                .collect()
        }
        AskKind::Stock { .. } => vec![
            gesture(vec![button("stock-use")], &Action::Stock { use_it: true }),
            gesture(vec![button("stock-keep")], &Action::Stock { use_it: false }),
        ],
        AskKind::Kenkon { .. } => {
            let mut out = vec![gesture(vec![button("kenkon-decline")], &Action::Kenkon { space: None })];
            for sp in (0..4).filter(|&sp| s.players[seat as usize].board[sp] > 0) {
                out.push(gesture(vec![space_spot(sp)], &Action::Kenkon { space: Some(sp) }));
            }
            out
        }
        AskKind::Senkyo { .. } => {
            let victim = 1 - seat as usize;
            let mut out = Vec::new();
            for take in (0..4).filter(|&t| s.players[victim].board[t] > 0) {
                for put in 0..4 {
                    out.push(gesture(vec![their_space_spot(take), space_spot(put)], &Action::Senkyo { take, put }));
                }
            }
            out
        }
        AskKind::Heal { options, .. } => options
            .iter()
            .map(|&i| {
                gesture(vec![card_spot(CARDS[i as usize].id)], &Action::Heal { card: CARDS[i as usize].id.to_string() })
            })
            .collect(),
    }
}

/// The page buttons of this game, each labelled by the catalog's `spot-senbat-<name>`.
#[cfg(test)]
pub(crate) const BUTTONS: [&str; 9] = [
    "organise-quick",
    "deploy-quick",
    "deploy-reset",
    "defend",
    "recover",
    "end",
    "stock-use",
    "stock-keep",
    "kenkon-decline",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facings_and_turns_are_rotations_and_nothing_else_is() {
        for h in FACINGS {
            assert!(crate::gesture::is_rotation(&face_spot(heading(true, h))));
        }
        for r in TURNS {
            assert!(crate::gesture::is_rotation(&turn_spot(r)));
        }
        for other in [pose_spot((75.0, 54.0)), step_spot(1), card_spot("OG1"), space_spot(data::MV)] {
            assert!(!crate::gesture::is_rotation(&other), "{other}");
        }
    }
}

//! How a Suriagehara bot judges moves and combat plans without searching them: the playout policy, the
//! extra answers offered to the tree, and the estimate of a cut-off playout.
//!
//! Random playouts wander: a random Movement Segment moves one unit somewhere and often ends, random combat
//! plans attack at poor odds, so a playout says little about the answer the tree tried. Here a formation
//! advances as a body (its commander first, the rest toward the enemy while staying in his command range), a
//! combat plan is the best judged of a handful of legal ones, and a cut-off game is judged by morale, the
//! commanders' standing toward the advance line, and the units left.

use crate::dice::Rng;
use crate::games::suriagehara::action::{Action, Attack, MoveOrder, UnitId};
use crate::games::suriagehara::data::{ADVANCE_LINE_ROW, COMMAND_RANGE, Side, fdata, side_fids};
use crate::games::suriagehara::hex::Hex;
use crate::games::suriagehara::rules;
use crate::games::suriagehara::state::{Commander, Segment, State};

/// Combat plans judged per playout decision: enough to find the good attacks among the few obliged units,
/// few enough that a plan costs little beside the moves.
const PLANS_JUDGED: usize = 12;

/// How many units a unit's elimination is worth when it carries its commander: a death check may follow,
/// and a formation out of command moves one hex and fights at strength one.
const CARRIER_WORTH: f64 = 3.0;
/// A supreme commander's carrier: his death ends the game.
const SUPREME_CARRIER_WORTH: f64 = 8.0;

/// The hexes of `side`'s enemies.
fn enemy_hexes(state: &State, side: Side) -> Vec<Hex> {
    state.units.iter().filter(|(u, _)| rules::side_of(**u) != side).map(|(_, h)| *h).collect()
}

fn nearest(hexes: &[Hex], from: Hex) -> u32 {
    hexes.iter().map(|h| h.distance(from)).min().unwrap_or(u32::MAX / 2)
}

/// How many rows `row` lies short of being beyond the advance line for `side` (0 once beyond).
fn rows_short_of_line(side: Side, row: u8) -> u32 {
    match side {
        Side::Ashina => u32::from((ADVANCE_LINE_ROW + 1).saturating_sub(row)),
        Side::Date => u32::from(row.saturating_sub(ADVANCE_LINE_ROW - 1)),
    }
}

/// How much worse hex `h` is than others for unit `u` of `side` (lower is better). A commander's carrier
/// keeps a hex behind the front and presses toward the advance line; the others close on the enemy and stay
/// within command range of where the commander stands, so that they move and fight at full strength next time.
fn hex_cost(state: &State, u: UnitId, h: Hex, side: Side, enemies: &[Hex], commander: Option<Hex>) -> f64 {
    let to_enemy = f64::from(nearest(enemies, h));
    if state.is_carrier(u) {
        let exposure = if to_enemy <= 1.0 { 3.0 } else { 0.0 };
        let supreme = if fdata(u.f).supreme { 2.0 } else { 1.0 };
        return supreme * exposure + (to_enemy - 2.0).abs() * 0.5 + f64::from(rows_short_of_line(side, h.y)) * 0.4;
    }
    let out_of_command = commander.is_some_and(|c| c.distance(h) > COMMAND_RANGE);
    to_enemy + if out_of_command { 2.5 } else { 0.0 }
}

/// A Movement Segment of the acting formation as a body: the commander's carrier first, then every other
/// unit that may move, each to its best judged hex (staying put when nothing is better). Up to `noise` (in
/// hexes of distance) is added at random to each hex's cost, so that advances vary. `None` outside a Movement
/// Segment.
pub(super) fn advance(state: &State, noise: f64, rng: &mut Rng) -> Option<Action> {
    let activation = state.activation.as_ref()?;
    let Some(Segment::Move(_)) = &activation.segment else { return None };
    let side = fdata(activation.formation).side;
    let enemies = enemy_hexes(state, side);
    let mut sim = state.clone();
    let mut orders = Vec::new();
    let mut order: Vec<UnitId> = rules::movable(&sim).into_iter().map(|(u, _)| u).collect();
    // The carrier goes first: the others keep to where he ends.
    order.sort_by_key(|u| !sim.is_carrier(*u));
    for unit in order {
        let Some(destinations) = rules::movable_unit(&sim, unit) else { continue };
        let here = sim.units[&unit];
        let commander = if sim.is_carrier(unit) { None } else { sim.commander_hex(unit.f) };
        let judge = |h: Hex, rng: &mut Rng| {
            hex_cost(&sim, unit, h, side, &enemies, commander) + noise * rng.below(1000) as f64 / 1000.0
        };
        let stay = judge(here, rng);
        let best = destinations
            .keys()
            .map(|&h| (h, judge(h, rng)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .filter(|(_, cost)| *cost < stay);
        if let Some((to, _)) = best {
            let o = MoveOrder { unit, to, path: None };
            if rules::move_without_ending(&mut sim, &o).is_ok() {
                orders.push(o);
            }
        }
    }
    Some(Action::Moves { orders, done: true })
}

/// The chance that the attacker's total beats the defender's by `at_least` or more, each side rolling a die
/// on its strength.
fn chance_of_margin(attack: u32, defence: u32, at_least: i32) -> f64 {
    let mut hits = 0;
    for a in 1..=6i32 {
        for d in 1..=6i32 {
            if (attack as i32 + a) - (defence as i32 + d) >= at_least {
                hits += 1;
            }
        }
    }
    f64::from(hits) / 36.0
}

/// What losing unit `u` costs its side, in units.
fn unit_worth(state: &State, u: UnitId) -> f64 {
    if !state.is_carrier(u) {
        1.0
    } else if fdata(u.f).supreme {
        SUPREME_CARRIER_WORTH
    } else {
        CARRIER_WORTH
    }
}

/// The expected gain of a combat plan for the attacking side, in units: eliminations count fully, retreats a
/// little (a retreat may be blocked, and the lead advances into the hex).
fn plan_value(state: &State, plan: &[Attack]) -> f64 {
    let Some(activation) = state.activation.as_ref() else { return 0.0 };
    let Some(Segment::Combat(seg)) = &activation.segment else { return 0.0 };
    plan.iter()
        .filter_map(|attack| {
            let defender = state.unit_at(attack.target)?;
            let strength = seg.cs.get(&attack.lead).copied().unwrap_or(1) + attack.support.len() as u32;
            let defence = rules::combat_strength(state, defender);
            let wins_big = chance_of_margin(strength, defence, 4);
            let wins = chance_of_margin(strength, defence, 1) - wins_big;
            let loses_big = 1.0 - chance_of_margin(strength, defence, -3);
            let loses = 1.0 - chance_of_margin(strength, defence, 0) - loses_big;
            Some(
                wins_big * unit_worth(state, defender) + wins * 0.3 * unit_worth(state, defender)
                    - loses_big * unit_worth(state, attack.lead)
                    - loses * 0.3,
            )
        })
        .sum()
}

/// Up to `count` legal combat plans, best judged first. The engine lists every plan of the obliged units;
/// when there are many, a sample of them is judged.
pub(super) fn best_plans(state: &State, count: usize, rng: &mut Rng) -> Vec<Vec<Attack>> {
    let mut plans = rules::plan_candidates(state);
    if plans.len() > PLANS_JUDGED {
        rng.shuffle(&mut plans);
        plans.truncate(PLANS_JUDGED);
    }
    let mut judged: Vec<(f64, Vec<Attack>)> = plans.into_iter().map(|p| (plan_value(state, &p), p)).collect();
    judged.sort_by(|a, b| b.0.total_cmp(&a.0));
    judged.into_iter().take(count).map(|(_, p)| p).collect()
}

/// How good `state` looks for each side: army morale, the commanders' standing toward the advance line (which
/// decides the game at its last turn, so it weighs more as that nears), and the units left.
pub(super) fn estimate(state: &State) -> Vec<f64> {
    let side_score = |side: Side| {
        let standing: f64 = side_fids(side)
            .filter_map(|f| match state.form(f).commander {
                Commander::Alive { .. } => state.commander_hex(f),
                _ => None,
            })
            .map(|h| match rows_short_of_line(side, h.y) {
                0 => 1.0,
                short => 0.5 / f64::from(short),
            })
            .sum();
        let units = state.units.keys().filter(|u| rules::side_of(**u) == side).count() as f64;
        (standing, units, f64::from(state.morale[side.idx()]))
    };
    let (ashina, date) = (side_score(Side::Ashina), side_score(Side::Date));
    let late = f64::from(state.turn) / f64::from(state.turns.max(1));
    let lead = (ashina.2 - date.2) / 10.0 + late * (ashina.0 - date.0) / 3.0 + (ashina.1 - date.1) / 40.0;
    let lead = lead.clamp(-1.0, 1.0);
    vec![0.5 + lead / 2.0, 0.5 - lead / 2.0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;
    use crate::games::suriagehara::Suriagehara;
    use crate::games::suriagehara::state::Stage;

    #[test]
    fn chances_of_a_margin_count_the_two_dice() {
        assert_eq!(chance_of_margin(1, 1, 0), 21.0 / 36.0, "ties and wins");
        assert_eq!(chance_of_margin(4, 1, 4), 15.0 / 36.0, "a die of 3 or more ahead");
        assert_eq!(chance_of_margin(1, 4, 4), 0.0);
        assert_eq!(chance_of_margin(1, 1, -5), 1.0);
    }

    /// Along games of random answers and advances: every judged advance and every judged plan is accepted by the rules, plans come best
    /// first, and an advance never leaves a unit's cost worse than where it stood.
    #[test]
    fn judged_answers_are_legal_and_best_first() {
        let (mut advances, mut plans) = (0, 0);
        for game in 0..4u64 {
            let mut dice = Rng::from_seed(format!("suriagehara tactics {game}").as_bytes());
            let mut state = Suriagehara::setup(&Default::default(), 2, &mut dice).expect("setup");
            let mut players = Rng::from_seed(format!("suriagehara tactics players {game}").as_bytes());
            while let Some(p) = Suriagehara::pending(&state).into_iter().next() {
                if state.stage == Stage::Move {
                    let advance = advance(&state, 0.0, &mut players).expect("an advance in a Movement Segment");
                    Suriagehara::apply(&mut state.clone(), &p.id, p.seat, &advance, &mut dice.clone())
                        .unwrap_or_else(|e| panic!("advance {advance:?} refused: {e}"));
                    advances += 1;
                }
                if state.stage == Stage::Plan {
                    let best = best_plans(&state, 20, &mut players);
                    assert!(!best.is_empty(), "a combat segment has a plan");
                    let values: Vec<f64> = best.iter().map(|p| plan_value(&state, p)).collect();
                    assert!(values.windows(2).all(|w| w[0] >= w[1]), "best first: {values:?}");
                    let action = Action::Attacks { attacks: best[0].clone() };
                    Suriagehara::apply(&mut state.clone(), &p.id, p.seat, &action, &mut dice.clone())
                        .unwrap_or_else(|e| panic!("plan {action:?} refused: {e}"));
                    plans += 1;
                }
                // Formations that advance meet, so that the games reach combat.
                let action = match state.stage {
                    Stage::Move if players.coin() => advance(&state, 1.0, &mut players),
                    _ => Suriagehara::random_action(&state, &p.id, &mut players),
                };
                let action = action.expect("an answer");
                Suriagehara::apply(&mut state, &p.id, p.seat, &action, &mut dice).expect("legal answers");
            }
        }
        assert!(advances > 20 && plans > 5, "{advances} advances and {plans} plans judged");
    }

    /// From the standard deployment, the first formation to move closes on the enemy as a body: its units
    /// end nearer the enemy than they started, in its commander's range, and the commander out of contact.
    #[test]
    fn a_formation_advances_as_a_body_behind_its_commander() {
        let mut dice = Rng::from_seed(b"suriagehara opening");
        let mut state = Suriagehara::setup(&Default::default(), 2, &mut dice).expect("setup");
        let mut players = Rng::from_seed(b"suriagehara opening players");
        while state.stage != Stage::Move {
            let p = Suriagehara::pending(&state).into_iter().next().expect("a decision before the first move");
            let action = match state.stage {
                Stage::Deploy => Action::Deploy { standard: true, placements: Vec::new() },
                _ => Suriagehara::random_action(&state, &p.id, &mut players).expect("an answer"),
            };
            Suriagehara::apply(&mut state, &p.id, p.seat, &action, &mut dice).expect("legal");
        }
        let formation = state.activation.as_ref().expect("an activation").formation;
        let side = fdata(formation).side;
        let enemies = enemy_hexes(&state, side);
        let distance = |s: &State| -> u32 { s.units_of(formation).iter().map(|u| nearest(&enemies, s.units[u])).sum() };
        let before = state.clone();
        let p = Suriagehara::pending(&state).into_iter().next().expect("the move is pending");
        let advance = advance(&state, 0.0, &mut players).expect("an advance");
        let Action::Moves { orders, .. } = &advance else { panic!("a batch: {advance:?}") };
        assert!(!orders.is_empty(), "nobody moved");
        Suriagehara::apply(&mut state, &p.id, p.seat, &advance, &mut dice).expect("legal");
        assert!(distance(&state) < distance(&before), "{} closes on the enemy", fdata(formation).code);
        let commander = state.commander_hex(formation).expect("the commander is on the map");
        assert!(nearest(&enemies, commander) > 1, "the commander keeps out of contact");
        for u in state.units_of(formation) {
            assert!(commander.distance(state.units[&u]) <= COMMAND_RANGE, "{u} stays in command range");
        }
    }
}

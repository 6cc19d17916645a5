//! The rules: movement search, combat plans, combat resolution, retreats, re-placement and the game flow
//! (spec §5–§8). Every function keeps the continuation in `State`, so `apply` can stop at any decision.

use std::collections::BTreeMap;

use crate::dice::Rng;
use crate::engine::{Event, Lang, Localized, RuleError};

use super::action::{Action, Attack, MoveOrder, Placement, UnitId};
use super::data::{
    COMMAND_RANGE, ChitAction, Fid, MG, SANDSTORM_LAST_TURN, SE, Side, TK, Terrain, entry_cost, fdata, fids, side_fids,
    terrain,
};
use super::hex::{HEIGHT, Hex, WIDTH, in_contact, is_water_hexside};
use super::state::{
    Activation, Chit, CombatSeg, Commander, FirstMove, GameResult, Kind, MoveSeg, Reason, ResPhase, Resolution,
    Retreats, Sealed, Segment, Stage, State, Status, SupremeCommander, Wind,
};

/// The source of every random event. `Rng` in play; scripted dice and draws in the scenario tests.
pub trait Roller {
    fn d6(&mut self) -> u8;
    fn index(&mut self, len: usize) -> usize;
    /// Which chit of `cup` is drawn (uniform).
    fn draw(&mut self, cup: &[Fid]) -> usize {
        self.index(cup.len())
    }
}

impl Roller for Rng {
    fn d6(&mut self) -> u8 {
        Rng::d6(self)
    }
    fn index(&mut self, len: usize) -> usize {
        Rng::index(self, len)
    }
}

pub type Events = Vec<Event>;

fn say(ev: &mut Events, text: Localized) {
    ev.push(Event::public(text));
}

pub fn side_of(u: UnitId) -> Side {
    fdata(u.f).side
}

fn code(f: Fid) -> &'static str {
    fdata(f).code
}

/// How events name formation `f` in `lang`: its code in English, its name in Japanese.
fn formation_name(lang: Lang, f: Fid) -> String {
    catalog::t!(lang, "suriagehara-formation", formation = code(f))
}

/// How events name formation `f`'s chit in `lang`.
pub(crate) fn chit_name(lang: Lang, f: Fid) -> String {
    catalog::t!(lang, "suriagehara-chit", formation = code(f))
}

/// The name of formation `f`'s commander in `lang`.
pub(crate) fn leader_name(lang: Lang, f: Fid) -> String {
    catalog::t!(lang, "suriagehara-leader", formation = code(f))
}

/// How events name unit `u` in `lang`: its id in English, its retainer's name in Japanese.
fn unit_name(lang: Lang, u: UnitId) -> String {
    catalog::t!(lang, "suriagehara-unit", formation = code(u.f), serial = u.n)
}

// ---------------------------------------------------------------------------------------------------------
// Position queries

/// Units (of either side) in hex `h`; two only during a chain retreat.
pub fn units_at(s: &State, h: Hex) -> Vec<UnitId> {
    s.units.iter().filter(|(_, x)| **x == h).map(|(u, _)| *u).collect()
}

/// Whether a unit of `side` in `h` would be in contact with an enemy unit (§4.4).
pub fn touches_enemy(s: &State, h: Hex, side: Side) -> bool {
    s.units.iter().any(|(u, x)| side_of(*u) != side && in_contact(h, *x))
}

/// Enemy-occupied hexes in contact with `h` (sorted).
pub fn enemy_hexes_touching(s: &State, h: Hex, side: Side) -> Vec<Hex> {
    let mut v: Vec<Hex> =
        s.units.iter().filter(|(u, x)| side_of(**u) != side && in_contact(h, **x)).map(|(_, x)| *x).collect();
    v.sort();
    v.dedup();
    v
}

/// In command now (§6.5): the commander is alive on the map within 2 hexes.
pub fn in_command_now(s: &State, u: UnitId) -> bool {
    match (s.commander_hex(u.f), s.units.get(&u)) {
        (Some(c), Some(h)) => c.distance(*h) <= COMMAND_RANGE,
        _ => false,
    }
}

/// Whether the sandstorm first-move bonus applies to `f` now (§6.12).
pub fn sandstorm_bonus(s: &State, f: Fid) -> bool {
    fdata(f).side == Side::Ashina && s.turn <= SANDSTORM_LAST_TURN && !s.form(f).has_moved
}

/// Movement allowance of `u` if a Movement Segment started now (§6.5).
pub fn movement_allowance(s: &State, u: UnitId) -> u32 {
    if in_command_now(s, u) { s.resolve(u.f) + u32::from(sandstorm_bonus(s, u.f)) } else { 1 }
}

/// Combat strength of `u` now (§6.5).
pub fn combat_strength(s: &State, u: UnitId) -> u32 {
    if in_command_now(s, u) { s.resolve(u.f) } else { 1 }
}

/// Whether the formation's first move (§6.6 e) forbids `u`, which started the segment on row `start`, to
/// enter `to`, under the reading the game plays (A11). The movement search asks this of every hex it reaches,
/// so it words nothing: [`first_move_forbids`] says why.
fn first_move_forbidden(s: &State, u: UnitId, start: u8, to: Hex) -> bool {
    let side = side_of(u);
    match s.first_move {
        FirstMove::NoUnitRearward => side.is_rearward(start, to.y),
        FirstMove::CommanderNotBehindLine => s.is_carrier(u) && side.behind_zone(to.y),
    }
}

/// Why the formation's first move (§6.6 e) forbids `u`, which started the segment on row `start`, to enter
/// `to`; `None` when it may.
fn first_move_forbids(s: &State, u: UnitId, start: u8, to: Hex) -> Option<Localized> {
    if !first_move_forbidden(s, u, start, to) {
        return None;
    }
    let side = side_of(u);
    Some(match s.first_move {
        FirstMove::NoUnitRearward => catalog::both!(
            "suriagehara-row-is-rearward-of-row",
            to_y = format!("{:02}", to.y),
            start = format!("{:02}", start)
        ),
        FirstMove::CommanderNotBehindLine => catalog::both!(
            "suriagehara-carries-its-commander-who-may",
            u = u.to_string(),
            line = format!("{:02}", side.zone_rear_row())
        ),
    })
}

/// The map as a movement search of one side's unit sees it: which hexes are occupied, and which are in
/// contact with an enemy unit. Built once per search, so that each hex reached costs a lookup rather than a
/// pass over every unit.
struct MovementMap {
    occupied: [bool; MAP_HEXES],
    enemy_contact: [bool; MAP_HEXES],
}

const MAP_HEXES: usize = WIDTH as usize * HEIGHT as usize;

fn map_index(h: Hex) -> usize {
    usize::from(h.y - 1) * usize::from(WIDTH) + usize::from(h.x - 1)
}

impl MovementMap {
    fn new(s: &State, side: Side) -> MovementMap {
        let mut map = MovementMap { occupied: [false; MAP_HEXES], enemy_contact: [false; MAP_HEXES] };
        for (u, &h) in &s.units {
            map.occupied[map_index(h)] = true;
            if side_of(*u) != side {
                for n in h.adjacent() {
                    if in_contact(h, n) {
                        map.enemy_contact[map_index(n)] = true;
                    }
                }
            }
        }
        map
    }
}

/// Every legal destination of `u` with its cheapest cost (§6.6 step 3), given its MA and whether this is
/// the formation's first move.
pub fn destinations(s: &State, u: UnitId, ma: u32, first_move: bool) -> BTreeMap<Hex, u32> {
    search_destinations(s, &MovementMap::new(s, side_of(u)), u, ma, first_move)
}

/// [`destinations`] on a map already built for `u`'s side.
fn search_destinations(s: &State, map: &MovementMap, u: UnitId, ma: u32, first_move: bool) -> BTreeMap<Hex, u32> {
    let Some(&start) = s.units.get(&u) else { return BTreeMap::new() };
    let mut cheapest = [u32::MAX; MAP_HEXES];
    let mut reached = Vec::new();
    let mut frontier = vec![(start, 0u32)];
    while let Some((h, c)) = frontier.pop() {
        if h != start && map.enemy_contact[map_index(h)] {
            continue; // entering a hex in contact ends the move (d)
        }
        for n in h.adjacent() {
            if n == start || map.occupied[map_index(n)] || is_water_hexside(h, n) {
                continue;
            }
            if first_move && first_move_forbidden(s, u, start.y, n) {
                continue;
            }
            let Some(cost) = entry_cost(terrain(h), terrain(n)) else { continue };
            let total = c + cost;
            let best = &mut cheapest[map_index(n)];
            if total > ma || *best <= total {
                continue;
            }
            if *best == u32::MAX {
                reached.push(n);
            }
            *best = total;
            frontier.push((n, total));
        }
    }
    reached.into_iter().map(|h| (h, cheapest[map_index(h)])).collect()
}

/// Cheapest cost from `u`'s hex to `to` ignoring its MA (for error messages).
fn cheapest_unbounded(s: &State, u: UnitId, to: Hex, first_move: bool) -> Option<u32> {
    destinations(s, u, 1000, first_move).get(&to).copied()
}

// ---------------------------------------------------------------------------------------------------------
// Movement Segment

fn active(s: &State) -> &Activation {
    s.activation.as_ref().expect("an activation is under way")
}

fn move_seg(s: &State) -> &MoveSeg {
    match &active(s).segment {
        Some(Segment::Move(m)) => m,
        _ => panic!("not in a Movement Segment"),
    }
}

fn move_seg_mut(s: &mut State) -> &mut MoveSeg {
    match &mut s.activation.as_mut().expect("activation").segment {
        Some(Segment::Move(m)) => m,
        _ => panic!("not in a Movement Segment"),
    }
}

fn combat_seg(s: &State) -> &CombatSeg {
    match &active(s).segment {
        Some(Segment::Combat(c)) => c,
        _ => panic!("not in a Combat Segment"),
    }
}

fn combat_seg_mut(s: &mut State) -> &mut CombatSeg {
    match &mut s.activation.as_mut().expect("activation").segment {
        Some(Segment::Combat(c)) => c,
        _ => panic!("not in a Combat Segment"),
    }
}

fn res_mut(s: &mut State) -> &mut Resolution {
    combat_seg_mut(s).res.as_mut().expect("an attack is being resolved")
}

/// Units of the active formation that may still move, with their legal destinations.
pub fn movable(s: &State) -> Vec<(UnitId, BTreeMap<Hex, u32>)> {
    movable_units(s).collect()
}

/// [`movable`], one unit at a time, so that asking whether any unit may move stops at the first.
fn movable_units(s: &State) -> impl Iterator<Item = (UnitId, BTreeMap<Hex, u32>)> + '_ {
    let m = move_seg(s);
    let f = active(s).formation;
    let map = MovementMap::new(s, fdata(f).side);
    s.units_of(f)
        .into_iter()
        .filter(|u| !m.locked.contains(u) && !m.moved.contains(u))
        .map(move |u| (u, search_destinations(s, &map, u, m.ma.get(&u).copied().unwrap_or(1), m.first_move)))
        .filter(|(_, d)| !d.is_empty())
}

/// Where unit `u` may move now in the Movement Segment, as [`movable`] lists it: `None` when it may not (not of the formation
/// moving, locked, moved already, or nowhere to go). Searches for `u` alone.
pub fn movable_unit(s: &State, u: UnitId) -> Option<BTreeMap<Hex, u32>> {
    let m = move_seg(s);
    if u.f != active(s).formation || m.locked.contains(&u) || m.moved.contains(&u) || !s.units.contains_key(&u) {
        return None;
    }
    let map = MovementMap::new(s, fdata(u.f).side);
    Some(search_destinations(s, &map, u, m.ma.get(&u).copied().unwrap_or(1), m.first_move)).filter(|d| !d.is_empty())
}

pub(crate) fn begin_move(s: &mut State, ev: &mut Events) {
    let f = active(s).formation;
    let first_move = !s.form(f).has_moved;
    let mut seg = MoveSeg { ma: BTreeMap::new(), locked: Vec::new(), moved: Vec::new(), first_move, any_moved: false };
    for u in s.units_of(f) {
        seg.ma.insert(u, movement_allowance(s, u));
        if touches_enemy(s, s.units[&u], side_of(u)) {
            seg.locked.push(u);
        }
    }
    let mas: Vec<String> = seg.ma.iter().map(|(u, m)| format!("{u} {m}")).collect();
    let first_move_rule = first_move.then_some(s.first_move);
    let first = |lang| match first_move_rule {
        None => String::new(),
        Some(FirstMove::NoUnitRearward) => catalog::t!(lang, "suriagehara-first-move-no-rearward-rows"),
        Some(FirstMove::CommanderNotBehindLine) => catalog::t!(lang, "suriagehara-first-move-commander-not-behind"),
    };
    say(
        ev,
        crate::engine::in_each_language(|lang| {
            catalog::t!(
                lang,
                "suriagehara-movement-segment-ma",
                code_f = formation_name(lang, f),
                mas = mas.join(&catalog::t!(lang, "engine-list-separator")),
                first_en = first(lang)
            )
        }),
    );
    s.activation.as_mut().expect("activation").segment = Some(Segment::Move(seg));
    if movable_units(s).next().is_none() {
        end_move(s, ev);
    } else {
        ask(s, Stage::Move);
    }
}

fn end_move(s: &mut State, ev: &mut Events) {
    let a = active(s).clone();
    if move_seg(s).any_moved {
        s.form_mut(a.formation).has_moved = true;
    }
    if a.kind == Kind::Both {
        begin_combat(s, ev);
    } else {
        end_activation(s, ev);
    }
}

/// Checks one move order against the current position (§6.6 step 3). Returns the destination and cost.
pub fn check_order(s: &State, o: &MoveOrder) -> Result<(Hex, u32), Localized> {
    let f = active(s).formation;
    let m = move_seg(s);
    if o.unit.f != f {
        return Err(catalog::both!(
            "suriagehara-is-not-a-unit-of",
            o_unit = o.unit.to_string(),
            code_f = (code(f)).to_string()
        ));
    }
    let Some(&start) = s.units.get(&o.unit) else {
        return Err(catalog::both!("suriagehara-is-not-on-the-map", o_unit = o.unit.to_string()));
    };
    if m.locked.contains(&o.unit) {
        return Err(catalog::both!("suriagehara-began-the-segment-in-contact", o_unit = o.unit.to_string()));
    }
    if m.moved.contains(&o.unit) {
        return Err(catalog::both!("suriagehara-has-already-moved-in-this", o_unit = o.unit.to_string()));
    }
    let ma = m.ma.get(&o.unit).copied().unwrap_or(1);
    let side = side_of(o.unit);
    if let Some(path) = &o.path {
        let mut p = path.clone();
        if p.first() != Some(&start) {
            p.insert(0, start);
        }
        if p.len() < 2 || p.last() != Some(&o.to) {
            return Err(catalog::both!(
                "suriagehara-the-path-must-lead-from",
                start = start.to_string(),
                o_to = o.to.to_string()
            ));
        }
        let mut cost = 0;
        for i in 1..p.len() {
            let (a, b) = (p[i - 1], p[i]);
            if !a.is_adjacent(b) {
                return Err(catalog::both!("suriagehara-and-are-not-adjacent", a = a.to_string(), b = b.to_string()));
            }
            if i > 1 && touches_enemy(s, a, side) {
                return Err(catalog::both!("suriagehara-is-in-contact-with-an", a = a.to_string()));
            }
            if terrain(b) == Terrain::Water {
                return Err(catalog::both!("suriagehara-is-water-a", b = b.to_string()));
            }
            if is_water_hexside(a, b) {
                return Err(catalog::both!("suriagehara-is-a-water-hexside-a", a = a.to_string(), b = b.to_string()));
            }
            if let Some(other) = units_at(s, b).first() {
                return Err(if side_of(*other) == side {
                    catalog::both!(
                        "suriagehara-holds-the-friendly-unit-no",
                        b = b.to_string(),
                        other = other.to_string()
                    )
                } else {
                    catalog::both!("suriagehara-holds-the-enemy-unit-b", b = b.to_string(), other = other.to_string())
                });
            }
            if m.first_move
                && let Some(why) = first_move_forbids(s, o.unit, start.y, b)
            {
                return Err(why);
            }
            cost += entry_cost(terrain(a), terrain(b)).unwrap_or(1000);
        }
        if cost > ma {
            return Err(catalog::both!(
                "suriagehara-the-path-costs-more-than",
                cost = cost.to_string(),
                o_unit = o.unit.to_string(),
                ma = ma.to_string()
            ));
        }
        return Ok((o.to, cost));
    }
    let dests = destinations(s, o.unit, ma, m.first_move);
    if let Some(c) = dests.get(&o.to) {
        return Ok((o.to, *c));
    }
    let to = o.to;
    let why = if to == start {
        catalog::both!("suriagehara-is-already-on", o_unit = o.unit.to_string(), to = to.to_string())
    } else if terrain(to) == Terrain::Water {
        catalog::both!("suriagehara-is-water-a-2", to = to.to_string())
    } else if let Some(other) = units_at(s, to).first() {
        if side_of(*other) == side {
            catalog::both!("suriagehara-holds-the-friendly-unit-b", to = to.to_string(), other = other.to_string())
        } else {
            catalog::both!("suriagehara-holds-the-enemy-unit-b-2", to = to.to_string(), other = other.to_string())
        }
    } else if let Some(why) = m.first_move.then(|| first_move_forbids(s, o.unit, start.y, to)).flatten() {
        why
    } else if let Some(c) = cheapest_unbounded(s, o.unit, to, m.first_move) {
        catalog::both!(
            "suriagehara-costs-at-least-more-than",
            to = to.to_string(),
            c = c.to_string(),
            o_unit = o.unit.to_string(),
            ma = ma.to_string()
        )
    } else {
        catalog::both!("suriagehara-no-legal-path-leads-to", o_unit = o.unit.to_string(), to = to.to_string())
    };
    Err(why)
}

/// Checks and makes one move without ending the segment (for building batches).
pub fn move_without_ending(s: &mut State, o: &MoveOrder) -> Result<(), Localized> {
    let (to, cost) = check_order(s, o)?;
    do_move(s, o, to, cost, &mut Vec::new());
    Ok(())
}

fn do_move(s: &mut State, o: &MoveOrder, to: Hex, cost: u32, ev: &mut Events) {
    let from = s.units[&o.unit];
    s.units.insert(o.unit, to);
    let m = move_seg_mut(s);
    m.moved.push(o.unit);
    m.any_moved = true;
    let ma = m.ma.get(&o.unit).copied().unwrap_or(1);
    let carrier = if s.is_carrier(o.unit) { "*" } else { "" };
    let contact = touches_enemy(s, to, side_of(o.unit));
    say(
        ev,
        crate::engine::in_each_language(|lang| {
            catalog::t!(
                lang,
                "suriagehara-move",
                o_unit = unit_name(lang, o.unit),
                carrier = carrier.to_string(),
                from = from.to_string(),
                to = to.to_string(),
                cost = cost.to_string(),
                ma = ma.to_string(),
                if_contact_contact =
                    if contact { catalog::t!(lang, "suriagehara-contact-stop") } else { String::new() }
            )
        }),
    );
    release_check(s, o.unit, ev);
}

/// §6.11: a unit of the active formation that ends next to an Unreleased enemy formation releases it.
fn release_check(s: &mut State, u: UnitId, ev: &mut Events) {
    let Some(&h) = s.units.get(&u) else { return };
    let side = side_of(u);
    let found: Vec<Fid> = s
        .units
        .iter()
        .filter(|(e, x)| side_of(**e) != side && in_contact(h, **x))
        .map(|(e, _)| e.f)
        .filter(|f| s.form(*f).status == Status::Unreleased)
        .collect();
    for f in found {
        if !s.pending_release.contains(&f) {
            s.pending_release.push(f);
            say(
                ev,
                crate::engine::in_each_language(|lang| {
                    catalog::t!(lang, "suriagehara-is-contacted-and-will-be", code_f = formation_name(lang, f))
                }),
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// Combat Segment

pub(crate) fn begin_combat(s: &mut State, ev: &mut Events) {
    let f = active(s).formation;
    let mut seg = CombatSeg {
        cs: BTreeMap::new(),
        in_command: Vec::new(),
        obliged: Vec::new(),
        plan: Vec::new(),
        next: 0,
        res: None,
    };
    for u in s.units_of(f) {
        seg.cs.insert(u, combat_strength(s, u));
        if in_command_now(s, u) {
            seg.in_command.push(u);
        }
        if touches_enemy(s, s.units[&u], side_of(u)) {
            seg.obliged.push(u);
        }
    }
    let obliged = seg.obliged.clone();
    s.activation.as_mut().expect("activation").segment = Some(Segment::Combat(seg));
    if obliged.is_empty() {
        say(
            ev,
            crate::engine::in_each_language(|lang| {
                catalog::t!(lang, "suriagehara-combat-segment-no-unit-in", code_f = formation_name(lang, f))
            }),
        );
        end_activation(s, ev);
        return;
    }
    let names: Vec<String> = obliged.iter().map(|u| u.to_string()).collect();
    say(
        ev,
        crate::engine::in_each_language(|lang| {
            catalog::t!(
                lang,
                "suriagehara-combat-segment-units-that-must",
                code_f = formation_name(lang, f),
                names = (names.join(" ")).to_string()
            )
        }),
    );
    let plans = plan_candidates(s);
    if plans.is_empty() {
        // Cannot happen (§6.7: a valid plan always exists); kept so that a data error never hangs a game.
        end_activation(s, ev);
        return;
    }
    if plans.len() == 1 && plans[0].len() == 1 {
        let plan = plans[0].clone();
        say(
            ev,
            catalog::both!(
                "suriagehara-only-one-valid-plan",
                super_notation_print_plan = (super::notation::print_plan(&plan)).to_string()
            ),
        );
        combat_seg_mut(s).plan = plan;
        s.stage = Stage::Resolve;
    } else {
        ask(s, Stage::Plan);
    }
}

/// Every valid combat plan (§6.7 step 2) up to the order of its attacks, each sorted by target hex.
pub fn plan_candidates(s: &State) -> Vec<Vec<Attack>> {
    let seg = combat_seg(s);
    let side = fdata(active(s).formation).side;
    let o = &seg.obliged;
    let targets: Vec<Vec<Hex>> = o.iter().map(|u| enemy_hexes_touching(s, s.units[u], side)).collect();
    let mut out = Vec::new();
    let mut assign: Vec<Option<Hex>> = vec![None; o.len()];
    fn rec(
        i: usize,
        o: &[UnitId],
        targets: &[Vec<Hex>],
        assign: &mut Vec<Option<Hex>>,
        seg: &CombatSeg,
        out: &mut Vec<Vec<Attack>>,
    ) {
        if out.len() > 5000 {
            return;
        }
        if i == o.len() {
            let mut groups: BTreeMap<Hex, Vec<UnitId>> = BTreeMap::new();
            for (k, a) in assign.iter().enumerate() {
                if let Some(h) = a {
                    groups.entry(*h).or_default().push(o[k]);
                }
            }
            for g in groups.values() {
                if g.len() > 1 && !g.iter().all(|u| seg.in_command.contains(u)) {
                    return;
                }
            }
            for (k, a) in assign.iter().enumerate() {
                if a.is_none() && (seg.in_command.contains(&o[k]) || !targets[k].iter().all(|t| groups.contains_key(t)))
                {
                    return;
                }
            }
            // every choice of lead in every group
            let mut plans: Vec<Vec<Attack>> = vec![Vec::new()];
            for (t, g) in &groups {
                let mut next = Vec::new();
                for p in &plans {
                    for lead in g {
                        let mut p2 = p.clone();
                        let support: Vec<UnitId> = g.iter().filter(|u| *u != lead).copied().collect();
                        p2.push(Attack { target: *t, lead: *lead, support });
                        next.push(p2);
                    }
                }
                plans = next;
            }
            out.extend(plans);
            return;
        }
        assign[i] = None;
        rec(i + 1, o, targets, assign, seg, out);
        for t in &targets[i] {
            assign[i] = Some(*t);
            rec(i + 1, o, targets, assign, seg, out);
        }
        assign[i] = None;
    }
    rec(0, o, &targets, &mut assign, seg, &mut out);
    out
}

/// Checks a combat plan against P1–P5 (§6.7 step 2).
pub fn check_plan(s: &State, plan: &[Attack]) -> Result<(), Localized> {
    let seg = combat_seg(s);
    let f = active(s).formation;
    let side = fdata(f).side;
    let mut used: Vec<UnitId> = Vec::new();
    let mut targeted: Vec<Hex> = Vec::new();
    for (i, a) in plan.iter().enumerate() {
        let n = i + 1;
        let printed = super::notation::print_attack(a);
        match s.unit_at(a.target) {
            Some(v) if side_of(v) != side => {}
            _ => {
                return Err(catalog::both!(
                    "suriagehara-attack-holds-no-enemy-unit",
                    n = n.to_string(),
                    printed = printed.to_string(),
                    a_target = a.target.to_string()
                ));
            }
        }
        for u in a.units() {
            if u.f != f || !s.units.contains_key(&u) {
                return Err(catalog::both!(
                    "suriagehara-attack-is-not-a-unit",
                    n = n.to_string(),
                    printed = printed.to_string(),
                    u = u.to_string(),
                    code_f = (code(f)).to_string()
                ));
            }
            if !in_contact(s.units[&u], a.target) {
                return Err(catalog::both!(
                    "suriagehara-attack-is-not-in-contact",
                    n = n.to_string(),
                    printed = printed.to_string(),
                    u = u.to_string(),
                    a_target = a.target.to_string()
                ));
            }
            if used.contains(&u) {
                return Err(catalog::both!(
                    "suriagehara-attack-already-takes-part-in",
                    n = n.to_string(),
                    printed = printed.to_string(),
                    u = u.to_string()
                ));
            }
            used.push(u);
        }
        if targeted.contains(&a.target) {
            return Err(catalog::both!(
                "suriagehara-attack-is-already-a-target",
                n = n.to_string(),
                printed = printed.to_string(),
                a_target = a.target.to_string()
            ));
        }
        targeted.push(a.target);
        let out_of_command = a.units().find(|u| !seg.in_command.contains(u));
        if let (false, Some(u)) = (a.support.is_empty(), out_of_command) {
            return Err(catalog::both!(
                "suriagehara-attack-is-out-of-command",
                n = n.to_string(),
                printed = printed.to_string(),
                u = u.to_string()
            ));
        }
    }
    for u in &seg.obliged {
        if used.contains(u) {
            continue;
        }
        let exempt = !seg.in_command.contains(u)
            && enemy_hexes_touching(s, s.units[u], side).iter().all(|t| targeted.contains(t));
        if !exempt {
            return Err(catalog::both!("suriagehara-is-in-contact-with-an-2", u = u.to_string()));
        }
    }
    Ok(())
}

/// How a retainer was eliminated: decides the death-check numbers (§6.9 step 2).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Loss {
    Combat,
    NoRetreat,
}

fn eliminate(s: &mut State, u: UnitId, how: Loss, roll: &mut dyn Roller, ev: &mut Events) {
    let carrier = s.is_carrier(u);
    let Some(hex) = s.units.remove(&u) else { return };
    let side = side_of(u);
    let before = s.morale[side.idx()];
    s.morale[side.idx()] -= 1;
    say(
        ev,
        crate::engine::in_each_language(|lang| {
            catalog::t!(
                lang,
                "suriagehara-eliminated-in-army-morale",
                u = unit_name(lang, u),
                hex = hex.to_string(),
                side_name = side.name(lang),
                before = before.to_string(),
                before_1 = (before - 1).to_string()
            )
        }),
    );
    if carrier && fdata(u.f).supreme && s.supreme_commander == SupremeCommander::CarrierLost {
        // Reading 16's other reading: "removed by combat" is the loss of his carrier, with no death roll.
        let side = fdata(u.f).side;
        s.form_mut(u.f).commander = Commander::Killed;
        let side_code = match side {
            Side::Ashina => "ashina",
            Side::Date => "date",
        };
        ev.push(Event::public(catalog::both!("options-suriagehara-supreme-carrier-lost", side = side_code)));
        s.result = Some(GameResult::Winner { side: side.other(), reason: Reason::SupremeRemoved });
        return;
    }
    if carrier {
        let d = roll.d6();
        let killed = match how {
            Loss::Combat => d == 6,
            Loss::NoRetreat => d >= 5,
        };
        let need = |lang| match how {
            Loss::Combat => catalog::t!(lang, "suriagehara-death-check-needs-6"),
            Loss::NoRetreat => catalog::t!(lang, "suriagehara-death-check-needs-5-6"),
        };
        say(
            ev,
            crate::engine::in_each_language(|lang| {
                catalog::t!(
                    lang,
                    "suriagehara-death-check-for-die-killed",
                    fdata_u_f = leader_name(lang, u.f),
                    code_u_f = (code(u.f)).to_string(),
                    d = d.to_string(),
                    if_killed_killed = if killed {
                        catalog::t!(lang, "suriagehara-leader-killed")
                    } else {
                        catalog::t!(lang, "suriagehara-leader-survives")
                    },
                    need_en = need(lang)
                )
            }),
        );
        if killed {
            kill_commander(s, u.f, ev);
        } else {
            s.form_mut(u.f).commander = Commander::SetAside { from: hex };
            res_mut(s).set_aside.push(u.f);
        }
    }
    check_destroyed(s, u.f, ev);
}

fn kill_commander(s: &mut State, f: Fid, ev: &mut Events) {
    s.form_mut(f).commander = Commander::Killed;
    let d = fdata(f);
    if d.supreme {
        say(
            ev,
            crate::engine::in_each_language(|lang| {
                catalog::t!(
                    lang,
                    "suriagehara-the-supreme-commander-is-killed",
                    d_name = leader_name(lang, f),
                    d_side_other = d.side.other().name(lang)
                )
            }),
        );
        s.result = Some(GameResult::Winner { side: d.side.other(), reason: Reason::SupremeKilled });
        return;
    }
    let before = s.morale[d.side.idx()];
    s.morale[d.side.idx()] -= 1;
    say(
        ev,
        crate::engine::in_each_language(|lang| {
            catalog::t!(
                lang,
                "suriagehara-is-killed-is-leaderless-army",
                d_name = leader_name(lang, f),
                code = d.code.to_string(),
                d_side_name = d.side.name(lang),
                before = before.to_string(),
                before_1 = (before - 1).to_string()
            )
        }),
    );
}

/// §6.9 step 4: no retainer and no living commander -> Destroyed; the chit leaves the game.
fn check_destroyed(s: &mut State, f: Fid, ev: &mut Events) {
    if s.form(f).status == Status::Destroyed || !s.units_of(f).is_empty() || s.form(f).commander != Commander::Killed {
        return;
    }
    let fm = s.form_mut(f);
    fm.status = Status::Destroyed;
    fm.chit = Chit::Removed;
    s.pending_release.retain(|x| *x != f);
    say(
        ev,
        crate::engine::in_each_language(|lang| {
            catalog::t!(lang, "suriagehara-formation-is-destroyed-its-chit", code_f = formation_name(lang, f))
        }),
    );
}

/// Legal retreat hexes of `u` (§6.8 step 2).
pub fn retreat_options(s: &State, u: UnitId, done: &[UnitId]) -> Vec<Hex> {
    let Some(&h) = s.units.get(&u) else { return Vec::new() };
    let side = side_of(u);
    h.neighbours()
        .into_iter()
        .filter(|n| {
            terrain(*n) != Terrain::Water
                && !is_water_hexside(h, *n)
                && !touches_enemy(s, *n, side)
                && units_at(s, *n).iter().all(|o| side_of(*o) == side && !done.contains(o))
        })
        .collect()
}

/// What the retreating side may answer now: (unit, hex) pairs.
pub fn retreat_choices(s: &State) -> Vec<(UnitId, Hex)> {
    let r = &combat_seg(s).res.as_ref().expect("resolution").retreats;
    if let Some(&u) = r.chain.last() {
        return retreat_options(s, u, &r.done).into_iter().map(|h| (u, h)).collect();
    }
    r.queue.iter().flat_map(|u| retreat_options(s, *u, &r.done).into_iter().map(move |h| (*u, h))).collect()
}

fn do_retreat(s: &mut State, u: UnitId, to: Hex, ev: &mut Events) {
    let from = s.units[&u];
    let occupant = units_at(s, to).into_iter().find(|o| *o != u);
    s.units.insert(u, to);
    let r = &mut res_mut(s).retreats;
    r.done.push(u);
    if let Some(o) = occupant {
        r.done.push(o);
        r.chain.push(o);
    }
    say(
        ev,
        crate::engine::in_each_language(|lang| {
            let displaced =
                occupant.map(|o| catalog::t!(lang, "suriagehara-retreat-displaces", unit = unit_name(lang, o)));
            catalog::t!(
                lang,
                "suriagehara-retreat",
                u = unit_name(lang, u),
                from = from.to_string(),
                to = to.to_string(),
                occupant_o_format = displaced.unwrap_or_default()
            )
        }),
    );
}

fn process_retreats(s: &mut State, roll: &mut dyn Roller, ev: &mut Events) {
    loop {
        if s.result.is_some() {
            return;
        }
        let r = res_mut(s).retreats.clone();
        if let Some(&u) = r.chain.last() {
            let opts = retreat_options(s, u, &r.done);
            match opts.len() {
                0 => {
                    res_mut(s).retreats.chain.pop();
                    say(
                        ev,
                        crate::engine::in_each_language(|lang| {
                            catalog::t!(lang, "suriagehara-cannot-retreat", u = unit_name(lang, u))
                        }),
                    );
                    eliminate(s, u, Loss::NoRetreat, roll, ev);
                }
                1 => {
                    res_mut(s).retreats.chain.pop();
                    do_retreat(s, u, opts[0], ev);
                }
                _ => return ask(s, Stage::Retreat),
            }
            continue;
        }
        if r.queue.is_empty() {
            res_mut(s).phase = ResPhase::Replace;
            s.stage = Stage::Resolve;
            return;
        }
        let opts: Vec<(UnitId, Vec<Hex>)> = r.queue.iter().map(|u| (*u, retreat_options(s, *u, &r.done))).collect();
        let total: usize = opts.iter().map(|(_, o)| o.len()).sum();
        if total == 0 {
            // Units that cannot retreat are eliminated once no other unit of the result can move (a unit
            // that cannot retreat never gains a hex by waiting, and eliminating it first never helps).
            let u = r.queue[0];
            res_mut(s).retreats.queue.remove(0);
            say(
                ev,
                crate::engine::in_each_language(|lang| {
                    catalog::t!(lang, "suriagehara-cannot-retreat", u = unit_name(lang, u))
                }),
            );
            eliminate(s, u, Loss::NoRetreat, roll, ev);
            continue;
        }
        // A unit with exactly one hex that no other retreating unit could use retreats without asking
        // (S15); so does the last choice of all.
        let single = opts.iter().find(|(u, o)| o.len() == 1 && opts.iter().all(|(v, p)| v == u || !p.contains(&o[0])));
        let pick = match single {
            Some((u, o)) => Some((*u, o[0])),
            None if total == 1 => opts.iter().find(|(_, o)| o.len() == 1).map(|(u, o)| (*u, o[0])),
            None => None,
        };
        match pick {
            Some((u, h)) => {
                res_mut(s).retreats.queue.retain(|x| *x != u);
                do_retreat(s, u, h, ev);
            }
            None => return ask(s, Stage::Retreat),
        }
    }
}

/// Re-placement candidates for the first set-aside commander: his nearest own retainers (§6.9 step 3).
pub fn replace_candidates(s: &State) -> Option<(Fid, Vec<UnitId>)> {
    let res = combat_seg(s).res.as_ref()?;
    let f = *res.set_aside.first()?;
    let Commander::SetAside { from } = s.form(f).commander else { return Some((f, Vec::new())) };
    let units = s.units_of(f);
    let best = units.iter().map(|u| s.units[u].distance(from)).min();
    Some((f, units.into_iter().filter(|u| Some(s.units[u].distance(from)) == best).collect()))
}

fn place_commander(s: &mut State, f: Fid, u: UnitId, ev: &mut Events) {
    s.form_mut(f).commander = Commander::Alive { carrier: u.n };
    res_mut(s).set_aside.retain(|x| *x != f);
    say(
        ev,
        crate::engine::in_each_language(|lang| {
            catalog::t!(
                lang,
                "suriagehara-is-re-placed-on-in",
                fdata_f_name = leader_name(lang, f),
                code_f = code(f),
                u = unit_name(lang, u),
                units_u = s.units[&u].to_string()
            )
        }),
    );
}

fn process_replacements(s: &mut State, ev: &mut Events) {
    while let Some((f, cands)) = replace_candidates(s) {
        match cands.len() {
            0 => {
                res_mut(s).set_aside.retain(|x| *x != f);
                say(
                    ev,
                    crate::engine::in_each_language(|lang| {
                        catalog::t!(lang, "suriagehara-has-no-retainer-left-to", fdata_f_name = leader_name(lang, f))
                    }),
                );
                kill_commander(s, f, ev);
                if s.result.is_some() {
                    return;
                }
                check_destroyed(s, f, ev);
            }
            1 => place_commander(s, f, cands[0], ev),
            _ => return ask(s, Stage::Replace),
        }
    }
    res_mut(s).phase = ResPhase::Advance;
    s.stage = Stage::Resolve;
}

fn start_attack(s: &mut State, roll: &mut dyn Roller, ev: &mut Events) {
    let seg = combat_seg(s);
    let atk = seg.plan[seg.next].clone();
    let lead_cs = seg.cs.get(&atk.lead).copied().unwrap_or(1);
    let strength = lead_cs + atk.support.len() as u32;
    let Some(v) = s.unit_at(atk.target) else {
        combat_seg_mut(s).next += 1;
        return;
    };
    let ds = combat_strength(s, v);
    let a = roll.d6() as u32;
    let d = roll.d6() as u32;
    let (ta, td) = (strength + a, ds + d);
    let diff = ta.abs_diff(td);
    let names: Vec<String> = atk.units().map(|u| format!("{u}{}", if s.is_carrier(u) { "*" } else { "" })).collect();
    // The English report marks a commander's carrier with `*`; the Japanese names the retainer instead.
    let vname = |lang| {
        let mark =
            if s.is_carrier(v) { catalog::t!(lang, "suriagehara-carrier-mark-in-report") } else { String::new() };
        format!("{}{mark}", unit_name(lang, v))
    };
    let verdict = |lang| match (diff, ta > td) {
        (0, _) => catalog::t!(lang, "suriagehara-verdict-draw"),
        (1..=3, true) => catalog::t!(lang, "suriagehara-verdict-defender-retreats"),
        (_, true) => catalog::t!(lang, "suriagehara-verdict-defender-eliminated"),
        (1..=3, false) => catalog::t!(lang, "suriagehara-verdict-attacker-retreats"),
        (_, false) => catalog::t!(lang, "suriagehara-verdict-lead-eliminated"),
    };
    say(
        ev,
        crate::engine::in_each_language(|lang| {
            catalog::t!(
                lang,
                "suriagehara-attack-d-vs-d-diff",
                atk_target = atk.target.to_string(),
                names = names.join("+"),
                lead_cs = lead_cs.to_string(),
                atk_support = atk.support.len().to_string(),
                strength = strength.to_string(),
                a = a.to_string(),
                ta = ta.to_string(),
                vname = vname(lang),
                ds = ds.to_string(),
                d = d.to_string(),
                td = td.to_string(),
                diff = diff.to_string(),
                verdict_en = verdict(lang)
            )
        }),
    );
    if diff == 0 {
        combat_seg_mut(s).next += 1;
        return;
    }
    let defender_lost = ta > td;
    let mut res = Resolution {
        attack: atk.clone(),
        phase: ResPhase::Retreat,
        retreats: Retreats { side: side_of(v), queue: Vec::new(), chain: Vec::new(), done: Vec::new() },
        advance: defender_lost,
        set_aside: Vec::new(),
    };
    if defender_lost {
        if diff <= 3 {
            res.retreats.queue.push(v);
        }
    } else {
        res.retreats.side = side_of(atk.lead);
        res.retreats.queue = if diff <= 3 { atk.units().collect() } else { atk.support.clone() };
    }
    combat_seg_mut(s).res = Some(res);
    if diff >= 4 {
        let victim = if defender_lost { v } else { atk.lead };
        eliminate(s, victim, Loss::Combat, roll, ev);
    }
    s.stage = Stage::Resolve;
}

fn finish_attack(s: &mut State, ev: &mut Events) {
    let res = combat_seg(s).res.clone().expect("resolution");
    let lead = res.attack.lead;
    let from = s.units.get(&lead).copied();
    if let (true, None, Some(from)) = (res.advance, s.unit_at(res.attack.target), from) {
        {
            s.units.insert(lead, res.attack.target);
            say(
                ev,
                crate::engine::in_each_language(|lang| {
                    catalog::t!(
                        lang,
                        "suriagehara-advances",
                        lead = unit_name(lang, lead),
                        if_is_carrier_lead = if s.is_carrier(lead) { "*" } else { "" },
                        from = from.to_string(),
                        res_attack_target = res.attack.target.to_string()
                    )
                }),
            );
            release_check(s, lead, ev);
        }
    }
    let seg = combat_seg_mut(s);
    seg.res = None;
    seg.next += 1;
}

fn resolve_step(s: &mut State, roll: &mut dyn Roller, ev: &mut Events) {
    let seg = combat_seg(s);
    let Some(res) = &seg.res else {
        if seg.next >= seg.plan.len() {
            end_activation(s, ev);
        } else {
            start_attack(s, roll, ev);
        }
        return;
    };
    match res.phase {
        ResPhase::Retreat => process_retreats(s, roll, ev),
        ResPhase::Replace => process_replacements(s, ev),
        ResPhase::Advance => finish_attack(s, ev),
    }
}

// ---------------------------------------------------------------------------------------------------------
// Activation and turn flow

fn ask(s: &mut State, stage: Stage) {
    s.stage = stage;
    s.step += 1;
}

fn end_activation(s: &mut State, ev: &mut Events) {
    for f in std::mem::take(&mut s.pending_release) {
        if s.form(f).status != Status::Unreleased {
            continue;
        }
        let fm = s.form_mut(f);
        fm.status = Status::Released;
        fm.chit = Chit::Cup;
        say(
            ev,
            crate::engine::in_each_language(|lang| {
                catalog::t!(lang, "suriagehara-is-released-its-chit-goes", code_f = formation_name(lang, f))
            }),
        );
    }
    s.activation = None;
    s.stage = Stage::Draw;
}

pub(crate) fn begin_activation(s: &mut State, chit: Fid, f: Fid, kind: Kind, ev: &mut Events) {
    s.activation = Some(Activation { chit, formation: f, kind, segment: None });
    let contact = s.units_of(f).iter().any(|u| touches_enemy(s, s.units[u], side_of(*u)));
    if kind == Kind::Both {
        begin_move(s, ev);
    } else if contact {
        say(
            ev,
            crate::engine::in_each_language(|lang| {
                catalog::t!(lang, "suriagehara-a-unit-is-in-contact", code_f = formation_name(lang, f))
            }),
        );
        begin_combat(s, ev);
    } else {
        begin_move(s, ev);
    }
}

fn kind_of(f: Fid) -> Kind {
    match fdata(f).action {
        ChitAction::MoveAndCombat => Kind::Both,
        ChitAction::MoveOrCombat => Kind::One,
    }
}

/// Takazane substitution available for a draw of `chit` (§6.12, A43).
pub fn substitution_possible(s: &State, chit: Fid) -> bool {
    s.turn <= SANDSTORM_LAST_TURN && (chit == SE || chit == MG) && s.form(TK).commander != Commander::Killed
}

pub(crate) fn draw_step(s: &mut State, roll: &mut dyn Roller, ev: &mut Events) {
    let cup = s.cup();
    if cup.is_empty() {
        turn_update(s, roll, ev);
        return;
    }
    let f = cup[roll.draw(&cup)];
    s.form_mut(f).chit = Chit::Used;
    let side = fdata(f).side;
    say(
        ev,
        crate::engine::in_each_language(|lang| {
            catalog::t!(
                lang,
                "suriagehara-t-draw",
                turn = s.turn.to_string(),
                side_name = side.name(lang),
                code_f = chit_name(lang, f),
                // The English names the chit by its code and then its leader; the Japanese by its name, then its code.
                fdata_f_name = catalog::t!(lang, "suriagehara-leader-or-code", formation = code(f)),
                if_kind_of_f = if kind_of(f) == Kind::Both {
                    catalog::t!(lang, "suriagehara-chit-move-and-combat")
                } else {
                    catalog::t!(lang, "suriagehara-chit-move-or-combat")
                }
            )
        }),
    );
    if side == Side::Date && (4..=6).contains(&s.turn) {
        reveal_wind(s, true, ev);
    }
    if substitution_possible(s, f) {
        ask(s, Stage::Substitution { chit: f });
        return;
    }
    begin_activation(s, f, f, kind_of(f), ev);
}

fn reveal_wind(s: &mut State, active_effect: bool, ev: &mut Events) {
    let i = s.turn as usize - 4;
    let Some(w) = s.wind else { return };
    if s.wind_revealed[i] {
        return;
    }
    s.wind_revealed[i] = true;
    match (w[i], active_effect) {
        (Wind::Reverse, true) => {
            s.reverse_wind = true;
            say(ev, catalog::both!("suriagehara-wind-w-revealed-reverse-wind", turn = s.turn.to_string()));
        }
        (Wind::Reverse, false) => {
            say(ev, catalog::both!("suriagehara-wind-w-revealed-at-the", turn = s.turn.to_string()))
        }
        (Wind::Calm, _) => say(ev, catalog::both!("suriagehara-wind-w-revealed-calm-no", turn = s.turn.to_string())),
    }
}

/// Commanders beyond the advance line (§8.3).
pub fn advanced_commanders(s: &State, side: Side) -> u8 {
    side_fids(side).filter(|f| s.commander_hex(*f).is_some_and(|h| side.beyond_line(h.y))).count() as u8
}

pub(crate) fn turn_update(s: &mut State, roll: &mut dyn Roller, ev: &mut Events) {
    if (4..=6).contains(&s.turn) {
        reveal_wind(s, false, ev);
    }
    s.reverse_wind = false;
    let [a, d] = s.morale;
    say(
        ev,
        catalog::both!(
            "suriagehara-t-turn-update-army-morale",
            turn = s.turn.to_string(),
            a = a.to_string(),
            d = d.to_string()
        ),
    );
    if a <= 0 || d <= 0 {
        s.result = Some(match (a <= 0, d <= 0) {
            (true, true) => GameResult::Draw { reason: Reason::Morale },
            (true, false) => GameResult::Winner { side: Side::Date, reason: Reason::Morale },
            _ => GameResult::Winner { side: Side::Ashina, reason: Reason::Morale },
        });
        say(ev, catalog::both!("suriagehara-army-morale-decides-the-game"));
        return;
    }
    if s.turn >= s.turns {
        let na = advanced_commanders(s, Side::Ashina);
        let nd = advanced_commanders(s, Side::Date);
        let reason = Reason::AdvanceLine { ashina: na, date: nd };
        s.result = Some(match na.cmp(&nd) {
            std::cmp::Ordering::Greater => GameResult::Winner { side: Side::Ashina, reason },
            std::cmp::Ordering::Less => GameResult::Winner { side: Side::Date, reason },
            std::cmp::Ordering::Equal => GameResult::Draw { reason },
        });
        say(
            ev,
            catalog::both!(
                "suriagehara-end-of-turn-commanders-beyond",
                turn = s.turn,
                na = na.to_string(),
                nd = nd.to_string()
            ),
        );
        return;
    }
    s.turn += 1;
    action_start(s, roll, ev);
}

/// The Action Start Phase (§6.2).
pub fn action_start(s: &mut State, roll: &mut dyn Roller, ev: &mut Events) {
    if s.turn == 4 && s.wind.is_none() {
        let mut w = [Wind::Calm, Wind::Calm, Wind::Reverse];
        for i in (1..w.len()).rev() {
            let j = roll.index(i + 1);
            w.swap(i, j);
        }
        s.wind = Some(w);
        say(ev, catalog::both!("suriagehara-wind-markers-placed-face-down"));
    }
    s.reverse_wind = false;
    let mut entered = Vec::new();
    for f in fids() {
        let turn = s.turn;
        let fm = s.form_mut(f);
        if fm.status == Status::Unreleased && fdata(f).entry_turn == turn {
            fm.status = Status::Released;
            fm.chit = Chit::Cup;
            entered.push(code(f));
        } else if fm.status == Status::Released {
            fm.chit = Chit::Pool;
        }
    }
    say(
        ev,
        crate::engine::in_each_language(|lang| {
            catalog::t!(
                lang,
                "suriagehara-t-begins-entering-chits",
                turn = s.turn.to_string(),
                if_entered_is_empty =
                    if entered.is_empty() { catalog::t!(lang, "suriagehara-none-entered") } else { entered.join(" ") }
            )
        }),
    );
    s.sealed = [None, None];
    s.asked = [!s.pool(Side::Ashina).is_empty(), !s.pool(Side::Date).is_empty()];
    if s.asked.iter().any(|x| *x) {
        ask(s, Stage::ChitSelect);
    } else {
        s.stage = Stage::Draw;
    }
}

/// Runs automatic steps until a decision is needed or the game ends.
pub fn run(s: &mut State, roll: &mut dyn Roller, ev: &mut Events) {
    loop {
        if s.result.is_some() {
            s.stage = Stage::Over;
            return;
        }
        match s.stage {
            Stage::Draw => draw_step(s, roll, ev),
            Stage::Resolve => resolve_step(s, roll, ev),
            _ => return,
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// Deployment and chit selection (sealed)

pub fn standard_placements(side: Side) -> Vec<Placement> {
    side_fids(side)
        .flat_map(|f| {
            fdata(f).standard.iter().enumerate().map(move |(i, h)| Placement {
                unit: UnitId::new(f, i as u8 + 1),
                hex: Hex::parse(h).expect("valid data"),
                carrier: i == 0,
            })
        })
        .collect()
}

/// Checks a deployment (§5 step 4, S38).
pub fn check_deployment(side: Side, p: &[Placement]) -> Result<(), RuleError> {
    let mut hexes: Vec<Hex> = Vec::new();
    let mut units: Vec<UnitId> = Vec::new();
    for pl in p {
        if side_of(pl.unit) != side {
            return Err(RuleError::Illegal(crate::engine::in_each_language(|lang| {
                catalog::t!(
                    lang,
                    "suriagehara-is-not-a-unit",
                    pl_unit = pl.unit.to_string(),
                    side_name = side.name(lang)
                )
            })));
        }
        if units.contains(&pl.unit) {
            return Err(RuleError::Illegal(catalog::both!(
                "suriagehara-is-placed-twice",
                pl_unit = pl.unit.to_string()
            )));
        }
        if terrain(pl.hex) == Terrain::Water {
            return Err(RuleError::Illegal(catalog::both!("suriagehara-is-water", pl_hex = pl.hex.to_string())));
        }
        if !side.in_zone(pl.hex) {
            return Err(RuleError::Illegal(crate::engine::in_each_language(|lang| {
                catalog::t!(
                    lang,
                    "suriagehara-is-outside-the-deployment-zone",
                    pl_hex = pl.hex.to_string(),
                    side_name = side.name(lang)
                )
            })));
        }
        if hexes.contains(&pl.hex) {
            return Err(RuleError::Illegal(catalog::both!(
                "suriagehara-two-units-on-one-retainer",
                pl_hex = pl.hex.to_string()
            )));
        }
        hexes.push(pl.hex);
        units.push(pl.unit);
    }
    for f in side_fids(side) {
        for n in 1..=fdata(f).retainers {
            let u = UnitId::new(f, n);
            if !units.contains(&u) {
                return Err(RuleError::Illegal(catalog::both!("suriagehara-is-not-placed", u = u.to_string())));
            }
        }
        let carriers = p.iter().filter(|pl| pl.unit.f == f && pl.carrier).count();
        if carriers != 1 {
            return Err(RuleError::Illegal(catalog::both!(
                "suriagehara-formation-needs-exactly-one-unit",
                code_f = (code(f)).to_string(),
                carriers = carriers.to_string()
            )));
        }
    }
    Ok(())
}

fn apply_sealed_if_complete(s: &mut State, roll: &mut dyn Roller, ev: &mut Events) {
    for i in 0..2 {
        if s.asked[i] && s.sealed[i].is_none() {
            return;
        }
    }
    let sealed = std::mem::take(&mut s.sealed);
    match s.stage {
        Stage::Deploy => {
            for p in sealed.iter().flatten() {
                if let Sealed::Deploy { placements } = p {
                    for pl in placements {
                        s.units.insert(pl.unit, pl.hex);
                        if pl.carrier {
                            s.form_mut(pl.unit.f).commander = Commander::Alive { carrier: pl.unit.n };
                        }
                    }
                }
            }
            say(ev, catalog::both!("suriagehara-both-deployments-are-in-and"));
            action_start(s, roll, ev);
        }
        Stage::ChitSelect => {
            for p in sealed.iter().flatten() {
                if let Sealed::Cup { chits } = p {
                    for f in chits {
                        s.form_mut(*f).chit = Chit::Cup;
                    }
                }
            }
            let cup: Vec<&str> = s.cup().into_iter().map(code).collect();
            say(
                ev,
                catalog::both!(
                    "suriagehara-t-cup",
                    turn = s.turn.to_string(),
                    cup = (cup.len()).to_string(),
                    cup2 = (cup.join(" ")).to_string()
                ),
            );
            s.stage = Stage::Draw;
        }
        _ => {}
    }
}

// ---------------------------------------------------------------------------------------------------------
// Applying answers

/// Which side answers the current (non-sealed) decision.
pub fn decider(s: &State) -> Option<Side> {
    match s.stage {
        Stage::Substitution { .. } => Some(Side::Ashina),
        Stage::Move | Stage::Plan => Some(fdata(active(s).formation).side),
        Stage::Retreat => Some(combat_seg(s).res.as_ref()?.retreats.side),
        Stage::Replace => replace_candidates(s).map(|(f, _)| fdata(f).side),
        _ => None,
    }
}

fn wrong_kind(expected: impl Fn(Lang) -> String) -> RuleError {
    RuleError::Illegal(crate::engine::in_each_language(|lang| {
        catalog::t!(lang, "suriagehara-this-decision-expects", expected_en = expected(lang))
    }))
}

pub fn apply(s: &mut State, side: Side, action: &Action, roll: &mut dyn Roller) -> Result<Events, RuleError> {
    let mut ev = Vec::new();
    match (s.stage, action) {
        (Stage::Deploy, Action::Deploy { standard, placements }) => {
            let p = if *standard { standard_placements(side) } else { placements.clone() };
            check_deployment(side, &p)?;
            s.sealed[side.idx()] = Some(Sealed::Deploy { placements: p });
            ev.push(
                Event::private(side.seat(), catalog::both!("suriagehara-your-deployment-is-recorded"))
                    .retold(catalog::both!("suriagehara-side-deployment-is-recorded", side = side.code())),
            );
            ev.push(Event::except(
                vec![side.seat()],
                crate::engine::in_each_language(|lang| {
                    catalog::t!(lang, "suriagehara-has-deployed-hidden-until-both", side_name = side.name(lang))
                }),
            ));
            apply_sealed_if_complete(s, roll, &mut ev);
        }
        (Stage::Deploy, _) => return Err(wrong_kind(|lang| catalog::t!(lang, "suriagehara-expects-a-deployment"))),
        (Stage::ChitSelect, Action::Cup { chits }) => {
            let pool = s.pool(side);
            let mut fs: Vec<Fid> = Vec::new();
            for c in chits {
                if !pool.contains(&c.0) {
                    return Err(RuleError::Illegal(catalog::both!(
                        "suriagehara-is-not-in-your-pool",
                        c = c.to_string()
                    )));
                }
                if fs.contains(&c.0) {
                    return Err(RuleError::Illegal(catalog::both!("suriagehara-is-named-twice", c = c.to_string())));
                }
                fs.push(c.0);
            }
            fs.sort();
            s.sealed[side.idx()] = Some(Sealed::Cup { chits: fs });
            ev.push(
                Event::private(side.seat(), catalog::both!("suriagehara-your-chit-selection-is-recorded"))
                    .retold(catalog::both!("suriagehara-side-chit-selection-is-recorded", side = side.code())),
            );
            ev.push(Event::except(
                vec![side.seat()],
                crate::engine::in_each_language(|lang| {
                    catalog::t!(lang, "suriagehara-has-chosen-its-chits-hidden", side_name = side.name(lang))
                }),
            ));
            apply_sealed_if_complete(s, roll, &mut ev);
        }
        (Stage::ChitSelect, _) => {
            return Err(wrong_kind(|lang| catalog::t!(lang, "suriagehara-expects-a-chit-selection")));
        }
        (Stage::Substitution { chit }, Action::Sub { tk }) => {
            if *tk {
                say(
                    &mut ev,
                    crate::engine::in_each_language(|lang| {
                        catalog::t!(lang, "suriagehara-chit-used-for-takazane-tk", code_chit = chit_name(lang, chit))
                    }),
                );
                begin_activation(s, chit, TK, Kind::One, &mut ev);
            } else {
                say(
                    &mut ev,
                    crate::engine::in_each_language(|lang| {
                        catalog::t!(lang, "suriagehara-acts-itself", code_chit = formation_name(lang, chit))
                    }),
                );
                begin_activation(s, chit, chit, kind_of(chit), &mut ev);
            }
        }
        (Stage::Substitution { .. }, _) => {
            return Err(wrong_kind(|lang| catalog::t!(lang, "suriagehara-expects-a-substitution")));
        }
        (Stage::Move, Action::Move { order }) => {
            let (to, cost) = check_order(s, order).map_err(RuleError::Illegal)?;
            do_move(s, order, to, cost, &mut ev);
            if movable_units(s).next().is_none() {
                end_move(s, &mut ev);
            } else {
                ask(s, Stage::Move);
            }
        }
        (Stage::Move, Action::Moves { orders, done }) => {
            for (i, o) in orders.iter().enumerate() {
                match check_order(s, o) {
                    Ok((to, cost)) => do_move(s, o, to, cost, &mut ev),
                    Err(e) => {
                        let p = super::notation::print_order(o);
                        return Err(RuleError::Illegal(crate::engine::in_each_language(|lang| {
                            catalog::t!(
                                lang,
                                "suriagehara-order-is-illegal-nothing-was",
                                i_1 = (i + 1).to_string(),
                                p = p.to_string(),
                                e = e.get(lang)
                            )
                        })));
                    }
                }
            }
            // A batch without `move done` is a run of single moves: the segment goes on while a unit can move.
            if *done || orders.is_empty() || movable_units(s).next().is_none() {
                end_move(s, &mut ev);
            } else {
                ask(s, Stage::Move);
            }
        }
        (Stage::Move, _) => return Err(wrong_kind(|lang| catalog::t!(lang, "suriagehara-expects-move-orders"))),
        (Stage::Plan, Action::Attacks { attacks }) => {
            check_plan(s, attacks).map_err(|e| {
                RuleError::Illegal(crate::engine::in_each_language(|lang| {
                    catalog::t!(lang, "suriagehara-combat-plan-rejected", e = e.get(lang))
                }))
            })?;
            say(
                &mut ev,
                catalog::both!(
                    "suriagehara-combat-plan",
                    super_notation_print_plan = (super::notation::print_plan(attacks)).to_string()
                ),
            );
            combat_seg_mut(s).plan = attacks.clone();
            s.stage = Stage::Resolve;
        }
        (Stage::Plan, _) => return Err(wrong_kind(|lang| catalog::t!(lang, "suriagehara-expects-a-combat-plan"))),
        (Stage::Retreat, Action::Retreat { unit, to }) => {
            let choices = retreat_choices(s);
            if !choices.contains(&(*unit, *to)) {
                let legal: Vec<String> = choices.iter().map(|(u, h)| format!("{u} {h}")).collect();
                return Err(RuleError::Illegal(crate::engine::in_each_language(|lang| {
                    catalog::t!(
                        lang,
                        "suriagehara-retreat-is-not-a-legal",
                        unit = unit.to_string(),
                        to = to.to_string(),
                        legal = legal.join(&catalog::t!(lang, "engine-list-separator"))
                    )
                })));
            }
            let r = &mut res_mut(s).retreats;
            if r.chain.last() == Some(unit) {
                r.chain.pop();
            } else {
                r.queue.retain(|x| x != unit);
            }
            do_retreat(s, *unit, *to, &mut ev);
            s.stage = Stage::Resolve;
        }
        (Stage::Retreat, _) => {
            return Err(wrong_kind(|lang| catalog::t!(lang, "suriagehara-expects-a-retreat")));
        }
        (Stage::Replace, Action::Replace { code: c, unit }) => {
            let (f, cands) = replace_candidates(s).expect("replace pending");
            if c.0 != f || !cands.contains(unit) {
                let legal: Vec<String> = cands.iter().map(|u| format!("replace {} {u}", code(f))).collect();
                return Err(RuleError::Illegal(crate::engine::in_each_language(|lang| {
                    catalog::t!(
                        lang,
                        "suriagehara-not-a-nearest-retainer-of",
                        code_f = (code(f)).to_string(),
                        legal = legal.join(&catalog::t!(lang, "engine-list-separator"))
                    )
                })));
            }
            place_commander(s, f, *unit, &mut ev);
            s.stage = Stage::Resolve;
        }
        (Stage::Replace, _) => {
            return Err(wrong_kind(|lang| catalog::t!(lang, "suriagehara-expects-a-re-placement")));
        }
        (Stage::Draw | Stage::Resolve | Stage::Over, _) => return Err(RuleError::GameOver),
    }
    run(s, roll, &mut ev);
    Ok(ev)
}

pub fn resign(s: &mut State, side: Side) -> Events {
    s.result = Some(GameResult::Winner { side: side.other(), reason: Reason::Resigned });
    s.resigned = Some(side);
    s.stage = Stage::Over;
    vec![Event::public(crate::engine::in_each_language(|lang| {
        catalog::t!(
            lang,
            "suriagehara-resigns-wins",
            side_name = side.name(lang),
            side_other_name = side.other().name(lang)
        )
    }))]
}

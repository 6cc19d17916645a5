//! A cheap judgement of senbat positions and executions, without rolling dice: which executions are worth a
//! place in the tree, which one a playout plays, and how a cut-off playout stands.
//!
//! Random executions say almost nothing in senbat: a random pose, heading and distance seldom meets the enemy,
//! so random playouts wander and every answer looks alike however many are played. Here each sonae gets the few
//! executions a player would weigh (advance, turn towards the nearest enemy, charge when it reaches, shoot the
//! best targets, recover, defend), each judged by the expected damage it deals and takes and the combat it wins.
//! Every figure is an expectation computed from the sample's state; nothing here reads a secret the sample does
//! not already hold, and nothing draws randomness except the playout's pick.

use crate::dice::Rng;
use crate::engine::Seat;
use crate::games::senbat::Action;
use crate::games::senbat::data::{self, CARDS, Class, NCARDS, S, TOL};
use crate::games::senbat::geometry::{self, Rect};
use crate::games::senbat::state::{Movement, State};

/// Executions of one decision the tree tries at most; the best judged are kept, so that the widening spends
/// its visits among sensible answers.
const TREE_EXECUTIONS: usize = 12;
/// Target declarations of one combat the tree tries at most.
const TREE_TARGETS: usize = 8;
/// Share of playout decisions that take the best judged execution; the rest take any sensible one, so that
/// playouts do not all follow one line.
const GREEDY: u64 = 80;
/// Centre distance beyond which two cards cannot be within contact (half diagonals 54.1 mm each, plus 5 mm).
const CONTACT_REACH: f64 = 115.0;
/// Centre distance beyond which no card can stand in a line of fire: range, the tolerance and two half diagonals.
const FIRE_MARGIN: f64 = 120.0;

/// The four spaces a turn may use, as the board names them.
const MV: usize = data::MV;
const SH: usize = data::SH;
const CH: usize = data::CH;
const RD: usize = data::RD;

/// An execution with how good it looks for the player giving it, in damage points (one damage on a troop ≈ 1).
pub(super) struct Judged {
    pub action: Action,
    pub score: f64,
}

fn id(card: usize) -> String {
    CARDS[card].id.to_string()
}

fn class(card: usize) -> Class {
    data::type_def(CARDS[card].utype).class
}

/// What one damage on `card` is worth: damage on the cards whose loss costs tokens or the game counts more.
fn damage_worth(card: usize) -> f64 {
    match class(card) {
        Class::Honjin => 2.0,
        Class::Busho => 1.2,
        Class::Troop => 0.7,
    }
}

/// What destroying `card` is worth besides its damage: the HQ ends the game; a general hands a token over and
/// scatters its troops; three troops hand a token over.
fn kill_worth(card: usize) -> f64 {
    match class(card) {
        Class::Honjin => 20.0,
        Class::Busho => 5.0,
        Class::Troop => 1.5,
    }
}

/// Chance of at least `k` successes in `n` dice of chance `p` each.
fn at_least(n: u32, p: f64, k: u32) -> f64 {
    if k == 0 {
        return 1.0;
    }
    if k > n || p <= 0.0 {
        return 0.0;
    }
    if p >= 1.0 {
        return 1.0;
    }
    let q = 1.0 - p;
    let mut term = 1.0;
    for _ in 0..n {
        term *= q;
    }
    let mut below = 0.0;
    for i in 0..k {
        below += term;
        term *= f64::from(n - i) / f64::from(i + 1) * p / q;
    }
    (1.0 - below).max(0.0)
}

/// Chance that one die of an attack needing `value` against `target` ends as damage, saves included: a save
/// stock saves on 4+ (assumed used), a card's own save on its value.
fn hit_chance(s: &State, value: u8, target: usize) -> f64 {
    let success = f64::from(7u8.saturating_sub(value)) / 6.0;
    let saved = if s.players[s.owner(target) as usize].stock > 0 {
        0.5
    } else {
        data::type_def(CARDS[target].utype).save.map_or(0.0, |v| f64::from(7 - v) / 6.0)
    };
    success * (1.0 - saved)
}

/// Expected damage of `dice` dice with `p` each on `target`, and what it is worth.
fn attack_value(s: &State, dice: u32, p: f64, target: usize) -> (f64, f64) {
    let cap = u32::from(s.cap(target));
    let damage = (f64::from(dice) * p).min(f64::from(cap));
    let worth = damage * damage_worth(target) + at_least(dice, p, cap) * kill_worth(target);
    (damage, worth)
}

/// The on-field cards with their rectangles, once per judgement.
pub(super) struct Field {
    rects: Vec<Option<Rect>>,
}

impl Field {
    pub(super) fn new(s: &State) -> Self {
        Field { rects: (0..NCARDS).map(|c| s.on_field(c).then(|| s.rect(c))).collect() }
    }

    fn rect(&self, card: usize) -> Option<&Rect> {
        self.rects[card].as_ref()
    }
}

fn centre_distance(a: &Rect, b: &Rect) -> f64 {
    let (dx, dy) = (a.c.0 - b.c.0, a.c.1 - b.c.1);
    (dx * dx + dy * dy).sqrt()
}

fn in_contact(a: &Rect, b: &Rect) -> bool {
    centre_distance(a, b) <= CONTACT_REACH && geometry::dist(a, b) <= TOL
}

/// The rectangles of the members of `core`'s sonae at pose (`x`, `y`, `h`).
fn members_at(s: &State, members: &[usize], x: f64, y: f64, h: i32) -> Vec<Rect> {
    members
        .iter()
        .map(|&m| {
            let (a, b) = s.cards[m].slot.offset();
            Rect::new(geometry::local_to_world((x, y), h, a, b), h)
        })
        .collect()
}

/// Where a sonae at `rects` ends moving straight along `u` for at most `d`: the distance covered and the cards
/// it stops against. Only cards near its path can stop it, so only those are swept.
fn straight_motion(field: &Field, core: usize, s: &State, rects: &[Rect], u: (f64, f64), d: f64) -> (f64, Vec<usize>) {
    let centre = rects[0].c;
    let reach = d + 2.0 * CONTACT_REACH;
    let near: Vec<usize> = (0..NCARDS)
        .filter(|&o| {
            s.cards[o].core != Some(core as u8)
                && field.rect(o).is_some_and(|r| {
                    let (dx, dy) = (r.c.0 - centre.0, r.c.1 - centre.1);
                    dx * dx + dy * dy <= reach * reach
                })
        })
        .collect();
    let others: Vec<Rect> = near.iter().map(|&o| *field.rect(o).expect("near cards are on the field")).collect();
    let motion = geometry::straight(rects, &others, u, d);
    (motion.t, motion.contacted.iter().map(|&j| near[j]).collect())
}

/// The expected outcome of a combat `seat`'s sonae fights with its members at `mine`, for `seat`: damage dealt
/// and taken, each by its worth, and the morale of winning it. None when no enemy is in contact.
fn combat_value(s: &State, field: &Field, seat: Seat, mine: &[(usize, Rect)], charge: bool) -> Option<f64> {
    let enemies: Vec<usize> = (0..NCARDS).filter(|&e| field.rect(e).is_some() && s.owner(e) != seat).collect();
    let mut dealt_on = [0.0f64; NCARDS];
    let mut dealt = 0.0;
    let mut dealt_worth = 0.0;
    let mut engaged: Vec<usize> = Vec::new();
    for (m, rm) in mine {
        let touching: Vec<usize> = enemies
            .iter()
            .copied()
            .filter(|&e| in_contact(rm, field.rect(e).expect("enemies are on the field")))
            .collect();
        let td = data::type_def(CARDS[*m].utype);
        let plus = if charge { td.charge_plus1 || CARDS[*m].extra_charge } else { CARDS[*m].extra_melee };
        let mut best: Option<(f64, f64, usize)> = None;
        for &e in &touching {
            if !engaged.contains(&e) {
                engaged.push(e);
            }
            let face = geometry::face_candidates(rm, field.rect(e).expect("on the field"))[0];
            let dice = u32::from(s.cap(*m)) + face.bonus() + u32::from(plus);
            let (damage, worth) = attack_value(s, dice, hit_chance(s, td.attack, e), e);
            if best.is_none_or(|b| worth > b.1) {
                best = Some((damage, worth, e));
            }
        }
        if let Some((damage, worth, e)) = best {
            dealt += damage;
            dealt_worth += worth;
            dealt_on[e] += damage;
        }
    }
    if engaged.is_empty() {
        return None;
    }
    let mut taken = 0.0;
    let mut taken_worth = 0.0;
    for &e in &engaged {
        let re = field.rect(e).expect("on the field");
        let left = if charge { (f64::from(s.cap(e)) - dealt_on[e]).max(0.0) } else { f64::from(s.cap(e)) };
        if left <= 0.0 {
            continue;
        }
        let td = data::type_def(CARDS[e].utype);
        let plus = if charge { td.charge_plus1 || CARDS[e].extra_charge } else { CARDS[e].extra_melee };
        // The defender hits the card it can hurt most among those it touches.
        let mut best: Option<(f64, f64)> = None;
        for (m, rm) in mine {
            if !in_contact(re, rm) {
                continue;
            }
            let face = geometry::face_candidates(re, rm)[0];
            let dice = left.round() as u32 + face.bonus() + u32::from(plus);
            let (damage, worth) = attack_value(s, dice, hit_chance(s, td.attack, *m), *m);
            if best.is_none_or(|b| worth > b.1) {
                best = Some((damage, worth));
            }
        }
        if let Some((damage, worth)) = best {
            taken += damage;
            taken_worth += worth;
        }
    }
    // Ties go to the defender, so the acting side needs a clear margin to expect the morale.
    let win = 1.0 / (1.0 + libm::exp(-1.5 * (dealt - taken - 0.5)));
    let morale = s.players[seat as usize].morale;
    let morale_worth = if morale + 1 >= data::MORALE_TO_WIN { 25.0 } else { 1.5 + 0.5 * f64::from(morale) };
    Some(dealt_worth - taken_worth + win * morale_worth - (1.0 - win) * 0.5)
}

/// Distance from `at` to the nearest enemy card's centre of `seat`, and that card.
fn nearest_enemy(s: &State, field: &Field, seat: Seat, at: (f64, f64)) -> Option<(f64, usize)> {
    (0..NCARDS)
        .filter(|&e| s.owner(e) != seat)
        .filter_map(|e| {
            field.rect(e).map(|r| {
                let (dx, dy) = (r.c.0 - at.0, r.c.1 - at.1);
                ((dx * dx + dy * dy).sqrt(), e)
            })
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
}

/// The turn, in whole degrees within ±90, that points the sonae at `core` towards `target`.
fn aim(s: &State, field: &Field, core: usize, target: usize) -> i32 {
    let k = &s.cards[core];
    let t = field.rect(target).expect("on the field").c;
    let bearing = libm::atan2(t.0 - k.x, t.1 - k.y).to_degrees().round() as i32;
    let delta = (bearing - k.h).rem_euclid(360);
    let delta = if delta > 180 { delta - 360 } else { delta };
    delta.clamp(-90, 90)
}

fn has_shooters(s: &State, core: usize) -> bool {
    s.members(core).iter().any(|&m| data::type_def(CARDS[m].utype).shoot.is_some())
}

/// How a sonae's position is worth after a move that meets no enemy: fighting sonae close in, shooting sonae
/// seek the range of their guns, the HQ keeps away (its loss loses the game).
fn position_worth(s: &State, field: &Field, seat: Seat, core: usize, centre: (f64, f64)) -> f64 {
    let Some((d, _)) = nearest_enemy(s, field, seat, centre) else { return 0.0 };
    if class(core) == Class::Honjin {
        return (d.min(400.0)) / S * 0.3;
    }
    if has_shooters(s, core) {
        // Best just within range of the front rank (2L plus a card's depth), no closer.
        let ideal = 2.0 * data::L + S;
        return -((d - ideal).abs()) / S * 0.25;
    }
    -d / S * 0.3
}

/// Tokens left on `space` for an execution now: none when this turn already uses another space.
fn tokens_left(s: &State, seat: Seat, space: usize) -> u8 {
    let board = s.players[seat as usize].board[space];
    match s.turn.space {
        Some(sp) if sp != space => 0,
        Some(_) => board.saturating_sub(s.turn.used),
        None => board,
    }
}

fn affordable(s: &State, seat: Seat, core: usize, space: usize) -> bool {
    let acts = s.acts_of(core);
    acts < 2 && tokens_left(s, seat, space) > acts
}

/// The distances a Move or Charge of `core` may cover under the game's reading of movement.
fn distances(s: &State, core: usize) -> Vec<u8> {
    let k = s.movement(core);
    if s.options.movement == Movement::Exact { vec![k] } else { (1..=k).collect() }
}

/// A Move of `core` turning by `rot` (assumed unobstructed) and advancing `j` units, judged.
fn judge_move(s: &State, field: &Field, seat: Seat, core: usize, rot: i32, j: u8) -> f64 {
    let members = s.members(core);
    let k = &s.cards[core];
    let h = (k.h + rot).rem_euclid(360);
    let turned = members_at(s, &members, k.x, k.y, h);
    let pair = |rects: &[Rect]| -> Vec<(usize, Rect)> { members.iter().copied().zip(rects.iter().copied()).collect() };
    if rot != 0
        && let Some(v) = combat_value(s, field, seat, &pair(&turned), false)
    {
        return v;
    }
    let u = geometry::fwd(h);
    let (t, hit) = straight_motion(field, core, s, &turned, u, f64::from(j) * S);
    let moved: Vec<Rect> = turned.iter().map(|r| r.translated(u, t)).collect();
    // Bumping one's own cards damages them; a card half off the field is lost.
    let bumps = hit.iter().filter(|&&c| s.owner(c) == seat).map(|&c| damage_worth(c)).sum::<f64>()
        + off_field_loss(&members, &moved);
    let after = match combat_value(s, field, seat, &pair(&moved), false) {
        Some(v) => v,
        None => {
            let before = position_worth(s, field, seat, core, (k.x, k.y));
            position_worth(s, field, seat, core, moved[0].c) - before
        }
    };
    after - bumps
}

/// A Charge of `core` for `j` units, judged; None unless it ends against an enemy without bumping a friend.
fn judge_charge(s: &State, field: &Field, seat: Seat, core: usize, j: u8) -> Option<f64> {
    let members = s.members(core);
    let rects: Vec<Rect> = members.iter().map(|&m| *field.rect(m).expect("members are on the field")).collect();
    let u = geometry::fwd(s.cards[core].h);
    let (t, hit) = straight_motion(field, core, s, &rects, u, f64::from(j) * S);
    if hit.iter().any(|&c| s.owner(c) == seat) {
        return None;
    }
    let moved: Vec<(usize, Rect)> = members.iter().copied().zip(rects.iter().map(|r| r.translated(u, t))).collect();
    let rects: Vec<Rect> = moved.iter().map(|m| m.1).collect();
    Some(combat_value(s, field, seat, &moved, true)? - off_field_loss(&members, &rects))
}

/// What the cards of a sonae at `rects` lose by standing half off the field (a general takes its troops along).
fn off_field_loss(members: &[usize], rects: &[Rect]) -> f64 {
    members
        .iter()
        .zip(rects)
        .filter(|(_, r)| geometry::left_field(r))
        .map(|(&m, _)| if class(m) == Class::Busho { 3.0 * kill_worth(m) } else { kill_worth(m) })
        .sum()
}

/// Enemy cards `shooter` may fire at where it stands: the engine's test of the lines of fire, run only on the
/// cards near enough to be reached or to stand in the way, which gives the same answer.
fn shoot_targets(s: &State, field: &Field, shooter: usize) -> Vec<usize> {
    let Some((_, range)) = data::type_def(CARDS[shooter].utype).shoot else { return Vec::new() };
    let Some(sr) = field.rect(shooter) else { return Vec::new() };
    let me = s.owner(shooter);
    let reach = range + FIRE_MARGIN;
    let near: Vec<usize> = (0..NCARDS)
        .filter(|&o| o != shooter && field.rect(o).is_some_and(|r| centre_distance(sr, r) <= reach))
        .collect();
    let rects: Vec<Rect> = near.iter().map(|&o| *field.rect(o).expect("on the field")).collect();
    let ignore = data::type_def(CARDS[shooter].utype).ignore_cover;
    near.iter()
        .enumerate()
        .filter(|&(j, &o)| {
            s.owner(o) != me && {
                // Lines of fire start at the front edge, so a card whose centre lies more than a half diagonal
                // behind it cannot be reached.
                let (_, b) = sr.to_local(rects[j].c);
                b > data::HALF_D - 55.0 && geometry::visible_rays(sr, &rects, j, range, ignore) > 0
            }
        })
        .map(|(_, &o)| o)
        .collect()
}

/// A Shoot of `core` without turning, each shooter at the target it hurts most; None if nobody can fire.
fn judge_shoot(s: &State, field: &Field, core: usize) -> Option<(Vec<(String, String)>, f64)> {
    let mut fire = Vec::new();
    let mut total = 0.0;
    let mut dealt_on = [0.0f64; NCARDS];
    for m in s.members(core) {
        let Some((value, _)) = data::type_def(CARDS[m].utype).shoot else { continue };
        let mut best: Option<(f64, f64, usize)> = None;
        for t in shoot_targets(s, field, m) {
            // A card already likely destroyed by an earlier shooter is a wasted shot.
            if dealt_on[t] >= f64::from(s.cap(t)) {
                continue;
            }
            let (damage, worth) = attack_value(s, u32::from(s.cap(m)), hit_chance(s, value, t), t);
            if best.is_none_or(|b| worth > b.1) {
                best = Some((damage, worth, t));
            }
        }
        if let Some((damage, worth, t)) = best {
            dealt_on[t] += damage;
            total += worth;
            fire.push((id(m), id(t)));
        }
    }
    (!fire.is_empty()).then_some((fire, total))
}

/// The executions `seat` would weigh now, each judged; `End` too when the turn may stop. Never empty when an
/// execution is pending: the plainest legal ones stand in when nothing looks useful.
pub(super) fn executions(s: &State, seat: Seat, first: bool) -> Vec<Judged> {
    let field = Field::new(s);
    let mut out: Vec<Judged> = Vec::new();
    let army = s.players[seat as usize].army;
    let cores: Vec<usize> = data::cores_of(army).into_iter().filter(|&c| s.on_field(c)).collect();
    for &core in &cores {
        let sonae = id(core);
        if affordable(s, seat, core, MV) {
            let mut turns = vec![0];
            if let Some((_, target)) = nearest_enemy(s, &field, seat, (s.cards[core].x, s.cards[core].y)) {
                let rot = aim(s, &field, core, target);
                if rot.abs() >= 4 {
                    turns.push(rot);
                }
            }
            for rot in turns {
                for j in distances(s, core) {
                    let score = judge_move(s, &field, seat, core, rot, j);
                    out.push(Judged {
                        action: Action::Move { sonae: sonae.clone(), form: None, rot, back: false, j },
                        score,
                    });
                }
            }
        }
        if affordable(s, seat, core, CH) {
            // A longer charge stops at the same first contact, so the shortest that reaches is enough.
            if let Some((j, score)) =
                distances(s, core).into_iter().find_map(|j| Some((j, judge_charge(s, &field, seat, core, j)?)))
            {
                out.push(Judged { action: Action::Charge { sonae: sonae.clone(), j }, score });
            }
        }
        if affordable(s, seat, core, SH)
            && let Some((fire, score)) = judge_shoot(s, &field, core)
        {
            out.push(Judged { action: Action::Shoot { sonae: sonae.clone(), rot: 0, fire }, score });
        }
    }
    if tokens_left(s, seat, RD) > 0 {
        let stock = s.players[seat as usize].stock;
        if stock < data::SAVE_STOCK_MAX {
            out.push(Judged { action: Action::Defend, score: 0.6 - 0.2 * f64::from(stock) });
        }
        let damaged = (0..NCARDS)
            .filter(|&c| s.on_field(c) && s.owner(c) == seat && s.cards[c].damage > 0 && class(c) != Class::Honjin)
            .max_by(|&a, &b| damage_worth(a).total_cmp(&damage_worth(b)));
        if let Some(c) = damaged {
            out.push(Judged { action: Action::Recover { card: Some(id(c)) }, score: 0.5 * damage_worth(c) });
        }
    }
    if out.is_empty() {
        // Nothing useful: the plainest legal execution on a space this turn may use.
        if let Some(&core) = cores.iter().find(|&&c| affordable(s, seat, c, SH)) {
            out.push(Judged { action: Action::Shoot { sonae: id(core), rot: 0, fire: Vec::new() }, score: -1.0 });
        } else if let Some(&core) = cores.iter().find(|&&c| affordable(s, seat, c, CH)) {
            let j = distances(s, core)[0];
            out.push(Judged { action: Action::Charge { sonae: id(core), j }, score: -1.0 });
        } else if tokens_left(s, seat, RD) > 0 {
            out.push(Judged { action: Action::Recover { card: None }, score: -1.0 });
        }
    }
    if !first {
        out.push(Judged { action: Action::End, score: 0.0 });
    }
    out
}

/// The best judged executions, for the tree: a fixed set for a given state, so that the tree's answers meet
/// again from sample to sample.
pub(super) fn tree_executions(s: &State, seat: Seat, first: bool) -> Vec<Action> {
    let mut judged = executions(s, seat, first);
    judged.sort_by(|a, b| b.score.total_cmp(&a.score));
    let mut out: Vec<Action> = judged.into_iter().take(TREE_EXECUTIONS).map(|j| j.action).collect();
    if !first && !out.contains(&Action::End) {
        out.push(Action::End);
    }
    out
}

/// The execution a playout plays: mostly the best judged, sometimes any of them.
pub(super) fn playout_execution(s: &State, seat: Seat, first: bool, rng: &mut Rng) -> Option<Action> {
    let judged = executions(s, seat, first);
    if judged.is_empty() {
        return None;
    }
    if rng.below(100) < GREEDY {
        judged.into_iter().max_by(|a, b| a.score.total_cmp(&b.score)).map(|j| j.action)
    } else {
        let k = rng.index(judged.len());
        judged.into_iter().nth(k).map(|j| j.action)
    }
}

/// For each engaged card with a choice, the target it hurts most (`choices` as the engine lists them).
pub(super) fn best_targets(s: &State, choices: &[(u8, Vec<u8>)]) -> Vec<(String, String)> {
    let field = Field::new(s);
    choices
        .iter()
        .map(|(a, opts)| {
            let a = *a as usize;
            let t = opts
                .iter()
                .map(|&o| o as usize)
                .max_by(|&x, &y| target_worth(s, &field, a, x).total_cmp(&target_worth(s, &field, a, y)))
                .expect("a listed card has options");
            (id(a), id(t))
        })
        .collect()
}

/// Target declarations for the tree when the engine's list is long (it multiplies every card's options, up to
/// thousands in a crowded melee): the best target of every card, and each single change from it. None when the
/// list is short enough to try whole.
pub(super) fn tree_targets(s: &State, choices: &[(u8, Vec<u8>)]) -> Option<Vec<Action>> {
    let combinations = choices.iter().try_fold(1usize, |n, (_, opts)| n.checked_mul(opts.len().max(1)));
    if combinations.is_some_and(|n| n <= TREE_TARGETS) {
        return None;
    }
    let best = best_targets(s, choices);
    let mut out = vec![Action::Targets { pairs: best.clone() }];
    for (k, (_, opts)) in choices.iter().enumerate() {
        for &o in opts {
            if out.len() >= TREE_TARGETS {
                return Some(out);
            }
            let mut pairs = best.clone();
            if pairs[k].1 != CARDS[o as usize].id {
                pairs[k].1 = id(o as usize);
                out.push(Action::Targets { pairs });
            }
        }
    }
    Some(out)
}

fn target_worth(s: &State, field: &Field, attacker: usize, target: usize) -> f64 {
    let (Some(ra), Some(rt)) = (field.rect(attacker), field.rect(target)) else { return 0.0 };
    let face = geometry::face_candidates(ra, rt)[0];
    let td = data::type_def(CARDS[attacker].utype);
    let dice = u32::from(s.cap(attacker)) + face.bonus() + 1;
    attack_value(s, dice, hit_chance(s, td.attack, target), target).1
}

/// How good a cut-off position looks for each seat: a win chance from morale (six wins), tokens (twice the
/// other's wins, and every transfer is one), the strength left on the field, the HQ's health and the stock.
pub(super) fn estimate(s: &State) -> Vec<f64> {
    let side = |q: usize| -> f64 {
        let seat = q as Seat;
        let p = &s.players[q];
        let strength: f64 = (0..NCARDS)
            .filter(|&c| s.on_field(c) && s.owner(c) == seat)
            .map(|c| {
                let cap = f64::from(s.cap(c));
                match class(c) {
                    Class::Honjin => 1.5 * cap,
                    Class::Busho => 1.0 * cap + 2.0,
                    Class::Troop => 0.6 * cap,
                }
            })
            .sum();
        let morale = f64::from(p.morale);
        // Six morale wins outright, so the last points count more than the first.
        0.35 * morale
            + 0.05 * morale * morale
            + 1.2 * f64::from(s.tokens(seat))
            + 0.12 * strength
            + 0.1 * f64::from(p.troop_kills % 3)
            + 0.1 * f64::from(p.stock)
    };
    let x = side(0) - side(1);
    let p0 = 1.0 / (1.0 + libm::exp(-x));
    vec![p0, 1.0 - p0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;
    use crate::games::senbat::Senbat;
    use crate::games::senbat::state::AskKind;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn chances_of_at_least_k_successes() {
        assert!(close(at_least(3, 0.5, 2), 0.5));
        assert!(close(at_least(2, 1.0 / 6.0, 1), 11.0 / 36.0));
        assert!(close(at_least(4, 0.3, 0), 1.0));
        assert!(close(at_least(2, 0.3, 3), 0.0));
        assert!(close(at_least(3, 0.0, 1), 0.0));
        // A die that always hits (a value of 1 against a card without a save) always reaches its count.
        assert!(close(at_least(3, 1.0, 3), 1.0));
    }

    /// Along random games: every execution offered to the tree and every one a playout plays is accepted by
    /// the rules, the tree's come best judged first, and a second action may always end the turn.
    #[test]
    fn judged_executions_are_legal() {
        let (mut offered, mut played) = (0, 0);
        for game in 0..3u64 {
            let mut dice = Rng::from_seed(format!("senbat tactics {game}").as_bytes());
            let mut state = Senbat::setup(&Default::default(), 2, &mut dice).expect("setup");
            let mut players = Rng::from_seed(format!("senbat tactics players {game}").as_bytes());
            while let Some(p) = Senbat::pending(&state).into_iter().next() {
                if let Some(AskKind::Act { seat, first }) = state.ask.as_ref().map(|a| a.kind.clone()) {
                    let tree = tree_executions(&state, seat, first);
                    assert!(!tree.is_empty(), "an act has executions");
                    assert!(first || tree.contains(&Action::End), "a second action may end the turn");
                    for action in &tree {
                        Senbat::apply(&mut state.clone(), &p.id, p.seat, action, &mut dice.clone())
                            .unwrap_or_else(|e| panic!("tree execution {action:?} refused: {e}"));
                        offered += 1;
                    }
                    let mut judged = executions(&state, seat, first);
                    judged.sort_by(|a, b| b.score.total_cmp(&a.score));
                    let best: Vec<&Action> = judged.iter().take(TREE_EXECUTIONS).map(|j| &j.action).collect();
                    assert_eq!(best, tree.iter().take(best.len()).collect::<Vec<_>>(), "best judged first");
                    let playout = playout_execution(&state, seat, first, &mut players).expect("an execution");
                    Senbat::apply(&mut state.clone(), &p.id, p.seat, &playout, &mut dice.clone())
                        .unwrap_or_else(|e| panic!("playout execution {playout:?} refused: {e}"));
                    played += 1;
                }
                let action = Senbat::random_action(&state, &p.id, &mut players).expect("an answer");
                Senbat::apply(&mut state, &p.id, p.seat, &action, &mut dice).expect("random answers are legal");
            }
        }
        assert!(offered > 100 && played > 20, "{offered} offered and {played} played");
    }
}

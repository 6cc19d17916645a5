//! What may be answered (`legal`) and a random legal answer (`random_action`) for every decision.
//! Continuous decisions (deployment poses, executions) are `Space::Described`: parameter ranges in words
//! plus a few legal examples; `apply` validates and explains a rejection.

use crate::dice::Rng;
use crate::engine::{Choices, Localized, Space};

use super::action::Action;
use super::data::{self, CARDS, FIELD_W, Slot, TROOP_SLOTS};
use super::rules::{self, check_exec, pending, shoot_targets};
use super::state::*;

fn ask_of<'a>(s: &'a State, decision: &str) -> Option<(&'a AskKind, u8)> {
    let p = pending(s).into_iter().find(|p| p.id == decision)?;
    Some((&s.ask.as_ref()?.kind, p.seat))
}

fn all_tokens() -> Vec<Action> {
    let mut v = Vec::new();
    for a in 0..=4u8 {
        for b in 0..=4 - a {
            for c in 0..=4 - a - b {
                v.push(Action::Tokens { counts: [a, b, c, 4 - a - b - c] });
            }
        }
    }
    v
}

fn target_combos(choices: &[(u8, Vec<u8>)]) -> Vec<Action> {
    let mut out: Vec<Vec<(String, String)>> = vec![Vec::new()];
    for (a, opts) in choices {
        let mut next = Vec::new();
        for prefix in &out {
            for o in opts {
                let mut p = prefix.clone();
                p.push((CARDS[*a as usize].id.to_string(), CARDS[*o as usize].id.to_string()));
                next.push(p);
            }
        }
        out = next;
        if out.len() > 2000 {
            break;
        }
    }
    out.into_iter().map(|pairs| Action::Targets { pairs }).collect()
}

fn stock_options() -> Vec<Action> {
    let mut v = vec![
        Action::Stock { use_it: true },
        Action::Stock { use_it: false },
        Action::PolicyStock { policy: StockPolicy::Never },
    ];
    v.extend((1..=3).map(|n| Action::PolicyStock { policy: StockPolicy::Min(n) }));
    v
}

fn kenkon_options(s: &State, seat: u8) -> Vec<Action> {
    let mut v = vec![Action::Kenkon { space: None }, Action::PolicyKenkon { never: true }];
    for sp in 0..4 {
        if s.players[seat as usize].board[sp] > 0 {
            v.push(Action::Kenkon { space: Some(sp) });
        }
    }
    v
}

fn senkyo_options(s: &State, seat: u8) -> Vec<Action> {
    let victim = 1 - seat as usize;
    let mut v = Vec::new();
    for take in 0..4 {
        if s.players[victim].board[take] > 0 {
            for put in 0..4 {
                v.push(Action::Senkyo { take, put });
            }
        }
    }
    v
}

fn heal_options(options: &[u8]) -> Vec<Action> {
    options.iter().map(|&i| Action::Heal { card: CARDS[i as usize].id.to_string() }).collect()
}

pub(crate) fn legal(s: &State, decision: &str) -> Option<Choices<Action>> {
    let (kind, seat) = ask_of(s, decision)?;
    let list = |prompt: Localized, options: Vec<Action>| Some(Choices::list(prompt, options));
    match kind {
        AskKind::Tokens => list(catalog::both!("senbat-place-your-action-tokens-sealed"), all_tokens()),
        AskKind::Targets { choices, code, .. } => {
            let opts = target_combos(choices);
            let prompt = catalog::both!("senbat-d-choose-one-adjacent-target", code = code.to_string());
            if opts.len() <= 2000 {
                Some(Choices::list(prompt, opts))
            } else {
                Some(Choices {
                    prompt,
                    space: Space::Described {
                        help: catalog::both!("senbat-one-pair-per-listed-card"),
                        examples: opts.into_iter().take(3).collect(),
                    },
                })
            }
        }
        AskKind::Stock { .. } => list(catalog::both!("senbat-use-your-save-stock-a"), stock_options()),
        AskKind::Kenkon { .. } => list(catalog::both!("senbat-kenkon-itteki-discard-a-token"), kenkon_options(s, seat)),
        AskKind::Senkyo { .. } => list(catalog::both!("senbat-battle-situation-take-a-token"), senkyo_options(s, seat)),
        AskKind::Heal { options, .. } => {
            list(catalog::both!("senbat-recover-succeeded-choose-the-card"), heal_options(options))
        }
        AskKind::Organise => {
            let examples = vec![Action::OrganiseQuick, example_org(s, seat)];
            Some(Choices {
                prompt: catalog::both!("senbat-organise-your-sonae-sealed-every"),
                space: Space::Described { help: catalog::both!("senbat-sonae-core-card-card-core"), examples },
            })
        }
        AskKind::Deploy { .. } => {
            let mut rng = Rng::from_seed(format!("examples {decision}").as_bytes());
            let mut examples = Vec::new();
            if let Some(a) = random_deploy(s, seat, &mut rng, 200) {
                examples.push(a);
            }
            if s.players[seat as usize].quick_org
                && let Some(a) = rules::quick_deploy_action(s, seat)
                && rules::apply_deploy_check(&mut s.clone(), seat, &a, &mut Vec::new())
            {
                examples.push(Action::DeployQuick);
            }
            examples.extend(deploy_escapes(s, seat));
            let (_, y0, _, y1) = rules::zone(s, seat);
            Some(Choices {
                prompt: catalog::both!("senbat-deploy-one-sonae-in-your"),
                space: Space::Described {
                    help: catalog::both!("senbat-deploy-core-at-x-y", y0 = y0.to_string(), y1 = y1.to_string()),
                    examples,
                },
            })
        }
        AskKind::Act { first, .. } => {
            let mut examples: Vec<Action> = Vec::new();
            let mut rng = Rng::from_seed(format!("examples {decision}").as_bytes());
            for a in simple_execs(s, seat) {
                if check_exec(s, seat, &a).is_ok() && !examples.contains(&a) {
                    examples.push(a);
                }
            }
            for _ in 0..3 {
                if let Some(a) = random_exec(s, seat, &mut rng, false)
                    && !examples.contains(&a)
                {
                    examples.push(a);
                }
            }
            if !first {
                examples.push(Action::End);
            }
            let space_note = match s.turn.space {
                Some(sp) => catalog::both!(
                    "senbat-space-note-this-turn",
                    space = data::SPACES[sp],
                    left = s.players[seat as usize].board[sp] - s.turn.used
                ),
                None => catalog::both!("senbat-space-note-any"),
            };
            Some(Choices {
                prompt: if *first {
                    catalog::both!("senbat-prompt-first-execution")
                } else {
                    catalog::both!("senbat-prompt-another-execution")
                },
                space: Space::Described {
                    help: crate::engine::in_each_language(|lang| {
                        catalog::t!(lang, "senbat-move-sonae-form-slot-card", space_note = space_note.get(lang))
                    }),
                    examples,
                },
            })
        }
    }
}

fn example_org(s: &State, seat: u8) -> Action {
    let army = s.players[seat as usize].army;
    let cores = data::cores_of(army);
    let mut sonae: Vec<(String, Vec<String>)> = cores.iter().map(|&c| (CARDS[c].id.to_string(), Vec::new())).collect();
    for (k, t) in data::troops_of(army).enumerate() {
        sonae[k % 4].1.push(CARDS[t].id.to_string());
    }
    Action::Organise { sonae }
}

fn deploy_escapes(s: &State, seat: u8) -> Vec<Action> {
    let p = &s.players[seat as usize];
    let mut v = Vec::new();
    if !p.reset_used {
        v.push(Action::DeployReset);
    } else {
        for c in data::cores_of(p.army).into_iter().skip(1) {
            if s.cards[c].status == Status::InHand {
                v.push(Action::DeployForfeit { core: CARDS[c].id.to_string() });
            }
        }
    }
    v
}

fn simple_execs(s: &State, seat: u8) -> Vec<Action> {
    let mut v = Vec::new();
    for c in data::cores_of(s.players[seat as usize].army) {
        if s.on_field(c) {
            let id = CARDS[c].id.to_string();
            // Under the `exact` reading of movement the only legal distance is the sonae's movement.
            let j = if s.options.movement == Movement::Exact { s.movement(c) } else { 1 };
            v.push(Action::Move { sonae: id.clone(), form: None, rot: 0, back: false, j });
            v.push(Action::Shoot { sonae: id.clone(), rot: 0, fire: Vec::new() });
            v.push(Action::Charge { sonae: id, j });
        }
    }
    v.push(Action::Recover { card: None });
    v.push(Action::Defend);
    v
}

/// A random formation for `n` troops: a random valid slot set.
fn random_slots(n: usize, rng: &mut Rng) -> Vec<Slot> {
    loop {
        let mut order = TROOP_SLOTS.to_vec();
        rng.shuffle(&mut order);
        let mut chosen: Vec<Slot> = Vec::new();
        for sl in order {
            if chosen.len() == n {
                break;
            }
            let mut test = chosen.clone();
            test.push(sl);
            if data::formation_ok(&test).is_ok() {
                chosen.push(sl);
            }
        }
        if chosen.len() == n {
            return chosen;
        }
    }
}

fn tenths(rng: &mut Rng, lo: f64, hi: f64) -> f64 {
    let (a, b) = ((lo * 10.0).ceil() as i64, (hi * 10.0).floor() as i64);
    if a >= b {
        return a as f64 / 10.0;
    }
    rng.range_inclusive(a, b) as f64 / 10.0
}

/// Tries random poses for an undeployed sonae (the HQ first); None if nothing fits in `tries`.
fn random_deploy(s: &State, seat: u8, rng: &mut Rng, tries: usize) -> Option<Action> {
    let cores: Vec<usize> = data::cores_of(s.players[seat as usize].army)
        .into_iter()
        .filter(|&c| s.cards[c].status == Status::InHand)
        .collect();
    let core = *cores.first()?;
    let troops: Vec<usize> =
        s.organised_members(core).into_iter().filter(|&m| m != core && s.cards[m].status == Status::InHand).collect();
    let (_, y0, _, y1) = rules::zone(s, seat);
    let south = Some(seat) == s.sente;
    for _ in 0..tries {
        let slots = random_slots(troops.len(), rng);
        let form: Vec<(Slot, String)> =
            slots.iter().zip(troops.iter()).map(|(sl, &t)| (*sl, CARDS[t].id.to_string())).collect();
        let bmin = slots.iter().map(|s| s.offset().1).fold(0.0f64, f64::min) - 31.5;
        let bmax = slots.iter().map(|s| s.offset().1).fold(0.0f64, f64::max) + 31.5;
        let amin = slots.iter().map(|s| s.offset().0).fold(0.0f64, f64::min) - 44.0;
        let amax = slots.iter().map(|s| s.offset().0).fold(0.0f64, f64::max) + 44.0;
        let tilt = if rng.coin() { 0 } else { rng.range_inclusive(-8, 8) as i32 };
        let (h, ylo, yhi, xlo, xhi) = if south {
            (tilt.rem_euclid(360), y0 - bmin, y1 - bmax, -amin, FIELD_W - amax)
        } else {
            (180 + tilt, y0 + bmax, y1 + bmin, amax, FIELD_W + amin)
        };
        let x = tenths(rng, xlo, xhi);
        let y = tenths(rng, ylo, yhi);
        let a = Action::Deploy { core: CARDS[core].id.to_string(), x, y, h, form };
        let mut sim = s.clone();
        let mut ev = Vec::new();
        if rules::apply_deploy_check(&mut sim, seat, &a, &mut ev) {
            return Some(a);
        }
    }
    None
}

/// A random execution; `allow_end` adds `end` as one of the choices.
fn random_exec(s: &State, seat: u8, rng: &mut Rng, allow_end: bool) -> Option<Action> {
    let p = &s.players[seat as usize];
    let spaces: Vec<usize> = match s.turn.space {
        Some(sp) => vec![sp],
        None => (0..4).filter(|&i| p.board[i] > 0).collect(),
    };
    if allow_end && rng.below(4) == 0 {
        return Some(Action::End);
    }
    for _ in 0..12 {
        let sp = *rng.choose(&spaces)?;
        let cores: Vec<usize> =
            data::cores_of(p.army).into_iter().filter(|&c| s.on_field(c) && s.acts_of(c) < 2).collect();
        let a = if sp == data::RD {
            if p.stock < 3 && rng.coin() {
                Action::Defend
            } else {
                let damaged: Vec<usize> = (0..data::NCARDS)
                    .filter(|&i| {
                        s.on_field(i)
                            && s.owner(i) == seat
                            && s.cards[i].damage > 0
                            && CARDS[i].utype != data::UType::Honjin
                    })
                    .collect();
                Action::Recover {
                    card: if !damaged.is_empty() && rng.coin() {
                        Some(CARDS[*rng.choose(&damaged).unwrap()].id.to_string())
                    } else {
                        None
                    },
                }
            }
        } else {
            let Some(&core) = rng.choose(&cores) else { continue };
            let id = CARDS[core].id.to_string();
            let k = s.movement(core) as i64;
            // Drawn in every reading, so that the default reading's random games stay what they were.
            let exact = s.options.movement == Movement::Exact;
            let distance = |rng: &mut Rng| {
                let j = rng.range_inclusive(1, k) as u8;
                if exact { k as u8 } else { j }
            };
            let rot = if rng.below(3) == 0 { rng.range_inclusive(-90, 90) as i32 } else { 0 };
            match sp {
                data::MV => {
                    let damaged = s.members(core).iter().any(|&m| s.cards[m].damage > 0);
                    let back = damaged && rng.below(4) == 0;
                    let troops: Vec<usize> = s.members(core).into_iter().filter(|&m| m != core).collect();
                    let form = if !troops.is_empty() && rng.below(8) == 0 {
                        let slots = random_slots(troops.len(), rng);
                        Some(slots.iter().zip(troops.iter()).map(|(sl, &t)| (*sl, CARDS[t].id.to_string())).collect())
                    } else {
                        None
                    };
                    Action::Move { sonae: id, form, rot, back, j: distance(rng) }
                }
                data::SH => {
                    let mut sim = s.clone();
                    if rot != 0 {
                        rules::sim_rotate(&mut sim, core, rot);
                    }
                    let mut fire = Vec::new();
                    for m in sim.members(core) {
                        let ts = shoot_targets(&sim, m);
                        if let Some(&t) = rng.choose(&ts) {
                            fire.push((CARDS[m].id.to_string(), CARDS[t].id.to_string()));
                        }
                    }
                    Action::Shoot { sonae: id, rot, fire }
                }
                _ => Action::Charge { sonae: id, j: distance(rng) },
            }
        };
        if check_exec(s, seat, &a).is_ok() {
            return Some(a);
        }
    }
    None
}

fn fallback_exec(s: &State, seat: u8) -> Action {
    if s.turn.space.is_some() {
        return Action::End;
    }
    simple_execs(s, seat).into_iter().find(|a| check_exec(s, seat, a).is_ok()).unwrap_or(Action::Recover { card: None })
}

pub(crate) fn random_action(s: &State, decision: &str, rng: &mut Rng) -> Option<Action> {
    let (kind, seat) = ask_of(s, decision)?;
    let pick = |v: Vec<Action>, rng: &mut Rng| rng.choose(&v).cloned();
    match kind {
        AskKind::Tokens => pick(all_tokens(), rng),
        AskKind::Targets { choices, .. } => {
            let pairs = choices
                .iter()
                .map(|(a, opts)| {
                    (CARDS[*a as usize].id.to_string(), CARDS[*rng.choose(opts).unwrap() as usize].id.to_string())
                })
                .collect();
            Some(Action::Targets { pairs })
        }
        AskKind::Stock { .. } => pick(stock_options(), rng),
        AskKind::Kenkon { .. } => pick(kenkon_options(s, seat), rng),
        AskKind::Senkyo { .. } => pick(senkyo_options(s, seat), rng),
        AskKind::Heal { options, .. } => pick(heal_options(options), rng),
        AskKind::Organise => {
            if rng.coin() {
                return Some(Action::OrganiseQuick);
            }
            let army = s.players[seat as usize].army;
            let cores = data::cores_of(army);
            let mut sonae: Vec<(String, Vec<String>)> =
                cores.iter().map(|&c| (CARDS[c].id.to_string(), Vec::new())).collect();
            for t in data::troops_of(army) {
                loop {
                    let k = rng.index(4);
                    if sonae[k].1.len() < 6 {
                        sonae[k].1.push(CARDS[t].id.to_string());
                        break;
                    }
                }
            }
            Some(Action::Organise { sonae })
        }
        AskKind::Deploy { .. } => {
            if s.players[seat as usize].quick_org
                && rng.coin()
                && let Some(a) = rules::quick_deploy_action(s, seat)
                && rules::apply_deploy_check(&mut s.clone(), seat, &a, &mut Vec::new())
            {
                return Some(Action::DeployQuick);
            }
            if let Some(a) = random_deploy(s, seat, rng, 300) {
                return Some(a);
            }
            deploy_escapes(s, seat).into_iter().next()
        }
        AskKind::Act { first, .. } => Some(random_exec(s, seat, rng, !first).unwrap_or_else(|| fallback_exec(s, seat))),
    }
}

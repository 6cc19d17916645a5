//! The `Engine` implementation: decisions, legal answers, random answers and the outcome.

use serde::{Deserialize, Serialize};

use crate::dice::Rng;
use crate::engine::{
    Choices, Engine, Event, GameInfo, Lang, Localized, Mode, NotationError, Outcome, Pending, RenderContext,
    ResultKind, RuleError, Seat, SetupError, Space, Viewer,
};

use super::action::{Action, Attack, Code, MoveOrder, Placement, UnitId};
use super::data::{Side, TURNS, fdata, side_fids};
use super::hex::Hex;
use super::notation;
use super::rules;
use super::state::{Chit, FirstMove, GameResult, Reason, Stage, State, SupremeCommander};
use super::view::{self, View};

/// 摺上原の合戦 (Suriagehara no Kassen).
pub struct Suriagehara;

/// Creation options: the readings of the rulebook a game plays where its words support two
/// (docs/rules/suriagehara.md, "Readings"). The defaults are the spec's choices.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = SuriageharaOptions))]
pub struct Options {
    pub first_move: FirstMove,
    /// The number of turns (reading 2): the rulebook gives none; the wind markers lie on turns 4-6.
    #[cfg_attr(feature = "openapi", schema(minimum = 6, maximum = 12))]
    pub turns: u8,
    pub supreme_commander: SupremeCommander,
}

impl Default for Options {
    fn default() -> Self {
        Options { first_move: FirstMove::default(), turns: TURNS, supreme_commander: SupremeCommander::default() }
    }
}

/// The game lengths `turns` allows: the wind markers need turns 4 to 6, and a day of battle ends by 19:00.
pub const TURNS_ALLOWED: std::ops::RangeInclusive<u8> = 6..=12;

pub fn kind_name(stage: Stage) -> &'static str {
    match stage {
        Stage::Deploy => "deploy",
        Stage::ChitSelect => "cup",
        Stage::Substitution { .. } => "substitution",
        Stage::Move => "move",
        Stage::Plan => "combat_plan",
        Stage::Retreat => "retreat",
        Stage::Replace => "replace",
        Stage::Draw | Stage::Resolve | Stage::Over => "none",
    }
}

pub fn pending(s: &State) -> Vec<Pending> {
    match s.stage {
        Stage::Over | Stage::Draw | Stage::Resolve => Vec::new(),
        Stage::Deploy | Stage::ChitSelect => [Side::Ashina, Side::Date]
            .into_iter()
            .filter(|side| s.asked[side.idx()] && s.sealed[side.idx()].is_none())
            .map(|side| Pending {
                id: format!("d{}{}", s.step, if side == Side::Ashina { "a" } else { "d" }),
                seat: side.seat(),
                kind: kind_name(s.stage).into(),
                mode: Mode::Sealed { group: format!("d{}", s.step) },
                public: true,
            })
            .collect(),
        _ => match rules::decider(s) {
            Some(side) => vec![Pending::alone(format!("d{}", s.step), side.seat(), kind_name(s.stage))],
            None => Vec::new(),
        },
    }
}

fn pending_side(s: &State, decision: &str) -> Option<Side> {
    pending(s).into_iter().find(|p| p.id == decision).map(|p| Side::from_seat(p.seat))
}

fn prompt(s: &State, side: Side) -> Localized {
    let f = s.activation.as_ref().map(|a| a.formation);
    let fcode = f.map(|f| fdata(f).code).unwrap_or("-");
    match s.stage {
        Stage::Deploy => crate::engine::in_each_language(|lang| {
            catalog::t!(lang, "suriagehara-deploy-the-army-deploy-standard", side = side.name(lang))
        }),
        Stage::ChitSelect => catalog::both!("suriagehara-turn-choose-which-pool-chits", turn = s.turn.to_string()),
        Stage::Substitution { chit } => crate::engine::in_each_language(|lang| {
            catalog::t!(lang, "suriagehara-drawn-let-tomita-takazane-act", chit = rules::chit_name(lang, chit))
        }),
        Stage::Move => catalog::both!("suriagehara-movement-segment-move-orders-one", fcode = fcode.to_string()),
        Stage::Plan => catalog::both!("suriagehara-combat-segment-the-whole-combat", fcode = fcode.to_string()),
        Stage::Retreat => {
            let mut units: Vec<String> = rules::retreat_choices(s).iter().map(|(u, _)| u.to_string()).collect();
            units.dedup();
            crate::engine::in_each_language(|lang| {
                catalog::t!(
                    lang,
                    "suriagehara-retreat-one-hex-choose-a",
                    units = units.join(&catalog::t!(lang, "engine-list-separator"))
                )
            })
        }
        Stage::Replace => {
            let f = rules::replace_candidates(s).map(|(f, _)| f).unwrap_or(0);
            crate::engine::in_each_language(|lang| {
                catalog::t!(
                    lang,
                    "suriagehara-re-place-on-a-nearest-retainer",
                    leader = rules::leader_name(lang, f),
                    code = fdata(f).code
                )
            })
        }
        _ => catalog::both!("suriagehara-no-decision"),
    }
}

fn move_examples(s: &State) -> Vec<Action> {
    let mut out = vec![Action::Moves { orders: Vec::new(), done: true }];
    if let Some(batch) = random_batch(s, &mut Rng::from_seed(b"suriagehara example")) {
        out.push(batch);
    }
    let movable = rules::movable(s);
    for (u, d) in &movable {
        for h in d.keys().rev().take(3) {
            out.push(Action::Move { order: MoveOrder { unit: *u, to: *h, path: None } });
        }
    }
    out.truncate(12);
    out
}

/// A batch of moves for every movable unit in a random order, built against the evolving position.
fn random_batch(s: &State, rng: &mut Rng) -> Option<Action> {
    let mut sim = s.clone();
    let mut orders = Vec::new();
    loop {
        let movable = rules::movable(&sim);
        if movable.is_empty() {
            break;
        }
        let (u, d) = &movable[rng.index(movable.len())];
        let dests: Vec<Hex> = d.keys().copied().collect();
        let to = dests[rng.index(dests.len())];
        let o = MoveOrder { unit: *u, to, path: None };
        rules::move_without_ending(&mut sim, &o).ok()?;
        orders.push(o);
    }
    Some(Action::Moves { orders, done: true })
}

fn random_deployment(side: Side, rng: &mut Rng) -> Vec<Placement> {
    let mut zone: Vec<Hex> = Hex::all().filter(|h| side.in_zone(*h)).collect();
    rng.shuffle(&mut zone);
    let mut out = Vec::new();
    let mut i = 0;
    for f in side_fids(side) {
        let n = fdata(f).retainers;
        let carrier = rng.index(n as usize) as u8 + 1;
        for k in 1..=n {
            out.push(Placement { unit: UnitId::new(f, k), hex: zone[i], carrier: k == carrier });
            i += 1;
        }
    }
    out
}

fn subsets(pool: &[u8]) -> Vec<Action> {
    (0..(1u32 << pool.len()))
        .map(|mask| Action::Cup {
            chits: pool.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, f)| Code(*f)).collect(),
        })
        .collect()
}

impl Engine for Suriagehara {
    type Options = Options;
    type State = State;
    type Action = Action;
    type View = View;

    const SLUG: &'static str = "suriagehara";

    fn info() -> GameInfo {
        GameInfo {
            slug: Self::SLUG.into(),
            name: catalog::both!("suriagehara-suriagehara-no-kassen-the-battle"),
            min_seats: 2,
            max_seats: 2,
            about: catalog::both!("suriagehara-a-two-player-hex-wargame"),
        }
    }

    fn setup(options: &Options, seats: u8, _rng: &mut Rng) -> Result<State, SetupError> {
        if seats != 2 {
            return Err(SetupError(catalog::both!("suriagehara-suriagehara-is-for-exactly-players")));
        }
        if !TURNS_ALLOWED.contains(&options.turns) {
            return Err(SetupError(catalog::both!(
                "options-suriagehara-turns-range",
                turns = options.turns,
                min = *TURNS_ALLOWED.start(),
                max = *TURNS_ALLOWED.end()
            )));
        }
        Ok(State {
            first_move: options.first_move,
            turns: options.turns,
            supreme_commander: options.supreme_commander,
            ..State::new()
        })
    }

    fn pending(state: &State) -> Vec<Pending> {
        pending(state)
    }

    fn legal(state: &State, decision: &str) -> Option<Choices<Action>> {
        let side = pending_side(state, decision)?;
        let prompt = prompt(state, side);
        let space = match state.stage {
            Stage::Deploy => Space::Described {
                help: catalog::both!("suriagehara-deploy-standard-or-deploy-followed"),
                examples: vec![
                    Action::Deploy { standard: true, placements: Vec::new() },
                    Action::Deploy { standard: false, placements: rules::standard_placements(side) },
                ],
            },
            Stage::ChitSelect => Space::List { options: subsets(&state.pool(side)) },
            Stage::Substitution { .. } => {
                Space::List { options: vec![Action::Sub { tk: true }, Action::Sub { tk: false }] }
            }
            Stage::Move => Space::Described {
                help: catalog::both!("suriagehara-move-unit-hex-or-a"),
                examples: move_examples(state),
            },
            Stage::Plan => {
                let mut examples: Vec<Action> = rules::plan_candidates(state)
                    .into_iter()
                    .take(8)
                    .map(|attacks| Action::Attacks { attacks })
                    .collect();
                examples.dedup();
                Space::Described { help: catalog::both!("suriagehara-one-attack-hex-lead-supporter"), examples }
            }
            Stage::Retreat => Space::List {
                options: rules::retreat_choices(state)
                    .into_iter()
                    .map(|(unit, to)| Action::Retreat { unit, to })
                    .collect(),
            },
            Stage::Replace => {
                let (f, cands) = rules::replace_candidates(state)?;
                Space::List { options: cands.into_iter().map(|unit| Action::Replace { code: Code(f), unit }).collect() }
            }
            Stage::Draw | Stage::Resolve | Stage::Over => return None,
        };
        Some(Choices { prompt, space })
    }

    fn apply(
        state: &mut State,
        decision: &str,
        seat: Seat,
        action: &Action,
        rng: &mut Rng,
    ) -> Result<Vec<Event>, RuleError> {
        if state.is_over() {
            return Err(RuleError::GameOver);
        }
        let side = pending_side(state, decision).ok_or_else(|| RuleError::NotPending(decision.to_string()))?;
        if side.seat() != seat {
            return Err(RuleError::WrongSeat { decision: decision.to_string(), seat });
        }
        rules::apply(state, side, action, rng)
    }

    /// §8.1: the resigning side loses at once; pending decisions are cancelled (S40).
    fn resign(state: &mut State, seat: Seat, _rng: &mut Rng) -> Result<Vec<Event>, RuleError> {
        if state.is_over() {
            return Err(RuleError::GameOver);
        }
        Ok(rules::resign(state, Side::from_seat(seat)))
    }

    fn view(state: &State, viewer: Viewer) -> View {
        view::view(state, viewer)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        let result = state.result.as_ref()?;
        let why = |r: &Reason, lang: Lang| match r {
            Reason::SupremeKilled => catalog::t!(lang, "suriagehara-reason-supreme-killed"),
            Reason::SupremeRemoved => catalog::t!(lang, "options-suriagehara-reason-supreme-removed"),
            Reason::Resigned => catalog::t!(lang, "suriagehara-reason-resigned"),
            Reason::Morale => {
                catalog::t!(lang, "suriagehara-reason-morale", ashina = state.morale[0], date = state.morale[1])
            }
            Reason::AdvanceLine { ashina, date } => {
                catalog::t!(lang, "suriagehara-reason-advance-line", ashina = *ashina, date = *date)
            }
        };
        Some(match result {
            GameResult::Winner { side, reason } => {
                let mut ranks = vec![2, 2];
                ranks[side.idx()] = 1;
                Outcome {
                    result: ResultKind::Win,
                    ranks,
                    scores: vec![None, None],
                    eliminated: state.resigned.map(|s| vec![s.seat()]).unwrap_or_default(),
                    summary: crate::engine::in_each_language(|lang| {
                        catalog::t!(lang, "suriagehara-wins-by", side = side.name(lang), reason = why(reason, lang))
                    }),
                }
            }
            GameResult::Draw { reason } => Outcome {
                result: ResultKind::Draw,
                ranks: vec![1, 1],
                scores: vec![None, None],
                eliminated: Vec::new(),
                summary: crate::engine::in_each_language(|lang| {
                    catalog::t!(lang, "suriagehara-draw", reason = why(reason, lang))
                }),
            },
        })
    }

    fn random_action(state: &State, decision: &str, rng: &mut Rng) -> Option<Action> {
        let side = pending_side(state, decision)?;
        Some(match state.stage {
            Stage::Deploy => {
                if rng.coin() {
                    Action::Deploy { standard: true, placements: Vec::new() }
                } else {
                    Action::Deploy { standard: false, placements: random_deployment(side, rng) }
                }
            }
            Stage::ChitSelect => {
                Action::Cup { chits: state.pool(side).into_iter().filter(|_| rng.coin()).map(Code).collect() }
            }
            Stage::Substitution { .. } => Action::Sub { tk: rng.coin() },
            Stage::Move => {
                let movable = rules::movable(state);
                let r = rng.below(10);
                if r == 0 || movable.is_empty() {
                    Action::Moves { orders: Vec::new(), done: true }
                } else if r < 4 {
                    random_batch(state, rng)?
                } else {
                    let (u, d) = &movable[rng.index(movable.len())];
                    let dests: Vec<Hex> = d.keys().copied().collect();
                    Action::Move { order: MoveOrder { unit: *u, to: dests[rng.index(dests.len())], path: None } }
                }
            }
            Stage::Plan => {
                let plans = rules::plan_candidates(state);
                let mut plan: Vec<Attack> = plans[rng.index(plans.len())].clone();
                rng.shuffle(&mut plan);
                Action::Attacks { attacks: plan }
            }
            Stage::Retreat | Stage::Replace => {
                let Space::List { options } = Self::legal(state, decision)?.space else { return None };
                options[rng.index(options.len())].clone()
            }
            Stage::Draw | Stage::Resolve | Stage::Over => return None,
        })
    }

    fn gestures(state: &State, decision: &str, view: &View) -> Vec<crate::gesture::Gesture> {
        super::gestures::gestures(state, decision, view)
    }

    fn render(view: &View, ctx: &RenderContext) -> String {
        super::render::render(view, ctx)
    }

    fn render_svg(view: &View, ctx: &RenderContext) -> String {
        super::picture::render_svg(view, ctx)
    }

    fn parse_action(view: &View, pending: &Pending, text: &str) -> Result<Action, NotationError> {
        let side = Side::from_seat(pending.seat);
        let pool = view.chits(side, Chit::Pool).into_iter().map(Code).collect::<Vec<_>>();
        notation::parse(text, &pool)
    }

    fn print_action(action: &Action) -> String {
        notation::print(action)
    }
}

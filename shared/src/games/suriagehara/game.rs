//! The `Engine` implementation: decisions, legal answers, random answers and the outcome.

use serde::{Deserialize, Serialize};

use crate::dice::Rng;
use crate::engine::{
    Choices, Engine, Event, GameInfo, Localized, Mode, NotationError, Outcome, Pending, RenderContext, ResultKind,
    RuleError, Seat, SetupError, Space, Viewer,
};

use super::action::{Action, Attack, Code, MoveOrder, Placement, UnitId};
use super::data::{Side, fdata, side_fids};
use super::hex::Hex;
use super::notation;
use super::rules;
use super::state::{Chit, FirstMove, GameResult, Reason, Stage, State};
use super::view::{self, View};

/// 摺上原の合戦 (Suriagehara no Kassen).
pub struct Suriagehara;

/// Creation options: the readings of the rulebook a game plays where its words support two
/// (docs/rules/suriagehara.md, "Readings"). The defaults are the spec's choices.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = SuriageharaOptions))]
pub struct Options {
    pub first_move: FirstMove,
}

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
        Stage::Deploy => Localized::new(
            format!("Deploy the {} army: `deploy standard` or every unit with its hex", side.name_en()),
            format!("{}を配置してください：`deploy standard` または全ユニットとヘクス", side.name_ja()),
        ),
        Stage::ChitSelect => Localized::new(
            format!("Turn {}: choose which pool chits go into the cup", s.turn),
            format!("第{}ターン：カップに入れるチットを選んでください", s.turn),
        ),
        Stage::Substitution { chit } => Localized::new(
            format!("{} drawn: let Tomita Takazane act instead (`sub tk`) or not (`sub own`)?", fdata(chit).code),
            format!("{}のチット：富田隆実に代行させますか（`sub tk`／`sub own`）", fdata(chit).chit_ja),
        ),
        Stage::Move => Localized::new(
            format!("{fcode} Movement Segment: move orders (one step, a batch, or `move done`)"),
            format!("{fcode} 移動セグメント：移動命令（一歩ずつ、一括、または `move done`）"),
        ),
        Stage::Plan => Localized::new(
            format!("{fcode} Combat Segment: the whole combat plan"),
            format!("{fcode} 戦闘セグメント：戦闘計画の全体"),
        ),
        Stage::Retreat => {
            let mut units: Vec<String> = rules::retreat_choices(s).iter().map(|(u, _)| u.to_string()).collect();
            units.dedup();
            Localized::new(
                format!("Retreat one hex: choose a unit ({}) and its hex (`retreat UNIT HEX`)", units.join(", ")),
                format!(
                    "1ヘクス後退：ユニット（{}）と後退先を選んでください（`retreat ユニット ヘクス`）",
                    units.join("、")
                ),
            )
        }
        Stage::Replace => {
            let f = rules::replace_candidates(s).map(|(f, _)| f).unwrap_or(0);
            Localized::new(
                format!("Re-place {} ({}) on one of his nearest retainers", fdata(f).name_en, fdata(f).code),
                format!("{}を最寄りの郎党ユニットのいずれかに再配置してください", fdata(f).name_ja),
            )
        }
        _ => Localized::new("-", "-"),
    }
}

fn move_examples(s: &State) -> Vec<Action> {
    let mut out = vec![Action::Moves { orders: Vec::new() }];
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
    Some(Action::Moves { orders })
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
            name: Localized::new("Suriagehara no Kassen (The Battle of Suriagehara)", "摺上原の合戦"),
            min_seats: 2,
            max_seats: 2,
            about: Localized::new(
                "A two-player hex wargame of the battle of 1589 between Date Masamune and Ashina Yoshihiro: \
                 chit-pull activation, command range, sandstorm and wind. Seat 1 plays Ashina, seat 2 Date. \
                 Options: {\"first_move\": \"no_unit_rearward\" (default: on a formation's first move no unit \
                 goes to a row behind its start) or \"commander_not_behind_line\" (only the commander may not go \
                 behind the own deployment line)}; see the rules' Readings.",
                "伊達政宗と葦名義広の摺上原の合戦（1589年）を再現する二人用ヘクス戦ゲーム。チット引きによる活性化、\
                 指揮範囲、砂嵐と風。P1が葦名勢、P2が伊達勢。オプション：{\"first_move\": \"no_unit_rearward\"\
                 （既定：最初の移動ではどのユニットも出発した行より後方へ行けない）か \"commander_not_behind_line\"\
                 （指揮官だけが自分の配置ラインより後方へ行けない）}。詳しくはルールの「解釈」を参照。",
            ),
        }
    }

    fn setup(options: &Options, seats: u8, _rng: &mut Rng) -> Result<State, SetupError> {
        if seats != 2 {
            return Err(SetupError(Localized::new(
                "Suriagehara is for exactly 2 players",
                "摺上原の合戦はちょうど2人用です",
            )));
        }
        Ok(State { first_move: options.first_move, ..State::new() })
    }

    fn pending(state: &State) -> Vec<Pending> {
        pending(state)
    }

    fn legal(state: &State, decision: &str) -> Option<Choices<Action>> {
        let side = pending_side(state, decision)?;
        let prompt = prompt(state, side);
        let space = match state.stage {
            Stage::Deploy => Space::Described {
                help: Localized::new(
                    "`deploy standard`, or `deploy` followed by every own unit as UNIT@HEX, with `*` after the hex \
                     of the one unit per formation that carries its commander; hexes in the own zone (Ashina: \
                     columns 04-15, rows 02-07; Date: columns 04-15, rows 15-20), no water, one unit per hex",
                    "`deploy standard`、または `deploy` に続けて自軍全ユニットを ユニット@ヘクス で列挙し、各フォーメーション\
                     で指揮官を乗せる一つのユニットのヘクスの後に `*` を付けます。配置ライン内（葦名：04〜15列・02〜07行、\
                     伊達：04〜15列・15〜20行）、水面不可、1ヘクス1ユニット",
                ),
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
                help: Localized::new(
                    "`move UNIT HEX` (or a path `move UNIT 0907-0908-1009`) moves one unit and the segment goes on; \
                     several move lines (separated by `;` or new lines, optionally ending with `move done`) are a \
                     batch checked in order against the evolving position, after which the segment ends; \
                     `move done` ends the segment",
                    "`move ユニット ヘクス`（経路 `move ユニット 0907-0908-1009` も可）で1ユニットを移動し、セグメントは続きます。\
                     複数の移動行（`;` か改行区切り、最後に `move done` 可）は一括命令として順に検証・実行され、\
                     その後セグメントは終了します。`move done` でセグメント終了",
                ),
                examples: move_examples(state),
            },
            Stage::Plan => {
                let mut examples: Vec<Action> = rules::plan_candidates(state)
                    .into_iter()
                    .take(8)
                    .map(|attacks| Action::Attacks { attacks })
                    .collect();
                examples.dedup();
                Space::Described {
                    help: Localized::new(
                        "one `attack HEX LEAD+SUPPORTER+...` line per attack, in resolution order: every unit in \
                         contact must take part (an out-of-command unit may stay out if all its enemy hexes are \
                         targeted), each enemy hex at most once, each unit at most once, combined attacks only by \
                         in-command units",
                        "攻撃ごとに `attack ヘクス 先導+支援+...` を一行、解決順に。敵に隣接する全ユニットが参加すること\
                         （指揮範囲外のユニットは、隣接する敵ヘクスがすべて目標になっていれば不参加可）。各敵ヘクス・\
                         各ユニットは一度まで。共同攻撃は指揮下のユニットのみ",
                    ),
                    examples,
                }
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
        let why = |r: &Reason| match r {
            Reason::SupremeKilled => {
                ("the enemy supreme commander was killed".to_string(), "敵総大将の討ち死に".to_string())
            }
            Reason::Resigned => ("resignation".into(), "投了".into()),
            Reason::Morale => (
                format!("Army Morale (Ashina {}, Date {})", state.morale[0], state.morale[1]),
                format!("士気（葦名{}・伊達{}）", state.morale[0], state.morale[1]),
            ),
            Reason::AdvanceLine { ashina, date } => (
                format!("commanders beyond the advance line: Ashina {ashina}, Date {date}"),
                format!("前進ラインを越えた指揮官：葦名{ashina}・伊達{date}"),
            ),
        };
        Some(match result {
            GameResult::Winner { side, reason } => {
                let (en, ja) = why(reason);
                let mut ranks = vec![2, 2];
                ranks[side.idx()] = 1;
                Outcome {
                    result: ResultKind::Win,
                    ranks,
                    scores: vec![None, None],
                    eliminated: state.resigned.map(|s| vec![s.seat()]).unwrap_or_default(),
                    summary: Localized::new(
                        format!("{} wins by {en}", side.name_en()),
                        format!("{}の勝利（{ja}）", side.name_ja()),
                    ),
                }
            }
            GameResult::Draw { reason } => {
                let (en, ja) = why(reason);
                Outcome {
                    result: ResultKind::Draw,
                    ranks: vec![1, 1],
                    scores: vec![None, None],
                    eliminated: Vec::new(),
                    summary: Localized::new(format!("draw ({en})"), format!("引き分け（{ja}）")),
                }
            }
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
                    Action::Moves { orders: Vec::new() }
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

//! The rules of 右王左王: setup (§5), the state machine (§6), scoring (§8) and resignation.
//! `apply` runs every automatic step (determination, moves, round end, season end) until the next
//! decision: a play (step 1) or a road action (step 3.i).

use serde::{Deserialize, Serialize};

use super::data::{CardId, Colour, Dir, Face, MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, SEASONS};
use super::data::{TRAP_PAYMENT_DIVISOR, TRAP_PAYMENT_MIN_HOLDING};
use super::state::{
    Determination, Gap, Item, ItemKind, King, Phase, Play, Reach, SeasonEndKind, SeasonResult, Soldier, State,
    TableCard,
};
use crate::dice::Rng;
use crate::engine::{Event, Localized, Outcome, ResultKind, RuleError, Seat, SetupError};

/// Creation options: `{"colours": ["GRN", "RED", "YEL"]}` picks colours by seat (§5.1 step 2); without
/// it seat k takes the k-th colour of RED YEL GRN BLU PUR.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = UosaoOptions))]
pub struct Options {
    pub colours: Option<Vec<Colour>>,
}

/// One answer: a play in step 1 or the gap of a road action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = UosaoAction))]
pub enum Action {
    Play { face: Face, card: CardId },
    Road { gap: Gap },
}

/// The starting line `LK C C T C C RK` with uids 0..=6.
pub fn starting_line() -> Vec<Item> {
    let kinds = [
        ItemKind::LeftKing,
        ItemKind::Common,
        ItemKind::Common,
        ItemKind::Town,
        ItemKind::Common,
        ItemKind::Common,
        ItemKind::RightKing,
    ];
    kinds.iter().enumerate().map(|(i, k)| Item { uid: i as u32, kind: *k }).collect()
}

pub fn setup(options: &Options, seats: u8, rng: &mut Rng) -> Result<State, SetupError> {
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&seats) {
        return Err(SetupError(Localized::new(
            format!("右王左王 is for 3 to 5 players, not {seats}"),
            format!("右王左王は3〜5人用です（{seats}人では遊べません）"),
        )));
    }
    let colours = match &options.colours {
        None => Colour::ALL[..seats as usize].to_vec(),
        Some(c) => {
            let mut sorted = c.clone();
            sorted.sort();
            sorted.dedup();
            if c.len() != seats as usize || sorted.len() != c.len() {
                return Err(SetupError(Localized::new(
                    format!("`colours` must name {seats} different colours out of RED YEL GRN BLU PUR"),
                    format!("`colours` には RED YEL GRN BLU PUR から異なる{seats}色を指定してください"),
                )));
            }
            c.clone()
        }
    };
    // §5.1 step 4 (A26): the first start player is drawn uniformly.
    let sp = rng.below(seats as u64) as Seat;
    let mut state = State {
        seats,
        colours,
        season: 1,
        round: 1,
        sp,
        line: Vec::new(),
        next_uid: 0,
        soldiers: Vec::new(),
        hands: Vec::new(),
        tables: Vec::new(),
        plays: Vec::new(),
        determination: None,
        road_players: Vec::new(),
        reached: Vec::new(),
        pt: vec![0; seats as usize],
        phase: Phase::Play { k: 0 },
        step: 0,
        results: Vec::new(),
        resigned: None,
        last_plays: Vec::new(),
        last_determination: None,
    };
    season_setup(&mut state);
    Ok(state)
}

/// §5.2 (A28): rebuild the line, soldiers to the town face up, full hands, empty tables. Keeps `pt` and `sp`.
pub fn season_setup(state: &mut State) {
    state.line = starting_line();
    state.next_uid = state.line.len() as u32;
    let town = state.line[state.town_index()].uid;
    state.soldiers = vec![Soldier { item: town, offset: 0, stunned_round: None }; state.n()];
    state.hands = vec![CardId::full_hand(); state.n()];
    state.tables = vec![Vec::new(); state.n()];
    state.round = 1;
    start_round(state);
}

fn start_round(state: &mut State) {
    state.plays.clear();
    state.determination = None;
    state.road_players.clear();
    state.reached.clear();
    state.phase = Phase::Play { k: 0 };
}

/// The distinct card ids of a hand, in the order 1, 2, 2T, 3.
pub fn distinct(hand: &[CardId]) -> Vec<CardId> {
    CardId::ALL.into_iter().filter(|c| hand.contains(c)).collect()
}

/// Every legal answer to the decision now awaited (§6.3, §6.5).
pub fn legal_actions(state: &State) -> Vec<Action> {
    match state.phase {
        Phase::Play { .. } => {
            let seat = state.to_act().expect("a play is awaited");
            distinct(&state.hands[seat as usize])
                .into_iter()
                .flat_map(|card| Face::ALL.into_iter().map(move |face| Action::Play { face, card }))
                .collect()
        }
        Phase::Road { .. } => state.gaps().into_iter().map(|gap| Action::Road { gap }).collect(),
        Phase::Over => Vec::new(),
    }
}

/// The public rendering of a play (§4.8): `R2`, `L3`, `D` or `DT`, and the rulebook style `右2`, `道`, `罠`.
pub fn public_play(play: &Play) -> (String, String) {
    match play.face.dir() {
        Some(d) => (format!("{}{}", d.code(), play.card.value()), format!("{}{}", d.ja(), play.card.value())),
        None if play.card.is_trap() => ("DT".into(), "罠".into()),
        None => ("D".into(), "道".into()),
    }
}

/// A play in full notation, known only to its owner: `R2T`, `D3`.
pub fn full_play(face: Face, card: CardId) -> String {
    format!("{}{}", face.code(), card.code())
}

fn name(state: &State, seat: Seat) -> (&'static str, &'static str) {
    let c = state.colour(seat);
    (c.code(), c.ja())
}

pub fn apply(state: &mut State, decision: &str, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
    if state.phase == Phase::Over {
        return Err(RuleError::GameOver);
    }
    if decision != state.decision_id() {
        return Err(RuleError::NotPending(decision.to_string()));
    }
    if state.to_act() != Some(seat) {
        return Err(RuleError::WrongSeat { decision: decision.to_string(), seat });
    }
    let mut events = Vec::new();
    match (state.phase, *action) {
        (Phase::Play { k }, Action::Play { face, card }) => {
            let hand = &mut state.hands[seat as usize];
            let Some(pos) = hand.iter().position(|c| *c == card) else {
                return Err(RuleError::illegal(
                    format!("card {} is not in your hand; play one of your hand cards", card.code()),
                    format!("カード{}は手札にありません。手札のカードを出してください", card.code()),
                ));
            };
            hand.remove(pos);
            if let Some(dir) = face.dir() {
                state.tables[seat as usize].push(TableCard { card, dir, round: state.round });
            }
            let play = Play { seat, card, face };
            state.plays.push(play);
            let (en, ja) = public_play(&play);
            let (cen, cja) = name(state, seat);
            events.push(Event::public(format!("{cen}: {en}"), format!("{cja}：{ja}")));
            events.push(Event::private(
                seat,
                format!("You played {}.", full_play(face, card)),
                format!("あなたは {} を出しました。", full_play(face, card)),
            ));
            state.step += 1;
            if (k as usize) + 1 < state.n() {
                state.phase = Phase::Play { k: k + 1 };
            } else {
                determine(state, &mut events);
            }
        }
        (Phase::Road { j }, Action::Road { gap }) => {
            let Some(at) = state.insertion_index(gap) else {
                let gaps: Vec<String> = state.gaps().iter().map(|g| g.code()).collect();
                return Err(RuleError::illegal(
                    format!("there is no gap {} in the line; the gaps are {}", gap.code(), gaps.join(" ")),
                    format!("{} という挿入位置はありません。挿入位置: {}", gap.code(), gaps.join(" ")),
                ));
            };
            let card = state.play_of(seat).map(|p| p.card).expect("a road player has played a road");
            let uid = state.next_uid;
            state.next_uid += 1;
            state.line.insert(at, Item { uid, kind: ItemKind::Road { owner: seat, card } });
            // §6.5 step 2 (A15): take back every move card on the table.
            let taken = std::mem::take(&mut state.tables[seat as usize]);
            let taken_text: Vec<String> = taken.iter().map(|t| format!("{}{}", t.dir.code(), t.card.value())).collect();
            let taken_ja: Vec<String> = taken.iter().map(|t| format!("{}{}", t.dir.ja(), t.card.value())).collect();
            state.hands[seat as usize].extend(taken.iter().map(|t| t.card));
            state.hands[seat as usize].sort();
            let (cen, cja) = name(state, seat);
            let line = state.line_string();
            let (back_en, back_ja) = if taken.is_empty() {
                ("nothing".to_string(), "なし".to_string())
            } else {
                (taken_text.join(" "), taken_ja.join(" "))
            };
            events.push(Event::public(
                format!("{cen} inserts a road at {} -> {line}; takes back: {back_en}", gap.code()),
                format!("{cja}が{}に道を挿入 -> {line}。回収: {back_ja}", gap.code()),
            ));
            events.push(Event::private(
                seat,
                format!("Your road is card {}.", card.code()),
                format!("あなたの道はカード{}です。", card.code()),
            ));
            state.step += 1;
            if (j as usize) + 1 < state.road_players.len() {
                state.phase = Phase::Road { j: j + 1 };
            } else {
                run_moves(state, &mut events);
                round_end(state, &mut events);
            }
        }
        (Phase::Play { .. }, Action::Road { .. }) => {
            return Err(RuleError::illegal(
                "now play a card (e.g. R2, L3, D1), not a road gap",
                "今はカードを出す番です（例: R2, L3, D1）。挿入位置ではありません",
            ));
        }
        (Phase::Road { .. }, Action::Play { .. }) => {
            return Err(RuleError::illegal(
                "now choose the gap for your road (e.g. @+1), not a card",
                "今は道を挿入する位置を選ぶ番です（例: @+1）",
            ));
        }
        (Phase::Over, _) => return Err(RuleError::GameOver),
    }
    Ok(events)
}

/// Step 2 (§6.4): cancellations and the selected movers, computed from this round's plays only (A10).
pub fn determination(plays: &[Play]) -> Determination {
    let key = |p: &Play| p.face.dir().map(|d| (p.card.value(), d));
    let moves: Vec<&Play> = plays.iter().filter(|p| p.face != Face::D).collect();
    let cancelled: Vec<Seat> =
        moves.iter().filter(|p| moves.iter().filter(|q| key(q) == key(p)).count() >= 2).map(|p| p.seat).collect();
    let best = |dir: Dir| {
        moves
            .iter()
            .filter(|p| p.face.dir() == Some(dir) && !cancelled.contains(&p.seat))
            .max_by_key(|p| p.card.value())
            .map(|p| p.seat)
    };
    Determination { right: best(Dir::R), left: best(Dir::L), cancelled }
}

fn stunned_now(state: &State, seat: Seat) -> bool {
    state.soldiers[seat as usize].stunned_round == Some(state.round)
}

fn determine(state: &mut State, events: &mut Vec<Event>) {
    let det = determination(&state.plays);
    let cancelled_en: Vec<&str> = det.cancelled.iter().map(|s| state.colour(*s).code()).collect();
    let cancelled_ja: Vec<&str> = det.cancelled.iter().map(|s| state.colour(*s).ja()).collect();
    let mover = |dir: Dir| -> (String, String) {
        match det.selected(dir) {
            None => ("-".into(), "なし".into()),
            Some(s) => {
                let v = state.play_of(s).map(|p| p.card.value()).unwrap_or(0);
                let (cen, cja) = name(state, s);
                if stunned_now(state, s) {
                    (format!("{cen} {v} (trapped, will not move)"), format!("{cja}{v}（罠で移動不可）"))
                } else {
                    (format!("{cen} {v}"), format!("{cja}{v}"))
                }
            }
        }
    };
    let (r_en, r_ja) = mover(Dir::R);
    let (l_en, l_ja) = mover(Dir::L);
    let c_en = if cancelled_en.is_empty() { "-".to_string() } else { cancelled_en.join(" ") };
    let c_ja = if cancelled_ja.is_empty() { "なし".to_string() } else { cancelled_ja.join("・") };
    events.push(Event::public(
        format!("Determination: cancelled: {c_en}; moves: R: {r_en}, L: {l_en}"),
        format!("アクション確定: 無効: {c_ja}／右: {r_ja}／左: {l_ja}"),
    ));
    state.road_players = state.plays.iter().filter(|p| p.face == Face::D).map(|p| p.seat).collect();
    state.determination = Some(det);
    if state.road_players.is_empty() {
        run_moves(state, events);
        round_end(state, events);
    } else {
        state.phase = Phase::Road { j: 0 };
    }
}

/// Step 3.ii (§6.6): the selected movers in turn order from the SP.
fn run_moves(state: &mut State, events: &mut Vec<Event>) {
    let det = state.determination.clone().unwrap_or_default();
    for seat in state.order() {
        let dir = if det.right == Some(seat) {
            Dir::R
        } else if det.left == Some(seat) {
            Dir::L
        } else {
            continue;
        };
        if stunned_now(state, seat) {
            let (cen, cja) = name(state, seat);
            // A12: the card counted, but the trapped soldier stays; nobody else moves that way.
            events.push(Event::public(
                format!("{cen} cannot move (trapped)"),
                format!("{cja}は罠にかかっているため移動できません"),
            ));
            continue;
        }
        let n = state.play_of(seat).map(|p| p.card.value()).unwrap_or(0) as usize;
        move_soldier(state, seat, dir, n, events);
    }
}

/// Moves `seat`'s soldier `n` squares toward `dir`, stopping on a king (A17), then applies a reach or a trap.
pub fn move_soldier(state: &mut State, seat: Seat, dir: Dir, n: usize, events: &mut Vec<Event>) {
    let from_label = state.soldier_label(seat);
    let i = state.soldier_flat(seat);
    let last = state.squares() - 1;
    let j = match dir {
        Dir::R => (i + n).min(last),
        Dir::L => i.saturating_sub(n),
    };
    let (index, offset) = state.locate(j);
    let item = state.line[index];
    state.soldiers[seat as usize].item = item.uid;
    state.soldiers[seat as usize].offset = offset;
    let to_label = state.soldier_label(seat);
    let (cen, cja) = name(state, seat);
    events.push(Event::public(
        format!("{cen} moves {}{n}: {from_label} -> {to_label}", dir.code()),
        format!("{cja}が{}{n}移動: {from_label} → {to_label}", dir.ja()),
    ));
    if item.is_king() {
        let king = if index == 0 { King::LK } else { King::RK };
        state.reached.push(Reach { seat, king });
        let (ken, kja) = match king {
            King::LK => ("the Left King", "左王"),
            King::RK => ("the Right King", "右王"),
        };
        events.push(Event::public(format!("{cen} reaches {ken}!"), format!("{cja}が{kja}に到達！")));
    } else if let Some(owner) = item.trap_owner() {
        trap_effect(state, seat, owner, events);
    }
}

/// §6.7: face down, stunned next round, pays half (rounded down) of a holding of 2 or more to the owner.
pub fn trap_effect(state: &mut State, victim: Seat, owner: Seat, events: &mut Vec<Event>) {
    state.soldiers[victim as usize].stunned_round = Some(state.round + 1);
    let h = state.pt[victim as usize];
    let paid = if h >= TRAP_PAYMENT_MIN_HOLDING { h / TRAP_PAYMENT_DIVISOR } else { 0 };
    state.pt[victim as usize] -= paid;
    state.pt[owner as usize] += paid;
    let (ven, vja) = name(state, victim);
    let (oen, oja) = name(state, owner);
    let (pay_en, pay_ja) = if paid > 0 {
        (format!("pays {paid} pt to {oen}"), format!("{oja}に{paid}pt支払い"))
    } else {
        ("pays nothing (1 pt or less)".to_string(), "支払いなし（1pt以下）".to_string())
    };
    events.push(Event::public(
        format!("{ven} is caught by {oen}'s trap: face down, cannot move next round; {pay_en}"),
        format!("{vja}が{oja}の罠にかかった：裏向き、次のラウンドは移動不可。{pay_ja}"),
    ));
}

/// §6.8.
fn round_end(state: &mut State, events: &mut Vec<Event>) {
    let round = state.round;
    for s in state.soldiers.iter_mut() {
        if s.stunned_round == Some(round) {
            s.stunned_round = None;
        }
    }
    state.last_plays = std::mem::take(&mut state.plays);
    state.last_determination = state.determination.take();
    if let Some(first) = state.reached.first().copied() {
        season_end(state, SeasonEndKind::King, Some(first), events);
    } else if round >= MAX_ROUNDS {
        season_end(state, SeasonEndKind::Town, None, events);
    } else {
        state.sp = (state.sp + 1) % state.seats;
        state.round += 1;
        start_round(state);
        let (cen, cja) = name(state, state.sp);
        events.push(Event::public(
            format!("Season {} round {} begins; start player {cen}", state.season, state.round),
            format!("シーズン{} ラウンド{}開始。スタートプレイヤー: {cja}", state.season, state.round),
        ));
    }
}

/// Season scores (§8.2, §8.3): distance in cards (item indices) to the reference item.
pub fn season_scores(state: &State, kind: SeasonEndKind, reacher: Option<Reach>) -> Vec<i64> {
    let idx: Vec<i64> = (0..state.seats).map(|s| state.soldier_index(s) as i64).collect();
    let reference = match (kind, reacher) {
        (SeasonEndKind::King, Some(r)) => {
            let k = if r.king == King::LK { 0 } else { state.line.len() as i64 - 1 };
            let d = idx.iter().map(|i| (i - k).abs()).max().unwrap_or(0);
            if k == 0 { k + d } else { k - d }
        }
        _ => state.town_index() as i64,
    };
    idx.iter().map(|i| (i - reference).abs()).collect()
}

/// §8.4: the leader; ties go to the first in turn order from the season-end SP (A27).
pub fn next_season_sp(state: &State) -> Seat {
    let best = state.pt.iter().copied().max().unwrap_or(0);
    state.order().into_iter().find(|s| state.pt[*s as usize] == best).unwrap_or(state.sp)
}

fn season_end(state: &mut State, kind: SeasonEndKind, reacher: Option<Reach>, events: &mut Vec<Event>) {
    let scores = season_scores(state, kind, reacher);
    for (p, s) in state.pt.iter_mut().zip(&scores) {
        *p += s;
    }
    let list_en: Vec<String> =
        (0..state.seats).map(|s| format!("{} +{}", state.colour(s).code(), scores[s as usize])).collect();
    let list_ja: Vec<String> =
        (0..state.seats).map(|s| format!("{}+{}", state.colour(s).ja(), scores[s as usize])).collect();
    let (how_en, how_ja) = match (kind, reacher) {
        (SeasonEndKind::King, Some(r)) => {
            let (cen, cja) = name(state, r.seat);
            (format!("king scoring, {cen} reached a king"), format!("王到達（{cja}）による得点"))
        }
        _ => ("town scoring after round 5".to_string(), "5ラウンド終了、街からの距離で得点".to_string()),
    };
    events.push(Event::public(
        format!("Season {} ends: {how_en}. Scores: {}", state.season, list_en.join(", ")),
        format!("シーズン{}終了：{how_ja}。得点: {}", state.season, list_ja.join("、")),
    ));
    state.results.push(SeasonResult { season: state.season, kind, reacher: reacher.map(|r| r.seat), scores });
    if state.season >= SEASONS {
        state.phase = Phase::Over;
        let totals: Vec<String> =
            (0..state.seats).map(|s| format!("{} {}", state.colour(s).code(), state.pt[s as usize])).collect();
        let totals_ja: Vec<String> =
            (0..state.seats).map(|s| format!("{}{}", state.colour(s).ja(), state.pt[s as usize])).collect();
        events.push(Event::public(
            format!("Game over. Rank points: {}", totals.join(", ")),
            format!("ゲーム終了。階級pt: {}", totals_ja.join("、")),
        ));
        return;
    }
    state.sp = next_season_sp(state);
    state.season += 1;
    season_setup(state);
    let (cen, cja) = name(state, state.sp);
    events.push(Event::public(
        format!("Season {} begins; start player {cen}", state.season),
        format!("シーズン{}開始。スタートプレイヤー: {cja}", state.season),
    ));
}

/// The spec is silent on resignation. Every player must play a card every round, and a missing play would
/// change every cancellation, so the game cannot go on without the seat: it ends at once, the resigning
/// seat is ranked last and the others are ranked by their current rank points.
pub fn resign(state: &mut State, seat: Seat) -> Result<Vec<Event>, RuleError> {
    if state.phase == Phase::Over {
        return Err(RuleError::GameOver);
    }
    if seat >= state.seats {
        return Err(RuleError::illegal(format!("no seat {seat}"), format!("席{seat}はありません")));
    }
    state.resigned = Some(seat);
    state.phase = Phase::Over;
    state.step += 1;
    let (cen, cja) = name(state, seat);
    Ok(vec![Event::public(
        format!("{cen} resigns; the game ends and {cen} is ranked last"),
        format!("{cja}が投了しました。ゲーム終了、{cja}は最下位です"),
    )])
}

pub fn outcome(state: &State) -> Option<Outcome> {
    if state.phase != Phase::Over {
        return None;
    }
    let n = state.n();
    let totals: Vec<String> =
        (0..state.seats).map(|s| format!("{} {}", state.colour(s).code(), state.pt[s as usize])).collect();
    let summary = Localized::new(
        format!("Final rank points: {}", totals.join(", ")),
        format!("最終階級pt: {}", totals.join("、")),
    );
    match state.resigned {
        None => Some(Outcome::from_scores(&state.pt, true, summary)),
        Some(r) => {
            let ranks: Vec<u8> = (0..n)
                .map(|s| {
                    if s == r as usize {
                        n as u8
                    } else {
                        let better = (0..n).filter(|o| *o != r as usize && state.pt[*o] > state.pt[s]).count();
                        (better + 1) as u8
                    }
                })
                .collect();
            let winners = ranks.iter().filter(|x| **x == 1).count();
            Some(Outcome {
                result: if winners == 1 { ResultKind::Win } else { ResultKind::SharedWin },
                ranks,
                scores: state.pt.iter().map(|p| Some(*p)).collect(),
                eliminated: vec![r],
                summary,
            })
        }
    }
}

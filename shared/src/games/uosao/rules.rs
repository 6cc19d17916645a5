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
use crate::engine::{Event, Lang, Outcome, ResultKind, RuleError, Seat, SetupError, in_each_language};

/// Creation options: `{"colours": ["GRN", "RED", "YEL"]}` picks colours by seat (§5.1 step 2); without
/// it seat k takes the k-th colour of RED YEL GRN BLU PUR. `caught_card` and `king_scoring` choose the
/// other reading of the rules documents' readings 6 and 8.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = UosaoOptions))]
pub struct Options {
    pub colours: Option<Vec<Colour>>,
    pub caught_card: CaughtCard,
    pub king_scoring: KingScoring,
}

/// Whether a caught player's move card takes part in step 2 (reading 6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = UosaoCaughtCard))]
pub enum CaughtCard {
    /// It cancels and blocks like any other card; only the soldier stays.
    #[default]
    Counts,
    /// It is left out of step 2, so the next card in its direction moves instead.
    Ignored,
}

/// Who scores when a soldier reaches a king (reading 8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = UosaoKingScoring))]
pub enum KingScoring {
    /// Every player scores their own distance from the rearmost soldier.
    #[default]
    Everyone,
    /// Only the reacher scores (their distance from the rearmost soldier); everyone else scores 0.
    ReacherOnly,
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
        return Err(SetupError(catalog::both!("uosao-is-for-to-players-not", seats = seats.to_string())));
    }
    let colours = match &options.colours {
        None => Colour::ALL[..seats as usize].to_vec(),
        Some(c) => {
            let mut sorted = c.clone();
            sorted.sort();
            sorted.dedup();
            if c.len() != seats as usize || sorted.len() != c.len() {
                return Err(SetupError(catalog::both!(
                    "uosao-colours-must-name-different-colours",
                    seats = seats.to_string()
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
        caught_card: options.caught_card,
        king_scoring: options.king_scoring,
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

/// The public rendering of a play (§4.8) in `lang`: `R2`, `L3`, `D` or `DT` (the rulebook style `右2`, `道`,
/// `罠` in Japanese).
pub fn public_play(play: &Play, lang: Lang) -> String {
    match play.face.dir() {
        Some(d) => catalog::t!(lang, "uosao-public-move", dir = d.code(), value = play.card.value()),
        None => catalog::t!(lang, "uosao-public-road", trap = if play.card.is_trap() { "yes" } else { "no" }),
    }
}

/// A move card in `lang`: `R2` (`右2`).
fn move_card(dir: Dir, value: u8, lang: Lang) -> String {
    catalog::t!(lang, "uosao-public-move", dir = dir.code(), value = value)
}

/// A play in full notation, known only to its owner: `R2T`, `D3`.
pub fn full_play(face: Face, card: CardId) -> String {
    format!("{}{}", face.code(), card.code())
}

/// How events name a seat: by its colour.
fn name(state: &State, seat: Seat, lang: Lang) -> String {
    catalog::t!(lang, "uosao-colour", code = state.colour(seat).code())
}

/// The seats' colours with a number each (`RED +3, YEL +0`), as a list in `lang`.
fn colour_list(state: &State, numbers: &[i64], lang: Lang, id_signed: bool) -> String {
    let items: Vec<String> = (0..state.seats)
        .map(|s| {
            let colour = name(state, s, lang);
            let number = numbers[s as usize];
            if id_signed {
                catalog::t!(lang, "uosao-colour-gains", colour = colour, points = number)
            } else {
                catalog::t!(lang, "uosao-colour-holds", colour = colour, points = number)
            }
        })
        .collect();
    items.join(&catalog::t!(lang, "uosao-list-separator"))
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
                return Err(RuleError::Illegal(catalog::both!(
                    "uosao-card-is-not-in-your",
                    card_code = (card.code()).to_string()
                )));
            };
            hand.remove(pos);
            if let Some(dir) = face.dir() {
                state.tables[seat as usize].push(TableCard { card, dir, round: state.round });
            }
            let play = Play { seat, card, face };
            state.plays.push(play);
            events.push(Event::public(in_each_language(|lang| {
                catalog::t!(lang, "uosao-seat-plays", seat = name(state, seat, lang), play = public_play(&play, lang))
            })));
            events.push(Event::private(seat, catalog::both!("uosao-you-played", play = full_play(face, card))).retold(
                in_each_language(|lang| {
                    catalog::t!(lang, "uosao-seat-played", seat = name(state, seat, lang), play = full_play(face, card))
                }),
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
                return Err(RuleError::Illegal(catalog::both!(
                    "uosao-there-is-no-gap-in",
                    gap_code = (gap.code()).to_string(),
                    gaps = (gaps.join(" ")).to_string()
                )));
            };
            let card = state.play_of(seat).map(|p| p.card).expect("a road player has played a road");
            let uid = state.next_uid;
            state.next_uid += 1;
            state.line.insert(at, Item { uid, kind: ItemKind::Road { owner: seat, card } });
            // §6.5 step 2 (A15): take back every move card on the table.
            let taken = std::mem::take(&mut state.tables[seat as usize]);
            state.hands[seat as usize].extend(taken.iter().map(|t| t.card));
            state.hands[seat as usize].sort();
            let line = state.line_string();
            let back = |lang: Lang| {
                if taken.is_empty() {
                    catalog::t!(lang, "uosao-nothing")
                } else {
                    taken.iter().map(|t| move_card(t.dir, t.card.value(), lang)).collect::<Vec<_>>().join(" ")
                }
            };
            events.push(Event::public(in_each_language(|lang| {
                catalog::t!(
                    lang,
                    "uosao-inserts-a-road-at-takes",
                    seat = name(state, seat, lang),
                    gap = gap.code(),
                    line = &line,
                    back = back(lang)
                )
            })));
            events.push(Event::private(seat, catalog::both!("uosao-your-road-is-card", card = card.code())).retold(
                in_each_language(|lang| {
                    catalog::t!(lang, "uosao-seat-road-is-card", seat = name(state, seat, lang), card = card.code())
                }),
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
            return Err(RuleError::Illegal(catalog::both!("uosao-now-play-a-card-e")));
        }
        (Phase::Road { .. }, Action::Play { .. }) => {
            return Err(RuleError::Illegal(catalog::both!("uosao-now-choose-the-gap-for")));
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
    let det = match state.caught_card {
        CaughtCard::Counts => determination(&state.plays),
        CaughtCard::Ignored => {
            let counted: Vec<Play> = state.plays.iter().filter(|p| !stunned_now(state, p.seat)).copied().collect();
            determination(&counted)
        }
    };
    let mover = |dir: Dir, lang: Lang| match det.selected(dir) {
        None => catalog::t!(lang, "uosao-nobody"),
        Some(s) => {
            let value = state.play_of(s).map(|p| p.card.value()).unwrap_or(0);
            let trapped = if stunned_now(state, s) { "yes" } else { "no" };
            catalog::t!(lang, "uosao-mover", seat = name(state, s, lang), value = value, trapped = trapped)
        }
    };
    let cancelled = |lang: Lang| {
        if det.cancelled.is_empty() {
            catalog::t!(lang, "uosao-nobody")
        } else {
            let names: Vec<String> = det.cancelled.iter().map(|s| name(state, *s, lang)).collect();
            names.join(&catalog::t!(lang, "uosao-name-separator"))
        }
    };
    events.push(Event::public(in_each_language(|lang| {
        catalog::t!(
            lang,
            "uosao-determination-cancelled-moves-r-l",
            cancelled = cancelled(lang),
            right = mover(Dir::R, lang),
            left = mover(Dir::L, lang)
        )
    })));
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
            // A12: the card counted, but the trapped soldier stays; nobody else moves that way.
            events.push(Event::public(in_each_language(|lang| {
                catalog::t!(lang, "uosao-cannot-move-trapped", seat = name(state, seat, lang))
            })));
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
    events.push(Event::public(in_each_language(|lang| {
        catalog::t!(
            lang,
            "uosao-moves",
            seat = name(state, seat, lang),
            card = move_card(dir, n as u8, lang),
            from_label = &from_label,
            to_label = &to_label
        )
    })));
    if item.is_king() {
        let king = if index == 0 { King::LK } else { King::RK };
        state.reached.push(Reach { seat, king });
        let king = if king == King::LK { "left" } else { "right" };
        events.push(Event::public(in_each_language(|lang| {
            catalog::t!(lang, "uosao-reaches", seat = name(state, seat, lang), king = king)
        })));
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
    events.push(Event::public(in_each_language(|lang| {
        catalog::t!(
            lang,
            "uosao-is-caught-by-s-trap",
            victim = name(state, victim, lang),
            owner = name(state, owner, lang),
            paid = paid
        )
    })));
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
        events.push(Event::public(in_each_language(|lang| {
            catalog::t!(
                lang,
                "uosao-season-round-begins-start-player",
                season = state.season,
                round = state.round,
                seat = name(state, state.sp, lang)
            )
        })));
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
    let scores = idx.iter().map(|i| (i - reference).abs());
    match (kind, reacher, state.king_scoring) {
        (SeasonEndKind::King, Some(r), KingScoring::ReacherOnly) => {
            scores.enumerate().map(|(seat, score)| if seat == r.seat as usize { score } else { 0 }).collect()
        }
        _ => scores.collect(),
    }
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
    let how = |lang: Lang| match (kind, reacher) {
        (SeasonEndKind::King, Some(r)) => catalog::t!(lang, "uosao-king-scoring", seat = name(state, r.seat, lang)),
        _ => catalog::t!(lang, "uosao-town-scoring-after-round-5"),
    };
    events.push(Event::public(in_each_language(|lang| {
        catalog::t!(
            lang,
            "uosao-season-ends-scores",
            season = state.season,
            how = how(lang),
            list = colour_list(state, &scores, lang, true)
        )
    })));
    state.results.push(SeasonResult { season: state.season, kind, reacher: reacher.map(|r| r.seat), scores });
    if state.season >= SEASONS {
        state.phase = Phase::Over;
        let totals = state.pt.clone();
        events.push(Event::public(in_each_language(|lang| {
            catalog::t!(lang, "uosao-game-over-rank-points", totals = colour_list(state, &totals, lang, false))
        })));
        return;
    }
    state.sp = next_season_sp(state);
    state.season += 1;
    season_setup(state);
    events.push(Event::public(in_each_language(|lang| {
        catalog::t!(lang, "uosao-season-begins-start-player", season = state.season, seat = name(state, state.sp, lang))
    })));
}

/// The spec is silent on resignation. Every player must play a card every round, and a missing play would
/// change every cancellation, so the game cannot go on without the seat: it ends at once, the resigning
/// seat is ranked last and the others are ranked by their current rank points.
pub fn resign(state: &mut State, seat: Seat) -> Result<Vec<Event>, RuleError> {
    if state.phase == Phase::Over {
        return Err(RuleError::GameOver);
    }
    if seat >= state.seats {
        return Err(RuleError::Illegal(catalog::both!("uosao-no-seat", seat = seat.to_string())));
    }
    state.resigned = Some(seat);
    state.phase = Phase::Over;
    state.step += 1;
    Ok(vec![Event::public(in_each_language(|lang| {
        catalog::t!(lang, "uosao-resigns-the-game-ends-and", seat = name(state, seat, lang))
    }))])
}

pub fn outcome(state: &State) -> Option<Outcome> {
    if state.phase != Phase::Over {
        return None;
    }
    let n = state.n();
    let summary = in_each_language(|lang| {
        catalog::t!(lang, "uosao-final-rank-points", totals = colour_list(state, &state.pt, lang, false))
    });
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

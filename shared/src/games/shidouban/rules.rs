//! The game loop (§6): setup, the square sweep, person actions, failure actions, combats, removals,
//! replenishment and the end checks. Everything runs from an explicit frame stack in `State`.

use super::data::{CombatKind, Dir, Failure, Person, Tile, Trigger};
use super::legal;
use super::notation::{Action, Target};
use super::secrecy;
use super::state::*;
use crate::dice::Rng;
use crate::engine::{Event, Lang, Localized, RuleError, Seat};

pub type Evs = Vec<Event>;

/// The randomness the rules consume: the game's `Rng` in play, scripted dice in scenario tests.
pub trait Dice {
    fn d6(&mut self) -> u8;
    /// Uniform in `0..n` (stone draws, shuffles).
    fn below(&mut self, n: u64) -> u64;
}

impl Dice for Rng {
    fn d6(&mut self) -> u8 {
        Rng::d6(self)
    }
    fn below(&mut self, n: u64) -> u64 {
        Rng::below(self, n)
    }
}

/// Fisher-Yates with `Dice::below`.
pub fn shuffle<T>(rng: &mut dyn Dice, v: &mut [T]) {
    for i in (1..v.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        v.swap(i, j);
    }
}

pub fn public(ev: &mut Evs, text: Localized) {
    ev.push(Event::public(text));
}

pub fn letter(s: Seat) -> char {
    (b'A' + s) as char
}

/// `NAG[A]` or `NAG`.
/// How texts name person `p` in `lang` (its code in English, its name in Japanese), with its owner's letter.
pub fn person_name(st: &State, p: Person, lang: crate::engine::Lang) -> String {
    let name = code_or_name(lang, p);
    match st.owner(p) {
        Some(s) => format!("{name}[{}]", letter(s)),
        None => name,
    }
}

/// The label of turn `turn` (§3.3) in `lang`.
pub fn turn_label(lang: Lang, turn: u8) -> String {
    catalog::t!(lang, "shidouban-turn-label", turn = turn.clamp(1, 12))
}

/// A person or a tile, as texts name it in a language (English texts by its code, Japanese ones by its name).
pub trait NamedInTexts: Copy {
    fn named(self, lang: Lang) -> String;
}

impl NamedInTexts for Person {
    fn named(self, lang: Lang) -> String {
        catalog::t!(lang, "shidouban-person", person = self.code())
    }
}

impl NamedInTexts for Tile {
    fn named(self, lang: Lang) -> String {
        catalog::t!(lang, "shidouban-tile", tile = self.code())
    }
}

/// How texts name `x` in `lang`.
pub fn code_or_name(lang: Lang, x: impl NamedInTexts) -> String {
    x.named(lang)
}

/// The tiles of a hand in `lang`, or a word for none.
fn hand_text(lang: Lang, hand: &[Tile]) -> String {
    if hand.is_empty() {
        catalog::t!(lang, "shidouban-no-tiles")
    } else {
        hand.iter().map(|t| code_or_name(lang, *t)).collect::<Vec<_>>().join(" ")
    }
}

fn draw_stone(st: &mut State, rng: &mut dyn Dice) -> Option<bool> {
    let total = st.bag_w as u64 + st.bag_b as u64;
    if total == 0 {
        return None;
    }
    let white = rng.below(total) < st.bag_w as u64;
    if white {
        st.bag_w -= 1;
    } else {
        st.bag_b -= 1;
    }
    Some(white)
}

/// Draws `n` stones for `seat` (A36: as many as the bag holds).
pub fn draw_stones(st: &mut State, seat: Seat, n: u8, rng: &mut dyn Dice, ev: &mut Evs) {
    let (mut w, mut b) = (0, 0);
    for _ in 0..n {
        match draw_stone(st, rng) {
            Some(true) => w += 1,
            Some(false) => b += 1,
            None => break,
        }
    }
    let pl = &mut st.players[seat as usize];
    pl.w += w;
    pl.b += b;
    let (hw, hb) = (pl.w, pl.b);
    public(
        ev,
        catalog::both!(
            "shidouban-draws-stone-s-w-b",
            letter_seat = (letter(seat)).to_string(),
            w_b = (w + b).to_string(),
            w = w.to_string(),
            b = b.to_string(),
            hw = hw.to_string(),
            hb = hb.to_string(),
            bag_w = st.bag_w.to_string(),
            bag_b = st.bag_b.to_string()
        ),
    );
}

fn random_empty_square(st: &State, rng: &mut dyn Dice) -> (Sq, Vec<(u8, u8)>) {
    let mut rolls = Vec::new();
    loop {
        let c = rng.d6();
        let r = rng.d6();
        rolls.push((c, r));
        let s = Sq::new(c, r);
        if st.empty(s) {
            return (s, rolls);
        }
    }
}

/// Setup steps 2–6 (§5): persons placed; then D-PICK is asked.
pub fn setup(seats: u8, rng: &mut dyn Dice) -> State {
    let mut pile = Person::ALL.to_vec();
    shuffle(rng, &mut pile);
    let mut tiles = Tile::ALL.to_vec();
    shuffle(rng, &mut tiles);
    let mut st = State {
        seats,
        step: 0,
        seq: 0,
        cseq: 0,
        turn: 1,
        k: 0,
        persons: vec![PersonSt { loc: PLoc::Pile, w: 0, b: 0, acted: false, arrival: 0 }; 24],
        tiles: vec![TLoc::Pile; 16],
        person_pile: pile,
        event_pile: tiles,
        players: vec![PlayerSt { person: None, status: Status::Active, w: 0, b: 0, resigned: false }; seats as usize],
        duty: 0,
        bag_w: 16,
        bag_b: 16,
        eej_acted: false,
        combats: Vec::new(),
        act: None,
        stack: Vec::new(),
        ask: None,
        end: None,
        eliminated: Vec::new(),
        started: false,
        last_combat: Vec::new(),
        prefs: vec![Prefs::default(); seats as usize],
        withdrawn: Vec::new(),
        injured_to: InjuredTo::default(),
        end_count: EndCount::default(),
    };
    for _ in 0..8 {
        let p = st.person_pile.remove(0);
        let (s, _) = random_empty_square(&st, rng);
        st.seq += 1;
        let seq = st.seq;
        let ps = st.ps_mut(p);
        ps.loc = PLoc::Board(s);
        ps.arrival = seq;
    }
    let id = st.next_id();
    st.ask = Some(Ask::Pick { id, seat: 0 });
    st
}

/// After the last pick: duty, tiles, stones, first square (§5 steps 8–11).
fn start_game(st: &mut State, rng: &mut dyn Dice, ev: &mut Evs) {
    st.duty = 0;
    for seat in 0..st.seats {
        // A seat that resigned during the picks receives nothing.
        if st.players[seat as usize].status == Status::Eliminated {
            continue;
        }
        for _ in 0..2 {
            if !st.event_pile.is_empty() {
                let t = st.event_pile.remove(0);
                st.set_tile(t, TLoc::Hand(seat));
                ev.push(tile_received(seat, t));
            }
        }
    }
    for seat in 0..st.seats {
        if st.players[seat as usize].status == Status::Eliminated {
            continue;
        }
        if let Some(p) = st.players[seat as usize].person {
            let n = st.ronpa(p);
            draw_stones(st, seat, n, rng, ev);
        }
    }
    st.started = true;
    turn_start(st, rng, ev);
}

/// `seat` receives event tile `t`: told to the seat, retold to the others once the game is over.
fn tile_received(seat: Seat, t: Tile) -> Event {
    let name = |lang| catalog::t!(lang, "shidouban-tile-name", tile = t.code());
    Event::private(
        seat,
        crate::engine::in_each_language(|lang| {
            catalog::t!(lang, "shidouban-you-receive-tile", code = t.code(), tile = name(lang))
        }),
    )
    .retold(crate::engine::in_each_language(|lang| {
        catalog::t!(
            lang,
            "shidouban-seat-receives-tile",
            seat = letter(seat).to_string(),
            code = t.code(),
            tile = name(lang)
        )
    }))
}

fn turn_start(st: &mut State, _rng: &mut dyn Dice, ev: &mut Evs) {
    for p in st.persons.iter_mut() {
        p.acted = false;
    }
    st.eej_acted = false;
    public(
        ev,
        crate::engine::in_each_language(|lang| {
            catalog::t!(lang, "shidouban-turn-begins", turn = st.turn.to_string(), en = turn_label(lang, st.turn))
        }),
    );
    if st.turn == 7 {
        for i in 0..st.seats {
            let seat = (st.duty + i) % st.seats;
            if st.players[seat as usize].status == Status::Eliminated {
                continue;
            }
            let mut got = 0;
            for _ in 0..2 {
                if !st.event_pile.is_empty() {
                    let t = st.event_pile.remove(0);
                    st.set_tile(t, TLoc::Hand(seat));
                    got += 1;
                    ev.push(tile_received(seat, t));
                }
            }
            public(
                ev,
                catalog::both!(
                    "shidouban-receives-event-tile-s",
                    letter_seat = (letter(seat)).to_string(),
                    got = got.to_string()
                ),
            );
        }
    }
}

/// Runs automatic steps until a decision is needed or the game ends.
pub fn run(st: &mut State, rng: &mut dyn Dice, ev: &mut Evs) {
    loop {
        if st.end.is_some() {
            st.stack.clear();
            st.ask = None;
            st.act = None;
            return;
        }
        if st.ask.is_some() {
            return;
        }
        if !st.started || matches!(st.stack.last(), Some(Frame::Halt)) {
            return;
        }
        let Some(f) = st.stack.pop() else {
            st.stack.push(Frame::Square { stage: 0 });
            continue;
        };
        step(st, rng, ev, f);
    }
}

fn step(st: &mut State, rng: &mut dyn Dice, ev: &mut Evs, f: Frame) {
    match f {
        Frame::Square { stage } => square(st, rng, ev, stage),
        Frame::Action => action(st, rng, ev),
        Frame::Replenish => replenish(st, rng, ev),
        Frame::Resolve => resolve(st, ev),
        Frame::Combat(c) => combat(st, rng, ev, c),
        Frame::Remove { batch, done_window, saved } => remove(st, ev, batch, done_window, saved),
        Frame::Dokatsu { affected, order, idx } => dokatsu(st, ev, affected, order, idx),
        Frame::Halt => st.stack.push(Frame::Halt),
    }
}

fn square(st: &mut State, rng: &mut dyn Dice, ev: &mut Evs, stage: u8) {
    let s = Sq::from_k(st.k);
    match stage {
        0 => {
            st.stack.push(Frame::Square { stage: 1 });
            if let Some(p) = st.person_at(s) {
                if !st.ps(p).acted {
                    st.act = Some(ActCtx::new(p));
                    st.stack.push(Frame::Action);
                }
            } else if st.tile_at(s) == Some(Tile::EEJ) && !st.eej_acted {
                eej(st, rng, ev, s);
            }
        }
        1 => {
            st.stack.push(Frame::Square { stage: 2 });
            st.stack.push(Frame::Replenish);
        }
        _ => {
            if end_check(st, ev) {
                return;
            }
            st.k += 1;
            if st.k == 36 {
                if st.turn == 12 {
                    final_scoring(st, ev);
                    return;
                }
                st.turn += 1;
                st.k = 0;
                turn_start(st, rng, ev);
            }
        }
    }
}

/// End check (§6.12): true when the game ended.
pub fn end_check(st: &mut State, ev: &mut Evs) -> bool {
    if st.end_count == EndCount::InGame {
        return end_check_in_game(st, ev);
    }
    let on = st.players_on_board();
    match on.len() {
        0 => {
            st.end = Some(End::AllLose);
            public(ev, catalog::both!("shidouban-no-player-s-person-is"));
            true
        }
        1 => {
            st.end = Some(End::Sole(on[0]));
            public(
                ev,
                catalog::both!(
                    "shidouban-only-s-person-is-left",
                    letter_on_0 = (letter(on[0])).to_string(),
                    letter_on_02 = (letter(on[0])).to_string()
                ),
            );
            true
        }
        _ => false,
    }
}

/// The end check under the other reading of Readings 15: a player whose person is in the pile still counts.
fn end_check_in_game(st: &mut State, ev: &mut Evs) -> bool {
    let playing = st.players_in_game();
    let text = match playing.len() {
        0 => {
            st.end = Some(End::AllLose);
            catalog::both!("options-shidouban-nobody-in-game")
        }
        1 => {
            st.end = Some(End::Sole(playing[0]));
            catalog::both!("options-shidouban-sole-in-game", player = letter(playing[0]).to_string())
        }
        _ => return false,
    };
    ev.push(Event::public(text));
    true
}

fn final_scoring(st: &mut State, ev: &mut Evs) {
    let scores: Vec<Option<i64>> = (0..st.seats).map(|s| st.score(s)).collect();
    let txt: Vec<String> = scores
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{} {}", letter(i as Seat), s.map(|v| v.to_string()).unwrap_or("-".into())))
        .collect();
    public(
        ev,
        crate::engine::in_each_language(|lang| {
            catalog::t!(
                lang,
                "shidouban-turn-is-over-final-scores",
                txt = txt.join(&catalog::t!(lang, "engine-list-separator"))
            )
        }),
    );
    st.end = Some(End::Scored(scores));
}

pub fn eej(st: &mut State, rng: &mut dyn Dice, ev: &mut Evs, mut s: Sq) {
    st.eej_acted = true;
    let start = s;
    let mut rolls = Vec::new();
    loop {
        let r = rng.d6();
        rolls.push(r.to_string());
        let d = match r {
            1 => Dir::U,
            2 | 3 => Dir::R,
            4 => Dir::D,
            _ => Dir::L,
        };
        match s.step(d) {
            Some(n) if st.empty(n) => {
                st.set_tile(Tile::EEJ, TLoc::Board(n));
                s = n;
            }
            _ => break,
        }
    }
    public(
        ev,
        crate::engine::in_each_language(|lang| {
            catalog::t!(
                lang,
                "shidouban-eej-walks-d",
                rolls = (rolls.join(",")).to_string(),
                start_ascii = start.label(lang),
                ascii = s.label(lang)
            )
        }),
    );
}

fn replenish(st: &mut State, rng: &mut dyn Dice, ev: &mut Evs) {
    if st.board_persons().len() >= 8 || st.person_pile.is_empty() {
        return;
    }
    let p = st.person_pile.remove(0);
    let (s, rolls) = random_empty_square(st, rng);
    let r: Vec<String> = rolls.iter().map(|(c, r)| format!("{c}{r}")).collect();
    st.ps_mut(p).loc = PLoc::Board(s);
    if let Some(o) = st.owner(p)
        && st.players[o as usize].status == Status::Suspended
    {
        st.players[o as usize].status = Status::Active;
    }
    public(
        ev,
        crate::engine::in_each_language(|lang| {
            catalog::t!(
                lang,
                "shidouban-replenishment-placed-on-dice",
                pname = person_name(st, p, lang),
                both = s.label_with_both(lang),
                r = (r.join(" ")).to_string()
            )
        }),
    );
    arrive(st, p, None, s);
    st.stack.push(Frame::Replenish);
    st.stack.push(Frame::Resolve);
}

/// ARRIVE (§6.8.1): records the arrival and adds triggered combats to the pool.
pub fn arrive(st: &mut State, p: Person, from: Option<Sq>, to: Sq) {
    st.seq += 1;
    let seq = st.seq;
    st.ps_mut(p).arrival = seq;
    for (t, e) in st.live_combat_tiles() {
        match t.data().trigger {
            Trigger::Below | Trigger::Above | Trigger::AnySide => {
                if st.trig(t).contains(&to) && !st.combats.iter().any(|c| c.tile == t && c.targets == vec![p]) {
                    add_combat(st, t, vec![p]);
                }
            }
            Trigger::Column => {
                if to.c == e.c && from.map(|f| f.c != e.c).unwrap_or(true) {
                    add_combat(st, t, vec![p]);
                }
            }
            Trigger::Pair => {
                if e.adjacent(to) && !st.combats.iter().any(|c| c.tile == t) {
                    let other = st
                        .board_persons()
                        .into_iter()
                        .filter(|q| *q != p && e.adjacent(st.pos(*q).unwrap()))
                        .min_by_key(|q| st.ps(*q).arrival);
                    if let Some(q) = other {
                        add_combat(st, t, vec![q, p]);
                    }
                }
            }
            Trigger::None => {}
        }
    }
}

fn add_combat(st: &mut State, t: Tile, targets: Vec<Person>) {
    st.cseq += 1;
    st.combats.push(PendingCombat { id: st.cseq, tile: t, targets });
}

/// Validity of a pending combat (§6.8.2).
pub fn valid(st: &State, c: &PendingCombat) -> bool {
    let TLoc::Board(e) = st.tile_loc(c.tile) else { return false };
    match c.tile.data().trigger {
        Trigger::Pair => c.targets.iter().all(|t| st.pos(*t).map(|s| e.adjacent(s)).unwrap_or(false)),
        Trigger::Column => st.pos(c.targets[0]).map(|s| s.c == e.c).unwrap_or(false),
        _ => st.pos(c.targets[0]).map(|s| st.trig(c.tile).contains(&s)).unwrap_or(false),
    }
}

/// Moves `p` to `to` (teleport, push or step) and runs ARRIVE; the caller pushes `Resolve` where due.
pub fn relocate(st: &mut State, p: Person, to: Sq) {
    let from = st.pos(p);
    st.ps_mut(p).loc = PLoc::Board(to);
    arrive(st, p, from, to);
}

fn resolve(st: &mut State, ev: &mut Evs) {
    let all = std::mem::take(&mut st.combats);
    let (keep, lapsed): (Vec<PendingCombat>, Vec<PendingCombat>) = all.into_iter().partition(|c| valid(st, c));
    st.combats = keep;
    for c in lapsed {
        public(
            ev,
            crate::engine::in_each_language(|lang| {
                catalog::t!(
                    lang,
                    "shidouban-c-lapses",
                    c_id = c.id.to_string(),
                    c_tile_code = code_or_name(lang, c.tile)
                )
            }),
        );
    }
    match st.combats.len() {
        0 => {}
        1 => {
            let c = st.combats.remove(0);
            st.stack.push(Frame::Resolve);
            start_combat(st, c);
        }
        _ => {
            st.stack.push(Frame::Resolve);
            let id = st.next_id();
            let options = st.combats.iter().map(|c| c.id).collect();
            st.ask = Some(Ask::Order { id, seat: st.duty, options });
        }
    }
}

pub fn start_combat(st: &mut State, c: PendingCombat) {
    st.stack.push(Frame::Combat(CombatRun {
        id: c.id,
        tile: c.tile,
        targets: c.targets,
        sides: Vec::new(),
        stage: CombatStage::Sides,
        injured: Vec::new(),
    }));
}

fn responsible(st: &State, t: Person) -> Seat {
    st.owner(t).unwrap_or(st.duty)
}

/// A side member's line of a combat report: who, the dice rolled (written out) and the outcome (0 none,
/// 1 injured, 2 killed).
type MemberRolls = (Person, String, u8);

fn combat(st: &mut State, rng: &mut dyn Dice, ev: &mut Evs, mut c: CombatRun) {
    match c.stage {
        CombatStage::Sides => {
            if let Some(a) = &st.act
                && c.tile == Tile::KIN
                && c.targets.contains(&a.p)
            {
                st.act.as_mut().unwrap().fought_kin = true;
            }
            if c.tile == Tile::ABU {
                let (t1, t2) = (c.targets[0], c.targets[1]);
                let a1: Vec<Person> = st.range_persons(t1).into_iter().filter(|q| *q != t2).collect();
                let a2: Vec<Person> = st.range_persons(t2).into_iter().filter(|q| *q != t1).collect();
                let both: Vec<Person> = a1.iter().copied().filter(|q| a2.contains(q)).collect();
                let mut m1 = vec![t1];
                m1.extend(a1.iter().filter(|q| !both.contains(q)));
                let mut m2 = vec![t2];
                m2.extend(a2.iter().filter(|q| !both.contains(q)));
                c.sides = vec![
                    Side { target: t1, members: m1, force: 0, responsible: responsible(st, t1), dice: None },
                    Side { target: t2, members: m2, force: 0, responsible: responsible(st, t2), dice: None },
                ];
                c.stage = CombatStage::Alloc;
                if !both.is_empty() {
                    let id = st.next_id();
                    st.ask = Some(Ask::Side { id, seat: st.duty, both });
                }
                st.stack.push(Frame::Combat(c));
                return;
            }
            let t = c.targets[0];
            let mut members = vec![t];
            if c.tile != Tile::SOG {
                members.extend(st.range_persons(t));
            }
            c.sides = vec![Side {
                target: t,
                members,
                force: c.tile.data().force,
                responsible: responsible(st, t),
                dice: None,
            }];
            c.stage = CombatStage::Alloc;
            st.stack.push(Frame::Combat(c));
        }
        CombatStage::Alloc => {
            if c.tile == Tile::ABU && c.sides[0].force == 0 {
                let (n1, n2) = (c.sides[0].members.len() as u8, c.sides[1].members.len() as u8);
                c.sides[0].force = n2;
                c.sides[1].force = n1;
            }
            let mut need = Vec::new();
            for (i, s) in c.sides.iter_mut().enumerate() {
                let n = s.members.len() as u8;
                let (q, m) = (s.force / n, s.force % n);
                if m == 0 {
                    s.dice = Some(vec![q; n as usize]);
                } else {
                    need.push(i);
                }
            }
            c.stage = CombatStage::Roll;
            if !need.is_empty() {
                let ids = need.iter().map(|_| st.next_id()).collect();
                let answers = vec![None; need.len()];
                st.ask = Some(Ask::Alloc { ids, sides: need, answers });
            }
            st.stack.push(Frame::Combat(c));
        }
        CombatStage::Roll => {
            let kind = c.tile.data().combat.unwrap_or(CombatKind::Kiriai);
            let TLoc::Board(e) = st.tile_loc(c.tile) else {
                return;
            };
            let force = |lang| {
                if c.tile == Tile::ABU {
                    catalog::t!(
                        lang,
                        "shidouban-combat-force-sides",
                        a = c.sides[0].members.len(),
                        b = c.sides[1].members.len()
                    )
                } else {
                    catalog::t!(lang, "shidouban-combat-force-dice", force = c.sides[0].force)
                }
            };
            // Each side's line: its target, who allocated its dice, and each member's rolls and outcome.
            let mut side_lines: Vec<(Person, Seat, Vec<MemberRolls>)> = Vec::new();
            let mut killed = Vec::new();
            let mut injured = Vec::new();
            for s in &c.sides {
                let dice = s.dice.clone().unwrap_or_default();
                let mut parts = Vec::new();
                for (q, k) in s.members.iter().zip(dice.iter()) {
                    let mut rolls = Vec::new();
                    let mut worst = 0u8; // 0 none, 1 injured, 2 killed
                    for _ in 0..*k {
                        let d = rng.d6();
                        rolls.push(d.to_string());
                        let bu = st.buto(*q);
                        let r = match kind {
                            CombatKind::Kiriai => {
                                if d > bu {
                                    2
                                } else {
                                    0
                                }
                            }
                            CombatKind::Naguriai => (d > bu) as u8,
                            CombatKind::Juhogeki => match d {
                                1 | 2 => 0,
                                3 | 4 => 1,
                                _ => 2,
                            },
                        };
                        worst = worst.max(r);
                    }
                    // 3 marks a member that was given no dice.
                    parts.push((*q, rolls.join(","), if *k == 0 { 3 } else { worst }));
                    match worst {
                        2 => killed.push(*q),
                        1 => injured.push(*q),
                        _ => {}
                    }
                }
                side_lines.push((s.target, s.responsible, parts));
            }
            let report = |lang| {
                let mut lines = vec![catalog::t!(
                    lang,
                    "shidouban-combat-report",
                    id = c.id.to_string(),
                    tile = code_or_name(lang, c.tile),
                    square = e.label(lang),
                    kind = kind.name(lang),
                    force = force(lang),
                    targets = c
                        .targets
                        .iter()
                        .map(|t| person_name(st, *t, lang))
                        .collect::<Vec<_>>()
                        .join(&catalog::t!(lang, "shidouban-combat-target-separator"))
                )];
                for (target, responsible, parts) in &side_lines {
                    let parts: Vec<String> = parts
                        .iter()
                        .map(|(q, rolls, outcome)| {
                            let outcome = match outcome {
                                3 => catalog::t!(lang, "shidouban-combat-no-dice"),
                                0 => catalog::t!(lang, "shidouban-combat-no-damage"),
                                1 => catalog::t!(lang, "shidouban-combat-injured"),
                                _ => catalog::t!(lang, "shidouban-combat-killed"),
                            };
                            catalog::t!(
                                lang,
                                "shidouban-combat-member",
                                person = person_name(st, *q, lang),
                                rolls = rolls.as_str(),
                                outcome = outcome
                            )
                        })
                        .collect();
                    lines.push(catalog::t!(
                        lang,
                        "shidouban-combat-side",
                        target = person_name(st, *target, lang),
                        responsible = letter(*responsible),
                        parts = parts.join(&catalog::t!(lang, "shidouban-combat-member-separator"))
                    ));
                }
                lines
            };
            // The state keeps the last combat's report in the source language, as it always has (states are
            // hashed and stored, so they hold no reader's language).
            let english = report(catalog::LANGUAGES[0]);
            let text = crate::engine::in_each_language(|lang| report(lang).join("\n"));
            st.last_combat = english;
            public(ev, text);
            c.injured = injured;
            c.stage = CombatStage::Apply;
            st.stack.push(Frame::Combat(c));
            if !killed.is_empty() {
                killed.sort_by_key(|p| st.pos(*p).map(|s| s.k()));
                st.stack.push(Frame::Remove { batch: killed, done_window: false, saved: None });
            }
        }
        CombatStage::Apply => {
            let mut inj: Vec<Person> = c.injured.iter().copied().filter(|p| st.on_board(*p)).collect();
            inj.sort_by_key(|p| st.pos(*p).map(|s| s.k()));
            for p in inj {
                let s = st.pos(p).unwrap();
                let rows = match st.injured_to {
                    InjuredTo::Below => s.r + 1..=6,
                    // Deliberately empty: a piece injured on the last row has nowhere to be carried.
                    #[allow(clippy::reversed_empty_ranges)]
                    InjuredTo::Column if s.r == 6 => 1..=0,
                    InjuredTo::Column => 1..=6,
                };
                let dest = rows.rev().map(|r| Sq::new(s.c, r)).find(|q| st.empty(*q));
                if let Some(d) = dest {
                    relocate(st, p, d);
                    let falls_back = d.r > s.r;
                    let how = |lang| {
                        if falls_back {
                            catalog::t!(lang, "shidouban-injured-falls-back")
                        } else {
                            catalog::t!(lang, "shidouban-injured-is-carried-up")
                        }
                    };
                    public(
                        ev,
                        crate::engine::in_each_language(|lang| {
                            catalog::t!(
                                lang,
                                "shidouban-is-injured-and",
                                pname = person_name(st, p, lang),
                                how = how(lang),
                                ascii = s.label(lang),
                                d_ascii = d.label(lang)
                            )
                        }),
                    );
                } else {
                    public(
                        ev,
                        crate::engine::in_each_language(|lang| {
                            catalog::t!(
                                lang,
                                "shidouban-is-injured-and-stays-on",
                                pname = person_name(st, p, lang),
                                ascii = s.label(lang)
                            )
                        }),
                    );
                }
            }
            if c.tile != Tile::KIN && matches!(st.tile_loc(c.tile), TLoc::Board(_)) {
                st.set_tile(c.tile, TLoc::Discard);
                public(
                    ev,
                    crate::engine::in_each_language(|lang| {
                        catalog::t!(lang, "shidouban-is-discarded", c_tile_code = code_or_name(lang, c.tile))
                    }),
                );
            }
        }
    }
}

fn remove(st: &mut State, ev: &mut Evs, batch: Vec<Person>, done_window: bool, saved: Option<Person>) {
    let batch: Vec<Person> = batch.into_iter().filter(|p| st.on_board(*p)).collect();
    if batch.is_empty() {
        return;
    }
    if !done_window && let Some(h) = st.ish_holder() {
        // Even a standing preference answers through the window (§6.10 step 1), as its own journal entry: a
        // replay of the published journal then needs the answer, never the secret preference.
        let standing = secrecy::standing_reprieve(st, h, &batch);
        let id = st.next_id();
        st.ask = Some(Ask::Reprieve { id, seat: h, batch: batch.clone(), standing });
        st.stack.push(Frame::Remove { batch, done_window: true, saved: None });
        return;
    }
    let mut order = batch;
    order.sort_by_key(|p| st.pos(*p).map(|s| s.k()));
    for q in order {
        if Some(q) != saved {
            remove_person(st, ev, q);
        }
    }
}

/// A person leaves the board for the discard (§6.7).
pub fn remove_person(st: &mut State, ev: &mut Evs, q: Person) {
    let s = st.pos(q);
    let owner = st.owner(q);
    public(
        ev,
        crate::engine::in_each_language(|lang| {
            catalog::t!(
                lang,
                "shidouban-is-removed-from",
                pname_q = person_name(st, q, lang),
                ascii_unwrap_or_default = s.map(|s| s.label(lang)).unwrap_or_default()
            )
        }),
    );
    off_board(st, q, ev);
    st.ps_mut(q).loc = PLoc::Discard;
    if let Some(o) = owner {
        eliminate(st, ev, o);
    }
}

fn off_board(st: &mut State, q: Person, ev: &mut Evs) {
    let ps = st.ps_mut(q);
    let (w, b) = (ps.w, ps.b);
    ps.w = 0;
    ps.b = 0;
    st.bag_w += w;
    st.bag_b += b;
    for t in st.overlays(q) {
        st.set_tile(t, TLoc::Discard);
        public(
            ev,
            crate::engine::in_each_language(|lang| {
                catalog::t!(
                    lang,
                    "shidouban-is-discarded-with",
                    t_code = code_or_name(lang, t),
                    q_code = (q.code()).to_string()
                )
            }),
        );
    }
}

pub fn eliminate(st: &mut State, ev: &mut Evs, o: Seat) {
    let pl = &mut st.players[o as usize];
    if pl.status == Status::Eliminated {
        return;
    }
    pl.status = Status::Eliminated;
    let (w, b) = (pl.w, pl.b);
    pl.w = 0;
    pl.b = 0;
    st.bag_w += w;
    st.bag_b += b;
    let hand = st.hand_tiles(o);
    for t in &hand {
        st.set_tile(*t, TLoc::Discard);
    }
    st.eliminated.push(o);
    public(
        ev,
        crate::engine::in_each_language(|lang| {
            catalog::t!(
                lang,
                "shidouban-is-eliminated-hand-stones-w",
                letter_o = (letter(o)).to_string(),
                w = w.to_string(),
                b = b.to_string(),
                if_codes_is_empty = hand_text(lang, &hand)
            )
        }),
    );
}

fn return_to_pile(st: &mut State, rng: &mut dyn Dice, ev: &mut Evs, p: Person) {
    public(
        ev,
        crate::engine::in_each_language(|lang| {
            catalog::t!(lang, "shidouban-deserts-and-goes-back-into", pname = person_name(st, p, lang))
        }),
    );
    off_board(st, p, ev);
    st.ps_mut(p).loc = PLoc::Pile;
    st.person_pile.push(p);
    shuffle(rng, &mut st.person_pile);
    if let Some(o) = st.owner(p)
        && st.players[o as usize].status == Status::Active
    {
        st.players[o as usize].status = Status::Suspended;
    }
}

fn dokatsu(st: &mut State, ev: &mut Evs, affected: Vec<Person>, order: Option<Vec<Person>>, mut idx: usize) {
    let Some(order) = order else { return };
    while idx < order.len() {
        let q = order[idx];
        idx += 1;
        if let Some(s) = st.pos(q)
            && let Some(d) = s.step(Dir::D).filter(|d| st.empty(*d))
        {
            relocate(st, q, d);
            public(
                ev,
                crate::engine::in_each_language(|lang| {
                    catalog::t!(
                        lang,
                        "shidouban-is-pushed-down",
                        pname_q = person_name(st, q, lang),
                        ascii = s.label(lang),
                        d_ascii = d.label(lang)
                    )
                }),
            );
            st.stack.push(Frame::Dokatsu { affected, order: Some(order), idx });
            st.stack.push(Frame::Resolve);
            return;
        }
    }
}

/// Whether the 恫喝 order can matter (§6.6): someone above another affected person, or a down square
/// that is a trigger square of a live ★ tile.
pub fn dokatsu_order_matters(st: &State, affected: &[Person]) -> bool {
    let sqs: Vec<Sq> = affected.iter().filter_map(|p| st.pos(*p)).collect();
    let stars: Vec<Sq> =
        st.live_combat_tiles().into_iter().filter(|(t, _)| t.is_star()).flat_map(|(t, _)| st.trig(t)).collect();
    sqs.iter().any(|s| match s.step(Dir::D) {
        Some(d) => sqs.contains(&d) || stars.contains(&d),
        None => false,
    })
}

/// 覚悟 candidates (§6.6, A13, A14), in sweep order.
pub fn kakugo_cands(st: &State, p: Person) -> Vec<Sq> {
    let Some(ps) = st.pos(p) else { return Vec::new() };
    let left = ps.c >= 4;
    let mut out = Vec::new();
    for (t, e) in st.live_combat_tiles() {
        if (e.c >= 4) != left {
            continue;
        }
        for s in st.trig(t) {
            if !st.empty(s) && s != ps {
                continue;
            }
            if s == ps {
                continue;
            }
            if t == Tile::ABU {
                let others =
                    e.n4().into_iter().filter(|n| *n != s && st.person_at(*n).map(|q| q != p).unwrap_or(false)).count();
                if others == 0 {
                    continue;
                }
            }
            if t == Tile::SOG && ps.c == e.c {
                continue;
            }
            if !out.contains(&s) {
                out.push(s);
            }
        }
    }
    out.sort_by_key(|s| s.k());
    out
}

/// Performs a failure action (§6.6). The Action frame is already back on the stack.
fn failure(st: &mut State, rng: &mut dyn Dice, ev: &mut Evs, p: Person, f: Failure) {
    let s = st.pos(p).unwrap();
    match f {
        Failure::Ansatsu => {
            let t = st.board_persons().into_iter().max_by_key(|q| {
                let qs = st.pos(*q).unwrap();
                (qs.r, qs.c)
            });
            if let Some(t) = t.filter(|t| *t != p) {
                let d = rng.d6();
                let ok = d <= st.buto(p);
                public(
                    ev,
                    crate::engine::in_each_language(|lang| {
                        catalog::t!(
                            lang,
                            "shidouban-assassination-of-d-vs",
                            pname_t = person_name(st, t, lang),
                            d = d.to_string(),
                            buto = (st.buto(p)).to_string(),
                            if_ok_success = if ok {
                                catalog::t!(lang, "shidouban-check-success")
                            } else {
                                catalog::t!(lang, "shidouban-check-fails")
                            }
                        )
                    }),
                );
                if ok {
                    st.stack.push(Frame::Remove { batch: vec![t], done_window: false, saved: None });
                }
            } else {
                public(ev, catalog::both!("shidouban-the-assassination-target-is-the"));
            }
        }
        Failure::Kakugo => {
            let cands = kakugo_cands(st, p);
            match cands.len() {
                0 => public(ev, catalog::both!("shidouban-resolve-no-combat-square-in")),
                1 => {
                    relocate(st, p, cands[0]);
                    public(
                        ev,
                        crate::engine::in_each_language(|lang| {
                            catalog::t!(
                                lang,
                                "shidouban-resolve",
                                ascii = s.label(lang),
                                cands_0_ascii = cands[0].label(lang)
                            )
                        }),
                    );
                    st.stack.push(Frame::Resolve);
                }
                _ => {
                    let id = st.next_id();
                    st.ask = Some(Ask::Kakugo { id, seat: st.duty, cands });
                }
            }
        }
        Failure::Kakketsu => {
            let d = rng.d6();
            public(ev, catalog::both!("shidouban-coughing-blood-d", d = d.to_string()));
            match d {
                6 => st.stack.push(Frame::Remove { batch: vec![p], done_window: false, saved: None }),
                2..=5 => {
                    let a = st.act.as_mut().unwrap();
                    a.retain_black = true;
                    a.immobile = true;
                }
                _ => {}
            }
        }
        Failure::Shuran => {
            push_down(st, ev, p);
            let a = st.act.as_mut().unwrap();
            a.retain_black = true;
            a.immobile = true;
        }
        Failure::Seppuku => st.stack.push(Frame::Remove { batch: vec![p], done_window: false, saved: None }),
        Failure::Dasso => dasso(st, rng, ev, p),
        Failure::Dokatsu => {
            let mut affected: Vec<Person> =
                st.board_persons().into_iter().filter(|q| (st.pos(*q).unwrap().c >= 4) != (s.c >= 4)).collect();
            affected.sort_by_key(|q| st.pos(*q).unwrap().k());
            if affected.is_empty() {
                public(ev, catalog::both!("shidouban-intimidation-nobody-in-the-other"));
            } else if dokatsu_order_matters(st, &affected) {
                st.stack.push(Frame::Dokatsu { affected: affected.clone(), order: None, idx: 0 });
                let id = st.next_id();
                st.ask = Some(Ask::Dokatsu { id, seat: st.duty, affected });
            } else {
                st.stack.push(Frame::Dokatsu { affected: affected.clone(), order: Some(affected), idx: 0 });
            }
        }
        Failure::Toshi => st.act.as_mut().unwrap().moves = 2,
        Failure::Fudo => st.act.as_mut().unwrap().immobile = true,
        Failure::Fungai => push_down(st, ev, p),
        Failure::Hensetsu => {
            let dest = if s.c <= 3 { Sq::new(6, s.r) } else { Sq::new(1, s.r) };
            if st.empty(dest) {
                relocate(st, p, dest);
                public(
                    ev,
                    crate::engine::in_each_language(|lang| {
                        catalog::t!(lang, "shidouban-defection", ascii = s.label(lang), dest_ascii = dest.label(lang))
                    }),
                );
                st.stack.push(Frame::Resolve);
            } else {
                public(ev, catalog::both!("shidouban-defection-blocked-desertion-instead"));
                dasso(st, rng, ev, p);
            }
        }
        Failure::Yudan => {
            let d = rng.d6();
            public(ev, catalog::both!("shidouban-carelessness-d", d = d.to_string()));
            if d >= 2 {
                st.stack.push(Frame::Remove { batch: vec![p], done_window: false, saved: None });
            }
        }
        Failure::Robai => {
            let dest = Sq::new(s.c, 6);
            if dest == s {
            } else if st.empty(dest) {
                relocate(st, p, dest);
                public(
                    ev,
                    crate::engine::in_each_language(|lang| {
                        catalog::t!(lang, "shidouban-panic", ascii = s.label(lang), dest_ascii = dest.label(lang))
                    }),
                );
                st.stack.push(Frame::Resolve);
            } else {
                public(ev, catalog::both!("shidouban-panic-blocked-desertion-instead"));
                dasso(st, rng, ev, p);
            }
        }
    }
}

fn push_down(st: &mut State, ev: &mut Evs, p: Person) {
    let s = st.pos(p).unwrap();
    if let Some(d) = s.step(Dir::D).filter(|d| st.empty(*d)) {
        relocate(st, p, d);
        public(
            ev,
            crate::engine::in_each_language(|lang| {
                catalog::t!(
                    lang,
                    "shidouban-moves-down",
                    pname = person_name(st, p, lang),
                    ascii = s.label(lang),
                    d_ascii = d.label(lang)
                )
            }),
        );
        st.stack.push(Frame::Resolve);
    }
}

fn dasso(st: &mut State, rng: &mut dyn Dice, ev: &mut Evs, p: Person) {
    let d = rng.d6();
    public(ev, catalog::both!("shidouban-desertion-d", d = d.to_string()));
    if d == 1 {
        return_to_pile(st, rng, ev, p);
    } else {
        st.stack.push(Frame::Remove { batch: vec![p], done_window: false, saved: None });
    }
}

/// Legal directions of a move (§6.4 P4.2).
pub fn legal_dirs(st: &State, p: Person) -> Vec<Dir> {
    let Some(s) = st.pos(p) else { return Vec::new() };
    Dir::ALL.iter().copied().filter(|d| s.step(*d).map(|n| st.empty(n)).unwrap_or(false)).collect()
}

/// Eligible interjectors in priority order (§6.5).
pub fn kuchi_order(st: &State, p: Person, dirs: &[Dir]) -> Vec<Seat> {
    (0..st.seats)
        .map(|i| (st.duty + i) % st.seats)
        .filter(|s| {
            let pl = &st.players[*s as usize];
            pl.status == Status::Active && dirs.iter().any(|d| if p.arrow(*d).white { pl.w > 0 } else { pl.b > 0 })
        })
        .collect()
}

pub fn natural_dir(p: Person, dirs: &[Dir]) -> Dir {
    *dirs.iter().min_by_key(|d| p.arrow(**d).prio).unwrap()
}

/// P4 movement step in direction `d`; `payer` pays the stone.
pub fn do_move(st: &mut State, ev: &mut Evs, p: Person, d: Dir, payer: Option<Seat>) {
    let s = st.pos(p).unwrap();
    let to = s.step(d).unwrap();
    let white = p.arrow(d).white;
    if let Some(x) = payer {
        let pl = &mut st.players[x as usize];
        if white {
            pl.w -= 1;
            st.ps_mut(p).w += 1;
        } else {
            pl.b -= 1;
            st.ps_mut(p).b += 1;
        }
    }
    relocate(st, p, to);
    public(
        ev,
        crate::engine::in_each_language(|lang| {
            catalog::t!(
                lang,
                "shidouban-moves",
                pname = person_name(st, p, lang),
                d_code = d.name(lang),
                both = s.label_with_both(lang),
                to_both = to.label_with_both(lang)
            )
        }),
    );
    let a = st.act.as_mut().unwrap();
    a.moved = true;
    a.move_i += 1;
    st.stack.push(Frame::Resolve);
}

fn action(st: &mut State, rng: &mut dyn Dice, ev: &mut Evs) {
    let a = st.act.clone().unwrap();
    let p = a.p;
    match a.stage {
        ActStage::Start => {
            st.ps_mut(p).acted = true;
            let s = st.pos(p).unwrap();
            public(
                ev,
                crate::engine::in_each_language(|lang| {
                    catalog::t!(
                        lang,
                        "shidouban-t-k-acts",
                        turn = st.turn.to_string(),
                        k = st.k.to_string(),
                        both = s.label_with_both(lang),
                        pname = person_name(st, p, lang)
                    )
                }),
            );
            st.act.as_mut().unwrap().stage = ActStage::Check;
            st.stack.push(Frame::Action);
            if let Some(x) = st.owner(p) {
                st.duty = x;
                let pl = &mut st.players[x as usize];
                let (w, b) = (pl.w, pl.b);
                pl.w = 0;
                pl.b = 0;
                st.bag_w += w;
                st.bag_b += b;
                public(
                    ev,
                    catalog::both!(
                        "shidouban-duty-marker-to-hand-w",
                        letter = (letter(x)).to_string(),
                        w = w.to_string(),
                        b = b.to_string()
                    ),
                );
                let n = st.ronpa(p);
                draw_stones(st, x, n, rng, ev);
                if !legal::event_options(st, x).is_empty() {
                    let id = st.next_id();
                    st.ask = Some(Ask::Event { id, seat: x });
                }
            }
        }
        ActStage::Check => {
            st.act.as_mut().unwrap().stage = ActStage::AfterFail;
            st.stack.push(Frame::Action);
            if st.ps(p).b > 0 {
                st.act.as_mut().unwrap().fuk_at_check = st.has_overlay(p, Tile::FUK);
                let d = rng.d6();
                let v = st.shido(p);
                if d <= v {
                    public(
                        ev,
                        crate::engine::in_each_language(|lang| {
                            catalog::t!(
                                lang,
                                "shidouban-bushido-check-d-success",
                                pname = person_name(st, p, lang),
                                d = d.to_string(),
                                v = v.to_string()
                            )
                        }),
                    );
                } else {
                    let f = st.failure(p);
                    public(
                        ev,
                        crate::engine::in_each_language(|lang| {
                            catalog::t!(
                                lang,
                                "shidouban-bushido-check-d-fail",
                                pname = person_name(st, p, lang),
                                d = d.to_string(),
                                v = v.to_string(),
                                f = f.name(lang)
                            )
                        }),
                    );
                    failure(st, rng, ev, p, f);
                }
            }
        }
        ActStage::AfterFail => {
            if a.fuk_at_check && st.has_overlay(p, Tile::FUK) {
                st.set_tile(Tile::FUK, TLoc::Discard);
                public(ev, catalog::both!("shidouban-fuk-is-discarded-after-the"));
            }
            if !st.on_board(p) {
                st.act = None;
                return;
            }
            let ps = st.ps_mut(p);
            let w = ps.w;
            let b = if a.retain_black { 0 } else { ps.b };
            ps.w -= w;
            ps.b -= b;
            st.bag_w += w;
            st.bag_b += b;
            st.act.as_mut().unwrap().stage = ActStage::Move;
            st.stack.push(Frame::Action);
        }
        ActStage::Move => {
            if a.immobile || a.move_i >= a.moves || !st.on_board(p) {
                st.act.as_mut().unwrap().stage = ActStage::Stay;
                st.stack.push(Frame::Action);
                return;
            }
            st.stack.push(Frame::Action);
            let dirs = legal_dirs(st, p);
            if dirs.is_empty() {
                st.act.as_mut().unwrap().move_i += 1;
                public(
                    ev,
                    crate::engine::in_each_language(|lang| {
                        catalog::t!(lang, "shidouban-cannot-move", pname = person_name(st, p, lang))
                    }),
                );
                return;
            }
            let order = kuchi_order(st, p, &dirs);
            if order.is_empty() {
                let d = natural_dir(p, &dirs);
                do_move(st, ev, p, d, None);
            } else {
                let ids = order.iter().map(|_| st.next_id()).collect();
                // A standing `pref kuchi auto-pass` answers `pass` at once (§6.5 step 5), as its own journal entry.
                let auto_pass = secrecy::standing_kuchi(st, p, &order);
                let answers = vec![None; order.len()];
                st.ask = Some(Ask::Kuchi { person: p, dirs, order, ids, answers, auto_pass });
            }
        }
        ActStage::Stay => {
            st.act.as_mut().unwrap().stage = ActStage::Done;
            st.stack.push(Frame::Action);
            if let (Some(s), TLoc::Board(e)) = (st.pos(p), st.tile_loc(Tile::KIN))
                && !a.moved
                && !a.fought_kin
                && s.adjacent(e)
            {
                if !st.combats.iter().any(|c| c.tile == Tile::KIN && c.targets == vec![p]) {
                    add_combat(st, Tile::KIN, vec![p]);
                }
                st.stack.push(Frame::Resolve);
            }
        }
        ActStage::Done => {
            st.act = None;
        }
    }
}

/// Applies an answer to the current ask, then runs on.
pub fn answer(
    st: &mut State,
    decision: &str,
    seat: Seat,
    a: &Action,
    rng: &mut dyn Dice,
    ev: &mut Evs,
) -> Result<(), RuleError> {
    let ask = st.ask.clone().ok_or_else(|| RuleError::NotPending(decision.to_string()))?;
    // Standing preferences may be sent with any pending decision; they apply to later requests and
    // leave the current decision open (§6.15). Never with the anonymous reprieve window, though: withheld
    // for good, a preference there could not be told from a decline.
    let pref = a.is_preference();
    if pref && matches!(ask, Ask::Reprieve { .. }) {
        return Err(RuleError::Illegal(catalog::both!("shidouban-answer-the-reprieve-first-reprieve")));
    }
    match a {
        Action::PrefKuchi(m) => {
            ensure_prefs(st);
            st.prefs[seat as usize].kuchi = *m;
        }
        Action::PrefReprieve { never, save } => {
            ensure_prefs(st);
            st.prefs[seat as usize].reprieve_never = *never;
            st.prefs[seat as usize].save = save.clone();
        }
        _ => {}
    }
    if pref {
        let text = super::notation::print(a);
        ev.push(Event::secret(seat, catalog::both!("shidouban-preference-saved", text = text.to_string())));
        return Ok(());
    }
    match ask {
        Ask::Pick { seat: s, .. } => {
            let Action::Pick(p) = a else { return Err(wrong_kind()) };
            if !st.on_board(*p) || st.players.iter().any(|pl| pl.person == Some(*p)) {
                return Err(RuleError::Illegal(crate::engine::in_each_language(|lang| {
                    catalog::t!(lang, "shidouban-is-not-an-unchosen-person", code = code_or_name(lang, *p))
                })));
            }
            st.players[s as usize].person = Some(*p);
            public(
                ev,
                crate::engine::in_each_language(|lang| {
                    catalog::t!(
                        lang,
                        "shidouban-chooses",
                        letter = (letter(s)).to_string(),
                        code = (p.code()).to_string(),
                        romaji = catalog::t!(lang, "shidouban-person-name", person = p.code())
                    )
                }),
            );
            if s + 1 < st.seats {
                let id = st.next_id();
                st.ask = Some(Ask::Pick { id, seat: s + 1 });
            } else {
                st.ask = None;
                start_game(st, rng, ev);
            }
        }
        Ask::Event { seat: s, .. } => {
            match a {
                Action::UseNone => {
                    public(ev, catalog::both!("shidouban-uses-no-event-tile", letter = (letter(s)).to_string()))
                }
                Action::Use((t, target)) => {
                    if !legal::event_options(st, s).contains(a) {
                        return Err(RuleError::Illegal(catalog::both!(
                            "shidouban-is-not-a-legal-placement",
                            super_notation_print = (super::notation::print(a)).to_string()
                        )));
                    }
                    match target {
                        Target::Sq(q) => {
                            st.set_tile(*t, TLoc::Board(*q));
                            public(
                                ev,
                                crate::engine::in_each_language(|lang| {
                                    catalog::t!(
                                        lang,
                                        "shidouban-places-on",
                                        letter = (letter(s)).to_string(),
                                        t_code = (t.code()).to_string(),
                                        t = catalog::t!(lang, "shidouban-tile-name", tile = t.code()),
                                        q_both = q.label_with_both(lang)
                                    )
                                }),
                            );
                        }
                        Target::Person(p) => {
                            st.set_tile(*t, TLoc::On(*p));
                            public(
                                ev,
                                crate::engine::in_each_language(|lang| {
                                    catalog::t!(
                                        lang,
                                        "shidouban-places-on-2",
                                        letter = (letter(s)).to_string(),
                                        t_code = (t.code()).to_string(),
                                        t = catalog::t!(lang, "shidouban-tile-name", tile = t.code()),
                                        pname = person_name(st, *p, lang)
                                    )
                                }),
                            );
                        }
                    }
                }
                _ => return Err(wrong_kind()),
            }
            st.ask = None;
        }
        Ask::Kuchi { person, dirs, order, ids, mut answers, auto_pass } => {
            let i =
                ids.iter().position(|x| x == decision).ok_or_else(|| RuleError::NotPending(decision.to_string()))?;
            let ans = match a {
                Action::Pass => KuchiAnswer::Pass,
                Action::Kuchi(d) => {
                    let pl = &st.players[seat as usize];
                    let has = if person.arrow(*d).white { pl.w > 0 } else { pl.b > 0 };
                    if !dirs.contains(d) || !has {
                        return Err(RuleError::Illegal(crate::engine::in_each_language(|lang| {
                            catalog::t!(lang, "shidouban-kuchi-not-a-legal-direction", d_code = d.name(lang))
                        })));
                    }
                    KuchiAnswer::Dir(*d)
                }
                _ => return Err(wrong_kind()),
            };
            answers[i] = Some(ans);
            st.ask = Some(Ask::Kuchi { person, dirs, order, ids, answers, auto_pass });
            try_resolve_kuchi(st, ev, Some(seat));
        }
        Ask::Kakugo { cands, .. } => {
            let Action::Kakugo(q) = a else { return Err(wrong_kind()) };
            if !cands.contains(q) {
                return Err(RuleError::Illegal(crate::engine::in_each_language(|lang| {
                    catalog::t!(lang, "shidouban-is-not-a-candidate-square", q_ascii = q.label(lang))
                })));
            }
            let p = st.act.as_ref().unwrap().p;
            let from = st.pos(p).unwrap();
            relocate(st, p, *q);
            public(
                ev,
                crate::engine::in_each_language(|lang| {
                    catalog::t!(
                        lang,
                        "shidouban-resolve-duty-chooses",
                        letter_duty = (letter(st.duty)).to_string(),
                        from_ascii = from.label(lang),
                        q_ascii = q.label(lang)
                    )
                }),
            );
            st.ask = None;
            st.stack.push(Frame::Resolve);
        }
        Ask::Dokatsu { affected, .. } => {
            let Action::Dokatsu(v) = a else { return Err(wrong_kind()) };
            let order: Vec<Option<Person>> = v.iter().map(|s| st.person_at(*s)).collect();
            let ok = order.len() == affected.len()
                && order.iter().all(|p| p.map(|p| affected.contains(&p)).unwrap_or(false))
                && affected.iter().all(|p| order.contains(&Some(*p)));
            if !ok {
                return Err(RuleError::Illegal(catalog::both!("shidouban-dokatsu-list-every-affected-square")));
            }
            let order: Vec<Person> = order.into_iter().flatten().collect();
            public(
                ev,
                catalog::both!(
                    "shidouban-intimidation-order",
                    letter_duty = (letter(st.duty)).to_string(),
                    super_notation_print = (super::notation::print(a)).to_string()
                ),
            );
            if let Some(Frame::Dokatsu { order: o, .. }) = st.stack.last_mut() {
                *o = Some(order);
            }
            st.ask = None;
        }
        Ask::Side { both, .. } => {
            let Action::Side(v) = a else { return Err(wrong_kind()) };
            let Some(Frame::Combat(c)) = st.stack.last_mut() else { return Err(wrong_kind()) };
            let (t1, t2) = (c.targets[0], c.targets[1]);
            let ok = v.len() == both.len()
                && both.iter().all(|q| v.iter().filter(|(x, _)| x == q).count() == 1)
                && v.iter().all(|(_, t)| *t == t1 || *t == t2);
            if !ok {
                return Err(RuleError::Illegal(catalog::both!("shidouban-side-assign-each-doubly-eligible")));
            }
            for (q, t) in v {
                let i = if *t == t1 { 0 } else { 1 };
                c.sides[i].members.push(*q);
            }
            public(
                ev,
                catalog::both!(
                    "shidouban-sides",
                    letter_duty = (letter(st.duty)).to_string(),
                    super_notation_print = (super::notation::print(a)).to_string()
                ),
            );
            st.ask = None;
        }
        Ask::Alloc { ids, sides, mut answers } => {
            let i =
                ids.iter().position(|x| x == decision).ok_or_else(|| RuleError::NotPending(decision.to_string()))?;
            let Action::Alloc(v) = a else { return Err(wrong_kind()) };
            let Some(Frame::Combat(c)) = st.stack.last() else { return Err(wrong_kind()) };
            let side = &c.sides[sides[i]];
            let extra = check_alloc(side, v)?;
            answers[i] = Some(extra);
            if answers.iter().all(|x| x.is_some()) {
                let Some(Frame::Combat(c)) = st.stack.last_mut() else { unreachable!() };
                let mut txt = Vec::new();
                for (j, si) in sides.iter().enumerate() {
                    let s = &mut c.sides[*si];
                    let n = s.members.len() as u8;
                    let q = s.force / n;
                    let ex = answers[j].clone().unwrap();
                    s.dice = Some(s.members.iter().map(|m| q + ex.contains(m) as u8).collect());
                    txt.push(format!(
                        "{}: {}",
                        letter(s.responsible),
                        s.members
                            .iter()
                            .zip(s.dice.as_ref().unwrap())
                            .map(|(m, d)| format!("{} {}", m.code(), d))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ));
                }
                public(
                    ev,
                    crate::engine::in_each_language(|lang| {
                        catalog::t!(
                            lang,
                            "shidouban-allocation",
                            txt = txt.join(&catalog::t!(lang, "shidouban-column-separator"))
                        )
                    }),
                );
                st.ask = None;
            } else {
                ev.push(Event::private(seat, catalog::both!("shidouban-your-allocation-is-sealed-until")).retold(
                    catalog::both!("shidouban-seat-allocation-is-sealed-until", seat = letter(seat).to_string()),
                ));
                st.ask = Some(Ask::Alloc { ids, sides, answers });
            }
        }
        Ask::Order { options, .. } => {
            let Action::Order(id) = a else { return Err(wrong_kind()) };
            if !options.contains(id) {
                return Err(RuleError::Illegal(catalog::both!("shidouban-c-is-not-a-pending", id = id.to_string())));
            }
            let pos = st.combats.iter().position(|c| c.id == *id).unwrap();
            let c = st.combats.remove(pos);
            public(
                ev,
                catalog::both!(
                    "shidouban-chooses-combat-c-first",
                    letter_duty = (letter(st.duty)).to_string(),
                    id = id.to_string()
                ),
            );
            st.ask = None;
            start_combat(st, c);
        }
        Ask::Reprieve { seat: s, batch, .. } => {
            let Action::Reprieve(r) = a else { return Err(wrong_kind()) };
            match r {
                // A decline is never revealed (§6.10 "Revealed", §7).
                None => ev.push(Event::secret(s, catalog::both!("shidouban-you-decline-to-use-ish"))),
                Some(q) => {
                    if !batch.contains(q) {
                        return Err(RuleError::Illegal(crate::engine::in_each_language(|lang| {
                            catalog::t!(lang, "shidouban-is-not-being-removed", q_code = code_or_name(lang, *q))
                        })));
                    }
                    st.set_tile(Tile::ISH, TLoc::Discard);
                    public(
                        ev,
                        crate::engine::in_each_language(|lang| {
                            catalog::t!(
                                lang,
                                "shidouban-ish-played-by-on-the",
                                letter = (letter(s)).to_string(),
                                pname_q = person_name(st, *q, lang)
                            )
                        }),
                    );
                    if let Some(Frame::Remove { saved, .. }) = st.stack.last_mut() {
                        *saved = Some(*q);
                    }
                }
            }
            st.ask = None;
        }
    }
    Ok(())
}

fn ensure_prefs(st: &mut State) {
    if st.prefs.len() < st.seats as usize {
        st.prefs.resize(st.seats as usize, Prefs::default());
    }
}

fn wrong_kind() -> RuleError {
    RuleError::Illegal(catalog::both!("shidouban-this-command-does-not-answer"))
}

/// Validates an allocation command and returns the members receiving the extra die (A20).
pub fn check_alloc(side: &Side, v: &[(Person, u8)]) -> Result<Vec<Person>, RuleError> {
    let n = side.members.len() as u8;
    let (q, m) = (side.force / n, side.force % n);
    let mut extra = Vec::new();
    for (p, k) in v {
        if !side.members.contains(p) {
            return Err(RuleError::Illegal(crate::engine::in_each_language(|lang| {
                catalog::t!(lang, "shidouban-does-not-take-part-on", code = code_or_name(lang, *p))
            })));
        }
        if *k == q + 1 {
            if !extra.contains(p) {
                extra.push(*p);
            }
        } else if *k != q {
            return Err(RuleError::Illegal(catalog::both!(
                "shidouban-each-participant-takes-or-dice",
                code = (p.code()).to_string(),
                k = k.to_string(),
                q = q.to_string(),
                q_1 = (q + 1).to_string()
            )));
        }
    }
    if extra.len() != m as usize {
        return Err(RuleError::Illegal(catalog::both!(
            "shidouban-exactly-participant-s-must-take",
            m = m.to_string(),
            q_1 = (q + 1).to_string()
        )));
    }
    extra.sort_by_key(|p| side.members.iter().position(|x| x == p));
    Ok(extra)
}

fn try_resolve_kuchi(st: &mut State, ev: &mut Evs, answering: Option<Seat>) {
    let Some(Ask::Kuchi { person, dirs, order, ids, answers, .. }) = st.ask.clone() else { return };
    let mut passes = Vec::new();
    let mut winner = None;
    for (i, s) in order.iter().enumerate() {
        match answers[i] {
            None => {
                if let Some(a) = answering {
                    // For the answerer alone, for good: the answer may yet be withdrawn unseen (§6.5 step 4).
                    ev.push(Event::secret(a, catalog::both!("shidouban-your-interjection-answer-is-recorded")));
                }
                return;
            }
            Some(KuchiAnswer::Pass) => passes.push(*s),
            Some(KuchiAnswer::Dir(d)) => {
                winner = Some((*s, d));
                // Requests after the interjector are withdrawn, answered or not (§6.5 step 4).
                for id in &ids[i + 1..] {
                    secrecy::withdraw(st, id);
                }
                break;
            }
        }
    }
    st.ask = None;
    let pass_txt: Vec<String> = passes.iter().map(|s| format!("{} pass", letter(*s))).collect();
    match winner {
        Some((x, d)) => {
            let col = if person.arrow(d).white { "W" } else { "B" };
            public(
                ev,
                crate::engine::in_each_language(|lang| {
                    catalog::t!(
                        lang,
                        "shidouban-interjection",
                        pass_txt = pass_txt.join(&catalog::t!(lang, "engine-list-separator")),
                        if_pass_txt_is_empty = if pass_txt.is_empty() {
                            String::new()
                        } else {
                            catalog::t!(lang, "engine-list-separator")
                        },
                        letter = (letter(x)).to_string(),
                        d_code = d.name(lang),
                        col = if col == "W" {
                            catalog::t!(lang, "shidouban-stone-white")
                        } else {
                            catalog::t!(lang, "shidouban-stone-black")
                        }
                    )
                }),
            );
            do_move(st, ev, person, d, Some(x));
        }
        None => {
            let d = natural_dir(person, &dirs);
            public(
                ev,
                crate::engine::in_each_language(|lang| {
                    catalog::t!(
                        lang,
                        "shidouban-interjection-natural-movement",
                        pass_txt = pass_txt.join(&catalog::t!(lang, "engine-list-separator"))
                    )
                }),
            );
            do_move(st, ev, person, d, None);
        }
    }
}

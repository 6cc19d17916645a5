//! The whole truth of a game (secrets included), with the explicit continuation stack that lets `apply`
//! stop at any decision and resume later (§6.0).

use serde::{Deserialize, Serialize};

use super::data::{Dir, Failure, Person, Tile, Trigger};
use crate::engine::Seat;

/// A square `(c, r)`: column 1 (right) .. 6 (left), row 1 (top, 一) .. 6 (bottom, 六) (§4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ShidoubanSquare))]
pub struct Sq {
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 6))]
    pub c: u8,
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 6))]
    pub r: u8,
}

impl Sq {
    pub fn new(c: u8, r: u8) -> Sq {
        Sq { c, r }
    }

    /// Sweep index k (§4.3).
    pub fn k(self) -> u8 {
        6 * (6 - self.c) + (6 - self.r)
    }

    pub fn from_k(k: u8) -> Sq {
        Sq { c: 6 - k / 6, r: 6 - k % 6 }
    }

    pub fn step(self, d: Dir) -> Option<Sq> {
        let (c, r) = (self.c as i8, self.r as i8);
        let (c, r) = match d {
            Dir::U => (c, r - 1),
            Dir::D => (c, r + 1),
            Dir::R => (c - 1, r),
            Dir::L => (c + 1, r),
        };
        if (1..=6).contains(&c) && (1..=6).contains(&r) { Some(Sq { c: c as u8, r: r as u8 }) } else { None }
    }

    pub fn n4(self) -> Vec<Sq> {
        Dir::ALL.iter().filter_map(|d| self.step(*d)).collect()
    }

    pub fn adjacent(self, o: Sq) -> bool {
        (self.c as i8 - o.c as i8).abs() + (self.r as i8 - o.r as i8).abs() == 1
    }

    pub fn ascii(self) -> String {
        format!("{}{}", self.c, self.r)
    }

    /// How texts name the square in `lang`: `25` in English, `2五` in Japanese.
    pub fn label(self, lang: crate::engine::Lang) -> String {
        catalog::t!(lang, "shidouban-square", column = self.c, row = self.r)
    }

    /// The square in `lang` and in the board's other script where the language has one: `25/2五` in English.
    pub fn label_with_both(self, lang: crate::engine::Lang) -> String {
        catalog::t!(lang, "shidouban-square-with-both", column = self.c, row = self.r)
    }

    pub fn all() -> impl Iterator<Item = Sq> {
        (0..36u8).map(Sq::from_k)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PLoc {
    Board(Sq),
    Pile,
    Discard,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PersonSt {
    pub loc: PLoc,
    pub w: u8,
    pub b: u8,
    pub acted: bool,
    pub arrival: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TLoc {
    Pile,
    Hand(Seat),
    Board(Sq),
    On(Person),
    Discard,
}

/// Where a seriously wounded person goes ([R06-04(11)]; `docs/rules/shidouban.md`, Readings 1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ShidoubanInjuredTo))]
pub enum InjuredTo {
    /// The lowest empty square below the person; it stays put if there is none (A15).
    #[default]
    Below,
    /// The rulebook's words taken literally: the lowest empty square of the column, above the person if
    /// everything below is taken; a person already on row 六 stays.
    Column,
}

/// Which players the end conditions count (`docs/rules/shidouban.md`, Readings 15).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ShidoubanEndCount))]
pub enum EndCount {
    /// Players whose person stands on the board.
    #[default]
    OnBoard,
    /// Players still in the game, their person on the board or in the pile.
    InGame,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    Active,
    Suspended,
    Eliminated,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerSt {
    pub person: Option<Person>,
    pub status: Status,
    pub w: u8,
    pub b: u8,
    /// Left the game by resigning (counts as eliminated).
    pub resigned: bool,
}

/// A combat waiting in the pool (§6.8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingCombat {
    pub id: u32,
    pub tile: Tile,
    /// One target, or two for ABU (T1 = the one already adjacent, T2 = the newcomer).
    pub targets: Vec<Person>,
}

/// Per-action variables of the acting person (§6.0, §6.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActCtx {
    pub p: Person,
    pub stage: ActStage,
    pub retain_black: bool,
    pub immobile: bool,
    pub moves: u8,
    pub move_i: u8,
    pub moved: bool,
    pub fought_kin: bool,
    pub fuk_at_check: bool,
}

impl ActCtx {
    pub fn new(p: Person) -> ActCtx {
        ActCtx {
            p,
            stage: ActStage::Start,
            retain_black: false,
            immobile: false,
            moves: 1,
            move_i: 0,
            moved: false,
            fought_kin: false,
            fuk_at_check: false,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActStage {
    Start,
    Check,
    AfterFail,
    Move,
    Stay,
    Done,
}

/// One side of a combat being fought.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Side {
    pub target: Person,
    pub members: Vec<Person>,
    pub force: u8,
    pub responsible: Seat,
    /// Dice per member (same order as `members`) once allocated.
    pub dice: Option<Vec<u8>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatRun {
    pub id: u32,
    pub tile: Tile,
    pub targets: Vec<Person>,
    pub sides: Vec<Side>,
    pub stage: CombatStage,
    pub injured: Vec<Person>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CombatStage {
    Sides,
    Alloc,
    Roll,
    Apply,
}

/// Explicit continuation: what to do next, innermost last.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Frame {
    /// Processing of square k: 0 = act, 1 = replenish, 2 = end check and advance.
    Square {
        stage: u8,
    },
    /// The acting person's action (context in `State::act`).
    Action,
    Replenish,
    Resolve,
    Combat(CombatRun),
    /// A removal batch; `asked` once the reprieve window was handled.
    Remove {
        batch: Vec<Person>,
        done_window: bool,
        saved: Option<Person>,
    },
    /// 恫喝: the moving order (None until decided) and progress.
    Dokatsu {
        affected: Vec<Person>,
        order: Option<Vec<Person>>,
        idx: usize,
    },
    /// Stops the automatic run (scenario tests drive single actions with it at the bottom).
    Halt,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum KuchiAnswer {
    Pass,
    Dir(Dir),
}

/// The decision(s) awaited now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ask {
    Pick {
        id: String,
        seat: Seat,
    },
    Event {
        id: String,
        seat: Seat,
    },
    Kuchi {
        person: Person,
        dirs: Vec<Dir>,
        order: Vec<Seat>,
        ids: Vec<String>,
        answers: Vec<Option<KuchiAnswer>>,
        /// Per place in `order`: its seat's standing `pref kuchi auto-pass` covers this round, as consulted
        /// when the round was opened (preferences apply to later requests, §6.15).
        #[serde(default)]
        auto_pass: Vec<bool>,
    },
    Kakugo {
        id: String,
        seat: Seat,
        cands: Vec<Sq>,
    },
    Dokatsu {
        id: String,
        seat: Seat,
        affected: Vec<Person>,
    },
    Side {
        id: String,
        seat: Seat,
        both: Vec<Person>,
    },
    /// One entry per side needing a choice; ABU: up to two, sealed.
    Alloc {
        ids: Vec<String>,
        sides: Vec<usize>,
        answers: Vec<Option<Vec<Person>>>,
    },
    Order {
        id: String,
        seat: Seat,
        options: Vec<u32>,
    },
    Reprieve {
        id: String,
        seat: Seat,
        batch: Vec<Person>,
        /// The holder's standing `pref reprieve`, consulted when the window opened (§6.10 step 1): `Some(q)` saves
        /// q (`None` declines) at once; absent, the holder is asked.
        #[serde(default)]
        standing: Option<Option<Person>>,
    },
}

/// `pref kuchi auto-pass <mode>` (§6.15).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ShidoubanKuchiPref))]
pub enum KuchiPref {
    #[default]
    Off,
    All,
    RankAndFile,
}

/// A person to save with ISH automatically: `"Mine"` (the holder's own person) or `{"Person": code}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ShidoubanSaveTarget))]
pub enum SaveTarget {
    Mine,
    Person(Person),
}

/// A seat's secret standing preferences (§6.10 step 1, §6.15).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prefs {
    pub kuchi: KuchiPref,
    /// `never`: decline every reprieve window not covered by `save`.
    pub reprieve_never: bool,
    pub save: Vec<SaveTarget>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum End {
    /// (a) nobody's person on the board.
    AllLose,
    /// (b) exactly one player's person remains.
    Sole(Seat),
    /// (c) final scoring; scores per seat (None = no person on the board).
    Scored(Vec<Option<i64>>),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub seats: u8,
    /// Decision counter (decision ids `d<n>`).
    pub step: u32,
    /// Arrival counter.
    pub seq: u32,
    /// Combat id counter (`C<n>`).
    pub cseq: u32,
    pub turn: u8,
    pub k: u8,
    pub persons: Vec<PersonSt>,
    pub tiles: Vec<TLoc>,
    pub person_pile: Vec<Person>,
    pub event_pile: Vec<Tile>,
    pub players: Vec<PlayerSt>,
    pub duty: Seat,
    pub bag_w: u8,
    pub bag_b: u8,
    pub eej_acted: bool,
    pub combats: Vec<PendingCombat>,
    pub act: Option<ActCtx>,
    pub stack: Vec<Frame>,
    pub ask: Option<Ask>,
    pub end: Option<End>,
    /// Seats in order of elimination (resignations included).
    pub eliminated: Vec<Seat>,
    /// Set once picks are done and stones/tiles dealt.
    pub started: bool,
    /// Last combat report (public), for the renderer.
    pub last_combat: Vec<String>,
    /// Standing preferences per seat (secret to each seat, forgotten at the end: §7 never reveals them).
    #[serde(default)]
    pub prefs: Vec<Prefs>,
    /// Interjection requests withdrawn (§6.5 step 4: after the interjector, or when the game ended first) or
    /// given up by a resignation: their answers, if any, are never revealed.
    #[serde(default)]
    pub withdrawn: Vec<String>,
    /// The reading of the injury rule chosen at creation.
    #[serde(default)]
    pub injured_to: InjuredTo,
    /// The reading of the end conditions chosen at creation.
    #[serde(default)]
    pub end_count: EndCount,
}

impl State {
    pub fn ps(&self, p: Person) -> &PersonSt {
        &self.persons[p as usize]
    }

    pub fn ps_mut(&mut self, p: Person) -> &mut PersonSt {
        &mut self.persons[p as usize]
    }

    pub fn tile_loc(&self, t: Tile) -> TLoc {
        self.tiles[t as usize]
    }

    pub fn set_tile(&mut self, t: Tile, l: TLoc) {
        self.tiles[t as usize] = l;
    }

    pub fn pos(&self, p: Person) -> Option<Sq> {
        match self.ps(p).loc {
            PLoc::Board(s) => Some(s),
            _ => None,
        }
    }

    pub fn on_board(&self, p: Person) -> bool {
        self.pos(p).is_some()
    }

    pub fn person_at(&self, s: Sq) -> Option<Person> {
        Person::ALL.iter().copied().find(|p| self.pos(*p) == Some(s))
    }

    pub fn tile_at(&self, s: Sq) -> Option<Tile> {
        Tile::ALL.iter().copied().find(|t| self.tile_loc(*t) == TLoc::Board(s))
    }

    /// A square holding neither a person nor a non-overlay tile (§4.2).
    pub fn empty(&self, s: Sq) -> bool {
        self.person_at(s).is_none() && self.tile_at(s).is_none()
    }

    pub fn board_persons(&self) -> Vec<Person> {
        let mut v: Vec<Person> = Person::ALL.iter().copied().filter(|p| self.on_board(*p)).collect();
        v.sort_by_key(|p| self.pos(*p).map(|s| s.k()));
        v
    }

    pub fn owner(&self, p: Person) -> Option<Seat> {
        self.players.iter().position(|pl| pl.person == Some(p) && !pl.resigned).map(|i| i as Seat)
    }

    pub fn has_overlay(&self, p: Person, t: Tile) -> bool {
        self.tile_loc(t) == TLoc::On(p)
    }

    pub fn overlays(&self, p: Person) -> Vec<Tile> {
        [Tile::IIN, Tile::FUK].into_iter().filter(|t| self.has_overlay(p, *t)).collect()
    }

    fn iin(&self, p: Person) -> u8 {
        self.has_overlay(p, Tile::IIN) as u8
    }

    pub fn buto(&self, p: Person) -> u8 {
        p.data().buto + self.iin(p)
    }

    pub fn ronpa(&self, p: Person) -> u8 {
        p.data().ronpa + self.iin(p)
    }

    pub fn sonkei(&self, p: Person) -> u8 {
        p.data().sonkei + self.iin(p)
    }

    /// Effective Bushido (§3.7, A27, A47).
    pub fn shido(&self, p: Person) -> u8 {
        if self.has_overlay(p, Tile::FUK) {
            2
        } else if self.has_overlay(p, Tile::IIN) {
            1
        } else {
            match p.data().shido {
                Some(v) => v,
                None => self.pos(p).map(|s| 7 - s.r).unwrap_or(1),
            }
        }
    }

    pub fn failure(&self, p: Person) -> Failure {
        if self.has_overlay(p, Tile::FUK) { Failure::Seppuku } else { p.data().failure }
    }

    /// Squares of Range(p) (§4.6): |c'−c| ≤ 1, r ≤ r' ≤ r + sonkei − 1.
    pub fn in_range(&self, p: Person, s: Sq) -> bool {
        match self.pos(p) {
            Some(ps) => {
                (s.c as i8 - ps.c as i8).abs() <= 1 && s.r >= ps.r && (s.r as u16) < ps.r as u16 + self.sonkei(p) as u16
            }
            None => false,
        }
    }

    /// Persons in Range(p), other than p, in sweep order.
    pub fn range_persons(&self, p: Person) -> Vec<Person> {
        self.board_persons().into_iter().filter(|q| *q != p && self.in_range(p, self.pos(*q).unwrap())).collect()
    }

    /// Trigger squares of a live combat tile (§4.6).
    pub fn trig(&self, t: Tile) -> Vec<Sq> {
        let TLoc::Board(e) = self.tile_loc(t) else { return Vec::new() };
        match t.data().trigger {
            Trigger::Below => e.step(Dir::D).into_iter().collect(),
            Trigger::Above => e.step(Dir::U).into_iter().collect(),
            Trigger::AnySide | Trigger::Pair => e.n4(),
            Trigger::Column => (2..=6).map(|r| Sq::new(e.c, r)).collect(),
            Trigger::None => Vec::new(),
        }
    }

    pub fn live_combat_tiles(&self) -> Vec<(Tile, Sq)> {
        Tile::ALL
            .iter()
            .filter(|t| t.is_combat())
            .filter_map(|t| match self.tile_loc(*t) {
                TLoc::Board(s) => Some((*t, s)),
                _ => None,
            })
            .collect()
    }

    pub fn ish_holder(&self) -> Option<Seat> {
        match self.tile_loc(Tile::ISH) {
            TLoc::Hand(s) if self.players[s as usize].status != Status::Eliminated => Some(s),
            _ => None,
        }
    }

    pub fn hand_tiles(&self, seat: Seat) -> Vec<Tile> {
        Tile::ALL.iter().copied().filter(|t| self.tile_loc(*t) == TLoc::Hand(seat)).collect()
    }

    pub fn next_id(&mut self) -> String {
        self.step += 1;
        format!("d{}", self.step)
    }

    pub fn pref(&self, seat: Seat) -> Prefs {
        self.prefs.get(seat as usize).cloned().unwrap_or_default()
    }

    pub fn over(&self) -> bool {
        self.end.is_some()
    }

    /// Players whose person is on the board.
    /// Players not out of the game: their person stands on the board or waits in the pile.
    pub fn players_in_game(&self) -> Vec<Seat> {
        (0..self.seats)
            .filter(|s| {
                let pl = &self.players[*s as usize];
                pl.status != Status::Eliminated && pl.person.is_some()
            })
            .collect()
    }

    pub fn players_on_board(&self) -> Vec<Seat> {
        (0..self.seats)
            .filter(|s| {
                let pl = &self.players[*s as usize];
                pl.status != Status::Eliminated && pl.person.map(|p| self.on_board(p)).unwrap_or(false)
            })
            .collect()
    }

    /// Score if the game ended now (§8.2); None for players without a person on the board.
    pub fn score(&self, seat: Seat) -> Option<i64> {
        let pl = &self.players[seat as usize];
        if pl.status == Status::Eliminated {
            return None;
        }
        let p = pl.person?;
        self.pos(p)?;
        let mut s = (self.buto(p) + self.ronpa(p)) as i64;
        for q in self.range_persons(p) {
            s += (self.buto(q) + self.ronpa(q)) as i64;
        }
        Some(s)
    }
}

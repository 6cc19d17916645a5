//! The whole truth of a game (spec §6.0), secrets included, with its explicit continuation.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::action::{Attack, Placement, UnitId};
use super::data::{Fid, INITIAL_MORALE, Side, fdata, fids};
use super::hex::Hex;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Unreleased,
    Released,
    Destroyed,
}

/// Where a formation's chit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Chit {
    Off,
    /// Released, but not in the cup this turn.
    Pool,
    Cup,
    Used,
    /// Removed from the game (destroyed formation).
    Removed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Commander {
    /// Riding on retainer serial `carrier`.
    Alive {
        carrier: u8,
    },
    /// Survived his death check; waits for re-placement (§6.9 step 3), measured from `from`.
    SetAside {
        from: Hex,
    },
    Killed,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Formation {
    pub status: Status,
    pub chit: Chit,
    pub has_moved: bool,
    pub commander: Commander,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wind {
    Calm,
    Reverse,
}

/// Which reading of the first-move restriction 「自分の配置ラインより後方に移動する事は出来ません」 a game
/// plays (§6.6 e, A11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = SuriageharaFirstMove))]
pub enum FirstMove {
    /// No unit of the formation enters a row rearward of the row it started the segment on.
    #[default]
    NoUnitRearward,
    /// Only the commander (with his carrier) is bound, and only not to go behind the own deployment line.
    CommanderNotBehindLine,
}

/// What "a supreme commander removed by combat" ends the game on (reading 16).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = SuriageharaSupremeCommander))]
pub enum SupremeCommander {
    /// His death: a supreme commander who survives the death roll after losing his carrier is re-placed.
    #[default]
    Killed,
    /// The loss of his carrier to combat: no death roll, the game ends at once.
    CarrierLost,
}

/// The game length when the options do not say (reading 2).
pub fn standard_turns() -> u8 {
    super::data::TURNS
}

/// What an activation consists of (§6.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Move-and-Combat: Movement Segment then Combat Segment.
    Both,
    /// Move-or-Combat, or the Takazane substitution: one segment.
    One,
}

/// The Movement Segment scratch (§6.6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveSeg {
    /// Movement allowance of each unit (snapshot at the start, §6.5).
    pub ma: BTreeMap<UnitId, u32>,
    /// Units in contact with an enemy at the start: they cannot move.
    pub locked: Vec<UnitId>,
    /// Units that have moved in this segment.
    pub moved: Vec<UnitId>,
    pub first_move: bool,
    pub any_moved: bool,
}

/// A unit's part in the current retreat (§6.8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Retreats {
    pub side: Side,
    /// Losing units still to retreat, in no particular order (the owner picks the order).
    pub queue: Vec<UnitId>,
    /// Displaced units waiting to retreat, innermost last (resolved first).
    pub chain: Vec<UnitId>,
    /// Units that have retreated or been displaced in this attack (A19).
    pub done: Vec<UnitId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResPhase {
    Retreat,
    Replace,
    Advance,
}

/// The attack being resolved (§6.7 step 3.6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resolution {
    pub attack: Attack,
    pub phase: ResPhase,
    pub retreats: Retreats,
    /// Whether the lead unit must advance into the target when it is empty.
    pub advance: bool,
    /// Commanders set aside in this attack, in order of elimination.
    pub set_aside: Vec<Fid>,
}

/// The Combat Segment scratch (§6.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatSeg {
    /// Combat strength of each unit of the active formation (snapshot).
    pub cs: BTreeMap<UnitId, u32>,
    /// In-command status (snapshot), for combined attacks (P4).
    pub in_command: Vec<UnitId>,
    /// The obliged units O.
    pub obliged: Vec<UnitId>,
    pub plan: Vec<Attack>,
    pub next: usize,
    pub res: Option<Resolution>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "segment", rename_all = "snake_case")]
pub enum Segment {
    Move(MoveSeg),
    Combat(CombatSeg),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Activation {
    /// The chit that was drawn.
    pub chit: Fid,
    /// The formation that acts (TK on a Takazane substitution).
    pub formation: Fid,
    pub kind: Kind,
    pub segment: Option<Segment>,
}

/// Where the game is; the stages that wait for a player are listed in `rules::pending`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "stage", rename_all = "snake_case")]
pub enum Stage {
    /// DP1, sealed.
    Deploy,
    /// DP2, sealed.
    ChitSelect,
    /// Internal: draw the next chit (or update the turn).
    Draw,
    /// DP3 for the drawn chit.
    Substitution {
        chit: Fid,
    },
    /// DP4.
    Move,
    /// DP5.
    Plan,
    /// Internal: resolve the plan.
    Resolve,
    /// DP6.
    Retreat,
    /// DP7.
    Replace,
    Over,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum GameResult {
    Winner { side: Side, reason: Reason },
    Draw { reason: Reason },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    SupremeKilled,
    /// A supreme commander's carrier was eliminated by combat (option `supreme_commander: carrier_lost`).
    SupremeRemoved,
    Resigned,
    Morale,
    AdvanceLine {
        ashina: u8,
        date: u8,
    },
}

/// A sealed submission waiting for the other side (DP1, DP2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "sealed", rename_all = "snake_case")]
pub enum Sealed {
    Deploy { placements: Vec<Placement> },
    Cup { chits: Vec<Fid> },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Step counter for decision ids; bumped whenever a new decision is posed.
    pub step: u32,
    pub turn: u8,
    pub stage: Stage,
    pub morale: [i32; 2],
    pub formations: Vec<Formation>,
    /// Retainer units on the map.
    pub units: BTreeMap<UnitId, Hex>,
    /// Wind markers of boxes 4, 5, 6 once placed (SECRET: server only until revealed).
    pub wind: Option<[Wind; 3]>,
    pub wind_revealed: [bool; 3],
    pub reverse_wind: bool,
    pub pending_release: Vec<Fid>,
    /// Sides asked in the current sealed decision.
    pub asked: [bool; 2],
    /// Sealed answers in (SECRET: own side only until both are in).
    pub sealed: [Option<Sealed>; 2],
    pub activation: Option<Activation>,
    pub result: Option<GameResult>,
    pub resigned: Option<Side>,
    /// The reading chosen at creation (absent from states saved before it existed: the default).
    #[serde(default)]
    pub first_move: FirstMove,
    /// The number of turns (option `turns`); states saved before it existed played the standard 8.
    #[serde(default = "standard_turns")]
    pub turns: u8,
    #[serde(default)]
    pub supreme_commander: SupremeCommander,
}

impl State {
    pub fn new() -> State {
        State {
            step: 1,
            turn: 1,
            stage: Stage::Deploy,
            morale: [INITIAL_MORALE; 2],
            formations: fids()
                .map(|_| Formation {
                    status: Status::Unreleased,
                    chit: Chit::Off,
                    has_moved: false,
                    commander: Commander::Alive { carrier: 1 },
                })
                .collect(),
            units: BTreeMap::new(),
            wind: None,
            wind_revealed: [false; 3],
            reverse_wind: false,
            pending_release: Vec::new(),
            asked: [true, true],
            sealed: [None, None],
            activation: None,
            result: None,
            resigned: None,
            first_move: FirstMove::default(),
            turns: standard_turns(),
            supreme_commander: SupremeCommander::default(),
        }
    }

    pub fn form(&self, f: Fid) -> &Formation {
        &self.formations[f as usize]
    }

    pub fn form_mut(&mut self, f: Fid) -> &mut Formation {
        &mut self.formations[f as usize]
    }

    pub fn unit_at(&self, h: Hex) -> Option<UnitId> {
        self.units.iter().find(|(_, x)| **x == h).map(|(u, _)| *u)
    }

    pub fn units_of(&self, f: Fid) -> Vec<UnitId> {
        self.units.keys().filter(|u| u.f == f).copied().collect()
    }

    /// The hex of formation `f`'s commander, if he is on the map.
    pub fn commander_hex(&self, f: Fid) -> Option<Hex> {
        match self.form(f).commander {
            Commander::Alive { carrier } => self.units.get(&UnitId::new(f, carrier)).copied(),
            _ => None,
        }
    }

    pub fn is_carrier(&self, u: UnitId) -> bool {
        self.form(u.f).commander == Commander::Alive { carrier: u.n }
    }

    /// Effective Resolve R(F) (§6.5): printed ★, +1 for Date under the reverse wind.
    pub fn resolve(&self, f: Fid) -> u32 {
        let d = fdata(f);
        d.resolve as u32 + u32::from(d.side == Side::Date && self.reverse_wind)
    }

    pub fn cup(&self) -> Vec<Fid> {
        fids().filter(|f| self.form(*f).chit == Chit::Cup).collect()
    }

    pub fn pool(&self, side: Side) -> Vec<Fid> {
        fids().filter(|f| fdata(*f).side == side && self.form(*f).chit == Chit::Pool).collect()
    }

    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }
}

impl Default for State {
    fn default() -> Self {
        State::new()
    }
}

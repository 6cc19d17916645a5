//! What one viewer may see (§7): everything on the map is public; sealed answers only to their author until
//! both are in; wind markers to nobody until revealed.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::engine::Viewer;

use super::action::{Code, UnitId};
use super::data::{Fid, Side, fids};
use super::hex::Hex;
use super::rules;
use super::state::{Activation, Chit, Commander, FirstMove, GameResult, Sealed, Stage, State, Status, Wind};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FormationView {
    pub code: Code,
    pub status: Status,
    pub chit: Chit,
    pub has_moved: bool,
    pub commander: Commander,
}

/// What the current decision is about (public, §6.16: DP3–DP7 are public).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waiting {
    pub side: Side,
    pub kind: String,
}

/// A unit that may still move in the current Movement Segment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveInfo {
    pub unit: UnitId,
    pub ma: u32,
    pub destinations: Vec<Hex>,
}

/// A unit that must fight in the current Combat Segment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ObligedInfo {
    pub unit: UnitId,
    pub cs: u32,
    pub in_command: bool,
    pub targets: Vec<Hex>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    pub viewer: Viewer,
    pub turn: u8,
    pub stage: Stage,
    pub morale: [i32; 2],
    pub formations: Vec<FormationView>,
    /// Units on the map; during deployment, only the viewer's own submitted deployment.
    pub units: BTreeMap<UnitId, Hex>,
    /// Which sides have answered the current sealed decision.
    pub submitted: [bool; 2],
    /// The viewer's own sealed answer while the other side has not answered yet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub own_sealed: Option<Sealed>,
    /// Wind markers on boxes 4–6 once placed; `None` inside = face down.
    pub wind: Option<[Option<Wind>; 3]>,
    pub reverse_wind: bool,
    pub activation: Option<Activation>,
    pub pending_release: Vec<Fid>,
    pub waiting: Vec<Waiting>,
    /// Legal retreat steps / re-placements of the current DP6 / DP7 (public).
    pub retreat_choices: Vec<(UnitId, Hex)>,
    pub replace_choices: Vec<UnitId>,
    /// DP4: units that can still move, with MA and legal destinations (public).
    pub moves: Vec<MoveInfo>,
    /// DP5: the obliged units with their combat strength and the enemy hexes they touch (public).
    pub obliged: Vec<ObligedInfo>,
    pub result: Option<GameResult>,
    /// The first-move reading this game plays (public: both players must know the rules in force).
    #[serde(default)]
    pub first_move: FirstMove,
    /// How many turns this game lasts (option `turns`).
    #[serde(default = "super::state::standard_turns")]
    pub turns: u8,
}

pub fn view(s: &State, viewer: Viewer) -> View {
    let over = s.is_over();
    let own = match viewer {
        Viewer::Seat(seat) => Some(Side::from_seat(seat)),
        _ => None,
    };
    let sees = |side: Side| over || viewer == Viewer::Server || own == Some(side);
    let mut units = s.units.clone();
    let mut own_sealed = None;
    let mut formations: Vec<FormationView> = fids()
        .map(|f| {
            let fm = s.form(f);
            FormationView {
                code: Code(f),
                status: fm.status,
                chit: fm.chit,
                has_moved: fm.has_moved,
                commander: fm.commander,
            }
        })
        .collect();
    for side in [Side::Ashina, Side::Date] {
        let Some(sealed) = &s.sealed[side.idx()] else { continue };
        if !sees(side) {
            continue;
        }
        if own == Some(side) {
            own_sealed = Some(sealed.clone());
        }
        if let Sealed::Deploy { placements } = sealed {
            for p in placements {
                units.insert(p.unit, p.hex);
                if p.carrier {
                    formations[p.unit.f as usize].commander = Commander::Alive { carrier: p.unit.n };
                }
            }
        }
    }
    let wind = s.wind.map(|w| {
        let mut out = [None; 3];
        for i in 0..3 {
            if s.wind_revealed[i] || over || viewer == Viewer::Server {
                out[i] = Some(w[i]);
            }
        }
        out
    });
    let mut waiting = Vec::new();
    match s.stage {
        Stage::Deploy | Stage::ChitSelect => {
            for side in [Side::Ashina, Side::Date] {
                if s.asked[side.idx()] && s.sealed[side.idx()].is_none() {
                    let kind = if s.stage == Stage::Deploy { "deploy" } else { "cup" };
                    waiting.push(Waiting { side, kind: kind.into() });
                }
            }
        }
        Stage::Over | Stage::Draw | Stage::Resolve => {}
        _ => {
            if let Some(side) = rules::decider(s) {
                waiting.push(Waiting { side, kind: super::game::kind_name(s.stage).into() });
            }
        }
    }
    let retreat_choices = if s.stage == Stage::Retreat { rules::retreat_choices(s) } else { Vec::new() };
    let replace_choices = if s.stage == Stage::Replace {
        rules::replace_candidates(s).map(|(_, c)| c).unwrap_or_default()
    } else {
        Vec::new()
    };
    let moves = if s.stage == Stage::Move {
        let seg = match &s.activation.as_ref().and_then(|a| a.segment.clone()) {
            Some(super::state::Segment::Move(m)) => Some(m.clone()),
            _ => None,
        };
        rules::movable(s)
            .into_iter()
            .map(|(unit, d)| MoveInfo {
                unit,
                ma: seg.as_ref().and_then(|m| m.ma.get(&unit).copied()).unwrap_or(1),
                destinations: d.keys().copied().collect(),
            })
            .collect()
    } else {
        Vec::new()
    };
    let obliged = match (s.stage, s.activation.as_ref().and_then(|a| a.segment.as_ref())) {
        (Stage::Plan, Some(super::state::Segment::Combat(c))) => c
            .obliged
            .iter()
            .map(|u| ObligedInfo {
                unit: *u,
                cs: c.cs.get(u).copied().unwrap_or(1),
                in_command: c.in_command.contains(u),
                targets: rules::enemy_hexes_touching(s, s.units[u], rules::side_of(*u)),
            })
            .collect(),
        _ => Vec::new(),
    };
    View {
        viewer,
        moves,
        obliged,
        turn: s.turn,
        stage: s.stage,
        morale: s.morale,
        formations,
        units,
        submitted: [s.sealed[0].is_some(), s.sealed[1].is_some()],
        own_sealed,
        wind,
        reverse_wind: s.reverse_wind,
        activation: s.activation.clone(),
        pending_release: s.pending_release.clone(),
        waiting,
        retreat_choices,
        replace_choices,
        result: s.result.clone(),
        first_move: s.first_move,
        turns: s.turns,
    }
}

impl View {
    pub fn carrier_of(&self, f: Fid) -> Option<u8> {
        match self.formations.get(f as usize)?.commander {
            Commander::Alive { carrier } => Some(carrier),
            _ => None,
        }
    }

    pub fn is_carrier(&self, u: UnitId) -> bool {
        self.carrier_of(u.f) == Some(u.n)
    }

    pub fn unit_at(&self, h: Hex) -> Option<UnitId> {
        self.units.iter().find(|(_, x)| **x == h).map(|(u, _)| *u)
    }

    /// Chits of `side` in `place`.
    pub fn chits(&self, side: Side, place: Chit) -> Vec<Fid> {
        fids().filter(|f| super::data::fdata(*f).side == side && self.formations[*f as usize].chit == place).collect()
    }
}

//! Answers to the decision points DP1–DP7 (§6.16), parsed and well-formed; legality is `rules`' business.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::data::{FORMATIONS, Fid, fdata, fid_of};
use super::hex::Hex;

/// A retainer unit: formation + serial 1..=n, written `TK1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct UnitId {
    pub f: Fid,
    pub n: u8,
}

impl UnitId {
    pub fn new(f: Fid, n: u8) -> UnitId {
        UnitId { f, n }
    }

    /// Parses `TK1` (case-insensitive); the serial must exist.
    pub fn parse(s: &str) -> Option<UnitId> {
        if s.len() != 3 || !s.is_ascii() {
            return None;
        }
        let f = fid_of(&s[..2])?;
        let n = s[2..].parse::<u8>().ok()?;
        (1..=fdata(f).retainers).contains(&n).then_some(UnitId { f, n })
    }

    /// Every retainer unit of the game, formation by formation.
    pub fn all() -> impl Iterator<Item = UnitId> {
        FORMATIONS.iter().enumerate().flat_map(|(f, d)| (1..=d.retainers).map(move |n| UnitId { f: f as Fid, n }))
    }
}

impl fmt::Display for UnitId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", fdata(self.f).code, self.n)
    }
}

impl From<UnitId> for String {
    fn from(u: UnitId) -> String {
        u.to_string()
    }
}

impl TryFrom<String> for UnitId {
    type Error = String;
    fn try_from(s: String) -> Result<UnitId, String> {
        UnitId::parse(&s).ok_or_else(|| format!("`{s}` is not a unit id such as TK1"))
    }
}

/// A formation code as it appears in actions (`TK`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Code(pub Fid);

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(fdata(self.0).code)
    }
}

impl From<Code> for String {
    fn from(c: Code) -> String {
        c.to_string()
    }
}

impl TryFrom<String> for Code {
    type Error = String;
    fn try_from(s: String) -> Result<Code, String> {
        fid_of(&s).map(Code).ok_or_else(|| format!("`{s}` is not a formation code"))
    }
}

#[cfg(feature = "openapi")]
crate::schema::text_schema!(
    UnitId,
    "SuriageharaUnitId",
    "A retainer unit: its formation's code, then its serial (1 to the formation's number of units).",
    "TK1",
    pattern = format!(
        "^({})$",
        FORMATIONS.iter().map(|f| format!("{}[1-{}]", f.code, f.retainers)).collect::<Vec<_>>().join("|")
    )
);

#[cfg(feature = "openapi")]
crate::schema::text_schema!(
    Code,
    "SuriageharaFormation",
    "A formation (and its commander's) code.",
    "TK",
    pattern = format!("^({})$", FORMATIONS.iter().map(|f| f.code).collect::<Vec<_>>().join("|"))
);

/// One unit placed at deployment (DP1); `carrier` = the commander rides on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = SuriageharaPlacement))]
pub struct Placement {
    pub unit: UnitId,
    pub hex: Hex,
    pub carrier: bool,
}

/// A move order (DP4): a destination, or a full path starting at the unit's hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = SuriageharaMoveOrder))]
pub struct MoveOrder {
    pub unit: UnitId,
    pub to: Hex,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<Vec<Hex>>,
}

/// One attack of a combat plan (DP5): target hex, lead unit, supporters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = SuriageharaAttack))]
pub struct Attack {
    pub target: Hex,
    pub lead: UnitId,
    #[serde(default)]
    pub support: Vec<UnitId>,
}

impl Attack {
    pub fn units(&self) -> impl Iterator<Item = UnitId> + '_ {
        std::iter::once(self.lead).chain(self.support.iter().copied())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = SuriageharaAction))]
pub enum Action {
    /// DP1: `deploy standard`, or every own unit with its hex.
    Deploy { standard: bool, placements: Vec<Placement> },
    /// DP2: the optional chits put into the cup (sorted by formation order).
    Cup { chits: Vec<Code> },
    /// DP3: `sub tk` (Takazane acts) or `sub own`.
    Sub { tk: bool },
    /// DP4, one step: one unit moves; the Movement Segment goes on.
    Move { order: MoveOrder },
    /// DP4, several steps: the orders in sequence; the segment then ends if `done` (a batch written with
    /// `move done` last, or `move done` alone), and otherwise goes on like after single moves. Absent
    /// `done` means true, which is what every batch meant before the member existed.
    Moves {
        orders: Vec<MoveOrder>,
        #[serde(default = "ends_segment", skip_serializing_if = "ends_segment_as_before")]
        done: bool,
    },
    /// DP5: the whole combat plan, in resolution order.
    Attacks { attacks: Vec<Attack> },
    /// DP6: one retreat step.
    Retreat { unit: UnitId, to: Hex },
    /// DP7: put commander `code` on `unit`.
    Replace { code: Code, unit: UnitId },
}

/// A batch without a `done` member ends the Movement Segment (see [`Action::Moves`]).
fn ends_segment() -> bool {
    true
}

/// Written out only when false, so batches keep the JSON they always had.
fn ends_segment_as_before(done: &bool) -> bool {
    *done
}

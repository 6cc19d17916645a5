//! One answer to one decision, well-formed (legality is `rules`' business). Card ids are upper-case.

use serde::{Deserialize, Serialize};

use super::data::Slot;
use super::state::StockPolicy;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = SenbatAction))]
pub enum Action {
    /// D2: (core, troops) for every core with troops; cores not named get none.
    Organise {
        sonae: Vec<(String, Vec<String>)>,
    },
    OrganiseQuick,
    /// D3: core centre, heading 0..359, slot of every organised troop.
    Deploy {
        core: String,
        x: f64,
        y: f64,
        h: i32,
        form: Vec<(Slot, String)>,
    },
    DeployQuick,
    DeployReset,
    DeployForfeit {
        core: String,
    },
    /// D4: tokens on MV, SH, CH, RD.
    Tokens {
        counts: [u8; 4],
    },
    /// D5/D6 executions. `rot` 0 means no rotation.
    Move {
        sonae: String,
        form: Option<Vec<(Slot, String)>>,
        rot: i32,
        back: bool,
        j: u8,
    },
    Shoot {
        sonae: String,
        rot: i32,
        fire: Vec<(String, String)>,
    },
    Charge {
        sonae: String,
        j: u8,
    },
    Recover {
        card: Option<String>,
    },
    Defend,
    End,
    /// D7–D10: one pair per engaged card with a choice.
    Targets {
        pairs: Vec<(String, String)>,
    },
    /// D11
    Stock {
        use_it: bool,
    },
    /// D12: the space to discard a token from, or decline.
    Kenkon {
        space: Option<usize>,
    },
    /// D13
    Senkyo {
        take: usize,
        put: usize,
    },
    /// D14
    Heal {
        card: String,
    },
    /// Standing policy for D11 (accepted at the own turn's execution prompt, or as an answer to D11). Never
    /// revealed (§7): it only makes the server answer D11 for the player, as a standing answer.
    PolicyStock {
        policy: StockPolicy,
    },
    /// Standing policy for D12 (`never` auto-declines every offer).
    PolicyKenkon {
        never: bool,
    },
}

impl Action {
    /// A standing policy (§4.8, §7) rather than an answer to the decision it is sent with.
    pub fn is_policy(&self) -> bool {
        matches!(self, Action::PolicyStock { .. } | Action::PolicyKenkon { .. })
    }
}

//! The answers a player can give (spec §4.5, §6.9). Well-formed only; legality is `rules.rs`'s business.

use serde::{Deserialize, Serialize};

use super::data::Card;
use crate::engine::Seat;

/// Where a played card goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ShinobazuTarget))]
pub enum Target {
    /// In front of the player themself.
    Me,
    /// Pushed onto another seat (0-based).
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    Seat(Seat),
}

/// Fight or pass when playing to self (A39).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ShinobazuStance))]
pub enum Stance {
    Fight,
    Pass,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ShinobazuAction))]
pub enum Action {
    /// D1: `R4@me/F`, `K2@me/P`, `B-3@P4`; `R4@me` (no stance) only for the start player, meaning Fight.
    Play { card: Card, target: Target, stance: Option<Stance> },
    /// D2: the receiver's blind answer `F`.
    Fight,
    /// D2: `P`.
    Pass,
    /// D3: `C P3`.
    Challenge {
        #[cfg_attr(feature = "openapi", schema(value_type = u8, maximum = 4))]
        passer: Seat,
    },
    /// D3: `C-`.
    NoChallenge,
    /// D4: `A`.
    Accept,
    /// D4: `D`.
    Decline,
}

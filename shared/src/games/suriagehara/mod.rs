//! 摺上原の合戦 (Suriagehara no Kassen): a two-player hex-and-counter wargame. The rules for players, with
//! the readings this engine plays, are `docs/rules/suriagehara.md` (Japanese: `docs/rules/suriagehara.ja.md`).
//!
//! Seat 0 is the Ashina side, seat 1 the Date side (the spec names no seat order; Ashina is listed first).
//!
//! Engine-level choices where the spec leaves the mechanics open:
//! - DP4 accepts one unit's move at a time (`move TK1 1112`, the segment goes on with a new decision id) or
//!   the whole segment as one batch (several lines, or lines ending with `move done`): the orders are checked
//!   in sequence against the evolving position and the answer is refused whole, naming the first broken
//!   order and rule. `move done` alone ends the segment.
//! - DP5 is always one whole plan. "Exactly one valid plan" (applied without asking) counts orders: one
//!   attack with one possible lead; two attacks can be resolved in two orders, so the player is asked.
//! - DP6: a retreating unit whose only hex no other retreating unit of the same result could use retreats
//!   without asking (S15); a unit with no hex is eliminated only once no other unit of that result can still
//!   retreat (waiting never gains it a hex, since every vacated hex is in contact with the enemy); otherwise
//!   the owner picks any (unit, hex) pair, which also fixes the order. Displaced units retreat first.
//! - Face-down wind markers are revealed to everyone once the game is over.

pub mod action;
pub mod data;
mod game;
mod gestures;
pub mod hex;
pub mod notation;
mod picture;
pub mod render;
pub mod rules;
pub mod state;
pub mod view;

#[cfg(test)]
mod tests;

pub use action::{Action, Attack, Code, MoveOrder, Placement, UnitId};
pub use game::{Options, Suriagehara};
pub use hex::Hex;
pub use render::render_region;
pub use state::{FirstMove, State};
pub use view::View;

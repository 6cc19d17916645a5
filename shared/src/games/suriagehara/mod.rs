//! 摺上原の合戦 (Suriagehara no Kassen): a two-player hex-and-counter wargame (spec `rules/suriagehara.md`).
//!
//! Seat 0 is the Ashina side, seat 1 the Date side.

pub mod action;
pub mod data;
mod game;
pub mod hex;
pub mod notation;
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
pub use state::State;
pub use view::View;

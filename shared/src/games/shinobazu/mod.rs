//! 不忍 (Shinobazu), 3-5 players. The rules for players, with the readings this engine plays, are
//! `docs/rules/shinobazu.md` (Japanese: `docs/rules/shinobazu.ja.md`).

mod action;
mod data;
mod game;
mod gestures;
mod notation;
mod picture;
mod render;
mod report;
pub(crate) mod rules;
pub(crate) mod state;
mod view;

#[cfg(test)]
mod tests;

pub use action::{Action, Stance, Target};
pub use data::{Card, Colour};
pub use game::Shinobazu;
pub use state::{Options, State};
pub use view::View;

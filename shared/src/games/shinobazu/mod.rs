//! 不忍 (Shinobazu), 3-5 players: spec `shared/rules/shinobazu.md`.

mod action;
mod data;
mod game;
mod notation;
mod render;
mod report;
mod rules;
mod state;
mod view;

#[cfg(test)]
mod tests;

pub use action::{Action, Stance, Target};
pub use data::{Card, Colour};
pub use game::Shinobazu;
pub use state::{Options, State};
pub use view::View;

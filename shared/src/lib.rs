//! tegami's shared library: the pure game engines and everything both binaries need.
//!
//! Nothing here performs I/O or reads a clock. See `engine.rs` for the Game contract every game
//! implements, `journal.rs` for the hash-chained journal and the fold that replays it, and `dice.rs`
//! for the one source of randomness. `rules_docs` embeds the players' rules of every game
//! (`docs/rules/`).

pub mod api_types;
pub mod bots;
pub mod dice;
pub mod engine;
pub mod games;
pub mod gesture;
pub mod journal;
pub mod registry;
pub mod rules_docs;
#[cfg(feature = "openapi")]
pub mod schema;
#[cfg(feature = "signing")]
pub mod signing;
pub mod svg;
pub mod testkit;
pub mod text;

pub use dice::Rng;
pub use engine::{
    Audience, Choices, DecisionId, Engine, Event, GameInfo, Lang, Localized, Mode, NotationError, Outcome, Pending,
    RenderContext, ResultKind, RuleError, Seat, SetupError, Space, Viewer,
};

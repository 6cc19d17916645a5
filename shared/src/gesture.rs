//! Answers given by touching the board picture instead of typing notation.
//!
//! The picture (`Engine::render_svg`) marks every element a player may touch with `data-spot="ID"`.
//! For a pending decision, the engine lists each legal answer as the sequence of spots touched to give it
//! and the notation that answer prints as. A page narrows the list as spots are touched: the spots that
//! can come next are highlighted, and once the touched spots are a whole gesture its answer is previewed
//! and can be signed exactly as if it had been typed.
//!
//! A spot whose id starts with [`BUTTON`] is not in the picture: the page draws it as a button, labelled by
//! the catalog message `spot-<slug>-<rest of the id>` (for example `button:done` in suriagehara is labelled
//! by `spot-suriagehara-done`).
//!
//! A spot whose id starts with one of [`ROTATIONS`] turns what the touches before it placed (senbat's facings
//! and turns). The page lets a keyboard turn with R through the rotations that can come next, and move the
//! position touched before a rotation with the arrow keys, keeping the rotation where it stays legal.

use serde::Serialize;

/// The prefix of spots that are page buttons rather than elements of the picture.
pub const BUTTON: &str = "button:";

/// The prefixes of spots that turn what is being placed.
pub const ROTATIONS: [&str; 2] = ["face:", "turn:"];

/// Whether `spot` turns what is being placed (see [`ROTATIONS`]).
pub fn is_rotation(spot: &str) -> bool {
    ROTATIONS.iter().any(|prefix| spot.starts_with(prefix))
}

/// One legal answer as touches on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Gesture {
    /// The spots touched, in order (each a `data-spot` id of the picture, or a [`BUTTON`] id).
    pub spots: Vec<String>,
    /// The answer's notation, as `Engine::print_action` writes it.
    pub answer: String,
}

impl Gesture {
    pub fn new(spots: impl IntoIterator<Item = impl Into<String>>, answer: impl Into<String>) -> Self {
        Self { spots: spots.into_iter().map(Into::into).collect(), answer: answer.into() }
    }
}

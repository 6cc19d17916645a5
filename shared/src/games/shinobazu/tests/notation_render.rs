//! Notation round trips and rendering.

//! Unit, scenario (S1..S67) and property tests.

mod helpers;
mod playouts;
mod scenarios_a;
mod scenarios_b;
mod rules_misc;

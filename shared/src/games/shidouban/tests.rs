//! Unit, scenario (S1..S67) and property tests.

mod helpers;
mod playouts;
mod rules_misc;
mod scenarios_a;
mod scenarios_b;

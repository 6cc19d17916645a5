//! Tests of the 右王左王 engine: scenarios S1..S38 of the spec, rule tests, notation, rendering and
//! random playouts with leak checks.

mod direct;
mod helpers;
mod notation_tests;
mod playouts;
mod readings;
mod render_tests;
mod rules_tests;
mod scenarios;

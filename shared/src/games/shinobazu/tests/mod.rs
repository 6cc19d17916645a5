//! Tests of the shinobazu engine: scenarios of spec §10, rules, notation, render, playouts and leaks.

mod helpers;
mod notation_render;
mod props;
mod readings;
mod scenarios;

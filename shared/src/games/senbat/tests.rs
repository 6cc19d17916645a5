//! Property tests (random playouts, leaks, notation, render) and the acceptance scenarios S1–S45.

use serde_json::json;

use crate::dice::Rng;
use crate::engine::{Engine, Lang, RenderContext, Space, Viewer};
use crate::testkit::{self, everything_seen_by, Playout};
use crate::text;

use super::action::Action;
use super::data::{self, Slot, CARDS};
use super::state::*;
use super::{notation, rules, Senbat};

fn playouts(default: u64) -> u64 {
    std::env::var("TEGAMI_PLAYOUTS").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn playout(seed: u64, options: serde_json::Value, resign: u64) -> testkit::Finished {
    let mut p = Playout::new("senbat", 2, seed);
    p.options = options;
    p.resign_per_mille = resign;
    p.max_entries = 5000;
    testkit::play(&p, |_| {}).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn random_playouts_quickstart() {
    for seed in 0..playouts(40) {
        playout(seed, json!({"quickstart": true, "turn_limit": 120}), 0);
    }
}

#[test]
fn random_playouts_full_setup() {
    for seed in 100..100 + playouts(25) {
        playout(seed, json!({"turn_limit": 120}), 0);
    }
}

#[test]
fn random_playouts_no_limit_and_resign() {
    for seed in 200..200 + playouts(20) {
        playout(seed, json!({"quickstart": true}), 0);
    }
    for seed in 300..300 + playouts(20) {
        playout(seed, json!(null), 20);
    }
}

#[test]
#[ignore]
fn playout_stats() {
    for seed in 0..20 {
        let f = playout(seed, json!({"quickstart": true}), 0);
        println!("seed {seed}: entries {} {}", f.game.entries().len(), f.outcome.summary.en);
    }
    for seed in 100..110 {
        let f = playout(seed, json!(null), 0);
        println!("seed {seed}: entries {} {}", f.game.entries().len(), f.outcome.summary.en);
    }
}

//! Random legal playouts of suriagehara through the journal fold, with leak checks.
#![cfg(feature = "suriagehara")]

use serde_json::Value;
use shared::engine::Viewer;
use shared::journal::Disclosure;
use shared::testkit::{Playout, everything_seen_by, play};

fn playouts(default: u64) -> u64 {
    shared::testkit::playout_count(default)
}

/// The server's view of the secrets: each side's sealed answer and the face-down wind markers.
fn secrets(m: &shared::journal::Match) -> (Value, Value) {
    let server = m.view(Viewer::Server);
    let state = m.game().state_to_json(m.state());
    (server, state)
}

fn check_no_leak(m: &shared::journal::Match) {
    let (_, state) = secrets(m);
    let over = m.is_over();
    for seat in 0..2u8 {
        // The whole journal every 40 entries and at the end; the newest entry every time.
        let seen = if over || m.entries().len().is_multiple_of(40) {
            everything_seen_by(m, Viewer::Seat(seat))
        } else {
            let last = shared::journal::redact(m.entries().last().unwrap(), Viewer::Seat(seat), Disclosure::Sealed);
            serde_json::to_string(&last).unwrap()
        };
        let view = m.view(Viewer::Seat(seat));
        let other = 1 - seat as usize;
        // The other side's sealed answer must not be in the view.
        if !state["sealed"][other].is_null() && !over {
            assert!(view.get("own_sealed").is_none_or(|o| o != &state["sealed"][other]), "own_sealed leak");
            if state["sealed"][other]["sealed"] == "deploy" {
                for p in state["sealed"][other]["placements"].as_array().unwrap() {
                    let unit = p["unit"].as_str().unwrap();
                    assert!(view["units"].get(unit).is_none(), "seat {seat} sees unit {unit} of a sealed deployment");
                }
            }
        }
        // Face-down wind markers stay hidden.
        if let Some(w) = state["wind"].as_array() {
            for i in 0..3 {
                let revealed = state["wind_revealed"][i].as_bool().unwrap();
                if !revealed && !over {
                    assert!(view["wind"][i].is_null(), "seat {seat} sees wind marker {} ({})", i + 4, w[i]);
                    let marker = format!("W{} revealed", i + 4);
                    assert!(!seen.contains(&marker), "event reveals {marker} early");
                }
            }
        }
    }
    let spectator = m.view(Viewer::Spectator);
    if let Some(w) = state["wind"].as_array() {
        for i in 0..3 {
            if !state["wind_revealed"][i].as_bool().unwrap() && state["stage"]["stage"] != "over" {
                assert!(spectator["wind"][i].is_null(), "spectator sees {}", w[i]);
            }
        }
    }
}

/// Event texts counted to show which rules the random playouts reach.
const COVERAGE: &[&str] = &[
    "attack",
    "retreat",
    "displaces",
    "cannot retreat",
    "eliminated",
    "death check",
    "is killed",
    "re-placed",
    "advances",
    "destroyed",
    "will be released",
    "used for Takazane",
    "reverse wind ->",
    "supreme commander",
    "Army Morale decides",
    "end of turn 8",
];

#[test]
fn random_playouts_finish_replay_and_never_leak() {
    let n = playouts(1000);
    let mut results = std::collections::BTreeMap::new();
    let mut entries = 0;
    let mut seen: std::collections::BTreeMap<&str, u32> = std::collections::BTreeMap::new();
    for seed in 0..n {
        let mut p = Playout::new("suriagehara", 2, seed);
        // Every other game plays the other reading of the first-move restriction.
        let reading = ["no_unit_rearward", "commander_not_behind_line"][(seed % 2) as usize];
        p.options = serde_json::json!({ "first_move": reading });
        let done = play(&p, check_no_leak).unwrap_or_else(|e| panic!("{e}"));
        entries += done.game.entries().len();
        for e in done.game.entries() {
            for ev in &e.events {
                for key in COVERAGE {
                    if ev.text.en.contains(key) {
                        *seen.entry(*key).or_insert(0) += 1;
                    }
                }
            }
        }
        *results.entry(format!("{:?}", done.outcome.ranks)).or_insert(0) += 1;
    }
    eprintln!("suriagehara outcomes: {results:?}, entries: {entries}");
    eprintln!("suriagehara rule coverage: {seen:?}");
    for key in ["attack", "retreat", "eliminated", "death check", "advances", "used for Takazane"] {
        assert!(seen.contains_key(key), "no playout exercised `{key}`: {seen:?}");
    }
}

#[test]
fn random_playouts_with_resignations() {
    let n = playouts(60) / 3 + 1;
    for seed in 0..n {
        let mut p = Playout::new("suriagehara", 2, 10_000 + seed);
        p.resign_per_mille = 5;
        play(&p, check_no_leak).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn wrong_seat_counts_are_refused() {
    for seats in [1u8, 3] {
        let m = shared::journal::Match::create("suriagehara", Value::Null, seats, [7; 32], "2026-01-01T00:00:00Z");
        assert!(m.is_err());
    }
}

//! Random legal playouts through the journal fold, for every player count, with leak checks.

use serde_json::Value;

use super::super::view::View;
use crate::engine::Viewer;
use crate::testkit::{self, Playout};

fn playouts() -> u64 {
    testkit::playout_count(700)
}

/// Secrets of seat `b` that seat `a` must not see: the `card` fields of b's roads, table cards and plays,
/// and b's hand. Checked in the view structure, and the journal's public texts must not name cards.
fn check_no_leak(m: &crate::journal::Match, seats: u8) {
    if m.is_over() {
        return;
    }
    for a in 0..seats {
        let view: View = serde_json::from_value(m.view(Viewer::Seat(a))).expect("view parses");
        for item in &view.line {
            if item.owner.is_some_and(|o| o != a) {
                assert!(item.card.is_none(), "seat {a} sees the card under another seat's road");
            }
        }
        for b in (0..seats).filter(|b| *b != a) {
            assert!(view.hands[b as usize].is_none(), "seat {a} sees the hand of seat {b}");
            assert!(view.tables[b as usize].iter().all(|c| c.card.is_none()), "seat {a} sees {b}'s table ids");
        }
        for p in view.plays.iter().chain(view.last_plays.iter()) {
            if p.seat != a {
                assert!(p.card.is_none(), "seat {a} sees the card of {}'s play", p.seat);
            }
        }
        let everything = testkit::everything_seen_by(m, Viewer::Seat(a));
        let seen: Value =
            serde_json::from_str(everything.split_once('\n').expect("view then journal").1).expect("journal json");
        for entry in seen.as_array().expect("entries") {
            // Answers of other seats are withheld; only the events are left.
            if entry["body"]["type"] == "move" && entry["body"]["seat"] != a {
                assert!(entry["body"]["action"].is_null(), "seat {a} sees another seat's answer");
            }
            for ev in entry["events"].as_array().expect("events") {
                let to_me = match ev["audience"]["to"].as_str() {
                    Some("all") => true,
                    Some("only") => ev["audience"]["seats"].as_array().expect("seats").contains(&Value::from(a)),
                    _ => true,
                };
                assert!(to_me, "an event not for seat {a} reached it: {ev}");
                if ev["audience"]["to"] == "all" {
                    for lang in ["en", "ja"] {
                        let text = ev["text"][lang].as_str().expect("text");
                        for secret in ["D1", "D2", "D3", "R2T", "L2T", "2T"] {
                            assert!(!text.contains(secret), "public event names a hidden card: {text}");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn random_playouts_every_player_count() {
    let n = playouts();
    for seats in 3..=5u8 {
        for seed in 0..n {
            let p = Playout::new("uosao", seats, seed * 7 + seats as u64);
            testkit::play(&p, |_| {}).unwrap_or_else(|e| panic!("{e}"));
        }
    }
}

#[test]
fn random_playouts_with_resignations() {
    let n = (playouts() / 5).max(20);
    for seats in 3..=5u8 {
        for seed in 0..n {
            let mut p = Playout::new("uosao", seats, 10_000 + seed);
            p.resign_per_mille = 20;
            let f = testkit::play(&p, |_| {}).unwrap_or_else(|e| panic!("{e}"));
            if let Some(&r) = f.outcome.eliminated.first() {
                assert_eq!(f.outcome.ranks[r as usize], seats, "a resigning seat is ranked last");
            }
        }
    }
}

#[test]
fn no_secret_leaks_during_playouts() {
    let n = (playouts() / 60).max(5);
    for seats in 3..=5u8 {
        for seed in 0..n {
            let p = Playout::new("uosao", seats, 50_000 + seed);
            testkit::play(&p, |m| check_no_leak(m, seats)).unwrap_or_else(|e| panic!("{e}"));
        }
    }
}

//! A game's recent copy (what the server keeps of a game it just moved) is the game resumed from its stored
//! snapshot: the same state, the same decisions and legal answers, and the same entries once both are
//! answered alike, in every game, all along random games.

use shared::Rng;
use shared::journal::{Actor, EntryBody, Match};
use shared::registry;
use shared::testkit::{Playout, play, salts};

const AT: &str = "2026-01-01T00:00:00Z";

/// Checks `kept` against `m` resumed from its head entry and its snapshot; `step` names where.
fn same_as_resumed(m: &Match, step: usize) {
    let kept = m.recent_copy(1);
    let head = m.entries().last().expect("a game has entries").clone();
    let snapshot = serde_json::from_str(&m.snapshot()).expect("a snapshot is JSON");
    let resumed = Match::resume_recent(m.format(), &m.game().info().slug, m.seats(), vec![head], *m.seed(), &snapshot)
        .expect("resumed from the snapshot");
    let slug = m.game().info().slug;
    assert_eq!(kept.snapshot(), resumed.snapshot(), "{slug} step {step}: state");
    assert_eq!(kept.entries(), resumed.entries(), "{slug} step {step}: entries held");
    assert_eq!(kept.first_seq(), resumed.first_seq(), "{slug} step {step}: first entry held");
    let pending = kept.pending();
    assert_eq!(pending, resumed.pending(), "{slug} step {step}: decisions");
    for p in &pending {
        assert_eq!(
            kept.game().legal(kept.state(), &p.id),
            resumed.game().legal(resumed.state(), &p.id),
            "{slug} step {step}: legal answers to {}",
            p.id
        );
    }
    // Both answered alike, with the same salts: the same entries and state.
    let Some(p) = pending.first() else { return };
    let Some(action) = kept.game().random_action(kept.state(), &p.id, &mut Rng::from_seed(&step.to_le_bytes())) else {
        return;
    };
    let body = EntryBody::Move { seat: p.seat, decision: p.id.clone(), action, by: Actor::Bot, signature: None };
    let mut kept = kept.with_salts(salts(b"answer"));
    let mut resumed = resumed.with_salts(salts(b"answer"));
    let (a, b) = (kept.append(body.clone(), AT).map(|_| ()), resumed.append(body, AT).map(|_| ()));
    assert_eq!(a, b, "{slug} step {step}: the answer's fate");
    assert_eq!(kept.entries(), resumed.entries(), "{slug} step {step}: entries after the answer");
    assert_eq!(kept.snapshot(), resumed.snapshot(), "{slug} step {step}: state after the answer");
}

#[test]
fn a_recent_copy_is_the_game_resumed_from_its_snapshot() {
    for slug in registry::slugs() {
        let seats = registry::game(slug).expect("registered").info().min_seats;
        for seed in 0..2 {
            let mut step = 0;
            play(&Playout::new(slug, seats, seed), |m| {
                step += 1;
                same_as_resumed(m, step);
            })
            .unwrap_or_else(|e| panic!("{slug}: {e}"));
            assert!(step > 10, "{slug}: only {step} states checked");
        }
    }
}

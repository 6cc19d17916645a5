//! The hash chain catches every kind of tampering, and redaction hides answers from other seats.
#![cfg(feature = "uosao")]

use serde_json::Value;
use shared::journal::{Actor, Disclosure, EntryBody, JournalError, Match, redact};
use shared::testkit::{Playout, play};
use shared::{Rng, Viewer};

const AT: &str = "2026-01-01T00:00:00Z";

fn finished_game() -> (Match, [u8; 32]) {
    let done = play(&Playout::new("uosao", 3, 7), |_| {}).expect("playout");
    let seed = *done.game.seed();
    (done.game, seed)
}

#[test]
fn a_recorded_game_replays() {
    let (m, seed) = finished_game();
    let again = Match::replay(m.entries(), seed).unwrap();
    assert_eq!(again.head_hash(), m.head_hash());
}

#[test]
fn changing_an_answer_breaks_the_chain() {
    let (m, seed) = finished_game();
    let mut entries = m.entries().to_vec();
    let victim = entries.iter().position(|e| matches!(e.body, EntryBody::Move { .. })).unwrap();
    if let EntryBody::Move { by, .. } = &mut entries[victim].body {
        *by = Actor::Player;
    }
    let err = Match::replay(&entries, seed).err().expect("tampering detected");
    assert!(matches!(err, JournalError::Corrupt { seq, .. } if seq == victim as u64), "{err}");
}

#[test]
fn a_changed_time_or_a_dropped_entry_is_detected() {
    let (m, seed) = finished_game();
    let mut retimed = m.entries().to_vec();
    retimed[3].at = "2030-01-01T00:00:00Z".into();
    assert!(Match::replay(&retimed, seed).is_err());
    let mut dropped = m.entries().to_vec();
    dropped.remove(2);
    assert!(Match::replay(&dropped, seed).is_err());
}

#[test]
fn the_wrong_seed_is_refused() {
    let (m, _) = finished_game();
    let err = Match::replay(m.entries(), [9; 32]).err().unwrap();
    assert!(err.to_string().contains("commitment"), "{err}");
}

#[test]
fn the_seed_cannot_be_revealed_early_and_nothing_follows_the_end() {
    let seed = [5u8; 32];
    let mut m = Match::create("uosao", Value::Null, 3, seed, AT).unwrap();
    let reveal = EntryBody::Reveal { seed: hex::encode(seed) };
    assert_eq!(m.append(reveal, AT).err(), Some(JournalError::NotOver));
    assert_eq!(m.entries().len(), 1, "a refused entry changes nothing");
    let (mut done, _) = finished_game();
    let p = EntryBody::Resign { seat: 0, signature: None };
    assert_eq!(done.append(p, AT).err(), Some(JournalError::GameOver));
}

#[test]
fn other_seats_see_that_an_answer_was_given_but_not_what_it_was() {
    let seed = [6u8; 32];
    let mut m = Match::create("uosao", Value::Null, 3, seed, AT).unwrap();
    let p = m.pending()[0].clone();
    let action = m.game().random_action(m.state(), &p.id, &mut Rng::from_seed(b"x")).unwrap();
    m.append(
        EntryBody::Move {
            seat: p.seat,
            decision: p.id.clone(),
            action: action.clone(),
            by: Actor::Bot,
            signature: None,
        },
        AT,
    )
    .unwrap();
    let entry = m.entries().last().unwrap();
    let own = redact(entry, Viewer::Seat(p.seat), Disclosure::Sealed);
    assert!(matches!(&own.body, EntryBody::Move { action: a, .. } if *a == action));
    let other = redact(entry, Viewer::Seat((p.seat + 1) % 3), Disclosure::Sealed);
    assert!(other.redacted);
    assert!(matches!(&other.body, EntryBody::Move { action: Value::Null, .. }));
    assert!(other.nonce.is_empty());
    let after_end = redact(entry, Viewer::Seat((p.seat + 1) % 3), Disclosure::Open);
    assert!(!after_end.redacted);
}

#[test]
fn unknown_options_are_refused_with_the_known_ones_named() {
    let err = Match::create("uosao", serde_json::json!({"colour": []}), 3, [1; 32], AT).err().unwrap();
    assert!(err.to_string().contains("colour"), "{err}");
    assert!(Match::create("chess", Value::Null, 2, [1; 32], AT).is_err());
}

/// shidouban's 石田散薬 window is asked with `public: false`: while the game runs, nobody else may learn who
/// answered it, so the whole entry is withheld from other seats (and restored to them at the end, unless it
/// is a decline, which is never revealed).
#[cfg(feature = "shidouban")]
#[test]
fn answers_to_anonymous_decisions_hide_their_author() {
    let mut found = false;
    for seed in 0..200u64 {
        let mut hidden_entries = Vec::new();
        let done = play(&Playout::new("shidouban", 3, seed), |m| {
            if let Some(e) = m.entries().last()
                && e.hidden_seat
                && !m.is_over()
            {
                hidden_entries.push((
                    e.seq,
                    e.body.seat().unwrap(),
                    m.journal_for(Viewer::Seat((e.body.seat().unwrap() + 1) % 3)),
                ));
            }
        })
        .expect("playout");
        for (seq, author, others_journal) in hidden_entries {
            found = true;
            let seen = &others_journal[seq as usize];
            assert_eq!(seen.body, EntryBody::Withheld, "seed {seed}: entry {seq} by seat {author} names its author");
            assert!(seen.nonce.is_empty());
            let end = done.game.journal_for(Viewer::Seat((author + 1) % 3));
            if done.game.never_revealed(&done.game.entries()[seq as usize]) {
                assert_eq!(end[seq as usize].body, EntryBody::Withheld, "seed {seed}: a decline is never revealed");
            } else {
                assert_eq!(end[seq as usize].body.seat(), Some(author), "a use is revealed once the game is over");
            }
        }
        if found {
            break;
        }
    }
    assert!(found, "no random game reached an anonymous decision");
}

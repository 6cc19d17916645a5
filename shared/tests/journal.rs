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

/// New games are in journal format 2 (entry 0 says it, every entry publishes its content commitment);
/// a game created in format 1 keeps format 1's hashes, and each replays by its own format's rules.
#[test]
fn each_game_keeps_the_journal_format_it_was_created_in() {
    use shared::journal::{JournalFormat, content_commitment, entry_hash, entry_hash_v2};
    let seed = [3u8; 32];
    let new = Match::create("uosao", Value::Null, 3, seed, AT).unwrap();
    assert_eq!(new.format(), JournalFormat::V2);
    let first = &new.entries()[0];
    assert!(serde_json::to_string(&first.body).unwrap().contains("\"format\":2"));
    let content = first.content.clone().expect("format 2 publishes the content commitment");
    assert_eq!(content_commitment(&first.body, &first.nonce), Some(content.clone()));
    assert_eq!(entry_hash_v2(0, AT, &first.prev_hash, &content), Some(first.hash.clone()));

    let old = Match::create_in(JournalFormat::V1, "uosao", Value::Null, 3, seed, AT).unwrap();
    let first = &old.entries()[0];
    assert!(!serde_json::to_string(&first.body).unwrap().contains("format"), "format 1 hashes predate the member");
    assert!(!serde_json::to_string(first).unwrap().contains("content"));
    assert_eq!(entry_hash(0, AT, &first.body, &first.nonce, &first.prev_hash), first.hash);
    assert_ne!(first.hash, new.entries()[0].hash);
    assert_eq!(Match::replay(old.entries(), seed).unwrap().format(), JournalFormat::V1);
    assert_eq!(Match::replay(new.entries(), seed).unwrap().format(), JournalFormat::V2);

    // An unknown format is refused when read.
    let mut unknown = serde_json::to_value(&new.entries()[0].body).unwrap();
    unknown["format"] = 3.into();
    let err = serde_json::from_value::<EntryBody>(unknown).unwrap_err().to_string();
    assert!(err.contains("unknown journal format 3"), "{err}");
}

/// Format 2's canonical body is RFC 8785: numbers as ECMAScript writes them, whatever the JSON said.
#[test]
fn the_canonical_body_writes_numbers_as_javascript_does() {
    use shared::journal::canonical_body;
    let body: EntryBody = serde_json::from_str(
        r#"{"type":"move","seat":1,"decision":"d9","by":"bot","signature":null,
            "action":{"y":582.0,"x":290.5,"type":"deploy","tiny":1e-7,"big":1e21,"z":-0.0}}"#,
    )
    .unwrap();
    assert_eq!(
        String::from_utf8(canonical_body(&body)).unwrap(),
        r#"{"action":{"big":1e+21,"tiny":1e-7,"type":"deploy","x":290.5,"y":582,"z":0},"by":"bot","decision":"d9","seat":1,"signature":null,"type":"move"}"#
    );
}

/// Issue #28: the operator ends a game that cannot end by its rules. The entry is chained like any other, in
/// both formats; the game is over with the operator's outcome after it, replayed or resumed from its snapshot;
/// places that do not fit the seats are refused without a trace; nothing but the reveal follows.
#[test]
fn the_operator_ends_a_game_with_a_stated_result_in_either_format() {
    use shared::ResultKind;
    use shared::journal::{JournalFormat, OperatorEnding, OperatorResult};
    let ending = |result, ranks: Option<Vec<u8>>| OperatorEnding {
        operator: "kanri".into(),
        result,
        ranks,
        reason: "seat 3 left the club".into(),
    };
    for format in [JournalFormat::V1, JournalFormat::V2] {
        let seed = [9u8; 32];
        let mut m = Match::create_in(format, "uosao", Value::Null, 3, seed, AT).unwrap();
        for bad in [
            ending(OperatorResult::Adjudicated, None),
            ending(OperatorResult::Adjudicated, Some(vec![1, 2])),
            ending(OperatorResult::Adjudicated, Some(vec![1, 3, 2, 4])),
            ending(OperatorResult::Adjudicated, Some(vec![1, 3, 3])),
            ending(OperatorResult::Adjudicated, Some(vec![2, 2, 3])),
            ending(OperatorResult::Abandoned, Some(vec![1, 1, 1])),
            OperatorEnding { reason: " ".into(), ..ending(OperatorResult::Abandoned, None) },
            OperatorEnding { operator: String::new(), ..ending(OperatorResult::Abandoned, None) },
        ] {
            let err = m.append(bad.body(), AT).err();
            assert!(matches!(err, Some(JournalError::BadEnding(_))), "{bad:?} accepted: {err:?}");
            assert_eq!(m.entries().len(), 1, "a refused ending changes nothing");
            assert!(!m.is_over());
        }
        let adjudicated = ending(OperatorResult::Adjudicated, Some(vec![2, 1, 2]));
        m.append(adjudicated.body(), AT).unwrap();
        assert!(m.is_over() && m.pending().is_empty());
        let outcome = m.outcome().expect("over");
        assert_eq!((outcome.result, outcome.ranks.clone()), (ResultKind::Win, vec![2, 1, 2]));
        assert!(outcome.summary.en.contains("kanri") && outcome.summary.en.contains("seat 3 left the club"));
        assert_eq!(m.entries()[1].events[0].text, adjudicated.summary(), "everyone is told who ended it");
        let resign = EntryBody::Resign { seat: 0, signature: None };
        assert_eq!(m.append(resign, AT).err(), Some(JournalError::GameOver), "nothing follows but the reveal");
        assert_eq!(m.append(adjudicated.body(), AT).err(), Some(JournalError::GameOver), "nor a second ending");

        let snapshot = serde_json::from_str(&m.snapshot()).unwrap();
        let resumed = Match::resume(m.entries().to_vec(), seed, &snapshot).unwrap();
        assert_eq!((resumed.operator_ending(), resumed.outcome()), (Some(&adjudicated), Some(outcome.clone())));
        m.append(EntryBody::Reveal { seed: hex::encode(seed) }, AT).unwrap();
        let replayed = Match::replay(m.entries(), seed).unwrap();
        assert_eq!((replayed.head_hash(), replayed.outcome()), (m.head_hash(), Some(outcome)));
        assert_eq!(replayed.format(), format);

        let mut forged = m.entries().to_vec();
        if let EntryBody::EndedByOperator { reason, .. } = &mut forged[1].body {
            *reason = "the players agreed".into();
        }
        assert!(
            matches!(Match::replay(&forged, seed), Err(JournalError::Corrupt { seq: 1, .. })),
            "the reason is hashed"
        );
    }
    let mut abandoned = Match::create("uosao", Value::Null, 3, [4u8; 32], AT).unwrap();
    abandoned.append(ending(OperatorResult::Abandoned, None).body(), AT).unwrap();
    let outcome = abandoned.outcome().expect("over");
    assert_eq!((outcome.result, outcome.ranks), (ResultKind::Abandoned, vec![1, 1, 1]));
    let body = serde_json::to_string(&abandoned.entries()[1].body).unwrap();
    assert_eq!(
        body,
        r#"{"type":"ended_by_operator","operator":"kanri","result":"abandoned","ranks":null,"reason":"seat 3 left the club"}"#
    );
}

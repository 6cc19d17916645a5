//! Shidouban answers the rules never reveal, not even after the end (spec §6.5 step 4, §6.10 "Revealed", §7):
//! interjection answers withdrawn after the interjector, a declined 石田散薬 and standing preferences. Once the
//! game is over, every other reader's journal shows no trace of them and their hashes cannot be opened by
//! trying answers against the published data, yet that journal replays to the very end of the game.
#![cfg(feature = "shidouban")]

use std::collections::BTreeMap;

use serde_json::{Value, json};
use shared::journal::{self, Actor, Entry, EntryBody, JournalError, Match};
use shared::testkit::{check_author_reads_own, check_published, salts};
use shared::{Rng, Viewer};

const AT: &str = "2026-01-01T00:00:00Z";
const SEATS: u8 = 3;

/// A finished game of random answers (every fifth a deadline's default), with every legal answer each
/// decision had, for the brute force. Bots answer unless `signed`, so that only the salt guards an answer.
struct Played {
    m: Match,
    options: BTreeMap<String, Vec<Value>>,
}

fn play(seed: u64, signed: bool, prefs: &[(u8, &str)]) -> Played {
    let mut game_seed = [0u8; 32];
    game_seed[..8].copy_from_slice(&seed.to_le_bytes());
    let mut m = Match::create("shidouban", Value::Null, SEATS, game_seed, AT)
        .unwrap()
        .with_salts(salts(format!("never {seed}").as_bytes()));
    let game = m.game();
    let mut rng = Rng::from_seed(format!("answers {seed}").as_bytes());
    let mut options = BTreeMap::new();
    let mut prefs: Vec<(u8, &str)> = prefs.to_vec();
    while !m.is_over() {
        let pending = m.pending();
        for p in &pending {
            options.entry(p.id.clone()).or_insert_with(|| {
                game.legal(m.state(), &p.id).unwrap().options.into_iter().map(|o| o.action).collect::<Vec<_>>()
            });
        }
        let p = rng.choose(&pending).unwrap().clone();
        let (by, signature) = if signed {
            (Actor::Player, Some(format!("signature.of.{}.{}.", p.seat, p.id)))
        } else {
            (Actor::Bot, None)
        };
        if let Some(i) = prefs.iter().position(|(seat, _)| *seat == p.seat)
            && p.kind != "removal"
        {
            let (_, text) = prefs.remove(i);
            let action = game.parse_action(&m.view(Viewer::Seat(p.seat)), &p, text).unwrap();
            m.append(EntryBody::Move { seat: p.seat, decision: p.id, action, by, signature }, AT).unwrap();
            continue;
        }
        let body = if rng.below(5) == 0 {
            let action = game.timeout_action(m.state(), &p.id);
            EntryBody::Timeout { seat: p.seat, decision: p.id, action }
        } else {
            let action = game.random_action(m.state(), &p.id, &mut rng).unwrap();
            EntryBody::Move { seat: p.seat, decision: p.id, action, by, signature }
        };
        m.append(body, AT).unwrap();
    }
    m.append(EntryBody::Reveal { seed: hex::encode(game_seed) }, AT).unwrap();
    Played { m, options }
}

fn answer(e: &Entry) -> Option<(&str, &Value)> {
    match &e.body {
        EntryBody::Move { decision, action, .. } | EntryBody::Timeout { decision, action: Some(action), .. } => {
            Some((decision, action))
        }
        _ => None,
    }
}

/// The first game (by seed) with a secret entry of this kind, and that entry's index.
fn find(signed: bool, kind: impl Fn(&Entry, &Value) -> bool) -> (Played, usize) {
    for seed in 0..60 {
        let played = play(seed, signed, &[]);
        let found = played
            .m
            .entries()
            .iter()
            .position(|e| played.m.never_revealed(e) && answer(e).is_some_and(|(_, a)| kind(e, a)));
        if let Some(i) = found {
            return (played, i);
        }
    }
    panic!("no random game has such a secret answer");
}

fn withdrawn_interjection(_: &Entry, a: &Value) -> bool {
    *a == json!("pass") || a.get("kuchi").is_some()
}

fn decline(_: &Entry, a: &Value) -> bool {
    *a == json!({"reprieve": null})
}

/// Every way a reader of the published journal could try to open the entry's hash: each legal answer or
/// common preference, as a move or a timeout, by any seat, with the seed-derived nonce (the seed is public
/// now) or none.
fn brute_force(played: &Played, published: &Entry) -> Option<Value> {
    let m = &played.m;
    let seed = m.seed();
    let (decision, _) = answer(&m.entries()[published.seq as usize]).unwrap();
    let nonces = [journal::nonce_for(seed, published.seq), String::new()];
    let any = shared::Pending::alone(decision, 0, "any");
    let prefs = ["kuchi auto-pass all", "kuchi auto-pass rank-and-file", "kuchi auto-pass off", "reprieve ask"]
        .into_iter()
        .chain(["reprieve never", "reprieve ask save MINE", "reprieve never save MINE"])
        .map(|p| m.game().parse_action(&m.view(Viewer::Spectator), &any, &format!("pref {p}")).unwrap());
    for action in played.options[decision].iter().cloned().chain(prefs) {
        let action = &action;
        for seat in 0..SEATS {
            let bodies = [
                EntryBody::Move {
                    seat,
                    decision: decision.into(),
                    action: action.clone(),
                    by: Actor::Bot,
                    signature: None,
                },
                EntryBody::Timeout { seat, decision: decision.into(), action: Some(action.clone()) },
            ];
            for body in &bodies {
                for nonce in &nonces {
                    let hash =
                        journal::hash_in(m.format(), published.seq, &published.at, body, nonce, &published.prev_hash);
                    if hash.as_deref() == Some(published.hash.as_str()) {
                        return Some(action.clone());
                    }
                }
            }
        }
    }
    None
}

/// What every reader but the author gets of secret entry `i` once the game is over, and what the author gets.
fn check_secret(played: &Played, i: usize) {
    let m = &played.m;
    let real = &m.entries()[i];
    let author = real.body.seat().unwrap();
    let readers = (0..SEATS).filter(|s| *s != author).map(Viewer::Seat).chain([Viewer::Spectator]);
    for reader in readers {
        let published = m.journal_for(reader);
        let seen = &published[i];
        assert!(seen.redacted, "{reader:?} sees entry {i}");
        assert!(seen.nonce.is_empty());
        assert!(answer(seen).is_none_or(|(_, a)| a.is_null()), "{reader:?} reads the answer of entry {i}: {seen:?}");
        assert!(!serde_json::to_string(&published).unwrap().contains(&real.nonce), "the salt leaks");
        assert_eq!(brute_force(played, seen), None, "{reader:?} opens entry {i} by trying every answer");
        // Nothing else gives it away either: the journal replays, to the same end.
        check_published(m, reader).unwrap();
    }
    // The author reads its answer in full, and can open the hash itself.
    check_author_reads_own(m, i).unwrap();
}

#[test]
fn an_interjection_answer_withdrawn_after_the_interjector_stays_secret_after_the_end() {
    let (played, i) = find(false, withdrawn_interjection);
    check_secret(&played, i);
    // The same answer given before the interjector would have been revealed, salt and all.
    let revealed = played
        .m
        .entries()
        .iter()
        .position(|e| !played.m.never_revealed(e) && answer(e).is_some_and(|(_, a)| withdrawn_interjection(e, a)));
    if let Some(r) = revealed {
        let seen = &played.m.journal_for(Viewer::Spectator)[r];
        assert!(!seen.redacted && !seen.nonce.is_empty());
    }
}

#[test]
fn a_declined_reprieve_stays_secret_after_the_end() {
    let (played, i) = find(false, decline);
    check_secret(&played, i);
    // Its author is not even named: the window was anonymous (§6.10 step 3), and stays so.
    assert_eq!(played.m.journal_for(Viewer::Spectator)[i].body, EntryBody::Withheld);
}

#[test]
fn standing_preferences_stay_secret_and_the_server_answers_for_them() {
    let played = play(3, false, &[(1, "pref kuchi auto-pass all"), (2, "pref reprieve never")]);
    let m = &played.m;
    let prefs: Vec<usize> = m
        .entries()
        .iter()
        .enumerate()
        .filter(|(_, e)| {
            answer(e).is_some_and(|(_, a)| a.get("pref_kuchi").is_some() || a.get("pref_reprieve").is_some())
        })
        .map(|(i, _)| i)
        .collect();
    assert_eq!(prefs.len(), 2);
    for i in prefs {
        assert!(m.never_revealed(&m.entries()[i]));
        check_secret(&played, i);
    }
    // Seat 1's passes come from the server, as entries of their own.
    assert!(m.entries().iter().any(|e| matches!(&e.body,
        EntryBody::Move { seat: 1, by: Actor::Server, action, .. } if *action == json!("pass"))));
    let read_by = |reader| serde_json::to_string(&m.journal_for(reader)).unwrap() + &m.view(reader).to_string();
    let traces = ["pref_kuchi", "pref_reprieve", "auto-pass", "Preference saved", "設定"];
    for reader in [Viewer::Seat(0), Viewer::Spectator] {
        let text = read_by(reader);
        assert!(traces.iter().all(|t| !text.contains(t)), "{reader:?} reads a preference");
    }
    assert!(read_by(Viewer::Seat(1)).contains("Preference saved: pref kuchi auto-pass all"), "its owner does");
}

#[test]
fn signatures_of_secret_answers_stay_with_their_author() {
    let (played, i) = find(true, |e, a| matches!(e.body, EntryBody::Move { .. }) && withdrawn_interjection(e, a));
    let real = &played.m.entries()[i];
    let EntryBody::Move { signature: Some(signature), seat, .. } = &real.body else { panic!("a signed move") };
    let other = Viewer::Seat((seat + 1) % SEATS);
    assert!(!serde_json::to_string(&played.m.journal_for(other)).unwrap().contains(signature.as_str()));
    assert!(serde_json::to_string(&played.m.journal_for(Viewer::Seat(*seat))).unwrap().contains(signature.as_str()));
}

#[test]
fn tampering_with_a_secret_entry_breaks_the_chain() {
    let (played, i) = find(false, decline);
    let seed = *played.m.seed();
    let mut published = played.m.journal_for(Viewer::Spectator);
    published[i].hash = format!("{:064x}", 1);
    let err = Match::replay(&published, seed).err().expect("tampering detected");
    // Format 2 recomputes the secret entry's own hash from its published content commitment.
    assert!(matches!(err, JournalError::Corrupt { seq, .. } if seq == i as u64), "{err}");
    // Another commitment in its place, the chain re-linked after it as a forger would: caught at the entry.
    let mut recommitted = played.m.journal_for(Viewer::Spectator);
    recommitted[i].content = Some(format!("{:064x}", 2));
    let err = Match::replay(&recommitted, seed).err().expect("tampering detected");
    assert!(matches!(err, JournalError::Corrupt { seq, .. } if seq == i as u64), "{err}");
    // Unredacting it with a guess does not help: a salt must come with it.
    let mut guessed = played.m.journal_for(Viewer::Spectator);
    guessed[i] = Entry { redacted: false, ..played.m.entries()[i].clone() };
    guessed[i].nonce = journal::nonce_for(&seed, i as u64);
    assert!(Match::replay(&guessed, seed).is_err());
}

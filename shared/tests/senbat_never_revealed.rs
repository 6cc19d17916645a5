//! Senbat's standing policies are never revealed, not even after the end (spec §7: "never. Only the decisions
//! they produce are public"). Once the game is over, the opponent's and a spectator's journals show no trace of
//! a policy, whether it was set at the own turn or sent as the answer to D11/D12; the entry's hash cannot be
//! opened by trying every policy; the server's answers for the policies are public; and the published journal
//! replays to the very end of the game.
#![cfg(feature = "senbat")]

use serde_json::{Value, json};
use shared::journal::{self, Actor, Entry, EntryBody, Match};
use shared::testkit::{check_author_reads_own, check_published, salts};
use shared::{Pending, Rng, Viewer};

const AT: &str = "2026-01-01T00:00:00Z";

/// A finished game and the policy entries set in it, by index, with the kind of decision each was sent with.
struct Played {
    m: Match,
    policies: Vec<(usize, String)>,
}

/// Plays random answers, except that each seat sets a policy at its first execution prompt (seat 1's signed),
/// the first D11 and the first D12 a player is asked are answered by a policy.
fn play(seed: u64) -> Played {
    let mut game_seed = [0u8; 32];
    game_seed[..8].copy_from_slice(&seed.to_le_bytes());
    let mut m = Match::create("senbat", json!({"quickstart": true, "turn_limit": 60}), 2, game_seed, AT)
        .unwrap()
        .with_salts(salts(format!("senbat never {seed}").as_bytes()));
    let game = m.game();
    let mut rng = Rng::from_seed(format!("answers {seed}").as_bytes());
    let mut scripted = vec![
        ("act", Some(0), "policy stock min 2"),
        ("act", Some(1), "policy kenkon never"),
        ("stock", None, "policy stock min 3"),
        ("kenkon", None, "policy kenkon never"),
    ];
    let mut policies = Vec::new();
    while !m.is_over() {
        let p = rng.choose(&m.pending()).unwrap().clone();
        let script = scripted.iter().position(|(kind, seat, _)| *kind == p.kind && seat.is_none_or(|s| s == p.seat));
        let body = match script {
            Some(i) => {
                let (_, _, text) = scripted.remove(i);
                let action = game.parse_action(&m.view(Viewer::Seat(p.seat)), &p, text).unwrap();
                policies.push((m.entries().len(), p.kind.clone()));
                let (by, signature) = match p.seat {
                    1 if p.kind == "act" => (Actor::Player, Some(format!("signature.of.policy.{}.", p.id))),
                    _ => (Actor::Bot, None),
                };
                EntryBody::Move { seat: p.seat, decision: p.id, action, by, signature }
            }
            None => {
                // Random answers set no policy: only the scripted ones are checked.
                let action = loop {
                    let a = game.random_action(m.state(), &p.id, &mut rng).unwrap();
                    if a.get("type").and_then(Value::as_str).is_none_or(|t| !t.starts_with("policy_")) {
                        break a;
                    }
                };
                EntryBody::Move { seat: p.seat, decision: p.id, action, by: Actor::Bot, signature: None }
            }
        };
        m.append(body, AT).unwrap();
    }
    m.append(EntryBody::Reveal { seed: hex::encode(game_seed) }, AT).unwrap();
    Played { m, policies }
}

/// The first game (by seed) in which every scripted policy was sent.
fn played() -> Played {
    (0..200).map(play).find(|p| p.policies.len() == 4).expect("a random game asks D11 and D12 of a player")
}

fn answer(e: &Entry) -> Option<(&str, &Value)> {
    match &e.body {
        EntryBody::Move { decision, action, .. } | EntryBody::Timeout { decision, action: Some(action), .. } => {
            Some((decision, action))
        }
        _ => None,
    }
}

/// Every way a reader of the published journal could try to open a policy entry's hash: every policy, by any
/// seat, as an unsigned move of anyone or a timeout, with the seed-derived nonce (the seed is public now) or none.
fn brute_force(m: &Match, published: &Entry) -> Option<Value> {
    let (decision, _) = answer(&m.entries()[published.seq as usize]).unwrap();
    let nonces = [journal::nonce_for(m.seed(), published.seq), String::new()];
    let any = Pending::alone(decision, 0, "any");
    let texts = ["stock ask", "stock never", "kenkon ask", "kenkon never"]
        .map(String::from)
        .into_iter()
        .chain((0..=9).map(|n| format!("stock min {n}")));
    for text in texts {
        let action = m.game().parse_action(&m.view(Viewer::Spectator), &any, &format!("policy {text}")).unwrap();
        for seat in 0..2 {
            let moves = [Actor::Player, Actor::Bot, Actor::Server, Actor::Mail].map(|by| EntryBody::Move {
                seat,
                decision: decision.into(),
                action: action.clone(),
                by,
                signature: None,
            });
            let timeout = EntryBody::Timeout { seat, decision: decision.into(), action: Some(action.clone()) };
            for body in moves.iter().chain([&timeout]) {
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

/// What readers but the author get of policy entry `i` once the game is over, and what the author gets.
fn check_secret(m: &Match, i: usize) {
    let real = &m.entries()[i];
    assert!(m.never_revealed(real), "entry {i} is a policy");
    let author = real.body.seat().unwrap();
    for reader in [Viewer::Seat(1 - author), Viewer::Spectator] {
        let published = m.journal_for(reader);
        let seen = &published[i];
        assert!(seen.redacted && seen.nonce.is_empty(), "{reader:?} sees entry {i}: {seen:?}");
        let EntryBody::Move { action, signature, .. } = &seen.body else { panic!("a move stays a move") };
        assert!(action.is_null() && signature.is_none(), "{reader:?} reads entry {i}: {seen:?}");
        let text = serde_json::to_string(&published).unwrap();
        assert!(!text.contains(&real.nonce), "the salt leaks to {reader:?}");
        if let EntryBody::Move { signature: Some(s), .. } = &real.body {
            assert!(!text.contains(s.as_str()), "the signature leaks to {reader:?}");
        }
        assert_eq!(brute_force(m, seen), None, "{reader:?} opens entry {i} by trying every policy");
        // Nothing else gives it away either: the journal replays, to the same end.
        check_published(m, reader).unwrap();
    }
    check_author_reads_own(m, i).unwrap();
}

#[test]
fn standing_policies_stay_secret_after_the_end() {
    let Played { m, policies } = played();
    for (i, _) in &policies {
        check_secret(&m, *i);
    }
    let read_by = |reader| serde_json::to_string(&m.journal_for(reader)).unwrap() + &m.view(reader).to_string();
    let traces = ["policy_stock", "policy_kenkon", "Standing policy", "方針", "\"Min\"", "\"Never\""];
    let spectator = read_by(Viewer::Spectator);
    assert!(traces.iter().all(|t| !spectator.contains(t)), "a spectator reads a policy");
    // Each seat reads its own policies, and none of the other's.
    for seat in 0..2u8 {
        let text = read_by(Viewer::Seat(seat));
        let mine: Vec<String> = policies
            .iter()
            .map(|(i, _)| &m.entries()[*i])
            .filter(|e| e.body.seat() == Some(seat))
            .map(|e| m.game().print_action(answer(e).unwrap().1).unwrap())
            .collect();
        for t in &mine {
            assert!(text.contains(&format!("Standing policy set: {t}")), "seat {seat} reads its own `{t}`");
        }
        assert_eq!(text.matches("Standing policy set").count(), mine.len(), "seat {seat} reads only its own");
    }
}

#[test]
fn a_policy_sent_with_d11_or_d12_is_answered_at_once_by_the_server_in_public() {
    let Played { m, policies } = played();
    for (i, kind) in policies.iter().filter(|(_, k)| k != "act") {
        let (decision, _) = answer(&m.entries()[*i]).unwrap();
        let next = &m.entries()[i + 1];
        let EntryBody::Move { decision: d, action, by: Actor::Server, seat, .. } = &next.body else {
            panic!("entry {} answers the policy's decision: {next:?}", i + 1)
        };
        assert_eq!((d.as_str(), *seat), (decision, m.entries()[*i].body.seat().unwrap()));
        let expected = match kind.as_str() {
            "stock" => "stock",
            _ => "kenkon",
        };
        assert_eq!(action["type"], expected);
        if kind == "kenkon" {
            assert_eq!(action["space"], Value::Null, "`never` declines");
        }
        // The server's answer is public, to the opponent and to spectators.
        for reader in [Viewer::Seat(1 - seat), Viewer::Spectator] {
            let seen = &m.journal_for(reader)[i + 1];
            assert!(!seen.redacted && seen.body == next.body, "{reader:?} reads the decision the policy produced");
        }
    }
    // A policy set at the own turn answers later decisions the same way, as the server.
    let server: usize =
        m.entries().iter().filter(|e| matches!(e.body, EntryBody::Move { by: Actor::Server, .. })).count();
    assert!(server > 2, "only {server} decisions answered by policies");
}

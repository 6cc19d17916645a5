//! The test vectors of `docs/protocol.md`: one small finished game of each of the five games in journal
//! format 2, and the uosao game of format 1 (the format of games created before format 2), and a uosao game
//! ended by the server's operator in each format (adjudicated in format 2, abandoned in format 1), made
//! deterministically (fixed seeds, keys, times, salts and choices), with the values a verifier written in
//! another language must compute from them. This test makes the games again and fails when the committed
//! files differ, so the document cannot drift from the code; `examples/python/verify_journal.py` and
//! `examples/javascript/verify-journal.mjs` check the same files with their own code
//! (`tests/tests/verifiers.rs`).
//!
//! After a deliberate change to the protocol, write the files again with
//! `TEGAMI_BLESS_VECTORS=1 cargo test -p e2e --test protocol_vectors` and say why in the commit.

use std::path::PathBuf;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde_json::{Value, json};
use shared::api_types::{JournalListing, MoveClaims, PublicKeyInfo, SeatInfo, SeatKind};
use shared::journal::{
    self, Actor, EntryBody, GENESIS_HASH, JournalFormat, Match, OperatorEnding, OperatorResult, canonical_body,
    content_commitment, entry_hash, nonce_for, seed_commitment,
};
use shared::signing::{KeyPair, key_id};
use shared::{Pending, Rng, Viewer};

/// Every game's id in its vectors (signed moves name it).
const GAME_ID: i64 = 1;

/// One vector game: which game, how many seats, its options, and what makes it show what it must.
struct Spec {
    slug: &'static str,
    format: JournalFormat,
    seats: u8,
    options: Value,
    /// An answer `legal` does not list, sent once by seat 1 before its first answer (a standing preference or
    /// policy, which the rules never reveal), in notation.
    secret: Option<&'static str>,
    /// The operator ends the game once it has this many entries, so.
    ending: Option<(usize, OperatorEnding)>,
}

fn specs() -> Vec<Spec> {
    let spec =
        |slug, seats, options, secret| Spec { slug, format: JournalFormat::V2, seats, options, secret, ending: None };
    let ending = |result, ranks: Option<Vec<u8>>, reason: &str| OperatorEnding {
        operator: "kanri".into(),
        result,
        ranks,
        reason: reason.into(),
    };
    vec![
        Spec { format: JournalFormat::V1, ..spec("uosao", 3, Value::Null, None) },
        Spec {
            format: JournalFormat::V1,
            ending: Some((12, ending(OperatorResult::Abandoned, None, "seat 2 left the club"))),
            ..spec("uosao", 3, Value::Null, None)
        },
        Spec {
            ending: Some((12, ending(OperatorResult::Adjudicated, Some(vec![2, 1, 2]), "seat 1 stopped answering"))),
            ..spec("uosao", 3, Value::Null, None)
        },
        spec("uosao", 3, Value::Null, None),
        spec("shinobazu", 3, Value::Null, None),
        spec("shidouban", 2, Value::Null, Some("pref kuchi auto-pass all")),
        // Organisation and deployment are played (positions in tenths of a millimetre, JSON numbers with a
        // fraction); a short house-rule turn limit keeps the file small.
        spec("senbat", 2, json!({"turn_limit": 2}), Some("policy kenkon never")),
        spec("suriagehara", 2, Value::Null, None),
    ]
}

fn folder(spec: &Spec) -> String {
    let ended = if spec.ending.is_some() { "-ended-by-operator" } else { "" };
    format!("format-{}/{}{ended}", spec.format.number(), spec.slug)
}

fn vectors_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/protocol-vectors")
}

/// Every entry's time: fixed, one second apart.
fn at(seq: usize) -> String {
    format!("2026-01-01T{:02}:{:02}:{:02}Z", 12 + seq / 3600, (seq / 60) % 60, seq % 60)
}

fn key_of(seat: u8) -> KeyPair {
    let seed = [seat + 1; 32];
    KeyPair::from_secret(&URL_SAFE_NO_PAD.encode(seed)).expect("a 32-byte seed is a key")
}

/// Seats 0 and 1 are people (accounts 1 and 2) who sign their answers; any further seat is a bot's.
const PEOPLE: u8 = 2;

fn seed_of(spec: &Spec) -> [u8; 32] {
    let mut seed = [7u8; 32];
    seed[..spec.slug.len()].copy_from_slice(spec.slug.as_bytes());
    seed
}

struct Made {
    game: Match,
    /// The journal as seat 1 read it while the game ran (others' answers sealed, the seed secret).
    running_seat_1: JournalListing,
}

/// Plays a vector game: bots' random answers from a fixed generator, people's signed, then the seed
/// revealed as the server does at the end.
fn make_game(spec: &Spec) -> Made {
    let seed = seed_of(spec);
    let mut game = Match::create_in(spec.format, spec.slug, spec.options.clone(), spec.seats, seed, &at(0))
        .expect("the game is created")
        .with_salts(shared::testkit::salts(format!("vector salts {}", spec.slug).as_bytes()));
    let mut players = Rng::from_seed(format!("vector players {}", spec.slug).as_bytes());
    let mut secret = spec.secret;
    let mut running = None;
    while !game.is_over() {
        let seq = game.entries().len();
        assert!(seq < 2000, "{}: the vector game should be small", spec.slug);
        let pending = game.pending().into_iter().next().expect("a running game asks something");
        if running.is_none() && seq >= 8 && pending.seat != 1 {
            running = Some(listing(&game, Viewer::Seat(1)));
        }
        if let Some((after, ending)) = &spec.ending
            && seq >= *after
            && running.is_some()
        {
            game.append(ending.body(), &at(seq)).expect("the operator ends the game");
            break;
        }
        if pending.seat == 1
            && let Some(notation) = secret.take()
        {
            let view = game.view(Viewer::Seat(1));
            if let Ok(action) = game.game().parse_action(&view, &pending, notation)
                && game.append(signed(&pending, action, seq), &at(seq)).is_ok()
            {
                continue;
            }
            // Not accepted with this decision: try again with seat 1's next one.
            secret = spec.secret;
        }
        let action = game.game().random_action(game.state(), &pending.id, &mut players).expect("an answer");
        game.append(signed(&pending, action, seq), &at(seq)).expect("a random answer is legal");
    }
    assert!(secret.is_none(), "{}: the secret answer was never accepted", spec.slug);
    let seq = game.entries().len();
    game.append(EntryBody::Reveal { seed: hex::encode(seed) }, &at(seq)).expect("the seed is revealed at the end");
    Made { game, running_seat_1: running.expect("the game outlasts the running snapshot") }
}

/// `action` answering `pending`, signed by its seat's key when a person holds the seat.
fn signed(pending: &Pending, action: Value, seq: usize) -> EntryBody {
    let seat = pending.seat;
    if seat >= PEOPLE {
        return EntryBody::Move { seat, decision: pending.id.clone(), action, by: Actor::Bot, signature: None };
    }
    let claims = MoveClaims {
        game: GAME_ID,
        seat,
        decision: pending.id.clone(),
        action: action.clone(),
        iat: 1_767_268_800 + seq as i64,
    };
    let signature = key_of(seat).sign(&claims).expect("signs");
    EntryBody::Move { seat, decision: pending.id.clone(), action, by: Actor::Player, signature: Some(signature) }
}

/// The journal `viewer` downloads now, as `GET /api/v1/games/{id}/journal` answers it.
fn listing(game: &Match, viewer: Viewer) -> JournalListing {
    let seats = game.seats();
    let people = PEOPLE;
    let seat_infos = (0..seats)
        .map(|seat| SeatInfo {
            seat,
            kind: if seat < people { SeatKind::Player } else { SeatKind::Bot },
            name: if seat < people { ["Alice", "Bob"][seat as usize].into() } else { format!("bot {seat}") },
            account_id: (seat < people).then_some(i64::from(seat) + 1),
            invited_email: None,
        })
        .collect();
    let entries = game.journal_for(viewer);
    let keys = (0..people)
        .filter(|seat| {
            entries.iter().any(|e| matches!(&e.body, EntryBody::Move { seat: s, signature: Some(_), .. } if s == seat))
        })
        .map(|seat| {
            let key = key_of(seat);
            PublicKeyInfo {
                kid: key.kid(),
                account_id: Some(i64::from(seat) + 1),
                public_key: key.public_key(),
                seat: None,
            }
        })
        .collect();
    JournalListing {
        game: GAME_ID,
        slug: game.game().slug().into(),
        format: game.format(),
        seed_commitment: seed_commitment(game.seed()),
        seed: game.is_revealed().then(|| hex::encode(game.seed())),
        entries,
        keys,
        seats: seat_infos,
        next: None,
    }
}

/// What a verifier must compute from the spectator's copy, spelled out step by step.
fn expected(spec: &Spec, made: &Made) -> Value {
    let seed = *made.game.seed();
    let spectator = listing(&made.game, Viewer::Spectator);
    let entries: Vec<Value> = spectator
        .entries
        .iter()
        .map(|e| {
            let derived = nonce_for(&seed, e.seq);
            let mut v = json!({
                "seq": e.seq,
                "hash": e.hash,
                "redacted": e.redacted,
                "nonce_is_derived": !e.redacted && e.nonce == derived,
                "derived_nonce": derived,
            });
            match spec.format {
                JournalFormat::V1 => {
                    if !e.redacted {
                        let canonical = json!({
                            "seq": e.seq, "at": e.at, "body": e.body, "nonce": e.nonce, "prev_hash": e.prev_hash,
                        });
                        let canonical = serde_json::to_string(&canonical).expect("serialises");
                        assert_eq!(entry_hash(e.seq, &e.at, &e.body, &e.nonce, &e.prev_hash), e.hash);
                        v["canonical"] = json!(canonical);
                    }
                }
                JournalFormat::V2 => {
                    let content = e.content.clone().expect("every format 2 entry publishes its content");
                    if !e.redacted {
                        let body = String::from_utf8(canonical_body(&e.body)).expect("UTF-8");
                        assert_eq!(content_commitment(&e.body, &e.nonce).as_ref(), Some(&content));
                        v["canonical_body"] = json!(body);
                    }
                    assert_eq!(journal::entry_hash_v2(e.seq, &e.at, &e.prev_hash, &content).as_ref(), Some(&e.hash));
                    v["content"] = json!(content);
                }
            }
            v
        })
        .collect();
    let dice: Vec<Value> = spectator
        .entries
        .iter()
        .take(3)
        .map(|e| {
            let mut rng = Rng::for_entry(&seed, &e.hash);
            let words: Vec<String> = (0..5).map(|_| rng.next_u64().to_string()).collect();
            let mut rng = Rng::for_entry(&seed, &e.hash);
            let d6: Vec<u8> = (0..10).map(|_| rng.d6()).collect();
            let mut rng = Rng::for_entry(&seed, &e.hash);
            let mut deck: Vec<u32> = (0..10).collect();
            rng.shuffle(&mut deck);
            json!({"seq": e.seq, "rng_first_u64s": words, "rng_d6_rolls": d6, "rng_shuffle_0_to_9": deck})
        })
        .collect();
    let signed: Vec<Value> = spectator
        .entries
        .iter()
        .filter_map(|e| match &e.body {
            EntryBody::Move { signature: Some(token), seat, .. } => Some((e.seq, *seat, token)),
            _ => None,
        })
        .take(2)
        .map(|(seq, seat, token)| {
            let parts: Vec<&str> = token.split('.').collect();
            json!({
                "seq": seq,
                "seat": seat,
                "header_json": String::from_utf8(decode_b64(parts[0])).expect("utf-8"),
                "payload_json": String::from_utf8(decode_b64(parts[1])).expect("utf-8"),
                "signing_input": format!("{}.{}", parts[0], parts[1]),
                "signature_hex": hex::encode(decode_b64(parts[2])),
            })
        })
        .collect();
    let keys: Vec<Value> = spectator
        .keys
        .iter()
        .map(|k| {
            let seat = (k.account_id.expect("a key of an account") - 1) as u8;
            assert_eq!(key_id(&k.public_key).expect("valid"), k.kid);
            json!({
                "seat": seat,
                "private_seed_hex": hex::encode([seat + 1; 32]),
                "public_key": k.public_key,
                "kid": k.kid,
            })
        })
        .collect();
    json!({
        "about": "Values computed from spectator.json by tegami's own code; see docs/protocol.md. \
                  Integers above 2^53 are written as decimal strings.",
        "slug": spec.slug,
        "format": spec.format.number(),
        "genesis_prev_hash": GENESIS_HASH,
        "seed_hex": hex::encode(seed),
        "seed_commitment": seed_commitment(&seed),
        "head_hash": made.game.head_hash(),
        "copies": ["spectator.json", "seat-0.json", "running-seat-1.json"],
        "keys": keys,
        "entries": entries,
        "dice": dice,
        "signed_moves": signed,
        "ended_by_operator": spec.ending.as_ref().map(|(_, e)| e),
    })
}

fn decode_b64(text: &str) -> Vec<u8> {
    URL_SAFE_NO_PAD.decode(text).expect("base64url")
}

fn pretty(value: &impl serde::Serialize) -> String {
    serde_json::to_string_pretty(value).expect("serialises") + "\n"
}

/// The files of one vector game, by name inside its folder.
fn files(spec: &Spec, made: &Made) -> Vec<(&'static str, String)> {
    vec![
        ("spectator.json", pretty(&listing(&made.game, Viewer::Spectator))),
        ("seat-0.json", pretty(&listing(&made.game, Viewer::Seat(0)))),
        ("running-seat-1.json", pretty(&made.running_seat_1)),
        ("expected.json", pretty(&expected(spec, made))),
    ]
}

#[test]
fn the_protocol_vectors_match_the_code() {
    let bless = std::env::var("TEGAMI_BLESS_VECTORS").is_ok_and(|v| v == "1");
    for spec in specs() {
        let made = make_game(&spec);
        let dir = vectors_dir().join(folder(&spec));
        for (name, text) in files(&spec, &made) {
            let path = dir.join(name);
            if bless {
                std::fs::create_dir_all(&dir).expect("vectors dir");
                std::fs::write(&path, &text).expect("vector written");
            }
            let committed = std::fs::read_to_string(&path).unwrap_or_default();
            assert!(
                committed == text,
                "{} differs from what the code makes now: the protocol changed. If that is deliberate, update \
                 docs/protocol.md, write the vectors again with `TEGAMI_BLESS_VECTORS=1 cargo test -p e2e --test \
                 protocol_vectors` and say why in the commit",
                path.display()
            );
        }
    }
}

/// What the vectors must show for the document's promises to be tested: entries that stay redacted in a
/// finished game's copies, sealed answers in a running game's copy, salted answers, numbers with a fraction.
#[test]
fn the_vectors_show_what_they_must() {
    for spec in specs() {
        let made = make_game(&spec);
        let game = &made.game;
        let replayed = Match::replay(&listing(game, Viewer::Spectator).entries, *game.seed()).expect("replays");
        assert_eq!(replayed.head_hash(), game.head_hash());
        assert!(made.running_seat_1.entries.iter().any(|e| e.redacted), "{}: nothing sealed while running", spec.slug);
        for (a, b) in made.running_seat_1.entries.iter().zip(game.entries()) {
            assert_eq!((a.seq, &a.prev_hash, &a.hash), (b.seq, &b.prev_hash, &b.hash));
        }
        if spec.secret.is_some() {
            for viewer in [Viewer::Spectator, Viewer::Seat(0)] {
                let copy = listing(game, viewer);
                assert!(copy.entries.iter().any(|e| e.redacted), "{} {viewer:?}: nothing stays redacted", spec.slug);
                Match::replay(&copy.entries, *game.seed()).expect("every finished copy replays");
            }
            let salted = game.entries().iter().filter(|e| e.nonce != nonce_for(game.seed(), e.seq)).count();
            assert!(salted > 0, "{}: no salted answer", spec.slug);
        }
        if let Some((_, ending)) = &spec.ending {
            assert_eq!(game.operator_ending(), Some(ending), "{}: the operator's ending", folder(&spec));
            assert_eq!(replayed.outcome(), Some(ending.outcome(spec.seats)), "{}: the replayed outcome", folder(&spec));
        }
        if spec.slug == "senbat" {
            let fractional = game.entries().iter().any(|e| match &e.body {
                EntryBody::Move { action, .. } => action["type"] == "deploy" && action["x"].is_f64(),
                _ => false,
            });
            assert!(fractional, "senbat: no deployment with a position in the JSON form");
        }
    }
}

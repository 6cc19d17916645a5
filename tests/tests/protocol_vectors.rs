//! The test vectors of `docs/protocol.md`: a small finished game, made deterministically (fixed seed, fixed
//! keys, fixed times, a fixed sequence of choices), with the values a verifier written in another language
//! must compute from it. This test makes the game again and fails when the committed files differ, so the
//! document cannot drift from the code; `examples/python/` checks the same files with its own code.
//!
//! After a deliberate change to the protocol, write the files again with
//! `TEGAMI_BLESS_VECTORS=1 cargo test -p e2e --test protocol_vectors` and say why in the commit.

use std::path::PathBuf;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde_json::{Value, json};
use shared::api_types::{JournalListing, MoveClaims, PublicKeyInfo, SeatInfo, SeatKind};
use shared::journal::{Actor, Entry, EntryBody, GENESIS_HASH, Match, entry_hash, nonce_for, seed_commitment};
use shared::signing::{KeyPair, key_id};
use shared::{Rng, Viewer};

const SLUG: &str = "uosao";
const GAME_ID: i64 = 1;
const SEED: [u8; 32] = [7; 32];
/// Seats 0 and 1 are people (accounts 1 and 2) who sign their moves; seat 2 is a bot.
const PLAYERS: u8 = 2;
const SEATS: u8 = 3;
/// After this many entries, the journal as seat 1 reads it while the game runs is kept as a vector too.
const SEALED_AFTER: usize = 6;

fn vectors_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/protocol-vectors")
}

/// Every entry's time: fixed, one second apart.
fn at(seq: usize) -> String {
    format!("2026-01-01T12:{:02}:{:02}Z", seq / 60, seq % 60)
}

fn key_of(seat: u8) -> KeyPair {
    let seed = [seat + 1; 32];
    KeyPair::from_secret(&URL_SAFE_NO_PAD.encode(seed)).expect("a 32-byte seed is a key")
}

struct Made {
    listing: JournalListing,
    sealed_for_seat_1: Vec<Entry>,
}

/// Plays the vector game: every decision answered with an option picked by a fixed sequence, people's
/// answers signed, the bot's not, then the seed revealed as the server does at the end.
fn make_game() -> Made {
    let mut game = Match::create(SLUG, Value::Null, SEATS, SEED, &at(0)).expect("the game is created");
    let mut lcg: u64 = 0x2545_f491_4f6c_dd1d;
    let mut sealed_for_seat_1 = None;
    while !game.is_over() {
        let seq = game.entries().len();
        assert!(seq < 200, "the vector game should be small");
        if seq == SEALED_AFTER {
            sealed_for_seat_1 = Some(game.journal_for(Viewer::Seat(1)));
        }
        let pending = game.pending().into_iter().next().expect("a running game asks something");
        let choices = game.game().legal(game.state(), &pending.id).expect("every decision lists its answers");
        lcg = lcg.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let action = choices.options[(lcg >> 33) as usize % choices.options.len()].action.clone();
        let body = if pending.seat < PLAYERS {
            let claims = MoveClaims {
                game: GAME_ID,
                seat: pending.seat,
                decision: pending.id.clone(),
                action: action.clone(),
                iat: 1_767_268_800 + seq as i64,
            };
            let signature = key_of(pending.seat).sign(&claims).expect("signs");
            EntryBody::Move {
                seat: pending.seat,
                decision: pending.id,
                action,
                by: Actor::Player,
                signature: Some(signature),
            }
        } else {
            EntryBody::Move { seat: pending.seat, decision: pending.id, action, by: Actor::Bot, signature: None }
        };
        game.append(body, &at(seq)).expect("a listed answer is legal");
    }
    let seq = game.entries().len();
    game.append(EntryBody::Reveal { seed: hex::encode(SEED) }, &at(seq)).expect("the seed is revealed at the end");
    let seats = (0..SEATS)
        .map(|seat| SeatInfo {
            seat,
            kind: if seat < PLAYERS { SeatKind::Player } else { SeatKind::Bot },
            name: if seat < PLAYERS { ["Alice", "Bob"][seat as usize].into() } else { "bot".into() },
            account_id: (seat < PLAYERS).then_some(i64::from(seat) + 1),
            invited_email: None,
        })
        .collect();
    let keys = (0..PLAYERS)
        .map(|seat| {
            let key = key_of(seat);
            PublicKeyInfo { kid: key.kid(), account_id: i64::from(seat) + 1, public_key: key.public_key() }
        })
        .collect();
    let listing = JournalListing {
        game: GAME_ID,
        slug: SLUG.into(),
        seed_commitment: seed_commitment(&SEED),
        seed: Some(hex::encode(SEED)),
        entries: game.journal_for(Viewer::Spectator),
        keys,
        seats,
        next: None,
    };
    Made { listing, sealed_for_seat_1: sealed_for_seat_1.expect("the game outlasts the sealed snapshot") }
}

/// What a verifier must compute from the journal, spelled out step by step.
fn expected(made: &Made) -> Value {
    let listing = &made.listing;
    let entries: Vec<Value> = listing
        .entries
        .iter()
        .map(|e| {
            let canonical = json!({
                "seq": e.seq, "at": e.at, "body": e.body, "nonce": e.nonce, "prev_hash": e.prev_hash,
            });
            let canonical = serde_json::to_string(&canonical).expect("serialises");
            assert_eq!(entry_hash(e.seq, &e.at, &e.body, &e.nonce, &e.prev_hash), e.hash);
            assert_eq!(nonce_for(&SEED, e.seq), e.nonce, "no answer of this game is salted by the server");
            let mut rng = Rng::for_entry(&SEED, &e.hash);
            let words: Vec<String> = (0..5).map(|_| rng.next_u64().to_string()).collect();
            let mut rng = Rng::for_entry(&SEED, &e.hash);
            let d6: Vec<u8> = (0..10).map(|_| rng.d6()).collect();
            let mut rng = Rng::for_entry(&SEED, &e.hash);
            let mut deck: Vec<u32> = (0..10).collect();
            rng.shuffle(&mut deck);
            json!({
                "seq": e.seq,
                "canonical": canonical,
                "sha256_of_canonical": e.hash,
                "nonce": e.nonce,
                "rng_first_u64s": words,
                "rng_d6_rolls": d6,
                "rng_shuffle_0_to_9": deck,
            })
        })
        .collect();
    let signed: Vec<Value> = listing
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
    let keys: Vec<Value> = (0..PLAYERS)
        .map(|seat| {
            let key = key_of(seat);
            assert_eq!(key_id(&key.public_key()).expect("valid"), key.kid());
            json!({
                "seat": seat,
                "private_seed_hex": hex::encode([seat + 1; 32]),
                "public_key": key.public_key(),
                "kid": key.kid(),
            })
        })
        .collect();
    json!({
        "about": "Values computed from game.json by tegami's own code; see docs/protocol.md. \
                  Integers above 2^53 are written as decimal strings.",
        "genesis_prev_hash": GENESIS_HASH,
        "seed_hex": hex::encode(SEED),
        "seed_commitment": seed_commitment(&SEED),
        "head_hash": listing.entries.last().expect("entries").hash,
        "keys": keys,
        "entries": entries,
        "signed_moves": signed,
    })
}

fn decode_b64(text: &str) -> Vec<u8> {
    URL_SAFE_NO_PAD.decode(text).expect("base64url")
}

fn pretty(value: &impl serde::Serialize) -> String {
    serde_json::to_string_pretty(value).expect("serialises") + "\n"
}

#[test]
fn the_protocol_vectors_match_the_code() {
    let made = make_game();
    let files = [
        ("game.json", pretty(&made.listing)),
        ("sealed-for-seat-1.json", pretty(&made.sealed_for_seat_1)),
        ("expected.json", pretty(&expected(&made))),
    ];
    let dir = vectors_dir();
    if std::env::var("TEGAMI_BLESS_VECTORS").is_ok_and(|v| v == "1") {
        std::fs::create_dir_all(&dir).expect("vectors dir");
        for (name, text) in &files {
            std::fs::write(dir.join(name), text).expect("vector written");
        }
    }
    for (name, text) in &files {
        let path = dir.join(name);
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == *text,
            "{} differs from what the code makes now: the protocol changed. If that is deliberate, update \
             docs/protocol.md, write the vectors again with `TEGAMI_BLESS_VECTORS=1 cargo test -p e2e --test \
             protocol_vectors` and say why in the commit",
            path.display()
        );
    }
}

#[test]
fn the_vector_game_replays_and_its_copy_for_a_seat_is_sealed() {
    let made = make_game();
    let replayed = Match::replay(&made.listing.entries, SEED).expect("the published journal replays");
    assert!(replayed.is_revealed());
    let sealed = &made.sealed_for_seat_1;
    assert!(sealed.iter().any(|e| e.redacted), "someone else's answer is sealed from seat 1 while the game runs");
    for (copy, full) in sealed.iter().zip(&made.listing.entries) {
        assert_eq!((copy.seq, &copy.prev_hash, &copy.hash), (full.seq, &full.prev_hash, &full.hash));
    }
}

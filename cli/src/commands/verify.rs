//! `tegami verify`: check a finished game offline.
//!
//! Four independent checks, each reported: the hash chain (every entry's hash recomputed from its
//! content), the seed against the commitment published at creation, every signed move (its key belongs
//! to the seat's player, the signature holds, and the signed claims are what the journal applied), and
//! a full replay (`Match::replay`: every move, die and shuffle re-derived, events compared). The first
//! three need no game engine, the replay needs this build to know the game.
//!
//! An answer the rules never reveal (shidouban's withdrawn 口出し answers, declined 石田散薬, standing
//! preferences) stays redacted in a finished game's journal, except in its author's own copy. Its hash, a
//! commitment salted with the server's randomness, cannot be recomputed: the chain takes it as given (the
//! next entry still has to name it), its signature is not there to check, and the replay applies it by the
//! effect the rules give it; the replay fails if the real answer did anything else.

use std::path::Path;

use serde::Serialize;
use shared::api_types::{JournalListing, MoveClaims};
use shared::journal::{self, Actor, Entry, EntryBody, GENESIS_HASH, Match};
use shared::registry;
use shared::signing;

use super::log::fetch_journal;
use super::{Ctx, out, out_json};
use crate::args::VerifyArgs;
use crate::error::{CliError, Result};

/// What `verify` found: a line per check passed, a line per problem.
#[derive(Debug, Default, Serialize)]
pub struct Report {
    pub game: i64,
    pub slug: String,
    pub ok: bool,
    pub checks: Vec<String>,
    pub failures: Vec<String>,
    /// The replayed result, in both languages, when the replay succeeded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<shared::engine::Localized>,
}

pub fn exec(ctx: &Ctx, args: &VerifyArgs) -> Result<()> {
    let listing = match (&args.file, args.game) {
        (Some(path), _) => read_listing(path)?,
        (None, Some(id)) => fetch_journal(&ctx.optional_auth()?, id)?.1,
        (None, None) => return Err(CliError::usage("give a game or `--file <journal.json>`")),
    };
    let report = verify_listing(&listing);
    if ctx.json {
        out_json(&serde_json::to_value(&report).expect("JSON serialises"));
    } else {
        out(&report_text(&report, ctx.lang));
    }
    if report.ok {
        Ok(())
    } else {
        Err(CliError::Verification(format!(
            "game `{}` failed verification ({} problem{})",
            report.game,
            report.failures.len(),
            if report.failures.len() == 1 { "" } else { "s" }
        )))
    }
}

fn read_listing(path: &Path) -> Result<JournalListing> {
    let text =
        std::fs::read_to_string(path).map_err(|e| CliError::local(format!("cannot read `{}`: {e}", path.display())))?;
    serde_json::from_str(&text).map_err(|e| {
        CliError::Verification(format!(
            "`{}` is not a journal ({e}); save one with `tegami log <game> --json > {}`",
            path.display(),
            path.display()
        ))
    })
}

pub fn report_text(report: &Report, lang: shared::engine::Lang) -> String {
    let mut out = format!("game {} ({})\n", report.game, report.slug);
    for c in &report.checks {
        out.push_str(&format!("  ok      {c}\n"));
    }
    for f in &report.failures {
        out.push_str(&format!("  FAILED  {f}\n"));
    }
    if let Some(result) = &report.result {
        out.push_str(&format!("result: {}\n", result.get(lang)));
    }
    out.push_str(if report.ok { "verified\n" } else { "NOT verified\n" });
    out
}

pub fn verify_listing(listing: &JournalListing) -> Report {
    let mut report = Report { game: listing.game, slug: listing.slug.clone(), ..Report::default() };
    if listing.seed.is_none() {
        // A running game's journal is redacted and its seed secret: nothing to check yet.
        report.failures.push("the seed is not revealed: the game is not finished".into());
        return report;
    }
    check_chain(listing, &mut report);
    let seed = check_seed(listing, &mut report);
    check_signatures(listing, &mut report);
    if let Some(seed) = seed {
        check_replay(listing, seed, &mut report);
    }
    report.ok = report.failures.is_empty();
    report
}

fn check_chain(listing: &JournalListing, report: &mut Report) {
    let before = report.failures.len();
    let entries = &listing.entries;
    match entries.first().map(|e| &e.body) {
        None => report.failures.push("the journal is empty".into()),
        Some(EntryBody::Create { slug, seed_commitment, .. }) => {
            if *slug != listing.slug {
                report.failures.push(format!("entry 0 creates `{slug}`, the listing says `{}`", listing.slug));
            }
            if *seed_commitment != listing.seed_commitment {
                report.failures.push("entry 0 commits to another seed than the listing says".into());
            }
        }
        Some(_) => report.failures.push("entry 0 does not create the game".into()),
    }
    let mut prev = GENESIS_HASH.to_string();
    let mut withheld = 0;
    for (i, e) in entries.iter().enumerate() {
        if e.seq != i as u64 {
            report.failures.push(format!("entry {}: out of sequence (expected {i})", e.seq));
        }
        if e.prev_hash != prev {
            report.failures.push(format!("entry {}: does not follow the previous entry (broken hash chain)", e.seq));
        }
        if e.redacted {
            // Never revealed: the hash stands as the commitment; the replay holds the entry to its effect.
            withheld += 1;
        } else if journal::entry_hash(e.seq, &e.at, &e.body, &e.nonce, &e.prev_hash) != e.hash {
            report.failures.push(format!("entry {}: its hash does not match its content", e.seq));
        }
        prev = e.hash.clone();
    }
    if report.failures.len() == before {
        report.checks.push(match withheld {
            0 => format!("hash chain of {} entries", entries.len()),
            n => format!(
                "hash chain of {} entries ({n} answer{} never revealed, taken on {} salted hash)",
                entries.len(),
                if n == 1 { "" } else { "s" },
                if n == 1 { "its" } else { "their" }
            ),
        });
    }
}

fn check_seed(listing: &JournalListing, report: &mut Report) -> Option<[u8; 32]> {
    let Some(hex_seed) = &listing.seed else {
        report.failures.push("the seed is not revealed: the game is not finished".into());
        return None;
    };
    let seed: [u8; 32] = match hex::decode(hex_seed.trim()).ok().and_then(|b| b.try_into().ok()) {
        Some(seed) => seed,
        None => {
            report.failures.push("the revealed seed is not 32 bytes of hex".into());
            return None;
        }
    };
    if journal::seed_commitment(&seed) == listing.seed_commitment {
        report.checks.push("the seed matches the commitment published at creation".into());
    } else {
        report.failures.push("the revealed seed does not match the commitment published at creation".into());
    }
    Some(seed)
}

/// Checks one signature: the key is listed, belongs to the seat's player, and signed these claims.
fn check_signature(listing: &JournalListing, seq: u64, seat: u8, token: &str) -> Result<MoveClaims, String> {
    let (kid, _) = signing::peek(token).map_err(|e| format!("entry {seq}: {e}"))?;
    let key = listing
        .keys
        .iter()
        .find(|k| k.kid == kid)
        .ok_or_else(|| format!("entry {seq}: signed with key `{kid}`, which the journal does not list"))?;
    match signing::key_id(&key.public_key) {
        Ok(id) if id == kid => {}
        _ => return Err(format!("entry {seq}: key `{kid}` is not the key id of its public key")),
    }
    let owner = listing.seats.iter().find(|s| s.seat == seat).and_then(|s| s.account_id);
    match owner {
        None => return Err(format!("entry {seq}: seat {seat} has no player account, yet a signed move")),
        Some(account) if account != key.account_id => {
            return Err(format!(
                "entry {seq}: signed by account {} but seat {seat} belongs to account {account}",
                key.account_id
            ));
        }
        Some(_) => {}
    }
    signing::verify(token, &key.public_key).map_err(|e| format!("entry {seq}: {e}"))
}

fn check_signatures(listing: &JournalListing, report: &mut Report) {
    let before = report.failures.len();
    let mut signed = 0;
    // Moves by email reply are attested by the server (it checked the reply token and the sender's
    // address), not signed by the player: counted apart, so that nobody takes them for signed ones.
    let mut by_mail = 0;
    let mut signers = std::collections::BTreeSet::new();
    // A redacted answer, one the rules never reveal, shows no signature to check.
    for e in listing.entries.iter().filter(|e| !e.redacted) {
        match &e.body {
            EntryBody::Move { seat, decision, action, by: Actor::Player, signature } => {
                let Some(token) = signature else {
                    report.failures.push(format!("entry {}: a player's move without a signature", e.seq));
                    continue;
                };
                match check_signature(listing, e.seq, *seat, token) {
                    Err(problem) => report.failures.push(problem),
                    Ok(claims) => {
                        let mut differs = Vec::new();
                        if claims.game != listing.game {
                            differs.push(format!("game {} instead of {}", claims.game, listing.game));
                        }
                        if claims.seat != *seat {
                            differs.push(format!("seat {} instead of {seat}", claims.seat));
                        }
                        if claims.decision != *decision {
                            differs.push(format!("decision `{}` instead of `{decision}`", claims.decision));
                        }
                        if claims.action != *action {
                            differs.push("another action than the one applied".into());
                        }
                        if differs.is_empty() {
                            signed += 1;
                            signers.insert(*seat);
                        } else {
                            report.failures.push(format!(
                                "entry {}: the signed move names {}",
                                e.seq,
                                differs.join(", ")
                            ));
                        }
                    }
                }
            }
            EntryBody::Move { by: Actor::Mail, .. } => by_mail += 1,
            EntryBody::Resign { seat, signature: Some(token) } => match check_signature(listing, e.seq, *seat, token) {
                Err(problem) => report.failures.push(problem),
                Ok(claims) if claims.game != listing.game || claims.seat != *seat => {
                    report
                        .failures
                        .push(format!("entry {}: the signed resignation is for another game or seat", e.seq));
                }
                Ok(_) => {
                    signed += 1;
                    signers.insert(*seat);
                }
            },
            _ => {}
        }
    }
    if report.failures.len() == before {
        let players = signers.len();
        report.checks.push(format!(
            "{signed} signed move{} by {players} player{}",
            if signed == 1 { "" } else { "s" },
            if players == 1 { "" } else { "s" }
        ));
        if by_mail > 0 {
            report.checks.push(format!(
                "{by_mail} move{} by email reply, attested by the server (not signed by the player)",
                if by_mail == 1 { "" } else { "s" }
            ));
        }
    }
}

fn check_replay(listing: &JournalListing, seed: [u8; 32], report: &mut Report) {
    if registry::game(&listing.slug).is_none() {
        report.failures.push(format!(
            "this tegami was built without the game `{}`, so it cannot replay the dice and moves",
            listing.slug
        ));
        return;
    }
    let replayed = match Match::replay(&listing.entries, seed) {
        Ok(m) => m,
        Err(e) => {
            report.failures.push(format!("replay: {e}"));
            return;
        }
    };
    let before = report.failures.len();
    if !replayed.is_over() {
        report.failures.push("replay: the game is not over at the end of the journal".into());
    }
    if !replayed.is_revealed() {
        report.failures.push("replay: the journal does not end with the revealed seed".into());
    }
    // Only what everyone may read is compared: a reader's copy also holds events told to that reader alone
    // for good, which a replay of an answer never revealed cannot tell.
    let public = |e: &Entry| e.events.iter().filter(|ev| ev.public_after_end()).cloned().collect::<Vec<_>>();
    for (mine, theirs) in replayed.entries().iter().zip(&listing.entries) {
        if public(mine) != public(theirs) {
            report.failures.push(format!("entry {}: the replay tells other events than the journal", theirs.seq));
        }
    }
    if report.failures.len() == before {
        report.checks.push("replay: every move, die and shuffle reproduced, same events".into());
        report.result = replayed.outcome().map(|o| o.summary);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};
    use shared::api_types::{PublicKeyInfo, SeatInfo, SeatKind};
    use shared::signing::KeyPair;

    const AT: &str = "2026-01-01T00:00:00Z";
    const SEED: [u8; 32] = [7; 32];

    /// A hand-built finished journal (no engine needed): create, a signed move by seat 0 (account 1), a
    /// bot move by seat 1, the reveal. Hashes are computed like the server does.
    struct Fixture {
        listing: JournalListing,
        key: KeyPair,
    }

    fn push(entries: &mut Vec<Entry>, body: EntryBody) {
        let seq = entries.len() as u64;
        let prev = entries.last().map(|e| e.hash.clone()).unwrap_or_else(|| GENESIS_HASH.to_string());
        let nonce = format!("nonce{seq}");
        let hash = journal::entry_hash(seq, AT, &body, &nonce, &prev);
        entries.push(Entry {
            seq,
            at: AT.into(),
            body,
            nonce,
            prev_hash: prev,
            hash,
            events: vec![],
            redacted: false,
            hidden_seat: false,
        });
    }

    fn signed(key: &KeyPair, game: i64, seat: u8, decision: &str, action: &Value) -> String {
        key.sign(&MoveClaims { game, seat, decision: decision.into(), action: action.clone(), iat: 1 }).unwrap()
    }

    fn fixture_with(sign: impl Fn(&KeyPair) -> String) -> Fixture {
        let key = KeyPair::generate().unwrap();
        let commitment = journal::seed_commitment(&SEED);
        let mut entries = Vec::new();
        push(
            &mut entries,
            EntryBody::Create {
                slug: "fake".into(),
                options: Value::Null,
                seats: 2,
                seed_commitment: commitment.clone(),
            },
        );
        push(
            &mut entries,
            EntryBody::Move {
                seat: 0,
                decision: "d1".into(),
                action: json!({"card": 2}),
                by: Actor::Player,
                signature: Some(sign(&key)),
            },
        );
        push(
            &mut entries,
            EntryBody::Move {
                seat: 1,
                decision: "d2".into(),
                action: json!({"card": 1}),
                by: Actor::Bot,
                signature: None,
            },
        );
        push(&mut entries, EntryBody::Reveal { seed: hex::encode(SEED) });
        let listing = JournalListing {
            game: 9,
            slug: "fake".into(),
            seed_commitment: commitment,
            seed: Some(hex::encode(SEED)),
            entries,
            keys: vec![PublicKeyInfo { kid: key.kid(), account_id: 1, public_key: key.public_key() }],
            seats: vec![
                SeatInfo {
                    seat: 0,
                    kind: SeatKind::Player,
                    name: "alice".into(),
                    account_id: Some(1),
                    invited_email: None,
                },
                SeatInfo { seat: 1, kind: SeatKind::Bot, name: "bot".into(), account_id: None, invited_email: None },
            ],
            next: None,
        };
        Fixture { listing, key }
    }

    fn fixture() -> Fixture {
        fixture_with(|key| signed(key, 9, 0, "d1", &json!({"card": 2})))
    }

    /// Everything but the replay (no engine is registered in a `--no-default-features` build).
    fn failures_before_replay(listing: &JournalListing) -> Vec<String> {
        let report = verify_listing(listing);
        report.failures.into_iter().filter(|f| !f.contains("built without the game")).collect()
    }

    #[test]
    fn a_sound_journal_passes_the_engine_free_checks() {
        let f = fixture();
        let report = verify_listing(&f.listing);
        assert_eq!(failures_before_replay(&f.listing), Vec::<String>::new());
        assert_eq!(
            report.checks,
            vec![
                "hash chain of 4 entries",
                "the seed matches the commitment published at creation",
                "1 signed move by 1 player"
            ]
        );
        // This build has no engine called `fake`: the replay is reported, never silently skipped.
        assert!(!report.ok);
        assert!(report.failures[0].contains("built without the game `fake`"));
    }

    #[test]
    fn a_tampered_entry_breaks_the_chain() {
        let mut f = fixture();
        if let EntryBody::Move { action, .. } = &mut f.listing.entries[2].body {
            *action = json!({"card": 3});
        }
        assert_eq!(failures_before_replay(&f.listing), vec!["entry 2: its hash does not match its content"]);
    }

    #[test]
    fn a_wrong_seed_is_caught() {
        let mut f = fixture();
        f.listing.seed = Some(hex::encode([8u8; 32]));
        assert_eq!(
            failures_before_replay(&f.listing),
            vec!["the revealed seed does not match the commitment published at creation"]
        );
        f.listing.seed = None;
        assert_eq!(failures_before_replay(&f.listing), vec!["the seed is not revealed: the game is not finished"]);
    }

    #[test]
    fn a_signature_by_another_account_is_caught() {
        let mut f = fixture();
        f.listing.keys[0].account_id = 2;
        assert_eq!(
            failures_before_replay(&f.listing),
            vec!["entry 1: signed by account 2 but seat 0 belongs to account 1"]
        );
    }

    #[test]
    fn an_unlisted_or_forged_key_is_caught() {
        let mut f = fixture();
        f.listing.keys.clear();
        let failures = failures_before_replay(&f.listing);
        assert_eq!(failures.len(), 1);
        assert!(failures[0].ends_with("which the journal does not list"), "{failures:?}");

        // Another key listed under the signer's kid: the signature does not verify with it.
        let mut f = fixture();
        let other = KeyPair::generate().unwrap();
        f.listing.keys[0].public_key = other.public_key();
        let failures = failures_before_replay(&f.listing);
        assert_eq!(failures.len(), 1);
        assert!(failures[0].contains("is not the key id of its public key"), "{failures:?}");
        let _ = f.key;
    }

    #[test]
    fn claims_that_differ_from_the_entry_are_caught() {
        let f = fixture_with(|key| signed(key, 10, 0, "d0", &json!({"card": 1})));
        assert_eq!(
            failures_before_replay(&f.listing),
            vec![
                "entry 1: the signed move names game 10 instead of 9, decision `d0` instead of `d1`, another action than the one applied"
            ]
        );
    }

    #[test]
    fn an_unsigned_player_move_is_caught() {
        let mut f = fixture();
        if let EntryBody::Move { signature, .. } = &mut f.listing.entries[1].body {
            *signature = None;
        }
        let failures = failures_before_replay(&f.listing);
        assert!(failures.contains(&"entry 1: a player's move without a signature".to_string()), "{failures:?}");
        assert!(failures.contains(&"entry 1: its hash does not match its content".to_string()), "{failures:?}");
    }

    /// An answer kept redacted in a finished game (one the rules never reveal) is taken on its hash: the
    /// chain still has to lead through that hash, and the replay (which needs the engine) does the rest.
    #[test]
    fn a_withheld_answer_is_taken_on_its_hash() {
        let mut f = fixture();
        let withheld = &mut f.listing.entries[1];
        withhold(withheld);
        assert_eq!(failures_before_replay(&f.listing), Vec::<String>::new());
        assert_eq!(
            verify_listing(&f.listing).checks[0],
            "hash chain of 4 entries (1 answer never revealed, taken on its salted hash)"
        );
        f.listing.entries[1].hash = "f".repeat(64);
        assert_eq!(
            failures_before_replay(&f.listing),
            vec!["entry 2: does not follow the previous entry (broken hash chain)"]
        );
    }

    /// `entry` as a reader other than its author sees an answer the rules never reveal.
    fn withhold(entry: &mut Entry) {
        if let EntryBody::Move { action, signature, .. } = &mut entry.body {
            *action = Value::Null;
            *signature = None;
        }
        entry.nonce.clear();
        entry.redacted = true;
    }

    #[test]
    fn the_report_reads_well() {
        let report = Report {
            game: 9,
            slug: "fake".into(),
            ok: false,
            checks: vec!["hash chain of 4 entries".into()],
            failures: vec!["entry 2: its hash does not match its content".into()],
            result: None,
        };
        assert_eq!(
            report_text(&report, shared::engine::Lang::En),
            "game 9 (fake)\n  ok      hash chain of 4 entries\n  FAILED  entry 2: its hash does not match its content\nNOT verified\n"
        );
    }

    #[test]
    fn a_saved_listing_is_read_back() {
        let f = fixture();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("journal.json");
        std::fs::write(&path, crate::output::json(&serde_json::to_value(&f.listing).unwrap())).unwrap();
        assert_eq!(read_listing(&path).unwrap(), f.listing);
        std::fs::write(&path, "{}").unwrap();
        assert_eq!(read_listing(&path).unwrap_err().exit_code(), 5);
    }

    /// A whole game of random moves, each signed by its seat's key, journaled like the server does (salts
    /// included). `before_move` may send one more signed move first (a standing preference).
    fn signed_game(
        slug: &str,
        seats: u8,
        seed: [u8; 32],
        mut before_move: impl FnMut(&Match, &shared::Pending) -> Option<Value>,
    ) -> (Match, Vec<KeyPair>) {
        use shared::Rng;
        let game = registry::game(slug).expect("a game of this build");
        let keys: Vec<KeyPair> = (0..seats).map(|_| KeyPair::generate().unwrap()).collect();
        let mut m =
            Match::create(slug, Value::Null, seats, seed, AT).unwrap().with_salts(shared::testkit::salts(&seed));
        let mut players = Rng::from_seed(&seed);
        let sign_and_append = |m: &mut Match, p: &shared::Pending, action: Value| {
            let token = signed(&keys[p.seat as usize], 9, p.seat, &p.id, &action);
            let body = EntryBody::Move {
                seat: p.seat,
                decision: p.id.clone(),
                action,
                by: Actor::Player,
                signature: Some(token),
            };
            m.append(body, AT).map(|_| ())
        };
        while let Some(p) = m.pending().first().cloned() {
            assert!(m.entries().len() < 5000, "the random game does not end");
            if let Some(extra) = before_move(&m, &p) {
                sign_and_append(&mut m, &p, extra).expect("the extra move is accepted");
                continue;
            }
            let action = game.random_action(m.state(), &p.id, &mut players).unwrap();
            sign_and_append(&mut m, &p, action).unwrap();
        }
        m.append(EntryBody::Reveal { seed: hex::encode(seed) }, AT).unwrap();
        (m, keys)
    }

    /// The journal `viewer` downloads, with seat s played by account s + 1.
    fn listing_for(m: &Match, keys: &[KeyPair], viewer: shared::Viewer) -> JournalListing {
        let seed = *m.seed();
        JournalListing {
            game: 9,
            slug: m.game().slug().into(),
            seed_commitment: journal::seed_commitment(&seed),
            seed: Some(hex::encode(seed)),
            entries: m.journal_for(viewer),
            keys: keys
                .iter()
                .enumerate()
                .map(|(i, k)| PublicKeyInfo { kid: k.kid(), account_id: i as i64 + 1, public_key: k.public_key() })
                .collect(),
            seats: (0..m.seats())
                .map(|s| SeatInfo {
                    seat: s,
                    kind: SeatKind::Player,
                    name: format!("p{s}"),
                    account_id: Some(s as i64 + 1),
                    invited_email: None,
                })
                .collect(),
            next: None,
        }
    }

    /// Re-chains the entries from `from` on after an edit, as a forger would.
    fn rechain(entries: &mut [Entry], from: usize) {
        for i in from..entries.len() {
            let prev = entries[i - 1].hash.clone();
            let e = &mut entries[i];
            e.prev_hash = prev;
            if !e.redacted {
                e.hash = journal::entry_hash(e.seq, &e.at, &e.body, &e.nonce, &e.prev_hash);
            }
        }
    }

    /// With a game engine compiled in: a whole game of signed random moves verifies end to end (replay
    /// included); a swapped signature does not.
    #[test]
    fn a_real_game_with_signed_moves_verifies() {
        let Some(game) = registry::games().first() else {
            eprintln!("no game engine in this build; the end-to-end verify test is skipped");
            return;
        };
        let (m, keys) = signed_game(game.slug(), game.info().min_seats, SEED, |_, _| None);
        let mut listing = listing_for(&m, &keys, shared::Viewer::Seat(0));
        let report = verify_listing(&listing);
        assert!(report.ok, "{report:?}");
        assert_eq!(report.checks.len(), 4, "{report:?}");
        assert!(report.result.is_some());

        // Seat 0's first move re-signed by seat 1's key: the hash changes too, so re-chain the rest.
        let first = listing.entries.iter().position(|e| matches!(e.body, EntryBody::Move { seat: 0, .. })).unwrap();
        if let EntryBody::Move { seat, decision, action, signature, .. } = &mut listing.entries[first].body {
            *signature = Some(signed(&keys[1], 9, *seat, decision, action));
        }
        rechain(&mut listing.entries, first);
        let report = verify_listing(&listing);
        assert!(!report.ok);
        assert!(
            report.failures.iter().any(|f| f.contains(&format!("entry {first}: signed by account 2"))),
            "{report:?}"
        );
    }

    /// Shidouban keeps some answers secret for good (withdrawn 口出し answers, declined 石田散薬, standing
    /// preferences): every reader's copy of a finished game still verifies, replay included, and an answer
    /// hidden that the rules reveal, or a withheld answer's hash changed, is caught.
    #[test]
    fn a_finished_game_with_answers_never_revealed_verifies_from_every_copy() {
        if registry::game("shidouban").is_none() {
            eprintln!("shidouban is not in this build; the test is skipped");
            return;
        }
        let never = |m: &Match| m.entries().iter().filter(|e| m.never_revealed(e)).count();
        let (m, keys) = (0..40u8)
            .map(|i| {
                let mut pref_sent = false;
                // Seat 1 sets a standing preference with its first decision: a secret move, and answers by the
                // server from then on.
                signed_game("shidouban", 3, [i; 32], |m, p| {
                    if pref_sent || p.seat != 1 {
                        return None;
                    }
                    pref_sent = true;
                    let view = m.view(shared::Viewer::Seat(1));
                    m.game().parse_action(&view, p, "pref kuchi auto-pass all").ok()
                })
            })
            .find(|(m, _)| never(m) > 1)
            .expect("a random game keeps answers other than the preference secret");
        let viewers = (0..3).map(shared::Viewer::Seat).chain([shared::Viewer::Spectator]);
        for viewer in viewers {
            let report = verify_listing(&listing_for(&m, &keys, viewer));
            assert!(report.ok, "{viewer:?}: {report:?}");
            if viewer == shared::Viewer::Spectator {
                assert!(report.checks[0].contains("never revealed"), "{report:?}");
            }
        }

        // Another commitment in place of a withheld answer's: the next entry no longer follows it, and
        // re-chained, the dice of every later entry change.
        let spectator = listing_for(&m, &keys, shared::Viewer::Spectator);
        let withheld = spectator.entries.iter().position(|e| e.redacted).unwrap();
        let mut tampered = spectator.clone();
        tampered.entries[withheld].hash = "f".repeat(64);
        let report = verify_listing(&tampered);
        assert!(
            report
                .failures
                .contains(&format!("entry {}: does not follow the previous entry (broken hash chain)", withheld + 1)),
            "{report:?}"
        );
        rechain(&mut tampered.entries, withheld + 1);
        assert!(!verify_listing(&tampered).ok, "a forged commitment must not verify");

        // A revealed answer (a pick) passed off as never revealed: its effect is missing from the replay.
        let mut hidden = spectator.clone();
        let revealed = hidden
            .entries
            .iter()
            .position(|e| matches!(&e.body, EntryBody::Move { action, .. } if action.get("pick").is_some()))
            .unwrap();
        withhold(&mut hidden.entries[revealed]);
        let report = verify_listing(&hidden);
        assert!(!report.ok, "hiding a revealed answer must not verify");
    }
}

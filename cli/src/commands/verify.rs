//! `tegami verify`: check a finished game offline.
//!
//! Four independent checks, each reported: the hash chain (every entry's hash recomputed from its
//! content), the seed against the commitment published at creation, every signed move (its key belongs
//! to the seat's player, the signature holds, and the signed claims are what the journal applied), and
//! a full replay (`Match::replay`: every move, die and shuffle re-derived, events compared). The first
//! three need no game engine, the replay needs this build to know the game.
//!
//! An answer the rules never reveal (shidouban's withdrawn 口出し answers, declined 石田散薬, standing
//! preferences, senbat's policies) stays redacted in a finished game's journal, except in its author's own
//! copy. In journal format 2 its entry still publishes its content commitment, so its hash is recomputed
//! like every other; in format 1 (games created before format 2) the hash cannot be recomputed and the chain
//! takes it as given (the next entry still has to name it). Either way its signature is not there to check,
//! and the replay applies it by the effect the rules give it; the replay fails if the real answer did
//! anything else.

use std::path::Path;

use catalog::t;
use serde::Serialize;
use shared::api_types::{JournalListing, MoveClaims, PublicKeyInfo};
use shared::journal::{self, Actor, Entry, EntryBody, GENESIS_HASH, JournalFormat, Match};
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
    /// The journal format the game was created in (entry 0 says it), whose rules the chain was checked by.
    pub format: JournalFormat,
    pub ok: bool,
    pub checks: Vec<String>,
    pub failures: Vec<String>,
    /// The replayed result, in both languages, when the replay succeeded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<shared::engine::Localized>,
    /// Who ended the game, how and why, when the server's operator ended it (an `ended_by_operator` entry).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ended_by_operator: Option<journal::OperatorEnding>,
}

pub fn exec(ctx: &Ctx, args: &VerifyArgs) -> Result<()> {
    let listing = match (&args.file, args.game) {
        (Some(path), _) => read_listing(path)?,
        (None, Some(id)) => fetch_journal(&ctx.optional_auth()?, id)?.1,
        (None, None) => return Err(CliError::usage(t!(ctx.lang, "cli-verify-what"))),
    };
    // Nothing to verify yet is not tampering: scripts tell the two apart by the exit code (9, not 5).
    let unfinished = listing.seed.is_none();
    let report = verify_listing_to(&listing, args.head_hash.as_deref());
    if ctx.json {
        out_json(&serde_json::to_value(&report).expect("JSON serialises"));
    } else {
        out(&report_text(&report, ctx.lang));
    }
    let game = report.game.to_string();
    if report.ok {
        Ok(())
    } else if unfinished {
        Err(CliError::Unverifiable(t!(ctx.lang, "cli-verify-unfinished", game = game)))
    } else {
        Err(CliError::Verification(t!(ctx.lang, "cli-verify-failed", game = game, count = report.failures.len())))
    }
}

fn read_listing(path: &Path) -> Result<JournalListing> {
    let lang = crate::i18n::lang();
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::local(t!(lang, "cli-file-unreadable", file = &file, error = e.to_string())))?;
    serde_json::from_str(&text)
        .map_err(|e| CliError::Unverifiable(t!(lang, "cli-verify-not-a-journal", file = &file, error = e.to_string())))
}

pub fn report_text(report: &Report, lang: shared::engine::Lang) -> String {
    let mut out = format!(
        "{}\n",
        t!(
            lang,
            "cli-verify-title",
            game = report.game.to_string(),
            slug = &report.slug,
            format = report.format.number().to_string()
        )
    );
    let ok = t!(lang, "cli-verify-ok");
    let failed = t!(lang, "cli-verify-failed-mark");
    let mark_width = shared::text::width(&ok).max(shared::text::width(&failed));
    for c in &report.checks {
        out.push_str(&format!("  {}  {c}\n", shared::text::pad_right(&ok, mark_width)));
    }
    for f in &report.failures {
        out.push_str(&format!("  {}  {f}\n", shared::text::pad_right(&failed, mark_width)));
    }
    if let Some(result) = &report.result {
        out.push_str(&format!("{}\n", t!(lang, "cli-result", summary = result.get(lang))));
    }
    out.push_str(&format!("{}\n", if report.ok { t!(lang, "cli-verified") } else { t!(lang, "cli-not-verified") }));
    out
}

/// Verifies `listing` with no head hash to hold it to.
#[cfg(test)]
pub fn verify_listing(listing: &JournalListing) -> Report {
    verify_listing_to(listing, None)
}

/// Verifies `listing`, which must hold the entry hashed `head_hash` when one is given (a head the reader noted
/// earlier, e.g. `GameDetail.head_hash`: a journal cut short before it, or rewritten anywhere up to it, lacks it).
pub fn verify_listing_to(listing: &JournalListing, head_hash: Option<&str>) -> Report {
    // Entry 0 says the format (hashed with it), the listing repeats it; the chain check holds them equal.
    let format = match listing.entries.first().map(|e| &e.body) {
        Some(EntryBody::Create { format, .. }) => *format,
        _ => listing.format,
    };
    let mut report = Report { game: listing.game, slug: listing.slug.clone(), format, ..Report::default() };
    if listing.seed.is_none() {
        // A running game's journal is redacted and its seed secret: nothing to check yet.
        report.failures.push("the seed is not revealed: the game is not finished".into());
        return report;
    }
    check_chain(listing, &mut report);
    if let Some(head) = head_hash {
        // With the chain checked, holding the noted head means holding everything before it unchanged.
        match listing.entries.iter().find(|e| e.hash == head) {
            Some(e) => report.checks.push(t!(crate::i18n::lang(), "cli-verify-head", entry = e.seq.to_string())),
            None => report.failures.push(t!(crate::i18n::lang(), "cli-verify-no-head", head = head)),
        }
    }
    let seed = check_seed(listing, &mut report);
    check_signatures(listing, &mut report);
    if let Some(seed) = seed {
        check_replay(listing, seed, &mut report);
    }
    report_operator_ending(listing, &mut report);
    report.ok = report.failures.is_empty();
    report
}

/// Says who ended the game when its operator did: the entry's operator, result, places and reason (hashed
/// and chained like any entry, so checked with the chain; the replay holds the places to the seats).
fn report_operator_ending(listing: &JournalListing, report: &mut Report) {
    let lang = crate::i18n::lang();
    let Some((seq, ending)) = listing.entries.iter().find_map(|e| match &e.body {
        EntryBody::EndedByOperator { operator, result, ranks, reason } => Some((
            e.seq,
            journal::OperatorEnding {
                operator: operator.clone(),
                result: *result,
                ranks: ranks.clone(),
                reason: reason.clone(),
            },
        )),
        _ => None,
    }) else {
        return;
    };
    let (entry, operator, reason) = (seq.to_string(), ending.operator.as_str(), ending.reason.as_str());
    report.checks.push(match &ending.ranks {
        None => t!(lang, "cli-verify-ended-abandoned", entry = entry, operator = operator, reason = reason),
        Some(ranks) => {
            let places: Vec<String> = ranks.iter().map(u8::to_string).collect();
            let places = places.join(", ");
            t!(
                lang,
                "cli-verify-ended-adjudicated",
                entry = entry,
                operator = operator,
                places = places,
                reason = reason
            )
        }
    });
    report.ended_by_operator = Some(ending);
}

fn check_chain(listing: &JournalListing, report: &mut Report) {
    let lang = crate::i18n::lang();
    let before = report.failures.len();
    let entries = &listing.entries;
    match entries.first().map(|e| &e.body) {
        None => report.failures.push(t!(lang, "cli-verify-empty")),
        Some(EntryBody::Create { slug, seed_commitment, .. }) => {
            if *slug != listing.slug {
                report.failures.push(t!(lang, "cli-verify-other-slug", slug = slug, listed = &listing.slug));
            }
            if *seed_commitment != listing.seed_commitment {
                report.failures.push(t!(lang, "cli-verify-other-commitment"));
            }
        }
        Some(_) => report.failures.push(t!(lang, "cli-verify-no-create")),
    }
    let format = report.format;
    if listing.format != format {
        report.failures.push(t!(
            lang,
            "cli-verify-other-format",
            format = format.number().to_string(),
            listed = listing.format.number().to_string()
        ));
    }
    let mut prev = GENESIS_HASH.to_string();
    let mut withheld = 0;
    for (i, e) in entries.iter().enumerate() {
        if e.seq != i as u64 {
            report.failures.push(t!(lang, "cli-verify-sequence", entry = e.seq.to_string(), expected = i.to_string()));
        }
        if e.prev_hash != prev {
            report.failures.push(t!(lang, "cli-verify-broken-chain", entry = e.seq.to_string()));
        }
        withheld += usize::from(e.redacted);
        if let Some(problem) = link_problem(format, e) {
            report.failures.push(t!(
                lang,
                "cli-verify-entry",
                entry = e.seq.to_string(),
                problem = catalog::text(lang, problem)
            ));
        }
        prev = e.hash.clone();
    }
    if report.failures.len() == before {
        let count = entries.len();
        report.checks.push(match (withheld, format) {
            (0, _) => t!(lang, "cli-verify-chain", count = count),
            (n, JournalFormat::V1) => t!(lang, "cli-verify-chain-v1-withheld", count = count, withheld = n),
            (n, JournalFormat::V2) => t!(lang, "cli-verify-chain-v2-withheld", count = count, withheld = n),
        });
    }
}

/// What is wrong with one entry's hash, by the rules of `format`: the id of the message that says it.
fn link_problem(format: JournalFormat, e: &Entry) -> Option<&'static str> {
    match format {
        // Never revealed: the hash stands as the commitment; the replay holds the entry to its effect.
        JournalFormat::V1 if e.redacted => None,
        JournalFormat::V1 => (journal::entry_hash(e.seq, &e.at, &e.body, &e.nonce, &e.prev_hash) != e.hash)
            .then_some("cli-verify-hash-mismatch"),
        JournalFormat::V2 => {
            let Some(content) = e.content.as_deref() else {
                return Some("cli-verify-no-content");
            };
            if journal::entry_hash_v2(e.seq, &e.at, &e.prev_hash, content).as_deref() != Some(e.hash.as_str()) {
                return Some("cli-verify-hash-v2-mismatch");
            }
            if !e.redacted && journal::content_commitment(&e.body, &e.nonce).as_deref() != Some(content) {
                return Some("cli-verify-content-mismatch");
            }
            None
        }
    }
}

fn check_seed(listing: &JournalListing, report: &mut Report) -> Option<[u8; 32]> {
    let lang = crate::i18n::lang();
    let Some(hex_seed) = &listing.seed else {
        report.failures.push(t!(lang, "cli-verify-no-seed"));
        return None;
    };
    let seed: [u8; 32] = match hex::decode(hex_seed.trim()).ok().and_then(|b| b.try_into().ok()) {
        Some(seed) => seed,
        None => {
            report.failures.push(t!(lang, "cli-verify-bad-seed"));
            return None;
        }
    };
    if journal::seed_commitment(&seed) == listing.seed_commitment {
        report.checks.push(t!(lang, "cli-verify-seed"));
    } else {
        report.failures.push(t!(lang, "cli-verify-seed-mismatch"));
    }
    Some(seed)
}

/// Checks one signature: the key is listed, belongs to the seat's player (or, for a key an import kept
/// without an account, to the seat itself), and signed these claims.
fn check_signature(listing: &JournalListing, seq: u64, seat: u8, token: &str) -> Result<MoveClaims, String> {
    let lang = crate::i18n::lang();
    let entry = seq.to_string();
    let problem = |problem: String| t!(lang, "cli-verify-entry", entry = &entry, problem = problem);
    let (kid, _) = signing::peek(token).map_err(|e| problem(e.to_string()))?;
    let listed: Vec<&PublicKeyInfo> = listing.keys.iter().filter(|k| k.kid == kid).collect();
    if listed.is_empty() {
        return Err(problem(t!(lang, "cli-verify-unlisted-key", key = &kid)));
    }
    let owner = listing.seats.iter().find(|s| s.seat == seat).and_then(|s| s.account_id);
    let holds = |k: &PublicKeyInfo| match k.account_id {
        Some(account) => owner == Some(account),
        None => k.seat == Some(seat),
    };
    let key = match listed.iter().find(|k| holds(k)) {
        Some(key) => *key,
        None => {
            let key = listed[0];
            return Err(problem(match (owner, key.account_id) {
                (None, _) => t!(lang, "cli-verify-seat-without-account", seat = seat.to_string()),
                (Some(account), Some(signer)) => t!(
                    lang,
                    "cli-verify-other-account",
                    signer = signer.to_string(),
                    seat = seat.to_string(),
                    account = account.to_string()
                ),
                (Some(account), None) => t!(
                    lang,
                    "cli-verify-kept-key-other-seat",
                    kept = key.seat.map_or_else(|| "?".to_string(), |s| s.to_string()),
                    seat = seat.to_string(),
                    account = account.to_string()
                ),
            }));
        }
    };
    match signing::key_id(&key.public_key) {
        Ok(id) if id == kid => {}
        _ => return Err(problem(t!(lang, "cli-verify-key-id", key = &kid))),
    }
    signing::verify(token, &key.public_key).map_err(|e| problem(e.to_string()))
}

fn check_signatures(listing: &JournalListing, report: &mut Report) {
    let lang = crate::i18n::lang();
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
                    report.failures.push(t!(lang, "cli-verify-unsigned", entry = e.seq.to_string()));
                    continue;
                };
                match check_signature(listing, e.seq, *seat, token) {
                    Err(problem) => report.failures.push(problem),
                    Ok(claims) => {
                        let mut differs = Vec::new();
                        if claims.game != listing.game {
                            let (signed, applied) = (claims.game.to_string(), listing.game.to_string());
                            differs.push(t!(lang, "cli-verify-differs-game", signed = signed, applied = applied));
                        }
                        if claims.seat != *seat {
                            let (signed, applied) = (claims.seat.to_string(), seat.to_string());
                            differs.push(t!(lang, "cli-verify-differs-seat", signed = signed, applied = applied));
                        }
                        if claims.decision != *decision {
                            let signed = &claims.decision;
                            differs.push(t!(lang, "cli-verify-differs-decision", signed = signed, applied = decision));
                        }
                        if claims.action != *action {
                            differs.push(t!(lang, "cli-verify-differs-action"));
                        }
                        if differs.is_empty() {
                            signed += 1;
                            signers.insert(*seat);
                        } else {
                            let differs = differs.join(&t!(lang, "cli-list-separator"));
                            let entry = e.seq.to_string();
                            report.failures.push(t!(lang, "cli-verify-differs", entry = entry, differs = differs));
                        }
                    }
                }
            }
            EntryBody::Move { by: Actor::Mail, .. } => by_mail += 1,
            EntryBody::Resign { seat, signature: Some(token) } => match check_signature(listing, e.seq, *seat, token) {
                Err(problem) => report.failures.push(problem),
                Ok(claims) if claims.game != listing.game || claims.seat != *seat => {
                    report.failures.push(t!(lang, "cli-verify-resignation", entry = e.seq.to_string()));
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
        report.checks.push(t!(lang, "cli-verify-signed", count = signed, players = players));
        if by_mail > 0 {
            report.checks.push(t!(lang, "cli-verify-by-mail", count = by_mail));
        }
    }
}

fn check_replay(listing: &JournalListing, seed: [u8; 32], report: &mut Report) {
    let lang = crate::i18n::lang();
    if registry::game(&listing.slug).is_none() {
        report.failures.push(t!(lang, "cli-verify-unknown-game", slug = &listing.slug));
        return;
    }
    let replayed = match Match::replay(&listing.entries, seed) {
        Ok(m) => m,
        Err(e) => {
            report.failures.push(t!(lang, "cli-verify-replay", problem = e.to_string()));
            return;
        }
    };
    let before = report.failures.len();
    if !replayed.is_over() {
        report.failures.push(t!(lang, "cli-verify-replay-not-over"));
    }
    if !replayed.is_revealed() {
        report.failures.push(t!(lang, "cli-verify-replay-no-reveal"));
    }
    // Only what everyone may read is compared: a reader's copy also holds events told to that reader alone
    // for good, which a replay of an answer never revealed cannot tell.
    let public = |e: &Entry| e.events.iter().filter(|ev| ev.public_after_end()).cloned().collect::<Vec<_>>();
    for (mine, theirs) in replayed.entries().iter().zip(&listing.entries) {
        if public(mine) != public(theirs) {
            report.failures.push(t!(lang, "cli-verify-replay-events", entry = theirs.seq.to_string()));
        }
    }
    if report.failures.len() == before {
        report.checks.push(t!(lang, "cli-verify-replayed"));
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
        let format = match entries.first().map(|e| &e.body).unwrap_or(&body) {
            EntryBody::Create { format, .. } => *format,
            _ => JournalFormat::V1,
        };
        let (nonce, content, hash) = match format {
            JournalFormat::V1 => {
                let nonce = format!("nonce{seq}");
                let hash = journal::entry_hash(seq, AT, &body, &nonce, &prev);
                (nonce, None, hash)
            }
            JournalFormat::V2 => {
                let nonce = journal::nonce_for(&[seq as u8; 32], seq);
                let content = journal::content_commitment(&body, &nonce).unwrap();
                let hash = journal::entry_hash_v2(seq, AT, &prev, &content).unwrap();
                (nonce, Some(content), hash)
            }
        };
        entries.push(Entry {
            seq,
            at: AT.into(),
            body,
            nonce,
            prev_hash: prev,
            content,
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
        fixture_in(JournalFormat::V1, sign)
    }

    fn fixture_in(format: JournalFormat, sign: impl Fn(&KeyPair) -> String) -> Fixture {
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
                format,
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
            format,
            seed_commitment: commitment,
            seed: Some(hex::encode(SEED)),
            entries,
            keys: vec![PublicKeyInfo { kid: key.kid(), account_id: Some(1), public_key: key.public_key(), seat: None }],
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
        f.listing.keys[0].account_id = Some(2);
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

    /// Format 2: a redacted entry publishes its content commitment, so its link is recomputed like any other.
    #[test]
    fn a_format_2_journal_links_through_its_redacted_entries() {
        let mut f = fixture_in(JournalFormat::V2, |key| signed(key, 9, 0, "d1", &json!({"card": 2})));
        assert_eq!(failures_before_replay(&f.listing), Vec::<String>::new());
        withhold(&mut f.listing.entries[1]);
        assert_eq!(failures_before_replay(&f.listing), Vec::<String>::new());
        assert!(
            verify_listing(&f.listing).checks[0].contains("every link recomputed"),
            "{:?}",
            verify_listing(&f.listing)
        );
        assert!(
            report_text(&verify_listing(&f.listing), shared::engine::Lang::En)
                .starts_with("game 9 (fake, journal format 2)")
        );

        let mut forged = f.listing.clone();
        forged.entries[1].content = Some("0".repeat(64));
        assert_eq!(
            failures_before_replay(&forged),
            vec!["entry 1: its hash does not match its time, previous hash and content commitment"]
        );
        let mut forged = f.listing.clone();
        forged.entries[2].content = None;
        assert_eq!(
            failures_before_replay(&forged),
            vec!["entry 2: no content commitment (`content`), which every entry of format 2 publishes"]
        );
        let mut forged = f.listing.clone();
        forged.format = JournalFormat::V1;
        assert_eq!(
            failures_before_replay(&forged),
            vec!["entry 0 creates a game in journal format 2, the listing says format 1"]
        );
        // The head a reader noted: held, or not.
        let head = f.listing.entries[3].hash.clone();
        assert!(verify_listing_to(&f.listing, Some(&head)).checks.iter().any(|c| c.contains("head you noted")));
        let mut cut = f.listing.clone();
        cut.entries.pop();
        let failures = verify_listing_to(&cut, Some(&head)).failures;
        assert!(failures.iter().any(|f| f.contains("does not hold the head")), "{failures:?}");
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
            format: JournalFormat::V1,
            ok: false,
            checks: vec!["hash chain of 4 entries".into()],
            failures: vec!["entry 2: its hash does not match its content".into()],
            result: None,
            ended_by_operator: None,
        };
        assert_eq!(
            report_text(&report, shared::engine::Lang::En),
            "game 9 (fake, journal format 1)\n  ok      hash chain of 4 entries\n  FAILED  entry 2: its hash does not match its content\nNOT verified\n"
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
        assert_eq!(read_listing(&path).unwrap_err().exit_code(), 9);
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
            format: m.format(),
            seed_commitment: journal::seed_commitment(&seed),
            seed: Some(hex::encode(seed)),
            entries: m.journal_for(viewer),
            keys: keys
                .iter()
                .enumerate()
                .map(|(i, k)| PublicKeyInfo {
                    kid: k.kid(),
                    account_id: Some(i as i64 + 1),
                    public_key: k.public_key(),
                    seat: None,
                })
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

    /// Re-chains the entries from `from` on after an edit, as a forger would: in format 1 a redacted
    /// entry's hash cannot be recomputed and is left as it was; in format 2 it is recomputed from its
    /// published content commitment.
    fn rechain(format: JournalFormat, entries: &mut [Entry], from: usize) {
        for i in from..entries.len() {
            let prev = entries[i - 1].hash.clone();
            let e = &mut entries[i];
            e.prev_hash = prev;
            match format {
                JournalFormat::V1 if e.redacted => {}
                JournalFormat::V1 => e.hash = journal::entry_hash(e.seq, &e.at, &e.body, &e.nonce, &e.prev_hash),
                JournalFormat::V2 => {
                    if !e.redacted {
                        e.content = journal::content_commitment(&e.body, &e.nonce);
                    }
                    let content = e.content.clone().unwrap();
                    e.hash = journal::entry_hash_v2(e.seq, &e.at, &e.prev_hash, &content).unwrap();
                }
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
        rechain(m.format(), &mut listing.entries, first);
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
        rechain(m.format(), &mut tampered.entries, withheld + 1);
        assert!(!verify_listing(&tampered).ok, "a forged commitment must not verify");

        // The attack format 1 could not see: two answers before one that stays redacted swapped, renumbered
        // and re-hashed up to it. Format 2 recomputes the redacted entry's link from its published content.
        let mut relinked = spectator.clone();
        let r = relinked.entries.iter().rposition(|e| e.redacted).unwrap();
        let open_moves: Vec<usize> = (1..r)
            .filter(|&i| !relinked.entries[i].redacted && matches!(relinked.entries[i].body, EntryBody::Move { .. }))
            .collect();
        let [.., a, b] = open_moves[..] else { panic!("two open answers before entry {r}") };
        relinked.entries.swap(a, b);
        relinked.entries[a].seq = a as u64;
        relinked.entries[b].seq = b as u64;
        rechain(m.format(), &mut relinked.entries[..r], a);
        relinked.entries[r].prev_hash = relinked.entries[r - 1].hash.clone();
        let report = verify_listing(&relinked);
        assert!(
            report.failures.contains(&format!(
                "entry {r}: its hash does not match its time, previous hash and content commitment"
            )),
            "{report:?}"
        );

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

//! The append-only, hash-chained move journal, and the fold that turns it into a game.
//!
//! A game is fully defined by its journal and its secret seed. Entry 0 creates the game (slug, options,
//! seats, and the SHA-256 commitment to the seed); every later entry is an answer, a resignation, a timeout,
//! or finally the revealed seed. Each entry's hash covers its content and the previous hash; the dice for
//! an entry are derived from the seed and that hash (so from the player's signature, which the server
//! cannot predict). [`Match`] is the single fold used by the server, the offline verifier and the tests.
//!
//! Some answers are never revealed, not even after the end (shidouban §7). Their entries are salted with
//! the server's randomness instead of a nonce derived from the seed, so the published hash is a commitment
//! nobody can open by trying answers; the published journal keeps them redacted, and a replay applies them
//! by their effect alone ([`crate::engine::Engine::apply_secret`]).
//!
//! Two journal formats exist ([`JournalFormat`]), fixed per game at its creation. Format 1 hashes the JSON of
//! the whole entry, so a redacted entry's hash can only be taken as given. Format 2 (every new game) commits
//! to each entry's content separately (`content = H(canonical(body) ‖ nonce)`, the body in RFC 8785 form) and
//! hashes the chain over the published fields and that commitment, so every reader recomputes every link,
//! whether or not it can open the entry. `docs/protocol.md` gives both byte layouts.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::dice::Rng;
use crate::engine::{Event, Localized, Outcome, Pending, ResultKind, RuleError, SetupError, Viewer};
use crate::registry::{self, ApplyError, DynError, DynGame, DynState};

/// Who produced a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Actor {
    /// A person; the entry carries their signed move.
    Player,
    /// The built-in random player.
    Bot,
    /// The server applying a rule default (a deadline) or a policy.
    Server,
    /// A person who answered by email: the move is authenticated by the single-use reply token of the
    /// turn email it answers, not by a signature.
    Mail,
}

/// How a game's journal is hashed; fixed when the game is created (entry 0 says it), so existing games keep
/// verifying by the rules they were made with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum JournalFormat {
    /// The JSON of `{at, body, nonce, prev_hash, seq}` with sorted keys, hashed whole: a redacted entry's hash
    /// cannot be recomputed by those who may not open it. Games created before format 2 keep it.
    #[default]
    V1,
    /// A content commitment per entry (`content`, published on every entry, redacted or not) and a chain hash
    /// over seq, time, previous hash and that commitment, with fixed-width or length-prefixed fields; the
    /// body's canonical form is RFC 8785 (JCS).
    V2,
}

impl JournalFormat {
    /// The format of every new game.
    pub const CURRENT: JournalFormat = JournalFormat::V2;

    pub fn number(self) -> u8 {
        match self {
            JournalFormat::V1 => 1,
            JournalFormat::V2 => 2,
        }
    }

    pub fn from_number(n: i64) -> Option<JournalFormat> {
        match n {
            1 => Some(JournalFormat::V1),
            2 => Some(JournalFormat::V2),
            _ => None,
        }
    }

    pub fn is_v1(&self) -> bool {
        *self == JournalFormat::V1
    }
}

impl Serialize for JournalFormat {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.number())
    }
}

impl<'de> Deserialize<'de> for JournalFormat {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let n = i64::deserialize(deserializer)?;
        JournalFormat::from_number(n).ok_or_else(|| {
            serde::de::Error::custom(format!("unknown journal format {n}; this version knows formats 1 and 2"))
        })
    }
}

/// What an entry says. The hash covers all of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum EntryBody {
    Create {
        slug: String,
        #[cfg_attr(feature = "openapi", schema(value_type = crate::schema::GameOptions))]
        options: Value,
        seats: u8,
        seed_commitment: String,
        /// The journal format (2); absent in a format 1 game, whose hashes predate the member.
        #[serde(default, skip_serializing_if = "JournalFormat::is_v1")]
        #[cfg_attr(feature = "openapi", schema(value_type = Option<u8>, minimum = 1, maximum = 2))]
        format: JournalFormat,
    },
    Move {
        seat: u8,
        decision: String,
        /// Null in a redacted copy.
        #[cfg_attr(feature = "openapi", schema(value_type = Option<crate::schema::GameAction>, required = true))]
        action: Value,
        by: Actor,
        /// The signed move (compact JWS) where `by` is `player`; null otherwise, and in a redacted copy.
        #[cfg_attr(feature = "openapi", schema(required = true))]
        signature: Option<String>,
    },
    Resign {
        seat: u8,
        /// Null: a resignation is made by the logged-in account, not signed.
        #[cfg_attr(feature = "openapi", schema(required = true))]
        signature: Option<String>,
    },
    /// A deadline passed: the rules' default `action` was applied, or (with no action) the seat forfeited.
    Timeout {
        seat: u8,
        decision: String,
        /// Null when the seat forfeited, and in a redacted copy.
        #[cfg_attr(feature = "openapi", schema(value_type = Option<crate::schema::GameAction>, required = true))]
        action: Option<Value>,
    },
    /// The server's operator ended the game, which could not end by its rules (say, a seat nobody answers and
    /// no deadline): abandoned (nobody wins, unrated) or adjudicated (the places given). Like a move, it is
    /// hashed and chained, so readers see who ended the game and why. The seed is revealed next, as after any end.
    EndedByOperator {
        /// Who ended it: the operator's name on the server host.
        operator: String,
        result: OperatorResult,
        /// Adjudicated: each seat's place, by seat (1 best, equal places shared, as in standard competition
        /// ranking: a seat's place is one more than the number of seats placed before it). Null when abandoned.
        #[cfg_attr(feature = "openapi", schema(required = true))]
        ranks: Option<Vec<u8>>,
        /// Why, as the operator stated it.
        reason: String,
    },
    /// The seed, published once the game is over.
    Reveal { seed: String },
    /// Stands in, in a redacted copy only, for an answer whose very author the rules keep from this reader
    /// (shidouban's 石田散薬 window): while the game runs, and for good if the answer is never revealed (a
    /// decline). Never appended, never hashed.
    Withheld,
}

impl EntryBody {
    /// The seat an entry speaks for, if any.
    pub fn seat(&self) -> Option<u8> {
        match self {
            EntryBody::Move { seat, .. } | EntryBody::Resign { seat, .. } | EntryBody::Timeout { seat, .. } => {
                Some(*seat)
            }
            EntryBody::Create { .. }
            | EntryBody::EndedByOperator { .. }
            | EntryBody::Reveal { .. }
            | EntryBody::Withheld => None,
        }
    }
}

/// How the server's operator ended a game: abandoned, or adjudicated with the places given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum OperatorResult {
    /// Without a result: nobody wins, every seat shares the one place, the game is not rated.
    Abandoned,
    /// With the places the operator gives; rated games are rated by them.
    Adjudicated,
}

impl OperatorResult {
    pub fn as_str(self) -> &'static str {
        match self {
            OperatorResult::Abandoned => "abandoned",
            OperatorResult::Adjudicated => "adjudicated",
        }
    }
}

/// A game's end by its operator, as its [`EntryBody::EndedByOperator`] entry says it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OperatorEnding {
    pub operator: String,
    pub result: OperatorResult,
    pub ranks: Option<Vec<u8>>,
    pub reason: String,
}

impl OperatorEnding {
    /// Why these cannot end a game of `seats` seats, if they cannot: a name and a reason are required, an
    /// adjudication places every seat (standard competition ranking), an abandonment places none.
    pub fn problem(&self, seats: u8) -> Option<String> {
        if self.operator.trim().is_empty() {
            return Some("the operator's name is empty".into());
        }
        if self.reason.trim().is_empty() {
            return Some("the reason is empty: say why the game ends".into());
        }
        match (self.result, &self.ranks) {
            (OperatorResult::Abandoned, None) => None,
            (OperatorResult::Abandoned, Some(_)) => Some("an abandoned game has no places; give ranks only to adjudicate".into()),
            (OperatorResult::Adjudicated, None) => Some("an adjudication gives every seat its place (ranks)".into()),
            (OperatorResult::Adjudicated, Some(ranks)) if ranks.len() != usize::from(seats) => {
                Some(format!("{} place(s) given for a game of {seats} seats", ranks.len()))
            }
            (OperatorResult::Adjudicated, Some(ranks)) => ranks.iter().enumerate().find_map(|(seat, &rank)| {
                let before = ranks.iter().filter(|&&r| r < rank).count();
                (usize::from(rank) != before + 1).then(|| {
                    format!(
                        "seat {} is placed {rank}, but {before} seat(s) are placed before it, so its place is {}                          (equal places are shared: 1, 1, 3)",
                        seat + 1,
                        before + 1
                    )
                })
            }),
        }
    }

    /// The game's outcome by this ending: abandoned, every seat first and nobody winning; adjudicated, the
    /// places given.
    pub fn outcome(&self, seats: u8) -> Outcome {
        let summary = self.summary();
        let (result, ranks) = match (&self.result, &self.ranks) {
            (OperatorResult::Adjudicated, Some(ranks)) => {
                let first = ranks.iter().filter(|&&r| r == 1).count();
                let result = match first {
                    1 => ResultKind::Win,
                    n if n == ranks.len() => ResultKind::Draw,
                    _ => ResultKind::SharedWin,
                };
                (result, ranks.clone())
            }
            _ => (ResultKind::Abandoned, vec![1; usize::from(seats)]),
        };
        Outcome { result, ranks, scores: vec![None; usize::from(seats)], eliminated: Vec::new(), summary }
    }

    /// What readers are told: who ended the game, how and why.
    pub fn summary(&self) -> Localized {
        let (operator, reason) = (self.operator.as_str(), self.reason.as_str());
        match self.result {
            OperatorResult::Abandoned => {
                catalog::both!("ops-game-ended-abandoned", operator = operator, reason = reason)
            }
            OperatorResult::Adjudicated => {
                catalog::both!("ops-game-ended-adjudicated", operator = operator, reason = reason)
            }
        }
    }

    fn of(body: &EntryBody) -> Option<OperatorEnding> {
        match body {
            EntryBody::EndedByOperator { operator, result, ranks, reason } => Some(OperatorEnding {
                operator: operator.clone(),
                result: *result,
                ranks: ranks.clone(),
                reason: reason.clone(),
            }),
            _ => None,
        }
    }

    pub fn body(&self) -> EntryBody {
        EntryBody::EndedByOperator {
            operator: self.operator.clone(),
            result: self.result,
            ranks: self.ranks.clone(),
            reason: self.reason.clone(),
        }
    }
}

/// One journal entry as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Entry {
    pub seq: u64,
    /// RFC 3339 time the server accepted it (informational, but hashed so it cannot be rewritten).
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub at: String,
    pub body: EntryBody,
    /// Per-entry salt: keeps the hash of a low-entropy secret answer unguessable. Derived from the seed, except
    /// for an answer the rules may never reveal: there 32 random bytes of the server's, published only if the
    /// answer is (the seed is published at the end, so it cannot protect an answer for good).
    pub nonce: String,
    pub prev_hash: String,
    /// Format 2: `hex(H(canonical body ‖ nonce))`, the commitment to the entry's content that its `hash`
    /// covers, published on every entry (redacted or not) so that every reader recomputes every hash. Derived
    /// from the body and the nonce, so never stored. Absent in format 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<String>,
    pub hash: String,
    /// What happened, with audiences. Derived by replay, so outside the hash.
    pub events: Vec<Event>,
    /// True when secret parts (action, signature, nonce) were withheld from this copy: until the game ends,
    /// or for good for an answer the rules never reveal (whose hash then stands as its commitment).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub redacted: bool,
    /// True when the rules hid whose decision this answered (its `PendingInfo.seat` was absent): until the game
    /// ends, other readers may not even learn who answered. Derived by replay, so outside the hash.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hidden_seat: bool,
}

#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum JournalError {
    #[error("no game `{0}`; known games: {known}", known = registry::slugs().join(", "))]
    UnknownGame(String),
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error(transparent)]
    Apply(#[from] ApplyError),
    #[error("the first entry must create the game")]
    NotACreate,
    #[error("entry {seq}: {problem}")]
    Corrupt { seq: u64, problem: String },
    #[error("the game is already over")]
    GameOver,
    #[error("the game is not over; its seed stays secret until it is")]
    NotOver,
    #[error("the operator cannot end the game so: {0}")]
    BadEnding(String),
    #[error(
        "entry {seq}: this answer may never be revealed, so its salt must come from the server's randomness, and \
         this game has none (`Match::with_salts`)"
    )]
    NoSalt { seq: u64 },
}

impl From<RuleError> for JournalError {
    fn from(e: RuleError) -> Self {
        JournalError::Apply(ApplyError::Rule(e))
    }
}

impl From<DynError> for JournalError {
    fn from(e: DynError) -> Self {
        JournalError::Apply(ApplyError::Shape(e))
    }
}

pub const GENESIS_HASH: &str = "0000000000000000000000000000000000000000000000000000000000000000";

pub fn seed_commitment(seed: &[u8; 32]) -> String {
    hex::encode(Sha256::digest(seed))
}

/// The nonce of entry `seq` when its answer cannot stay secret for good: anyone derives it once the seed is
/// published at the end, which is why an answer that may stay secret is salted otherwise.
pub fn nonce_for(seed: &[u8; 32], seq: u64) -> String {
    let mut h = Sha256::new();
    h.update(b"tegami-nonce\0");
    h.update(seed);
    h.update(seq.to_le_bytes());
    hex::encode(h.finalize())
}

/// Format 1: SHA-256 over the canonical encoding: JSON of `{at, body, nonce, prev_hash, seq}` with object keys
/// sorted (serde_json's `Value` keeps keys in a `BTreeMap`) and no insignificant whitespace.
pub fn entry_hash(seq: u64, at: &str, body: &EntryBody, nonce: &str, prev_hash: &str) -> String {
    let canonical = serde_json::json!({
        "seq": seq, "at": at, "body": body, "nonce": nonce, "prev_hash": prev_hash,
    });
    let bytes = serde_json::to_vec(&canonical).expect("journal entries always serialise");
    hex::encode(Sha256::digest(bytes))
}

/// The body in RFC 8785 (JCS) form: what format 2's content commitment covers. Numbers are written as
/// ECMAScript writes them (`582.0` as `582`), so that every language's JCS gives the same bytes.
pub fn canonical_body(body: &EntryBody) -> Vec<u8> {
    serde_json_canonicalizer::to_vec(body).expect("journal bodies hold only finite numbers")
}

/// Format 2's content commitment: `H("tegami-content\0" ‖ u64le(len(canonical)) ‖ canonical ‖ nonce)` with the
/// 32 bytes of the nonce. `None` when the nonce is not 64 lower-case hex characters.
pub fn content_commitment(body: &EntryBody, nonce: &str) -> Option<String> {
    let nonce = hex32(nonce)?;
    let canonical = canonical_body(body);
    let mut h = Sha256::new();
    h.update(b"tegami-content\0");
    h.update((canonical.len() as u64).to_le_bytes());
    h.update(&canonical);
    h.update(nonce);
    Some(hex::encode(h.finalize()))
}

/// Format 2's entry hash: `H("tegami-entry\0" ‖ u64le(seq) ‖ u64le(len(at)) ‖ at ‖ prev_hash ‖ content)`, the
/// hashes as their 32 bytes. `None` when `prev_hash` or `content` is not 64 lower-case hex characters.
pub fn entry_hash_v2(seq: u64, at: &str, prev_hash: &str, content: &str) -> Option<String> {
    let (prev, content) = (hex32(prev_hash)?, hex32(content)?);
    let mut h = Sha256::new();
    h.update(b"tegami-entry\0");
    h.update(seq.to_le_bytes());
    h.update((at.len() as u64).to_le_bytes());
    h.update(at.as_bytes());
    h.update(prev);
    h.update(content);
    Some(hex::encode(h.finalize()))
}

/// The 32 bytes of 64 lower-case hex characters (the only spelling the journal writes).
fn hex32(text: &str) -> Option<[u8; 32]> {
    if text.len() != 64 || !text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) {
        return None;
    }
    hex::decode(text).ok()?.try_into().ok()
}

/// The hash of an entry with this content, in `format`; `None` when a nonce or hash is not 64 lower-case hex
/// where format 2 needs it.
pub fn hash_in(
    format: JournalFormat,
    seq: u64,
    at: &str,
    body: &EntryBody,
    nonce: &str,
    prev_hash: &str,
) -> Option<String> {
    hash_entry(format, seq, at, body, nonce, prev_hash).ok().map(|(_, hash)| hash)
}

/// An entry's content commitment (format 2) and hash, in `format`.
fn hash_entry(
    format: JournalFormat,
    seq: u64,
    at: &str,
    body: &EntryBody,
    nonce: &str,
    prev_hash: &str,
) -> Result<(Option<String>, String), JournalError> {
    match format {
        JournalFormat::V1 => Ok((None, entry_hash(seq, at, body, nonce, prev_hash))),
        JournalFormat::V2 => {
            let corrupt =
                |what: &str| JournalError::Corrupt { seq, problem: format!("{what} is not 64 lower-case hex") };
            let content = content_commitment(body, nonce).ok_or_else(|| corrupt("the nonce"))?;
            let hash = entry_hash_v2(seq, at, prev_hash, &content).ok_or_else(|| corrupt("the previous hash"))?;
            Ok((Some(content), hash))
        }
    }
}

/// Fresh randomness, independent of the seed (the server's `getrandom`).
pub type SaltSource = Box<dyn FnMut() -> [u8; 32] + Send + Sync>;

/// How much of an entry readers other than its author (and the server) may see.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Disclosure {
    /// While the game runs: that an answer was given (and, unless the decision is anonymous, by whom).
    Sealed,
    /// Once the game is over: everything.
    Open,
    /// An answer the rules never reveal: as while the game runs, even after the end.
    Never,
}

/// A game being played: the journal so far (or its most recent part) and the state it folds to.
pub struct Match {
    game: &'static dyn DynGame,
    format: JournalFormat,
    seed: [u8; 32],
    state: DynState,
    seats: u8,
    /// The seq of `entries[0]`: 0 when the whole journal is held, more when the game was resumed from a
    /// snapshot with only its most recent entries (a move then costs the same at entry 5,000 as at entry 5).
    first_seq: u64,
    entries: Vec<Entry>,
    /// Salts for answers that may never be revealed; only needed to append such answers.
    salts: Option<SaltSource>,
    /// Set once the operator ended the game: it is over whatever the rules' state says, with this outcome.
    ending: Option<OperatorEnding>,
}

/// What a snapshot of an operator-ended game holds beside the rules' state (an engine's state is never an
/// object with these two members, so older snapshots read as before).
const SNAPSHOT_STATE: &str = "engine_state";
const SNAPSHOT_ENDING: &str = "ended_by_operator";

/// A bound on the standing answers one entry may set off; a game needing more is broken.
const MAX_STANDING_ANSWERS: usize = 10_000;

impl Match {
    /// Creates a game in the current journal format: entry 0, then setup with dice derived from it.
    pub fn create(slug: &str, options: Value, seats: u8, seed: [u8; 32], at: &str) -> Result<Match, JournalError> {
        Match::create_in(JournalFormat::CURRENT, slug, options, seats, seed, at)
    }

    /// Creates a game whose journal is in `format` (an older format only to replay or to test what readers
    /// of existing games get).
    pub fn create_in(
        format: JournalFormat,
        slug: &str,
        options: Value,
        seats: u8,
        seed: [u8; 32],
        at: &str,
    ) -> Result<Match, JournalError> {
        let game = registry::game(slug).ok_or_else(|| JournalError::UnknownGame(slug.to_string()))?;
        let body = EntryBody::Create {
            slug: slug.to_string(),
            options: if options.is_null() { game.default_options() } else { options },
            seats,
            seed_commitment: seed_commitment(&seed),
            format,
        };
        let nonce = nonce_for(&seed, 0);
        let (content, hash) = hash_entry(format, 0, at, &body, &nonce, GENESIS_HASH)?;
        let EntryBody::Create { options, .. } = &body else { unreachable!() };
        let state = game.setup(options, seats, &mut Rng::for_entry(&seed, &hash))?;
        let entry = Entry {
            seq: 0,
            at: at.to_string(),
            body,
            nonce,
            prev_hash: GENESIS_HASH.to_string(),
            content,
            hash,
            events: Vec::new(),
            redacted: false,
            hidden_seat: false,
        };
        Ok(Match { game, format, seed, state, seats, first_seq: 0, entries: vec![entry], salts: None, ending: None })
    }

    /// Gives the game a source of fresh randomness for the salts of answers that may never be revealed
    /// (`Engine::may_stay_secret`). It must not derive from the seed, which is published at the end.
    pub fn with_salts(mut self, source: impl FnMut() -> [u8; 32] + Send + Sync + 'static) -> Match {
        self.salts = Some(Box::new(source));
        self
    }

    /// Rebuilds a game from its stored journal, checking every hash and nonce on the way. The stored
    /// events are replaced by the ones the replay produces. A finished game's published journal replays too:
    /// each answer it keeps redacted (one the rules never reveal) is taken on its hash and applied by its
    /// effect alone (`Engine::apply_secret`); had the real answer done anything else, what follows would not
    /// replay.
    pub fn replay(entries: &[Entry], seed: [u8; 32]) -> Result<Match, JournalError> {
        let first = entries.first().ok_or(JournalError::NotACreate)?;
        let EntryBody::Create { slug, options, seats, seed_commitment: commitment, format } = &first.body else {
            return Err(JournalError::NotACreate);
        };
        if *commitment != seed_commitment(&seed) {
            return Err(JournalError::Corrupt { seq: 0, problem: "the seed does not match its commitment".into() });
        }
        let mut m = Match::create_in(*format, slug, options.clone(), *seats, seed, &first.at)?;
        check_same(&m.entries[0], first)?;
        for stored in &entries[1..] {
            if stored.seq != m.next_seq() {
                return Err(JournalError::Corrupt { seq: stored.seq, problem: "out of sequence".into() });
            }
            if stored.redacted {
                m.push_withheld(stored)
                    .map_err(|e| JournalError::Corrupt { seq: stored.seq, problem: e.to_string() })?;
                continue;
            }
            m.push(stored.body.clone(), &stored.at, Some(&stored.nonce))
                .map_err(|e| JournalError::Corrupt { seq: stored.seq, problem: e.to_string() })?;
            check_same(m.entries.last().expect("just appended"), stored)?;
        }
        Ok(m)
    }

    /// Resumes a game from its stored journal and a cached snapshot of the state after the last entry,
    /// without replaying (the server's fast path; `replay` remains the check).
    pub fn resume(entries: Vec<Entry>, seed: [u8; 32], snapshot: &Value) -> Result<Match, JournalError> {
        let first = entries.first().ok_or(JournalError::NotACreate)?;
        let EntryBody::Create { slug, seats, format, .. } = &first.body else {
            return Err(JournalError::NotACreate);
        };
        let (slug, seats, format) = (slug.clone(), *seats, *format);
        Match::resume_recent(format, &slug, seats, entries, seed, snapshot)
    }

    /// Resumes a game from the most recent entries of its journal (at least the head: consecutive, ending with
    /// the entry the snapshot follows) and that snapshot. What it holds of the journal is only `recent`:
    /// [`Match::entries`] starts at [`Match::first_seq`].
    pub fn resume_recent(
        format: JournalFormat,
        slug: &str,
        seats: u8,
        recent: Vec<Entry>,
        seed: [u8; 32],
        snapshot: &Value,
    ) -> Result<Match, JournalError> {
        let first = recent.first().ok_or(JournalError::Corrupt { seq: 0, problem: "no head entry".into() })?;
        let first_seq = first.seq;
        if let Some(e) = recent.iter().zip(first_seq..).find_map(|(e, seq)| (e.seq != seq).then_some(e)) {
            return Err(JournalError::Corrupt { seq: e.seq, problem: "out of sequence".into() });
        }
        let game = registry::game(slug).ok_or_else(|| JournalError::UnknownGame(slug.to_string()))?;
        let (state, ending) = match snapshot.as_object() {
            Some(o) if o.len() == 2 && o.contains_key(SNAPSHOT_STATE) && o.contains_key(SNAPSHOT_ENDING) => {
                let ending = serde_json::from_value(o[SNAPSHOT_ENDING].clone()).map_err(|e| JournalError::Corrupt {
                    seq: first_seq,
                    problem: format!("the snapshot's operator ending is unreadable: {e}"),
                })?;
                (game.state_from_json(&o[SNAPSHOT_STATE])?, Some(ending))
            }
            _ => (game.state_from_json(snapshot)?, None),
        };
        Ok(Match { game, format, seed, state, seats, first_seq, entries: recent, salts: None, ending })
    }

    /// A copy holding only the `recent` most recent entries (at least the head) and no salts: what
    /// [`Match::resume_recent`] gives back from those entries and [`Match::snapshot`], without the snapshot's
    /// round trip through JSON (the server keeps one per recently moved game and answers its next move from it).
    pub fn recent_copy(&self, recent: usize) -> Match {
        let from = self.entries.len().saturating_sub(recent.max(1));
        Match {
            game: self.game,
            format: self.format,
            seed: self.seed,
            state: self.game.clone_state(&self.state),
            seats: self.seats,
            first_seq: self.first_seq + from as u64,
            entries: self.entries[from..].to_vec(),
            salts: None,
            ending: self.ending.clone(),
        }
    }

    /// The state after the last entry as JSON text, as [`Match::resume_recent`] takes it back: the rules' state,
    /// with the operator's ending beside it once there is one. Written at every move, so written straight from
    /// the state.
    pub fn snapshot(&self) -> String {
        match &self.ending {
            None => self.game.state_to_string(&self.state),
            Some(ending) => {
                let state = self.game.state_to_json(&self.state);
                serde_json::json!({ SNAPSHOT_STATE: state, SNAPSHOT_ENDING: ending }).to_string()
            }
        }
    }

    /// How the operator ended the game, if they did.
    pub fn operator_ending(&self) -> Option<&OperatorEnding> {
        self.ending.as_ref()
    }

    /// Validates and applies one entry, then the answers that standing instructions give at once
    /// (`Engine::standing_answer`), each its own entry by the server. A rejected entry changes nothing.
    pub fn append(&mut self, body: EntryBody, at: &str) -> Result<&Entry, JournalError> {
        let first = self.entries.len();
        let before = self.game.clone_state(&self.state);
        self.push(body, at, None)?;
        if let Err(e) = self.answer_standing(at) {
            // Standing answers are legal by the engine's contract, so a refusal is a bug; it must not leave the
            // caller's entry half followed.
            self.entries.truncate(first);
            self.state = before;
            return Err(e);
        }
        Ok(&self.entries[first])
    }

    fn answer_standing(&mut self, at: &str) -> Result<(), JournalError> {
        for _ in 0..MAX_STANDING_ANSWERS {
            let standing = self
                .pending()
                .into_iter()
                .find_map(|p| self.game.standing_answer(&self.state, &p.id).map(|action| (p, action)));
            let Some((p, action)) = standing else { return Ok(()) };
            let body = EntryBody::Move { seat: p.seat, decision: p.id, action, by: Actor::Server, signature: None };
            self.push(body, at, None)?;
        }
        Err(JournalError::Corrupt { seq: self.next_seq(), problem: "standing answers never stop".into() })
    }

    /// Validates and applies one entry. `stored_nonce` is the salt of a replayed entry, used if the answer
    /// may never be revealed (a salt cannot be derived again); otherwise fresh salts come from `salts`.
    fn push(&mut self, body: EntryBody, at: &str, stored_nonce: Option<&str>) -> Result<(), JournalError> {
        let seq = self.next_seq();
        let prev_hash = self.head_hash().to_string();
        let salted = match &body {
            EntryBody::Move { decision, action, .. } | EntryBody::Timeout { decision, action: Some(action), .. } => {
                self.game.may_stay_secret(&self.state, decision, action)
            }
            _ => false,
        };
        let nonce = match (salted, stored_nonce) {
            (false, _) => nonce_for(&self.seed, seq),
            (true, Some(stored)) if is_salt(stored) => stored.to_string(),
            (true, Some(_)) => {
                return Err(JournalError::Corrupt { seq, problem: "a salt must be 32 bytes of hex".into() });
            }
            (true, None) => hex::encode(self.salts.as_mut().ok_or(JournalError::NoSalt { seq })?()),
        };
        let (content, hash) = hash_entry(self.format, seq, at, &body, &nonce, &prev_hash)?;
        let mut rng = Rng::for_entry(&self.seed, &hash);
        let over = self.is_over();
        let hidden_seat = match &body {
            EntryBody::Move { decision, .. } | EntryBody::Timeout { decision, .. } => {
                self.pending().iter().any(|p| p.id == *decision && !p.public)
            }
            _ => false,
        };
        let events = match &body {
            EntryBody::Create { .. } => return Err(JournalError::Corrupt { seq, problem: "a second create".into() }),
            EntryBody::Withheld => {
                return Err(JournalError::Corrupt { seq, problem: "a withheld placeholder is not an entry".into() });
            }
            _ if over && !matches!(body, EntryBody::Reveal { .. }) => return Err(JournalError::GameOver),
            EntryBody::Move { seat, decision, action, .. }
            | EntryBody::Timeout { seat, decision, action: Some(action) } => {
                self.game.apply(&mut self.state, decision, *seat, action, &mut rng)?
            }
            EntryBody::Resign { seat, .. } | EntryBody::Timeout { seat, action: None, .. } => {
                self.game.resign(&mut self.state, *seat, &mut rng)?
            }
            EntryBody::EndedByOperator { .. } => {
                let ending = OperatorEnding::of(&body).expect("an operator's ending");
                if let Some(problem) = ending.problem(self.seats) {
                    return Err(JournalError::BadEnding(problem));
                }
                let events = vec![Event::public(ending.summary())];
                self.ending = Some(ending);
                events
            }
            EntryBody::Reveal { seed } => {
                if !over {
                    return Err(JournalError::NotOver);
                }
                if *seed != hex::encode(self.seed) {
                    return Err(JournalError::Corrupt { seq, problem: "revealed seed differs".into() });
                }
                Vec::new()
            }
        };
        self.entries.push(Entry {
            seq,
            at: at.to_string(),
            body,
            nonce,
            prev_hash,
            content,
            hash,
            events,
            redacted: false,
            hidden_seat,
        });
        Ok(())
    }

    /// Replays an answer the published journal keeps redacted for good: taken on its hash, applied by its
    /// effect alone. An anonymous one (`Withheld`) answers the one non-public decision pending.
    fn push_withheld(&mut self, stored: &Entry) -> Result<(), JournalError> {
        let seq = stored.seq;
        let corrupt = |problem: &str| JournalError::Corrupt { seq, problem: problem.into() };
        if stored.prev_hash != self.head_hash() {
            return Err(corrupt("broken hash chain"));
        }
        // Format 2 publishes the commitment to what stays hidden, so the link is recomputed, not taken as given.
        let content = match self.format {
            JournalFormat::V1 => None,
            JournalFormat::V2 => {
                let content = stored.content.as_deref().ok_or_else(|| corrupt("a redacted entry without `content`"))?;
                if entry_hash_v2(seq, &stored.at, &stored.prev_hash, content).as_deref() != Some(stored.hash.as_str()) {
                    return Err(corrupt("hash does not match the published content commitment"));
                }
                Some(content.to_string())
            }
        };
        let pending = self.pending();
        if pending.is_empty() {
            return Err(JournalError::GameOver);
        }
        let (decision, seat) = match &stored.body {
            EntryBody::Move { seat, decision, .. } | EntryBody::Timeout { seat, decision, action: Some(_) } => {
                (decision.clone(), *seat)
            }
            EntryBody::Withheld => {
                let mut anonymous = pending.iter().filter(|p| !p.public);
                match (anonymous.next(), anonymous.next()) {
                    (Some(p), None) => (p.id.clone(), p.seat),
                    _ => return Err(corrupt("an anonymous answer, but not exactly one anonymous decision pending")),
                }
            }
            _ => return Err(corrupt("only an answer may be withheld")),
        };
        let hidden_seat = pending.iter().any(|p| p.id == decision && !p.public);
        if hidden_seat != (stored.body == EntryBody::Withheld) {
            return Err(corrupt("an answer is withheld whole exactly when its decision is anonymous"));
        }
        let mut rng = Rng::for_entry(&self.seed, &stored.hash);
        let events = self.game.apply_secret(&mut self.state, &decision, seat, &mut rng)?;
        self.entries.push(Entry {
            seq,
            at: stored.at.clone(),
            body: stored.body.clone(),
            nonce: String::new(),
            prev_hash: stored.prev_hash.clone(),
            content,
            hash: stored.hash.clone(),
            events,
            redacted: true,
            hidden_seat,
        });
        Ok(())
    }

    pub fn game(&self) -> &'static dyn DynGame {
        self.game
    }

    /// The journal format this game was created in.
    pub fn format(&self) -> JournalFormat {
        self.format
    }

    pub fn seed(&self) -> &[u8; 32] {
        &self.seed
    }

    pub fn state(&self) -> &DynState {
        &self.state
    }

    /// The entries held: the whole journal, unless the game was resumed with only its most recent entries
    /// ([`Match::resume_recent`]); the first has seq [`Match::first_seq`].
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The entries held from `seq` on (none if `seq` is past the head, all held if it is before them).
    pub fn entries_from(&self, seq: u64) -> &[Entry] {
        let start = seq.saturating_sub(self.first_seq).min(self.entries.len() as u64) as usize;
        &self.entries[start..]
    }

    /// The seq of the first entry held.
    pub fn first_seq(&self) -> u64 {
        self.first_seq
    }

    /// The seq the next entry will have: the journal's length.
    pub fn next_seq(&self) -> u64 {
        self.first_seq + self.entries.len() as u64
    }

    pub fn head_hash(&self) -> &str {
        &self.entries.last().expect("a match always has its create entry").hash
    }

    pub fn seats(&self) -> u8 {
        self.seats
    }

    /// The decisions pending: none once the operator ended the game.
    pub fn pending(&self) -> Vec<Pending> {
        if self.ending.is_some() {
            return Vec::new();
        }
        self.game.pending(&self.state)
    }

    pub fn is_over(&self) -> bool {
        self.pending().is_empty()
    }

    pub fn is_revealed(&self) -> bool {
        matches!(self.entries.last().map(|e| &e.body), Some(EntryBody::Reveal { .. }))
    }

    /// The outcome once the game is over: the operator's where they ended it, else the rules'.
    pub fn outcome(&self) -> Option<Outcome> {
        match &self.ending {
            Some(ending) => Some(ending.outcome(self.seats)),
            None => self.game.outcome(&self.state),
        }
    }

    pub fn view(&self, viewer: Viewer) -> Value {
        self.game.view(&self.state, viewer)
    }

    /// [`Match::view`] as JSON text.
    pub fn view_text(&self, viewer: Viewer) -> Box<serde_json::value::RawValue> {
        self.game.view_text(&self.state, viewer)
    }

    /// The journal held as `viewer` may read it.
    pub fn journal_for(&self, viewer: Viewer) -> Vec<Entry> {
        self.redact_for(&self.entries, viewer)
    }

    /// Stored entries of this game (e.g. a page of its journal) as `viewer` may read them now, each with its
    /// content commitment (format 2), which the store does not keep since it derives from body and nonce.
    pub fn redact_for(&self, entries: &[Entry], viewer: Viewer) -> Vec<Entry> {
        let over = self.is_over();
        entries.iter().map(|e| redact(&self.with_content(e), viewer, self.disclosure(e, over))).collect()
    }

    /// `entry` with its content commitment filled in (format 2), as read from a store that derives it.
    pub fn with_content(&self, entry: &Entry) -> Entry {
        let mut e = entry.clone();
        if self.format == JournalFormat::V2 && e.content.is_none() && !e.redacted {
            e.content = content_commitment(&e.body, &e.nonce);
        }
        e
    }

    fn disclosure(&self, entry: &Entry, over: bool) -> Disclosure {
        match (over, self.never_revealed(entry)) {
            (false, _) => Disclosure::Sealed,
            (true, false) => Disclosure::Open,
            (true, true) => Disclosure::Never,
        }
    }

    /// Whether `entry` is an answer the rules never reveal to the other seats (`Engine::stays_secret`, judged
    /// on the state now, so final only once the game is over).
    pub fn never_revealed(&self, entry: &Entry) -> bool {
        match &entry.body {
            EntryBody::Move { decision, action, .. } | EntryBody::Timeout { decision, action: Some(action), .. } => {
                self.game.stays_secret(&self.state, decision, action)
            }
            _ => false,
        }
    }
}

fn is_salt(nonce: &str) -> bool {
    hex32(nonce).is_some()
}

fn check_same(replayed: &Entry, stored: &Entry) -> Result<(), JournalError> {
    let problem = if replayed.nonce != stored.nonce {
        "nonce does not derive from the seed"
    } else if replayed.prev_hash != stored.prev_hash {
        "broken hash chain"
    } else if stored.content.is_some() && replayed.content != stored.content {
        "content commitment does not match the body and nonce"
    } else if replayed.hash != stored.hash {
        "hash does not match the content"
    } else {
        return Ok(());
    };
    Err(JournalError::Corrupt { seq: stored.seq, problem: problem.into() })
}

/// `entry` as `viewer` may see it. Until the game is over, and for good for an answer the rules never reveal,
/// an answer's content and signature are seen only by the seat that gave it (the events say publicly what
/// may be known); other seats see that the seat answered, the hash chain and the events addressed to them.
pub fn redact(entry: &Entry, viewer: Viewer, disclosure: Disclosure) -> Entry {
    let mut e = entry.clone();
    e.events.retain(|ev| ev.visible_to(viewer, disclosure != Disclosure::Sealed));
    let own = matches!((viewer, entry.body.seat()), (Viewer::Seat(v), Some(s)) if v == s);
    if disclosure == Disclosure::Open || own || viewer == Viewer::Server {
        return e;
    }
    if e.hidden_seat {
        e.body = EntryBody::Withheld;
        e.nonce.clear();
        e.redacted = true;
        return e;
    }
    match &mut e.body {
        EntryBody::Move { action, signature, .. } => {
            *action = Value::Null;
            *signature = None;
            e.nonce.clear();
            e.redacted = true;
        }
        EntryBody::Timeout { action, .. } => {
            if action.is_some() {
                *action = Some(Value::Null);
            }
            e.nonce.clear();
            e.redacted = true;
        }
        EntryBody::Create { .. }
        | EntryBody::Resign { .. }
        | EntryBody::EndedByOperator { .. }
        | EntryBody::Reveal { .. }
        | EntryBody::Withheld => {}
    }
    e
}

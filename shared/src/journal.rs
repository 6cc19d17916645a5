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

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::dice::Rng;
use crate::engine::{Event, Outcome, Pending, RuleError, SetupError, Viewer};
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
    },
    Move {
        seat: u8,
        decision: String,
        /// Null in a redacted copy.
        #[cfg_attr(feature = "openapi", schema(value_type = Option<crate::schema::GameAction>, required = true))]
        action: Value,
        by: Actor,
        signature: Option<String>,
    },
    Resign {
        seat: u8,
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
    /// The seed, published once the game is over.
    Reveal {
        seed: String,
    },
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
            EntryBody::Create { .. } | EntryBody::Reveal { .. } | EntryBody::Withheld => None,
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
    pub hash: String,
    /// What happened, with audiences. Derived by replay, so outside the hash.
    pub events: Vec<Event>,
    /// True when secret parts (action, signature, nonce) were withheld from this copy: until the game ends,
    /// or for good for an answer the rules never reveal (whose hash then stands as its commitment).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub redacted: bool,
    /// True when the answered decision was not public (`Pending::public == false`): until the game ends,
    /// other readers may not even learn who answered. Derived by replay, so outside the hash.
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

/// SHA-256 over the canonical encoding: JSON of `{at, body, nonce, prev_hash, seq}` with object keys sorted
/// (serde_json's `Value` keeps keys in a `BTreeMap`) and no insignificant whitespace.
pub fn entry_hash(seq: u64, at: &str, body: &EntryBody, nonce: &str, prev_hash: &str) -> String {
    let canonical = serde_json::json!({
        "seq": seq, "at": at, "body": body, "nonce": nonce, "prev_hash": prev_hash,
    });
    let bytes = serde_json::to_vec(&canonical).expect("journal entries always serialise");
    hex::encode(Sha256::digest(bytes))
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
    seed: [u8; 32],
    state: DynState,
    seats: u8,
    /// The seq of `entries[0]`: 0 when the whole journal is held, more when the game was resumed from a
    /// snapshot with only its most recent entries (a move then costs the same at entry 5,000 as at entry 5).
    first_seq: u64,
    entries: Vec<Entry>,
    /// Salts for answers that may never be revealed; only needed to append such answers.
    salts: Option<SaltSource>,
}

/// A bound on the standing answers one entry may set off; a game needing more is broken.
const MAX_STANDING_ANSWERS: usize = 10_000;

impl Match {
    /// Creates a game: entry 0, then setup with dice derived from it.
    pub fn create(slug: &str, options: Value, seats: u8, seed: [u8; 32], at: &str) -> Result<Match, JournalError> {
        let game = registry::game(slug).ok_or_else(|| JournalError::UnknownGame(slug.to_string()))?;
        let body = EntryBody::Create {
            slug: slug.to_string(),
            options: if options.is_null() { game.default_options() } else { options },
            seats,
            seed_commitment: seed_commitment(&seed),
        };
        let nonce = nonce_for(&seed, 0);
        let hash = entry_hash(0, at, &body, &nonce, GENESIS_HASH);
        let EntryBody::Create { options, .. } = &body else { unreachable!() };
        let state = game.setup(options, seats, &mut Rng::for_entry(&seed, &hash))?;
        let entry = Entry {
            seq: 0,
            at: at.to_string(),
            body,
            nonce,
            prev_hash: GENESIS_HASH.to_string(),
            hash,
            events: Vec::new(),
            redacted: false,
            hidden_seat: false,
        };
        Ok(Match { game, seed, state, seats, first_seq: 0, entries: vec![entry], salts: None })
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
        let EntryBody::Create { slug, options, seats, seed_commitment: commitment } = &first.body else {
            return Err(JournalError::NotACreate);
        };
        if *commitment != seed_commitment(&seed) {
            return Err(JournalError::Corrupt { seq: 0, problem: "the seed does not match its commitment".into() });
        }
        let mut m = Match::create(slug, options.clone(), *seats, seed, &first.at)?;
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
        let EntryBody::Create { slug, seats, .. } = &first.body else {
            return Err(JournalError::NotACreate);
        };
        let (slug, seats) = (slug.clone(), *seats);
        Match::resume_recent(&slug, seats, entries, seed, snapshot)
    }

    /// Resumes a game from the most recent entries of its journal (at least the head: consecutive, ending with
    /// the entry the snapshot follows) and that snapshot. What it holds of the journal is only `recent`:
    /// [`Match::entries`] starts at [`Match::first_seq`].
    pub fn resume_recent(
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
        let state = game.state_from_json(snapshot)?;
        Ok(Match { game, seed, state, seats, first_seq, entries: recent, salts: None })
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
        let hash = entry_hash(seq, at, &body, &nonce, &prev_hash);
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

    pub fn pending(&self) -> Vec<Pending> {
        self.game.pending(&self.state)
    }

    pub fn is_over(&self) -> bool {
        self.pending().is_empty()
    }

    pub fn is_revealed(&self) -> bool {
        matches!(self.entries.last().map(|e| &e.body), Some(EntryBody::Reveal { .. }))
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome(&self.state)
    }

    pub fn view(&self, viewer: Viewer) -> Value {
        self.game.view(&self.state, viewer)
    }

    /// The journal held as `viewer` may read it.
    pub fn journal_for(&self, viewer: Viewer) -> Vec<Entry> {
        self.redact_for(&self.entries, viewer)
    }

    /// Stored entries of this game (e.g. a page of its journal) as `viewer` may read them now.
    pub fn redact_for(&self, entries: &[Entry], viewer: Viewer) -> Vec<Entry> {
        let over = self.is_over();
        entries.iter().map(|e| redact(e, viewer, self.disclosure(e, over))).collect()
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
    nonce.len() == 64 && nonce.bytes().all(|b| b.is_ascii_hexdigit())
}

fn check_same(replayed: &Entry, stored: &Entry) -> Result<(), JournalError> {
    let problem = if replayed.nonce != stored.nonce {
        "nonce does not derive from the seed"
    } else if replayed.prev_hash != stored.prev_hash {
        "broken hash chain"
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
        EntryBody::Create { .. } | EntryBody::Resign { .. } | EntryBody::Reveal { .. } | EntryBody::Withheld => {}
    }
    e
}

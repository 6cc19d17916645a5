//! Games: creation, seats, views, signed moves, bots and the journal. Synchronous functions on a
//! connection; every write runs in one immediate transaction, so a rejected request changes nothing and
//! two racing writers are serialised by the database.

use diesel::prelude::*;
use serde_json::Value;
use shared::api_types::{
    CreateGameRequest, GameDetail, GameStatus, GameSummary, JournalListing, LegalMoves, MoveAccepted, PendingInfo,
    PublicKeyInfo, SeatInfo, SeatKind, SeatRequest, TimeoutPolicy,
};
use shared::journal::{Actor, Entry, EntryBody, GENESIS_HASH, JournalError, Match};
use shared::registry::{self, ApplyError};
use shared::{Localized, Pending, RenderContext, Rng, RuleError, Viewer, signing};

use crate::auth::random_bytes;
use crate::db::Conn;
use crate::db::schema::{accounts, games, journal, seats, signing_keys};
use crate::error::{ApiError, ApiResult};
use crate::mail::MailContext;
use crate::service::notify;
use crate::time::now;
use shared::api_types::MAX_DEADLINE_HOURS;

/// A bot answers at most this many times in a row; a game that needs more is broken, not busy.
const MAX_BOT_ANSWERS: usize = 100_000;

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = games)]
pub struct GameRow {
    pub id: i64,
    pub slug: String,
    pub options: String,
    pub seed: String,
    pub seed_commitment: String,
    pub status: String,
    pub created_by: i64,
    pub created_at: String,
    pub updated_at: String,
    pub head_seq: i64,
    pub head_hash: String,
    pub snapshot: String,
    /// The time limit of each decision; None: no limit.
    pub deadline_hours: Option<i32>,
    /// forfeit or skip (`TimeoutPolicy`).
    pub timeout_policy: String,
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = seats)]
pub struct SeatRow {
    pub game_id: i64,
    pub seat: i32,
    pub kind: String,
    pub account_id: Option<i64>,
    pub invited_email: Option<String>,
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = journal)]
pub(crate) struct JournalRow {
    game_id: i64,
    seq: i64,
    at: String,
    body: String,
    /// The nonce and hash as bytes (see [`compact_hex`]); the entry's `prev_hash` is not stored: it is the
    /// previous entry's hash, put back by [`journal_entries`].
    nonce: Vec<u8>,
    hash: Vec<u8>,
    /// See [`compact_events`].
    events: Vec<u8>,
    /// The SHA-256 of the signed move (also in `body`): its unique index finds a retried move.
    signature_hash: Option<Vec<u8>>,
    hidden_seat: bool,
}

/// A game loaded for reading or changing.
pub struct Loaded {
    pub row: GameRow,
    pub seats: Vec<SeatRow>,
    pub names: Vec<String>,
    pub game: Match,
    /// Decisions already asked of players when the game was loaded (none while it was waiting): a turn
    /// email goes out for each decision asked after a change that is not among these.
    pub asked_before: Vec<String>,
    pub over_before: bool,
}

pub(crate) fn seat_kind(kind: &str) -> SeatKind {
    match kind {
        "bot" => SeatKind::Bot,
        "open" => SeatKind::Open,
        "invited" => SeatKind::Invited,
        _ => SeatKind::Player,
    }
}

fn status_str(status: GameStatus) -> &'static str {
    match status {
        GameStatus::Waiting => "waiting",
        GameStatus::Active => "active",
        GameStatus::Finished => "finished",
    }
}

pub(crate) fn parse_status(s: &str) -> GameStatus {
    match s {
        "waiting" => GameStatus::Waiting,
        "finished" => GameStatus::Finished,
        _ => GameStatus::Active,
    }
}

pub fn parse_status_filter(s: &str) -> ApiResult<GameStatus> {
    match s {
        "waiting" | "active" | "finished" => Ok(parse_status(s)),
        other => Err(ApiError::bad_request(
            "bad_status",
            format!("unknown status `{other}`; use waiting, active or finished"),
        )),
    }
}

fn seed_bytes(hex_seed: &str) -> ApiResult<[u8; 32]> {
    hex::decode(hex_seed)
        .ok()
        .and_then(|b| b.try_into().ok())
        .ok_or_else(|| ApiError::internal("a stored seed is not 32 hex bytes"))
}

fn game_not_found(id: i64) -> ApiError {
    ApiError::not_found("unknown_game", format!("no game `{id}`; `GET /api/v1/games` lists yours"))
}

pub(crate) fn to_row(game_id: i64, e: &Entry) -> JournalRow {
    let signature = match &e.body {
        EntryBody::Move { signature, .. } | EntryBody::Resign { signature, .. } => signature.clone(),
        _ => None,
    };
    JournalRow {
        game_id,
        seq: e.seq as i64,
        at: e.at.clone(),
        body: serde_json::to_string(&e.body).expect("entries serialise"),
        nonce: compact_hex(&e.nonce),
        hash: compact_hex(&e.hash),
        events: compact_events(&serde_json::to_string(&e.events).expect("events serialise")),
        signature_hash: signature.as_deref().map(signature_hash),
        hidden_seat: e.hidden_seat,
    }
}

/// What the journal indexes a signed move by.
fn signature_hash(token: &str) -> Vec<u8> {
    use sha2::Digest;
    sha2::Sha256::digest(token.as_bytes()).to_vec()
}

/// A nonce or hash as the journal stores it: the 32 bytes that its 64 lower-case hex characters (what the
/// server writes) stand for, half the size. Anything else (none is stored: a replay rejects it) is kept as
/// its text's bytes, so that [`expand_hex`] always gives back the exact string that was hashed.
fn compact_hex(text: &str) -> Vec<u8> {
    match hex::decode(text) {
        Ok(bytes) if bytes.len() == 32 && hex::encode(&bytes) == text => bytes,
        _ => text.as_bytes().to_vec(),
    }
}

/// The text [`compact_hex`] stored as `bytes`.
fn expand_hex(bytes: Vec<u8>) -> ApiResult<String> {
    if bytes.len() == 32 {
        Ok(hex::encode(bytes))
    } else {
        String::from_utf8(bytes).map_err(|_| ApiError::internal("a stored nonce or hash is neither 32 bytes nor text"))
    }
}

/// Marks stored events that are deflated; plain JSON (rows written before they were) never starts with it.
const DEFLATED: u8 = 0;

/// An entry's events as the journal stores them: their JSON deflated, behind [`DEFLATED`]. The English and
/// Japanese texts repeat their keys and phrases, and are the second largest part of a journal row after the
/// body (about 240 bytes of JSON a move; deflated about a third less).
fn compact_events(json: &str) -> Vec<u8> {
    use std::io::Write;
    let mut deflated = flate2::write::DeflateEncoder::new(vec![DEFLATED], flate2::Compression::best());
    deflated.write_all(json.as_bytes()).expect("deflating into memory does not fail");
    deflated.finish().expect("deflating into memory does not fail")
}

/// The JSON of stored events: inflated, or as it is for a row written before events were deflated.
fn expand_events(stored: &[u8]) -> ApiResult<String> {
    use std::io::Read;
    let mut json = String::new();
    match stored.split_first() {
        Some((&DEFLATED, deflated)) => {
            flate2::read::DeflateDecoder::new(deflated).read_to_string(&mut json).map_err(ApiError::internal)?;
        }
        _ => json = String::from_utf8(stored.to_vec()).map_err(ApiError::internal)?,
    }
    Ok(json)
}

fn from_row(r: JournalRow, prev_hash: String) -> ApiResult<Entry> {
    Ok(Entry {
        seq: r.seq as u64,
        at: r.at,
        body: serde_json::from_str(&r.body).map_err(ApiError::internal)?,
        nonce: expand_hex(r.nonce)?,
        prev_hash,
        hash: expand_hex(r.hash)?,
        events: serde_json::from_str(&expand_events(&r.events)?).map_err(ApiError::internal)?,
        redacted: false,
        hidden_seat: r.hidden_seat,
    })
}

/// How many of its most recent entries a game is loaded with for a change: enough for the emails it sends
/// (a seat's events since its own last entry), and the same at entry 5,000 as at entry 5.
const RECENT_ENTRIES: i64 = 32;
/// The most entries one page of `GET …/journal` holds (and its default size).
pub const JOURNAL_PAGE_MAX: i64 = 1000;

/// Loads a game to read: its row, seats and head entry, resumed from the stored snapshot (not replayed, and
/// without the rest of the journal: `Loaded::game` holds the head entry only).
pub fn load(conn: &mut Conn, id: i64) -> ApiResult<Loaded> {
    load_recent(conn, id, 1)
}

/// Loads a game with its `recent` most recent entries.
fn load_recent(conn: &mut Conn, id: i64, recent: i64) -> ApiResult<Loaded> {
    let row: GameRow =
        games::table.find(id).select(GameRow::as_select()).first(conn).optional()?.ok_or_else(|| game_not_found(id))?;
    let seat_rows: Vec<SeatRow> =
        seats::table.filter(seats::game_id.eq(id)).order(seats::seat.asc()).select(SeatRow::as_select()).load(conn)?;
    let names = seat_names(conn, &seat_rows)?;
    let mut entries = journal_entries(conn, id, row.head_seq - recent.max(1), recent.max(1))?;
    // Outside a write transaction a move may commit between the two reads: its entries are past the head
    // the game row said, and not part of the state that row's snapshot holds.
    entries.retain(|e| e.seq as i64 <= row.head_seq);
    if entries.last().map(|e| e.seq as i64) != Some(row.head_seq) {
        return Err(ApiError::internal(format!("game {id}: the journal does not reach the head {}", row.head_seq)));
    }
    let snapshot: Value = serde_json::from_str(&row.snapshot).map_err(ApiError::internal)?;
    // Answers the rules may never reveal are salted with the system's randomness, not the seed (published at
    // the end); the salt is stored as the entry's nonce and published only if the answer is.
    let game = Match::resume_recent(&row.slug, seat_rows.len() as u8, entries, seed_bytes(&row.seed)?, &snapshot)
        .map_err(ApiError::internal)?
        .with_salts(random_bytes::<32>);
    let asked_before =
        if row.status == "active" { game.pending().into_iter().map(|p| p.id).collect() } else { Vec::new() };
    let over_before = game.is_over();
    Ok(Loaded { row, seats: seat_rows, names, game, asked_before, over_before })
}

/// Game `id` as it was just after entry `seq`, for an email rendered after the fact (the mail worker renders
/// at send time what a change queued): resumed from the stored snapshot when `seq` is still the head (the
/// usual case: the email goes out before the next move), otherwise replayed from the journal up to `seq`
/// (every hash checked on the way), so that the email tells the game as it was when it was queued. Also
/// returns the decisions pending now, at the head (an email may ask one settled since).
pub fn load_at(conn: &mut Conn, id: i64, seq: i64) -> ApiResult<(Loaded, Vec<String>)> {
    let mut loaded = load_recent(conn, id, RECENT_ENTRIES)?;
    let pending_now = if loaded.row.status == "active" {
        loaded.game.pending().into_iter().map(|p| p.id).collect()
    } else {
        Vec::new()
    };
    if loaded.row.head_seq == seq {
        return Ok((loaded, pending_now));
    }
    if !(0..loaded.row.head_seq).contains(&seq) {
        return Err(ApiError::internal(format!("game {id} has no entry {seq}")));
    }
    let entries = journal_entries(conn, id, -1, seq + 1)?;
    let game = Match::replay(&entries, seed_bytes(&loaded.row.seed)?).map_err(ApiError::internal)?;
    loaded.row.status = if game.is_over() { "finished" } else { "active" }.to_string();
    loaded.row.head_seq = seq;
    loaded.row.head_hash = game.head_hash().to_string();
    loaded.asked_before = game.pending().into_iter().map(|p| p.id).collect();
    loaded.over_before = game.is_over();
    loaded.game = game;
    Ok((loaded, pending_now))
}

/// Up to `limit` stored entries of game `id` after seq `after` (-1: from the start), in order.
pub(crate) fn journal_entries(conn: &mut Conn, id: i64, after: i64, limit: i64) -> ApiResult<Vec<Entry>> {
    // An entry's prev_hash is the hash of the entry before it (GENESIS_HASH for entry 0), so it is not stored:
    // entry `after` is read too, for the first prev_hash.
    let from = after.max(-1);
    let rows: Vec<JournalRow> = journal::table
        .filter(journal::game_id.eq(id))
        .filter(journal::seq.ge(from))
        .order(journal::seq.asc())
        .limit(if from >= 0 { limit.saturating_add(1) } else { limit })
        .select(JournalRow::as_select())
        .load(conn)?;
    let mut rows = rows.into_iter().peekable();
    let mut prev_hash = GENESIS_HASH.to_string();
    if from >= 0 {
        match rows.next_if(|r| r.seq == from) {
            Some(before) => prev_hash = expand_hex(before.hash)?,
            // Nothing after `after` either, or the journal has a gap (rows are never deleted).
            None if rows.peek().is_none() => return Ok(Vec::new()),
            None => return Err(ApiError::internal(format!("game {id}: the journal has no entry {from}"))),
        }
    }
    let mut entries = Vec::with_capacity(rows.len());
    for (row, expected) in rows.zip(from + 1..) {
        if row.seq != expected {
            return Err(ApiError::internal(format!("game {id}: the journal has no entry {expected}")));
        }
        let entry = from_row(row, prev_hash)?;
        prev_hash = entry.hash.clone();
        entries.push(entry);
    }
    Ok(entries)
}

/// Every stored entry of game `id` (exports and checks; requests read pages).
pub fn whole_journal(conn: &mut Conn, id: i64) -> ApiResult<Vec<Entry>> {
    journal_entries(conn, id, -1, i64::MAX)
}

/// Loads game `id` inside a write transaction, holding it until the transaction ends (see `db::lock_game`).
fn load_for_write(conn: &mut Conn, id: i64) -> ApiResult<Loaded> {
    crate::db::lock_game(conn, id)?;
    load_recent(conn, id, RECENT_ENTRIES)
}

fn seat_names(conn: &mut Conn, seat_rows: &[SeatRow]) -> ApiResult<Vec<String>> {
    let ids: Vec<i64> = seat_rows.iter().filter_map(|s| s.account_id).collect();
    let people: Vec<(i64, String)> =
        accounts::table.filter(accounts::id.eq_any(&ids)).select((accounts::id, accounts::display_name)).load(conn)?;
    Ok(seat_rows
        .iter()
        .map(|s| match (seat_kind(&s.kind), s.account_id) {
            (SeatKind::Bot, _) => format!("bot {}", s.seat),
            (_, Some(id)) => people.iter().find(|(pid, _)| *pid == id).map(|(_, n)| n.clone()).unwrap_or_default(),
            _ => String::new(),
        })
        .collect())
}

impl Loaded {
    pub fn status(&self) -> GameStatus {
        parse_status(&self.row.status)
    }

    /// The seat `account` plays, if any.
    pub fn seat_of(&self, account: Option<i64>) -> Option<u8> {
        let account = account?;
        self.seats.iter().find(|s| s.account_id == Some(account) && s.kind == "player").map(|s| s.seat as u8)
    }

    pub fn viewer(&self, account: Option<i64>) -> Viewer {
        self.seat_of(account).map(Viewer::Seat).unwrap_or(Viewer::Spectator)
    }

    fn compute_status(&self) -> GameStatus {
        if self.game.is_over() {
            GameStatus::Finished
        } else if self.seats.iter().any(|s| matches!(seat_kind(&s.kind), SeatKind::Open | SeatKind::Invited)) {
            GameStatus::Waiting
        } else {
            GameStatus::Active
        }
    }

    pub(crate) fn render_context(&self, lang: shared::Lang, width: usize) -> RenderContext {
        RenderContext { lang, width, seat_names: self.names.clone(), region: None }
    }

    /// The board as `account` may see it.
    pub fn board(
        &self,
        account: Option<i64>,
        lang: shared::Lang,
        width: usize,
        region: Option<String>,
    ) -> ApiResult<String> {
        let view = self.game.view(self.viewer(account));
        let ctx = RenderContext { region, ..self.render_context(lang, width) };
        self.game.game().render(&view, &ctx).map_err(ApiError::internal)
    }

    fn seat_infos(&self, account: Option<i64>) -> Vec<SeatInfo> {
        self.seats
            .iter()
            .zip(&self.names)
            .map(|(s, name)| {
                // An invited address is shown to the game's creator only (the invitee knows it anyway).
                let show_email = account == Some(self.row.created_by);
                SeatInfo {
                    seat: s.seat as u8,
                    kind: seat_kind(&s.kind),
                    name: name.clone(),
                    account_id: s.account_id,
                    invited_email: if show_email { s.invited_email.clone() } else { None },
                }
            })
            .collect()
    }

    pub(crate) fn pending_info(p: &Pending, show_seat: bool) -> PendingInfo {
        PendingInfo {
            decision: p.id.clone(),
            seat: show_seat.then_some(p.seat),
            kind: p.kind.clone(),
            mode: p.mode.clone(),
        }
    }

    pub fn summary(&self, account: Option<i64>) -> GameSummary {
        let my_seat = self.seat_of(account);
        let my_turn = self.status() == GameStatus::Active
            && my_seat.is_some_and(|s| self.game.pending().iter().any(|p| p.seat == s));
        let info = self.game.game().info();
        GameSummary {
            id: self.row.id,
            slug: self.row.slug.clone(),
            name: info.name,
            status: self.status(),
            seats: self.seat_infos(account),
            my_seat,
            my_turn,
            entries: self.game.next_seq(),
            created_at: self.row.created_at.clone(),
            updated_at: self.row.updated_at.clone(),
        }
    }

    pub fn detail(&self, account: Option<i64>) -> GameDetail {
        let my_seat = self.seat_of(account);
        // Nothing is asked of anyone until every seat is filled.
        let pending = if self.status() == GameStatus::Active { self.game.pending() } else { Vec::new() };
        GameDetail {
            summary: self.summary(account),
            options: serde_json::from_str(&self.row.options).unwrap_or(Value::Null),
            pending: pending.iter().map(|p| Self::pending_info(p, p.public || Some(p.seat) == my_seat)).collect(),
            my_pending: pending
                .iter()
                .filter(|p| Some(p.seat) == my_seat)
                .map(|p| Self::pending_info(p, true))
                .collect(),
            view: self.game.view(self.viewer(account)),
            outcome: self.game.outcome(),
            head_hash: self.game.head_hash().to_string(),
            seed_commitment: self.row.seed_commitment.clone(),
            deadline_hours: self.row.deadline_hours.map(|h| h as u32),
            timeout_policy: TimeoutPolicy::parse(&self.row.timeout_policy),
        }
    }

    /// Lets every bot whose decision is pending answer, then publishes the seed if the game is over.
    fn settle(&mut self) -> ApiResult<()> {
        if self.compute_status() == GameStatus::Waiting {
            return Ok(());
        }
        let mut rng = Rng::from_seed(&random_bytes::<32>());
        for _ in 0..MAX_BOT_ANSWERS {
            let bot_decision = self
                .game
                .pending()
                .into_iter()
                .find(|p| self.seats.get(p.seat as usize).is_some_and(|s| s.kind == "bot"));
            let Some(p) = bot_decision else { break };
            let action = self
                .game
                .game()
                .random_action(self.game.state(), &p.id, &mut rng)
                .ok_or_else(|| ApiError::internal(format!("bot found no answer to pending `{}`", p.id)))?;
            let body =
                EntryBody::Move { seat: p.seat, decision: p.id.clone(), action, by: Actor::Bot, signature: None };
            self.game.append(body, &now()).map_err(|e| ApiError::internal(format!("bot answer refused: {e}")))?;
        }
        if self.game.is_over() && !self.game.is_revealed() {
            let seed = EntryBody::Reveal { seed: self.row.seed.clone() };
            self.game.append(seed, &now()).map_err(ApiError::internal)?;
        }
        Ok(())
    }

    /// Writes the entries from `from_seq` on, the new head, snapshot and status, and the emails the change
    /// calls for (turn and result emails), all inside the caller's transaction.
    fn persist(&mut self, conn: &mut Conn, mail: &MailContext, from_seq: usize) -> ApiResult<()> {
        let rows: Vec<JournalRow> =
            self.game.entries_from(from_seq as u64).iter().map(|e| to_row(self.row.id, e)).collect();
        // Batch inserts are outside diesel's common subset of the two backends.
        crate::on_backend!(conn, |c| diesel::insert_into(journal::table).values(&rows).execute(c))?;
        let status = status_str(self.compute_status());
        let snapshot =
            serde_json::to_string(&self.game.game().state_to_json(self.game.state())).map_err(ApiError::internal)?;
        let head = self.game.entries().last().expect("a game has entries");
        let updated_at = now();
        diesel::update(games::table.find(self.row.id))
            .set((
                games::status.eq(status),
                games::head_seq.eq(head.seq as i64),
                games::head_hash.eq(&head.hash),
                games::snapshot.eq(&snapshot),
                games::updated_at.eq(&updated_at),
            ))
            .execute(conn)?;
        self.row.status = status.to_string();
        self.row.head_seq = head.seq as i64;
        self.row.head_hash = head.hash.clone();
        self.row.snapshot = snapshot;
        self.row.updated_at = updated_at;
        notify::after_change(conn, mail, self)?;
        // Last: it holds the event counter until the commit.
        crate::events::record(conn, self)?;
        Ok(())
    }

    /// The answer to a request that appended entries from `first_new` on.
    fn accepted(&self, first_new: usize, account: i64) -> MoveAccepted {
        MoveAccepted {
            seq: first_new as u64,
            hash: self.game.entries_from(first_new as u64)[0].hash.clone(),
            events: self.events_since(first_new, Some(account)),
            duplicate: false,
            game: self.detail(Some(account)),
        }
    }

    /// Events of entries from `from_seq` on that `account` may read (both languages).
    pub(crate) fn events_since(&self, from_seq: usize, account: Option<i64>) -> Vec<Localized> {
        self.events_in(self.game.entries_from(from_seq as u64), account)
    }

    /// Events of `entries` that `account` may read (both languages).
    fn events_in(&self, entries: &[Entry], account: Option<i64>) -> Vec<Localized> {
        let viewer = self.viewer(account);
        let over = self.game.is_over();
        entries
            .iter()
            .flat_map(|e| e.events.iter())
            .filter(|ev| ev.visible_to(viewer, over))
            .map(|ev| ev.text.clone())
            .collect()
    }
}

pub fn create(conn: &mut Conn, mail: &MailContext, account: i64, req: CreateGameRequest) -> ApiResult<GameDetail> {
    let game = registry::game(&req.slug).ok_or_else(|| {
        ApiError::bad_request(
            "unknown_game_type",
            format!("no game type `{}`; use one of: {}", req.slug, registry::slugs().join(", ")),
        )
    })?;
    let info = game.info();
    let n = req.seats.len();
    if n < info.min_seats as usize || n > info.max_seats as usize {
        return Err(ApiError::unprocessable(
            "bad_seats",
            format!("{} needs {}-{} seats; {n} given", info.name.en, info.min_seats, info.max_seats),
        ));
    }
    if req.deadline_hours.is_some_and(|h| !(1..=MAX_DEADLINE_HOURS).contains(&h)) {
        return Err(ApiError::unprocessable(
            "bad_deadline",
            format!("`deadline_hours` must be 1 to {MAX_DEADLINE_HOURS}, or null for no limit"),
        ));
    }
    if req.seats.iter().filter(|s| **s == SeatRequest::Me).count() > 1 {
        return Err(ApiError::unprocessable("bad_seats", "`me` may fill at most one seat"));
    }
    for s in &req.seats {
        if let SeatRequest::Invite { email } = s
            && let Err(e) = crate::validate::email("invited address", email)
        {
            return Err(ApiError::unprocessable("bad_seats", e.detail));
        }
    }
    let seed = random_bytes::<32>();
    let at = now();
    let created = Match::create(&req.slug, req.options.clone(), n as u8, seed, &at).map_err(|e| match e {
        JournalError::Setup(err) => ApiError::unprocessable("bad_options", err.0.en.clone()).localized(&err.0),
        other => ApiError::internal(other),
    })?;
    let EntryBody::Create { options, seed_commitment, .. } = &created.entries()[0].body else {
        unreachable!("entry 0 creates the game")
    };
    crate::db::write_transaction(conn, |conn| {
        let id: i64 = diesel::insert_into(games::table)
            .values((
                games::slug.eq(&req.slug),
                games::options.eq(options.to_string()),
                games::seed.eq(hex::encode(seed)),
                games::seed_commitment.eq(seed_commitment),
                games::status.eq("waiting"),
                games::created_by.eq(account),
                games::created_at.eq(&at),
                games::updated_at.eq(&at),
                games::head_seq.eq(0i64),
                games::head_hash.eq(created.head_hash()),
                games::snapshot.eq(created.game().state_to_json(created.state()).to_string()),
                games::deadline_hours.eq(req.deadline_hours.map(|h| h as i32)),
                games::timeout_policy.eq(req.timeout_policy.as_str()),
            ))
            .returning(games::id)
            .get_result(conn)?;
        let seat_rows: Vec<SeatRow> = req
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let (kind, account_id, invited_email) = match s {
                    SeatRequest::Me => ("player", Some(account), None),
                    SeatRequest::Invite { email } => ("invited", None, Some(email.trim().to_lowercase())),
                    SeatRequest::Open => ("open", None, None),
                    SeatRequest::Bot => ("bot", None, None),
                };
                SeatRow { game_id: id, seat: i as i32, kind: kind.into(), account_id, invited_email }
            })
            .collect();
        crate::on_backend!(conn, |c| diesel::insert_into(seats::table).values(&seat_rows).execute(c))?;
        diesel::insert_into(journal::table).values(to_row(id, &created.entries()[0])).execute(conn)?;
        let mut loaded = load(conn, id)?;
        loaded.settle()?;
        loaded.persist(conn, mail, 1)?;
        notify::invitations(conn, mail, &loaded, account)?;
        tracing::info!(game = id, slug = %req.slug, "game created");
        Ok(loaded.detail(Some(account)))
    })
    .inspect(|detail| crate::events::published(detail.summary.id))
}

pub fn valid_email(email: &str) -> bool {
    crate::validate::is_email(email.trim())
}

pub fn detail(conn: &mut Conn, id: i64, account: Option<i64>) -> ApiResult<GameDetail> {
    Ok(load(conn, id)?.detail(account))
}

pub fn board(
    conn: &mut Conn,
    id: i64,
    account: Option<i64>,
    lang: shared::Lang,
    width: usize,
    region: Option<String>,
) -> ApiResult<String> {
    load(conn, id)?.board(account, lang, width, region)
}

pub fn list(conn: &mut Conn, account: i64, status: Option<GameStatus>) -> ApiResult<Vec<GameSummary>> {
    let mut query = games::table
        .inner_join(seats::table.on(seats::game_id.eq(games::id)))
        .filter(seats::account_id.eq(account))
        .select(games::id)
        .distinct()
        .order(games::id.desc())
        .into_boxed();
    if let Some(status) = status {
        query = query.filter(games::status.eq(status_str(status)));
    }
    let ids: Vec<i64> = query.load(conn)?;
    ids.into_iter().map(|id| load(conn, id).map(|l| l.summary(Some(account)))).collect()
}

pub fn join(conn: &mut Conn, mail: &MailContext, account: i64, id: i64, wanted: Option<u8>) -> ApiResult<GameDetail> {
    crate::db::write_transaction(conn, |conn| {
        let mut loaded = load_for_write(conn, id)?;
        if loaded.seat_of(Some(account)).is_some() {
            return Err(ApiError::conflict(
                "already_seated",
                format!("you already play seat {} in game `{id}`", loaded.seat_of(Some(account)).unwrap_or(0)),
            ));
        }
        let email: String = accounts::table.find(account).select(accounts::email).first(conn)?;
        let takeable = |s: &SeatRow| match s.kind.as_str() {
            "open" => true,
            "invited" => s.invited_email.as_deref() == Some(email.as_str()),
            _ => false,
        };
        let open_to_me = || -> String {
            let open: Vec<String> = loaded.seats.iter().filter(|s| takeable(s)).map(|s| s.seat.to_string()).collect();
            if open.is_empty() { "none is open to you".into() } else { format!("open to you: {}", open.join(", ")) }
        };
        let seat = match wanted {
            Some(n) => {
                let Some(s) = loaded.seats.iter().find(|s| s.seat == n as i32) else {
                    return Err(ApiError::unprocessable(
                        "bad_seat",
                        format!(
                            "game `{id}` has no seat {n}: its seats are 0 to {}; {}",
                            loaded.seats.len().saturating_sub(1),
                            open_to_me()
                        ),
                    ));
                };
                if !takeable(s) {
                    return Err(ApiError::conflict(
                        "seat_taken",
                        format!("seat {n} of game `{id}` is not open to you; {}", open_to_me()),
                    ));
                }
                n as i32
            }
            None => loaded
                .seats
                .iter()
                .find(|s| s.kind == "invited" && takeable(s))
                .or_else(|| loaded.seats.iter().find(|s| s.kind == "open"))
                .map(|s| s.seat)
                .ok_or_else(|| ApiError::conflict("no_open_seat", format!("game `{id}` has no seat open to you")))?,
        };
        let reserved = loaded.seats.iter().any(|s| s.seat == seat && s.kind == "invited");
        if reserved && mail.settings.require_verified && !notify::is_verified(conn, account)? {
            return Err(ApiError::forbidden(
                "email_unverified",
                "this seat is reserved for your address: confirm it first with the link emailed at registration \
                 (`POST /api/v1/me/verify-email` sends a new one)",
            ));
        }
        diesel::update(seats::table.find((id, seat)))
            .set((seats::kind.eq("player"), seats::account_id.eq(account)))
            .execute(conn)?;
        let before = loaded.game.next_seq() as usize;
        let seat_row = loaded.seats.iter_mut().find(|s| s.seat == seat).expect("seat exists");
        seat_row.kind = "player".into();
        seat_row.account_id = Some(account);
        loaded.names = seat_names(conn, &loaded.seats)?;
        loaded.settle()?;
        loaded.persist(conn, mail, before)?;
        Ok(loaded.detail(Some(account)))
    })
    .inspect(|_| crate::events::published(id))
}

pub fn legal_moves(conn: &mut Conn, account: i64, id: i64) -> ApiResult<Vec<LegalMoves>> {
    let loaded = load(conn, id)?;
    let Some(seat) = loaded.seat_of(Some(account)) else {
        return Err(ApiError::forbidden("not_a_player", format!("you do not play in game `{id}`")));
    };
    if loaded.status() != GameStatus::Active {
        return Ok(Vec::new());
    }
    Ok(loaded
        .game
        .pending()
        .iter()
        .filter(|p| p.seat == seat)
        .filter_map(|p| {
            loaded
                .game
                .game()
                .legal(loaded.game.state(), &p.id)
                .map(|choices| LegalMoves { decision: Loaded::pending_info(p, true), choices })
        })
        .collect())
}

fn require_active(loaded: &Loaded) -> ApiResult<()> {
    match loaded.status() {
        GameStatus::Active => Ok(()),
        GameStatus::Waiting => Err(ApiError::conflict(
            "game_not_started",
            format!("game `{}` is waiting for players to join; no move can be made yet", loaded.row.id),
        )),
        GameStatus::Finished => Err(ApiError::conflict("game_over", format!("game `{}` is over", loaded.row.id))),
    }
}

/// Maps a refused journal append to the API error a player should see.
fn refused(loaded: &Loaded, seat: u8, e: JournalError) -> ApiError {
    let mine = || -> Vec<String> {
        loaded.game.pending().iter().filter(|p| p.seat == seat).map(|p| format!("`{}` ({})", p.id, p.kind)).collect()
    };
    match e {
        JournalError::Apply(ApplyError::Rule(RuleError::Illegal(text))) => {
            ApiError::unprocessable("illegal_move", text.en.clone()).localized(&text)
        }
        JournalError::Apply(ApplyError::Rule(RuleError::NotPending(d))) => {
            let now_pending = mine();
            ApiError::conflict(
                "stale_decision",
                if now_pending.is_empty() {
                    format!("decision `{d}` is no longer pending and nothing is asked of you now")
                } else {
                    format!("decision `{d}` is no longer pending; asked of you now: {}", now_pending.join(", "))
                },
            )
        }
        JournalError::Apply(ApplyError::Rule(RuleError::WrongSeat { decision, .. })) => ApiError::forbidden(
            "wrong_player",
            format!("decision `{decision}` is another player's; yours now: {}", mine().join(", ")),
        ),
        JournalError::Apply(ApplyError::Rule(RuleError::GameOver)) | JournalError::GameOver => {
            ApiError::conflict("game_over", "the game is over")
        }
        JournalError::Apply(ApplyError::Shape(e)) => ApiError::bad_request("malformed_action", e.to_string()),
        other => ApiError::internal(other),
    }
}

pub(crate) fn allowed_options(loaded: &Loaded, decision: &str) -> Option<Vec<String>> {
    loaded.game.game().legal(loaded.game.state(), decision).map(|c| c.options.into_iter().map(|o| o.notation).collect())
}

/// Verifies a signed move, then applies it through [`answer`].
pub fn submit(conn: &mut Conn, mail: &MailContext, account: i64, id: i64, token: &str) -> ApiResult<MoveAccepted> {
    let signed = verify_move(conn, account, id, token)?;
    answer(conn, mail, account, id, signed)
}

/// The answer a signed move gives, once its signature is checked ([`verify_signed`]); apply it with [`answer`].
pub fn verify_move(conn: &mut Conn, account: i64, id: i64, token: &str) -> ApiResult<Answer> {
    let claims = verify_signed(conn, account, id, token)?;
    Ok(Answer {
        seat: Some(claims.seat),
        decision: claims.decision,
        action: claims.action,
        by: Actor::Player,
        signature: Some(token.trim().to_string()),
        receipt: None,
        confirm_by_mail: false,
    })
}

/// Called once a change to game `id` is committed (durably), with the seq of its new head: the place to tell
/// others about it.
pub fn committed(id: i64, head_seq: u64) {
    tracing::debug!(game = id, head_seq, "change committed");
}

/// Checks that `token` is a move signed for game `id` by a live key of `account`; returns its claims.
pub fn verify_signed(conn: &mut Conn, account: i64, id: i64, token: &str) -> ApiResult<shared::api_types::MoveClaims> {
    let (kid, claims) = signing::peek(token)
        .map_err(|e| ApiError::bad_request("malformed_move", format!("the signed move is not readable: {e}")))?;
    if claims.game != id {
        return Err(ApiError::bad_request(
            "wrong_game",
            format!("this move is signed for game `{}`, not `{id}`", claims.game),
        ));
    }
    let key: Option<(i64, String, Option<String>)> = signing_keys::table
        .find(&kid)
        .select((signing_keys::account_id, signing_keys::public_key, signing_keys::revoked_at))
        .first(conn)
        .optional()?;
    let public_key = match key {
        Some((owner, public_key, None)) if owner == account => public_key,
        Some((owner, _, Some(_))) if owner == account => {
            return Err(ApiError::forbidden(
                "key_revoked",
                format!("signing key `{kid}` was revoked; register a new one"),
            ));
        }
        _ => {
            return Err(ApiError::forbidden(
                "unknown_key",
                format!("signing key `{kid}` is not registered to you; register it with `POST /api/v1/keys`"),
            ));
        }
    };
    signing::verify(token, &public_key)
        .map_err(|e| ApiError::unauthorized("bad_signature", format!("the move's signature is not valid: {e}")))
}

/// One player's answer to one decision, however it arrived (REST or email).
#[derive(Clone, Debug)]
pub struct Answer {
    /// The seat the answer claims to speak for (a signed move names it); checked against the player's seat.
    pub seat: Option<u8>,
    pub decision: String,
    pub action: Value,
    pub by: Actor,
    /// The signed move, journaled with the entry; a retry of the same signed move is answered as a duplicate.
    pub signature: Option<String>,
    /// How the answer arrived by email (its reply token is spent, and the receipt recorded beside the
    /// journal entry, in the same transaction).
    pub receipt: Option<crate::service::inbound_moves::MailReceipt>,
    /// Send the player a confirmation email (the answer came by email).
    pub confirm_by_mail: bool,
}

/// Applies an answer, lets bots answer, and stores it all (with the emails it causes) in one transaction.
pub fn answer(conn: &mut Conn, mail: &MailContext, account: i64, id: i64, a: Answer) -> ApiResult<MoveAccepted> {
    crate::db::write_transaction(conn, |conn| {
        let mut loaded = load_for_write(conn, id)?;
        let my_seat = loaded.seat_of(Some(account));
        if let Some(token) = &a.signature
            && let Some(accepted) = already_accepted(conn, &loaded, account, token)?
        {
            return Ok(accepted);
        }
        require_active(&loaded)?;
        let Some(seat) = my_seat else {
            return Err(ApiError::forbidden("not_a_player", format!("you do not play in game `{id}`")));
        };
        if let Some(claimed) = a.seat.filter(|c| *c != seat) {
            return Err(ApiError::forbidden(
                "wrong_seat",
                format!("this move is signed for seat {claimed}, but you play seat {seat}"),
            ));
        }
        if let Some(receipt) = &a.receipt {
            receipt.spend(conn)?;
        }
        let before = loaded.game.next_seq() as usize;
        let body = EntryBody::Move {
            seat,
            decision: a.decision.clone(),
            action: a.action.clone(),
            by: a.by,
            signature: a.signature.clone(),
        };
        if let Err(e) = loaded.game.append(body, &now()) {
            let mut err = refused(&loaded, seat, e);
            if err.code == "illegal_move"
                && let Some(allowed) = allowed_options(&loaded, &a.decision)
            {
                err = err.with_allowed(allowed);
            }
            return Err(err);
        }
        if let Some(receipt) = &a.receipt {
            receipt.record(conn, id, before as u64)?;
        }
        loaded.settle()?;
        // The confirmation first, so that it reaches the player before the emails the move causes.
        if a.confirm_by_mail {
            notify::confirmation(conn, mail, &loaded, account, seat, before)?;
        }
        loaded.persist(conn, mail, before)?;
        Ok(loaded.accepted(before, account))
    })
    .inspect(|_| crate::events::published(id))
}

/// The answer to a retry of signed move `token`, if game `loaded` has it: found through the journal's
/// signature index, not by reading the journal.
fn already_accepted(conn: &mut Conn, loaded: &Loaded, account: i64, token: &str) -> ApiResult<Option<MoveAccepted>> {
    let id = loaded.row.id;
    let seq: Option<i64> = journal::table
        .filter(journal::signature_hash.eq(signature_hash(token)))
        .filter(journal::game_id.eq(id))
        .select(journal::seq)
        .first(conn)
        .optional()?;
    let Some(seq) = seq else { return Ok(None) };
    let since = journal_entries(conn, id, seq - 1, JOURNAL_PAGE_MAX)?;
    Ok(Some(MoveAccepted {
        seq: seq as u64,
        hash: since[0].hash.clone(),
        events: loaded.events_in(&since, Some(account)),
        duplicate: true,
        game: loaded.detail(Some(account)),
    }))
}

/// A deadline passed: if `seat` still owes `decision`, applies the rules' timeout action, or else the game's
/// policy: forfeit the seat (a `Timeout` without action resigns it) or skip the turn (a random legal answer
/// in the `Timeout`), as a server entry with everything it causes. Returns
/// whether anything changed (a second sweep of the same deadline changes nothing).
pub fn time_out(conn: &mut Conn, mail: &MailContext, id: i64, seat: u8, decision: &str) -> ApiResult<bool> {
    crate::db::write_transaction(conn, |conn| {
        let mut loaded = load_for_write(conn, id)?;
        let owed = loaded.status() == GameStatus::Active
            && loaded.game.pending().iter().any(|p| p.id == decision && p.seat == seat);
        if !owed {
            notify::forget_deadline(conn, id, decision)?;
            return Ok(false);
        }
        let rules = loaded.game.game().timeout_action(loaded.game.state(), decision);
        let action = match (rules, TimeoutPolicy::parse(&loaded.row.timeout_policy)) {
            (Some(action), _) => Some(action),
            (None, TimeoutPolicy::Forfeit) => None,
            (None, TimeoutPolicy::Skip) => {
                let mut rng = Rng::from_seed(&random_bytes::<32>());
                let skipped = loaded.game.game().random_action(loaded.game.state(), decision, &mut rng);
                Some(skipped.ok_or_else(|| ApiError::internal(format!("no legal answer to skip `{decision}` with")))?)
            }
        };
        let before = loaded.game.next_seq() as usize;
        let at = mail.clock.now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        let body = EntryBody::Timeout { seat, decision: decision.to_string(), action };
        loaded.game.append(body, &at).map_err(|e| ApiError::internal(format!("timeout refused: {e}")))?;
        tracing::info!(game = id, seat, decision, "deadline passed");
        loaded.settle()?;
        loaded.persist(conn, mail, before)?;
        Ok(true)
    })
    .inspect(|_| crate::events::published(id))
}

pub fn resign(conn: &mut Conn, mail: &MailContext, account: i64, id: i64) -> ApiResult<MoveAccepted> {
    crate::db::write_transaction(conn, |conn| {
        let mut loaded = load_for_write(conn, id)?;
        let Some(seat) = loaded.seat_of(Some(account)) else {
            return Err(ApiError::forbidden("not_a_player", format!("you do not play in game `{id}`")));
        };
        require_active(&loaded)?;
        let before = loaded.game.next_seq() as usize;
        let appended = loaded.game.append(EntryBody::Resign { seat, signature: None }, &now()).map(|_| ());
        if let Err(e) = appended {
            return Err(match e {
                JournalError::Apply(ApplyError::Rule(RuleError::Illegal(text))) => {
                    ApiError::conflict("cannot_resign", text.en.clone()).localized(&text)
                }
                other => refused(&loaded, seat, other),
            });
        }
        loaded.settle()?;
        loaded.persist(conn, mail, before)?;
        Ok(loaded.accepted(before, account))
    })
    .inspect(|_| crate::events::published(id))
}

/// A page of the journal as `account` may read it: up to `limit` entries after seq `after` (from the start
/// without it), with the keys that signed them and, if more follow, where the next page starts.
pub fn journal_listing(
    conn: &mut Conn,
    id: i64,
    account: Option<i64>,
    after: Option<u64>,
    limit: Option<u32>,
) -> ApiResult<JournalListing> {
    let limit = match limit {
        None => JOURNAL_PAGE_MAX,
        Some(n @ 1..) if i64::from(n) <= JOURNAL_PAGE_MAX => i64::from(n),
        Some(n) => {
            return Err(ApiError::bad_request(
                "bad_limit",
                format!("limit {n} is out of range; use 1 to {JOURNAL_PAGE_MAX}"),
            ));
        }
    };
    let after = match after {
        None => -1,
        Some(a) => {
            i64::try_from(a).map_err(|_| ApiError::bad_request("bad_after", format!("`after` {a} is too large")))?
        }
    };
    let loaded = load(conn, id)?;
    let revealed = loaded.game.is_revealed();
    let page = journal_entries(conn, id, after, limit)?;
    let next = page.last().map(|e| e.seq).filter(|last| (*last as i64) < loaded.row.head_seq);
    let entries = loaded.game.redact_for(&page, loaded.viewer(account));
    let kids: Vec<String> = entries
        .iter()
        .filter_map(|e| match &e.body {
            EntryBody::Move { signature: Some(s), .. } => signing::peek(s).ok().map(|(kid, _)| kid),
            _ => None,
        })
        .collect();
    let keys = signing_keys::table
        .filter(signing_keys::kid.eq_any(&kids))
        .select((signing_keys::kid, signing_keys::account_id, signing_keys::public_key))
        .load::<(String, i64, String)>(conn)?
        .into_iter()
        .map(|(kid, account_id, public_key)| PublicKeyInfo { kid, account_id, public_key })
        .collect();
    Ok(JournalListing {
        game: id,
        slug: loaded.row.slug.clone(),
        seed_commitment: loaded.row.seed_commitment.clone(),
        seed: revealed.then(|| loaded.row.seed.clone()),
        entries,
        keys,
        seats: loaded.seat_infos(account),
        next,
    })
}

#[cfg(test)]
mod tests {
    use super::valid_email;

    #[test]
    fn email_addresses_are_checked_for_shape() {
        assert!(valid_email("bob@example.com"));
        assert!(!valid_email("bob"));
        assert!(!valid_email("bob@localhost"));
        assert!(!valid_email("a b@example.com"));
        assert!(!valid_email("@example.com"));
    }
}

//! The stored game and its reading: the rows of a game, its seats and its journal, a game loaded from them
//! ([`Loaded`]) with what can be read off it, and the conversions between journal entries and journal rows.
//! Below everything that reads or changes a game: it imports none of the modules that act on a change (events,
//! webhooks, notify); the writing half of [`Loaded`] is in `service::games`, which calls them.

use diesel::prelude::*;
use serde_json::Value;
use shared::api_types::{
    GameDetail, GameStatus, GameSummary, LegalMoves, PendingInfo, SeatInfo, SeatKind, TimeoutPolicy,
};
use shared::bots::Level;
use shared::journal::{Entry, EntryBody, GENESIS_HASH, JournalFormat, Match};
use shared::{Localized, Pending, RenderContext, Viewer};

use crate::db::Conn;
use crate::db::native::RunNative as _;
use crate::db::prepared::Prepared;
use crate::db::schema::{accounts, games, journal, seats};
use crate::error::{ApiError, ApiResult};
use crate::secrets::random_bytes;
use crate::service::kept_games;

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
    /// The journal format the game was created in (`JournalFormat`: 1 or 2).
    pub journal_format: i32,
    /// Whether its emails carry the board picture (else the board is text only).
    pub mail_pictures: bool,
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
    /// Some player follows the game (`service::follow`): a move then reads who, and how.
    pub followed: bool,
    /// Some player has a webhook: a change then reads their webhooks to queue its deliveries.
    pub hooked: bool,
}

/// Whether the seat's player follows its game, read with the seats: nearly always false, and a read of its own at
/// every move otherwise (on PostgreSQL a round trip).
const SEAT_FOLLOWS: &str = "EXISTS (SELECT 1 FROM game_follows WHERE game_follows.game_id = seats.game_id AND game_follows.account_id = seats.account_id)";
/// Whether the seat's player has a webhook that is not disabled, likewise.
const SEAT_HOOKED: &str =
    "EXISTS (SELECT 1 FROM webhooks WHERE webhooks.account_id = seats.account_id AND webhooks.disabled_at IS NULL)";

pub(crate) fn seat_kind(kind: &str) -> SeatKind {
    match kind {
        "bot" => SeatKind::Bot,
        _ if bot_level(kind).is_some() => SeatKind::Bot,
        "open" => SeatKind::Open,
        "invited" => SeatKind::Invited,
        _ => SeatKind::Player,
    }
}

/// The level of a bot seat: its kind is `bot` (random) or `bot:<level>` (a bot that searches).
pub(crate) fn bot_level(kind: &str) -> Option<Level> {
    match kind {
        "bot" => Some(Level::Random),
        _ => kind.strip_prefix("bot:")?.parse().ok(),
    }
}

pub(crate) fn status_str(status: GameStatus) -> &'static str {
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

pub(crate) fn seed_bytes(hex_seed: &str) -> ApiResult<[u8; 32]> {
    hex::decode(hex_seed)
        .ok()
        .and_then(|b| b.try_into().ok())
        .ok_or_else(|| ApiError::internal("a stored seed is not 32 hex bytes"))
}

pub(crate) fn game_not_found(id: i64) -> ApiError {
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

/// A game's head as a change leaves it: its status, head entry's seq and hash, snapshot and time of the
/// change.
pub(crate) struct StoredHead<'a> {
    pub(crate) status: &'a str,
    pub(crate) seq: i64,
    pub(crate) hash: &'a str,
    pub(crate) snapshot: &'a str,
    pub(crate) updated_at: &'a str,
}

/// Stores a change of game `id`: the journal entries it appended, if any, and the game's new head.
pub(crate) fn store_change(conn: &mut Conn, id: i64, appended: &[Entry], head: &StoredHead) -> ApiResult<()> {
    let Some((last, before)) = appended.split_last() else { return store_head(conn, id, head) };
    // One kept statement per entry (most changes append one), where a batch insert is prepared anew for each
    // number of rows. Loaded, with `RETURNING`, to be kept (see `db::prepared`).
    for entry in before {
        Prepared(diesel::insert_into(journal::table).values(to_row(id, entry)).returning(journal::seq))
            .load_native::<i64>(conn)?;
    }
    let last = to_row(id, last);
    let Conn::Postgres(c) = conn else {
        Prepared(diesel::insert_into(journal::table).values(last).returning(journal::seq)).load_native::<i64>(conn)?;
        return store_head(conn, id, head);
    };
    // The last entry and the game's new head in one statement: a round trip fewer a move.
    use diesel::sql_types::{BigInt, Binary, Bool, Nullable, Text};
    crate::fixed_statement!(
        diesel::sql_query(APPEND_AND_MOVE_HEAD)
            .bind::<BigInt, _>(last.game_id)
            .bind::<BigInt, _>(last.seq)
            .bind::<Text, _>(&last.at)
            .bind::<Text, _>(&last.body)
            .bind::<Binary, _>(&last.nonce)
            .bind::<Binary, _>(&last.hash)
            .bind::<Binary, _>(&last.events)
            .bind::<Nullable<Binary>, _>(&last.signature_hash)
            .bind::<Bool, _>(last.hidden_seat)
            .bind::<Text, _>(head.status)
            .bind::<BigInt, _>(head.seq)
            .bind::<Text, _>(head.hash)
            .bind::<Text, _>(head.snapshot)
            .bind::<Text, _>(head.updated_at),
    )
    .get_result::<MovedHead>(c)?;
    Ok(())
}

/// The game's new head, status, snapshot and time.
fn store_head(conn: &mut Conn, id: i64, head: &StoredHead) -> ApiResult<()> {
    crate::fixed_statement!(
        diesel::update(games::table.find(id))
            .set((
                games::status.eq(head.status),
                games::head_seq.eq(head.seq),
                games::head_hash.eq(head.hash),
                games::snapshot.eq(head.snapshot),
                games::updated_at.eq(head.updated_at),
            ))
            .returning(games::id),
    )
    .load_native::<i64>(conn)?;
    Ok(())
}

/// [`store_change`]'s last entry and the game's new head in one statement on PostgreSQL. Binds: the entry's
/// columns (game, seq, at, body, nonce, hash, events, signature hash, hidden seat), then the game's status,
/// head seq and hash, snapshot and time.
const APPEND_AND_MOVE_HEAD: &str = "WITH appended AS (
        INSERT INTO journal (game_id, seq, at, body, nonce, hash, events, signature_hash, hidden_seat)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
        RETURNING game_id
    )
    UPDATE games SET status = $10, head_seq = $11, head_hash = $12, snapshot = $13, updated_at = $14
    FROM appended WHERE games.id = appended.game_id
    RETURNING games.id";

#[derive(QueryableByName)]
struct MovedHead {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    #[diesel(column_name = id)]
    _id: i64,
}

/// What the journal indexes a signed move by.
pub(crate) fn signature_hash(token: &str) -> Vec<u8> {
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

/// Marks stored events that are deflated (rows written before [`LZ4_WITH_DICTIONARY`]); plain JSON (rows
/// written before events were compressed) never starts with it.
const DEFLATED: u8 = 0;

/// Marks stored events compressed as one LZ4 block against [`EVENTS_DICTIONARY`], after the JSON's length (4
/// bytes, little-endian).
const LZ4_WITH_DICTIONARY: u8 = 1;

/// The JSON every entry's events share (their audiences and the keys of their texts in both languages), which
/// LZ4 refers back to as if it came before each entry's events. Rows stored with [`LZ4_WITH_DICTIONARY`] are
/// read with it, so it never changes: another dictionary would take another marker. It names the languages
/// there were when it was made, and stays so when one is added (that language's texts then compress a little
/// less).
const EVENTS_DICTIONARY: &[u8] = br#"[{"audience":{"to":"only","seats":[0]},"text":{"en":"","ja":""},"retold":{"en":"","ja":""}},{"audience":{"to":"all"},"text":{"en":"","ja":""}}]"#;

/// The most a stored length may say the events' JSON takes: what LZ4 can at most expand a block of `stored`
/// bytes to (a sequence of a few bytes copies at most 255 bytes per byte), so that a damaged length cannot ask
/// for gigabytes.
fn longest_events(stored: usize) -> usize {
    stored.saturating_mul(255).saturating_add(EVENTS_DICTIONARY.len())
}

/// An entry's events as the journal stores them: their JSON compressed, behind [`LZ4_WITH_DICTIONARY`]. The
/// English and Japanese texts repeat their keys and phrases, and are the second largest part of a journal row
/// after the body (about 430 bytes of JSON a UOSAO move, stored in about 240). LZ4 with the dictionary stores
/// them in less than deflate at its best level did (about 255), in a tenth of its time: deflate reset the
/// 160 KB of its window and tables for each entry, which was 7% of the writer thread's time per move.
fn compact_events(json: &str) -> Vec<u8> {
    let compressed = lz4_flex::block::compress_prepend_size_with_dict(json.as_bytes(), EVENTS_DICTIONARY);
    let mut stored = Vec::with_capacity(compressed.len() + 1);
    stored.push(LZ4_WITH_DICTIONARY);
    stored.extend_from_slice(&compressed);
    stored
}

thread_local! {
    /// An inflater's window and tables, allocated anew for every entry read without this.
    static INFLATER: std::cell::RefCell<flate2::Decompress> = std::cell::RefCell::new(flate2::Decompress::new(false));
}

/// The JSON of stored events: decompressed, inflated, or as it is for a row written before events were
/// compressed.
fn expand_events(stored: &[u8]) -> ApiResult<String> {
    let deflated = match stored.split_first() {
        Some((&LZ4_WITH_DICTIONARY, compressed)) => return decompress_events(compressed),
        Some((&DEFLATED, deflated)) => deflated,
        _ => return String::from_utf8(stored.to_vec()).map_err(ApiError::internal),
    };
    let json = INFLATER.with_borrow_mut(|inflater| {
        inflater.reset(false);
        let mut json = Vec::with_capacity(deflated.len() * 3 + 64);
        loop {
            let (read, written) = (inflater.total_in(), inflater.total_out());
            let rest = &deflated[read as usize..];
            let status =
                inflater.decompress_vec(rest, &mut json, flate2::FlushDecompress::None).map_err(ApiError::internal)?;
            if status == flate2::Status::StreamEnd {
                return Ok(json);
            }
            if json.len() == json.capacity() {
                json.reserve(json.capacity());
            } else if inflater.total_in() == read && inflater.total_out() == written {
                return Err(ApiError::internal("stored events end before their deflated stream does"));
            }
        }
    })?;
    String::from_utf8(json).map_err(ApiError::internal)
}

/// The JSON of events stored with [`LZ4_WITH_DICTIONARY`] (`compressed`: what follows the marker).
fn decompress_events(compressed: &[u8]) -> ApiResult<String> {
    let damaged = || ApiError::internal("stored events are not a whole LZ4 block of the length they say");
    let (length, block) = lz4_flex::block::uncompressed_size(compressed).map_err(|_| damaged())?;
    if length > longest_events(block.len()) {
        return Err(damaged());
    }
    let json = lz4_flex::block::decompress_with_dict(block, length, EVENTS_DICTIONARY).map_err(|_| damaged())?;
    if json.len() != length {
        return Err(damaged());
    }
    String::from_utf8(json).map_err(ApiError::internal)
}

fn from_row(r: JournalRow, prev_hash: String) -> ApiResult<Entry> {
    Ok(Entry {
        seq: r.seq as u64,
        at: r.at,
        body: serde_json::from_str(&r.body).map_err(ApiError::internal)?,
        nonce: expand_hex(r.nonce)?,
        prev_hash,
        // Format 2's content commitment derives from body and nonce: `Match::redact_for` puts it back.
        content: None,
        hash: expand_hex(r.hash)?,
        events: serde_json::from_str(&expand_events(&r.events)?).map_err(ApiError::internal)?,
        redacted: false,
        hidden_seat: r.hidden_seat,
    })
}

/// How many of its most recent entries a game is loaded with for a change: enough for the emails it sends
/// (a seat's events since its own last entry), and the same at entry 5,000 as at entry 5.
const RECENT_ENTRIES: i64 = 32;

/// Loads a game to read: its row, seats and head entry, resumed from the stored snapshot (not replayed, and
/// without the rest of the journal: `Loaded::game` holds the head entry only).
pub fn load(conn: &mut Conn, id: i64) -> ApiResult<Loaded> {
    load_recent(conn, id, 1)
}

/// Loads a game with its `recent` most recent entries.
fn load_recent(conn: &mut Conn, id: i64, recent: i64) -> ApiResult<Loaded> {
    // The game's row and its seats with their players' names, in one statement (each statement of a move's
    // load was a round trip on PostgreSQL). Every game has its seats from its creation on. On the connection's
    // own backend (see `db::native`; a row's selection names one backend); kept prepared under its call site
    // (`fixed_statement!`): diesel would not keep a statement with SQL of its own in it, and its text never
    // varies.
    let seated: Vec<(GameRow, SeatRow, Option<String>, bool, bool)> =
        crate::on_backend!(conn, |c| crate::fixed_statement!(
            seats::table
                .inner_join(games::table.on(games::id.eq(seats::game_id)))
                .left_join(accounts::table.on(accounts::id.nullable().eq(seats::account_id)))
                .filter(seats::game_id.eq(id))
                .order(seats::seat.asc())
                .select((
                    GameRow::as_select(),
                    SeatRow::as_select(),
                    accounts::display_name.nullable(),
                    diesel::dsl::sql::<diesel::sql_types::Bool>(SEAT_FOLLOWS),
                    diesel::dsl::sql::<diesel::sql_types::Bool>(SEAT_HOOKED),
                ))
        )
        .load(c))?;
    let mut seated = seated.into_iter();
    let Some((row, first, name, follows, hooked)) = seated.next() else { return Err(game_not_found(id)) };
    let seated: Vec<(SeatRow, Option<String>, bool, bool)> = std::iter::once((first, name, follows, hooked))
        .chain(seated.map(|(_, seat, n, f, h)| (seat, n, f, h)))
        .collect();
    let names = seated.iter().map(|(seat, name, ..)| seat_name(seat, name.as_deref())).collect();
    let followed = seated.iter().any(|(_, _, follows, _)| *follows);
    let hooked = seated.iter().any(|(.., hooked)| *hooked);
    let seat_rows: Vec<SeatRow> = seated.into_iter().map(|(seat, ..)| seat).collect();
    let game = match kept_games::game(id, row.head_seq, &row.head_hash).filter(|_| recent <= 1) {
        Some(game) => game,
        None => resume_stored(conn, &row, seat_rows.len() as u8, recent)?,
    };
    // Answers the rules may never reveal are salted with the system's randomness, not the seed (published at
    // the end); the salt is stored as the entry's nonce and published only if the answer is.
    let game = game.with_salts(random_bytes::<32>);
    let asked_before =
        if row.status == "active" { game.pending().into_iter().map(|p| p.id).collect() } else { Vec::new() };
    let over_before = game.is_over();
    Ok(Loaded { row, seats: seat_rows, names, game, asked_before, over_before, followed, hooked })
}

/// The game `row` stores, resumed from its snapshot with its `recent` most recent entries.
fn resume_stored(conn: &mut Conn, row: &GameRow, seats: u8, recent: i64) -> ApiResult<Match> {
    let id = row.id;
    let mut entries = journal_entries(conn, id, row.head_seq - recent.max(1), recent.max(1))?;
    // Outside a write transaction a move may commit between the two reads: its entries are past the head
    // the game row said, and not part of the state that row's snapshot holds.
    entries.retain(|e| e.seq as i64 <= row.head_seq);
    if entries.last().map(|e| e.seq as i64) != Some(row.head_seq) {
        return Err(ApiError::internal(format!("game {id}: the journal does not reach the head {}", row.head_seq)));
    }
    let snapshot: Value = serde_json::from_str(&row.snapshot).map_err(ApiError::internal)?;
    let format = JournalFormat::from_number(i64::from(row.journal_format))
        .ok_or_else(|| ApiError::internal(format!("game {id}: unknown journal format {}", row.journal_format)))?;
    Match::resume_recent(format, &row.slug, seats, entries, seed_bytes(&row.seed)?, &snapshot)
        .map_err(ApiError::internal)
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
pub(crate) fn load_for_write(conn: &mut Conn, id: i64) -> ApiResult<Loaded> {
    crate::db::lock_game(conn, id)?;
    load_recent(conn, id, RECENT_ENTRIES)
}

/// Loads game `id` for a player's answer inside a write transaction, as [`load_for_write`] but with the head
/// entry only: what such a change reads of the journal is what it appends (the answer is never a bot's, so
/// the emails' look back for the last entry not a bot's stops at it), and the emails it queues are composed
/// later from the game as reloaded then. Each recent entry costs its body's and its events' JSON and an
/// inflate; the 31 the writer read besides the head were a fifth of its time per move.
pub(crate) fn load_for_answer(conn: &mut Conn, id: i64) -> ApiResult<Loaded> {
    crate::db::lock_game(conn, id)?;
    load_recent(conn, id, 1)
}

pub(crate) fn seat_names(conn: &mut Conn, seat_rows: &[SeatRow]) -> ApiResult<Vec<String>> {
    let ids: Vec<i64> = seat_rows.iter().filter_map(|s| s.account_id).collect();
    // One shape per number of players (a handful), kept prepared.
    let people: Vec<(i64, String)> =
        Prepared(accounts::table.filter(accounts::id.eq_any(&ids)).select((accounts::id, accounts::display_name)))
            .load_native(conn)?;
    Ok(seat_rows
        .iter()
        .map(|s| {
            let name = s.account_id.and_then(|id| people.iter().find(|(pid, _)| *pid == id)).map(|(_, n)| n.as_str());
            seat_name(s, name)
        })
        .collect())
}

/// What seat `s` is called: a bot by its level and seat, a player by `name`, their account's display name.
fn seat_name(s: &SeatRow, name: Option<&str>) -> String {
    match (seat_kind(&s.kind), s.account_id) {
        (SeatKind::Bot, _) => format!("{} {}", s.kind, s.seat),
        (_, Some(_)) => name.unwrap_or_default().to_string(),
        _ => String::new(),
    }
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

    pub(crate) fn compute_status(&self) -> GameStatus {
        if self.game.is_over() {
            GameStatus::Finished
        } else if self.seats.iter().any(|s| matches!(seat_kind(&s.kind), SeatKind::Open | SeatKind::Invited)) {
            GameStatus::Waiting
        } else {
            GameStatus::Active
        }
    }

    pub(crate) fn render_context(&self, lang: shared::Lang, width: usize) -> RenderContext {
        RenderContext { lang, width, seat_names: self.names.clone(), region: None, narrow: false }
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

    pub(crate) fn seat_infos(&self, account: Option<i64>) -> Vec<SeatInfo> {
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

    /// The pending decisions (of `seat` only, if given) with their legal answers.
    pub(crate) fn legal_moves(&self, seat: Option<u8>) -> Vec<(u8, LegalMoves)> {
        self.game
            .pending()
            .iter()
            .filter(|p| seat.is_none_or(|s| p.seat == s))
            .filter_map(|p| {
                let choices = self.game.game().legal(self.game.state(), &p.id)?;
                Some((p.seat, LegalMoves { decision: Loaded::pending_info(p, true), choices }))
            })
            .collect()
    }

    /// Keeps this state in memory for the next request (see `kept_games`), or forgets the game's kept state
    /// once it is no longer active.
    pub(crate) fn keep(&self) {
        if self.status() == GameStatus::Active {
            kept_games::keep(self.row.id, &self.game, self.legal_moves(None));
        } else {
            kept_games::forget(self.row.id);
        }
    }

    pub(crate) fn pending_info(p: &Pending, show_seat: bool) -> PendingInfo {
        PendingInfo {
            decision: p.id.clone(),
            seat: show_seat.then_some(p.seat),
            kind: p.kind.clone(),
            mode: p.mode.clone(),
            deadline: None,
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

    /// The game's options with every default filled in: games created before entry 0 was journaled so may
    /// hold only the options their creator gave.
    fn options_in_effect(&self) -> Value {
        let stored = serde_json::from_str(&self.row.options).unwrap_or(Value::Null);
        self.game.game().options_in_effect(&stored).unwrap_or(stored)
    }

    pub fn detail(&self, account: Option<i64>) -> GameDetail {
        let my_seat = self.seat_of(account);
        // Nothing is asked of anyone until every seat is filled.
        let pending = if self.status() == GameStatus::Active { self.game.pending() } else { Vec::new() };
        GameDetail {
            summary: self.summary(account),
            options: self.options_in_effect(),
            pending: pending.iter().map(|p| Self::pending_info(p, p.public || Some(p.seat) == my_seat)).collect(),
            my_pending: pending
                .iter()
                .filter(|p| Some(p.seat) == my_seat)
                .map(|p| Self::pending_info(p, true))
                .collect(),
            view: self.game.view_text(self.viewer(account)).into(),
            outcome: self.game.outcome(),
            head_hash: self.game.head_hash().to_string(),
            seed_commitment: self.row.seed_commitment.clone(),
            journal_format: self.game.format(),
            deadline_hours: self.row.deadline_hours.map(|h| h as u32),
            timeout_policy: TimeoutPolicy::parse(&self.row.timeout_policy),
            standings: self.standings(),
        }
    }

    /// Every seat by rank once the game is over (none before).
    pub fn standings(&self) -> Vec<shared::api_types::Standing> {
        self.game.outcome().map(|o| shared::api_types::standings(&o, &self.names)).unwrap_or_default()
    }

    /// Events of entries from `from_seq` on that `account` may read (both languages).
    pub(crate) fn events_since(&self, from_seq: usize, account: Option<i64>) -> Vec<Localized> {
        self.events_in(self.game.entries_from(from_seq as u64), account)
    }

    /// Events of `entries` that `account` may read (both languages).
    pub(crate) fn events_in(&self, entries: &[Entry], account: Option<i64>) -> Vec<Localized> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Events stored now read back as written, whatever their size; so do rows stored deflated, and rows
    /// stored before events were compressed.
    #[test]
    fn stored_events_read_back() {
        use std::io::Write;
        let texts = ["[]".to_string(), "x".repeat(100_000), r#"[{"en":"a","ja":"あ"}]"#.repeat(50), String::new()];
        for json in &texts {
            let stored = compact_events(json);
            assert_eq!(stored[0], LZ4_WITH_DICTIONARY);
            assert_eq!(expand_events(&stored).unwrap(), *json);
            let mut deflated = flate2::write::DeflateEncoder::new(vec![DEFLATED], flate2::Compression::best());
            deflated.write_all(json.as_bytes()).unwrap();
            assert_eq!(expand_events(&deflated.finish().unwrap()).unwrap(), *json);
        }
        assert_eq!(expand_events(b"[]").unwrap(), "[]", "rows stored before events were compressed");
    }

    /// A row stored with the dictionary when it was introduced still reads back: the dictionary is part of the
    /// stored format.
    #[test]
    fn events_stored_with_the_dictionary_keep_reading_back() {
        let json = r#"[{"audience":{"to":"all"},"text":{"en":"GRN: R1","ja":"緑：右1"}}]"#;
        let stored = STORED_WITH_THE_DICTIONARY;
        assert_eq!(expand_events(stored).unwrap(), json);
        assert_eq!(compact_events(json).len(), stored.len(), "compressed against the same dictionary");
    }

    /// `[{"audience":{"to":"all"},"text":{"en":"GRN: R1","ja":"緑：右1"}}]` (69 bytes) as it was stored.
    const STORED_WITH_THE_DICTIONARY: &[u8] = &[
        0x01, 0x45, 0x00, 0x00, 0x00, 0x0f, 0x8f, 0x00, 0x01, 0x0f, 0x34, 0x00, 0x01, 0x74, 0x47, 0x52, 0x4e, 0x3a,
        0x20, 0x52, 0x31, 0x3b, 0x00, 0xe0, 0xe7, 0xb7, 0x91, 0xef, 0xbc, 0x9a, 0xe5, 0x8f, 0xb3, 0x31, 0x22, 0x7d,
        0x7d, 0x5d,
    ];

    /// A damaged row is an error, never a loop, a panic or a huge allocation.
    #[test]
    fn damaged_events_are_an_error() {
        let stored = compact_events(r#"[{"audience":{"to":"all"},"text":{"en":"a","ja":"あ"}}]"#);
        for cut in 1..stored.len() {
            assert!(expand_events(&stored[..cut]).is_err(), "cut at {cut}");
        }
        let mut huge = stored.clone();
        huge[1..5].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(expand_events(&huge).is_err(), "a length beyond what the block can hold");
        let mut deflated = compact_events("[1, 2, 3]");
        deflated[0] = DEFLATED;
        assert!(expand_events(&deflated).is_err(), "a block read as a deflate stream");
    }
}

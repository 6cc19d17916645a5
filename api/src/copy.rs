//! `tegami-server copy --from URL --to URL`: a whole instance moved between databases (SQLite to PostgreSQL
//! and back): every table, row by row, with its ids (accounts with their password hashes, keys, tokens,
//! sessions, preferences, mail addresses, games and their journals, the outbox as it stands, webhooks). The
//! target must be migrated and empty; the copy is one transaction there, so a failed copy leaves it empty.
//! Afterwards every game is replayed from its journal on the target and its head hash checked.
//!
//! A SQLite file taking part is locked like a running server locks it ([`InstanceLock`]): copying from a
//! file a server is using is refused (stop it first; a copy of a live database could miss the last moves).

use std::path::Path;

use diesel::prelude::*;
use shared::journal::Match;

use crate::db::{self, Conn, DbSetupError, Target, schema};
use crate::instance_lock::{InstanceLock, LockError};
use crate::service::game_record;

#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    #[error("`--from` and `--to` name the same database")]
    Same,
    #[error(
        "the target is not empty: table `{table}` has {rows} row(s); copy into a new, empty database (a fresh \
         SQLite file, or `createdb` for PostgreSQL)"
    )]
    NotEmpty { table: &'static str, rows: i64 },
    #[error(transparent)]
    InUse(#[from] LockError),
    #[error(transparent)]
    Setup(#[from] DbSetupError),
    #[error("{what}: {source}")]
    Sql { what: String, source: diesel::result::Error },
    #[error("game {game} does not verify after the copy: {problem}")]
    Verify { game: i64, problem: String },
}

impl CopyError {
    /// The process's exit status (sysexits): 65 refused (same database, target not empty), 75 in use or
    /// failed (try again), 70 a game that does not verify after the copy (a bug: report it).
    pub fn exit_code(&self) -> u8 {
        match self {
            CopyError::Same | CopyError::NotEmpty { .. } => 65,
            CopyError::Verify { .. } => 70,
            _ => 75,
        }
    }
}

fn sql(what: impl Into<String>) -> impl FnOnce(diesel::result::Error) -> CopyError {
    let what = what.into();
    move |source| CopyError::Sql { what, source }
}

/// What a copy moved.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Copied {
    /// Rows per table, in copying order.
    pub tables: Vec<(&'static str, usize)>,
    /// Games replayed and checked on the target.
    pub games_verified: usize,
}

/// Rows read and written at a time: memory stays bounded whatever the instance's size.
const CHUNK: i64 = 200;

/// Tables the migrations fill themselves: replaced by the source's rows, not counted as content.
const SEEDED: &[&str] = &["event_counter", "server_settings"];

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = schema::accounts)]
struct Accounts {
    id: i64,
    email: String,
    display_name: String,
    password_hash: String,
    created_at: String,
    deleted_at: Option<String>,
    suspended_at: Option<String>,
    suspended_reason: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = schema::api_tokens)]
struct ApiTokens {
    id: i64,
    account_id: i64,
    name: String,
    token_hash: String,
    created_at: String,
    last_used_at: Option<String>,
    revoked_at: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = schema::signing_keys)]
struct SigningKeys {
    kid: String,
    account_id: i64,
    public_key: String,
    name: Option<String>,
    created_at: String,
    revoked_at: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = schema::games)]
struct Games {
    id: i64,
    slug: String,
    options: String,
    seed: String,
    seed_commitment: String,
    status: String,
    created_by: i64,
    created_at: String,
    updated_at: String,
    head_seq: i64,
    head_hash: String,
    snapshot: String,
    deadline_hours: Option<i32>,
    timeout_policy: String,
    journal_format: i32,
    mail_pictures: bool,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = schema::seats)]
struct Seats {
    game_id: i64,
    seat: i32,
    kind: String,
    account_id: Option<i64>,
    invited_email: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = schema::journal)]
struct Journal {
    game_id: i64,
    seq: i64,
    at: String,
    body: String,
    nonce: Vec<u8>,
    hash: Vec<u8>,
    events: Vec<u8>,
    signature_hash: Option<Vec<u8>>,
    hidden_seat: bool,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = schema::imported_keys)]
struct ImportedKeys {
    game_id: i64,
    seat: i32,
    kid: String,
    public_key: String,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = schema::server_settings)]
struct ServerSettings {
    name: String,
    value: String,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = schema::outbox)]
struct Outbox {
    id: i64,
    game_id: Option<i64>,
    account_id: Option<i64>,
    kind: String,
    sender: Option<String>,
    recipient: Option<String>,
    subject: Option<String>,
    message_id: String,
    message: Option<String>,
    created_at: String,
    next_attempt_at: String,
    attempts: i32,
    last_error: Option<String>,
    claimed_until: Option<String>,
    sent_at: Option<String>,
    seq: Option<i64>,
    seat: Option<i32>,
    decision: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = schema::reply_tokens)]
struct ReplyTokens {
    token_hash: String,
    game_id: i64,
    account_id: i64,
    seat: i32,
    decision: String,
    created_at: String,
    used_at: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = schema::mail_prefs)]
struct MailPrefs {
    account_id: i64,
    notify: String,
    unsubscribe_token: String,
    away_until: Option<String>,
    lang: String,
    last_digest_at: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = schema::decision_deadlines)]
struct DecisionDeadlines {
    game_id: i64,
    decision: String,
    seat: i32,
    due_at: String,
    remind_at: String,
    reminded_at: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = schema::email_verifications)]
struct EmailVerifications {
    account_id: i64,
    token_hash: String,
    created_at: String,
    verified_at: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = schema::sessions)]
struct Sessions {
    id: String,
    account_id: i64,
    created_at: String,
    last_seen_at: String,
    expires_at: String,
    ends_at: String,
    revoked_at: Option<String>,
    client: Option<String>,
    user_agent: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = schema::event_counter)]
struct EventCounter {
    id: i32,
    last_id: i64,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = schema::move_receipts)]
struct MoveReceipts {
    game_id: i64,
    seq: i64,
    channel: String,
    message_id: Option<String>,
    sender: Option<String>,
    token_hash: Option<String>,
    authenticated_by: String,
    received_at: String,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = schema::inbound_messages)]
struct InboundMessages {
    key_hash: String,
    received_at: String,
    game_id: i64,
    seat: Option<i32>,
    seq: Option<i64>,
    code: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = schema::invitations_sent)]
struct InvitationsSent {
    id: i64,
    inviter_id: i64,
    recipient: String,
    game_id: i64,
    created_at: String,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = schema::invitation_optouts)]
struct InvitationOptouts {
    recipient: String,
    token: String,
    created_at: String,
    opted_out_at: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = schema::events)]
struct Events {
    id: i64,
    game_id: i64,
    from_seq: i64,
    to_seq: i64,
    status: String,
    pending: String,
    at: String,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = schema::password_resets)]
struct PasswordResets {
    account_id: i64,
    token_hash: String,
    created_at: String,
    expires_at: String,
    used_at: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = schema::webhooks)]
struct Webhooks {
    id: i64,
    account_id: i64,
    token_id: Option<i64>,
    url: String,
    secret: String,
    created_at: String,
    consecutive_failures: i32,
    disabled_at: Option<String>,
    disabled_reason: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = schema::throttle)]
struct Throttle {
    key: String,
    window_start: i64,
    hits: i64,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = schema::webhook_deliveries)]
struct WebhookDeliveries {
    id: i64,
    webhook_id: i64,
    event_id: i64,
    body: String,
    created_at: String,
    next_attempt_at: String,
    attempts: i32,
    claimed_until: Option<String>,
    delivered_at: Option<String>,
    abandoned_at: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = schema::webhook_attempts)]
struct WebhookAttempts {
    id: i64,
    delivery_id: i64,
    at: String,
    status: Option<i32>,
    error: Option<String>,
    duration_ms: i64,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = schema::mail_addresses)]
struct MailAddresses {
    id: i64,
    account_id: i64,
    address: String,
    token_hash: Option<String>,
    token_expires_at: Option<String>,
    created_at: String,
    proved_at: Option<String>,
}
/// Runs `$each!(table, RowType, order)` for every table, parents before the tables that refer to them.
macro_rules! every_table {
    ($each:ident) => {
        $each!(accounts, Accounts, schema::accounts::id.asc());
        $each!(api_tokens, ApiTokens, schema::api_tokens::id.asc());
        $each!(signing_keys, SigningKeys, schema::signing_keys::kid.asc());
        $each!(games, Games, schema::games::id.asc());
        $each!(seats, Seats, (schema::seats::game_id.asc(), schema::seats::seat.asc()));
        $each!(journal, Journal, (schema::journal::game_id.asc(), schema::journal::seq.asc()));
        $each!(
            imported_keys,
            ImportedKeys,
            (schema::imported_keys::game_id.asc(), schema::imported_keys::seat.asc(), schema::imported_keys::kid.asc())
        );
        $each!(server_settings, ServerSettings, schema::server_settings::name.asc());
        $each!(outbox, Outbox, schema::outbox::id.asc());
        $each!(reply_tokens, ReplyTokens, schema::reply_tokens::token_hash.asc());
        $each!(mail_prefs, MailPrefs, schema::mail_prefs::account_id.asc());
        $each!(
            decision_deadlines,
            DecisionDeadlines,
            (schema::decision_deadlines::game_id.asc(), schema::decision_deadlines::decision.asc())
        );
        $each!(email_verifications, EmailVerifications, schema::email_verifications::account_id.asc());
        $each!(sessions, Sessions, schema::sessions::id.asc());
        $each!(event_counter, EventCounter, schema::event_counter::id.asc());
        $each!(move_receipts, MoveReceipts, (schema::move_receipts::game_id.asc(), schema::move_receipts::seq.asc()));
        $each!(inbound_messages, InboundMessages, schema::inbound_messages::key_hash.asc());
        $each!(invitations_sent, InvitationsSent, schema::invitations_sent::id.asc());
        $each!(invitation_optouts, InvitationOptouts, schema::invitation_optouts::recipient.asc());
        $each!(events, Events, schema::events::id.asc());
        $each!(password_resets, PasswordResets, schema::password_resets::account_id.asc());
        $each!(webhooks, Webhooks, schema::webhooks::id.asc());
        $each!(throttle, Throttle, schema::throttle::key.asc());
        $each!(webhook_deliveries, WebhookDeliveries, schema::webhook_deliveries::id.asc());
        $each!(webhook_attempts, WebhookAttempts, schema::webhook_attempts::id.asc());
        $each!(mail_addresses, MailAddresses, schema::mail_addresses::id.asc());
    };
}

/// The tables in copying order.
pub fn tables() -> Vec<&'static str> {
    let mut names = Vec::new();
    macro_rules! name {
        ($table:ident, $row:ident, $order:expr) => {
            names.push(stringify!($table));
        };
    }
    every_table!(name);
    names
}

/// Tables with a generated `id`, whose PostgreSQL identity must move past the copied ids.
const IDENTITY_TABLES: &[&str] = &[
    "accounts",
    "api_tokens",
    "games",
    "outbox",
    "invitations_sent",
    "events",
    "webhooks",
    "webhook_deliveries",
    "webhook_attempts",
    "mail_addresses",
];

/// Copies the instance at `from_url` into the empty database at `to_url` (migrated first), then replays
/// every game there.
pub fn copy(from_url: &str, to_url: &str) -> Result<Copied, CopyError> {
    let (from_target, to_target) = (Target::parse(from_url)?, Target::parse(to_url)?);
    if same(&from_target, &to_target) {
        return Err(CopyError::Same);
    }
    // Held until the copy ends: no server starts on either file meanwhile.
    let _locks: Vec<InstanceLock> = [&from_target, &to_target]
        .into_iter()
        .filter_map(|t| match t {
            Target::Sqlite(path) => Some(path),
            Target::Postgres(_) => None,
        })
        .map(|path| InstanceLock::acquire(Path::new(path)))
        .collect::<Result<_, _>>()?;
    let mut from = db::open_migrated(from_url)?;
    let mut to = db::open_migrated(to_url)?;
    copy_between(&mut from, &mut to)
}

fn same(a: &Target, b: &Target) -> bool {
    match (a, b) {
        (Target::Sqlite(a), Target::Sqlite(b)) => {
            let canonical = |p: &str| std::fs::canonicalize(p).unwrap_or_else(|_| Path::new(p).to_path_buf());
            canonical(a) == canonical(b)
        }
        (Target::Postgres(a), Target::Postgres(b)) => a == b,
        _ => false,
    }
}

/// [`copy`] between open, migrated connections.
pub fn copy_between(from: &mut Conn, to: &mut Conn) -> Result<Copied, CopyError> {
    refuse_non_empty(to)?;
    // One read transaction on the source: every table as of one moment.
    let tables = from.transaction(|from| {
        db::write_transaction(to, |to| {
            let mut tables = Vec::new();
            for seeded in SEEDED {
                diesel::sql_query(format!("DELETE FROM {seeded}")).execute(to).map_err(sql(*seeded))?;
            }
            macro_rules! copy_table {
                ($table:ident, $row:ident, $order:expr) => {{
                    let mut copied = 0usize;
                    loop {
                        let rows: Vec<$row> = schema::$table::table
                            .select($row::as_select())
                            .order($order)
                            .limit(CHUNK)
                            .offset(copied as i64)
                            .load(from)
                            .map_err(sql(concat!("reading ", stringify!($table))))?;
                        if rows.is_empty() {
                            break;
                        }
                        crate::on_backend!(to, |c| diesel::insert_into(schema::$table::table).values(&rows).execute(c))
                            .map_err(sql(concat!("writing ", stringify!($table))))?;
                        copied += rows.len();
                    }
                    tables.push((stringify!($table), copied));
                }};
            }
            every_table!(copy_table);
            if let Conn::Postgres(pg) = &mut *to {
                for table in IDENTITY_TABLES {
                    diesel::sql_query(format!(
                        "SELECT setval(pg_get_serial_sequence('{table}', 'id'), \
                             COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
                    ))
                    .execute(pg)
                    .map_err(sql(format!("moving the ids of {table} on")))?;
                }
            }
            Ok::<_, CopyError>(tables)
        })
    })?;
    let games_verified = verify_games(to)?;
    tracing::info!(tables = tables.len(), games = games_verified, "instance copied");
    Ok(Copied { tables, games_verified })
}

impl From<diesel::result::Error> for CopyError {
    fn from(source: diesel::result::Error) -> Self {
        CopyError::Sql { what: "the copy's transaction".into(), source }
    }
}

fn refuse_non_empty(to: &mut Conn) -> Result<(), CopyError> {
    macro_rules! empty {
        ($table:ident, $row:ident, $order:expr) => {
            if !SEEDED.contains(&stringify!($table)) {
                let rows: i64 = schema::$table::table
                    .count()
                    .get_result(to)
                    .map_err(sql(concat!("counting ", stringify!($table))))?;
                if rows > 0 {
                    return Err(CopyError::NotEmpty { table: stringify!($table), rows });
                }
            }
        };
    }
    every_table!(empty);
    Ok(())
}

/// Replays every game's journal on `conn` and checks it ends at the game's recorded head.
fn verify_games(conn: &mut Conn) -> Result<usize, CopyError> {
    let games: Vec<(i64, String, String)> = schema::games::table
        .select((schema::games::id, schema::games::seed, schema::games::head_hash))
        .order(schema::games::id.asc())
        .load(conn)
        .map_err(sql("listing the games"))?;
    for (game, seed, head) in &games {
        let problem = |problem: String| CopyError::Verify { game: *game, problem };
        let seed: [u8; 32] = hex::decode(seed)
            .ok()
            .and_then(|b| b.try_into().ok())
            .ok_or_else(|| problem("its seed is not 32 bytes of hex".into()))?;
        let journal = game_record::whole_journal(conn, *game).map_err(|e| problem(e.to_string()))?;
        let replayed = Match::replay(&journal, seed).map_err(|e| problem(e.to_string()))?;
        if replayed.head_hash() != head {
            return Err(problem(format!("the journal ends at {}, the game says {head}", replayed.head_hash())));
        }
    }
    Ok(games.len())
}

/// Every row of every table, in a fixed order, as text: two instances hold the same data exactly when their
/// dumps are equal (the copy's tests compare them).
pub fn dump(conn: &mut Conn) -> Result<Vec<(&'static str, Vec<String>)>, CopyError> {
    let mut out = Vec::new();
    macro_rules! dump_table {
        ($table:ident, $row:ident, $order:expr) => {{
            let rows: Vec<$row> = schema::$table::table
                .select($row::as_select())
                .order($order)
                .load(conn)
                .map_err(sql(concat!("reading ", stringify!($table))))?;
            out.push((stringify!($table), rows.iter().map(|r| format!("{r:?}")).collect()));
        }};
    }
    every_table!(dump_table);
    Ok(out)
}

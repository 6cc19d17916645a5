//! `tegami-server admin …`: what an operator does on the server host, on the server's own database and
//! settings: accounts (list, show, suspend, unsuspend, delete), games (list, end), the mail queue (list,
//! retry, drop) and sessions (list, revoke). Every action that changes something is logged with the operator's name.

pub mod args;
mod games;

use chrono::Utc;
use diesel::prelude::*;

pub use args::{
    AccountsAction, AdminArgs, AdminCommand, EndResult, GameState, GamesAction, MailQueueAction, SessionsAction,
};

use crate::db::Conn;
use crate::db::schema::{accounts, api_tokens, games as game_rows, outbox, seats, sessions, signing_keys};
use crate::error::ApiError;
use crate::mail::MailContext;
use crate::mail::outbox::GAVE_UP;
use crate::service::{personal_data, sessions as session_service};
use crate::time::{millis, now_millis};

/// Why an admin command failed.
#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    /// What the operator asked for does not exist or cannot be done (exit 65).
    #[error("{0}")]
    Refused(String),
    /// The database failed (exit 75: try again).
    #[error("database: {0}")]
    Database(String),
}

impl AdminError {
    pub fn exit_code(&self) -> u8 {
        match self {
            AdminError::Refused(_) => 65,
            AdminError::Database(_) => 75,
        }
    }
}

impl From<diesel::result::Error> for AdminError {
    fn from(e: diesel::result::Error) -> Self {
        AdminError::Database(e.to_string())
    }
}

impl From<ApiError> for AdminError {
    fn from(e: ApiError) -> Self {
        if e.status.is_client_error() { AdminError::Refused(e.detail) } else { AdminError::Database(e.to_string()) }
    }
}

type Result<T> = std::result::Result<T, AdminError>;

/// The operator's name: `--operator`, else the login name, else `operator`.
pub fn operator_name(given: Option<&str>) -> String {
    given
        .map(str::to_owned)
        .or_else(|| std::env::var("USER").ok())
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| "operator".into())
}

/// Runs one admin command; its report, for stdout.
pub fn run(conn: &mut Conn, mail: &MailContext, args: &AdminArgs) -> Result<String> {
    let operator = operator_name(args.operator.as_deref());
    match &args.command {
        AdminCommand::Accounts { action } => match action {
            AccountsAction::List => list_accounts(conn),
            AccountsAction::Show { account } => show_account(conn, account),
            AccountsAction::Suspend { account, reason } => suspend(conn, &operator, account, reason.as_deref()),
            AccountsAction::Unsuspend { account } => unsuspend(conn, &operator, account),
            AccountsAction::Delete { account } => delete(conn, mail, &operator, account),
        },
        AdminCommand::Games { action } => match action {
            GamesAction::List { status, game, stuck, stuck_days, after, limit, json } => {
                let filter =
                    games::Filter { status: *status, slug: game.clone(), stuck: *stuck, stuck_days: *stuck_days };
                games::list(conn, &filter, *after, *limit, *json)
            }
            GamesAction::End { game, result, ranks, reason } => {
                games::end(conn, mail, &operator, *game, *result, ranks, reason)
            }
        },
        AdminCommand::Mail { action } => match action {
            MailQueueAction::Queue => mail_queue(conn),
            MailQueueAction::Retry { ids, all } => retry(conn, &operator, ids, *all),
            MailQueueAction::Drop { ids } => drop_mail(conn, &operator, ids),
        },
        AdminCommand::Sessions { action } => match action {
            SessionsAction::List { account } => list_sessions(conn, account),
            SessionsAction::Revoke { account, tokens } => revoke_sessions(conn, &operator, account, *tokens),
        },
    }
}

/// One line of tab-separated fields; tabs and line breaks inside a field become spaces, so that a name
/// cannot forge a line or a column.
pub(crate) fn line(fields: &[&str]) -> String {
    let clean: Vec<String> = fields.iter().map(|f| f.replace(|c: char| c.is_control(), " ")).collect();
    clean.join("\t") + "\n"
}

/// An account by id or by address (live or suspended; a deleted one only by id).
fn find_account(conn: &mut Conn, given: &str) -> Result<i64> {
    let found: Option<i64> = match given.parse::<i64>() {
        Ok(id) => accounts::table.find(id).select(accounts::id).first(conn).optional()?,
        Err(_) => accounts::table
            .filter(accounts::email.eq(given.trim().to_lowercase()))
            .select(accounts::id)
            .first(conn)
            .optional()?,
    };
    found.ok_or_else(|| {
        AdminError::Refused(format!("no account `{given}` (give its id or address; `admin accounts list` lists them)"))
    })
}

type AccountLine = (i64, String, String, String, Option<String>, Option<String>);

fn state((_, _, _, _, deleted, suspended): &AccountLine) -> &'static str {
    match (deleted, suspended) {
        (Some(_), _) => "deleted",
        (None, Some(_)) => "suspended",
        (None, None) => "active",
    }
}

fn account_lines(conn: &mut Conn, only: Option<i64>) -> Result<Vec<AccountLine>> {
    let mut query = accounts::table
        .select((
            accounts::id,
            accounts::email,
            accounts::display_name,
            accounts::created_at,
            accounts::deleted_at,
            accounts::suspended_at,
        ))
        .order(accounts::id.asc())
        .into_boxed();
    if let Some(id) = only {
        query = query.filter(accounts::id.eq(id));
    }
    Ok(query.load(conn)?)
}

fn list_accounts(conn: &mut Conn) -> Result<String> {
    let mut out = line(&["id", "email", "name", "state", "created"]);
    for row in account_lines(conn, None)? {
        out += &line(&[&row.0.to_string(), &row.1, &row.2, state(&row), &row.3]);
    }
    Ok(out)
}

fn show_account(conn: &mut Conn, given: &str) -> Result<String> {
    let id = find_account(conn, given)?;
    let row = account_lines(conn, Some(id))?.pop().ok_or_else(|| AdminError::Refused(format!("no account `{id}`")))?;
    let reason: Option<String> = accounts::table.find(id).select(accounts::suspended_reason).first(conn)?;
    let now = millis(Utc::now());
    let live_sessions: i64 = sessions::table
        .filter(sessions::account_id.eq(id))
        .filter(sessions::revoked_at.is_null())
        .filter(sessions::expires_at.gt(&now))
        .count()
        .get_result(conn)?;
    let tokens: i64 = api_tokens::table
        .filter(api_tokens::account_id.eq(id))
        .filter(api_tokens::revoked_at.is_null())
        .count()
        .get_result(conn)?;
    let keys: i64 = signing_keys::table
        .filter(signing_keys::account_id.eq(id))
        .filter(signing_keys::revoked_at.is_null())
        .count()
        .get_result(conn)?;
    let played: Vec<(i64, String, String)> = seats::table
        .inner_join(game_rows::table.on(game_rows::id.eq(seats::game_id)))
        .filter(seats::account_id.eq(id))
        .select((game_rows::id, game_rows::slug, game_rows::status))
        .order(game_rows::id.asc())
        .load(conn)?;
    let mut out = String::new();
    out += &line(&["id", &row.0.to_string()]);
    out += &line(&["email", &row.1]);
    out += &line(&["name", &row.2]);
    out += &line(&["created", &row.3]);
    out += &line(&["state", state(&row)]);
    if let Some(at) = &row.5 {
        out += &line(&["suspended", at]);
        out += &line(&["reason", reason.as_deref().unwrap_or("")]);
    }
    out += &line(&["sessions", &live_sessions.to_string()]);
    out += &line(&["api tokens", &tokens.to_string()]);
    out += &line(&["signing keys", &keys.to_string()]);
    let games: Vec<String> = played.iter().map(|(g, slug, status)| format!("{g} {slug} {status}")).collect();
    out += &line(&["games", &games.join(", ")]);
    Ok(out)
}

fn suspend(conn: &mut Conn, operator: &str, given: &str, reason: Option<&str>) -> Result<String> {
    let id = find_account(conn, given)?;
    let now = Utc::now();
    crate::db::write_transaction(conn, |conn| {
        let deleted: Option<String> = accounts::table.find(id).select(accounts::deleted_at).first(conn)?;
        if deleted.is_some() {
            return Err(ApiError::conflict("deleted", format!("account {id} is deleted; there is nothing to suspend")));
        }
        diesel::update(accounts::table.find(id))
            .set((accounts::suspended_at.eq(millis(now)), accounts::suspended_reason.eq(reason)))
            .execute(conn)?;
        session_service::revoke_all(conn, now, id, None)
    })?;
    tracing::warn!(operator, account = id, reason = reason.unwrap_or(""), "admin: account suspended");
    Ok(format!("account {id} suspended: it cannot sign in, play or use its tokens; its sessions are signed out\n"))
}

fn unsuspend(conn: &mut Conn, operator: &str, given: &str) -> Result<String> {
    let id = find_account(conn, given)?;
    let n = diesel::update(accounts::table.find(id).filter(accounts::suspended_at.is_not_null()))
        .set((accounts::suspended_at.eq(None::<String>), accounts::suspended_reason.eq(None::<String>)))
        .execute(conn)?;
    if n == 0 {
        return Err(AdminError::Refused(format!("account {id} is not suspended")));
    }
    tracing::warn!(operator, account = id, "admin: account suspension lifted");
    Ok(format!("account {id} may sign in and play again\n"))
}

fn delete(conn: &mut Conn, mail: &MailContext, operator: &str, given: &str) -> Result<String> {
    let id = find_account(conn, given)?;
    let deleted: Option<String> = accounts::table.find(id).select(accounts::deleted_at).first(conn)?;
    if deleted.is_some() {
        return Err(AdminError::Refused(format!("account {id} is already deleted")));
    }
    personal_data::close(conn, mail, Utc::now(), id)?;
    tracing::warn!(operator, account = id, "admin: account deleted");
    Ok(format!("account {id} deleted: its running seats forfeited, its credentials are revoked\n"))
}

type QueueLine = (i64, String, Option<String>, Option<i64>, Option<i64>, i32, String, Option<String>);

fn mail_queue(conn: &mut Conn) -> Result<String> {
    let rows: Vec<QueueLine> = outbox::table
        .filter(outbox::sent_at.is_null())
        .order(outbox::id.asc())
        .select((
            outbox::id,
            outbox::kind,
            outbox::recipient,
            outbox::account_id,
            outbox::game_id,
            outbox::attempts,
            outbox::next_attempt_at,
            outbox::last_error,
        ))
        .load(conn)?;
    let mut out = line(&["id", "kind", "to", "game", "attempts", "next attempt", "last error"]);
    for (id, kind, recipient, account, game, attempts, next, error) in rows {
        let to = recipient.unwrap_or_else(|| account.map(|a| format!("account {a}")).unwrap_or_default());
        let next = if next == GAVE_UP { "never".to_string() } else { next };
        out += &line(&[
            &id.to_string(),
            &kind,
            &to,
            &game.map(|g| g.to_string()).unwrap_or_default(),
            &attempts.to_string(),
            &next,
            error.as_deref().unwrap_or(""),
        ]);
    }
    Ok(out)
}

fn unsent(ids: &[i64], all: bool) -> Result<()> {
    if ids.is_empty() && !all {
        return Err(AdminError::Refused("name the emails (ids from `admin mail queue`), or give `--all`".into()));
    }
    Ok(())
}

fn retry(conn: &mut Conn, operator: &str, ids: &[i64], all: bool) -> Result<String> {
    unsent(ids, all)?;
    let changes =
        (outbox::next_attempt_at.eq(now_millis()), outbox::attempts.eq(0), outbox::claimed_until.eq(None::<String>));
    let unsent_rows = outbox::table.filter(outbox::sent_at.is_null());
    let n = if all {
        diesel::update(unsent_rows).set(changes).execute(conn)?
    } else {
        diesel::update(unsent_rows.filter(outbox::id.eq_any(ids))).set(changes).execute(conn)?
    };
    if n == 0 {
        return Err(AdminError::Refused("no unsent email among those named".into()));
    }
    tracing::warn!(operator, emails = n, ?ids, all, "admin: emails due again");
    Ok(format!("{n} email(s) due now\n"))
}

fn drop_mail(conn: &mut Conn, operator: &str, ids: &[i64]) -> Result<String> {
    unsent(ids, false)?;
    let n = diesel::update(outbox::table.filter(outbox::sent_at.is_null()).filter(outbox::id.eq_any(ids)))
        .set((
            outbox::sent_at.eq(now_millis()),
            outbox::claimed_until.eq(None::<String>),
            outbox::last_error.eq(format!("not sent: dropped by {operator}")),
        ))
        .execute(conn)?;
    if n == 0 {
        return Err(AdminError::Refused("no unsent email among those named".into()));
    }
    tracing::warn!(operator, emails = n, ?ids, "admin: emails dropped");
    Ok(format!("{n} email(s) dropped\n"))
}

fn list_sessions(conn: &mut Conn, given: &str) -> Result<String> {
    let id = find_account(conn, given)?;
    let mut out = line(&["id", "created", "last seen", "client", "user agent"]);
    for s in session_service::list(conn, Utc::now(), id, None)? {
        out += &line(&[
            &s.id,
            &s.created_at,
            &s.last_seen_at,
            s.client.as_deref().unwrap_or(""),
            s.user_agent.as_deref().unwrap_or(""),
        ]);
    }
    Ok(out)
}

fn revoke_sessions(conn: &mut Conn, operator: &str, given: &str, tokens: bool) -> Result<String> {
    let id = find_account(conn, given)?;
    let now = Utc::now();
    let (signed_out, revoked) = crate::db::write_transaction(conn, |conn| {
        let signed_out = session_service::revoke_all(conn, now, id, None)?;
        let revoked = if tokens {
            diesel::update(
                api_tokens::table.filter(api_tokens::account_id.eq(id)).filter(api_tokens::revoked_at.is_null()),
            )
            .set(api_tokens::revoked_at.eq(millis(now)))
            .execute(conn)?
        } else {
            0
        };
        Ok::<_, ApiError>((signed_out, revoked))
    })?;
    tracing::warn!(operator, account = id, sessions = signed_out, tokens = revoked, "admin: sessions revoked");
    Ok(if tokens {
        format!("{signed_out} session(s) signed out, {revoked} API token(s) revoked\n")
    } else {
        format!("{signed_out} session(s) signed out\n")
    })
}

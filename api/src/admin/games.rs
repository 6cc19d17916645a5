//! `tegami-server admin games list|end`: the games on the server, the stuck ones among them, and ending one
//! with a stated result, journaled as an `ended_by_operator` entry.

use chrono::{DateTime, Duration, Utc};
use diesel::prelude::*;
use serde::Serialize;
use shared::journal::{OperatorEnding, OperatorResult};

use super::{AdminError, EndResult, GameState, Result, line};
use crate::db::Conn;
use crate::db::schema::{accounts, decision_deadlines, games, seats};
use crate::mail::MailContext;

/// Which games `list` shows.
pub struct Filter {
    pub status: Option<GameState>,
    pub slug: Option<String>,
    pub stuck: bool,
    pub stuck_days: u32,
}

/// One game as `list` shows it.
#[derive(Debug, Serialize)]
struct GameLine {
    id: i64,
    game: String,
    status: String,
    players: Vec<String>,
    entries: i64,
    updated_at: String,
    /// The earliest deadline of a pending decision, if any.
    next_deadline: Option<String>,
    stuck: bool,
}

#[derive(Debug, Serialize)]
struct Page {
    games: Vec<GameLine>,
    /// Give it as `--after` for the next page; null on the last.
    next_after: Option<i64>,
}

fn state_name(state: GameState) -> &'static str {
    match state {
        GameState::Waiting => "waiting",
        GameState::Active => "active",
        GameState::Finished => "finished",
    }
}

fn parse_time(text: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(text).ok().map(|t| t.with_timezone(&Utc))
}

/// Whether a game being played is stuck at `now`: no deadline and unchanged for `days`, or a deadline `days`
/// past.
fn is_stuck(status: &str, updated_at: &str, next_deadline: Option<&str>, days: u32, now: DateTime<Utc>) -> bool {
    let long_ago = now - Duration::days(i64::from(days));
    let before = |text: &str| parse_time(text).is_some_and(|t| t < long_ago);
    status == "active" && next_deadline.map_or_else(|| before(updated_at), before)
}

type Row = (i64, String, String, i64, String);

/// Up to `n` games with ids above `from`, by id, as `filter`'s status and type select them.
fn rows_after(conn: &mut Conn, filter: &Filter, from: i64, n: i64) -> Result<Vec<Row>> {
    let mut query = games::table
        .filter(games::id.gt(from))
        .select((games::id, games::slug, games::status, games::head_seq, games::updated_at))
        .order(games::id.asc())
        .limit(n)
        .into_boxed();
    if let Some(state) = filter.status {
        query = query.filter(games::status.eq(state_name(state)));
    }
    if let Some(slug) = &filter.slug {
        query = query.filter(games::slug.eq(slug.trim().to_string()));
    }
    if filter.stuck {
        query = query.filter(games::status.eq("active"));
    }
    Ok(query.load(conn)?)
}

pub fn list(conn: &mut Conn, filter: &Filter, after: i64, limit: u32, json: bool) -> Result<String> {
    let now = Utc::now();
    let mut found = Vec::new();
    let mut more = false;
    // Stuck is judged per game (times are text in both backends), so rows are read a batch at a time until
    // the page is full.
    let mut from = after;
    'pages: loop {
        let rows = rows_after(conn, filter, from, i64::from(limit) + 1)?;
        let exhausted = rows.len() <= limit as usize;
        for (id, slug, status, head_seq, updated_at) in rows {
            from = id;
            let next_deadline: Option<String> = decision_deadlines::table
                .filter(decision_deadlines::game_id.eq(id))
                .select(diesel::dsl::min(decision_deadlines::due_at))
                .first(conn)?;
            let stuck = is_stuck(&status, &updated_at, next_deadline.as_deref(), filter.stuck_days, now);
            if filter.stuck && !stuck {
                continue;
            }
            if found.len() == limit as usize {
                more = true;
                break 'pages;
            }
            let players = players(conn, id)?;
            found.push(GameLine {
                id,
                game: slug,
                status,
                players,
                entries: head_seq + 1,
                updated_at,
                next_deadline,
                stuck,
            });
        }
        if exhausted {
            break;
        }
    }
    let page = Page { next_after: more.then(|| found.last().map(|g| g.id)).flatten(), games: found };
    if json {
        return Ok(serde_json::to_string_pretty(&page).expect("a page serialises") + "\n");
    }
    let mut out = line(&["id", "game", "status", "players", "entries", "last change", "next deadline", "stuck"]);
    for g in &page.games {
        out += &line(&[
            &g.id.to_string(),
            &g.game,
            &g.status,
            &g.players.join(", "),
            &g.entries.to_string(),
            &g.updated_at,
            g.next_deadline.as_deref().unwrap_or("none"),
            if g.stuck { "stuck" } else { "" },
        ]);
    }
    if let Some(next) = page.next_after {
        out += &format!("(more: --after {next})\n");
    }
    Ok(out)
}

/// Who sits in a game, by seat: a person's name and id, a bot's level, or an open or invited seat.
fn players(conn: &mut Conn, game: i64) -> Result<Vec<String>> {
    let rows: Vec<(String, Option<i64>, Option<String>)> = seats::table
        .left_join(accounts::table.on(seats::account_id.eq(accounts::id.nullable())))
        .filter(seats::game_id.eq(game))
        .order(seats::seat.asc())
        .select((seats::kind, seats::account_id, accounts::display_name.nullable()))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(kind, account, name)| match (account, name) {
            (Some(id), Some(name)) => format!("{name} ({id})"),
            _ => kind,
        })
        .collect())
}

pub fn end(
    conn: &mut Conn,
    mail: &MailContext,
    operator: &str,
    game: i64,
    result: EndResult,
    ranks: &[u8],
    reason: &str,
) -> Result<String> {
    let result = match result {
        EndResult::Abandoned => OperatorResult::Abandoned,
        EndResult::Adjudicated => OperatorResult::Adjudicated,
    };
    let ending = OperatorEnding {
        operator: operator.to_string(),
        result,
        ranks: (!ranks.is_empty()).then(|| ranks.to_vec()),
        reason: reason.trim().to_string(),
    };
    let seats: i64 = seats::table.filter(seats::game_id.eq(game)).count().get_result(conn)?;
    if seats == 0 {
        return Err(AdminError::Refused(format!("no game `{game}` (`admin games list` lists them)")));
    }
    if let Some(problem) = ending.problem(seats as u8) {
        return Err(AdminError::Refused(format!("game {game} cannot end so: {problem}")));
    }
    let ended = crate::service::games::end_by_operator(conn, mail, game, &ending)?;
    tracing::warn!(
        operator,
        game,
        result = result.as_str(),
        ranks = ?ending.ranks,
        reason = ending.reason,
        entry = ended.row.head_seq,
        "admin: game ended"
    );
    let places = match &ending.ranks {
        Some(ranks) => {
            let places: Vec<String> = ranks.iter().map(u8::to_string).collect();
            format!(" (places by seat: {})", places.join(", "))
        }
        None => String::new(),
    };
    Ok(format!("game {game} ended by {operator}: {}{places} — {}\n", result.as_str(), ending.reason))
}

//! The lobby: listed games with an open seat, newest first, filtered by game, player count, time limit, the
//! creator's language and rated or not; paged by id (keyset), so a page costs the same however many there are.

use diesel::dsl::exists;
use diesel::prelude::*;
use shared::Lang;
use shared::api_types::{LobbyGame, LobbyPage, SeatKind};

use crate::db::Conn;
use crate::db::schema::{accounts, games, mail_prefs, seats};
use crate::error::ApiResult;
use crate::service::game_record;

/// The most games one page holds (and its default size).
pub const PAGE_MAX: i64 = 50;

/// What a lobby search asks for; `None` leaves that filter out.
#[derive(Clone, Debug, Default)]
pub struct LobbyFilter {
    pub slug: Option<String>,
    /// The number of seats.
    pub players: Option<u8>,
    /// The time limit per decision: `Some(None)` for games without one.
    pub deadline_hours: Option<Option<u32>>,
    pub lang: Option<Lang>,
    pub rated: Option<bool>,
}

/// One page of the lobby: up to `limit` games older than game `after` (from the newest without it).
pub fn page(conn: &mut Conn, filter: &LobbyFilter, after: Option<i64>, limit: i64) -> ApiResult<LobbyPage> {
    let mut found = Vec::new();
    let mut cursor = after;
    // The seat count and the creator's language are judged per game: read in batches until the page is full.
    loop {
        let batch = candidates(conn, filter, cursor, limit + 1)?;
        let exhausted = (batch.len() as i64) < limit + 1;
        for (id, deadline_hours, rated, created_by) in batch {
            cursor = Some(id);
            if let Some(game) = listed(conn, filter, id, deadline_hours, rated, created_by)? {
                found.push(game);
                if found.len() as i64 > limit {
                    break;
                }
            }
        }
        if exhausted || found.len() as i64 > limit {
            break;
        }
    }
    let next = if found.len() as i64 > limit {
        found.truncate(limit as usize);
        found.last().map(|g| g.summary.id)
    } else {
        None
    };
    Ok(LobbyPage { games: found, next })
}

type Candidate = (i64, Option<i32>, bool, i64);

/// Listed waiting games with an open seat and the filters the games table answers, newest first.
fn candidates(conn: &mut Conn, filter: &LobbyFilter, after: Option<i64>, limit: i64) -> ApiResult<Vec<Candidate>> {
    let open_seat = exists(seats::table.filter(seats::game_id.eq(games::id)).filter(seats::kind.eq("open")));
    let mut query = games::table
        .filter(games::status.eq("waiting"))
        .filter(games::listed.eq(true))
        .filter(open_seat)
        .select((games::id, games::deadline_hours, games::rated, games::created_by))
        .order(games::id.desc())
        .limit(limit)
        .into_boxed();
    if let Some(after) = after {
        query = query.filter(games::id.lt(after));
    }
    if let Some(slug) = &filter.slug {
        query = query.filter(games::slug.eq(slug.clone()));
    }
    if let Some(rated) = filter.rated {
        query = query.filter(games::rated.eq(rated));
    }
    match filter.deadline_hours {
        Some(Some(hours)) => query = query.filter(games::deadline_hours.eq(i32::try_from(hours).unwrap_or(i32::MAX))),
        Some(None) => query = query.filter(games::deadline_hours.is_null()),
        None => {}
    }
    Ok(query.load(conn)?)
}

fn listed(
    conn: &mut Conn,
    filter: &LobbyFilter,
    id: i64,
    deadline_hours: Option<i32>,
    rated: bool,
    created_by: i64,
) -> ApiResult<Option<LobbyGame>> {
    let lang = creator_lang(conn, created_by)?;
    if filter.lang.is_some_and(|wanted| wanted != lang) {
        return Ok(None);
    }
    let loaded = game_record::load(conn, id)?;
    if filter.players.is_some_and(|n| usize::from(n) != loaded.seats.len()) {
        return Ok(None);
    }
    let creator: String = accounts::table.find(created_by).select(accounts::display_name).first(conn)?;
    let summary = loaded.summary(None);
    let open_seats = summary.seats.iter().filter(|s| s.kind == SeatKind::Open).map(|s| s.seat).collect();
    Ok(Some(LobbyGame {
        summary,
        creator,
        lang,
        deadline_hours: deadline_hours.and_then(|h| u32::try_from(h).ok()),
        rated,
        open_seats,
    }))
}

/// The language the creator reads emails in (English unless they chose otherwise).
fn creator_lang(conn: &mut Conn, account: i64) -> ApiResult<Lang> {
    let lang: Option<String> = mail_prefs::table.find(account).select(mail_prefs::lang).first(conn).optional()?;
    // A code stored before its language was dropped reads as the first language.
    Ok(lang.and_then(|code| catalog::language(&code).ok()).unwrap_or(catalog::LANGUAGES[0]))
}

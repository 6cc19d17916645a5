//! The archive and game lists: finished listed games, searchable by player and by game, and my own games by status
//! and game; paged by id (keyset, newest first) on the indexes of the games, seats and results tables, so that
//! a page costs the same whether there are ten games or ten thousand.

use diesel::dsl::exists;
use diesel::prelude::*;
use shared::api_types::{ArchivePage, ArchivedGame, GameStatus, GameSummary};

use crate::db::Conn;
use crate::db::schema::{game_results, games, seats};
use crate::error::ApiResult;
use crate::service::game_record;
use crate::service::profiles;

/// The most games one page holds (and its default size).
pub const PAGE_MAX: i64 = 50;

/// What an archive search asks for; `None` leaves that filter out.
#[derive(Clone, Debug, Default)]
pub struct ArchiveFilter {
    pub player: Option<i64>,
    pub slug: Option<String>,
}

/// A page of finished listed games (unlisted ones are kept to their players), newest first, after game `after`.
/// Searching by a player whose profile is private is refused, except to that player.
pub fn finished(
    conn: &mut Conn,
    viewer: Option<i64>,
    filter: &ArchiveFilter,
    after: Option<i64>,
    limit: i64,
) -> ApiResult<ArchivePage> {
    if let Some(player) = filter.player {
        profiles::require_visible(conn, viewer, player)?;
    }
    let mut query = games::table
        .filter(games::status.eq("finished"))
        .filter(games::listed.eq(true))
        .select((games::id, games::rated))
        .order(games::id.desc())
        .limit(limit + 1)
        .into_boxed();
    if let Some(after) = after {
        query = query.filter(games::id.lt(after));
    }
    if let Some(slug) = &filter.slug {
        query = query.filter(games::slug.eq(slug.clone()));
    }
    if let Some(player) = filter.player {
        query = query.filter(exists(
            game_results::table.filter(game_results::game_id.eq(games::id)).filter(game_results::account_id.eq(player)),
        ));
    }
    let rows: Vec<(i64, bool)> = query.load(conn)?;
    let (rows, next) = split_page(rows, limit, |(id, _)| *id);
    let games = rows
        .into_iter()
        .map(|(id, rated)| {
            let loaded = game_record::load(conn, id)?;
            Ok(ArchivedGame { summary: loaded.summary(viewer), standings: loaded.standings(), rated })
        })
        .collect::<ApiResult<Vec<_>>>()?;
    Ok(ArchivePage { games, next })
}

/// A page of `account`'s games, newest first, after game `after`, by status and game.
pub fn mine(
    conn: &mut Conn,
    account: i64,
    status: Option<GameStatus>,
    slug: Option<&str>,
    after: Option<i64>,
    limit: i64,
) -> ApiResult<Vec<GameSummary>> {
    let mut query = games::table
        .filter(exists(seats::table.filter(seats::game_id.eq(games::id)).filter(seats::account_id.eq(account))))
        .select(games::id)
        .order(games::id.desc())
        .limit(limit)
        .into_boxed();
    if let Some(status) = status {
        query = query.filter(games::status.eq(status_name(status)));
    }
    if let Some(slug) = slug {
        query = query.filter(games::slug.eq(slug.to_string()));
    }
    if let Some(after) = after {
        query = query.filter(games::id.lt(after));
    }
    let ids: Vec<i64> = query.load(conn)?;
    ids.into_iter().map(|id| game_record::load(conn, id).map(|l| l.summary(Some(account)))).collect()
}

fn status_name(status: GameStatus) -> &'static str {
    match status {
        GameStatus::Waiting => "waiting",
        GameStatus::Active => "active",
        GameStatus::Finished => "finished",
    }
}

/// Rows of one page read with one extra: the page, and where the next starts if there is one.
pub(crate) fn split_page<T>(mut rows: Vec<T>, limit: i64, id: impl Fn(&T) -> i64) -> (Vec<T>, Option<i64>) {
    if rows.len() as i64 > limit {
        rows.truncate(limit as usize);
        let next = rows.last().map(&id);
        (rows, next)
    } else {
        (rows, None)
    }
}

//! Profiles: a player's page (games played and won per game, current listed games, rating per game) and whether
//! others may see it. A private profile is shown to its owner only, and keeps the player off leaderboards and out
//! of archive searches by player.

use diesel::dsl::exists;
use diesel::prelude::*;
use shared::Localized;
use shared::api_types::{GameRecord, Profile};

use crate::db::Conn;
use crate::db::schema::{accounts, game_results, games, seats};
use crate::error::{ApiError, ApiResult};
use crate::service::{game_record, ratings};

/// How many current games a profile shows.
const CURRENT_MAX: i64 = 50;

fn unknown_player(id: i64) -> ApiError {
    let text: Localized = catalog::both!("profile-unknown", player = id);
    ApiError::not_found("unknown_player", "").localized(&text)
}

/// Refuses to show player `player` to `viewer` unless the profile is public or is the viewer's own.
pub fn require_visible(conn: &mut Conn, viewer: Option<i64>, player: i64) -> ApiResult<()> {
    let public: Option<(bool, Option<String>)> =
        accounts::table.find(player).select((accounts::profile_public, accounts::deleted_at)).first(conn).optional()?;
    match public {
        None | Some((_, Some(_))) => Err(unknown_player(player)),
        Some((true, None)) => Ok(()),
        Some((false, None)) if viewer == Some(player) => Ok(()),
        Some((false, None)) => {
            let text: Localized = catalog::both!("profile-private", player = player);
            Err(ApiError::forbidden("profile_private", "").localized(&text))
        }
    }
}

/// Player `player`'s page as `viewer` may see it.
pub fn profile(conn: &mut Conn, viewer: Option<i64>, player: i64) -> ApiResult<Profile> {
    require_visible(conn, viewer, player)?;
    let (name, public): (String, bool) =
        accounts::table.find(player).select((accounts::display_name, accounts::profile_public)).first(conn)?;
    let results: Vec<(String, bool)> = game_results::table
        .filter(game_results::account_id.eq(player))
        .select((game_results::slug, game_results::won))
        .load(conn)?;
    let mut records: Vec<GameRecord> = Vec::new();
    for (slug, won) in results {
        let record = match records.iter_mut().find(|r| r.slug == slug) {
            Some(record) => record,
            None => {
                records.push(GameRecord { slug, played: 0, won: 0 });
                records.last_mut().expect("just pushed")
            }
        };
        record.played += 1;
        record.won += u32::from(won);
    }
    records.sort_by(|a, b| a.slug.cmp(&b.slug));
    let current_ids: Vec<i64> = games::table
        .filter(games::status.ne("finished"))
        .filter(games::listed.eq(true))
        .filter(exists(seats::table.filter(seats::game_id.eq(games::id)).filter(seats::account_id.eq(player))))
        .select(games::id)
        .order(games::id.desc())
        .limit(CURRENT_MAX)
        .load(conn)?;
    let current = current_ids
        .into_iter()
        .map(|id| game_record::load(conn, id).map(|l| l.summary(viewer)))
        .collect::<ApiResult<Vec<_>>>()?;
    Ok(Profile { account_id: player, name, public, records, ratings: ratings::of_player(conn, player)?, current })
}

/// Sets whether others may see `account`'s profile.
pub fn set_public(conn: &mut Conn, account: i64, public: bool) -> ApiResult<()> {
    diesel::update(accounts::table.find(account)).set(accounts::profile_public.eq(public)).execute(conn)?;
    Ok(())
}

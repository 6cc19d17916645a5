//! Ratings: one Weng-Lin (OpenSkill) rating per player and game, computed by the `skillratings` crate (each
//! player a team of one, ranked as the game's outcome ranks them, ties shared), updated in the transaction that
//! ends a rated game. Only games whose every seat is a person count: a bot's result says nothing about skill.

use diesel::prelude::*;
use shared::api_types::{CreateGameRequest, PlayerRating, SeatRequest};
use shared::{Localized, Outcome};
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

use crate::db::Conn;
use crate::db::schema::{accounts, games, ratings};
use crate::error::{ApiError, ApiResult};
use crate::service::game_record::Loaded;
use crate::time::now;

/// A leaderboard lists players with at least this many rated games unless asked otherwise.
pub const DEFAULT_MIN_GAMES: u32 = 1;
/// The most players one leaderboard page holds.
pub const LEADERBOARD_MAX: i64 = 100;

/// Whether a game being created is rated: as asked, or by default when every seat is a person; a game with a bot
/// cannot be rated.
pub fn rated_at_creation(req: &CreateGameRequest) -> ApiResult<bool> {
    let has_bot = req.seats.iter().any(|s| matches!(s, SeatRequest::Bot { .. }));
    match req.rated {
        Some(true) if has_bot => {
            let text: Localized = catalog::both!("rating-bot-game-unrated");
            Err(ApiError::unprocessable("bad_rated", "").localized(&text))
        }
        Some(rated) => Ok(rated),
        None => Ok(!has_bot),
    }
}

/// The ratings after one game: `before` by seat, `ranks` by seat (1 best, equal ranks tied).
pub fn rate(before: &[WengLinRating], ranks: &[u8]) -> Vec<WengLinRating> {
    let teams: Vec<[WengLinRating; 1]> = before.iter().map(|r| [*r]).collect();
    let teams_and_ranks: Vec<(&[WengLinRating], MultiTeamOutcome)> =
        teams.iter().zip(ranks).map(|(team, rank)| (&team[..], MultiTeamOutcome::new(usize::from(*rank)))).collect();
    weng_lin_multi_team(&teams_and_ranks, &WengLinConfig::new()).into_iter().map(|team| team[0]).collect()
}

/// Moves the ratings of a rated game that has just ended (inside the transaction that ended it).
pub(crate) fn game_ended(conn: &mut Conn, loaded: &Loaded) -> ApiResult<()> {
    let rated: bool = games::table.find(loaded.row.id).select(games::rated).first(conn)?;
    let Some(outcome) = loaded.game.outcome() else { return Ok(()) };
    // An abandoned game has no result to rate by.
    if !rated || outcome.result == shared::ResultKind::Abandoned {
        return Ok(());
    }
    let players: Vec<(usize, i64)> = loaded
        .seats
        .iter()
        .enumerate()
        .filter_map(|(i, s)| (s.kind == "player").then_some((i, s.account_id?)))
        .collect();
    // A seat without a person (never the case in a rated game) would make the ranks meaningless.
    if players.len() != loaded.seats.len() || players.len() < 2 {
        return Ok(());
    }
    update(conn, &loaded.row.slug, &players, &outcome)
}

fn update(conn: &mut Conn, slug: &str, players: &[(usize, i64)], outcome: &Outcome) -> ApiResult<()> {
    // No lock of its own: the transaction that ended the game already holds the event counter (see
    // `Loaded::persist`), so two games ending at once with the same players take turns on it.
    let mut ids: Vec<i64> = players.iter().map(|(_, a)| *a).collect();
    ids.sort_unstable();
    ids.dedup();
    let stored: Vec<(i64, f64, f64, i32, i32)> = ratings::table
        .filter(ratings::slug.eq(slug))
        .filter(ratings::account_id.eq_any(&ids))
        .select((ratings::account_id, ratings::rating, ratings::uncertainty, ratings::games, ratings::wins))
        .load(conn)?;
    let current = |account: i64| stored.iter().find(|r| r.0 == account);
    let before: Vec<WengLinRating> = players
        .iter()
        .map(|(_, a)| current(*a).map_or_else(WengLinRating::new, |r| WengLinRating { rating: r.1, uncertainty: r.2 }))
        .collect();
    let ranks: Vec<u8> = players.iter().map(|(seat, _)| outcome.ranks.get(*seat).copied().unwrap_or(u8::MAX)).collect();
    let after = rate(&before, &ranks);
    let winners = matches!(outcome.result, shared::ResultKind::Win | shared::ResultKind::SharedWin);
    let at = now();
    for (((_, account), rating), rank) in players.iter().zip(after).zip(&ranks) {
        let won = i32::from(winners && *rank == 1);
        match current(*account) {
            Some(&(_, _, _, played, wins)) => {
                diesel::update(ratings::table.find((*account, slug)))
                    .set((
                        ratings::rating.eq(rating.rating),
                        ratings::uncertainty.eq(rating.uncertainty),
                        ratings::games.eq(played + 1),
                        ratings::wins.eq(wins + won),
                        ratings::updated_at.eq(&at),
                    ))
                    .execute(conn)?;
            }
            None => {
                diesel::insert_into(ratings::table)
                    .values((
                        ratings::account_id.eq(*account),
                        ratings::slug.eq(slug),
                        ratings::rating.eq(rating.rating),
                        ratings::uncertainty.eq(rating.uncertainty),
                        ratings::games.eq(1),
                        ratings::wins.eq(won),
                        ratings::updated_at.eq(&at),
                    ))
                    .execute(conn)?;
            }
        }
    }
    tracing::info!(slug, players = players.len(), "ratings updated");
    Ok(())
}

type RatingRow = (i64, String, String, f64, f64, i32, i32);

fn to_rating((account_id, name, slug, rating, uncertainty, games, wins): RatingRow) -> PlayerRating {
    PlayerRating {
        account_id,
        name,
        slug,
        rating,
        uncertainty,
        games: u32::try_from(games).unwrap_or(0),
        wins: u32::try_from(wins).unwrap_or(0),
    }
}

/// The best-rated players of game `slug` with at least `min_games` rated games whose profiles are public, best
/// first, at most `limit`.
pub fn leaderboard(conn: &mut Conn, slug: &str, min_games: u32, limit: i64) -> ApiResult<Vec<PlayerRating>> {
    let rows: Vec<RatingRow> = ratings::table
        .inner_join(accounts::table.on(accounts::id.eq(ratings::account_id)))
        .filter(ratings::slug.eq(slug))
        .filter(ratings::games.ge(i32::try_from(min_games).unwrap_or(i32::MAX)))
        .filter(accounts::profile_public.eq(true))
        .filter(accounts::deleted_at.is_null())
        .order((ratings::rating.desc(), ratings::account_id.asc()))
        .limit(limit)
        .select((
            ratings::account_id,
            accounts::display_name,
            ratings::slug,
            ratings::rating,
            ratings::uncertainty,
            ratings::games,
            ratings::wins,
        ))
        .load(conn)?;
    Ok(rows.into_iter().map(to_rating).collect())
}

/// Every rating of one player, by game.
pub fn of_player(conn: &mut Conn, account: i64) -> ApiResult<Vec<PlayerRating>> {
    let rows: Vec<RatingRow> = ratings::table
        .inner_join(accounts::table.on(accounts::id.eq(ratings::account_id)))
        .filter(ratings::account_id.eq(account))
        .order(ratings::slug.asc())
        .select((
            ratings::account_id,
            accounts::display_name,
            ratings::slug,
            ratings::rating,
            ratings::uncertainty,
            ratings::games,
            ratings::wins,
        ))
        .load(conn)?;
    Ok(rows.into_iter().map(to_rating).collect())
}

#[cfg(test)]
mod tests {
    use skillratings::weng_lin::WengLinRating;

    use super::rate;

    #[test]
    fn a_three_player_game_won_by_a_over_b_over_c_moves_a_up_and_c_down() {
        let fresh = WengLinRating::new();
        let after = rate(&[fresh, fresh, fresh], &[1, 2, 3]);
        assert!(after[0].rating > fresh.rating, "{after:?}");
        assert!(after[2].rating < fresh.rating, "{after:?}");
        assert!(after[0].rating > after[1].rating && after[1].rating > after[2].rating, "{after:?}");
        assert!(after.iter().all(|r| r.uncertainty < fresh.uncertainty), "every result teaches something");
    }

    /// skillratings' documented Weng-Lin example (a 42.0 ± 1.3 player beats a new 25 ± 8.33 one): the same numbers
    /// come out of `rate`, which ranks each player as a team of one.
    #[test]
    fn the_documented_worked_example_is_reproduced() {
        let strong = WengLinRating { rating: 42.0, uncertainty: 1.3 };
        let after = rate(&[strong, WengLinRating::new()], &[1, 2]);
        let hundredths = |x: f64| (x * 100.0).round();
        assert_eq!(hundredths(after[0].rating), 4203.0);
        assert_eq!(hundredths(after[0].uncertainty), 130.0);
        assert_eq!(hundredths(after[1].rating), 2391.0);
        assert_eq!(hundredths(after[1].uncertainty), 803.0);
    }

    #[test]
    fn a_tie_moves_both_toward_each_other() {
        let strong = WengLinRating { rating: 32.0, uncertainty: 5.0 };
        let weak = WengLinRating { rating: 20.0, uncertainty: 5.0 };
        let after = rate(&[strong, weak], &[1, 1]);
        assert!(after[0].rating < strong.rating, "{after:?}");
        assert!(after[1].rating > weak.rating, "{after:?}");
        assert!(after[0].rating - after[1].rating < strong.rating - weak.rating);
    }
}

//! Following a game between one's turns: a player may ask to be told of every move of a game they play, by
//! an email each or in their daily digest (the event streams and webhooks carry every move anyway).

use diesel::prelude::*;
use serde::{Deserialize, Serialize};

use crate::db::Conn;
use crate::db::native::RunNative as _;
use crate::db::schema::game_follows;
use crate::error::{ApiError, ApiResult};
use crate::service::game_record;

/// How a player is told of the moves of a game that ask nothing of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Following {
    /// Only when a decision is mine (the default).
    #[default]
    Off,
    /// An email for every move.
    Email,
    /// Every move in my daily digest.
    Digest,
}

impl Following {
    pub fn as_str(self) -> &'static str {
        match self {
            Following::Off => "off",
            Following::Email => "email",
            Following::Digest => "digest",
        }
    }

    fn parse(s: &str) -> Following {
        match s {
            "email" => Following::Email,
            "digest" => Following::Digest,
            _ => Following::Off,
        }
    }
}

/// `GET/PUT /api/v1/games/{id}/follow`
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct GameFollow {
    pub follow: Following,
}

/// How `account` follows game `id` (only its players follow a game).
pub fn get(conn: &mut Conn, account: i64, id: i64) -> ApiResult<GameFollow> {
    player_of(conn, account, id)?;
    Ok(GameFollow { follow: stored(conn, account, id)? })
}

/// Sets how `account` follows game `id`.
pub fn set(conn: &mut Conn, account: i64, id: i64, wanted: Following) -> ApiResult<GameFollow> {
    player_of(conn, account, id)?;
    crate::db::write_transaction(conn, |conn| {
        diesel::delete(game_follows::table.find((account, id))).execute(conn)?;
        if wanted != Following::Off {
            diesel::insert_into(game_follows::table)
                .values((
                    game_follows::account_id.eq(account),
                    game_follows::game_id.eq(id),
                    game_follows::how.eq(wanted.as_str()),
                ))
                .execute(conn)?;
        }
        Ok::<_, crate::error::ApiError>(())
    })?;
    Ok(GameFollow { follow: wanted })
}

fn stored(conn: &mut Conn, account: i64, id: i64) -> ApiResult<Following> {
    let how: Option<String> =
        game_follows::table.find((account, id)).select(game_follows::how).first(conn).optional()?;
    Ok(how.map(|h| Following::parse(&h)).unwrap_or_default())
}

/// Every account following game `id`, and how.
pub fn followers(conn: &mut Conn, id: i64) -> ApiResult<Vec<(i64, Following)>> {
    let rows: Vec<(i64, String)> = game_follows::table
        .filter(game_follows::game_id.eq(id))
        .select((game_follows::account_id, game_follows::how))
        .load_native(conn)?;
    Ok(rows.into_iter().map(|(account, how)| (account, Following::parse(&how))).collect())
}

fn player_of(conn: &mut Conn, account: i64, id: i64) -> ApiResult<()> {
    let loaded = game_record::load(conn, id)?;
    if loaded.seat_of(Some(account)).is_none() {
        return Err(ApiError::forbidden("not_a_player", "").described(catalog::both!("follow-not-a-player", game = id)));
    }
    Ok(())
}

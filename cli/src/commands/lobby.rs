//! `tegami lobby`: listed games with an open seat, to join; `tegami leaderboard <game>`: the best-rated players.

use shared::api_types::{LobbyPage, PlayerRating};

use super::{Ctx, out, out_json};
use crate::args::{LeaderboardArgs, LobbyArgs};
use crate::error::Result;
use crate::output;

pub fn exec(ctx: &Ctx, args: &LobbyArgs) -> Result<()> {
    let client = ctx.optional_auth()?;
    let mut query: Vec<(&str, String)> = Vec::new();
    query.extend(args.game.clone().map(|g| ("game", g)));
    query.extend(args.players.map(|n| ("players", n.to_string())));
    query.extend(args.time_limit.clone().map(|t| ("time_limit", t)));
    query.extend(args.language.map(|l| ("lang", catalog::code(l).to_string())));
    query.extend(args.rated.map(|r| ("rated", r.to_string())));
    query.extend(args.after.map(|a| ("after", a.to_string())));
    query.extend(args.limit.map(|n| ("limit", n.to_string())));
    let reply = client.get_query("/lobby", &query)?;
    if ctx.json {
        out_json(&reply.body);
        return Ok(());
    }
    let page: LobbyPage = reply.decode()?;
    out(&output::lobby_table(&page, ctx.lang));
    Ok(())
}

pub fn leaderboard(ctx: &Ctx, args: &LeaderboardArgs) -> Result<()> {
    let client = ctx.optional_auth()?;
    let mut query: Vec<(&str, String)> = Vec::new();
    query.extend(args.min_games.map(|n| ("min_games", n.to_string())));
    let reply = client.get_query(&format!("/game-types/{}/leaderboard", args.game), &query)?;
    if ctx.json {
        out_json(&reply.body);
        return Ok(());
    }
    let players: Vec<PlayerRating> = reply.decode()?;
    out(&output::ratings_table(&players, ctx.lang, true));
    Ok(())
}

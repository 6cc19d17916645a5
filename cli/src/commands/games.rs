//! `tegami games`: the games I play in.

use catalog::t;
use shared::api_types::GameSummary;

use super::{Ctx, out, out_json};
use crate::args::GamesArgs;
use crate::error::Result;
use crate::output;

pub fn exec(ctx: &Ctx, args: &GamesArgs) -> Result<()> {
    let client = ctx.authed()?;
    let mut query: Vec<(&str, String)> = args.status.map(|s| ("status", s.as_str().to_string())).into_iter().collect();
    query.extend(args.game.clone().map(|g| ("game", g)));
    query.extend(args.after.map(|a| ("after", a.to_string())));
    query.extend(args.limit.map(|n| ("limit", n.to_string())));
    let reply = client.get_query("/games", &query)?;
    if ctx.json {
        out_json(&reply.body);
        return Ok(());
    }
    let games: Vec<GameSummary> = reply.decode()?;
    if games.is_empty() {
        let status = args.status.map_or("any", |s| s.as_str());
        out(&output::wrapped(&t!(ctx.lang, "cli-games-none", status = status), ctx.width, 2));
    } else {
        out(&output::games_table(&games, ctx.lang));
    }
    Ok(())
}

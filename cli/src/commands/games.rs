//! `tegami games`: the games I play in.

use shared::api_types::GameSummary;

use super::{Ctx, out, out_json};
use crate::args::GamesArgs;
use crate::error::Result;
use crate::output;

pub fn exec(ctx: &Ctx, args: &GamesArgs) -> Result<()> {
    let client = ctx.authed()?;
    let query: Vec<(&str, String)> = args.status.map(|s| ("status", s.as_str().to_string())).into_iter().collect();
    let reply = client.get_query("/games", &query)?;
    if ctx.json {
        out_json(&reply.body);
        return Ok(());
    }
    let games: Vec<GameSummary> = reply.decode()?;
    if games.is_empty() {
        let which = args.status.map(|s| format!("{} ", s.as_str())).unwrap_or_default();
        out(&format!(
            "no {which}games; start one with `tegami new <game> --seat me --seat bot` (see `tegami types`)\n"
        ));
    } else {
        out(&output::games_table(&games));
    }
    Ok(())
}

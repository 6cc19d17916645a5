//! `tegami follow <game> [off|email|digest]`: how I am told of a game's moves between my turns.

use super::{Ctx, no_game, out, out_json};
use crate::args::FollowArgs;
use crate::error::Result;

pub fn exec(ctx: &Ctx, args: &FollowArgs) -> Result<()> {
    let id = args.game;
    let client = ctx.authed()?;
    let path = format!("/games/{id}/follow");
    let reply = match &args.how {
        Some(how) => client.put(&path, &serde_json::json!({ "follow": how })),
        None => client.get(&path),
    }
    .map_err(|e| e.on_not_found("unknown_game", || no_game(id)))?;
    if ctx.json {
        out_json(&reply.body);
        return Ok(());
    }
    let said = match reply.body["follow"].as_str() {
        Some("email") => catalog::t!(ctx.lang, "follow-cli-email", game = id),
        Some("digest") => catalog::t!(ctx.lang, "follow-cli-digest", game = id),
        _ => catalog::t!(ctx.lang, "follow-cli-off", game = id),
    };
    out(&format!("{said}\n"));
    Ok(())
}

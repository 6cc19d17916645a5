//! `tegami show <game>`: header, board as I see it, result.

use super::{Ctx, fetch_game, game_text, out, out_json};
use crate::args::GameArg;
use crate::error::Result;

pub fn exec(ctx: &Ctx, args: &GameArg) -> Result<()> {
    let client = ctx.optional_auth()?;
    let (raw, detail) = fetch_game(&client, args.game)?;
    if ctx.json {
        out_json(&raw);
        return Ok(());
    }
    out(&game_text(ctx, &client, &detail)?);
    Ok(())
}

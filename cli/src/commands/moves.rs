//! `tegami moves <game>`: my pending decisions and their legal answers.

use super::{Ctx, fetch_moves, out, out_json};
use crate::args::GameArg;
use crate::error::Result;
use crate::output;
use catalog::t;

pub fn exec(ctx: &Ctx, args: &GameArg) -> Result<()> {
    let client = ctx.authed()?;
    let (raw, moves) = fetch_moves(&client, args.game)?;
    if ctx.json {
        out_json(&raw);
    } else if moves.is_empty() {
        out(&output::wrapped(&t!(ctx.lang, "cli-moves-none", game = args.game.to_string()), ctx.width, 2));
    } else {
        out(&output::moves_text(args.game, &moves, ctx.lang, ctx.width));
    }
    Ok(())
}

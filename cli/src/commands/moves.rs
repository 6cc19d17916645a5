//! `tegami moves <game>`: my pending decisions and their legal answers.

use super::{Ctx, fetch_moves, out, out_json};
use crate::args::GameArg;
use crate::error::Result;
use crate::output;

pub fn exec(ctx: &Ctx, args: &GameArg) -> Result<()> {
    let client = ctx.authed()?;
    let (raw, moves) = fetch_moves(&client, args.game)?;
    if ctx.json {
        out_json(&raw);
    } else if moves.is_empty() {
        out(&format!(
            "no decision is yours in game `{0}` now; run `tegami watch {0} --until-my-turn` to wait for one\n",
            args.game
        ));
    } else {
        out(&output::moves_text(args.game, &moves, ctx.lang, ctx.width));
    }
    Ok(())
}

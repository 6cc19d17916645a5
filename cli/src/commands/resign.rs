//! `tegami resign <game>`.

use shared::api_types::MoveAccepted;

use super::{Ctx, confirm, no_game, out, out_json};
use crate::args::ResignArgs;
use crate::error::{CliError, Result};
use crate::output;

pub fn exec(ctx: &Ctx, args: &ResignArgs) -> Result<()> {
    let id = args.game;
    let client = ctx.authed()?;
    if !args.yes && !confirm(&format!("resign from game `{id}`? this cannot be undone [y/N] "))? {
        return Err(CliError::local("not resigned; pass `--yes` to resign without being asked"));
    }
    let reply = client
        .post_empty(&format!("/games/{id}/resign"))
        .map_err(|e| e.on_not_found("unknown_game", || no_game(id)).with_help(format!("run `tegami show {id}`")))?;
    if ctx.json {
        out_json(&reply.body);
        return Ok(());
    }
    let accepted: MoveAccepted = reply.decode()?;
    let mut text = format!("you resigned from game `{id}`\n");
    text.push_str(&output::events_text(&accepted.events, ctx.lang));
    out(&text);
    Ok(())
}

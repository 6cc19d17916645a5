//! `tegami resign <game>`.

use catalog::t;
use shared::api_types::MoveAccepted;

use super::{Ctx, confirm, no_game, out, out_json};
use crate::args::ResignArgs;
use crate::error::{CliError, Result};
use crate::output;

pub fn exec(ctx: &Ctx, args: &ResignArgs) -> Result<()> {
    let id = args.game;
    let client = ctx.authed()?;
    let game = id.to_string();
    if !args.yes && !confirm(&format!("{} ", t!(ctx.lang, "cli-resign-confirm", game = &game)))? {
        return Err(CliError::local(t!(ctx.lang, "cli-resign-cancelled")));
    }
    let reply = client.post_empty(&format!("/games/{id}/resign")).map_err(|e| {
        e.on_not_found("unknown_game", || no_game(id)).with_help(t!(ctx.lang, "cli-resign-help", game = &game))
    })?;
    if ctx.json {
        out_json(&reply.body);
        return Ok(());
    }
    let accepted: MoveAccepted = reply.decode()?;
    let mut text = output::wrapped(&t!(ctx.lang, "cli-resigned", game = &game), ctx.width, 2);
    text.push_str(&output::events_text(&accepted.events, ctx.lang, ctx.width));
    out(&text);
    Ok(())
}

//! `tegami join <game> [--seat N]`.

use shared::api_types::{GameDetail, JoinRequest};

use super::{Ctx, no_game, out, out_json, unprompted};
use crate::args::JoinArgs;
use crate::error::Result;
use crate::output;

pub fn exec(ctx: &Ctx, args: &JoinArgs) -> Result<()> {
    let client = ctx.authed()?;
    let id = args.game;
    let reply = client.post(&format!("/games/{id}/join"), &JoinRequest { seat: args.seat }).map_err(|e| {
        e.on_not_found("unknown_game", || no_game(id)).with_help(format!("run `tegami show {id}` to see its seats"))
    })?;
    if ctx.json {
        out_json(&reply.body);
        return Ok(());
    }
    let detail: GameDetail = reply.decode()?;
    let mut text = match detail.summary.my_seat {
        Some(seat) => format!("joined game `{id}` at seat {seat}\n"),
        None => format!("joined game `{id}`\n"),
    };
    text.push_str(&output::game_header(&detail, &unprompted(&detail), ctx.lang));
    out(&text);
    Ok(())
}

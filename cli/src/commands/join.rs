//! `tegami join <game> [--seat N]`.

use catalog::t;
use shared::api_types::{GameDetail, JoinRequest};

use super::{Ctx, no_game, out, out_json, unprompted};
use crate::args::JoinArgs;
use crate::error::Result;
use crate::output;

pub fn exec(ctx: &Ctx, args: &JoinArgs) -> Result<()> {
    let client = ctx.authed()?;
    let id = args.game;
    let reply = client.post(&format!("/games/{id}/join"), &JoinRequest { seat: args.seat }).map_err(|e| {
        e.on_not_found("unknown_game", || no_game(id)).with_help(t!(ctx.lang, "cli-join-help", game = id.to_string()))
    })?;
    if ctx.json {
        out_json(&reply.body);
        return Ok(());
    }
    let detail: GameDetail = reply.decode()?;
    let line = match detail.summary.my_seat {
        Some(seat) => t!(ctx.lang, "cli-joined-seat", game = id.to_string(), seat = seat.to_string()),
        None => t!(ctx.lang, "cli-joined", game = id.to_string()),
    };
    let mut text = output::wrapped(&line, ctx.width, 2);
    text.push_str(&output::game_header(&detail, &unprompted(&detail), ctx.lang, ctx.width));
    out(&text);
    Ok(())
}

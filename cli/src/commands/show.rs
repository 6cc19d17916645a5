//! `tegami show <game>`: header, board as I see it, result; with `--at`, as I saw it after that entry.

use super::{Ctx, fetch_game, game_text, out, out_json};
use crate::args::ShowArgs;
use crate::error::Result;

/// Messages `show` prints, the newest.
const SHOWN_MESSAGES: usize = 10;

pub fn exec(ctx: &Ctx, args: &ShowArgs) -> Result<()> {
    if let Some(at) = args.at {
        return super::replay::show_at(ctx, args.game, at);
    }
    let client = ctx.optional_auth()?;
    let (raw, detail) = fetch_game(&client, args.game)?;
    if ctx.json {
        out_json(&raw);
        return Ok(());
    }
    let mut text = game_text(ctx, &client, &detail)?;
    let messages = super::say::fetch_messages(&client, args.game, 0)?;
    // The latest few: `tegami log` prints them all.
    let recent = &messages[messages.len().saturating_sub(SHOWN_MESSAGES)..];
    text.push_str(&super::say::messages_text(recent, ctx.lang));
    out(&text);
    Ok(())
}

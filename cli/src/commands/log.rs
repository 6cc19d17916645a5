//! `tegami log <game>`: the journal as I may read it.

use shared::api_types::JournalListing;

use super::{Ctx, no_game, out, out_json};
use crate::args::GameArg;
use crate::client::Client;
use crate::error::Result;
use crate::output;

pub fn exec(ctx: &Ctx, args: &GameArg) -> Result<()> {
    let client = ctx.optional_auth()?;
    let (raw, listing) = fetch_journal(&client, args.game)?;
    if ctx.json {
        out_json(&raw);
    } else {
        out(&output::journal_text(&listing, ctx.lang));
    }
    Ok(())
}

pub fn fetch_journal(client: &Client, id: i64) -> Result<(serde_json::Value, JournalListing)> {
    let reply =
        client.get(&format!("/games/{id}/journal")).map_err(|e| e.on_not_found("unknown_game", || no_game(id)))?;
    let listing = reply.decode()?;
    Ok((reply.body, listing))
}

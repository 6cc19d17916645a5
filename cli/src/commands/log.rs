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
        // Whose events are whose: private events are worded to the seat they were told to.
        let me = super::fetch_game(&client, args.game)?.1.summary.my_seat;
        let mut text = output::journal_text(&listing, me, ctx.lang, ctx.width);
        text.push_str(&super::say::messages_text(&super::say::fetch_messages(&client, args.game, 0)?, ctx.lang));
        out(&text);
    }
    Ok(())
}

/// Entries asked for per request: the server's largest page.
const PAGE: u64 = 1000;

/// The whole journal, page after page, as one listing (and as JSON, for `--json`).
pub fn fetch_journal(client: &Client, id: i64) -> Result<(serde_json::Value, JournalListing)> {
    let page = |after: Option<u64>| -> Result<JournalListing> {
        let query = match after {
            Some(after) => format!("after={after}&limit={PAGE}"),
            None => format!("limit={PAGE}"),
        };
        let reply = client
            .get(&format!("/games/{id}/journal?{query}"))
            .map_err(|e| e.on_not_found("unknown_game", || no_game(id)))?;
        reply.decode()
    };
    let mut listing = page(None)?;
    while let Some(after) = listing.next.take() {
        let more = page(Some(after))?;
        listing.entries.extend(more.entries);
        for key in more.keys {
            if !listing.keys.iter().any(|k| k.kid == key.kid) {
                listing.keys.push(key);
            }
        }
        // The game may have moved on meanwhile (ended, revealing its seed): the last page says how it stands.
        listing.seed = more.seed;
        listing.seats = more.seats;
        listing.next = more.next;
    }
    let raw = serde_json::to_value(&listing).expect("a listing serialises");
    Ok((raw, listing))
}

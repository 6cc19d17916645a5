//! `tegami watch <game>`: print the board and the new journal entries whenever the game moves, woken by the
//! game's event stream (or, against an older server without one, polling). With `--json`, one compact
//! `GameDetail` per line each time it changes.

use std::time::Duration;

use shared::api_types::GameStatus;

use super::log::fetch_journal;
use super::{Ctx, fetch_game, game_text, out};
use crate::args::WatchArgs;
use crate::error::Result;
use crate::feed::Feed;
use crate::output;

pub fn exec(ctx: &Ctx, args: &WatchArgs) -> Result<()> {
    let client = ctx.optional_auth()?;
    let id = args.game;
    let mut last_hash: Option<String> = None;
    // Entries already told: the journal has `entries` entries, seq 0 .. entries-1.
    let mut told: u64 = 0;
    let feed = Feed::open(&client, &format!("/games/{id}/events"))
        .map_err(|e| e.on_not_found("unknown_game", || super::no_game(id)))?;
    loop {
        let (raw, detail) = fetch_game(&client, id)?;
        if last_hash.as_deref() != Some(detail.head_hash.as_str()) {
            let mut text = String::new();
            if ctx.json {
                // One compact GameDetail per line (JSON lines), each time the game changes.
                text.push_str(&serde_json::to_string(&raw).expect("JSON serialises"));
                text.push('\n');
            } else {
                if last_hash.is_some() {
                    let (_, listing) = fetch_journal(&client, id)?;
                    let new: Vec<_> = listing.entries.iter().filter(|e| e.seq >= told).cloned().collect();
                    text.push('\n');
                    text.push_str(&output::journal_entries_text(&listing, &new, ctx.lang));
                    text.push('\n');
                }
                text.push_str(&game_text(ctx, &client, &detail)?);
            }
            out(&text);
            last_hash = Some(detail.head_hash.clone());
            told = detail.summary.entries;
        }
        if detail.summary.status == GameStatus::Finished {
            return Ok(());
        }
        if args.until_my_turn && !detail.my_pending.is_empty() {
            return Ok(());
        }
        match &feed {
            // Any event of this game is a change worth a look.
            Some(feed) => {
                feed.next(None)?;
            }
            None => std::thread::sleep(Duration::from_secs(args.interval)),
        }
    }
}

//! `tegami watch <game>`: print the board and the new journal entries whenever the game moves, woken by the
//! game's event stream (or, against an older server without one, polling). With `--json`, one compact
//! `GameDetail` per line each time it changes.

use catalog::t;
use std::time::Duration;

use shared::api_types::{GameDetail, GameStatus, SeatKind};

use super::log::fetch_journal;
use super::{Ctx, fetch_game, game_text, out};
use crate::args::WatchArgs;
use crate::error::{CliError, Result};
use crate::feed::Feed;
use crate::output;

pub fn exec(ctx: &Ctx, args: &WatchArgs) -> Result<()> {
    let client = ctx.optional_auth()?;
    let id = args.game;
    let mut last_hash: Option<String> = None;
    // Entries already told: the journal has `entries` entries, seq 0 .. entries-1.
    let mut told: u64 = 0;
    let mut told_no_seat = false;
    // The last message printed (messages are events too: they wake the loop without moving the game).
    let mut last_message: i64 = 0;
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
                    let me = detail.summary.my_seat;
                    text.push_str(&output::journal_entries_text(&listing, &new, me, ctx.lang, ctx.width));
                    text.push('\n');
                }
                text.push_str(&game_text(ctx, &client, &detail)?);
            }
            out(&text);
            last_hash = Some(detail.head_hash.clone());
            told = detail.summary.entries;
        }
        if !ctx.json {
            let messages = super::say::fetch_messages(&client, id, last_message)?;
            if let Some(last) = messages.last() {
                last_message = last.id;
                out(&messages.iter().map(|m| super::say::message_line(m, ctx.lang)).collect::<String>());
            }
        }
        if detail.summary.status == GameStatus::Finished {
            return Ok(());
        }
        if args.until_my_turn && !detail.my_pending.is_empty() {
            return Ok(());
        }
        if args.until_my_turn && detail.summary.my_seat.is_none() && !has_free_seat(&detail) {
            // Nothing will ever be mine here: say so rather than wait for ever, or leave without a word.
            return Err(CliError::refused(t!(ctx.lang, "cli-watch-not-yours", game = id.to_string()))
                .with_help(t!(ctx.lang, "cli-watch-not-yours-help")));
        }
        if args.until_my_turn && detail.summary.my_seat.is_none() {
            // Waiting for a seat of my own: tell why nothing is printed yet, once.
            if !told_no_seat {
                super::err(&output::wrapped(
                    &t!(ctx.lang, "cli-watch-no-seat-yet", game = id.to_string()),
                    ctx.width,
                    2,
                ));
                told_no_seat = true;
            }
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

/// Whether someone may still take a seat (an open one, or one kept for an invited address).
fn has_free_seat(detail: &GameDetail) -> bool {
    detail.summary.seats.iter().any(|s| matches!(s.kind, SeatKind::Open | SeatKind::Invited))
}

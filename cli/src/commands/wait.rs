//! `tegami wait [GAME]`: block until a decision is mine (in GAME, or in any of my games), then print the game
//! as `tegami show` does (`--json`: its `GameDetail`). Follows the server's event stream; against an older
//! server without one, polls. Exit codes: 0 my turn, 7 the game is over (without GAME: none of my games is
//! still running), 8 `--timeout` passed; the usual codes otherwise.

use catalog::t;
use std::time::{Duration, Instant};

use serde_json::Value;
use shared::api_types::{GameDetail, GameStatus, GameSummary};

use super::{Ctx, fetch_game, game_text, out};
use crate::args::WaitArgs;
use crate::client::Client;
use crate::error::{CliError, Result};
use crate::feed::{Feed, Next};

/// Polling interval against a server without event streams.
const POLL: Duration = Duration::from_secs(5);

pub fn exec(ctx: &Ctx, args: &WaitArgs) -> Result<()> {
    let client = ctx.authed()?;
    let deadline = args.timeout.map(|secs| Instant::now() + Duration::from_secs(secs));
    let path = match args.game {
        Some(id) => format!("/games/{id}/events"),
        None => "/events".to_string(),
    };
    // Opened before looking: whatever changes after the look arrives on the feed.
    let feed = Feed::open(&client, &path).map_err(|e| match args.game {
        Some(id) => e.on_not_found("unknown_game", || super::no_game(id)),
        None => e,
    })?;
    loop {
        if let Some((raw, detail)) = look(&client, args.game)? {
            return show(ctx, &client, &raw, &detail);
        }
        match &feed {
            Some(feed) => loop {
                match feed.next(deadline)? {
                    Next::TimedOut => return Err(timed_out(args)),
                    // Only a change that asks something of me, or ends a game, is worth another look.
                    Next::Event(event) if !event.my_pending.is_empty() || event.status == GameStatus::Finished => break,
                    Next::Event(_) => {}
                }
            },
            None => {
                let nap = deadline.map_or(POLL, |d| POLL.min(d.saturating_duration_since(Instant::now())));
                if nap.is_zero() {
                    return Err(timed_out(args));
                }
                std::thread::sleep(nap);
            }
        }
    }
}

fn timed_out(args: &WaitArgs) -> CliError {
    let lang = crate::i18n::lang();
    let secs = args.timeout.unwrap_or_default();
    CliError::TimedOut(match args.game {
        Some(id) => t!(lang, "cli-wait-timed-out-game", game = id.to_string(), secs = secs),
        None => t!(lang, "cli-wait-timed-out", secs = secs),
    })
}

/// The game (raw and decoded) where a decision is mine now; `Err(GameOver)` when none can come any more.
fn look(client: &Client, game: Option<i64>) -> Result<Option<(Value, GameDetail)>> {
    match game {
        Some(id) => {
            let (raw, detail) = fetch_game(client, id)?;
            let lang = crate::i18n::lang();
            let game = id.to_string();
            if detail.summary.status == GameStatus::Finished {
                return Err(CliError::GameOver(t!(lang, "cli-wait-game-over", game = game)));
            }
            if detail.summary.my_seat.is_none() {
                return Err(CliError::refused(t!(lang, "cli-wait-not-a-player", game = game))
                    .with_help(t!(lang, "cli-wait-not-a-player-help")));
            }
            Ok((!detail.my_pending.is_empty()).then_some((raw, detail)))
        }
        None => {
            let games: Vec<GameSummary> = client.get("/games")?.decode()?;
            if let Some(mine) = games.iter().find(|g| g.my_turn) {
                return fetch_game(client, mine.id).map(Some);
            }
            if games.iter().all(|g| g.status == GameStatus::Finished) {
                return Err(CliError::GameOver(t!(crate::i18n::lang(), "cli-wait-none-running")));
            }
            Ok(None)
        }
    }
}

fn show(ctx: &Ctx, client: &Client, raw: &Value, detail: &GameDetail) -> Result<()> {
    if ctx.json {
        out(&format!("{}\n", serde_json::to_string(raw).expect("JSON serialises")));
    } else {
        out(&format!("{}\n", game_text(ctx, client, detail)?));
    }
    Ok(())
}

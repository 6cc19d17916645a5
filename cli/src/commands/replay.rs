//! `tegami replay <game>`: steps through a game entry by entry, as you could see it at each point (← and →),
//! or prints the steps one after another for scripts. `tegami show <game> --at N` prints one of them.

use std::io::IsTerminal;

use serde_json::Value;
use shared::api_types::GameAt;
use shared::registry;

use super::{Ctx, no_game, out, out_json, unprompted};
use crate::args::ReplayArgs;
use crate::client::Client;
use crate::error::{CliError, Result};
use crate::output;

/// `GET /games/{id}/replay?at=N`: the raw JSON and the decoded step.
pub fn fetch_at(client: &Client, id: i64, at: u64) -> Result<(Value, GameAt)> {
    let reply = client
        .get_query(&format!("/games/{id}/replay"), &[("at", at.to_string())])
        .map_err(|e| e.on_not_found("unknown_game", || no_game(id)))?;
    let step = reply.decode()?;
    Ok((reply.body, step))
}

/// One step: where it is in the journal, what that entry told you, the header, the board and (when the game was
/// over by then) the result.
pub fn step_text(ctx: &Ctx, client: &Client, step: &GameAt) -> Result<String> {
    let lang = ctx.lang;
    let detail = &step.game;
    let mut text = catalog::t!(lang, "replay-step", at = step.at, last = step.last);
    text.push('\n');
    text.push_str(&output::events_text(&step.events, lang, ctx.width));
    text.push('\n');
    text.push_str(&output::game_header(detail, &unprompted(detail), lang, ctx.width));
    text.push('\n');
    let rendered =
        registry::game(&detail.summary.slug).map(|g| g.render(&detail.view.value(), &ctx.render_context(detail)));
    let mut board = match rendered {
        Some(Ok(board)) => board,
        // Unknown to this build: the server draws the board as it was then.
        _ => {
            let mut query = vec![
                ("lang", catalog::code(lang).to_string()),
                ("width", ctx.width.clamp(40, 200).to_string()),
                ("at", step.at.to_string()),
            ];
            query.extend(ctx.region.clone().map(|r| ("region", r)));
            client.get_text(&format!("/games/{}/board", detail.summary.id), &query)?
        }
    };
    if !board.ends_with('\n') {
        board.push('\n');
    }
    text.push_str(&board);
    if let Some(outcome) = &detail.outcome {
        text.push('\n');
        text.push_str(&output::outcome_text(outcome, &detail.summary.seats, lang, ctx.width));
        text.extend(output::winners_line(&detail.standings, ctx.lang));
    }
    Ok(text)
}

/// `tegami show <game> --at N`.
pub fn show_at(ctx: &Ctx, game: i64, at: u64) -> Result<()> {
    let client = ctx.optional_auth()?;
    let (raw, step) = fetch_at(&client, game, at)?;
    if ctx.json {
        out_json(&raw);
    } else {
        out(&step_text(ctx, &client, &step)?);
    }
    Ok(())
}

pub fn exec(ctx: &Ctx, args: &ReplayArgs) -> Result<()> {
    let client = ctx.optional_auth()?;
    let (_, first) = fetch_at(&client, args.game, args.from.unwrap_or(0))?;
    let last = args.to.unwrap_or(first.last).min(first.last);
    let interactive = !args.print && !ctx.json && std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    if interactive {
        step_through(ctx, &client, args.game, first, last)
    } else {
        print_steps(ctx, &client, args.game, first, last)
    }
}

/// Every step from the first to `last`, one after another (`--json`: one JSON document a line).
fn print_steps(ctx: &Ctx, client: &Client, game: i64, first: GameAt, last: u64) -> Result<()> {
    let mut step = first;
    loop {
        if ctx.json {
            out(&format!("{}\n", serde_json::to_string(&step).expect("API types serialise")));
        } else {
            out(&step_text(ctx, client, &step)?);
            out("\n");
        }
        if step.at >= last {
            return Ok(());
        }
        step = fetch_at(client, game, step.at + 1)?.1;
    }
}

/// What a key asks of the interactive replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Key {
    Back,
    Forward,
    First,
    Last,
    Quit,
}

fn key(event: &crossterm::event::KeyEvent) -> Option<Key> {
    use crossterm::event::{KeyCode, KeyEventKind, KeyModifiers};
    if event.kind == KeyEventKind::Release {
        return None;
    }
    match event.code {
        KeyCode::Char('c') if event.modifiers.contains(KeyModifiers::CONTROL) => Some(Key::Quit),
        KeyCode::Left | KeyCode::Char('h' | 'p') | KeyCode::Backspace => Some(Key::Back),
        KeyCode::Right | KeyCode::Char('l' | 'n' | ' ') | KeyCode::Enter => Some(Key::Forward),
        KeyCode::Home | KeyCode::Char('g') => Some(Key::First),
        KeyCode::End | KeyCode::Char('G') => Some(Key::Last),
        KeyCode::Esc | KeyCode::Char('q') => Some(Key::Quit),
        _ => None,
    }
}

/// Where a key moves from `at` within 0..=`last`.
fn target(at: u64, last: u64, key: Key) -> u64 {
    match key {
        Key::Back => at.saturating_sub(1),
        Key::Forward => (at + 1).min(last),
        Key::First => 0,
        Key::Last | Key::Quit => last,
    }
}

/// Shows one step at a time, moving on the arrow keys, until `q`.
fn step_through(ctx: &Ctx, client: &Client, game: i64, first: GameAt, last: u64) -> Result<()> {
    let terminal_error = |e: std::io::Error| CliError::local(format!("cannot read keys from the terminal: {e}"));
    let mut step = first;
    loop {
        // The board is drawn in cooked mode (plain line ends); only the wait for a key is raw.
        out("\x1b[2J\x1b[H");
        out(&step_text(ctx, client, &step)?);
        out(&format!("\n{}\n", catalog::t!(ctx.lang, "replay-keys")));
        crossterm::terminal::enable_raw_mode().map_err(terminal_error)?;
        let pressed = loop {
            match crossterm::event::read() {
                Ok(crossterm::event::Event::Key(event)) => {
                    if let Some(k) = key(&event) {
                        break Ok(k);
                    }
                }
                Ok(_) => {}
                Err(e) => break Err(e),
            }
        };
        crossterm::terminal::disable_raw_mode().map_err(terminal_error)?;
        let pressed = pressed.map_err(terminal_error)?;
        if pressed == Key::Quit {
            return Ok(());
        }
        let next = target(step.at, last, pressed);
        if next != step.at {
            step = fetch_at(client, game, next)?.1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Key, target};

    #[test]
    fn keys_move_within_the_journal() {
        assert_eq!(target(0, 5, Key::Back), 0);
        assert_eq!(target(3, 5, Key::Back), 2);
        assert_eq!(target(5, 5, Key::Forward), 5);
        assert_eq!(target(3, 5, Key::Forward), 4);
        assert_eq!(target(3, 5, Key::First), 0);
        assert_eq!(target(1, 5, Key::Last), 5);
    }
}

//! `tegami play <game> <move...>`: parse the move against my view, sign it, send it.

use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::Value;
use shared::api_types::{GameDetail, GameStatus, MoveAccepted, MoveClaims, PendingInfo, SubmitMoveRequest};
use shared::engine::Pending;
use shared::registry::{self, ParseActionError};

use super::{Ctx, board, fetch_game, fetch_moves, out, out_json};
use crate::args::PlayArgs;
use crate::client::Client;
use crate::error::{CliError, Refusal, Result};
use crate::output;

pub fn exec(ctx: &Ctx, args: &PlayArgs) -> Result<()> {
    let client = ctx.authed()?;
    let id = args.game;
    let (_, detail) = fetch_game(&client, id)?;
    let seat = playable_seat(&detail)?;
    let chosen = pick_decision(id, &detail.my_pending, args.decision.as_deref())?;
    let text = args.words.join(" ");
    let action = if args.raw {
        serde_json::from_str::<Value>(&text)
            .map_err(|e| CliError::usage(format!("`{text}` is not JSON ({e}); drop `--raw` to type notation")))?
    } else {
        parse_move(ctx, &client, &detail, seat, chosen, &text)?
    };
    let key = ctx.config.key()?.ok_or_else(|| {
        CliError::not_logged_in(format!(
            "no signing key in `{}`; run `tegami login` to create and register one",
            ctx.config.path().display()
        ))
    })?;
    let claims = MoveClaims { game: id, seat, decision: chosen.decision.clone(), action, iat: now() };
    let signed = key.sign(&claims).map_err(|e| CliError::local(e.to_string()))?;
    if args.print_signed {
        out(&format!("{signed}\n"));
        return Ok(());
    }
    let reply =
        client.post(&format!("/games/{id}/moves"), &SubmitMoveRequest { signed_move: signed }).map_err(|e| {
            let help = match &e {
                CliError::Refused(r) if r.status == Some(403) => {
                    "if your signing key is not registered, run `tegami login`".to_string()
                }
                CliError::Refused(r) if r.status == Some(409) => {
                    format!("run `tegami show {id}` to see what is pending now")
                }
                _ => format!("run `tegami moves {id}` to list the legal moves"),
            };
            e.with_help(help)
        })?;
    if ctx.json {
        out_json(&reply.body);
        return Ok(());
    }
    let accepted: MoveAccepted = reply.decode()?;
    let mut out_text = String::new();
    if accepted.duplicate {
        out_text.push_str(&format!("this move was already accepted (entry {})\n", accepted.seq));
    }
    out_text.push_str(&output::events_text(&accepted.events, ctx.lang));
    if args.show {
        out_text.push('\n');
        out_text.push_str(&board(ctx, &client, &accepted.game)?);
    }
    out_text.push_str(&after_move(&accepted.game));
    out(&out_text);
    Ok(())
}

/// My seat in a game that can take a move now.
fn playable_seat(detail: &GameDetail) -> Result<u8> {
    let id = detail.summary.id;
    let seat = detail.summary.my_seat.ok_or_else(|| {
        CliError::refused(format!("you do not play in game `{id}`"))
            .with_help(format!("take a seat with `tegami join {id}`"))
    })?;
    match detail.summary.status {
        GameStatus::Active => Ok(seat),
        GameStatus::Waiting => Err(CliError::refused(format!("game `{id}` has not started: seats are still open"))
            .with_help(format!("run `tegami show {id}` to see who is missing"))),
        GameStatus::Finished => Err(CliError::refused(format!("game `{id}` is over"))
            .with_help(format!("run `tegami show {id}` for the result"))),
    }
}

fn describe(pending: &[PendingInfo]) -> String {
    pending.iter().map(|p| format!("`{}` ({})", p.decision, p.kind)).collect::<Vec<_>>().join(", ")
}

/// The decision a move answers: the only one that is mine, or the one named by `--decision`.
pub fn pick_decision<'a>(game: i64, mine: &'a [PendingInfo], wanted: Option<&str>) -> Result<&'a PendingInfo> {
    if let Some(wanted) = wanted {
        return mine.iter().find(|p| p.decision == wanted).ok_or_else(|| {
            let refusal = CliError::refused(format!("decision `{wanted}` is not yours to answer in game `{game}` now"));
            if mine.is_empty() {
                refusal.with_help(format!("run `tegami show {game}` to see what is pending"))
            } else {
                refusal.with_help(format!("yours now: {}", describe(mine)))
            }
        });
    }
    match mine {
        [] => Err(CliError::refused(format!("it is not your turn in game `{game}`"))
            .with_help(format!("run `tegami watch {game} --until-my-turn` to wait for it"))),
        [only] => Ok(only),
        several => Err(CliError::usage(format!(
            "you have {} decisions pending in game `{game}`; choose one with `--decision <id>`: {}",
            several.len(),
            describe(several)
        ))),
    }
}

fn parse_move(
    ctx: &Ctx,
    client: &Client,
    detail: &GameDetail,
    seat: u8,
    chosen: &PendingInfo,
    text: &str,
) -> Result<Value> {
    let slug = &detail.summary.slug;
    let game = registry::game(slug).ok_or_else(|| {
        CliError::local(format!(
            "this tegami was built without the game `{slug}`; type the move's JSON form with `--raw`"
        ))
    })?;
    let pending = Pending {
        id: chosen.decision.clone(),
        seat,
        kind: chosen.kind.clone(),
        mode: chosen.mode.clone(),
        public: chosen.seat.is_some(),
    };
    match game.parse_action(&detail.view, &pending, text) {
        Ok(action) => Ok(action),
        Err(ParseActionError::Notation(e)) => {
            // Best effort: list the legal answers to this decision.
            let allowed = fetch_moves(client, detail.summary.id)
                .map(|(_, moves)| {
                    moves
                        .into_iter()
                        .filter(|m| m.decision.decision == chosen.decision)
                        .flat_map(|m| m.choices.options.into_iter().map(|o| o.notation))
                        .collect()
                })
                .unwrap_or_default();
            Err(CliError::Refused(Refusal {
                status: None,
                code: Some("bad_notation".into()),
                message: e.0.get(ctx.lang).to_string(),
                allowed,
                help: Some(format!("run `tegami moves {}` for the prompt and the notation", detail.summary.id)),
            }))
        }
        Err(ParseActionError::Shape(e)) => Err(CliError::network(format!(
            "the server's view of the game does not fit this tegami ({e}); are client and server the same version?"
        ))),
    }
}

/// What now: my turn again, the game's end, or whom we wait for.
fn after_move(detail: &GameDetail) -> String {
    let id = detail.summary.id;
    if detail.summary.status == GameStatus::Finished {
        return format!("game `{id}` is over; run `tegami show {id}` for the result\n");
    }
    if !detail.my_pending.is_empty() {
        return format!("your turn again: run `tegami moves {id}`\n");
    }
    if detail.pending.is_empty() {
        return String::new();
    }
    format!("waiting for: {}\n", output::waiting_for(&detail.pending, &detail.summary.seats))
}

fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shared::engine::Mode;

    fn p(id: &str) -> PendingInfo {
        PendingInfo { decision: id.into(), seat: Some(0), kind: "play".into(), mode: Mode::Alone }
    }

    #[test]
    fn the_only_decision_is_picked() {
        let mine = vec![p("d1")];
        assert_eq!(pick_decision(3, &mine, None).unwrap().decision, "d1");
        assert_eq!(pick_decision(3, &mine, Some("d1")).unwrap().decision, "d1");
    }

    #[test]
    fn several_decisions_need_a_choice() {
        let mine = vec![p("d1"), p("d2")];
        let err = pick_decision(3, &mine, None).unwrap_err();
        assert_eq!(err.exit_code(), 2);
        assert_eq!(
            err.to_string(),
            "you have 2 decisions pending in game `3`; choose one with `--decision <id>`: `d1` (play), `d2` (play)"
        );
        assert_eq!(pick_decision(3, &mine, Some("d2")).unwrap().decision, "d2");
        let err = pick_decision(3, &mine, Some("d9")).unwrap_err();
        assert_eq!(err.exit_code(), 3);
        assert!(err.report().contains("help: yours now: `d1` (play), `d2` (play)"), "{}", err.report());
    }

    #[test]
    fn no_decision_means_not_my_turn() {
        let err = pick_decision(3, &[], None).unwrap_err();
        assert_eq!(err.exit_code(), 3);
        assert_eq!(err.to_string(), "it is not your turn in game `3`");
    }
}

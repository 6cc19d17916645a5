//! `tegami play <game> <move...>`: parse the move against my view, sign it, send it.

use catalog::t;
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
            .map_err(|e| CliError::usage(t!(ctx.lang, "cli-play-raw-not-json", text = &text, error = e.to_string())))?
    } else {
        parse_move(ctx, &client, &detail, seat, chosen, &text)?
    };
    let key = ctx.config.key()?.ok_or_else(|| {
        CliError::not_logged_in(t!(ctx.lang, "cli-play-no-key", dir = ctx.config.path().display().to_string()))
    })?;
    let claims = MoveClaims { game: id, seat, decision: chosen.decision.clone(), action, iat: now() };
    let signed = key.sign(&claims).map_err(|e| CliError::local(e.to_string()))?;
    if args.print_signed {
        out(&format!("{signed}\n"));
        return Ok(());
    }
    let reply =
        client.post(&format!("/games/{id}/moves"), &SubmitMoveRequest { signed_move: signed }).map_err(|e| {
            let game = id.to_string();
            let help = match &e {
                CliError::Refused(r) if r.status == Some(403) => t!(ctx.lang, "cli-play-help-key"),
                CliError::Refused(r) if r.status == Some(409) => t!(ctx.lang, "cli-play-help-pending", game = game),
                _ => t!(ctx.lang, "cli-play-help-moves", game = game),
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
        out_text.push_str(&output::wrapped(
            &t!(ctx.lang, "cli-play-duplicate", entry = accepted.seq.to_string()),
            ctx.width,
            2,
        ));
    }
    out_text.push_str(&output::events_text(&accepted.events, ctx.lang, ctx.width));
    if args.show {
        out_text.push('\n');
        out_text.push_str(&board(ctx, &client, &accepted.game)?);
    }
    let after = after_move(&accepted.game, ctx.lang);
    if !after.is_empty() {
        out_text.push_str(&output::wrapped(&after, ctx.width, 2));
    }
    out(&out_text);
    Ok(())
}

/// My seat in a game that can take a move now.
fn playable_seat(detail: &GameDetail) -> Result<u8> {
    let lang = crate::i18n::lang();
    let game = detail.summary.id.to_string();
    let seat = detail.summary.my_seat.ok_or_else(|| {
        CliError::refused(t!(lang, "cli-play-not-a-player", game = &game)).with_help(t!(
            lang,
            "cli-play-not-a-player-help",
            game = &game
        ))
    })?;
    match detail.summary.status {
        GameStatus::Active => Ok(seat),
        GameStatus::Waiting => Err(CliError::refused(t!(lang, "cli-play-not-started", game = &game)).with_help(t!(
            lang,
            "cli-play-not-started-help",
            game = &game
        ))),
        GameStatus::Finished => Err(CliError::refused(t!(lang, "cli-play-over", game = &game)).with_help(t!(
            lang,
            "cli-play-over-help",
            game = &game
        ))),
    }
}

fn describe(pending: &[PendingInfo]) -> String {
    pending.iter().map(|p| format!("`{}` ({})", p.decision, p.kind)).collect::<Vec<_>>().join(", ")
}

/// The decision a move answers: the only one that is mine, or the one named by `--decision`.
pub fn pick_decision<'a>(game: i64, mine: &'a [PendingInfo], wanted: Option<&str>) -> Result<&'a PendingInfo> {
    let lang = crate::i18n::lang();
    let game = game.to_string();
    if let Some(wanted) = wanted {
        return mine.iter().find(|p| p.decision == wanted).ok_or_else(|| {
            let refusal = CliError::refused(t!(lang, "cli-play-not-your-decision", decision = wanted, game = &game));
            if mine.is_empty() {
                refusal.with_help(t!(lang, "cli-play-help-pending", game = &game))
            } else {
                refusal.with_help(t!(lang, "cli-play-yours-now", decisions = describe(mine)))
            }
        });
    }
    match mine {
        [] => Err(CliError::refused(t!(lang, "cli-play-not-your-turn", game = &game)).with_help(t!(
            lang,
            "cli-play-not-your-turn-help",
            game = &game
        ))),
        [only] => Ok(only),
        several => Err(CliError::usage(t!(
            lang,
            "cli-play-several",
            count = several.len(),
            game = &game,
            decisions = describe(several)
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
    let game =
        registry::game(slug).ok_or_else(|| CliError::local(t!(ctx.lang, "cli-play-unknown-game", slug = slug)))?;
    let pending = Pending {
        id: chosen.decision.clone(),
        seat,
        kind: chosen.kind.clone(),
        mode: chosen.mode.clone(),
        public: chosen.seat.is_some(),
    };
    match game.parse_action(&detail.view.value(), &pending, text) {
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
                help: Some(t!(ctx.lang, "cli-play-help-notation", game = detail.summary.id.to_string())),
            }))
        }
        Err(ParseActionError::Shape(e)) => {
            Err(CliError::network(t!(ctx.lang, "cli-play-view-mismatch", error = e.to_string())))
        }
    }
}

/// What now: my turn again, the game's end, or whom we wait for.
fn after_move(detail: &GameDetail, lang: shared::engine::Lang) -> String {
    let game = detail.summary.id.to_string();
    if detail.summary.status == GameStatus::Finished {
        return t!(lang, "cli-play-game-over", game = game);
    }
    if !detail.my_pending.is_empty() {
        return t!(lang, "cli-play-again", game = game);
    }
    if detail.pending.is_empty() {
        return String::new();
    }
    t!(lang, "cli-header-waiting-for", who = output::waiting_for(&detail.pending, &detail.summary.seats, lang))
}

fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shared::engine::Mode;

    fn p(id: &str) -> PendingInfo {
        PendingInfo { decision: id.into(), seat: Some(0), kind: "play".into(), mode: Mode::Alone, deadline: None }
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

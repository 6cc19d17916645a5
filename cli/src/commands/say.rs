//! `tegami say <game> <text>…` writes at a game's table (or privately with `--to`); `tegami note <game>`
//! shows or replaces my private note on it. Also the messages as `show`, `watch` and `log` print them.

use shared::api_types::{MessageListing, Note, TalkMessage};
use shared::engine::Lang;

use super::{Ctx, no_game, out, out_json};
use crate::args::{NoteArgs, SayArgs};
use crate::client::Client;
use crate::error::{CliError, Result};
use crate::sanitize;

pub fn exec(ctx: &Ctx, args: &SayArgs) -> Result<()> {
    let id = args.game;
    let client = ctx.authed()?;
    let text = args.words.join(" ");
    let mut body = serde_json::json!({ "text": text });
    if let Some(to) = args.to {
        body["to"] = serde_json::json!(to);
    }
    let reply = client
        .post(&format!("/games/{id}/messages"), &body)
        .map_err(|e| e.on_not_found("unknown_game", || no_game(id)))?;
    if ctx.json {
        out_json(&reply.body);
        return Ok(());
    }
    let message: TalkMessage = reply.decode()?;
    let said = match message.to {
        Some(to) => catalog::t!(ctx.lang, "talk-cli-sent-private", game = id, to = to),
        None => catalog::t!(ctx.lang, "talk-cli-sent", game = id),
    };
    out(&format!("{said}\n"));
    Ok(())
}

pub fn note(ctx: &Ctx, args: &NoteArgs) -> Result<()> {
    let id = args.game;
    let client = ctx.authed()?;
    let reply = if args.clear || !args.words.is_empty() {
        let text = if args.clear { String::new() } else { args.words.join(" ") };
        client.put(&format!("/games/{id}/note"), &serde_json::json!({ "text": text }))
    } else {
        client.get(&format!("/games/{id}/note"))
    }
    .map_err(|e| e.on_not_found("unknown_game", || no_game(id)))?;
    if ctx.json {
        out_json(&reply.body);
        return Ok(());
    }
    let note: Note = reply.decode()?;
    out(&if note.text.is_empty() {
        format!("{}\n", catalog::t!(ctx.lang, "talk-cli-no-note", game = id))
    } else {
        format!("{}\n", sanitize::terminal(&note.text))
    });
    Ok(())
}

/// The messages of game `id` I may read after message `after`, every page; none where the creator keeps
/// the talk to the players and I do not play.
pub fn fetch_messages(client: &Client, id: i64, after: i64) -> Result<Vec<TalkMessage>> {
    let mut messages = Vec::new();
    let mut after = after;
    loop {
        let reply = match client.get(&format!("/games/{id}/messages?after={after}&limit=500")) {
            Ok(reply) => reply,
            Err(CliError::Refused(r)) if r.code.as_deref() == Some("talk_closed") => return Ok(messages),
            Err(e) => return Err(e.on_not_found("unknown_game", || no_game(id))),
        };
        let page: MessageListing = reply.decode()?;
        messages.extend(page.messages);
        match page.next {
            Some(next) => after = next,
            None => return Ok(messages),
        }
    }
}

/// Messages as lines for a terminal, under a heading; nothing when there are none.
pub fn messages_text(messages: &[TalkMessage], lang: Lang) -> String {
    if messages.is_empty() {
        return String::new();
    }
    let mut text = catalog::t!(lang, "talk-cli-heading");
    text.push('\n');
    for m in messages {
        text.push_str(&message_line(m, lang));
    }
    text
}

/// One message: who wrote it when (and to whom), then its text, every line of it indented.
pub fn message_line(m: &TalkMessage, lang: Lang) -> String {
    let author = sanitize::inline(&m.author).into_owned();
    let at = m.at.get(..16).unwrap_or(&m.at).replace('T', " ");
    let head = match m.to {
        Some(to) => catalog::t!(lang, "talk-cli-private-line", at = at, author = author, seat = m.seat, to = to),
        None => catalog::t!(lang, "talk-cli-line", at = at, author = author, seat = m.seat),
    };
    let mut text = format!("  {head}\n");
    for line in sanitize::terminal(&m.text).lines() {
        text.push_str(&format!("    {line}\n"));
    }
    text
}
